// npm run bench:render — renders three pages in compiled mode, interpreted mode and as
// hand-written string building, and prints renders/s and each mode's ratio to hand-written.
// Run on a quiet machine and compare the ratios within one run.
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { Bench } from "tinybench";
import { Engine } from "../engine/engine.js";
import { scopesFrom } from "../engine/context.js";
import { QueryResult, escapeHtml, numToStr } from "../engine/values.js";

const root = fileURLToPath(new URL("../../bench/pages", import.meta.url));

const fortunes = new QueryResult(["id", "message"], [
  "fortune: No such file or directory", "A computer scientist is someone who fixes things that aren't broken.",
  "After enough decimal places, nobody gives a damn.", "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1",
  "A computer program does what you tell it to do, not what you want it to do.", "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen",
  "Any program that runs right is obsolete.", "A list is only as strong as its weakest link. — Donald Knuth", "Feature: A bug with seniority.",
  "Computers make very fast, very accurate mistakes.", '<script>alert("This should not be displayed in a browser alert box.");</script>',
  "フレームワークのベンチマーク", "Additional fortune added at request time.",
].map((message, i) => ({ id: i + 1, message })));

const user = Object.assign(Object.create(null) as Record<string, unknown>, {
  name: "Ann O'Neil", email: "ann@example.com", city: "Oslo", plan: "gold", lastLogin: "2024-03-01",
  points: 1250, level: 7, manager: "Bo <Boss>", team: "R&D", office: "B-12",
});

const rows = new QueryResult(["id", "name", "price"], Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}`, price: (i * 3.7).toFixed(2) })));

const FIELDS = ["name", "email", "city", "plan", "lastLogin", "points", "level", "manager", "team", "office"];
const PARA = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ";

// Hand-written baselines: the same output, built with plain string concatenation.
const hand = {
  fortunes(): string {
    let o = '<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>\n';
    for (const r of fortunes.rows) o += `<tr><td>${numToStr(r.id as number)}</td><td>${escapeHtml(r.message as string)}</td></tr>`;
    return `${o}\n</table></body></html>\n`;
  },
  personalised(): string {
    const u = user;
    const put = (v: unknown) => (typeof v === "number" ? numToStr(v) : escapeHtml(v as string));
    let o = `<html><head><title>Welcome, ${put(u.name)}</title></head><body>`;
    for (let i = 0; i < 20; i++) {
      const f = FIELDS[i % FIELDS.length]!;
      o += `\n<p>${PARA}Your ${f}: <b>${put(u[f])}</b>.</p>`;
    }
    return `${o}\n</body></html>\n`;
  },
  table(): string {
    let o = "<table>\n";
    for (const r of rows.rows) {
      const id = r.id as number;
      o += `<tr><td>${numToStr(id)}</td><td>${escapeHtml(r.name as string)}</td>`;
      for (let j = 1; j <= 5; j++) o += `<td>${numToStr(id * j)}</td>`;
      o += id % 2 === 0 ? `<td class="even">${escapeHtml(r.price as string)}</td>` : `<td>${escapeHtml(r.price as string)}</td>`;
      o += "</tr>\n";
    }
    return `${o}</table>\n`;
  },
};

const pages = [
  { name: "fortunes", file: "fortunes.dbt", data: { variables: {} }, vars: { fortunes } },
  { name: "personalised", file: "personalised.dbt", data: { variables: {} }, vars: { user } },
  { name: "table", file: "table.dbt", data: { variables: {} }, vars: { rows } },
] as const;

const engines = { compiled: new Engine({ root, mode: "compiled" }), interpreted: new Engine({ root, mode: "interpreted" }) };

function scopes(vars: Record<string, unknown>) {
  const s = scopesFrom({});
  Object.assign(s.variables, vars);
  return s;
}

for (const p of pages) {
  const a = await engines.compiled.render(p.file, scopes(p.vars));
  const b = await engines.interpreted.render(p.file, scopes(p.vars));
  const h = (hand[p.name] as () => string)();
  if (a !== b || a !== h) throw new Error(`${p.name}: the three renderings differ; fix the baseline before measuring`);
}

const bench = new Bench({ time: Number(process.env.BENCH_MS ?? 1000), warmup: true });
for (const p of pages) {
  const s = scopes(p.vars);
  // Every output is flattened (Buffer.byteLength), as a socket write would: a concatenated
  // string left as a rope would flatter whichever side builds it lazily.
  bench.add(`${p.name} hand-written`, () => void Buffer.byteLength((hand[p.name] as () => string)()));
  bench.add(`${p.name} compiled`, async () => void Buffer.byteLength(await engines.compiled.render(p.file, s)));
  bench.add(`${p.name} interpreted`, async () => void Buffer.byteLength(await engines.interpreted.render(p.file, s)));
}
await bench.run();

const hz = (name: string): number => {
  const t = bench.tasks.find((x) => x.name === name)!;
  return t.result.state === "completed" ? t.result.throughput.mean : NaN;
};
console.log(`Node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"} × ${cpus().length}`);
console.log("page          hand-written/s   compiled/s  interpreted/s  hand÷compiled  compiled÷interpreted");
for (const p of pages) {
  const [h, c, i] = [hz(`${p.name} hand-written`), hz(`${p.name} compiled`), hz(`${p.name} interpreted`)];
  const f = (n: number) => Math.round(n).toLocaleString("en-US").padStart(12);
  console.log(`${p.name.padEnd(13)} ${f(h)}  ${f(c)}  ${f(i)}  ${(h / c).toFixed(2).padStart(13)}×  ${(c / i).toFixed(2).padStart(19)}×`);
}
