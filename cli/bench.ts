import { relative } from "node:path";
import { type Command, InvalidArgumentError, Option } from "commander";
import { report } from "./shared.js";

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
function numbers(v: string): number[] {
  const xs = list(v).map(Number);
  if (xs.length === 0 || xs.some((x) => !Number.isInteger(x) || x < 1))
    throw new InvalidArgumentError("must be a comma-separated list of whole numbers of 1 or more, e.g. 1,4,16");
  return xs;
}
function seconds(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError("must be a number of seconds");
  return n;
}
function positive(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("must be a whole number of 1 or more");
  return n;
}
function oneOf<T extends string>(allowed: readonly T[]) {
  return (v: string): T[] => {
    const xs = list(v);
    const bad = xs.filter((x) => !allowed.includes(x as T));
    if (xs.length === 0 || bad.length)
      throw new InvalidArgumentError(`must be a comma-separated list of ${allowed.join(", ")}`);
    return xs as T[];
  };
}

export function register(program: Command): void {
  program
    .command("bench")
    .description(
      "load-test a site (or a build, or a running server) with autocannon and write results.json, summary.md and report.html; --seeds reproduces the seed papers' experiments",
    )
    .argument("[site]", "a site folder or a folder written by quarry build", ".")
    .option(
      "--pages <paths>",
      "comma-separated paths with their query strings (default: every page that answers 2xx without parameters)",
      list,
    )
    .option("--connections <list>", "concurrent connections, a sweep (default 1,16; --quick: 4)", numbers)
    .option("--duration <seconds>", "length of each measured cell (default 5; --quick: 1)", seconds)
    .option(
      "--warmup <seconds>",
      "load before measuring, per page and server each round (default 1; --quick: 0.2)",
      seconds,
    )
    .option("--rounds <n>", "rounds; servers are interleaved in every round (default 3; --quick: 1)", positive)
    .addOption(
      new Option(
        "--variants <list>",
        "how the site is served: compiled, interpreted, precompiled (default: all three for a site folder, precompiled for a build)",
      ).argParser(oneOf(["compiled", "interpreted", "precompiled"] as const)),
    )
    .addOption(
      new Option(
        "--strategies <list>",
        "datasource strategies to compare: pool, single, per-request, pipeline (default: the site config's)",
      ).argParser(oneOf(["pool", "single", "per-request", "pipeline"] as const)),
    )
    .option(
      "--workers <list>",
      "with the precompiled variant: serve the build with quarry start --workers N, a guardian and N worker processes sharing the port; a comma-separated sweep such as 1,2 (default: one process; above 1 implies --variants precompiled)",
      numbers,
    )
    .option(
      "--hand",
      "also serve the hand-written Fastify + pg baseline (the sample site's pages) with each strategy, after Quarry's servers",
    )
    .addOption(
      new Option(
        "--peer <list>",
        "also serve the pages with another engine after Quarry's servers: lucee (Lucee 6.2 in Jetty, fetched with Maven; needs java, javac and mvn, and --pages /fortunes, the one page it has)",
      ).argParser(oneOf(["lucee"] as const)),
    )
    .option(
      "--against <quarry>",
      "A/B two Quarrys: also serve every Quarry server with the Quarry checked out (and built) in this folder, named NAME @FOLDER, as the baseline",
    )
    .option(
      "--results-section <name>",
      "also write the summary into bench/RESULTS.md, between its <!-- bench:NAME --> markers",
    )
    .option(
      "--url <url>",
      "measure a server already running on this machine at this base URL (127.0.0.1, localhost or [::1]) instead of starting one",
    )
    .option(
      "--expect <pattern>",
      "a regular expression every response body must match (default: the body fetched before the run, exactly, with csrfField()'s token masked)",
    )
    .option("--quick", "a smoke run: short cells, one round")
    .option("--seeds", "run the seed papers' experiments on the sample site, with hand-written baselines")
    .option("--only <ids>", "with --seeds: only these scenarios (seed-000 … seed-004, fortunes)", list)
    .option("--out <dir>", "where the timestamped results folder goes", "bench-results")
    .option("--no-progress", "no progress bar (there is none when stderr is not a terminal)")
    .action(runBenchCommand);
}

/** quarry bench: the run, its summary on stdout, exit code 1 when a cell failed. */
async function runBenchCommand(site: string, opts: Record<string, unknown>): Promise<void> {
  const { runBench } = await import("../bench/main.js");
  const { BenchError } = await import("../bench/runner.js");
  if (opts.url !== undefined) {
    const u = opts.url as string;
    if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\/?$/.test(u))
      report(new Error(`--url must be an http:// base URL on this machine (127.0.0.1, localhost or [::1]), got ${u}`));
  }
  try {
    const run = await runBench({
      target: site,
      pages: opts.pages as string[] | undefined,
      connections: opts.connections as number[] | undefined,
      duration: opts.duration as number | undefined,
      warmup: opts.warmup as number | undefined,
      rounds: opts.rounds as number | undefined,
      variants: opts.variants as ("compiled" | "interpreted" | "precompiled")[] | undefined,
      strategies: opts.strategies as ("pool" | "single" | "per-request" | "pipeline")[] | undefined,
      workers: opts.workers as number[] | undefined,
      hand: !!opts.hand,
      peers: opts.peer as "lucee"[] | undefined,
      against: opts.against as string | undefined,
      resultsSection: opts.resultsSection as string | undefined,
      url: opts.url as string | undefined,
      expect: opts.expect as string | undefined,
      quick: !!opts.quick,
      seeds: !!opts.seeds,
      only: opts.only as string[] | undefined,
      out: opts.out as string,
      command: `quarry ${process.argv.slice(2).join(" ")}`,
      progressBar: opts.progress !== false && process.stderr.isTTY === true,
    });
    process.stdout.write(
      `${run.summary}\nwrote ${relative(process.cwd(), run.dir) || "."}/results.json, summary.md and report.html\n`,
    );
    if (run.failures > 0) {
      process.stderr.write(
        `${run.failures} cell${run.failures === 1 ? "" : "s"} had errors, timeouts, non-2xx or wrong bodies (marked ✗)\n`,
      );
      process.exitCode = 1;
    }
  } catch (err) {
    if (!(err instanceof BenchError)) report(err);
    process.stderr.write(`error: ${err.message}\n`);
    process.exitCode = 1;
  }
}
