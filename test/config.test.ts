// The site config file: defaults, DATABASE_URL, a .js config, and clear errors for bad ones.
import { describe, expect, it } from "vitest";
import { loadConfig, parseConfig } from "../datasources/config.js";
import { site } from "./helpers.js";

describe("site config", () => {
  it("defaults to one embedded datasource, main", async () => {
    const c = await loadConfig(site({}), {});
    expect(c.defaultDatasource).toBe("main");
    expect(c.datasources.main).toEqual({
      name: "main",
      url: null,
      strategy: "pipeline",
      min: 0,
      max: 10,
      acquireTimeoutMs: 5000,
      idleTimeoutMs: 30000,
      maxWaiting: 1000,
      statementTimeoutMs: 30000,
      queryTimeoutMs: 31000,
      validateAfterIdleMs: 10000,
      preparedStatements: true,
      pipelineConnections: 2,
    });
  });

  it("queryTimeoutMs follows statementTimeoutMs (plus 1 s) unless set; none without a statement timeout", () => {
    const ds = (raw: Record<string, unknown>) =>
      parseConfig({ datasources: { main: raw } }, "f", {}).datasources.main!.queryTimeoutMs;
    expect([
      ds({ statementTimeoutMs: 2000 }),
      ds({ statementTimeoutMs: 0 }),
      ds({ statementTimeoutMs: 2000, queryTimeoutMs: 9000 }),
    ]).toEqual([3000, 0, 9000]);
  });

  it("DATABASE_URL overrides the default datasource only", async () => {
    const root = site({
      "quarry.config.json": JSON.stringify({
        datasources: { a: { url: "postgres://a/a" }, b: {} },
        defaultDatasource: "b",
      }),
    });
    const c = await loadConfig(root, { DATABASE_URL: "postgres://env/db" });
    expect([c.datasources.a!.url, c.datasources.b!.url]).toEqual(["postgres://a/a", "postgres://env/db"]);
  });

  it("reads quarry.config.js", async () => {
    const root = site({
      "quarry.config.js": 'export default { datasources: { main: { strategy: "single" } }, sessionTimeoutMinutes: 5 };',
    });
    const c = await loadConfig(root, {});
    expect([c.datasources.main!.strategy, c.sessionTimeoutMinutes]).toEqual(["single", 5]);
  });

  it.each([
    [
      { datasources: { main: { strategy: "fast" } } },
      'f: datasources.main.strategy must be one of pool, single, per-request, pipeline, got "fast"',
    ],
    [{ datasources: { main: { max: 0 } } }, "f: datasources.main.max must be an integer of 1 or more, got 0"],
    [{ datasources: { main: { min: 5, max: 2 } } }, "f: datasources.main.min (5) is larger than max (2)"],
    [
      { datasources: { main: { strategy: "pipeline", max: 2, pipelineConnections: 3 } } },
      "f: datasources.main.pipelineConnections (3) is larger than max (2)",
    ],
    [
      { datasources: { main: { pool: 3 } } },
      "f: unknown setting datasources.main.pool (known: url, strategy, min, max, acquireTimeoutMs, idleTimeoutMs, maxWaiting, statementTimeoutMs, queryTimeoutMs, validateAfterIdleMs, preparedStatements, pipelineConnections)",
    ],
    [
      { datasources: { main: { statementTimeoutMs: 5000, queryTimeoutMs: 5000 } } },
      "f: datasources.main.queryTimeoutMs (5000) must be above statementTimeoutMs (5000), so Postgres's own limit acts first",
    ],
    [
      { datasources: { main: { preparedStatements: "no" } } },
      "f: datasources.main.preparedStatements must be true or false",
    ],
    [{ datasource: {} }, "f: unknown setting datasource (known: datasources, defaultDatasource, "],
    [{ dataDir: 3 }, "f: dataDir must be a folder path"],
    [{ defaultDatasource: "x" }, 'f: defaultDatasource "x" is not one of the datasources (main)'],
    [{ secret: "short" }, "f: secret must be a string of 16 or more characters"],
    [{ limits: { maxStringLength: 0 } }, "f: limits.maxStringLength must be an integer of 1 or more, got 0"],
    [
      { limits: { maxDepth: 3 } },
      "f: unknown setting limits.maxDepth (known: maxIterations, maxCallDepth, maxArrayLength, maxStringLength, maxOutputLength, maxJsonDepth, maxQueryRows, maxQueryBytes, maxPageBytes)",
    ],
    [{ limits: [] }, "f: limits must be an object"],
  ])("refuses %j", (raw, message) => {
    expect(() => parseConfig(raw as Record<string, unknown>, "f", {})).toThrow(message);
  });

  it("places a JSON syntax error at its line and column, with a code frame", async () => {
    const root = site({ "quarry.config.json": '{\n  "datasources": {\n    "main": { "max": 3, }\n  }\n}\n' });
    await expect(loadConfig(root, {})).rejects.toThrow(
      `${root}/quarry.config.json:3:25 JSON syntax: a property name in double quotes was expected (no trailing commas)\n` +
        '  1 | {\n  2 |   "datasources": {\n> 3 |     "main": { "max": 3, }\n    |                         ^\n  4 |   }\n  5 | }',
    );
  });

  it("lists every bad setting at once, each at its line and column", async () => {
    const root = site({
      "quarry.config.json":
        '{\n  "datasources": {\n    "main": { "max": 0, "strategy": "fast", "pool": 3 }\n  },\n  "renderTimeoutMs": "10s",\n  "logLevel": "loud"\n}\n',
    });
    const err = await loadConfig(root, {}).then(
      () => null,
      (e: unknown) => e as Error & { code: string; problems: string[] },
    );
    expect(err!.code).toBe("QRY_ERR_CONFIG");
    const f = `${root}/quarry.config.json`;
    expect(err!.problems.map((p) => p.split("\n")[0])).toEqual([
      `${f}:3:22 datasources.main.max must be an integer of 1 or more, got 0`,
      `${f}:3:37 datasources.main.strategy must be one of pool, single, per-request, pipeline, got "fast"`,
      `${f}:3:45 unknown setting datasources.main.pool (known: url, strategy, min, max, acquireTimeoutMs, idleTimeoutMs, maxWaiting, statementTimeoutMs, queryTimeoutMs, validateAfterIdleMs, preparedStatements, pipelineConnections)`,
      `${f}:5:22 renderTimeoutMs must be an integer of 1 or more, got "10s"`,
      `${f}:6:15 logLevel must be one of trace, debug, info, warn, error, fatal, silent, got "loud"`,
    ]);
    expect(err!.problems[3]).toContain('> 5 |   "renderTimeoutMs": "10s",\n    |                      ^');
  });
});

describe("timezone and locale settings", () => {
  it("default to UTC and en-US, are canonicalised, and a bad one is a located config error", async () => {
    const ok = parseConfig({ timezone: "europe/oslo", locale: "de_CH" }, "f", {});
    expect([ok.timezone, ok.locale]).toEqual(["Europe/Oslo", "de-CH"]);
    const dflt = parseConfig({}, "f", {});
    expect([dflt.timezone, dflt.locale]).toEqual(["UTC", "en-US"]);
    expect(() => parseConfig({ timezone: "Mars/Base" }, "f", {})).toThrow(
      'f: timezone must be a time zone name such as "Europe/Oslo" or "UTC", got "Mars/Base"',
    );
    expect(() => parseConfig({ locale: 12 }, "f", {})).toThrow(
      'f: locale must be a language tag such as "en-US" or "de-CH", got 12',
    );
  });
});
