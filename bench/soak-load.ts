// The soak's load: autocannon in its own process (forked by bench/soak.ts), a bounded mixed load
// over the sample site's pages, every answer tallied by the second it arrived in, its status and
// its cause (so the soak can tell what happened inside each fault's window). The job comes on
// argv as JSON; the tally goes back over IPC.
// autocannon ships no type declarations.
// @ts-expect-error untyped module
import autocannon from "autocannon";

export interface SoakLoadJob {
  url: string;
  connections: number;
  /** Requests per second across all connections (the bound). */
  rate: number;
  seconds: number;
  paths: string[];
}

/** Answers in one second of the run: "200", "503 database", "503 timeout", "error", … */
export type Second = Record<string, number>;

export interface SoakLoadResult {
  /** Requests written to a connection (counted here: autocannon's own `sent` adds its rate per connection). */
  sent: number;
  /** Requests answered (any status). */
  answered: number;
  /** Errors and timeouts autocannon counted (a connection reset or cut). */
  errors: number;
  timeouts: number;
  /** Date.now() when the load started: second 0 of `seconds`. */
  startedAt: number;
  /** Index: whole seconds since the load started. */
  seconds: Second[];
  latency: { p50: number; p99: number; max: number };
}

/** What a non-2xx answer was about, from the built-in error page's text. */
function cause(status: number, body: string): string {
  if (status < 300 || status === 304) return String(status);
  if (status === 503) {
    if (body.includes("database is unavailable")) return "503 database";
    if (body.includes("took too long")) return "503 timeout";
    if (body.includes("server is busy")) return "503 overloaded";
    return "503 other";
  }
  return String(status);
}

function run(job: SoakLoadJob): Promise<SoakLoadResult> {
  const t0 = Date.now();
  const seconds: Second[] = [];
  let sent = 0;
  let answered = 0;
  const count = (key: string) => {
    const s = Math.floor((Date.now() - t0) / 1000);
    while (seconds.length <= s) seconds.push({});
    seconds[s]![key] = (seconds[s]![key] ?? 0) + 1;
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        overallRate: job.rate,
        duration: job.seconds,
        timeout: 20,
        requests: job.paths.map((path) => ({
          method: "GET",
          path,
          setupRequest: (req: unknown) => {
            sent++;
            return req;
          },
          onResponse: (status: number, body: string) => {
            answered++;
            count(cause(status, body));
          },
        })),
      },
      (
        err: Error | null,
        r: { errors: number; timeouts: number; latency: { p50: number; p99: number; max: number } },
      ) => {
        if (err) reject(err);
        else
          resolve({
            sent,
            answered,
            errors: r.errors,
            timeouts: r.timeouts,
            startedAt: t0,
            seconds,
            latency: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
          });
      },
    ) as { on(event: string, fn: (...a: unknown[]) => void): void };
    instance.on("reqError", () => count("error"));
    instance.on("timeout", () => count("timeout"));
  });
}

const job = JSON.parse(process.argv[2] ?? "{}") as SoakLoadJob;
run(job).then(
  (result) => process.send!({ result }, () => process.exit(0)),
  (err: unknown) => process.send!({ error: err instanceof Error ? err.message : String(err) }, () => process.exit(1)),
);
