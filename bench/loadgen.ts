// The load generator: autocannon in its own process, so it never shares a thread with a server
// it measures. The parent forks this file and sends one job at a time over IPC; each answer
// carries autocannon's result and this process's own CPU time during the run, so a saturated
// generator can be told apart from a slow server.
// autocannon ships no type declarations.
// @ts-expect-error untyped module
import autocannon from "autocannon";

export interface LoadJob {
  url: string;
  connections: number;
  /** Seconds; ignored when amount is set. */
  duration: number;
  /** A fixed number of requests instead of a duration (seed 001's design). */
  amount?: number;
  /** The exact body every response must have… */
  expectBody?: string;
  /** …or a regular expression it must match. */
  expectPattern?: string;
  /** Parts of the body replaced by "…" before comparing with expectBody (per-request tokens). */
  mask?: string;
  timeoutS?: number;
  /** Request headers, e.g. the session cookie. */
  headers?: Record<string, string>;
  /** With amount: stop after this many seconds even if not all requests were made. */
  maxSeconds?: number;
  /**
   * Paths (on url's origin) each connection requests in turn, over and over: a mix. The result
   * then has each path's latency (byPath); bodies are not checked.
   */
  paths?: string[];
}

/** A mix's latency for one of its paths (ms, as autocannon measures a response's time). */
export interface PathLatency {
  path: string;
  count: number;
  p50: number;
  p99: number;
}

export interface LoadResult {
  requests: number;
  durationS: number;
  rps: number;
  latency: { p50: number; p90: number; p99: number; mean: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  /** This process's CPU time during the run ÷ wall time (1 = one core busy). */
  cpuShare: number;
  /** The amount was not reached within maxSeconds. */
  capped: boolean;
  /** With paths: each path's latency. */
  byPath?: PathLatency[];
  /**
   * With amount: the mean and longest response time (ms) as measured, unrounded (autocannon's
   * latency figures come from a histogram of whole milliseconds, so a 0.7 ms answer counts 0).
   */
  exact?: { mean: number; max: number };
}

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  latency: { p50: number; p90: number; p99: number; mean: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const mask = job.mask !== undefined ? new RegExp(job.mask, "g") : null;
  const expected = job.expectBody;
  const pattern = job.expectPattern !== undefined ? new RegExp(job.expectPattern) : null;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.duration,
    amount: job.amount,
    // A slow answer is measured, not dropped: only one that takes over 30 s counts as a timeout.
    timeout: job.timeoutS ?? 30,
    ...(job.headers ? { headers: job.headers } : {}),
    ...(job.paths ? { requests: job.paths.map((path) => ({ method: "GET", path })) } : {}),
    ...(job.paths
      ? {}
      : pattern
        ? { verifyBody: (body: string) => pattern.test(body) }
        : mask && expected !== undefined
          ? { verifyBody: (body: string) => body.replace(mask, "…") === expected }
          : expected !== undefined
            ? { expectBody: expected }
            : {}),
  }) as PromiseLike<AutocannonResult> & {
    stop(): void;
    on(e: "response", f: (client: object, status: number, bytes: number, ms: number) => void): void;
  };
  // With one request in flight per connection, a connection's n-th answer is for its n-th request.
  const times = job.paths ? job.paths.map((): number[] => []) : null;
  if (times) {
    const sent = new WeakMap<object, number>();
    instance.on("response", (client, _status, _bytes, ms) => {
      const n = sent.get(client) ?? 0;
      sent.set(client, n + 1);
      times[n % times.length]!.push(ms);
    });
  }
  const exact = job.amount !== undefined ? { n: 0, sum: 0, max: 0 } : null;
  if (exact)
    instance.on("response", (_client, _status, _bytes, ms) => {
      exact.n++;
      exact.sum += ms;
      exact.max = Math.max(exact.max, ms);
    });
  const cap = job.amount && job.maxSeconds ? setTimeout(() => instance.stop(), job.maxSeconds * 1000) : null;
  const r = await instance;
  if (cap) clearTimeout(cap);
  const wallUs = Number(process.hrtime.bigint() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const requests = r.requests.total;
  return {
    requests,
    // autocannon rounds its own duration to whole seconds: time the run here instead.
    durationS: wallUs / 1e6,
    rps: wallUs > 0 ? requests / (wallUs / 1e6) : 0,
    latency: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, mean: r.latency.mean, max: r.latency.max },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    mismatches: r.mismatches,
    cpuShare: (cpu.user + cpu.system) / wallUs,
    capped: job.amount !== undefined && requests < job.amount,
    ...(times ? { byPath: latencies(job.paths!, times) } : {}),
    ...(exact ? { exact: { mean: exact.n ? exact.sum / exact.n : 0, max: exact.max } } : {}),
  };
}

/** Each path's count, p50 and p99, the paths that share one merged (the same path listed twice or more). */
function latencies(paths: string[], times: number[][]): PathLatency[] {
  const byPath = new Map<string, number[]>();
  paths.forEach((p, i) => byPath.set(p, [...(byPath.get(p) ?? []), ...times[i]!]));
  const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
  return [...byPath].map(([path, xs]) => {
    xs.sort((a, b) => a - b);
    return { path, count: xs.length, p50: at(xs, 0.5), p99: at(xs, 0.99) };
  });
}

process.on("message", (msg: { id: number; job: LoadJob }) => {
  run(msg.job).then(
    (result) => process.send!({ id: msg.id, result }),
    (err: unknown) => process.send!({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
process.on("disconnect", () => process.exit(0));
