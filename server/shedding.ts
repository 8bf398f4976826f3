// Load shedding: under overload (event-loop delay, V8 heap, resident memory past the `server`
// thresholds) a request is answered 503 + Retry-After at once instead of joining a queue
// without bound. @fastify/under-pressure samples the process every second.
import { getHeapStatistics } from "node:v8";
import type { FastifyInstance } from "fastify";
import underPressure from "@fastify/under-pressure";
import { codes, RequestError } from "../engine/errors.js";
import { errorPage } from "./error-page.js";
import type { ServerSettings } from "./settings.js";

/** The heap threshold in effect: the setting, else 90% of V8's heap limit. */
export const heapThreshold = (s: ServerSettings) =>
  s.maxHeapUsedBytes ?? Math.floor(getHeapStatistics().heap_size_limit * 0.9);

const WHAT: Record<string, [string, keyof ServerSettings, string]> = {
  eventLoopDelay: ["event-loop delay", "maxEventLoopDelayMs", "ms"],
  heapUsedBytes: ["heap in use", "maxHeapUsedBytes", "bytes"],
  rssBytes: ["resident memory", "maxRssBytes", "bytes"],
};

export async function registerShedding(app: FastifyInstance, s: ServerSettings, dev: boolean): Promise<void> {
  const limits = { eventLoopDelay: s.maxEventLoopDelayMs, heapUsedBytes: heapThreshold(s), rssBytes: s.maxRssBytes };
  if (!limits.eventLoopDelay && !limits.heapUsedBytes && !limits.rssBytes) return;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.eventLoopDelay,
    maxHeapUsedBytes: limits.heapUsedBytes,
    maxRssBytes: limits.rssBytes,
    retryAfter: s.retryAfterSeconds,
    // Sending here ends the request before it is routed (under-pressure's documented pattern).
    pressureHandler: (req, reply, type, value) => {
      const [what, key, unit] = WHAT[type] ?? [type, "maxEventLoopDelayMs", ""];
      const limit = limits[type as keyof typeof limits];
      const err = new RequestError(
        codes.OVERLOADED,
        503,
        `Server overloaded: ${what} ${Math.round(Number(value))} ${unit} is over server.${key} (${limit} ${unit})`,
      );
      reply
        .code(503)
        .header("retry-after", String(s.retryAfterSeconds))
        .type("text/html; charset=utf-8")
        .send(errorPage(err, 503, req.id, dev));
    },
  });
}
