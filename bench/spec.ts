// What a benchmark runs: the servers under test, the pages, the cells and what they measured.
// Shared by the runner, the server child, the report and the results.json readers.

export type Strategy = "pool" | "single" | "per-request" | "pipeline";

export interface ServerSpec {
  /** The label in every table and chart, e.g. "precompiled", "hand/pool", "cgi". */
  name: string;
  /**
   * quarry: the Quarry server; hand: bench/hand.ts; cgi: one Node process per request; url: already
   * running; lucee: Lucee's servlet in Jetty serving bench/lucee/peer/ (bench/lucee-peer.ts).
   */
  kind: "quarry" | "hand" | "cgi" | "url" | "lucee";
  /** quarry: a site folder (compiled or interpreted) … */
  root?: string;
  /** … or a build folder (precompiled); cgi: the build each request's process loads. */
  dist?: string;
  mode?: "compiled" | "interpreted";
  /** hand: the folder holding style.css. */
  site?: string;
  /** Overrides the default datasource's strategy (default: the site's config). */
  strategy?: Strategy;
  /** false sets queryCacheSize to 0: cachedwithin never hits. */
  queryCache?: boolean;
  /** hand: every statement a named prepared statement, as Quarry sends them (bench/hand.ts HandDb). */
  named?: boolean;
  /** Connections in a pool (default 10). */
  poolMax?: number;
  /** kind url: the server's base URL. */
  url?: string;
  /** A build served by `quarry start --workers N` (N > 1): a guardian and N worker processes. */
  workers?: number;
  /** quarry: served by the Quarry at this folder (a checkout with its build/; `--against`), not by this one. */
  quarry?: string;
}

export interface PageSpec {
  /** Path and query, e.g. /authors or /personalised?user=1&password=secret1. */
  path: string;
  /** A regular expression every body must match instead of equalling the body fetched first. */
  expect?: string;
  /** Keep a session: the cookies of a first request are sent with every later one (per server). */
  session?: boolean;
  /** A regular expression for parts that differ per request (a CSRF token): masked before comparing. */
  mask?: string;
  /** The exact page every server must give (e.g. TechEmpower Fortunes' expected output). */
  exact?: string;
}

export interface Stats {
  min: number;
  median: number;
  max: number;
}

/** One cell measured once (one round). */
export interface Measure {
  round: number;
  requests: number;
  durationS: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; mean: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses whose body was not the expected one. */
  mismatches: number;
  /** Server process CPU time (its own and its reaped children's) ÷ requests, µs. */
  serverCpuUs: number | null;
  /** Postgres (postmaster and its backends) CPU time ÷ requests, µs. */
  pgCpuUs: number | null;
  rssMiB: number | null;
  /** Load generator CPU time ÷ wall time (1 = one core). */
  loadgenCpu: number;
  /** rps ÷ the baseline server's rps in the same round, page and connections. */
  ratio: number | null;
  /** A fixed-amount cell stopped at its time cap before all requests were made. */
  capped?: boolean;
}

export interface Cell {
  page: string;
  server: string;
  connections: number;
  /** Seed 001's design: requests each client makes (then the cell has a fixed amount, not a duration). */
  perClient?: number;
  rounds: Measure[];
  summary: {
    rps: Stats;
    ratio: Stats | null;
    p50: number;
    p90: number;
    p99: number;
    serverCpuUs: number | null;
    pgCpuUs: number | null;
    rssMiB: number | null;
    loadgenCpu: number;
    /** (max − min) ÷ median of rps over rounds: how much the rounds disagreed. */
    spread: number;
    /** Errors, timeouts, non-2xx and wrong bodies over all rounds. */
    failures: number;
    saturatedGenerator: boolean;
  };
}

/** A paper's figure beside ours. */
export interface Comparison {
  what: string;
  paper: string;
  /** The paper's figure as a number (a ratio), when it gives one. */
  paperValue: number | null;
  ours: number | null;
  /** ours ÷ paper. */
  ratio: number | null;
  note?: string;
}

export interface ScenarioResult {
  id: string;
  title: string;
  about: string;
  baseline: string;
  servers: { name: string; kind: ServerSpec["kind"]; detail: string }[];
  pages: { path: string; bytes: number }[];
  connections: number[];
  perClient?: number[];
  duration: number;
  warmup: number;
  rounds: number;
  cells: Cell[];
  comparisons: Comparison[];
}

export interface BenchResults {
  version: 1;
  startedAt: string;
  finishedAt: string;
  command: string;
  machine: { node: string; cpu: string; cores: number; memGiB: number; os: string; loadAvg: number[] };
  database: string;
  notes: string[];
  scenarios: ScenarioResult[];
}
