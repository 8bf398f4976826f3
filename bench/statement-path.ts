// npm run bench:statement-path — what one statement costs the serving process on its way
// through Quarry's Datasources.query (strategies pool and pipeline) against node-postgres's own
// pg.Pool (connect, query, release: bench/hand.ts's pool route), in one process on an embedded
// Postgres with the sample site's tables: the process's CPU per statement (process.cpuUsage:
// user and system, not Postgres's) and the bytes it allocates per statement (V8's sampling heap
// profiler, counting the objects collected since). A served page pays this for every query;
// the HTTP benchmarks see it only through their noise. BENCH_ROUNDS (7) rounds, the variants'
// order turning each round, BENCH_QUERIES (6000) statements per cell, on pools of 10 connections,
// one at a time (a site with one visitor) and 16 at once (BENCH_CONCURRENCY: "1,16").
import { Session } from "node:inspector/promises";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startEmbedded } from "../datasources/postgres/embedded.js";
import { parseConfig } from "../config/site.js";
import { Datasources } from "../datasources/registry.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";

const loadAtStart = loadavg();

const site = fileURLToPath(new URL("../../templates", import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const perCell = Number(process.env.BENCH_QUERIES ?? 6000);
const concurrencies = (process.env.BENCH_CONCURRENCY ?? "1,16").split(",").map(Number);
if (concurrencies.some((c) => !Number.isInteger(c) || c < 1))
  throw new Error(`BENCH_CONCURRENCY must be a list of positive integers, got ${process.env.BENCH_CONCURRENCY}`);
const MAX = 10;

const STATEMENTS = [
  { name: "one row by key", sql: "SELECT * FROM author WHERE au_id = $1", params: ["409-56-7008"] },
  { name: "Fortunes (12 rows)", sql: "SELECT id, message FROM fortune", params: [] },
];

const dir = mkdtempSync(join(tmpdir(), "quarry-bench-statement-path-"));
const db = await startEmbedded({ dataDir: dir, seedDir: join(site, "_db"), ephemeral: true });

const quarry = (strategy: string) =>
  new Datasources(parseConfig({ datasources: { main: { url: db.url, max: MAX, strategy } } }, "(bench)", {}), {
    main: db.url,
  });
const sources = { pool: quarry("pool"), pipeline: quarry("pipeline") };
const pool = new pg.Pool({ connectionString: db.url, max: MAX });

type Run = (sql: string, params: unknown[]) => Promise<unknown>;
const via = (d: Datasources): Run => {
  const ds = d.get(undefined);
  return (sql, params) => d.query(ds, null, sql, params);
};
const VARIANTS: [string, Run][] = [
  ["Quarry, strategy pool", via(sources.pool)],
  ["Quarry, strategy pipeline", via(sources.pipeline)],
  [
    "pg.Pool",
    async (sql, params) => {
      const client = await pool.connect();
      try {
        return (await client.query(sql, params)).rows as unknown[];
      } finally {
        client.release();
      }
    },
  ],
];
const BASELINE = VARIANTS.length - 1;

/** n statements, `concurrency` at once: the process's CPU µs per statement. */
async function cell(run: Run, sql: string, params: unknown[], n: number, concurrency: number): Promise<number> {
  let left = n;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await run(sql, params);
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

/** Bytes allocated per statement over n statements (sampled every 512 bytes, collected ones too). */
async function allocated(
  session: Session,
  run: Run,
  sql: string,
  params: unknown[],
  n: number,
  concurrency: number,
): Promise<number> {
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await cell(run, sql, params, n, concurrency);
  const { profile } = await session.post("HeapProfiler.stopSampling");
  let bytes = 0;
  const walk = (node: typeof profile.head): void => {
    bytes += node.selfSize;
    for (const c of node.children) walk(c);
  };
  walk(profile.head);
  return bytes / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
const rows: string[][] = [];
try {
  // Warm-up, 16 at once: every connection open, every statement prepared, every function optimised.
  for (const s of STATEMENTS) for (const [, run] of VARIANTS) await cell(run, s.sql, s.params, perCell, 16);
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.enable");
  for (const s of STATEMENTS)
    for (const at of concurrencies) {
      const cpu: number[][] = VARIANTS.map(() => []);
      const ratios: number[][] = VARIANTS.map(() => []);
      for (let r = 0; r < rounds; r++) {
        const order = VARIANTS.map((_, i) => (i + r) % VARIANTS.length);
        const round: number[] = [];
        for (const v of order) round[v] = await cell(VARIANTS[v]![1], s.sql, s.params, perCell, at);
        round.forEach((us, v) => {
          cpu[v]!.push(us);
          ratios[v]!.push(us / round[BASELINE]!);
        });
      }
      const bytes: number[] = [];
      for (const [, run] of VARIANTS) bytes.push(await allocated(session, run, s.sql, s.params, perCell, at));
      VARIANTS.forEach(([name], v) =>
        rows.push([
          s.name,
          String(at),
          name,
          median(cpu[v]!).toFixed(1),
          v === BASELINE ? "" : `${median(ratios[v]!).toFixed(2)}× (${range(ratios[v]!)})`,
          (bytes[v]! / 1024).toFixed(1),
        ]),
      );
    }
  session.disconnect();
} finally {
  // Whatever failed above is what the run reports: the pool's clients, ended by the server's
  // stop, must not fail it again as an unhandled 'error'.
  pool.on("error", () => {});
  for (const d of Object.values(sources)) await d.close().catch((err: unknown) => console.error(err));
  await pool.end().catch((err: unknown) => console.error(err));
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}

const markdown = `${rounds} rounds of ${perCell} statements per variant and number at once (one at a time: a site with one visitor), on pools of ${MAX} connections, the order of the variants turning each round; the process's CPU (user + system) per statement, median over rounds, and its ratio to pg.Pool's taken within each round, median (min–max); KB allocated per statement in one more pass of each, with the sampling heap profiler on (which the CPU figures are taken without).

${mdTable(["statement", "at once", "through", "CPU µs / statement", "÷ pg.Pool", "KB allocated / statement"], rows)}`;
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "statement-path",
  title:
    "One statement's cost in the serving process: Quarry's Datasources against pg.Pool (`npm run bench:statement-path`)",
  command: commandLine("bench:statement-path", ["BENCH_ROUNDS", "BENCH_QUERIES", "BENCH_CONCURRENCY"]),
  markdown,
  loadAtStart,
});
