// quarry start's warm-up (server.warmupPaths, server/warmup.ts) as an operator sees it: the
// pages run before the process listens, each path's line on stderr, no request lines for them,
// its bounds (a failing path, warmupMaxMs) and a SIGTERM in the middle of it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { listening } from "./process.js";
import { until } from "./http.js";
import { build } from "../server/build.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
let url: string;
let db: string;
const made: string[] = [];
const running: ChildProcess[] = [];

// Counts its runs in this process's application scope: the warm-up's show in the first visitor's answer.
const COUNT =
  '<dbt:if NOT structKeyExists(application, "hits")><dbt:set application.hits = 0></dbt:if>' +
  "<dbt:set application.hits = application.hits + 1><dbt:output>#application.hits#</dbt:output>";

beforeAll(async () => {
  url = await createDatabase([], "warmup");
  db = new URL(url).pathname.slice(1);
});
afterAll(() => {
  for (const c of running) c.kill("SIGKILL");
  made.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A build of a site with the count page, a slow page and this `server` config. */
function built(server: Record<string, unknown>): string {
  const root = site({
    "count.dbt": COUNT,
    "slow.dbt": '<dbt:query name="q">SELECT pg_sleep(0.2) AS z</dbt:query>slow',
    "broken.dbt": '<dbt:query name="q">SELECT * FROM no_such_table</dbt:query>',
    "quarry.config.json": JSON.stringify({ server }),
  });
  const dist = join(mkdtempSync(join(tmpdir(), "quarry-warmup-")), "dist");
  made.push(join(dist, ".."));
  expect(build(root, dist).errors).toEqual([]);
  return dist;
}

function start(dist: string, args: string[] = ["--workers", "1"]) {
  const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", "--log-level", "info", ...args], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "" },
  });
  running.push(child);
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, out: () => out, err: () => err };
}

/** The slow page's statements running now (the query itself excluded). */
const sleeping = () =>
  sql(
    url,
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND query LIKE '%pg_sleep(0.2)%'",
    [db],
  ).then((r) => r[0]!.n as number);

const requestLines = (out: string) =>
  out
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { msg: string; url?: string })
    .filter((l) => l.msg === "request")
    .map((l) => l.url);

describe("quarry start warm-up", () => {
  it("requests each path before it listens, says so a path, and logs none of them as requests", async () => {
    const dist = built({ warmupPaths: ["/count?from=warmup", "/missing", "/count"], warmupRequests: 5 });
    const q = start(dist);
    const base = await listening(q.child);
    // 5 + 5 warm-up runs in this process, then this one.
    expect(await (await fetch(`${base}/count`)).text()).toBe("11");
    q.child.kill("SIGTERM");
    expect(await q.exited).toBe(0);
    const lines = q
      .err()
      .split("\n")
      .filter((l) => l.startsWith("warm-up: "));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^warm-up: GET \/count\?from=warmup × 5 in \d+\.\d ms \(first \d+\.\d ms, last \d+\.\d ms\)$/,
    );
    expect(lines[1]).toBe("warm-up: GET /missing answered 404; not warming it further");
    // The next path was warmed all the same.
    expect(lines[2]).toMatch(/^warm-up: GET \/count × 5 in /);
    // Said before the server listened.
    expect(q.err().indexOf("warm-up: GET /count ×")).toBeLessThan(q.err().indexOf("SIGTERM"));
    expect(requestLines(q.out())).toEqual(["/count"]);
  }, 60_000);

  it("warms each worker, and the guardian waits for them", async () => {
    const dist = built({ warmupPaths: ["/count"], warmupRequests: 3 });
    const q = start(dist, ["--workers", "2"]);
    const base = await listening(q.child);
    // Whichever worker answers has run the page 3 times before.
    expect(await (await fetch(`${base}/count`)).text()).toBe("4");
    q.child.kill("SIGTERM");
    expect(await q.exited).toBe(0);
    expect(q.err().match(/warm-up: GET \/count × 3 in /g)).toHaveLength(2);
  }, 60_000);

  it("stops at server.warmupMaxMs and serves", async () => {
    const dist = built({ warmupPaths: ["/slow", "/count"], warmupRequests: 100, warmupMaxMs: 500 });
    const q = start(dist);
    const base = await listening(q.child);
    expect(q.err()).toMatch(
      /warm-up: stopped after 500 ms \(server\.warmupMaxMs\) at GET \/slow, request [2-4] of 100; accepting connections\n/,
    );
    // The next path was not warmed.
    expect(q.err()).not.toMatch(/GET \/count/);
    expect(await (await fetch(`${base}/count`)).text()).toBe("1");
    q.child.kill("SIGTERM");
    expect(await q.exited).toBe(0);
  }, 60_000);

  it("stops at a SIGTERM in the middle, serves nothing and leaves no query running", async () => {
    const dist = built({ warmupPaths: ["/slow"], warmupRequests: 1000, warmupMaxMs: 600_000 });
    const q = start(dist);
    // Once a warm-up query is running, the signal.
    expect(await until(sleeping, (n) => n > 0, 20_000)).toBe(1);
    q.child.kill("SIGTERM");
    expect(await q.exited).toBe(0);
    expect(q.out()).not.toMatch(/listening/);
    expect(q.err()).not.toMatch(/warm-up: GET/);
    // A backend whose client has gone ends with its statement (at most 0.2 s).
    expect(await until(sleeping, (n) => n === 0, 3000)).toBe(0);
  }, 90_000);

  it("says a page that fails and goes on, with the error logged as a visitor's would be", async () => {
    const dist = built({ warmupPaths: ["/broken", "/count"], warmupRequests: 2 });
    const q = start(dist);
    const base = await listening(q.child);
    expect(await (await fetch(`${base}/count`)).text()).toBe("3");
    q.child.kill("SIGTERM");
    expect(await q.exited).toBe(0);
    expect(q.err()).toMatch(/^warm-up: GET \/broken answered 500; not warming it further$/m);
    expect(q.err()).toMatch(/^warm-up: GET \/count × 2 in /m);
    // Its error is in the log (once: the path was left at its first failure), its request line is not.
    expect(
      q
        .out()
        .split("\n")
        .filter((l) => l.includes("no_such_table")),
    ).toHaveLength(1);
    expect(requestLines(q.out())).toEqual(["/count"]);
  }, 60_000);

  it("stops the workers' warm-up at a SIGTERM to the guardian", async () => {
    const dist = built({ warmupPaths: ["/slow"], warmupRequests: 1000, warmupMaxMs: 600_000 });
    const q = start(dist, ["--workers", "2"]);
    // Two workers start (4–5 s alone): past 20 s once in a CI run beside another benchmark.
    expect(await until(sleeping, (n) => n >= 2, 45_000)).toBe(2);
    const t = Date.now();
    q.child.kill("SIGTERM");
    expect(await q.exited).toBe(0);
    // Within the page's statement, not the warm-up's 1000 requests × 0.2 s.
    expect(Date.now() - t).toBeLessThan(5000);
    expect(q.out()).not.toMatch(/listening/);
    expect(await until(sleeping, (n) => n === 0, 3000)).toBe(0);
  }, 90_000);

  it("refuses a bad path with its location in the config", async () => {
    const dist = built({ warmupPaths: ["/", "mandelbrot"] });
    const q = start(dist);
    expect(await q.exited).toBe(1);
    expect(q.err()).toBe(
      `QRY_ERR_CONFIG: ${dist}/quarry.config.json:1:31 server.warmupPaths.1 must be a path of this server starting with one / (such as "/" or "/report?year=2025"; no spaces, # or \\), got "mandelbrot"\n> 1 | {"server":{"warmupPaths":["/","mandelbrot"]}}\n    |                               ^\n`,
    );
  }, 60_000);
});
