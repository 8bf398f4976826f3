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
// Not measured yet (the rest of the matrix): the 90/10 mix of fast and slow pages with the fast
// pages' p50/p99 (the load generator gives one latency per run, not per page).
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { runBench } from "./main.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";
import { median } from "./runner.js";
import type { Cell, ScenarioResult } from "./spec.js";

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

const fmt = (x: number) => `${x.toFixed(2)}×`;
const spread = (xs: number[]) => `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
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
        `${spread(best)} ${median(best) >= 1 ? "✓" : "✗"}`,
        `${spread(pool)} ${median(pool) >= 0.95 ? "✓" : "✗"}`,
        `${q.summary.p50} / ${q.summary.p99}`,
        String(failures),
      ]);
    }
  return out;
}

const fortunes = await measure(["/fortunes"], [1, 16, 64, 256]);
const mandelbrot = await measure(["/mandelbrot"], [16]);
const slow = await measure(["/slow?ms=50", "/slow?ms=500"], [50, 200], workloadSite);
const sized = await measure(["/rows?n=10", "/rows?n=1000", "/rows?n=10000", "/write"], [16], workloadSite);
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
  "Pages: /fortunes and /mandelbrot are the sample site's (templates/); /slow (one `pg_sleep` of ms milliseconds), /rows (n rows of a 10,000-row table written out as a table) and /write (an INSERT and a count in a transaction; the hand-written pipelining server sends it as one statement, since its connections are shared) are bench/workload-site's, with the same output from bench/hand.ts. Not measured yet: the 90/10 mix of fast and slow pages with the fast pages' p50/p99.",
].join("\n");
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "workloads",
  title: "Workloads against hand-written Fastify + node-postgres (`npm run bench:workloads`)",
  command: commandLine("bench:workloads", ["BENCH_ROUNDS", "BENCH_DURATION"]),
  markdown,
  loadAtStart,
});
