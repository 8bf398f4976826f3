// npm run bench:qoq — query of queries (engine/qoq.ts) on 10,000 rows of a queryNew-made
// query: a filter and a sort, a group with aggregates, a join, each timed per run in the page
// as `dbt:query dbtype="query"` runs it (parsed once, then evaluated). Issue 25 asks for the
// filter and sort in ≤ 50 ms on this machine.
import { loadavg } from "node:os";
import { Bench } from "tinybench";
import { RenderContext, scopesFrom } from "../engine/context.js";
import { Engine } from "../engine/engine.js";
import { newPageState } from "../engine/page.js";
import { queryOfQueries } from "../engine/qoq.js";
import { QueryResult, newStruct } from "../engine/values.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";

const loadAtStart = loadavg();
const N = 10_000;
const products = new QueryResult(
  ["id", "name", "price", "cat"],
  Array.from({ length: N }, (_x, i) =>
    Object.assign(newStruct(), {
      id: i + 1,
      name: `item ${(i * 7919) % N}`,
      price: ((i * 37) % 1000) / 10,
      cat: i % 20,
    }),
  ),
);
const cats = new QueryResult(
  ["id", "title"],
  Array.from({ length: 20 }, (_x, i) => Object.assign(newStruct(), { id: i, title: `cat ${i}` })),
);
const engine = new Engine({ root: process.cwd(), mode: "compiled" });
const loc = { file: "bench", line: 1, column: 1, start: 0, end: 0 };

const cases = [
  {
    name: "filter and sort 10,000 rows",
    sql: "SELECT id, name, price FROM products WHERE price < $1 ORDER BY price DESC, name",
    params: [50],
  },
  {
    name: "group 10,000 rows into 20 with aggregates",
    sql: "SELECT cat, count(*) AS n, sum(price) AS total, max(name) AS last FROM products GROUP BY cat ORDER BY total DESC",
    params: [],
  },
  {
    name: "join 10,000 rows to 20",
    sql: "SELECT p.id, c.title FROM products p JOIN cats c ON c.id = p.cat WHERE p.price > $1",
    params: [90],
  },
];

function run(sql: string, params: unknown[]): number {
  const scopes = scopesFrom({});
  Object.assign(scopes.variables, { products, cats });
  const ctx = new RenderContext(scopes, engine, engine.limits, newPageState(null, 60_000));
  return queryOfQueries(ctx, sql, params, loc).recordCount;
}

const bench = new Bench({ time: Number(process.env.BENCH_MS ?? 1000), warmup: true });
for (const c of cases) bench.add(c.name, () => void run(c.sql, c.params));
await bench.run();
const rows = cases.map((c) => {
  const t = bench.tasks.find((x) => x.name === c.name)!;
  if (t.result.state !== "completed") throw new Error(`${c.name}: ${t.result.state}`);
  const { latency } = t.result;
  return [c.name, String(run(c.sql, c.params)), latency.p50.toFixed(1), latency.p99.toFixed(1), latency.max.toFixed(1)];
});
const markdown = `tinybench, ${Number(process.env.BENCH_MS ?? 1000)} ms per case, milliseconds per run.\n\n${mdTable(["work", "rows out", "p50 ms", "p99 ms", "max ms"], rows)}`;
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "qoq",
  title: "Query of queries on 10,000 rows (`npm run bench:qoq`)",
  command: commandLine("bench:qoq", ["BENCH_MS"]),
  markdown,
  loadAtStart,
});
