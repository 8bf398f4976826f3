// The site config file: defaults, DATABASE_URL, a .js config, and clear errors for bad ones.
import { describe, expect, it } from "vitest";
import { loadConfig, parseConfig } from "../datasources/config.js";
import { site } from "./helpers.js";

describe("site config", () => {
  it("defaults to one embedded datasource, main", async () => {
    const c = await loadConfig(site({}), {});
    expect(c.defaultDatasource).toBe("main");
    expect(c.datasources.main).toEqual({
      name: "main", url: null, strategy: "pool", min: 0, max: 10, acquireTimeoutMs: 5000, idleTimeoutMs: 30000, maxWaiting: 1000, statementTimeoutMs: 30000,
    });
  });

  it("DATABASE_URL overrides the default datasource only", async () => {
    const root = site({ "quarry.config.json": JSON.stringify({ datasources: { a: { url: "postgres://a/a" }, b: {} }, defaultDatasource: "b" }) });
    const c = await loadConfig(root, { DATABASE_URL: "postgres://env/db" });
    expect([c.datasources.a!.url, c.datasources.b!.url]).toEqual(["postgres://a/a", "postgres://env/db"]);
  });

  it("reads quarry.config.js", async () => {
    const root = site({ "quarry.config.js": 'export default { datasources: { main: { strategy: "single" } }, sessionTimeoutMinutes: 5 };' });
    const c = await loadConfig(root, {});
    expect([c.datasources.main!.strategy, c.sessionTimeoutMinutes]).toEqual(["single", 5]);
  });

  it.each([
    [{ datasources: { main: { strategy: "fast" } } }, "f: datasources.main.strategy must be one of pool, single, per-request, got \"fast\""],
    [{ datasources: { main: { max: 0 } } }, "f: datasources.main.max must be an integer of 1 or more, got 0"],
    [{ datasources: { main: { min: 5, max: 2 } } }, "f: datasources.main.min (5) is larger than max (2)"],
    [{ datasources: { main: { pool: 3 } } }, "f: unknown setting datasources.main.pool (known: url, strategy, min, max, acquireTimeoutMs, idleTimeoutMs, maxWaiting, statementTimeoutMs)"],
    [{ datasource: {} }, "f: unknown setting datasource (known: datasources, defaultDatasource, "],
    [{ dataDir: 3 }, "f: dataDir must be a folder path"],
    [{ defaultDatasource: "x" }, 'f: defaultDatasource "x" is not one of the datasources (main)'],
    [{ secret: "short" }, "f: secret must be a string of 16 or more characters"],
  ])("refuses %j", (raw, message) => {
    expect(() => parseConfig(raw as Record<string, unknown>, "f", {})).toThrow(message);
  });

  it("names the file of a broken JSON config", async () => {
    const root = site({ "quarry.config.json": "{ nope" });
    await expect(loadConfig(root, {})).rejects.toThrow(/quarry\.config\.json: /);
  });
});
