// Load shedding: under overload (event-loop delay, a V8 heap that stays full, resident memory
// past the `server` thresholds) a request is answered 503 + Retry-After at once instead of
// joining a queue without bound. @fastify/under-pressure samples the process every second.
//
// Memory is judged by what is live, not by what the process happens to hold: one page that
// allocated a gigabyte (and was stopped for it, see limits.maxPageBytes) leaves its garbage in
// the heap until V8's next full collection and its pages in the resident set for long after
// (V8 returns them to the system lazily: 95 s of 503s for every visitor in the attack run).
// So the heap sheds only while the heap in use is over the threshold now *and* was still over
// it right after the last full collection; the resident-memory threshold is off unless set.
import { PerformanceObserver, constants } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import type { FastifyInstance } from "fastify";
import underPressure from "@fastify/under-pressure";
import { codes, RequestError } from "../engine/errors.js";
import { errorPage } from "./error-page.js";
import type { ServerSettings } from "../config/server-settings.js";

/** The heap threshold in effect: the setting, else 90% of V8's heap limit. */
export const heapThreshold = (s: ServerSettings) =>
  s.maxHeapUsedBytes ?? Math.floor(getHeapStatistics().heap_size_limit * 0.9);

const WHAT: Record<string, [string, keyof ServerSettings, string]> = {
  eventLoopDelay: ["event-loop delay", "maxEventLoopDelayMs", "ms"],
  healthCheck: ["heap in use after garbage collection", "maxHeapUsedBytes", "bytes"],
  rssBytes: ["resident memory", "maxRssBytes", "bytes"],
};

const heapUsed = () => getHeapStatistics().used_heap_size;

/**
 * The heap still in use after V8's last full (mark-compact) collection, kept up to date by a
 * GC observer; until the first one, the heap in use when the server started (mostly code and
 * templates: live).
 */
function liveHeap(): { bytes: number; stop(): void } {
  const live = { bytes: heapUsed(), stop: () => obs.disconnect() };
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if ((e as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        live.bytes = heapUsed();
  });
  obs.observe({ entryTypes: ["gc"] });
  return live;
}

export async function registerShedding(app: FastifyInstance, s: ServerSettings, dev: boolean): Promise<void> {
  const limits = { eventLoopDelay: s.maxEventLoopDelayMs, healthCheck: heapThreshold(s), rssBytes: s.maxRssBytes };
  if (!limits.eventLoopDelay && !limits.healthCheck && !limits.rssBytes) return;
  const live = limits.healthCheck ? liveHeap() : null;
  if (live) app.addHook("onClose", () => live.stop());
  /** What the last heap check saw over the threshold (for the message). */
  let over = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.eventLoopDelay,
    maxRssBytes: limits.rssBytes,
    retryAfter: s.retryAfterSeconds,
    ...(live && {
      // Healthy unless the heap is full now and was still full after the last full collection.
      healthCheck: () => {
        const now = heapUsed();
        over = Math.min(now, live.bytes);
        return Promise.resolve(!(now > limits.healthCheck && live.bytes > limits.healthCheck));
      },
      healthCheckInterval: 1000,
    }),
    // Sending here ends the request before it is routed (under-pressure's documented pattern).
    pressureHandler: (req, reply, type, value) => {
      const [what, key, unit] = WHAT[type] ?? [type, "maxEventLoopDelayMs", ""];
      const limit = limits[type as keyof typeof limits];
      const figure = type === "healthCheck" ? over : Number(value);
      const err = new RequestError(
        codes.OVERLOADED,
        503,
        `Server overloaded: ${what} ${Math.round(figure)} ${unit} is over server.${key} (${limit} ${unit})`,
      );
      reply
        .code(503)
        .header("retry-after", String(s.retryAfterSeconds))
        .type("text/html; charset=utf-8")
        .send(errorPage(err, 503, req.id, dev));
    },
  });
}
