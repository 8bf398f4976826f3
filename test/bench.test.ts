// quarry bench as a user runs it, on a tiny site and the test run's Postgres: the shape of
// results.json and the files written. Not a timing test: no figure is compared with another.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase } from "./db.js";
import type { BenchResults } from "../bench/spec.js";

const run = promisify(execFile);
const bin = join(import.meta.dirname, "..", "bin", "quarry.js");

describe("quarry bench", () => {
  const root = site({
    "index.dbt": '<dbt:query name="n">SELECT name FROM thing ORDER BY id</dbt:query><ul><dbt:output query="n"><li>#name#</li></dbt:output></ul>\n',
    "about.dbt": "<p>About</p>\n",
    "need.dbt": '<dbt:param name="url.id" type="integer"><dbt:output>#url.id#</dbt:output>\n',
    "clock.dbt": "<dbt:output>#createUUID()#</dbt:output>\n",
    "_layout.dbt": "<p>never a page</p>\n",
  });
  const out = join(root, "results");
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const quarry = async (...args: string[]) => {
    const url = await createDatabase([], "bench");
    const { Client } = (await import("pg")).default;
    const c = new Client({ connectionString: url });
    await c.connect();
    await c.query("CREATE TABLE thing (id int PRIMARY KEY, name text); INSERT INTO thing VALUES (1, 'a<b'), (2, 'c')");
    await c.end();
    return run(process.execPath, [bin, "bench", root, ...args, "--out", out, "--no-progress"], { env: { ...process.env, DATABASE_URL: url } });
  };

  it("measures a page in two variants and writes results.json, summary.md and report.html", async () => {
    const { stdout } = await quarry("--quick", "--pages", "/", "--variants", "compiled,precompiled", "--connections", "2", "--duration", "0.3", "--warmup", "0");
    const [dir] = readdirSync(out);
    const results = JSON.parse(readFileSync(join(out, dir!, "results.json"), "utf8")) as BenchResults;
    expect(results.version).toBe(1);
    expect(results.machine.node).toBe(process.version);
    const s = results.scenarios[0]!;
    expect(s.servers.map((x) => x.name)).toEqual(["compiled", "precompiled"]);
    expect(s.baseline).toBe("compiled");
    expect(s.pages.map((p) => p.path)).toEqual(["/"]);
    expect(s.pages[0]!.bytes).toBe("<ul><li>a&lt;b</li><li>c</li></ul>\n".length);
    expect(s.cells.map((c) => `${c.page} ${c.server} ${c.connections}`).sort()).toEqual(["/ compiled 2", "/ precompiled 2"]);
    for (const c of s.cells) {
      expect(c.rounds).toHaveLength(1);
      const m = c.rounds[0]!;
      expect(m.requests).toBeGreaterThan(0);
      expect(m.rps).toBeGreaterThan(0);
      expect(m.errors + m.timeouts + m.non2xx + m.mismatches).toBe(0);
      expect(c.summary.failures).toBe(0);
      expect(typeof m.latencyMs.p99).toBe("number");
      expect(m.loadgenCpu).toBeGreaterThan(0);
      if (c.server === "compiled") expect(m.ratio).toBe(1);
    }
    expect(stdout).toContain("| page | clients | server | req/s");
    const html = readFileSync(join(out, dir!, "report.html"), "utf8");
    expect(html).toContain('<canvas id="c0_0">');
    expect(html).toContain("new Chart(");
    expect(html.split("<script").slice(1).filter((tag) => tag.slice(0, tag.indexOf(">")).includes("src="))).toEqual([]);
    expect(existsSync(join(out, dir!, "summary.md"))).toBe(true);
    rmSync(out, { recursive: true, force: true });
  });

  it("finds the pages itself, skipping one that needs parameters, and refuses a page that changes", async () => {
    const err = await quarry("--quick", "--variants", "compiled", "--connections", "1", "--duration", "0.2", "--warmup", "0").catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 1 });
    const stderr = (err as { stderr: string }).stderr;
    expect(stderr).toContain("/need skipped: it answers 400 without parameters");
    expect(stderr).toContain("error: compiled /clock: two requests gave different bodies; give --expect PATTERN for a page that changes");
    expect(existsSync(out)).toBe(false);
  });
});
