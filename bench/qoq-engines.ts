// npm run bench:qoq-engines — which engine should run query of queries? The same three
// statements of npm run bench:qoq (10,000 rows of a page's query filtered and sorted, grouped,
// joined to 20 rows) on three engines, each given the page's rows as they are at run time:
//   quarry   engine/qoq.ts: pgsql-ast-parser's tree, evaluated in the page on its clock;
//   postgres the site's Postgres, the rows sent as one jsonb parameter (jsonb_to_recordset), the
//            answer read back as rows (one round trip on a loopback connection);
//   sqlite   SQLite built for WebAssembly (sql.js), the rows inserted into a temporary table
//            with a prepared statement in one transaction, then the SELECT.
// Rounds interleave the engines (the order turns each round) so that each sees the same machine;
// a cell is BENCH_RUNS runs of one statement, timed one by one. It also times what each engine
// does with a statement that would run for minutes (a cross join counted): Quarry's stops at
// the page's time limit; SQLite's holds the event loop until it ends, every other visitor waiting.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { SqlJsStatic } from "sql.js";
import { RenderContext, scopesFrom } from "../engine/context.js";
import { Engine } from "../engine/engine.js";
import { newPageState } from "../engine/page.js";
import { queryOfQueries } from "../engine/qoq.js";
import { QueryResult, newStruct } from "../engine/values.js";
import { startEmbedded } from "../datasources/postgres/embedded.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";

const loadAtStart = loadavg();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const N = 10_000;

const productRows = Array.from({ length: N }, (_x, i) =>
  Object.assign(newStruct(), { id: i + 1, name: `item ${(i * 7919) % N}`, price: ((i * 37) % 1000) / 10, cat: i % 20 }),
);
const catRows = Array.from({ length: 20 }, (_x, i) => Object.assign(newStruct(), { id: i, title: `cat ${i}` }));
const tables = {
  products: {
    columns: ["id", "name", "price", "cat"],
    types: ["integer", "text", "float8", "integer"],
    rows: productRows,
  },
  cats: { columns: ["id", "title"], types: ["integer", "text"], rows: catRows },
};

/** The statements, written once with Quarry's $n parameters; each engine is given them as they are. */
const CASES = [
  {
    name: "filter and sort 10,000 rows",
    sql: "SELECT id, name, price FROM products WHERE price < $1 ORDER BY price DESC, name",
    params: [50],
  },
  {
    name: "group 10,000 rows into 20",
    sql: "SELECT cat, count(*) AS n, sum(price) AS total, max(name) AS last FROM products GROUP BY cat ORDER BY total DESC",
    params: [],
  },
  {
    name: "join 10,000 rows to 20",
    sql: "SELECT p.id, c.title FROM products p JOIN cats c ON c.id = p.cat WHERE p.price > $1 ORDER BY p.id",
    params: [90],
  },
];

type Run = (sql: string, params: unknown[]) => Promise<number>;

// Quarry: the statement as `dbt:query dbtype="query"` runs it.
const engine = new Engine({ root: process.cwd(), mode: "compiled" });
const loc = { file: "bench", line: 1, column: 1, start: 0, end: 0 };
const quarryContext = (timeoutMs: number) => {
  const scopes = scopesFrom({});
  Object.assign(scopes.variables, {
    products: new QueryResult(tables.products.columns, productRows),
    cats: new QueryResult(tables.cats.columns, catRows),
  });
  return new RenderContext(scopes, engine, engine.limits, newPageState(null, timeoutMs));
};
const quarry: Run = (sql, params) =>
  Promise.resolve(queryOfQueries(quarryContext(60_000), sql, params, loc).recordCount);

// Postgres: each query variable a CTE over one jsonb parameter, the statement's own $n moved after them.
const dir = mkdtempSync(join(tmpdir(), "quarry-bench-qoq-"));
const server = await startEmbedded({ dataDir: dir, seedDir: null, ephemeral: true });
const client = new pg.Client({ connectionString: server.url });
await client.connect();
const names = Object.keys(tables) as (keyof typeof tables)[];
const ctes = names
  .map((t, i) => {
    const cols = tables[t].columns.map((c, j) => `${c} ${tables[t].types[j]!}`).join(", ");
    return `${t} AS (SELECT * FROM jsonb_to_recordset($${i + 1}::jsonb) AS r(${cols}))`;
  })
  .join(", ");
const postgres: Run = async (sql, params) => {
  const shifted = sql.replace(/\$(\d+)/g, (_m, n: string) => `$${Number(n) + names.length}`);
  const data = names.map((t) => JSON.stringify(tables[t].rows));
  const r = await client.query(`WITH ${ctes} ${shifted}`, [...data, ...params]);
  return r.rows.length;
};

// SQLite (WebAssembly): the page's rows copied in, then the statement.
const initSqlJs = createRequire(import.meta.url)("sql.js") as (o?: object) => Promise<SqlJsStatic>;
const SQL = await initSqlJs();
const db = new SQL.Database();
const load = (t: keyof typeof tables) => {
  const { columns, rows } = tables[t];
  db.run(`CREATE TEMP TABLE ${t} (${columns.join(", ")})`);
  const insert = db.prepare(`INSERT INTO ${t} VALUES (${columns.map(() => "?").join(", ")})`);
  for (const row of rows) insert.run(columns.map((c) => row[c] as number | string));
  insert.free();
};
const sqlite: Run = (sql, params) => {
  db.run("BEGIN");
  try {
    for (const t of names) load(t);
    const st = db.prepare(sql.replace(/\$(\d+)/g, "?$1"));
    st.bind(params as number[]);
    let n = 0;
    while (st.step()) {
      st.getAsObject();
      n++;
    }
    st.free();
    return Promise.resolve(n);
  } finally {
    db.run("ROLLBACK");
  }
};

const ENGINES: Record<string, Run> = { quarry, postgres, sqlite };
const times: Record<string, Record<string, number[]>> = {};
const counts: Record<string, Record<string, number>> = {};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Each round's median per engine and case: the spread of the rounds. */
const roundMedians: Record<string, Record<string, number[]>> = {};
const stall = { quarry: "", sqlite: "" };
try {
  const order = Object.keys(ENGINES);
  for (const name of order) for (const c of CASES) await ENGINES[name]!(c.sql, c.params); // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    const turn = [...order.slice(r % order.length), ...order.slice(0, r % order.length)];
    for (const c of CASES) {
      for (const name of turn) {
        const run = ENGINES[name]!;
        const cell: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const start = performance.now();
          const n = await run(c.sql, c.params);
          cell.push(performance.now() - start);
          (counts[c.name] ??= {})[name] = n;
        }
        ((times[c.name] ??= {})[name] ??= []).push(...cell);
        ((roundMedians[c.name] ??= {})[name] ??= []).push(median(cell));
      }
    }
  }
  // A long statement: 3,000 × 10,000 rows joined and counted, with a page time limit of 200 ms.
  const cross =
    "SELECT count(*) AS n FROM products a CROSS JOIN products b WHERE a.id <= 3000 AND a.price + b.price > $1";
  let start = performance.now();
  try {
    queryOfQueries(quarryContext(200), cross, [-1], loc);
    stall.quarry = `ended after ${(performance.now() - start).toFixed(0)} ms`;
  } catch (e) {
    stall.quarry = `${(e as { code?: string }).code ?? String(e)} after ${(performance.now() - start).toFixed(0)} ms`;
  }
  start = performance.now();
  await sqlite(cross, [-1]);
  stall.sqlite = `ended after ${(performance.now() - start).toFixed(0)} ms, the event loop held throughout`;
} finally {
  await client.end();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  db.close();
}

const rows: string[][] = [];
for (const c of CASES) {
  const n = counts[c.name]!;
  if (new Set(Object.values(n)).size !== 1)
    throw new Error(`${c.name}: the engines disagree on the rows: ${JSON.stringify(n)}`);
  const q = median(times[c.name]!.quarry!);
  for (const name of Object.keys(ENGINES)) {
    const all = times[c.name]![name]!;
    const rm = roundMedians[c.name]![name]!;
    rows.push([
      c.name,
      name,
      String(n[name]),
      median(all).toFixed(1),
      `${Math.min(...rm).toFixed(1)}–${Math.max(...rm).toFixed(1)}`,
      (median(all) / q).toFixed(2),
    ]);
  }
}
const markdown = `${ROUNDS} rounds, engines interleaved (order turned each round), ${RUNS} runs per cell, each run timed; Postgres embedded, on loopback.

${mdTable(["statement", "engine", "rows out", "median ms", "rounds' medians ms", "÷ quarry"], rows)}

A cross join of 3,000 × 10,000 rows counted, the page's time limit 200 ms: quarry ${stall.quarry}; sqlite ${stall.sqlite}.`;
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "qoq-engines",
  title: "Query of queries: Quarry's evaluator, Postgres and SQLite (`npm run bench:qoq-engines`)",
  command: commandLine("bench:qoq-engines", ["BENCH_ROUNDS", "BENCH_RUNS"]),
  markdown,
  loadAtStart,
});
