// npm run soak [-- --seconds N]: the sample site built and served by `quarry start --workers 2`
// on its embedded Postgres, under a bounded mixed load (autocannon in its own process, soak-load.ts)
// for 3 minutes by default, with faults injected on a schedule: a worker killed (SIGKILL),
// every Postgres backend of the site terminated (pg_terminate_backend), spinning pages (the
// Mandelbrot at its largest size, stopped by the time limit), and a worker frozen (SIGSTOP,
// replaced by the guardian's heartbeat). Prints requests sent, answers by cause, each fault's
// recovery time and the server's memory at start and end; exits 1 if a request was lost outside
// a fault that explains it, if any answer was a 500, or if memory grew beyond the bound.
import { fork, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { build } from "../server/build.js";
import type { Second, SoakLoadJob, SoakLoadResult } from "./soak-load.js";
import { commandLine, writeSection } from "./results-file.js";

const ROOT = join(import.meta.dirname, "..", "..");
const TEMPLATES = join(ROOT, "templates");
const BIN = join(ROOT, "bin", "quarry.js");

const args = process.argv.slice(2);
const loadAtStart = loadavg();
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return dflt;
  const n = Number(args[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number`);
  return n;
};
const SECONDS = arg("seconds", 180);
const RATE = arg("rate", 200);
const CONNECTIONS = arg("connections", 8);
const HEARTBEAT_MS = 5000;
/** RSS of the server processes may grow at most this much over the run. */
const RSS_BOUND = 1.5;
/** Seconds after a fault's recovery in which failures still count as its own. */
const GRACE_S = 3;

const PATHS = [
  "/",
  "/fortunes",
  "/authors",
  "/access-log",
  "/personalised?user=3&password=secret3&file=4",
  "/style.css",
  "/board/",
  "/mandelbrot?width=40&height=16",
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => Date.now();

function get(
  base: string,
  path: string,
  timeoutMs = 30_000,
): Promise<{ status: number; body: string; ms: number } | { error: string; ms: number }> {
  const t = now();
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { agent: false, timeout: timeoutMs }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ms: now() - t }));
      res.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, ms: now() - t }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message, ms: now() - t }));
    req.end();
  });
}

/** Resident memory (KiB) of a process, from /proc. */
function rssKiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

interface Fault {
  name: string;
  at: number;
  /** When the site was whole again (ms after `at`), or null if it never was. */
  recoveredMs: number | null;
  /** From the fault to its recovery: epoch ms while running, then the load's seconds (indexes). */
  window: [number, number];
  detail: string;
}

/** The sample site served by `quarry start --workers 2`: the guardian, its address and workers, and its log lines. */
interface Site {
  server: ChildProcess;
  base: string;
  pids: number[];
  lines: { t: number; line: string }[];
  dbUrl: string;
}

/** Builds the sample site into work/ and starts it on an embedded Postgres in work/db. */
async function startSite(work: string, children: ChildProcess[]): Promise<Site> {
  const dist = join(work, "dist");
  const data = join(work, "db");
  const built = build(TEMPLATES, dist);
  if (built.errors.length > 0) throw new Error(built.errors.join("\n"));
  // The heartbeat limit short enough for a frozen worker to be replaced inside a short soak.
  // One load generator on 127.0.0.1 plays many cookieless visitors of /board/, each given a
  // session: lift the per-address creation limit a real site keeps (as quarry bench does).
  writeFileSync(
    join(dist, "quarry.config.json"),
    JSON.stringify({ server: { heartbeatTimeoutMs: HEARTBEAT_MS }, session: { createPerMinute: 1_000_000 } }),
  );
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [BIN, "start", dist, "--workers", "2", "--port", "0", "--data-dir", data], {
    env,
  });
  children.push(server);
  let out = "";
  const lines: { t: number; line: string }[] = [];
  const take = (d: Buffer) => {
    out += d.toString();
    for (const line of d.toString().split("\n"))
      if (line.startsWith("quarry guardian:")) lines.push({ t: now(), line });
  };
  server.stdout.on("data", take);
  server.stderr.on("data", take);
  const started = now();
  let base = "";
  let pids: number[] = [];
  while (!base) {
    if (server.exitCode !== null) throw new Error(`quarry start exited ${server.exitCode}:\n${out}`);
    if (now() - started > 120_000) throw new Error(`quarry start did not listen within 120 s:\n${out}`);
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\/ \(2 workers, pids (\d+) (\d+)\)/.exec(out);
    if (m) {
      base = m[1]!;
      pids = [Number(m[2]), Number(m[3])];
    }
    await sleep(50);
  }
  const lock = JSON.parse(readFileSync(join(data, "quarry.lock"), "utf8")) as { port: number };
  const { password } = JSON.parse(readFileSync(join(data, "quarry.json"), "utf8")) as { password: string };
  const dbUrl = `postgres://quarry:${encodeURIComponent(password)}@127.0.0.1:${lock.port}/quarry`;
  return { server, base, pids, lines, dbUrl };
}

/** The guardian's next "worker N ready" line after `t`, as the new pid and its time. */
async function readyAfter(site: Site, t: number, ms: number) {
  const end = now() + ms;
  while (now() < end) {
    const l = site.lines.find((x) => x.t > t && /worker (\d+) ready/.test(x.line));
    if (l) return { pid: Number(/worker (\d+) ready/.exec(l.line)![1]), t: l.t };
    await sleep(20);
  }
  return null;
}

/** Until /fortunes (a page that queries) answers 200 again. */
async function healthyAfter(site: Site, t: number, ms: number) {
  const end = t + ms;
  while (now() < end) {
    const r = await get(site.base, "/fortunes", 5000);
    if ("status" in r && r.status === 200) return now();
    await sleep(20);
  }
  return null;
}

/** 1. A worker killed (SIGKILL): the guardian starts another. */
async function killWorker(site: Site): Promise<Fault> {
  const t = now();
  const victim = site.pids[0]!;
  process.kill(victim, "SIGKILL");
  const ready = await readyAfter(site, t, 30_000);
  if (ready) site.pids = [ready.pid, site.pids[1]!];
  return {
    name: "worker killed (SIGKILL)",
    at: t,
    recoveredMs: ready ? ready.t - t : null,
    window: [t, ready?.t ?? t],
    detail: `pid ${victim} → replacement ${ready?.pid ?? "none"} ready`,
  };
}

/** 2. Every Postgres backend of the site terminated: pages answer again by themselves. */
async function terminateBackends(site: Site): Promise<Fault> {
  const admin = new pg.Client({ connectionString: site.dbUrl });
  await admin.connect();
  const t = now();
  const r = await admin.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'quarry' AND pid <> pg_backend_pid()) x",
  );
  await admin.end();
  const ok = await healthyAfter(site, t, 30_000);
  return {
    name: "Postgres backends terminated",
    at: t,
    recoveredMs: ok ? ok - t : null,
    window: [t, ok ?? t],
    detail: `${r.rows[0]!.n} backends`,
  };
}

/** 3. Spinning pages: the largest Mandelbrot, stopped by the time limit. */
async function spinPages(site: Site): Promise<Fault> {
  const t = now();
  const spins = await Promise.all(
    Array.from({ length: 3 }, () => get(site.base, "/mandelbrot?width=1023&height=767&maxiter=1000", 60_000)),
  );
  const answered = spins.map((s) => ("status" in s ? `${s.status} in ${(s.ms / 1000).toFixed(1)} s` : s.error));
  return {
    name: "spinning pages (3 × /mandelbrot 1023×767)",
    at: t,
    recoveredMs: Math.max(...spins.map((s) => s.ms)),
    window: [t, now()],
    detail: answered.join(", "),
  };
}

/** 4. A worker frozen: no heartbeat, killed and replaced by the guardian. */
async function freezeWorker(site: Site): Promise<Fault> {
  const t = now();
  const frozen = site.pids[1]!;
  process.kill(frozen, "SIGSTOP");
  const ready = await readyAfter(site, t, HEARTBEAT_MS + 30_000);
  if (ready) site.pids = [site.pids[0]!, ready.pid];
  return {
    name: `worker frozen (SIGSTOP; heartbeat limit ${HEARTBEAT_MS} ms)`,
    at: t,
    recoveredMs: ready ? ready.t - t : null,
    window: [t, ready?.t ?? t],
    detail: `pid ${frozen} → replacement ${ready?.pid ?? "none"} ready`,
  };
}

/**
 * Every answer by cause; a failure is explained by a fault when it falls in that fault's window
 * (from the fault until it recovered, plus a grace of a few seconds for requests already
 * queued), else it is lost.
 */
function tally(result: SoakLoadResult, faults: Fault[]) {
  const total: Second = {};
  const unexplained: Record<number, Second> = {};
  const perFault = faults.map(() => 0);
  result.seconds.forEach((s, i) => {
    const f = faults.findIndex((x) => i >= x.window[0] && i <= x.window[1] + GRACE_S);
    for (const [k, n] of Object.entries(s)) {
      total[k] = (total[k] ?? 0) + n;
      if (/^(2\d\d|304)$/.test(k)) continue;
      if (f >= 0) perFault[f]! += n;
      else (unexplained[i] ??= {})[k] = n;
    }
  });
  return { total, unexplained, perFault };
}

/** Prints the run's figures and returns the problems found (none: it passed). */
function report(
  result: SoakLoadResult,
  faults: Fault[],
  counts: ReturnType<typeof tally>,
  rss: [number, number],
  code: number | null,
  print: (s: string) => void,
): string[] {
  const { total, unexplained, perFault } = counts;
  const [rssStart, rssEnd] = rss;
  const noAnswer = result.sent - result.answered;
  // Each connection has at most one request in flight: a worker killed or frozen can cut at
  // most one per connection, and so can the end of the run.
  const allowance = CONNECTIONS * 3;
  const ok = Object.entries(total)
    .filter(([k]) => /^(2\d\d|304)$/.test(k))
    .reduce((a, [, n]) => a + n, 0);
  print(
    `soak: ${SECONDS} s, ${CONNECTIONS} connections, ${RATE} req/s bound, quarry start --workers 2 on the embedded Postgres, sample site`,
  );
  print(
    `requests sent: ${result.sent}; answered: ${result.answered} (${ok} 2xx/304); latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  print(
    `answers by cause: ${Object.entries(total)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(", ")}`,
  );
  print(
    `no answer: ${noAnswer} (at most ${allowance} may be: the requests in flight on a killed or frozen worker and at the end of the run); autocannon counted ${result.errors} errors, ${result.timeouts} timeouts`,
  );
  faults.forEach((f, i) =>
    print(
      `fault at ${((f.at - result.startedAt) / 1000).toFixed(1)} s: ${f.name}: ${f.detail}; recovered in ${f.recoveredMs === null ? "NEVER" : `${Math.round(f.recoveredMs)} ms`}; failed answers in its window: ${perFault[i]}`,
    ),
  );
  print(
    `server RSS (guardian + workers): ${(rssStart / 1024).toFixed(0)} MiB at start, ${(rssEnd / 1024).toFixed(0)} MiB at end (bound ×${RSS_BOUND})`,
  );
  print(
    `non-2xx or no answer outside the fault windows: ${
      Object.keys(unexplained).length
        ? Object.entries(unexplained)
            .map(([sec, c]) => `at ${sec} s ${JSON.stringify(c)}`)
            .join(", ")
        : "none"
    }; server exit code after SIGTERM: ${code}`,
  );
  const problems = [
    ...(Object.keys(unexplained).length ? ["requests failed outside a fault"] : []),
    ...(noAnswer > allowance ? [`${noAnswer} requests never answered`] : []),
    ...(total["500"] ? ["500 answers"] : []),
    ...faults.filter((f) => f.recoveredMs === null).map((f) => `no recovery from: ${f.name}`),
    ...(rssEnd > rssStart * RSS_BOUND ? ["memory grew beyond the bound"] : []),
    ...(code !== 0 ? ["the server did not stop cleanly"] : []),
  ];
  print(problems.length ? `FAILED: ${problems.join("; ")}` : "PASSED");
  return problems;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "quarry-soak-"));
  // As root, Postgres runs as the postgres user, who must be able to enter the data folder.
  chmodSync(work, 0o755);
  const children: ChildProcess[] = [];
  const cleanup = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  };
  process.on("exit", cleanup);
  try {
    const site = await startSite(work, children);
    const serverRss = () => [site.server.pid!, ...site.pids].reduce((a, p) => a + rssKiB(p), 0);
    // Warm up, then measure memory before the load.
    for (const p of PATHS) await get(site.base, p);
    const rssStart = serverRss();

    const job: SoakLoadJob = { url: site.base, connections: CONNECTIONS, rate: RATE, seconds: SECONDS, paths: PATHS };
    const load = fork(join(import.meta.dirname, "soak-load.js"), [JSON.stringify(job)], { stdio: "inherit" });
    children.push(load);
    const loadStart = now();
    const loaded = new Promise<SoakLoadResult>((resolve, reject) => {
      load.on("message", (m: { result?: SoakLoadResult; error?: string }) =>
        m.result ? resolve(m.result) : reject(new Error(m.error)),
      );
      load.on("exit", (code) => code !== 0 && reject(new Error(`the load process exited ${code}`)));
    });
    const at = (fraction: number) => sleep(Math.max(0, loadStart + fraction * SECONDS * 1000 - now()));
    const faults: Fault[] = [];
    const schedule: [number, (site: Site) => Promise<Fault>][] = [
      [0.2, killWorker],
      [0.4, terminateBackends],
      [0.55, spinPages],
      [0.7, freezeWorker],
    ];
    for (const [fraction, fault] of schedule) {
      await at(fraction);
      faults.push(await fault(site));
    }

    const result = await loaded;
    const sec = (t: number) => Math.floor((t - result.startedAt) / 1000);
    for (const f of faults) f.window = [sec(f.window[0]), sec(f.window[1]) + 1];
    const rssEnd = serverRss();
    site.server.kill("SIGTERM");
    const code = await new Promise<number | null>((r) =>
      site.server.exitCode !== null ? r(site.server.exitCode) : site.server.on("exit", r),
    );
    const lines: string[] = [];
    const print = (s: string) => {
      lines.push(s);
      process.stdout.write(`${s}\n`);
    };
    const problems = report(result, faults, tally(result, faults), [rssStart, rssEnd], code, print);
    const command = commandLine("soak", [], args);
    writeSection({
      name: "soak",
      title: "Soak: faults under load (`npm run soak`)",
      command,
      markdown: lines.map((l) => `- ${l}`).join("\n"),
      loadAtStart,
    });
    process.exitCode = problems.length ? 1 : 0;
  } finally {
    cleanup();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
