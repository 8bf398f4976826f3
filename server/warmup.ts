// `quarry start`'s warm-up (server.warmupPaths): before a process accepts connections it
// requests the paths the site's config names of itself, through the whole app (routing,
// _request.dbt, the page, its queries), as GET from 127.0.0.1 with no cookie, and throws the
// answers away. A page that computes runs in V8's interpreter for its first few requests and is
// optimised only after them (the sample site's /mandelbrot: about 20 requests, 100 ms for the
// first against 2 ms once warm); warmed, those first visitors after a start or a rolling restart
// get the optimised page. The process is not ready (no "listening" line, no worker "ready" to the
// guardian, no systemd READY=1) until the warm-up ends, so a restart takes that much longer.
// Only pages that may safely run again and again belong here: the server cannot know which do.
import type { FastifyInstance } from "fastify";
import type { ServerSettings } from "../config/server-settings.js";

type WarmupSettings = Pick<ServerSettings, "warmupPaths" | "warmupRequests" | "warmupMaxMs">;

const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * Requests each path `warmupRequests` times in turn, one after another, and says what each
 * took. A path that answers anything but 2xx/3xx is said and left (the start goes on: a
 * warm-up only speeds a start up); past `warmupMaxMs` in all, or once `stopping()` (a signal),
 * the rest is skipped.
 */
export async function warmUp(
  app: FastifyInstance,
  s: WarmupSettings,
  say: (line: string) => void,
  stopping: () => boolean,
): Promise<void> {
  const started = performance.now();
  paths: for (const path of s.warmupPaths) {
    const times: number[] = [];
    for (let i = 0; i < s.warmupRequests; i++) {
      if (stopping()) return;
      if (performance.now() - started > s.warmupMaxMs) {
        say(
          `warm-up: stopped after ${s.warmupMaxMs} ms (server.warmupMaxMs) at GET ${path}, request ${i + 1} of ${s.warmupRequests}; accepting connections`,
        );
        return;
      }
      const t = performance.now();
      let status: number;
      try {
        status = (await app.inject({ method: "GET", url: path, remoteAddress: "127.0.0.1" })).statusCode;
      } catch (err) {
        // Fastify answers a failing page itself; this is the app closing under a signal.
        if (stopping()) return;
        say(
          `warm-up: GET ${path} failed (${err instanceof Error ? err.message : String(err)}); not warming it further`,
        );
        continue paths;
      }
      times.push(performance.now() - t);
      if (status >= 400) {
        say(`warm-up: GET ${path} answered ${status}; not warming it further`);
        continue paths;
      }
    }
    say(
      `warm-up: GET ${path} × ${times.length} in ${ms(times.reduce((a, b) => a + b, 0))} (first ${ms(times[0]!)}, last ${ms(times.at(-1)!)})`,
    );
  }
}
