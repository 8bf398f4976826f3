// npm run bench:regex — the linear-time engine that runs templates' patterns (RE2JS, see
// engine/regex.ts) against V8's RegExp on the same work: a search, a replace-all and a
// find-all on ordinary text, and an attack pattern that V8 backtracks on. Compare ratios.
import { loadavg } from "node:os";
import { Bench } from "tinybench";
import { matchAll, replace, search, userRegex } from "../engine/regex.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";

const loadAtStart = loadavg();

const text = "Lorem ipsum dolor sit amet, 2024-03-01 consectetur 42 adipiscing elit. ".repeat(20);
const cases = [
  {
    name: "search a date in 1.4 KB",
    pattern: "[0-9]{4}-[0-9]{2}",
    re2: () => search(userRegex("[0-9]{4}-[0-9]{2}"), text),
    js: () => text.search(/[0-9]{4}-[0-9]{2}/),
  },
  {
    name: "replace-all \\s+ in 1.4 KB",
    pattern: "\\s+",
    re2: () => replace(userRegex("\\s+"), text, " ", true),
    js: () => text.replace(/\s+/g, " "),
  },
  {
    name: "find-all [a-z]+ in 1.4 KB",
    pattern: "[a-z]+",
    re2: () => matchAll(userRegex("[a-z]+"), text),
    js: () => text.match(/[a-z]+/g),
  },
  {
    name: "(a+)+$ on 24 a's and !",
    pattern: "(a+)+$",
    re2: () => search(userRegex("(a+)+$"), `${"a".repeat(24)}!`),
    js: () => `${"a".repeat(24)}!`.search(/(a+)+$/),
  },
];

const bench = new Bench({ time: Number(process.env.BENCH_MS ?? 500), warmup: true });
for (const c of cases) {
  bench.add(`${c.name} RE2JS`, () => void c.re2());
  bench.add(`${c.name} RegExp`, () => void c.js());
}
await bench.run();
const hz = (name: string) => {
  const t = bench.tasks.find((x) => x.name === name)!;
  return t.result.state === "completed" ? t.result.throughput.mean : NaN;
};
const n0 = (n: number) => Math.round(n).toLocaleString("en-US");
const rows = cases.map((c) => {
  const [a, b] = [hz(`${c.name} RE2JS`), hz(`${c.name} RegExp`)];
  return [c.name, n0(a), n0(b), `${(b / a).toFixed(2)}×`];
});
const markdown = `tinybench, ${Number(process.env.BENCH_MS ?? 500)} ms per task, ops/s.\n\n${mdTable(["work", "RE2JS ops/s", "RegExp ops/s", "RegExp ÷ RE2JS"], rows)}`;
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "regex",
  title: "Template regular expressions: RE2JS against V8 (`npm run bench:regex`)",
  command: commandLine("bench:regex", ["BENCH_MS"]),
  markdown,
  loadAtStart,
});
