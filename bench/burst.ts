// npm run bench:burst — issue 26's slow-query case: BURST (20) requests at once of a page whose
// one statement runs 1.5 s (bench/slow-site/slow.dbt), on a freshly started server with the
// default datasource config (strategy pipeline, max 10), then a second burst on the same
// server (the statement now known to the datasource). Per burst: the time until the last
// answer (the longest latency: the generator's own start and end are not counted), the
// answers' statuses and their median latency. A pool of 10 answers 20 in about
// ceil(20 / 10) × 1.5 s = 3 s.
// The load generator is autocannon in its own process (bench/loadgen.ts); each server in its
// own process (bench/server-child.ts). A/B: BENCH_BASELINE=<folder of another built Quarry
// checkout> serves the same site with that Quarry too, in the same rounds (order alternating),
// and the table adds the ratio of the last-answer times within each round (median over rounds).
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";
import { LoadGenerator, median, startDatabase, startServer } from "./runner.js";
import type { ServerSpec } from "./spec.js";

const loadAtStart = loadavg();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BURST = Number(process.env.BURST ?? 20);
const site = fileURLToPath(new URL("../../bench/slow-site", import.meta.url));
const baseline = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
if (baseline && !existsSync(join(baseline, "build", "bench", "server-child.js")))
  throw new Error(`BENCH_BASELINE=${baseline}: no build/bench/server-child.js there (run npm run build in it)`);

const servers: ServerSpec[] = [
  ...(baseline
    ? [
        {
          name: `@${basename(baseline)}`,
          kind: "quarry" as const,
          root: site,
          mode: "compiled" as const,
          quarry: baseline,
        },
      ]
    : []),
  { name: "this Quarry", kind: "quarry", root: site, mode: "compiled" },
];

interface Burst {
  /** Seconds until the last answer: the longest latency. */
  lastS: number;
  ok: number;
  failed: number;
  p50: number;
}
/** results[server][burst] = one Burst per round. */
const results = servers.map(() => [[], []] as Burst[][]);

const log = (m: string) => process.stderr.write(`${m}\n`);
const db = await startDatabase(null, log);
const load = new LoadGenerator();
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = servers.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const server = await startServer(servers[i]!, db.url);
      try {
        for (const burst of [0, 1]) {
          const r = await load.run({
            url: `${server.base}/slow`,
            connections: BURST,
            amount: BURST,
            duration: 0,
            timeoutS: 30,
          });
          const failed = r.non2xx + r.errors + r.timeouts + r.mismatches;
          const b: Burst = {
            lastS: r.latency.max / 1000,
            ok: r.requests - failed,
            failed,
            p50: r.latency.p50,
          };
          results[i]![burst]!.push(b);
          log(
            `round ${round + 1} ${servers[i]!.name} burst ${burst + 1}: ${b.ok} ok, ${b.failed} failed, last answer after ${b.lastS.toFixed(2)} s`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await load.stop();
  await db.stop();
}

const fmt = (xs: number[], digits: number) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
const rows: string[][] = [];
for (const burst of [0, 1]) {
  servers.forEach((s, i) => {
    const bs = results[i]![burst]!;
    const ratio =
      baseline && i > 0
        ? `${median(bs.map((b, r) => b.lastS / results[0]![burst]![r]!.lastS)).toFixed(2)}×`
        : baseline
          ? "1.00×"
          : "—";
    rows.push([
      burst === 0 ? "first (statement new)" : "second (statement known)",
      s.name,
      fmt(
        bs.map((b) => b.lastS),
        2,
      ),
      ratio,
      `${bs.reduce((n, b) => n + b.ok, 0)} / ${bs.reduce((n, b) => n + b.failed, 0)}`,
      median(bs.map((b) => b.p50)).toFixed(0),
    ]);
  });
}
const markdown = [
  `${BURST} requests at once of \`/slow\` (one \`SELECT pg_sleep(1.5)\`) on a server started for the round, default datasource config (strategy pipeline, max 10); ${ROUNDS} rounds, servers alternating. Last answer: the longest latency of the burst (a page past the 10 s request limit is answered 503 then), median (min–max) over rounds; ratio: ÷ the first server's, within a round, median. A pool of 10 would answer the last after about 3 s.`,
  "",
  mdTable(
    ["burst", "server", "last answer s", "÷ first", "answered 2xx / failed (all rounds)", "latency p50 ms"],
    rows,
  ),
].join("\n");
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "burst",
  title: "Slow statements at once (`npm run bench:burst`)",
  command: commandLine("bench:burst", ["BENCH_ROUNDS", "BURST", "BENCH_BASELINE"]),
  markdown,
  loadAtStart,
});
