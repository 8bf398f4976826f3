// Limits that hold, in both modes: the time limit stops nested small loops, output rows and
// module recursion, no dbt:catch keeps a stopped page going, a cancelled signal stops a page,
// and over HTTP a spinning page answers 503 while other requests are served. No bound on elapsed
// time: how soon a page stops is measured by npm run bench:limits (bench/RESULTS.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../engine/engine.js";
import { scopesFrom } from "../engine/context.js";
import { QuarryError } from "../engine/errors.js";
import { newPageState, type PageState } from "../engine/page.js";
import { MODES, render, renderError, site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

const BIN = join(import.meta.dirname, "..", "bin", "quarry.js");

/** Spinning pages: each runs for hours unless its clock stops it. */
const SPIN = {
  // Five loops of 400: never 1,024 iterations in one loop (400^3 took compiled code under a second).
  "loops.dbt": `<dbt:set n = 0>
<dbt:loop from="1" to="400" index="i"><dbt:loop from="1" to="400" index="j"><dbt:loop from="1" to="400" index="k"><dbt:loop from="1" to="400" index="l"><dbt:loop from="1" to="400" index="m"><dbt:set n = n + 1></dbt:loop></dbt:loop></dbt:loop></dbt:loop></dbt:loop>`,
  // Only dbt:output rows: 1,000³ of them.
  "rows.dbt": `<dbt:set q = queryNew("n")><dbt:set r = queryNew("n")><dbt:set s = queryNew("n")>
<dbt:loop from="1" to="1000" index="i"><dbt:set x = queryAddRow(q, {n: i}) + queryAddRow(r, {n: i}) + queryAddRow(s, {n: i})></dbt:loop>
<dbt:output query="q"><dbt:output query="r"><dbt:output query="s">#s.n#</dbt:output></dbt:output></dbt:output>`,
  // Only module calls: a module calling itself twice, 40 deep (2^40 calls).
  "modules.dbt": `<dbt:module template="_tree.dbt" depth="40" />`,
  "_tree.dbt": `<dbt:if attributes.depth GT 0><dbt:module template="_tree.dbt" depth="#attributes.depth - 1#" /><dbt:module template="_tree.dbt" depth="#attributes.depth - 1#" /></dbt:if>`,
  // A catch-all around the spinning loops does not keep the page going.
  "caught.dbt": `<dbt:try><dbt:loop condition="true"><dbt:loop from="1" to="100" index="i"></dbt:loop></dbt:loop><dbt:catch type="any">caught</dbt:catch></dbt:try>`,
};

/** Where each page's clock can stop it: the tags that tick, as line:column. */
const TICKS: Record<string, string[]> = {
  "loops.dbt": ["loops.dbt:2:1", "loops.dbt:2:39", "loops.dbt:2:77", "loops.dbt:2:115", "loops.dbt:2:153"],
  "rows.dbt": ["rows.dbt:2:1", "rows.dbt:3:1", "rows.dbt:3:23", "rows.dbt:3:45"],
  "modules.dbt": ["modules.dbt:1:1", "_tree.dbt:1:31", "_tree.dbt:1:97"],
  "caught.dbt": ["caught.dbt:1:10", "caught.dbt:1:37"],
};

/** Renders `page` (loaded first, so the limit times the run only) and returns its error. */
async function stopped(
  root: string,
  mode: (typeof MODES)[number],
  page: string,
  state: () => PageState,
): Promise<QuarryError> {
  const engine = new Engine({ root, mode });
  engine.load(page);
  const err = await engine.render(page, scopesFrom({}), state()).then(
    (out) => {
      throw new Error(`${page} (${mode}) ended with ${out.length} characters of output`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(QuarryError);
  return err as QuarryError;
}

describe("the time limit", () => {
  const root = site(SPIN);
  for (const mode of MODES) {
    for (const page of Object.keys(TICKS)) {
      // How soon after the limit it stops is a speed claim, measured by npm run bench:limits.
      it(`stops ${page} in ${mode} mode with QRY_ERR_TIMEOUT at a tag that ticks`, async () => {
        const err = await stopped(root, mode, page, () => newPageState(null, 50));
        expect(err.code).toBe("QRY_ERR_TIMEOUT");
        expect(err.status).toBe(503);
        expect(err.message).toBe(
          "Page stopped: it ran longer than its time limit (renderTimeoutMs, or dbt:setting requesttimeout)",
        );
        expect(TICKS[page]).toContain(`${err.loc?.file}:${err.loc?.line}:${err.loc?.column}`);
      });
    }

    it(`stops a page whose signal is aborted, in ${mode} mode, with QRY_ERR_CANCELLED`, async () => {
      const ac = new AbortController();
      // The abort arrives as an event while the page runs: the page must pause to see it.
      setImmediate(() => ac.abort(new Error("client closed the connection")));
      const err = await stopped(root, mode, "loops.dbt", () => newPageState(null, 0, ac.signal));
      expect(err.code).toBe("QRY_ERR_CANCELLED");
      expect(err.message).toBe("Page stopped: its request was cancelled: client closed the connection");
      expect(TICKS["loops.dbt"]).toContain(`${err.loc?.file}:${err.loc?.line}:${err.loc?.column}`);
    });
  }
});

describe("the time limit after a loop's catchable error", () => {
  // A compiled quiet loop that fails (here QRY_ERR_LOOP_LIMIT) is run again by its general
  // version up to the same error: that run is on the page's clock too. It once ran with no
  // clock, so a page could go on far past its limit and end in its dbt:catch.
  const root = site({
    "p.dbt": `<dbt:try><dbt:set n = 0><dbt:loop from="1" to="2000000000" index="i"><dbt:set n = n + i * 2 - 1></dbt:loop><dbt:catch type="any"><dbt:output>caught #error.code#</dbt:output></dbt:catch></dbt:try>`,
  });
  const iterations = { interpreted: 1_000_000, compiled: 30_000_000 };
  for (const mode of MODES) {
    it(`${mode}: a page given a quarter of the time its loop takes to fail stops with QRY_ERR_TIMEOUT`, async () => {
      const engine = new Engine({ root, mode, limits: { maxIterations: iterations[mode] } });
      engine.load("p.dbt");
      const run = async (ms: number) => {
        const start = performance.now();
        const out = await engine.render("p.dbt", scopesFrom({}), newPageState(null, ms)).then(
          (o) => o,
          (e: unknown) => (e as QuarryError).code,
        );
        return { out, ms: performance.now() - start };
      };
      const free = [await run(0), await run(0)];
      expect(free.map((r) => r.out)).toEqual(["caught QRY_ERR_LOOP_LIMIT", "caught QRY_ERR_LOOP_LIMIT"]);
      const limit = Math.max(1, Math.floor(Math.min(...free.map((r) => r.ms)) / 4));
      expect((await run(limit)).out).toBe("QRY_ERR_TIMEOUT");
    });
  }
});

describe("size limits at their defaults", () => {
  // Past JavaScript's own bounds too: the coded error, never a RangeError.
  it.each([
    [
      '<dbt:set s = "ab"><dbt:loop from="1" to="40" index="i"><dbt:set s = s & s></dbt:loop>',
      "QRY_ERR_STRING_LIMIT",
      "1:71",
      "A string of 33554432 characters is longer than 16777216 (limit maxStringLength)",
    ],
    [
      '<dbt:set s = repeatString(repeatString("x", 1000000), 20)>',
      "QRY_ERR_STRING_LIMIT",
      "1:14",
      "A string of 20000000 characters is longer than 16777216 (limit maxStringLength)",
    ],
    [
      '<dbt:set s = repeatString(repeatString("x", 1000000), 1000)>',
      "QRY_ERR_STRING_LIMIT",
      "1:14",
      // Refused before it is built (it used to be JavaScript's own error, a gigabyte later).
      "A string of 1000000000 characters is longer than 16777216 (limit maxStringLength)",
    ],
    [
      '<dbt:set a = listToArray(repeatString("x,", 1000000) & "x")>',
      "QRY_ERR_ARRAY_LIMIT",
      "1:14",
      "An array of 1000001 elements is longer than 1000000 (limit maxArrayLength)",
    ],
    [
      "<dbt:set a = []><dbt:set a[1000001] = 1>",
      "QRY_ERR_ARRAY_LIMIT",
      "1:17",
      "Array index 1000001 would grow the array past 1000000 elements (limit maxArrayLength)",
    ],
    [
      '<dbt:set v = deserializeJSON(repeatString("[", 100000) & repeatString("]", 100000))>',
      "QRY_ERR_JSON_DEPTH",
      "1:14",
      "deserializeJSON: the JSON is nested deeper than 64 (limit maxJsonDepth)",
    ],
  ])("%s stops with its coded error in both modes", async (source, code, at, message) => {
    const err = await renderError(source);
    expect([err.code, `${err.loc?.line}:${err.loc?.column}`, err.message]).toEqual([code, at, message]);
  });

  it("lets a page catch a size limit and go on", async () => {
    expect(
      await render(
        '<dbt:try><dbt:set s = repeatString(repeatString("x", 1000000), 20)><dbt:catch type="expression"><dbt:output>caught #error.code#</dbt:output></dbt:catch></dbt:try>',
      ),
    ).toBe("caught QRY_ERR_STRING_LIMIT");
  });
});

describe("the time limit over HTTP", () => {
  const LIMIT = 500;
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  beforeAll(async () => {
    const url = await createDatabase([], "limits");
    const root = site({
      ...SPIN,
      "quarry.config.json": JSON.stringify({
        renderTimeoutMs: LIMIT,
        datasources: { main: { url } },
        limits: { maxStringLength: 1000 },
      }),
      "doubles.dbt": `<dbt:set s = "ab"><dbt:loop condition="true"><dbt:set s = s & s></dbt:loop>`,
      // Its own generous time limit: on a loaded machine the page's LIMIT could come first.
      "floods.dbt": `<dbt:setting requesttimeout="120"><dbt:loop condition="true"><dbt:output>#repeatString("x", 1000)#</dbt:output></dbt:loop>`,
      "_error.dbt": `<dbt:output>custom #error.status# #error.title#: #error.message#</dbt:output>`,
      // Ten times the limit: the limit, not the query, ends the page.
      "waits.dbt": `<dbt:query name="q">SELECT pg_sleep(5) AS s</dbt:query>done`,
    });
    // Servers in processes of their own, as in production: this process is the other client.
    for (const mode of MODES) {
      const child = spawn(process.execPath, [BIN, "dev", root, "--mode", mode, "--port", "0"], {
        env: { ...process.env, LOG_LEVEL: "silent" },
      });
      children.push(child);
      bases.push(await listening(child));
    }
  });
  afterAll(() => children.forEach((c) => c.kill("SIGKILL")));

  for (const [n, mode] of MODES.entries()) {
    it(`${mode}: a spinning page answers 503 with the site's error page`, async () => {
      const r = await fetch(`${bases[n]!}/loops`);
      expect({ status: r.status, retry: r.headers.get("retry-after"), body: await r.text() }).toEqual({
        status: 503,
        retry: "5",
        body: "custom 503 Service unavailable: Page stopped: it ran longer than its time limit (renderTimeoutMs, or dbt:setting requesttimeout)",
      });
    });

    it(`${mode}: the config's maxStringLength stops a doubling string, the default maxOutputLength a flood of output, and the server goes on`, async () => {
      const base = bases[n]!;
      const get = (p: string) => fetch(`${base}/${p}`).then(async (r) => ({ status: r.status, body: await r.text() }));
      expect(await get("doubles")).toEqual({
        status: 500,
        body: "custom 500 Internal server error: A string of 1024 characters is longer than 1000 (limit maxStringLength)",
      });
      expect(await get("floods")).toEqual({
        status: 500,
        body: "custom 500 Internal server error: The page&#39;s output passed 33554432 characters (limit maxOutputLength)",
      });
      expect(await get("doubles")).toEqual({
        status: 500,
        body: "custom 500 Internal server error: A string of 1024 characters is longer than 1000 (limit maxStringLength)",
      });
    });

    it(`${mode}: nested loops, output rows, module recursion, a catch-all and a slow query, at once, each answer 503`, async () => {
      const base = bases[n]!;
      const pages = ["loops", "rows", "modules", "caught", "waits"];
      const results = await Promise.all(
        pages.map((p) =>
          fetch(`${base}/${p}`).then(async (r) => ({ page: p, status: r.status, body: await r.text() })),
        ),
      );
      for (const r of results) {
        expect(r).toEqual({
          page: r.page,
          status: 503,
          body: "custom 503 Service unavailable: Page stopped: it ran longer than its time limit (renderTimeoutMs, or dbt:setting requesttimeout)",
        });
      }
    });
  }
});

describe("a spinning page over HTTP", () => {
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  beforeAll(async () => {
    const root = site({
      // Spins (64 million iterations, pausing every few ms) until the test asks it to stop: no
      // time limit decides anything here.
      "spin.dbt": `<dbt:loop from="1" to="400" index="i"><dbt:loop from="1" to="400" index="j"><dbt:loop from="1" to="400" index="k"><dbt:if application.stop>stopped<dbt:abort></dbt:if></dbt:loop></dbt:loop></dbt:loop>never stopped`,
      "stop.dbt": `<dbt:set application.stop = true>ok`,
      "_request.dbt": `<dbt:if cgi.path_info eq "/spin"><dbt:set application.running = application.running + 1></dbt:if>`,
      "_application.dbt": `<dbt:set application.running = 0><dbt:set application.stop = false>`,
      "small.dbt": `<dbt:output>running=#application.running#</dbt:output>`,
      "style.css": "body { color: #333 }\n",
      "quarry.config.json": JSON.stringify({
        renderTimeoutMs: 3_600_000,
        datasources: { main: { url: "postgres://unused@127.0.0.1:1/none" } },
      }),
    });
    for (const mode of MODES) {
      const child = spawn(process.execPath, [BIN, "dev", root, "--mode", mode, "--port", "0"], {
        env: { ...process.env, LOG_LEVEL: "silent" },
      });
      children.push(child);
      bases.push(await listening(child));
    }
  });
  afterAll(() => children.forEach((c) => c.kill("SIGKILL")));

  for (const [n, mode] of MODES.entries()) {
    it(`${mode}: while a page spins, another page and a static file are served`, async () => {
      const base = bases[n]!;
      let done = false;
      const spin = fetch(`${base}/spin`).then(async (r) => {
        done = true;
        return { status: r.status, body: await r.text() };
      });
      // The small page may come first until the spinning page has begun; then it must still be
      // answered, and so must a static file, while the spinning page runs (it ends only on /stop).
      while ((await fetch(`${base}/small`).then((r) => r.text())) !== "running=1");
      expect(await fetch(`${base}/style.css`).then((r) => r.text())).toBe("body { color: #333 }\n");
      expect(done).toBe(false);
      expect(await fetch(`${base}/stop`).then((r) => r.text())).toBe("ok");
      expect(await spin).toEqual({ status: 200, body: "stopped" });
    });
  }
});

/** The URL a `quarry dev` process prints once it listens. */
function listening(child: ChildProcess): Promise<string> {
  let out = "";
  return new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}
