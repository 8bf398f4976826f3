// npm run bench:request-path — where a served page's time and memory go, in Quarry's default
// server and strategy pool against the hand-written routes (pool, pool with named statements,
// pipelining): each server in its own process as bench:workloads runs it (runner.ts
// startServer: logging silent, quarry start's V8 flags), the load generator in another: first
// windows with no profiler, for requests/s and the CPU a request costs its main thread and its
// other threads (V8's collector and compiler helpers: /proc); then as many with V8's CPU profiler
// and sampling heap profiler running inside each server (bench/profile-child.ts), for the
// collector's share, the bytes a request allocates and the functions that cost each Quarry
// server most a request, beside the same function's cost in the hand-written server that sends
// Postgres the same messages (pipelining; a pool of named statements) when it has one. A guide
// to where to look, not a result: the profilers slow every server, so compare within this
// output only, never with RESULTS.md.
// BENCH_PAGE (/fortunes, a page of templates/ that bench/hand.ts serves too), BENCH_CONNECTIONS
// (16), BENCH_DURATION (4 s a window), BENCH_ROUNDS (3, the servers' order turning), BENCH_TOP (15).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../server/build.js";
import type { ProfileReply, ProfileSummary } from "./profile-child.js";
import { threadUse } from "./proc.js";
import type { LoadResult } from "./loadgen.js";
import { mdTable } from "./report.js";
import {
  BenchError,
  expectedBody,
  LoadGenerator,
  machine,
  startDatabase,
  startServer,
  type RunningServer,
} from "./runner.js";
import type { ServerSpec } from "./spec.js";

function whole(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new BenchError(`${name} must be a positive whole number, got ${JSON.stringify(raw)}`);
  return n;
}

const QUARRY = "Quarry (pipeline)";
const QUARRY_POOL = "Quarry (pool)";
const HAND_POOL = "hand/pool";
const HAND_PIPELINING = "hand/pipelining";
const HAND_NAMED = "hand/pool, named statements";
const PAIRS = [
  [QUARRY, HAND_PIPELINING],
  [QUARRY_POOL, HAND_NAMED],
] as const;

const site = fileURLToPath(new URL("../../templates", import.meta.url));

/** What every measured window of one server added up to: unprofiled, then profiled. */
interface Totals {
  requests: number;
  seconds: number;
  mainUs: number;
  othersUs: number;
  slept: number;
  preempted: number;
  profiledRequests: number;
  busyUs: number;
  gcUs: number;
  bytes: number;
  functions: Map<string, { cpuUs: number; bytes: number }>;
}

/** The load generator's result, when every response was the expected page. */
function answered(s: RunningServer, r: LoadResult): LoadResult {
  if (r.errors + r.timeouts + r.non2xx + r.mismatches > 0)
    throw new BenchError(
      `${s.spec.name}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx, ${r.mismatches} wrong bodies`,
    );
  return r;
}

/** Sends a profiler message to a server's process and waits for its answer. */
function ask(s: RunningServer, profile: "start" | "stop"): Promise<ProfileReply> {
  const child = s.child!;
  return new Promise((resolve, reject) => {
    const onExit = () => reject(new BenchError(`${s.spec.name}: the server exited while profiled`));
    child.once("exit", onExit);
    const onMessage = (m: ProfileReply) => {
      if (profile === "start" ? !("profiling" in m) : !("profiled" in m)) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(m);
    };
    child.on("message", onMessage);
    child.send({ profile });
  });
}

function add(t: Totals, p: ProfileSummary): void {
  t.busyUs += p.busyUs;
  t.gcUs += p.gcUs;
  t.bytes += p.bytes;
  for (const f of p.functions) {
    const c = t.functions.get(f.name) ?? { cpuUs: 0, bytes: 0 };
    c.cpuUs += f.cpuUs;
    c.bytes += f.bytes;
    t.functions.set(f.name, c);
  }
}

/** The run's settings, from the environment (see the head of this file). */
function settings() {
  return {
    page: process.env.BENCH_PAGE ?? "/fortunes",
    connections: whole("BENCH_CONNECTIONS", 16),
    duration: whole("BENCH_DURATION", 4),
    rounds: whole("BENCH_ROUNDS", 3),
    top: whole("BENCH_TOP", 15),
  };
}
type Settings = ReturnType<typeof settings>;

/** Every server loaded and profiled for `rounds` windows, its order turning each round. */
async function measure(servers: RunningServer[], loadgen: LoadGenerator, o: Settings): Promise<Map<string, Totals>> {
  const { bodies } = await expectedBody(servers, { path: o.page });
  const expectBody = bodies.get(QUARRY)!;
  const totals = new Map<string, Totals>(
    servers.map((s) => [
      s.spec.name,
      {
        requests: 0,
        seconds: 0,
        mainUs: 0,
        othersUs: 0,
        slept: 0,
        preempted: 0,
        profiledRequests: 0,
        busyUs: 0,
        gcUs: 0,
        bytes: 0,
        functions: new Map(),
      },
    ]),
  );
  const load = (s: RunningServer, duration: number) =>
    loadgen.run({ url: s.base + o.page, connections: o.connections, duration, expectBody });
  // Warmed for a window's length first: V8 has optimised the request path by then.
  for (const s of servers) await load(s, o.duration);
  // Every server's unprofiled windows first (requests/s and CPU: no profiler has run in it
  // yet, so none of its threads or leftovers count), then its profiled ones (where the time
  // and memory go); in each phase the servers' order turns every round.
  for (const profiled of [false, true])
    for (let round = 0; round < o.rounds; round++)
      for (let k = 0; k < servers.length; k++) {
        const s = servers[(k + round) % servers.length]!;
        process.stderr.write(`${profiled ? "profiled" : "plain"} round ${round + 1} of ${o.rounds}: ${s.spec.name}\n`);
        const t = totals.get(s.spec.name)!;
        if (profiled) {
          await ask(s, "start");
          const p = answered(s, await load(s, o.duration));
          const reply = await ask(s, "stop");
          t.profiledRequests += p.requests;
          if ("profiled" in reply) add(t, reply.profiled);
          continue;
        }
        const before = threadUse(s.pid!);
        const r = answered(s, await load(s, o.duration));
        const after = threadUse(s.pid!);
        t.requests += r.requests;
        t.seconds += r.durationS;
        if (before && after) {
          t.mainUs += after.main - before.main;
          t.othersUs += after.others - before.others;
          t.slept += after.slept - before.slept;
          t.preempted += after.preempted - before.preempted;
        }
      }
  return totals;
}

const f1 = (n: number) => n.toFixed(1);

/** The servers' table, then Quarry's costliest functions by CPU and by allocation. */
function report(servers: RunningServer[], totals: Map<string, Totals>, o: Settings): string[] {
  const m = machine();
  const lines = [
    `Generated by \`npm run bench:request-path\` (BENCH_PAGE=${o.page} BENCH_CONNECTIONS=${o.connections} BENCH_DURATION=${o.duration} BENCH_ROUNDS=${o.rounds}) on ${new Date().toISOString()}. Machine: Node ${m.node}, ${m.cpu} × ${m.cores}, load average ${m.loadAvg.map((x) => x.toFixed(1)).join(" / ")}.`,
    "",
    `Each server loaded at ${o.connections} connections for ${o.rounds} windows of ${o.duration} s without the profilers (req/s; CPU from /proc per thread; how often the main thread slept until woken and was preempted, from its context switches), then as many profiled from inside ("GC of busy": the main thread's CPU profile; allocated, objects already collected counted; and the functions below: the profilers slow the server, so compare within this output only).`,
    "",
    mdTable(
      [
        "server",
        "req/s",
        "main thread µs/request",
        "other threads µs/request",
        "main thread slept / preempted a request",
        "GC of busy",
        "allocated KB/request",
      ],
      servers.map((s) => {
        const t = totals.get(s.spec.name)!;
        return [
          s.spec.name,
          Math.round(t.requests / t.seconds).toLocaleString("en-US"),
          f1(t.mainUs / t.requests),
          f1(t.othersUs / t.requests),
          `${(t.slept / t.requests).toFixed(2)} / ${(t.preempted / t.requests).toFixed(2)}`,
          `${((100 * t.gcUs) / t.busyUs).toFixed(1)}%`,
          f1(t.bytes / 1024 / t.profiledRequests),
        ];
      }),
    ),
  ];
  const per = (t: Totals, name: string, key: "cpuUs" | "bytes") =>
    (t.functions.get(name)?.[key] ?? 0) / t.profiledRequests;
  // Each Quarry strategy beside the hand-written server that talks to Postgres the same way.
  for (const [q, h] of PAIRS) {
    const quarry = totals.get(q)!;
    const hand = totals.get(h)!;
    for (const [key, what, unit, shown] of [
      ["cpuUs", "main-thread CPU (self time)", "µs", f1],
      ["bytes", "allocation", "bytes", (n: number) => Math.round(n).toLocaleString("en-US")],
    ] as const) {
      const top = [...quarry.functions.keys()]
        .sort((a, b) => per(quarry, b, key) - per(quarry, a, key))
        .slice(0, o.top);
      lines.push(
        "",
        `${q}: the ${o.top} functions with the most ${what} a request, and the same function's in ${h} (— where it has none).`,
        "",
        mdTable(
          ["function", `${q} ${unit}/request`, `${h} ${unit}/request`],
          top.map((name) => [
            name,
            shown(per(quarry, name, key)),
            hand.functions.has(name) ? shown(per(hand, name, key)) : "—",
          ]),
        ),
      );
    }
  }
  return lines;
}

async function main(): Promise<void> {
  const o = settings();
  const dist = mkdtempSync(join(tmpdir(), "quarry-bench-request-path-"));
  const db = await startDatabase(join(site, "_db"), (m) => process.stderr.write(`${m}\n`));
  const servers: RunningServer[] = [];
  const loadgen = new LoadGenerator();
  try {
    const built = build(site, dist);
    if (built.errors.length > 0) throw new BenchError(`quarry build templates failed:\n${built.errors.join("\n")}`);
    const specs: ServerSpec[] = [
      { name: QUARRY, kind: "quarry", dist, strategy: "pipeline" },
      { name: QUARRY_POOL, kind: "quarry", dist, strategy: "pool" },
      { name: HAND_POOL, kind: "hand", site, strategy: "pool" },
      { name: HAND_PIPELINING, kind: "hand", site, strategy: "pipeline" },
      { name: HAND_NAMED, kind: "hand", site, strategy: "pool", named: true },
    ];
    // Every server the runner forks from here profiles itself on request (server-child.ts).
    process.env.QUARRY_BENCH_PROFILE = "1";
    for (const spec of specs) servers.push(await startServer(spec, db.url, [o.page]));
    const totals = await measure(servers, loadgen, o);
    process.stdout.write(`${report(servers, totals, o).join("\n")}\n`);
  } finally {
    await loadgen.stop();
    for (const s of servers) await s.stop();
    await db.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}

await main().catch((err: Error) => {
  // A bad setting or a wrong answer is one line; anything else keeps its stack.
  process.stderr.write(`bench:request-path: ${err instanceof BenchError ? err.message : (err.stack ?? err.message)}\n`);
  process.exitCode = 1;
});
