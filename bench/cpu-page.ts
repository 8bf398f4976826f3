// npm run bench:cpu — the CPU page served (issue 26 item 3): the sample site's /mandelbrot over
// HTTP on `quarry start` (the site built with `quarry build`, one worker: `--workers 1`) against
// a plain-JS Fastify route computing the same image (bench/hand.ts, one process), each in its
// own process, with the load generator (autocannon) in a third, on one shared database.
// - Warm: both servers started once and warmed up (BENCH_WARMUP s each), then BENCH_ROUNDS
//   interleaved rounds (default 5; the order turns each round) of BENCH_DURATION s per server at
//   1 and at 16 connections. Per round the ratio is hand-written req/s ÷ Quarry req/s (how many
//   times the hand-written route's time per page Quarry takes: target ≤ 1.3×); the table gives
//   medians of rates and the median (min–max) of the per-round ratios.
// - Cold: per round, each server started afresh (order turning) and sent its first 20 requests
//   one after another (one connection); the ratio is Quarry's mean latency over those 20 ÷ the
//   hand-written route's, per round, summarised the same way. Quarry twice: as built, and with
//   the page in server.warmupPaths (server/warmup.ts: 20 requests of itself before it listens),
//   each with the time from its spawn to its listening.
// Writes the `cpu-page` section of bench/RESULTS.md and bench/results/cpu-page.json.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadResult } from "./loadgen.js";
import { SERVER_DEFAULTS } from "../config/server-settings.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";
import {
  BenchError,
  LoadGenerator,
  median,
  startDatabase,
  startServer,
  startWorkers,
  type RunningServer,
} from "./runner.js";

const loadAtStart = loadavg();
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5));
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = [1, 16];
const COLD = 20;
const PAGE = "/mandelbrot";
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const site = here("../../templates");
const quarryBin = here("../../bin/quarry.js");
const log = (m: string) => process.stderr.write(`${m}\n`);

/** `quarry start DIST --workers 1` on the shared database, as a user runs it. */
const startQuarry = (dist: string, databaseUrl: string): Promise<RunningServer> =>
  startWorkers({ name: "quarry start", kind: "quarry", dist, workers: 1 }, databaseUrl);

const startHand = (databaseUrl: string) =>
  startServer({ name: "hand-written", kind: "hand", site, strategy: "pool" }, databaseUrl);

/** The page's body, fetched once: every later response must equal it (the two servers' too, but for the layout's start time). */
async function body(base: string): Promise<string> {
  const r = await fetch(base + PAGE);
  if (r.status !== 200) throw new BenchError(`${base}${PAGE} answered ${r.status}`);
  return r.text();
}

/** The computed part of the page (between the heading and the end of the art), which both servers must give alike. */
const image = (html: string) => {
  const a = html.indexOf("<h1>Mandelbrot</h1>");
  const b = html.indexOf("</pre>");
  if (a < 0 || b < a) throw new BenchError(`no Mandelbrot in the page:\n${html.slice(0, 400)}`);
  return html.slice(a, b);
};

const dist = mkdtempSync(join(tmpdir(), "quarry-bench-cpu-"));
rmSync(dist, { recursive: true, force: true });
const built = spawnSync(process.execPath, [quarryBin, "build", site, "--out", dist], { encoding: "utf8" });
if (built.status !== 0) throw new BenchError(`quarry build failed:\n${built.stderr}`);
// The same build with the page in the config's warm-up (what `quarry build` copies from a site's config).
const warmDist = `${dist}-warm`;
cpSync(dist, warmDist, { recursive: true });
writeFileSync(join(warmDist, "quarry.config.json"), `${JSON.stringify({ server: { warmupPaths: [PAGE] } })}\n`);
const db = await startDatabase(join(site, "_db"), log);
const load = new LoadGenerator();

interface WarmRow {
  connections: number;
  quarry: number[];
  hand: number[];
  ratio: number[];
  quarryMs: number[];
  handMs: number[];
}
/** One server's cold figures, a value a round: mean and longest of its first requests, its ratio to the hand-written route's mean, its start. */
interface ColdRow {
  mean: number[];
  max: number[];
  ratio: number[];
  startMs: number[];
}
const COLD_SERVERS = ["quarry", "quarry-warm", "hand"] as const;
type ColdServer = (typeof COLD_SERVERS)[number];

const check = (r: LoadResult, what: string) => {
  if (r.errors || r.timeouts || r.non2xx || r.mismatches)
    throw new BenchError(
      `${what}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx, ${r.mismatches} wrong bodies`,
    );
  return r;
};

try {
  // Warm.
  log(`warm: ${ROUNDS} rounds × ${CONNECTIONS.join(", ")} connections × ${DURATION} s per server`);
  const quarry = await startQuarry(dist, db.url);
  const hand = await startHand(db.url);
  const warm: WarmRow[] = CONNECTIONS.map((connections) => ({
    connections,
    quarry: [],
    hand: [],
    ratio: [],
    quarryMs: [],
    handMs: [],
  }));
  try {
    const bodies = { quarry: await body(quarry.base), hand: await body(hand.base) };
    if (image(bodies.quarry) !== image(bodies.hand))
      throw new BenchError("Quarry's /mandelbrot and the hand-written one differ: fix the baseline first");
    const job = (base: string, expect: string, connections: number, duration: number) =>
      load.run({ url: base + PAGE, connections, duration, expectBody: expect });
    for (const [s, b] of [
      [quarry, bodies.quarry],
      [hand, bodies.hand],
    ] as const)
      check(await job(s.base, b, 16, WARMUP), `warm-up ${s.spec.name}`);
    for (let r = 0; r < ROUNDS; r++) {
      for (const row of warm) {
        const order = r % 2 === 0 ? (["quarry", "hand"] as const) : (["hand", "quarry"] as const);
        const got: Record<string, LoadResult> = {};
        for (const who of order) {
          const s = who === "quarry" ? quarry : hand;
          got[who] = check(await job(s.base, bodies[who], row.connections, DURATION), `${who} round ${r + 1}`);
        }
        row.quarry.push(got.quarry!.rps);
        row.hand.push(got.hand!.rps);
        row.ratio.push(got.hand!.rps / got.quarry!.rps);
        // Mean time a request took, by Little's law (autocannon's latency histogram counts whole ms).
        row.quarryMs.push((row.connections * 1000) / got.quarry!.rps);
        row.handMs.push((row.connections * 1000) / got.hand!.rps);
        log(
          `round ${r + 1}, ${row.connections} conn: quarry ${Math.round(got.quarry!.rps)}/s, hand ${Math.round(got.hand!.rps)}/s, ratio ${row.ratio.at(-1)!.toFixed(2)}`,
        );
      }
    }
  } finally {
    await quarry.stop();
    await hand.stop();
  }

  // Cold: a fresh process each time, its first 20 requests.
  log(`cold: ${ROUNDS} rounds × first ${COLD} requests of a fresh start per server`);
  const coldRow = (): ColdRow => ({ mean: [], max: [], ratio: [], startMs: [] });
  const cold: Record<ColdServer, ColdRow> = { quarry: coldRow(), "quarry-warm": coldRow(), hand: coldRow() };
  for (let r = 0; r < ROUNDS; r++) {
    const order = COLD_SERVERS.map((_, i) => COLD_SERVERS[(i + r) % COLD_SERVERS.length]!);
    const got = {} as Record<ColdServer, { mean: number; max: number }>;
    for (const who of order) {
      const t0 = performance.now();
      const s =
        who === "hand" ? await startHand(db.url) : await startQuarry(who === "quarry" ? dist : warmDist, db.url);
      cold[who].startMs.push(performance.now() - t0);
      try {
        // One connection, one request after another; the body is checked against the pattern of
        // the page only (the first request is the one measured, not fetched before).
        const res = check(
          await load.run({
            url: s.base + PAGE,
            connections: 1,
            duration: 0,
            amount: COLD,
            expectPattern: "<h1>Mandelbrot</h1>",
            maxSeconds: 120,
          }),
          `cold ${who} round ${r + 1}`,
        );
        got[who] = res.exact!;
      } finally {
        await s.stop();
      }
    }
    for (const who of COLD_SERVERS) {
      cold[who].mean.push(got[who].mean);
      cold[who].max.push(got[who].max);
      cold[who].ratio.push(got[who].mean / got.hand.mean);
    }
    log(
      `cold round ${r + 1}: ${COLD_SERVERS.map((w) => `${w} mean ${got[w].mean.toFixed(2)} ms (max ${got[w].max.toFixed(1)})`).join(", ")}`,
    );
  }

  const x2 = (n: number) => `${n.toFixed(2)}×`;
  const spread = (xs: number[]) => `${x2(median(xs))} (${x2(Math.min(...xs))}–${x2(Math.max(...xs))})`;
  const n0 = (n: number) => Math.round(n).toLocaleString("en-US");
  const ms = (n: number) => `${n.toFixed(1)}`;
  const ms2 = (n: number) => `${n.toFixed(2)}`;
  const verdict = (xs: number[]) => (median(xs) <= 1.3 ? "✓" : "✗");
  const markdown = [
    `\`/mandelbrot\` (the sample site's page as served: 72 × 32 points, 256 iterations, ASCII art, with the site's layout) on \`quarry start --workers 1\` of a \`quarry build\` of templates/, against bench/hand.ts's plain-JS Fastify route computing the same image, one process each, the load generator (autocannon) in a third; all three and Postgres share the machine's cores. Target (issue 26): Quarry ≤ 1.3× the hand-written route's time per page.`,
    "",
    `Warm: after ${WARMUP} s of warm-up each, ${ROUNDS} interleaved rounds of ${DURATION} s per server (the order turning each round); rates and mean times are medians over rounds (a mean time is connections ÷ req/s); the ratio is hand req/s ÷ Quarry req/s taken within each round, median (min–max).`,
    "",
    mdTable(
      ["connections", "Quarry req/s", "hand req/s", "Quarry ÷ hand (time per page)", "Quarry mean ms", "hand mean ms"],
      warm.map((w) => [
        String(w.connections),
        n0(median(w.quarry)),
        n0(median(w.hand)),
        `${spread(w.ratio)} ${verdict(w.ratio)}`,
        ms2(median(w.quarryMs)),
        ms2(median(w.handMs)),
      ]),
    ),
    "",
    `Cold: ${ROUNDS} rounds; in each, each server started afresh (the order turning) and sent its first ${COLD} requests one after another, timed by the load generator as each response came (not autocannon's histogram, which counts whole milliseconds); mean and longest of those ${COLD} (medians over rounds); the ratio is the server's mean ÷ the hand-written route's, per round, median (min–max). Quarry twice: the build as it is, and the same build with \`"server": { "warmupPaths": ["${PAGE}"] }\` in its config (docs/server.md, Warm-up: ${SERVER_DEFAULTS.warmupRequests} requests of itself before it listens). Start: from spawning \`quarry start\` (or the hand-written server) to its listening, median.`,
    "",
    mdTable(
      ["server", "mean ms (first 20)", "longest ms", "÷ hand", "start ms"],
      COLD_SERVERS.map((who) => [
        who === "quarry" ? "Quarry" : who === "quarry-warm" ? "Quarry, warm-up" : "hand-written",
        ms2(median(cold[who].mean)),
        ms(median(cold[who].max)),
        who === "hand" ? "" : `${spread(cold[who].ratio)} ${verdict(cold[who].ratio)}`,
        n0(median(cold[who].startMs)),
      ]),
    ),
  ].join("\n");
  process.stdout.write(`${markdown}\n`);
  const command = commandLine("bench:cpu", ["BENCH_ROUNDS", "BENCH_DURATION", "BENCH_WARMUP"]);
  writeSection({
    name: "cpu-page",
    title: "The CPU page served (`npm run bench:cpu`)",
    command,
    markdown,
    loadAtStart,
  });
  if (process.env.BENCH_WRITE !== "0") {
    const out = here("../../bench/results");
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, "cpu-page.json"),
      `${JSON.stringify({ command, date: new Date().toISOString(), loadAtStart, loadAtEnd: loadavg(), warm, cold }, null, 2)}\n`,
    );
  }
} finally {
  await load.stop();
  await db.stop();
  rmSync(dist, { recursive: true, force: true });
  rmSync(warmDist, { recursive: true, force: true });
}
