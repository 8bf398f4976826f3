// quarry bench as a user runs it, on a tiny site and the test run's Postgres: the shape of
// results.json and the files written. Not a timing test: no figure is compared with another.
import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase } from "./db.js";
import type { BenchResults, Cell, Measure } from "../bench/spec.js";
import { headlineMarkdown, resultsMarkdown, type PeersResults } from "../bench/results-md.js";
import { cellRows, htmlReport, judged } from "../bench/report.js";
import { summarise } from "../bench/runner.js";
import { threadUse } from "../bench/proc.js";

const run = promisify(execFile);
const bin = join(import.meta.dirname, "..", "bin", "quarry.js");

describe("quarry bench", () => {
  const root = site({
    "index.dbt":
      '<dbt:query name="n">SELECT name FROM thing ORDER BY id</dbt:query><ul><dbt:output query="n"><li>#name#</li></dbt:output></ul>\n',
    "about.dbt": "<p>About</p>\n",
    "need.dbt": '<dbt:param name="url.id" type="integer"><dbt:output>#url.id#</dbt:output>\n',
    "clock.dbt": "<dbt:output>#createUUID()#</dbt:output>\n",
    // A form's CSRF field is a fresh token on every request: the bench masks it, not the user.
    "form.dbt": '<form method="post"><dbt:output>#csrfField()#</dbt:output><button>Go</button></form>\n',
    // The same body for the two requests before the run, then another: a fast wrong answer.
    "drift.dbt":
      '<dbt:query name="q">SELECT nextval(\'hits\') AS n</dbt:query><dbt:output query="q"><dbt:if n gt 2>changed<dbt:else>same</dbt:if></dbt:output>\n',
    "_layout.dbt": "<p>never a page</p>\n",
    // Few connections per process: the --workers run holds a pool in each worker.
    "quarry.config.json": '{ "datasources": { "main": { "strategy": "pool", "max": 2 } } }\n',
  });
  const out = join(root, "results");
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const quarry = async (...args: string[]) => {
    const url = await createDatabase([], "bench");
    const { Client } = (await import("pg")).default;
    const c = new Client({ connectionString: url });
    await c.connect();
    await c.query(
      "CREATE TABLE thing (id int PRIMARY KEY, name text); INSERT INTO thing VALUES (1, 'a<b'), (2, 'c'); CREATE SEQUENCE hits",
    );
    await c.end();
    return run(process.execPath, [bin, "bench", root, ...args, "--out", out, "--no-progress"], {
      env: { ...process.env, DATABASE_URL: url },
    });
  };

  const failed = (p: Promise<unknown>) =>
    p.then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );

  it("measures pages in two variants and writes results.json, summary.md and report.html", async () => {
    const { stdout } = await quarry(
      "--quick",
      "--pages",
      "/,/form",
      "--variants",
      "compiled,precompiled",
      "--connections",
      "2",
      "--duration",
      "0.3",
      "--warmup",
      "0",
    );
    const [dir] = readdirSync(out);
    const results = JSON.parse(readFileSync(join(out, dir!, "results.json"), "utf8")) as BenchResults;
    expect(results.version).toBe(1);
    expect(results.machine.node).toBe(process.version);
    const s = results.scenarios[0]!;
    expect(s.servers.map((x) => x.name)).toEqual(["compiled", "precompiled"]);
    expect(s.baseline).toBe("compiled");
    expect(s.pages.map((p) => p.path)).toEqual(["/", "/form"]);
    expect(s.pages[0]!.bytes).toBe("<ul><li>a&lt;b</li><li>c</li></ul>\n".length);
    expect(s.cells.map((c) => `${c.page} ${c.server} ${c.connections}`).sort()).toEqual([
      "/ compiled 2",
      "/ precompiled 2",
      "/form compiled 2",
      "/form precompiled 2",
    ]);
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
    expect(
      html
        .split("<script")
        .slice(1)
        .filter((tag) => tag.slice(0, tag.indexOf(">")).includes("src=")),
    ).toEqual([]);
    expect(existsSync(join(out, dir!, "summary.md"))).toBe(true);
    rmSync(out, { recursive: true, force: true });
  });

  it("finds the pages itself, skipping one that needs parameters, and refuses a page that changes", async () => {
    const err = await quarry(
      "--quick",
      "--variants",
      "compiled",
      "--connections",
      "1",
      "--duration",
      "0.2",
      "--warmup",
      "0",
    ).catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 1 });
    const stderr = (err as { stderr: string }).stderr;
    expect(stderr).toContain("/need skipped: it answers 400 without parameters");
    expect(stderr).toContain(
      "error: compiled /clock: two requests gave different bodies; give --expect PATTERN for a page that changes",
    );
    expect(existsSync(out)).toBe(false);
  });

  it("counts a body that changes during the run as a failure, and exits 1", async () => {
    const r = await failed(
      quarry(
        "--quick",
        "--pages",
        "/drift",
        "--variants",
        "compiled",
        "--connections",
        "1",
        "--duration",
        "0.3",
        "--warmup",
        "0",
      ),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("1 cell had errors, timeouts, non-2xx or wrong bodies (marked ✗)");
    const [dir] = readdirSync(out);
    const results = JSON.parse(readFileSync(join(out, dir!, "results.json"), "utf8")) as BenchResults;
    const m = results.scenarios[0]!.cells[0]!.rounds[0]!;
    expect(m.mismatches).toBe(m.requests);
    expect(m.mismatches).toBeGreaterThan(0);
    rmSync(out, { recursive: true, force: true });
  });

  it("accepts a changing page with --expect, and refuses an --expect that is not a regular expression", async () => {
    const ok = await quarry(
      "--quick",
      "--pages",
      "/clock",
      "--variants",
      "compiled",
      "--connections",
      "1",
      "--duration",
      "0.2",
      "--warmup",
      "0",
      "--expect",
      "^[0-9A-F-]{35}\\n$",
    );
    expect(ok.stdout).toMatch(/\| \/clock \| 1 \| compiled \| [\d,]+ \| 1\.00× \|.*\| 0 \|\n/);
    rmSync(out, { recursive: true, force: true });
    const bad = await failed(quarry("--quick", "--pages", "/", "--expect", "("));
    expect(bad).toEqual({
      code: 1,
      stderr: "error: --expect is not a regular expression: Invalid regular expression: /(/: Unterminated group\n",
    });
  });

  it("serves the build with quarry start --workers N, counting the guardian and its workers", async () => {
    const { stdout } = await quarry(
      "--quick",
      "--pages",
      "/",
      "--workers",
      "1,2",
      "--connections",
      "2",
      "--duration",
      "0.3",
      "--warmup",
      "0",
    );
    const [dir] = readdirSync(out);
    const s = (JSON.parse(readFileSync(join(out, dir!, "results.json"), "utf8")) as BenchResults).scenarios[0]!;
    expect(s.servers).toEqual([
      { name: "precompiled ×1", kind: "quarry", detail: "quarry, precompiled build" },
      { name: "precompiled ×2", kind: "quarry", detail: "quarry, precompiled build, quarry start --workers 2" },
    ]);
    for (const c of s.cells) {
      expect(c.summary.failures).toBe(0);
      expect(c.summary.serverCpuUs).toBeGreaterThan(0);
    }
    // Three processes (the guardian and two workers) hold more memory than one.
    const rss = (name: string) => s.cells.find((c) => c.server === name)!.summary.rssMiB!;
    expect(rss("precompiled ×2")).toBeGreaterThan(rss("precompiled ×1"));
    expect(stdout).toContain("| / | 2 | precompiled ×2 |");
    rmSync(out, { recursive: true, force: true });
    const mixed = await failed(quarry("--quick", "--workers", "2", "--variants", "compiled"));
    expect(mixed).toEqual({
      code: 1,
      stderr: "error: --workers above 1 runs quarry start, which serves a build: use it with --variants precompiled\n",
    });
  });
});

describe("npm run bench:variants", () => {
  const script = join(import.meta.dirname, "..", "build", "bench", "variants.js");
  const env = { ...process.env, BENCH_PROCESSES: "1", BENCH_ROUNDS: "1", BENCH_MS: "5" };
  const variants = (body: string) => {
    const dir = site({ "v.mjs": `export default { ${body} };\n` });
    return join(dir, "v.mjs");
  };
  const tick = String.raw`/if \(\$o\.length > ctx\.limits\.maxOutputLength \|\| --ctx\.page\.budget <= 0\) \{ if \(T\.tick[^\n]*\n/`;

  it("measures the compiled page and each variant beside the hand-written page, one process each", async () => {
    const { stdout } = await run(
      process.execPath,
      [script, "fortunes", variants(`"no row tick": (s) => s.replace(${tick}, "")`)],
      {
        env,
      },
    );
    expect(stdout.split("\n").slice(0, 4)).toEqual([
      "fortunes: each variant's time per render ÷ the hand-written page's, 1 processes of 1 rounds of 5 ms",
      "",
      "| variant | median | each process |",
      "|---|---|---|",
    ]);
    expect(stdout).toMatch(/^\| compiled \| \d+\.\d{3}× \| \d+\.\d{3}× \|$/m);
    expect(stdout).toMatch(/^\| no row tick \| \d+\.\d{3}× \| \d+\.\d{3}× \|$/m);
  });

  it("refuses a variant that renders another page, one that changes nothing, an unknown page and a module of another shape", async () => {
    const fail = (args: string[]) => run(process.execPath, [script, ...args], { env });
    await expect(fail(["fortunes", variants(`wrong: (s) => s.replace("<tr><td>", "<tr><td>!")`)])).rejects.toThrow(
      "variant wrong renders another page than the hand-written one",
    );
    await expect(fail(["fortunes", variants(`same: (s) => s`)])).rejects.toThrow(
      "variant same leaves the source as it is",
    );
    await expect(fail(["nosuch", variants(`same: (s) => s`)])).rejects.toThrow(
      'no page "nosuch": one of fortunes, personalised, table, loop, mandelbrot',
    );
    await expect(fail(["table", variants(`n: 1`)])).rejects.toThrow("must default-export an object of functions");
  });
});

describe("npm run bench:request-path", () => {
  const script = join(import.meta.dirname, "..", "build", "bench", "request-path.js");
  const templates = join(import.meta.dirname, "..", "templates", "_db");
  const env = { BENCH_ROUNDS: "1", BENCH_DURATION: "1", BENCH_CONNECTIONS: "2", BENCH_TOP: "3" };

  it("profiles Quarry and the hand-written servers from inside, per request, and names each Quarry server's costliest functions", async () => {
    const url = await createDatabase([join(templates, "001_schema.sql"), join(templates, "002_seed.sql")], "reqpath");
    const { stdout } = await run(process.execPath, [script], { env: { ...process.env, ...env, DATABASE_URL: url } });
    const rows = stdout.split("\n");
    const servers = rows.filter((l) => /^\| (Quarry|hand)/.test(l));
    expect(servers.map((l) => l.split(" | ")[0])).toEqual([
      "| Quarry (pipeline)",
      "| Quarry (pool)",
      "| hand/pool",
      "| hand/pipelining",
      "| hand/pool, named statements",
    ]);
    // req/s, main and other threads' µs, the main thread's sleeps and preemptions a request, the GC share and KB allocated.
    for (const l of servers)
      expect(l).toMatch(
        /^\| [^|]+ \| [\d,]+ \| \d+\.\d \| \d+\.\d \| \d+\.\d\d \/ \d+\.\d\d \| \d+\.\d% \| \d+\.\d \|$/,
      );
    // Each Quarry server's functions (by CPU, by allocation) beside its hand-written counterpart's.
    expect(rows.filter((l) => / the 3 functions /.test(l)).map((l) => l.replace(/ with the most .*/, ""))).toEqual([
      "Quarry (pipeline): the 3 functions",
      "Quarry (pipeline): the 3 functions",
      "Quarry (pool): the 3 functions",
      "Quarry (pool): the 3 functions",
    ]);
    expect(stdout).toContain("| function | Quarry (pipeline) µs/request | hand/pipelining µs/request |");
    expect(stdout).toContain("| function | Quarry (pool) bytes/request | hand/pool, named statements bytes/request |");
    // The compiled page is one of the functions a request costs, named by its template.
    expect(stdout).toMatch(/^\| render \(templates\/fortunes\.mjs:\d+\) \|/m);
  }, 120_000);

  it("counts a process's main thread sleeping until woken", async () => {
    // A timer every 5 ms: the thread sleeps in epoll_wait between them, woken each time.
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 5)"], { stdio: "ignore" });
    try {
      await new Promise((r) => setTimeout(r, 300));
      const before = threadUse(child.pid!)!;
      await new Promise((r) => setTimeout(r, 300));
      const after = threadUse(child.pid!)!;
      expect(after.slept - before.slept).toBeGreaterThanOrEqual(20);
      expect(after.preempted).toBeGreaterThanOrEqual(before.preempted);
    } finally {
      child.kill();
    }
    expect(threadUse(2 ** 22 + 1)).toBeNull();
  });

  it("refuses a setting that is not a positive whole number, in one line", async () => {
    await expect(run(process.execPath, [script], { env: { ...process.env, BENCH_ROUNDS: "0" } })).rejects.toMatchObject(
      {
        code: 1,
        stderr: 'bench:request-path: BENCH_ROUNDS must be a positive whole number, got "0"\n',
      },
    );
  });
});

describe("the published results", () => {
  const root = join(import.meta.dirname, "..");
  const seeds = JSON.parse(readFileSync(join(root, "bench/results/seeds.json"), "utf8")) as BenchResults;
  const peers = JSON.parse(readFileSync(join(root, "bench/results/peers.json"), "utf8")) as PeersResults;
  const section = (text: string, name: string) =>
    text.slice(text.indexOf(`<!-- ${name} -->`) + `<!-- ${name} -->`.length + 1, text.indexOf(`<!-- /${name} -->`) - 1);

  it("bench/RESULTS.md, the README's headline and the report are generated from one seeds run", () => {
    expect(section(readFileSync(join(root, "bench/RESULTS.md"), "utf8"), "bench:seeds")).toBe(
      resultsMarkdown(seeds, peers),
    );
    expect(section(readFileSync(join(root, "README.md"), "utf8"), "bench:headline")).toBe(headlineMarkdown(seeds));
    expect(readFileSync(join(root, "bench/results/report.html"), "utf8")).toBe(htmlReport(seeds));
  });

  it("covers the five papers and Fortunes, each scenario with the paper's figure beside ours", () => {
    // The whole run: no --only or --quick; where its files went and the progress bar change nothing measured.
    expect(seeds.command).toMatch(/^quarry bench --seeds(?: --out \S+)?(?: --no-progress)?$/);
    expect(seeds.scenarios.map((s) => s.id)).toEqual([
      "seed-000",
      "seed-001",
      "seed-002",
      "seed-003",
      "seed-004",
      "fortunes",
    ]);
    for (const s of seeds.scenarios) {
      expect(s.comparisons.length, s.id).toBeGreaterThan(0);
      for (const c of s.comparisons) expect(c.paper, `${s.id} ${c.what}`).not.toBe("");
    }
  });

  it("judges a median against its target with a third decimal where two would print the target", () => {
    expect(judged([0.99, 1.02, 0.997], 1)).toBe("0.997× (0.99×–1.02×) ✗");
    expect(judged([1.004, 0.98, 1.1], 1)).toBe("1.00× (0.98×–1.10×) ✓");
    expect(judged([0.9, 0.95, 0.96], 0.95)).toBe("0.95× (0.90×–0.96×) ✓");
    expect(judged([2.004, 1.5, 3], 2, true)).toBe("2.004× (1.50×–3.00×) ✗");
    expect(judged([1.88, 1.03, 4.3], 2, true)).toBe("1.88× (1.03×–4.30×) ✓");
  });

  it("flags a load generator that used 90% of a core or more", () => {
    const m = (loadgenCpu: number): Measure => ({
      round: 1,
      requests: 100,
      durationS: 1,
      rps: 100,
      latencyMs: { p50: 1, p90: 2, p99: 3, mean: 1 },
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      mismatches: 0,
      serverCpuUs: 10,
      pgCpuUs: null,
      rssMiB: 50,
      loadgenCpu,
      ratio: 1,
    });
    expect(summarise([m(0.5), m(0.95)]).saturatedGenerator).toBe(true);
    expect(summarise([m(0.5), m(0.89)]).saturatedGenerator).toBe(false);
    const cell = (x: number): Cell => ({
      page: "/",
      server: "a",
      connections: 1,
      rounds: [m(x)],
      summary: summarise([m(x)]),
    });
    const scenario = { ...seeds.scenarios[0]!, cells: [cell(0.95)] };
    expect(cellRows(scenario)[0]![9]).toBe("95% ⚠");
    expect(cellRows({ ...scenario, cells: [cell(0.5)] })[0]![9]).toBe("50%");
  });
});
