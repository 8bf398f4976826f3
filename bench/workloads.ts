// npm run bench:workloads — Quarry against hand-written Fastify + node-postgres on the workloads
// users have (issue 26 item 2): the sample site's /fortunes at 1, 16, 64 and 256 connections and
// the CPU page /mandelbrot over HTTP at 16; and bench/workload-site's pages: slow statements
// (50 ms and 500 ms) 50 and 200 at once, results of 10, 1,000 and 10,000 rows, and a write
// transaction, at 16.
// Four servers, each in its own process, on one shared database, in BENCH_ROUNDS interleaved
// rounds (default 5; `quarry bench`'s runner: bench/main.ts): Quarry's default strategy
// (pipeline) and Quarry with strategy pool, and bench/hand.ts with a pool and with
// node-postgres's pipelining. Per cell and round the ratio is Quarry's req/s ÷ the better of the
// two hand-written servers' in that round; the table gives the median over rounds (min–max),
// and Quarry pool ÷ hand pool the same way. Targets (issue 26): Quarry's default ≥ 1.0× the
// better hand-written baseline, Quarry pool ≥ 0.95× hand pool. Writes the `workloads` section
// of bench/RESULTS.md.
// And the 90/10 mix: 16 connections each asking for nine fast pages (/fast, one row by key) and
// then one slow one (/slow?ms=500), over and over; per server the fast pages' p50/p99 in the mix
// against the same server's with /fast alone (target: p99 in the mix ≤ 2× alone), and the mix's
// req/s against the better hand-written server's.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runBench } from "./main.js";
import { judged, mdTable, spread } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";
import { BenchError, LoadGenerator, median, startDatabase, startServer, type RunningServer } from "./runner.js";
import type { Cell, ScenarioResult, ServerSpec } from "./spec.js";

const loadAtStart = loadavg();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const site = fileURLToPath(new URL("../../templates", import.meta.url));
const workloadSite = fileURLToPath(new URL("../../bench/workload-site", import.meta.url));
const QUARRY = "precompiled/pipeline";
const QUARRY_POOL = "precompiled/pool";
const HAND_POOL = "hand/pool";
const HAND_PIPELINE = "hand/pipeline";

/** One `quarry bench` run of a site (the sample site unless given): both strategies, hand-written with both. */
async function measure(pages: string[], connections: number[], target = site): Promise<ScenarioResult> {
  const run = await runBench({
    target,
    pages,
    connections,
    variants: ["precompiled"],
    strategies: ["pipeline", "pool"],
    hand: true,
    rounds: ROUNDS,
    duration: DURATION,
    command: `quarry bench ${target === site ? "templates" : "bench/workload-site"} --variants precompiled --strategies pipeline,pool --hand --pages ${pages.join(",")} --connections ${connections.join(",")} --rounds ${ROUNDS} --duration ${DURATION}`,
  });
  return run.results.scenarios[0]!;
}

const rps = (c: Cell) => Math.round(c.summary.rps.median).toLocaleString("en-US");

function rows(s: ScenarioResult): string[][] {
  const out: string[][] = [];
  for (const page of s.pages.map((p) => p.path))
    for (const connections of s.connections) {
      const cell = (server: string) => {
        const c = s.cells.find((x) => x.page === page && x.connections === connections && x.server === server);
        if (!c) throw new Error(`no cell ${page} ${connections} ${server}`);
        return c;
      };
      const q = cell(QUARRY);
      const qp = cell(QUARRY_POOL);
      const hp = cell(HAND_POOL);
      const hpl = cell(HAND_PIPELINE);
      // Per round: Quarry ÷ the better hand-written server of that round.
      const best = q.rounds.map((m, r) => m.rps / Math.max(hp.rounds[r]!.rps, hpl.rounds[r]!.rps));
      const pool = qp.rounds.map((m, r) => m.rps / hp.rounds[r]!.rps);
      const failures = [q, qp, hp, hpl].reduce((n, c) => n + c.summary.failures, 0);
      out.push([
        page,
        String(connections),
        rps(q),
        rps(qp),
        rps(hp),
        rps(hpl),
        judged(best, 1),
        judged(pool, 0.95),
        `${q.summary.p50} / ${q.summary.p99}`,
        String(failures),
      ]);
    }
  return out;
}

const MIX = [...Array<string>(9).fill("/fast"), "/slow?ms=500"];
const MIX_CONNECTIONS = 16;
/**
 * The mix's reference: the hand-written pool with a connection for every client, so no fast
 * page ever waits for one. Its p99 growth is the workload's own (the slow pages finish in
 * batches, and their clients' fast pages then arrive together), which no server avoids; not a
 * baseline for req/s (its pool is larger than the others').
 */
const REFERENCE = "hand/pool, max 64";

/** The 90/10 mix on each of the five servers (the four and the reference), rounds interleaved: rows of the mix's table. */
async function mix(): Promise<string[][]> {
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const db = await startDatabase(join(workloadSite, "_db"), log);
  const dist = mkdtempSync(join(tmpdir(), "quarry-bench-dist-"));
  const servers: RunningServer[] = [];
  const loadgen = new LoadGenerator();
  try {
    const { build } = await import("../server/build.js");
    const built = build(workloadSite, dist);
    if (built.errors.length > 0) throw new BenchError(`quarry build failed:\n${built.errors.join("\n\n")}`);
    const specs: ServerSpec[] = [
      { name: QUARRY, kind: "quarry", dist, strategy: "pipeline" },
      { name: QUARRY_POOL, kind: "quarry", dist, strategy: "pool" },
      { name: HAND_POOL, kind: "hand", site: workloadSite, strategy: "pool" },
      { name: HAND_PIPELINE, kind: "hand", site: workloadSite, strategy: "pipeline" },
      { name: REFERENCE, kind: "hand", site: workloadSite, strategy: "pool", poolMax: 64 },
    ];
    for (const spec of specs) servers.push(await startServer(spec, db.url));
    for (const s of servers) await loadgen.run({ url: `${s.base}/fast`, connections: MIX_CONNECTIONS, duration: 2 });
    const seen = new Map(
      specs.map((x) => [x.name, { alone: [] as number[][], mixed: [] as number[][], rps: [] as number[] }]),
    );
    for (let round = 1; round <= ROUNDS; round++) {
      for (const s of servers.map((_, i) => servers[(i + round - 1) % servers.length]!)) {
        log(`mix round ${round}/${ROUNDS}: ${s.spec.name}`);
        // Both as paths: their latencies are then each response's time as measured, alike (autocannon's
        // own p99 comes from a histogram of whole milliseconds, which would round /fast alone down).
        const alone = await loadgen.run({
          url: s.base,
          paths: ["/fast"],
          connections: MIX_CONNECTIONS,
          duration: DURATION,
        });
        const mixed = await loadgen.run({ url: s.base, paths: MIX, connections: MIX_CONNECTIONS, duration: DURATION });
        const fast = mixed.byPath!.find((x) => x.path === "/fast")!;
        const fastAlone = alone.byPath![0]!;
        const failed = alone.errors + alone.non2xx + mixed.errors + mixed.non2xx;
        if (failed > 0) throw new BenchError(`${s.spec.name}: ${failed} failed answers in the mix's round ${round}`);
        const r = seen.get(s.spec.name)!;
        r.alone.push([fastAlone.p50, fastAlone.p99]);
        r.mixed.push([fast.p50, fast.p99]);
        r.rps.push(mixed.rps);
      }
    }
    const hp = seen.get(HAND_POOL)!;
    const hpl = seen.get(HAND_PIPELINE)!;
    const growthOf = (name: string) => {
      const r = seen.get(name)!;
      return r.mixed.map((m, i) => m[1]! / r.alone[i]![1]!);
    };
    const reference = growthOf(REFERENCE);
    return specs.map(({ name }) => {
      const r = seen.get(name)!;
      const growth = growthOf(name);
      const vsReference = growth.map((g, i) => g / reference[i]!);
      const vsHand = r.rps.map((x, i) => x / Math.max(hp.rps[i]!, hpl.rps[i]!));
      const ms = (xs: number[][], k: number) => String(Math.round(median(xs.map((x) => x[k]!)) * 10) / 10);
      return [
        name,
        `${ms(r.alone, 0)} / ${ms(r.alone, 1)}`,
        `${ms(r.mixed, 0)} / ${ms(r.mixed, 1)}`,
        name === QUARRY ? judged(growth, 2, true) : spread(growth),
        name === REFERENCE ? "1" : spread(vsReference),
        Math.round(median(r.rps)).toLocaleString("en-US"),
        name === REFERENCE ? "(larger pool)" : name === QUARRY ? judged(vsHand, 1) : spread(vsHand),
      ];
    });
  } finally {
    await loadgen.stop();
    for (const s of servers) await s.stop();
    await db.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}

// BENCH_ONLY=mix: the mix alone, printed and not written (to work on it); the results file is the whole run's.
if (process.env.BENCH_ONLY === "mix") {
  process.stdout.write(
    `${mdTable(["server", "alone p50 / p99", "mix p50 / p99", "p99 ÷ alone", "÷ reference's", "mix req/s", "÷ better hand"], await mix())}\n`,
  );
  process.exit(0);
}
const fortunes = await measure(["/fortunes"], [1, 16, 64, 256]);
const mandelbrot = await measure(["/mandelbrot"], [16]);
const slow = await measure(["/slow?ms=50", "/slow?ms=500"], [50, 200], workloadSite);
const sized = await measure(["/rows?n=10", "/rows?n=1000", "/rows?n=10000", "/write"], [16], workloadSite);
const mixRows = await mix();
const markdown = [
  `Each cell: ${ROUNDS} rounds of ${DURATION} s per server, servers interleaved within a round; req/s are medians over rounds. Ratios are taken within a round and summarised as median (min–max): Quarry's default (strategy pipeline) ÷ the better of hand-written pool and hand-written pipelining (target ≥ 1.00×), Quarry pool ÷ hand-written pool (target ≥ 0.95×). Load generator, servers and Postgres share the machine's cores.`,
  "",
  mdTable(
    [
      "page",
      "clients",
      "Quarry req/s",
      "Quarry pool req/s",
      "hand pool req/s",
      "hand pipelining req/s",
      "Quarry ÷ better hand",
      "Quarry pool ÷ hand pool",
      "Quarry p50 / p99 ms",
      "failures",
    ],
    [...rows(fortunes), ...rows(mandelbrot), ...rows(slow), ...rows(sized)],
  ),
  "",
  "Pages: /fortunes and /mandelbrot are the sample site's (templates/); /slow (one `pg_sleep` of ms milliseconds), /rows (n rows of a 10,000-row table written out as a table) and /write (an INSERT and a count in a transaction; the hand-written pipelining server sends it as one statement, since its connections are shared) are bench/workload-site's, with the same output from bench/hand.ts.",
  "",
  `The 90/10 mix: ${MIX_CONNECTIONS} connections, each asking for /fast nine times and then /slow?ms=500, over and over (bench/workload-site); before it in each round the same server with /fast alone. Latencies are the fast pages' (ms, medians over rounds). Per round: the fast pages' p99 in the mix ÷ alone (target for Quarry's default ≤ 2×), that growth ÷ the reference's (${REFERENCE}: a connection for every client, so no fast page waits for one; its growth is the workload's own — the slow pages finish in batches and their clients' fast pages then arrive together — and no server avoids it), and the mix's req/s ÷ the better hand-written server's of pool size 10 (target ≥ 1.00×), median (min–max).`,
  "",
  mdTable(
    [
      "server",
      "/fast alone p50 / p99 ms",
      "/fast in the mix p50 / p99 ms",
      "p99 in the mix ÷ alone",
      "÷ the reference's",
      "mix req/s",
      "÷ better hand",
    ],
    mixRows,
  ),
].join("\n");
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "workloads",
  title: "Workloads against hand-written Fastify + node-postgres (`npm run bench:workloads`)",
  command: commandLine("bench:workloads", ["BENCH_ROUNDS", "BENCH_DURATION"]),
  markdown,
  loadAtStart,
});
