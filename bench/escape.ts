// npm run bench:escape — HTML escape variants on the strings templates print: Quarry's
// escapeHtml (engine/values.ts) against eta's and pug's escape functions (imported from the
// installed packages) and hand-written scans. Every variant counted as correct must give
// Quarry's exact output (& < > " ' as &amp; &lt; &gt; &quot; &#39;); that is asserted on every
// input before timing. pug's own escape leaves ' alone, so it is timed as a reference only.
// Rounds are interleaved (ROUNDS, default 3; BENCH_MS per task per round, default 200) and the
// median ops/s per task is reported; compare ratios inside one run.
import { loadavg } from "node:os";
import { Bench } from "tinybench";
import { Eta } from "eta";
import pug from "pug";
import { escapeHtml } from "../engine/values.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";

const loadAtStart = loadavg();

const etaEscape = new Eta().config.escapeFunction;
// pug re-exports its runtime (pug-runtime) as `runtime`; @types/pug does not declare it.
const pugEscape = (pug as unknown as { runtime: { escape: (s: unknown) => string } }).runtime.escape;

// Quarry's escape as it was before this bench (a regex test, then a char-code scan from 0).
const BEFORE_TEST = /[&<>"']/;
function beforeSlow(s: string): string {
  let out = "";
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    let rep: string;
    switch (s.charCodeAt(i)) {
      case 38:
        rep = "&amp;";
        break;
      case 60:
        rep = "&lt;";
        break;
      case 62:
        rep = "&gt;";
        break;
      case 34:
        rep = "&quot;";
        break;
      case 39:
        rep = "&#39;";
        break;
      default:
        continue;
    }
    if (last !== i) out += s.slice(last, i);
    out += rep;
    last = i + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}
const quarryBefore = (s: string): string => (BEFORE_TEST.test(s) ? beforeSlow(s) : s);

// The scan shared by the variants below: starts at the first special character.
function scanFrom(s: string, first: number): string {
  let out = "";
  let last = 0;
  for (let i = first; i < s.length; i++) {
    let rep: string;
    switch (s.charCodeAt(i)) {
      case 38:
        rep = "&amp;";
        break;
      case 60:
        rep = "&lt;";
        break;
      case 62:
        rep = "&gt;";
        break;
      case 34:
        rep = "&quot;";
        break;
      case 39:
        rep = "&#39;";
        break;
      default:
        continue;
    }
    if (last !== i) out += s.slice(last, i);
    out += rep;
    last = i + 1;
  }
  return last === s.length ? out : out + s.slice(last);
}

// Char-code scan alone: no regex; the first loop only looks for a special character.
function charScan(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 38 || c === 60 || c === 62 || c === 34 || c === 39) return scanFrom(s, i);
  }
  return s;
}

// pug's algorithm (regex exec finds the first special, the scan starts there) with ' added.
const FIRST = /[&<>"']/;
function pugStyle(s: string): string {
  const m = FIRST.exec(s);
  return m === null ? s : scanFrom(s, m.index);
}

// String.prototype.search finds the first special without building a match object.
function searchThenScan(s: string): string {
  const i = s.search(FIRST);
  return i < 0 ? s : scanFrom(s, i);
}

// Regex jumps from special to special (global regex, exec loop), copying the runs between.
const ALL = /[&<>"']/g;
function regexJump(s: string): string {
  ALL.lastIndex = 0;
  let m = ALL.exec(s);
  if (m === null) return s;
  let out = "";
  let last = 0;
  do {
    const i = m.index;
    if (last !== i) out += s.slice(last, i);
    switch (s.charCodeAt(i)) {
      case 38:
        out += "&amp;";
        break;
      case 60:
        out += "&lt;";
        break;
      case 62:
        out += "&gt;";
        break;
      case 34:
        out += "&quot;";
        break;
      default:
        out += "&#39;";
    }
    last = i + 1;
    m = ALL.exec(s);
  } while (m !== null);
  return last === s.length ? out : out + s.slice(last);
}

// Hybrid: a char-code scan while specials come close together, a regex jump over any run of
// 16 or more plain characters (dense text stays in the scan, sparse text skips ahead).
const NEXT = /[&<>"']/g;
function hybrid(s: string): string {
  NEXT.lastIndex = 0;
  if (!NEXT.test(s)) return s;
  const n = s.length;
  let i = NEXT.lastIndex - 1;
  let out = "";
  let last = 0;
  while (i < n) {
    let rep: string;
    switch (s.charCodeAt(i)) {
      case 38:
        rep = "&amp;";
        break;
      case 60:
        rep = "&lt;";
        break;
      case 62:
        rep = "&gt;";
        break;
      case 34:
        rep = "&quot;";
        break;
      case 39:
        rep = "&#39;";
        break;
      default:
        if (i - last < 16) i++;
        else {
          NEXT.lastIndex = i;
          if (!NEXT.test(s)) return out + s.slice(last);
          i = NEXT.lastIndex - 1;
        }
        continue;
    }
    if (last !== i) out += s.slice(last, i);
    out += rep;
    last = ++i;
  }
  return last === n ? out : out + s.slice(last);
}

// The one the engine ships now.
const quarryNow = escapeHtml;

const variants: Record<string, (s: string) => string> = {
  "quarry before": quarryBefore,
  "quarry now": quarryNow,
  "eta escape": etaEscape,
  "char-code scan": charScan,
  "pug-style exec+scan": pugStyle,
  "search+scan": searchThenScan,
  "regex jumps": regexJump,
  "hybrid scan/jump": hybrid,
};
const REFERENCE = "pug escape (no ')";

// One special near the middle, as in the sample site's fortunes.
const fortune = "A computer program does what you tell it to do & not what you want it to do; that is the rub, alas.";
const inputs: Record<string, string> = {
  "short, none (12)": "Hello, world",
  "short, specials (12)": `a<b & "c"'d`,
  [`fortune, one (${fortune.length})`]: fortune,
  "5 KB, none": "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(90).slice(0, 5120),
  "5 KB, few (1 per 512)":
    `${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(9).slice(0, 511)}&`.repeat(10),
  "5 KB, many": `<p class="x">Tom & Jerry's</p> `.repeat(200).slice(0, 5120),
};

for (const [iname, s] of Object.entries(inputs)) {
  const want = quarryBefore(s);
  for (const [vname, f] of Object.entries(variants)) {
    if (f(s) !== want) throw new Error(`${vname} differs from Quarry's escape on "${iname}"`);
  }
  if (!s.includes("'") && pugEscape(s) !== want) throw new Error(`pug escape differs on "${iname}"`);
}

let sink = 0;
const rounds = Number(process.env.ROUNDS ?? 3);
const ms = Number(process.env.BENCH_MS ?? 200);
const names = [...Object.keys(variants), REFERENCE];
const fn = (name: string): ((s: string) => string) => (name === REFERENCE ? pugEscape : variants[name]!);
const samples = new Map<string, number[]>();
for (let r = 0; r < rounds; r++) {
  const bench = new Bench({ time: ms, warmup: true });
  // Rotate the order each round so no variant always runs first or last.
  const order = names.map((_, k) => names[(k + r) % names.length]!);
  for (const [iname, s] of Object.entries(inputs)) {
    for (const vname of order) {
      const f = fn(vname);
      bench.add(`${iname}|${vname}`, () => {
        sink += f(s).length;
      });
    }
  }
  await bench.run();
  for (const t of bench.tasks) {
    const hz = t.result.state === "completed" ? t.result.throughput.mean : NaN;
    samples.set(t.name, [...(samples.get(t.name) ?? []), hz]);
  }
}
const median = (xs: number[]): number => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2]! : (a[a.length / 2 - 1]! + a[a.length / 2]!) / 2;
};

const rows = Object.keys(inputs).map((iname) => {
  const base = median(samples.get(`${iname}|quarry before`)!);
  return [
    iname,
    ...names.map((v) => {
      const hz = median(samples.get(`${iname}|${v}`)!);
      return `${Math.round(hz).toLocaleString("en-US")} (${(hz / base).toFixed(2)}×)`;
    }),
  ];
});
const markdown = `${rounds} interleaved rounds × ${ms} ms per task, median ops/s; ratio = ops/s ÷ "quarry before" (higher is faster).\n\n${mdTable(["input", ...names], rows)}`;
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "escape",
  title: "Escaping (`npm run bench:escape`)",
  command: commandLine("bench:escape", ["ROUNDS", "BENCH_MS"]),
  markdown,
  loadAtStart,
});
if (sink < 0) console.log(sink);
