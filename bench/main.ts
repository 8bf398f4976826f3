// `quarry bench`: what the command does once its options are parsed — plan the scenarios (the
// user's site, or the seed papers'), start the shared database and the load generator, run,
// and write results.json, summary.md and report.html into a timestamped folder.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchResults, PageSpec, ScenarioResult, ServerSpec, Strategy } from "./spec.js";
import {
  BenchError,
  cellCount,
  CSRF_MASK,
  LoadGenerator,
  machine,
  runScenario,
  startDatabase,
  type Progress,
  type ScenarioDef,
} from "./runner.js";
import { seedScenarios } from "./seeds.js";
import { htmlReport, summaryMarkdown } from "./report.js";
import { siteTemplates } from "../server/site-files.js";

export type Variant = "compiled" | "interpreted" | "precompiled";

export interface BenchOptions {
  /** A site folder or a quarry build folder (default "."); ignored with url or seeds. */
  target?: string;
  pages?: string[];
  connections?: number[];
  duration?: number;
  warmup?: number;
  rounds?: number;
  variants?: Variant[];
  strategies?: Strategy[];
  /** Worker counts (a sweep): N > 1 serves the build with `quarry start --workers N`. */
  workers?: number[];
  /** Also serve the hand-written baseline (bench/hand.ts: the sample site's pages) with each strategy, after Quarry's servers. */
  hand?: boolean;
  /** Other engines serving the same pages after Quarry's servers: "lucee" (bench/lucee-peer.ts). */
  peers?: "lucee"[];
  /**
   * Another Quarry (a checkout with its build/, e.g. the main branch): every Quarry server is also
   * served by it, named `NAME @FOLDER`, first, so that it is the baseline (an A/B of two Quarrys).
   */
  against?: string;
  url?: string;
  expect?: string;
  quick?: boolean;
  seeds?: boolean;
  /** Seeds only: run these scenario ids (e.g. seed-002,fortunes). */
  only?: string[];
  out?: string;
  /** Also write the summary into this section of bench/RESULTS.md (`<!-- bench:NAME -->`). */
  resultsSection?: string;
  /** What was typed, for the report. */
  command: string;
  log?: (line: string) => void;
  /** Show a progress bar on stderr. */
  progressBar?: boolean;
}

export interface BenchRun {
  dir: string;
  results: BenchResults;
  summary: string;
  /** Cells with errors, timeouts, non-2xx or wrong bodies. */
  failures: number;
}

const packageRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The URL paths of a site's pages (every .dbt not starting with _), or of a build's. */
export function sitePages(dir: string): string[] {
  let names: string[];
  if (existsSync(join(dir, "manifest.json")))
    names = Object.keys(
      (JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { templates: Record<string, string> }).templates,
    );
  else names = siteTemplates(dir);
  return names
    .filter((n) => !n.split("/").some((s) => s.startsWith("_")))
    .map((n) => `/${n.replace(/(^|\/)index\.dbt$/, "$1").replace(/\.dbt$/, "")}`)
    .sort();
}

/** The summary without its own title and command line (the RESULTS.md section heads it). */
function r0(summary: string): string {
  return summary.replace(/^# Quarry benchmark\n\nCommand: [^\n]*\n\n/, "").replace(/^## /gm, "### ");
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/:/g, "-")
    .replace(/\.\d+Z$/, "Z");
}

async function buildTo(site: string, log: (l: string) => void): Promise<string> {
  const { build } = await import("../server/build.js");
  const out = mkdtempSync(join(tmpdir(), "quarry-bench-dist-"));
  const r = build(site, out);
  if (r.errors.length > 0) throw new BenchError(`quarry build failed:\n${r.errors.join("\n\n")}`);
  log(`built ${r.templates} templates for the precompiled variant`);
  return out;
}

/** The variants measured: all three for a site folder, precompiled for a build or for --workers above 1. */
function siteVariants(o: BenchOptions, isBuild: boolean): Variant[] {
  return (
    o.variants ??
    (isBuild || o.workers?.some((w) => w > 1) ? ["precompiled"] : ["compiled", "interpreted", "precompiled"])
  );
}

function siteScenario(
  o: BenchOptions,
  dir: string,
  dist: string | null,
  isBuild: boolean,
  pages: PageSpec[],
): ScenarioDef {
  const variants: Variant[] = o.url ? [] : siteVariants(o, isBuild);
  const strategies: (Strategy | undefined)[] = o.strategies?.length ? o.strategies : [undefined];
  const workers: (number | undefined)[] = o.workers?.length ? o.workers : [undefined];
  const servers: ServerSpec[] = o.url
    ? [{ name: "server", kind: "url", url: o.url }]
    : variants.flatMap((v) =>
        strategies.flatMap((s) =>
          workers.map((w): ServerSpec => {
            let name = strategies.length > 1 ? `${v}/${s}` : v;
            if (w !== undefined && (workers.length > 1 || w > 1)) name += ` ×${w}`;
            const base: ServerSpec =
              v === "precompiled"
                ? { name, kind: "quarry", dist: dist! }
                : { name, kind: "quarry", root: dir, mode: v };
            return { ...base, ...(s ? { strategy: s } : {}), ...(w !== undefined && w > 1 ? { workers: w } : {}) };
          }),
        ),
      );
  if (o.against && !o.url) {
    const other = resolve(o.against);
    const label = `@${basename(other)}`;
    servers.unshift(...servers.map((s): ServerSpec => ({ ...s, name: `${s.name} ${label}`, quarry: other })));
  }
  if (o.hand && !o.url) {
    const hands = strategies.map((s): ServerSpec => ({
      name: `hand/${s ?? "pool"}`,
      kind: "hand",
      site: dir,
      strategy: s ?? "pool",
    }));
    servers.push(...hands);
  }
  if (o.peers?.includes("lucee") && !o.url) servers.push({ name: "lucee", kind: "lucee" });
  const quick = !!o.quick;
  return {
    id: "site",
    title: o.url ? `Running server at ${o.url}` : `Site ${relative(process.cwd(), dir) || "."}`,
    about: o.url
      ? "Measured from outside: no server CPU or memory figures."
      : `Each variant served in its own process on one shared database; ${isBuild ? "a quarry build folder" : "a site folder"}.`,
    baseline: servers[0]!.name,
    servers,
    pages,
    connections: o.connections ?? (quick ? [4] : [1, 16]),
    duration: o.duration ?? (quick ? 1 : 5),
    warmup: o.warmup ?? (quick ? 0.2 : 1),
    rounds: o.rounds ?? (quick ? 1 : 3),
  };
}

/** What a run measures: its scenarios, and the migrations that seed its database. */
interface Plan {
  scenarios: ScenarioDef[];
  seedDir: string | null;
}

/** --seeds: the sample site built, its database seeded, the seed papers' scenarios (those --only names). */
async function seedsPlan(o: BenchOptions, log: (l: string) => void, cleanup: (() => void)[]): Promise<Plan> {
  if (o.peers?.length) throw new BenchError("--peer applies to a site's pages, not to --seeds");
  const site = join(packageRoot, "templates");
  const dist = await buildTo(site, log);
  cleanup.push(() => rmSync(dist, { recursive: true, force: true }));
  const seedDir = join(site, "_db");
  let scenarios = seedScenarios({
    site,
    dist,
    duration: o.duration,
    warmup: o.warmup,
    rounds: o.rounds,
    quick: o.quick,
  });
  if (o.only?.length) {
    const unknown = o.only.filter((id) => !scenarios.some((s) => s.id === id));
    if (unknown.length)
      throw new BenchError(`unknown scenario ${unknown.join(", ")} (known: ${scenarios.map((s) => s.id).join(", ")})`);
    scenarios = scenarios.filter((s) => o.only!.includes(s.id));
  }
  return { scenarios, seedDir };
}

/** The options that do not go together for a site, a build or a running server's --url. */
async function checkSiteOptions(o: BenchOptions): Promise<void> {
  if (o.peers?.length) {
    if (o.url) throw new BenchError("--url measures a running server as it is: --peer does not apply");
    if (!o.pages?.length) throw new BenchError("--peer lucee needs --pages: the peer serves /fortunes only");
    // The peer's Java and CFML files live in a checkout of Quarry (bench/lucee/), not in the package.
    const { checkLuceePages } = await import("./lucee-peer.js").catch(() => {
      throw new BenchError("--peer lucee runs from a checkout of Quarry (bench/lucee/ is not in the package)");
    });
    try {
      checkLuceePages(o.pages);
    } catch (err) {
      throw new BenchError((err as Error).message);
    }
  }
  if (o.url && (o.variants || o.strategies || o.workers || o.against))
    throw new BenchError(
      "--url measures a running server as it is: --variants, --strategies, --workers and --against do not apply",
    );
  if (o.against && !existsSync(join(resolve(o.against), "build/bench/server-child.js")))
    throw new BenchError(
      `--against ${o.against}: no Quarry build there (build/bench/server-child.js): run npm run build in it`,
    );
}

/** A site folder, a build or --url: one scenario of its pages (found in the site when not given). */
async function sitePlan(
  o: BenchOptions,
  log: (l: string) => void,
  cleanup: (() => void)[],
  notes: string[],
): Promise<Plan> {
  await checkSiteOptions(o);
  let seedDir: string | null = null;
  const dir = resolve(o.target ?? ".");
  let dist: string | null = null;
  let isBuild = false;
  if (!o.url) {
    if (!existsSync(dir)) throw new BenchError(`no site or build folder at ${dir}`);
    isBuild = existsSync(join(dir, "manifest.json"));
    if (isBuild && o.variants?.some((v) => v !== "precompiled"))
      throw new BenchError(
        `${dir} is a quarry build: only the precompiled variant can be measured (give the site folder for compiled and interpreted)`,
      );
    if (o.workers?.some((w) => w > 1)) {
      // Workers are quarry start's: it serves a build, with the datasource strategy of its config.
      if (o.variants?.some((v) => v !== "precompiled"))
        throw new BenchError(
          "--workers above 1 runs quarry start, which serves a build: use it with --variants precompiled",
        );
      if (o.strategies?.length)
        throw new BenchError(
          "--workers above 1 runs quarry start, which uses the site config's datasource strategy: leave out --strategies (set the strategy in quarry.config.json)",
        );
    }
    const variants = siteVariants(o, isBuild);
    if (isBuild) dist = dir;
    else if (variants.includes("precompiled")) {
      dist = await buildTo(dir, log);
      const d = dist;
      cleanup.push(() => rmSync(d, { recursive: true, force: true }));
    }
    seedDir = join(dir, "_db");
  }
  const paths = o.pages?.length ? o.pages : o.url ? ["/"] : sitePages(dir);
  // A form's CSRF field is a fresh token on every request: masked, so a page with a form is
  // still compared byte for byte.
  const pages = paths.map((p): PageSpec => ({
    path: p.startsWith("/") ? p : `/${p}`,
    ...(o.expect !== undefined ? { expect: o.expect } : { mask: CSRF_MASK }),
  }));
  const scenarios = [siteScenario(o, dir, dist, isBuild, pages)];
  if (!o.pages?.length && !o.url) notes.push(`pages found in the site: ${paths.join(", ")}`);
  return { scenarios, seedDir };
}

/** The bar `quarry bench` draws on stderr: cells done of `total`, the time left, the cell running. */
async function progressBar(total: number) {
  const { SingleBar, Presets } = await import("cli-progress");
  const bar = new SingleBar(
    {
      format: "{bar} {value}/{total} cells | ETA {eta_formatted} | {label}",
      stream: process.stderr,
      etaBuffer: 20,
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0, { label: "starting" });
  return bar;
}

export async function runBench(o: BenchOptions): Promise<BenchRun> {
  const log = o.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  const started = new Date();
  if (o.expect !== undefined) {
    try {
      new RegExp(o.expect);
    } catch (err) {
      throw new BenchError(`--expect is not a regular expression: ${(err as Error).message}`);
    }
  }
  const cleanup: (() => void)[] = [];
  const notes: string[] = [];
  const { scenarios, seedDir } = o.seeds ? await seedsPlan(o, log, cleanup) : await sitePlan(o, log, cleanup, notes);
  const db = o.url ? null : await startDatabase(seedDir, log);
  const loadgen = new LoadGenerator();
  const total = scenarios.reduce((n, s) => n + cellCount(s), 0);
  const bar = o.progressBar ? await progressBar(total) : null;
  const progress: Progress = { label: (text) => bar?.update({ label: text }), advance: () => bar?.increment() };
  const results: ScenarioResult[] = [];
  try {
    for (const s of scenarios) {
      if (!bar) log(`${s.id}: ${cellCount(s)} cells`);
      if (!o.seeds && !o.pages?.length && !o.url) s.pages = await usablePages(s, db!.url, log, notes);
      results.push(
        await runScenario(s, {
          db: db ?? { url: "", postmaster: null, description: "", stop: async () => {} },
          loadgen,
          progress,
        }),
      );
    }
  } finally {
    bar?.stop();
    await loadgen.stop();
    await db?.stop();
    for (const c of cleanup) c();
  }

  const m = machine();
  if (m.loadAvg[0]! > m.cores * 0.5)
    notes.push(
      `the machine was busy when the run started (load average ${m.loadAvg.join(", ")} on ${m.cores} cores): compare ratios within a round, not absolute figures`,
    );
  const out: BenchResults = {
    version: 1,
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    command: o.command,
    machine: m,
    database: db?.description ?? "the running server's own",
    notes,
    scenarios: results,
  };
  const dir = join(resolve(o.out ?? "bench-results"), stamp(started));
  mkdirSync(dir, { recursive: true });
  const summary = summaryMarkdown(out);
  writeFileSync(join(dir, "results.json"), `${JSON.stringify(out, null, 1)}\n`);
  writeFileSync(join(dir, "summary.md"), summary);
  writeFileSync(join(dir, "report.html"), htmlReport(out));
  const failures = results.reduce((n, s) => n + s.cells.filter((c) => c.summary.failures > 0).length, 0);
  if (o.resultsSection) {
    const { writeSection } = await import("./results-file.js");
    const body = r0(summary);
    writeSection({
      name: o.resultsSection,
      title: `\`${o.command}\``,
      command: o.command,
      markdown: body,
      loadAtStart: m.loadAvg,
    });
  }
  return { dir, results: out, summary, failures };
}

/** Default pages: those the first variant answers with 2xx without parameters. */
async function usablePages(
  s: ScenarioDef,
  databaseUrl: string,
  log: (l: string) => void,
  notes: string[],
): Promise<PageSpec[]> {
  const { startServer } = await import("./runner.js");
  const server = await startServer(s.servers[0]!, databaseUrl);
  try {
    const keep: PageSpec[] = [];
    for (const p of s.pages) {
      const res = await fetch(server.base + p.path, { redirect: "manual" });
      await res.arrayBuffer();
      if (res.status >= 200 && res.status < 300) keep.push(p);
      else {
        const why = `${p.path} skipped: it answers ${res.status} without parameters (name it with --pages and its query string)`;
        log(why);
        notes.push(why);
      }
    }
    if (keep.length === 0)
      throw new BenchError("no page of the site answers 2xx without parameters: name pages with --pages");
    return keep;
  } finally {
    await server.stop();
  }
}
