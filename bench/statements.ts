// npm run bench:statements — named prepared statements (planned once per connection) against
// unnamed ones (parsed and planned on every execution), through Quarry's Datasources, on the
// sample site's tables in an embedded Postgres: the Fortunes query, a one-row lookup by key,
// and the access-log aggregate. Rounds alternate named and unnamed so both see the same
// machine; the table gives each one's median queries/s and the ratio named ÷ unnamed.
// BENCH_ROUNDS (5) and BENCH_QUERIES (3000 per cell) size it; BENCH_CONCURRENCY (8) queries
// run at once on a pool of as many connections.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbedded } from "../datasources/postgres/embedded.js";
import { parseConfig } from "../config/site.js";
import { Datasources } from "../datasources/registry.js";
import { commandLine, writeSection } from "./results-file.js";

const loadAtStart = loadavg();

const site = fileURLToPath(new URL("../../templates", import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const perCell = Number(process.env.BENCH_QUERIES ?? 3000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);

const QUERIES: { name: string; sql: string; params: () => unknown[]; n: number }[] = [
  {
    name: "fortunes: SELECT id, message FROM fortune",
    sql: "SELECT id, message FROM fortune",
    params: () => [],
    n: perCell,
  },
  {
    name: "lookup: SELECT * FROM author WHERE au_id = $1",
    sql: "SELECT * FROM author WHERE au_id = $1",
    params: () => ["409-56-7008"],
    n: perCell,
  },
  {
    name: "report: SUM(bytes) … GROUP BY ip (50,000 rows)",
    sql: "SELECT ip, SUM(bytes) AS bytes FROM access_log WHERE status = $1 GROUP BY ip ORDER BY ip",
    params: () => [200],
    n: Math.max(20, Math.round(perCell / 100)),
  },
];

const dir = mkdtempSync(join(tmpdir(), "quarry-bench-statements-"));
const pg = await startEmbedded({ dataDir: dir, seedDir: join(site, "_db"), ephemeral: true });
const sources = (prepared: boolean) =>
  new Datasources(
    parseConfig(
      { datasources: { main: { url: pg.url, max: concurrency, preparedStatements: prepared } } },
      "(bench)",
      {},
    ),
    { main: pg.url },
  );
const variants = { named: sources(true), unnamed: sources(false) };

async function cell(db: Datasources, sql: string, params: () => unknown[], n: number): Promise<number> {
  const ds = db.get(undefined);
  let left = n;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await db.query(ds, null, sql, params());
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: Record<string, Record<string, number[]>> = {};
try {
  // Warm-up: every connection opened and every statement prepared once.
  for (const db of Object.values(variants)) for (const q of QUERIES) await cell(db, q.sql, q.params, concurrency * 4);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? (["named", "unnamed"] as const) : (["unnamed", "named"] as const);
    for (const q of QUERIES) {
      for (const v of order) ((results[q.name] ??= {})[v] ??= []).push(await cell(variants[v], q.sql, q.params, q.n));
    }
  }
} finally {
  for (const db of Object.values(variants)) await db.close();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}

const rows = Object.entries(results).map(([name, r]) => {
  const named = median(r.named!);
  const unnamed = median(r.unnamed!);
  return `| ${name} | ${Math.round(named)} | ${Math.round(unnamed)} | ${(named / unnamed).toFixed(2)} |`;
});
const markdown = `Quarry's \`Datasources.query\` on an embedded Postgres, two pools of ${concurrency} connections (named and unnamed statements, both on the extended protocol), ${concurrency} queries at once, ${rounds} rounds alternating which goes first, ${perCell} queries per cell (a hundredth for the report query); medians of the rounds.

| query | named q/s | unnamed q/s | named ÷ unnamed |
|---|---:|---:|---:|
${rows.join("\n")}`;
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "statements",
  title: "Named against unnamed prepared statements (`npm run bench:statements`)",
  command: commandLine("bench:statements", ["BENCH_ROUNDS", "BENCH_QUERIES", "BENCH_CONCURRENCY"]),
  markdown,
  loadAtStart,
});
