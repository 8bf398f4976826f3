// npm run bench:variants -- <page> <variants module> — what a change to the generated code of one
// of bench:render's pages would be worth, before anyone writes it into the compiler. The module
// (an .mjs file) default-exports { name: (source) => changed source }; each variant is the page's
// compiled source changed by hand (a regular expression, a line replaced), and must render the
// hand-written page's exact output. Every variant, and the compiled code as it is, runs in a
// process of its own beside the hand-written page, in interleaved rounds of CPU time; the figure
// is its time ÷ the hand-written page's, median over rounds, then median over processes.
//
// One process per variant: in one process every variant's render function makes the call sites
// they share (runPage, rt.esc, …) more polymorphic, and the compiled page measured 1.20× the
// hand-written one alone but 1.31× beside six variants of itself (fortunes, 2026-11-29). And
// several processes: V8 does not make the same choices in each (the table page measured 1.11× in
// some and 1.23× in others).
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { compiledFunction } from "../engine/template.js";
import { median } from "./runner.js";
import { mdTable } from "./report.js";
import { flatten, hand, pages, runWith, scopes, type Page } from "./render-pages.js";

type Variants = Record<string, (source: string) => string>;

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const ROUND_MS = Number(process.env.BENCH_MS ?? 100);
const AS_IS = "compiled";
const usage = "usage: npm run bench:variants -- <page> <variants.mjs>";

function pageNamed(name: string | undefined): Page {
  const p = pages.find((x) => x.name === name);
  if (!p) throw new Error(`${usage}\nno page ${JSON.stringify(name)}: one of ${pages.map((x) => x.name).join(", ")}`);
  return p;
}

async function variantsOf(file: string | undefined): Promise<Variants> {
  if (!file) throw new Error(`${usage}\nno variants module given`);
  const mod = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown };
  const v = mod.default;
  if (v === null || typeof v !== "object" || Object.values(v).some((f) => typeof f !== "function"))
    throw new Error(`${file} must default-export an object of functions, each from a source to a changed source`);
  if (AS_IS in v) throw new Error(`${file}: "${AS_IS}" names the code as it is; give the variant another name`);
  return v as Variants;
}

/** In the child: one variant of page `p` against the hand-written page; its time ÷ the hand-written page's, median over rounds. */
async function measure(p: Page, change: (source: string) => string, name: string): Promise<number> {
  const source = p.engines.compiled.compiledSource(p.file);
  const changed = change(source);
  if (name !== AS_IS && changed === source) throw new Error(`variant ${name} leaves the source as it is`);
  const fn = compiledFunction(changed);
  const expected = hand[p.name]();
  const out = await runWith(p, fn, scopes(p));
  if (out !== expected) throw new Error(`variant ${name} renders another page than the hand-written one`);
  // Flattened, as a socket write would (see bench/render.ts); awaited only when the page paused,
  // as the server does (an async function here measured each render a promise and a turn more).
  const sides = [() => void Buffer.byteLength(hand[p.name]()), () => flatten(runWith(p, fn, scopes(p)))];
  const times: number[][] = [[], []];
  // Two rounds of warm-up first (V8 optimises both sides), not counted.
  for (let r = -2; r < ROUNDS; r++)
    for (const s of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const f = sides[s]!;
      let n = 0;
      const cpu = process.cpuUsage();
      const start = performance.now();
      while (performance.now() - start < ROUND_MS) {
        for (let k = 0; k < 10; k++) {
          const paused = f();
          if (paused !== undefined) await paused;
        }
        n += 10;
      }
      const used = process.cpuUsage(cpu);
      if (r >= 0) times[s]!.push((used.user + used.system) / n);
    }
  return median(times[1]!.map((t, r) => t / times[0]![r]!));
}

/** The whole run (the parent) or one measurement (a child); an error is one line on stderr and exit status 1. */
async function main(mode: string | undefined, args: string[]): Promise<void> {
  if (mode === "--child") {
    const [page, file, name] = args;
    const p = pageNamed(page);
    const change = name === AS_IS ? (s: string) => s : (await variantsOf(file))[name!];
    if (!change) throw new Error(`no variant ${JSON.stringify(name)} in ${file}`);
    process.stdout.write(`${JSON.stringify(await measure(p, change, name!))}\n`);
  } else {
    const p = pageNamed(mode);
    const file = args[0];
    const names = [AS_IS, ...Object.keys(await variantsOf(file))];
    const self = fileURLToPath(import.meta.url);
    const run = promisify(execFile);
    const ratios = new Map<string, number[]>(names.map((n) => [n, []]));
    for (let i = 0; i < PROCESSES; i++) {
      // The order turns from one pass to the next: no variant always runs first.
      const order = names.map((_, k) => names[(k + i) % names.length]!);
      for (const name of order) {
        const { stdout } = await run(process.execPath, [self, "--child", p.name, resolve(file!), name]).catch(
          (err: { stderr?: string; message: string }) => {
            throw new Error(err.stderr?.trim() || err.message);
          },
        );
        ratios.get(name)!.push(JSON.parse(stdout) as number);
        process.stderr.write(".");
      }
    }
    process.stderr.write("\n");
    const x3 = (n: number) => `${n.toFixed(3)}×`;
    process.stdout.write(
      `${p.name}: each variant's time per render ÷ the hand-written page's, ${PROCESSES} processes of ${ROUNDS} rounds of ${ROUND_MS} ms\n\n${mdTable(
        ["variant", "median", "each process"],
        names.map((n) => [n, x3(median(ratios.get(n)!)), ratios.get(n)!.map(x3).join(" ")]),
      )}\n`,
    );
  }
}

await main(process.argv[2], process.argv.slice(3)).catch((err: Error) => {
  // A child's error comes back through its parent already named.
  process.stderr.write(`bench:variants: ${err.message.replace(/^bench:variants: /, "")}\n`);
  process.exitCode = 1;
});
