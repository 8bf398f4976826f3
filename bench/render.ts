// npm run bench:render — renders five pages in compiled mode, interpreted mode and as
// hand-written string building, in interleaved rounds, and prints renders/s and the ratios
// between the modes taken within each round. Four are bench/pages/ with their data in memory;
// mandelbrot is the sample site's own templates/mandelbrot.dbt, layout included, as /mandelbrot
// serves it with no query string.
// Each mode renders as `quarry start` does (runPage on a fresh context, the page's clock on,
// pausing when it wants to: see serve in bench/render-pages.ts).
// Then the cost of the page's clock (engine/clock.ts): the same compiled pages compiled without
// their clock ticks (CompileOptions.clock false), in the same run.
// Run on a quiet machine and compare the ratios within one run.
import { Session } from "node:inspector/promises";
import { basename } from "node:path";
import { loadavg } from "node:os";
import { compiledFunction, type RenderFn } from "../engine/template.js";
import { mdTable } from "./report.js";
import { hand, pages, runWith, scopes, serve, type Page } from "./render-pages.js";
import { commandLine, writeSection } from "./results-file.js";

const loadAtStart = loadavg();

for (const p of pages) {
  const a = await p.engines.compiled.render(p.file, scopes(p));
  const b = await p.engines.interpreted.render(p.file, scopes(p));
  const h = hand[p.name]();
  if (a !== b || a !== h) throw new Error(`${p.name}: the three renderings differ; fix the baseline before measuring`);
}

// The clock's cost: each page compiled as served and compiled without its clock ticks
// (CompileOptions.clock false: loops keep their limits). An include still ticks (a call).
const clockVariants = pages.map((p) => {
  const e = p.engines.compiled;
  return {
    page: p,
    on: compiledFunction(e.compiledSource(p.file)),
    off: compiledFunction(e.compiledSource(p.file, { clock: false })),
  };
});
for (const v of clockVariants) {
  if ((await runWith(v.page, v.on, scopes(v.page))) !== (await runWith(v.page, v.off, scopes(v.page))))
    throw new Error(`${v.page.name}: the page renders differently without its clock`);
}

// Hand-written, compiled and interpreted in interleaved rounds, so that the three see the same
// machine: a shared machine's load moves from second to second, and tasks run one after another
// (as tinybench runs them) compared different minutes. Each round runs every variant for roundMs
// in an order that turns from round to round; a ratio is taken within each round and the median
// round's ratio is reported, beside the median rates.
const ROUNDS = 7;
const roundMs = Number(process.env.BENCH_MS ?? 1000) / 4;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The orders of three variants, one per round in turn: each goes first, second and last as often. */
const ORDERS = [
  [0, 1, 2],
  [2, 0, 1],
  [1, 2, 0],
  [2, 1, 0],
  [0, 2, 1],
  [1, 0, 2],
];
/**
 * Calls per second of fn over about ms milliseconds. The clock is read once per batch (batch
 * calls), not per call: a clock read per call would add the same time to every variant and pull
 * their ratio towards 1.
 */
async function rateOf(fn: () => void | Promise<void>, batch: number, ms: number): Promise<number> {
  let n = 0;
  const start = performance.now();
  let now: number;
  do {
    for (let k = 0; k < batch; k++) {
      const r = fn();
      if (r !== undefined) await r;
    }
    n += batch;
    now = performance.now();
  } while (now - start < ms);
  return (n * 1000) / (now - start);
}
/** How many calls of fn take about a fifth of a millisecond, after warming it up for ms. */
async function batchOf(fn: () => void | Promise<void>, ms: number): Promise<number> {
  const hz = await rateOf(fn, 1, ms);
  return Math.max(1, Math.round(hz / 5000));
}
const renderRates = new Map<string, { h: number; c: number; i: number; hc: number; ci: number }>();
for (const p of pages) {
  // Every output is flattened (Buffer.byteLength), as a socket write would: a concatenated
  // string left as a rope would flatter whichever side builds it lazily.
  const fns = [
    () => void Buffer.byteLength(hand[p.name]()),
    () => serve(p.engines.compiled, p.file, scopes(p)),
    () => serve(p.engines.interpreted, p.file, scopes(p)),
  ];
  const batches: number[] = [];
  for (const fn of fns) batches.push(await batchOf(fn, roundMs));
  const rates: number[][] = [[], [], []];
  const hc: number[] = [];
  const ci: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round: number[] = [];
    for (const v of ORDERS[r % ORDERS.length]!) round[v] = await rateOf(fns[v]!, batches[v]!, roundMs);
    for (let v = 0; v < 3; v++) rates[v]!.push(round[v]!);
    hc.push(round[0]! / round[1]!);
    ci.push(round[1]! / round[2]!);
  }
  renderRates.set(p.name, {
    h: median(rates[0]!),
    c: median(rates[1]!),
    i: median(rates[2]!),
    hc: median(hc),
    ci: median(ci),
  });
}

// Clock on and off in alternating rounds, so both see the same machine; the median round counts.
async function rate(p: Page, fn: RenderFn): Promise<number> {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < roundMs) {
    await runWith(p, fn, scopes(p));
    n++;
  }
  return (n * 1000) / (performance.now() - start);
}
const clockRates = new Map<string, { on: number; off: number; cost: number }>();
for (const v of clockVariants) {
  const on: number[] = [];
  const off: number[] = [];
  const cost: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      on.push(await rate(v.page, v.on));
      off.push(await rate(v.page, v.off));
    } else {
      off.push(await rate(v.page, v.off));
      on.push(await rate(v.page, v.on));
    }
    cost.push(off[r]! / on[r]! - 1);
  }
  clockRates.set(v.page.name, { on: median(on), off: median(off), cost: median(cost) });
}

const n0 = (n: number) => Math.round(n).toLocaleString("en-US");
const x2 = (n: number) => `${n.toFixed(2)}×`;
const renderRows = pages.map((p) => {
  const { h, c, i, hc, ci } = renderRates.get(p.name)!;
  return [p.name, n0(h), n0(c), n0(i), x2(hc), x2(ci)];
});
const clockRows = pages.map((p) => {
  const { on, off, cost } = clockRates.get(p.name)!;
  return [p.name, n0(on), n0(off), `${(cost * 100).toFixed(1)}%`];
});
// Where the compiled pages still spend their time beyond the hand-written ones: a CPU profile
// (V8's sampling profiler, in this process) of each page rendered compiled for about a second,
// its samples summed by function (self time). The generated render function is "(template)".
interface ProfileNode {
  id: number;
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 50 });
const PROFILED = ["fortunes", "table", "loop"];
const profileRows: string[][] = [];
for (const p of pages.filter((x) => PROFILED.includes(x.name))) {
  const fn = () => serve(p.engines.compiled, p.file, scopes(p));
  const batch = await batchOf(fn, 100);
  await session.post("Profiler.start");
  await rateOf(fn, batch, roundMs * 4);
  const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: { nodes: ProfileNode[] } };
  const self = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    if (hits === 0) continue;
    total += hits;
    const { functionName, url, lineNumber } = n.callFrame;
    const where = url === "" ? "" : ` (${basename(url)}:${lineNumber + 1})`;
    // V8 gives no function for some samples (its builtins, e.g. string building): "(unattributed)".
    const name =
      url === "" && functionName === "render"
        ? "(template)"
        : functionName === "" && url === ""
          ? "(unattributed)"
          : `${functionName || "(anonymous)"}${where}`;
    self.set(name, (self.get(name) ?? 0) + hits);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 6);
  profileRows.push([p.name, top.map(([name, n]) => `${name} ${((n * 100) / total).toFixed(0)}%`).join("; ")]);
}
await session.post("Profiler.disable");
session.disconnect();

const markdown = [
  `${ROUNDS} interleaved rounds of ${roundMs} ms per mode and page (the order turning each round); renders per second of the median round, and the median of the ratios taken within each round. Target (issue 26): hand ÷ compiled ≤ 1.10×. Interpreted mode is the reference compiled mode is checked against, not a way to serve (docs/language.md).`,
  "",
  mdTable(
    ["page", "hand-written/s", "compiled/s", "interpreted/s", "hand ÷ compiled", "compiled ÷ interpreted"],
    renderRows,
  ),
  "",
  `The time-limit clock: ${ROUNDS} alternating rounds of ${roundMs} ms, compiled mode; median rates and the median of the costs taken within each round.`,
  "",
  mdTable(["page", "clock on/s", "clock off/s", "cost of the clock"], clockRows),
  "",
  `What stands between compiled and hand-written: a CPU profile of each page rendered compiled for ${(roundMs * 4) / 1000} s (V8's sampling profiler, 50 µs interval), self time by function, the six largest. "(template)" is the page's generated render function; "(garbage collector)" and "(program)" are V8's own, "(unattributed)" samples V8 gave no function (its builtins).`,
  "",
  mdTable(["page", "self time, largest first"], profileRows),
].join("\n");
process.stdout.write(`${markdown}\n`);
writeSection({
  name: "render",
  title: "Render only (`npm run bench:render`)",
  command: commandLine("bench:render", ["BENCH_MS"]),
  markdown,
  loadAtStart,
});
