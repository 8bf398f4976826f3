// The `server` section of the site config: how the process lives (shutdown grace, the worker
// heartbeat), when it sheds load, and how large a request may be. Every key is optional; the
// defaults are documented in docs/server.md.
import { ConfigError, integerRange } from "../engine/errors.js";

export interface ServerSettings {
  /** SIGTERM/SIGINT: how long requests in flight may take to finish before the process exits anyway. */
  shutdownGraceMs: number;
  /**
   * SIGTERM/SIGINT under `quarry start`: how long the node keeps accepting and serving as usual
   * with /readyz answering 503, for load balancers that poll /readyz (0: stop accepting at once).
   */
  drainMs: number;
  /**
   * Once it stopped accepting: how long a kept-alive connection may stay idle before the node
   * closes it (each is closed after its next response anyway). The client (a proxy) closing it
   * first is what keeps its next request from racing the close.
   */
  idleCloseMs: number;
  /** A worker whose event loop has not answered for this long is killed and replaced. */
  heartbeatTimeoutMs: number;
  /** Shed load (503 + Retry-After) when the event loop lags more than this (0: never). */
  maxEventLoopDelayMs: number;
  /** Shed load when the V8 heap in use passes this now and after the last full collection; null: 90% of the heap limit (0: never). */
  maxHeapUsedBytes: number | null;
  /** Shed load when the process's resident memory passes this (0, the default: never; it counts memory V8 freed but kept). */
  maxRssBytes: number;
  /** The Retry-After of a shed request. */
  retryAfterSeconds: number;
  /** Largest request body that is not multipart (urlencoded, JSON, text). */
  maxBodyBytes: number;
  /** Most form fields in one urlencoded or multipart body. */
  maxFields: number;
  /** Largest value of one multipart field. */
  maxFieldBytes: number;
  /** Most uploaded files in one multipart body. */
  maxFiles: number;
  /** Largest uploaded file; uploads stream to a temporary file, never into memory. */
  maxFileBytes: number;
  /** Deepest nesting of a JSON body. */
  maxBodyDepth: number;
  /** Where uploads are written while their request runs; null: the system temp folder. */
  uploadDir: string | null;
  /** `quarry start`'s worker processes (`--workers` overrides it); null: one per CPU. */
  workers: number | null;
  /**
   * `quarry start`: pages each process requests of itself (GET, in order) before it accepts
   * connections (server/warmup.ts), so that the first visitors after a start or a restart get
   * pages V8 has already optimised.
   */
  warmupPaths: string[];
  /** Requests per warm-up path. */
  warmupRequests: number;
  /** The whole warm-up stops after this long, and the process accepts connections anyway. */
  warmupMaxMs: number;
}

export const SERVER_DEFAULTS: ServerSettings = {
  shutdownGraceMs: 10_000,
  drainMs: 0,
  idleCloseMs: 2000,
  heartbeatTimeoutMs: 30_000,
  maxEventLoopDelayMs: 1000,
  maxHeapUsedBytes: null,
  maxRssBytes: 0,
  retryAfterSeconds: 10,
  maxBodyBytes: 1024 * 1024,
  maxFields: 1000,
  maxFieldBytes: 100 * 1024,
  maxFiles: 10,
  maxFileBytes: 10 * 1024 * 1024,
  maxBodyDepth: 32,
  uploadDir: null,
  workers: null,
  warmupPaths: [],
  warmupRequests: 20,
  warmupMaxMs: 10_000,
};

const HOUR_MS = 3_600_000;
const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

/**
 * The integers each setting takes; `off`: 0 is also taken and turns the check off. A server
 * that sheds below 64 MiB of memory sheds from its first request; bodies over 1 GiB are not
 * forms.
 */
const RANGES: Partial<Record<keyof ServerSettings, { min: number; max: number; off?: true }>> = {
  shutdownGraceMs: { min: 0, max: HOUR_MS },
  drainMs: { min: 0, max: 600_000 },
  idleCloseMs: { min: 0, max: 600_000 },
  heartbeatTimeoutMs: { min: 100, max: HOUR_MS },
  maxEventLoopDelayMs: { min: 10, max: 60_000, off: true },
  maxHeapUsedBytes: { min: 64 * MIB, max: 1024 * GIB, off: true },
  maxRssBytes: { min: 64 * MIB, max: 1024 * GIB, off: true },
  retryAfterSeconds: { min: 1, max: 86_400 },
  maxBodyBytes: { min: 1, max: GIB },
  maxFields: { min: 1, max: 1_000_000 },
  maxFieldBytes: { min: 1, max: GIB },
  maxFiles: { min: 0, max: 10_000 },
  maxFileBytes: { min: 1, max: 1024 * GIB },
  maxBodyDepth: { min: 1, max: 1000 },
  warmupRequests: { min: 1, max: 10_000 },
  warmupMaxMs: { min: 100, max: 600_000 },
};

/** A path of this server with its query, as a warm-up request asks for it: "/", "/report?year=2025". */
const WARMUP_PATH = /^\/(?!\/)[^\s#\\]{0,2047}$/;

export function parseServerSettings(raw: unknown, file: string): ServerSettings {
  if (raw === undefined) return { ...SERVER_DEFAULTS };
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw new ConfigError(`${file}: server must be an object`);
  const known = Object.keys(SERVER_DEFAULTS);
  const out: ServerSettings = { ...SERVER_DEFAULTS };
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (!known.includes(k)) throw new ConfigError(`${file}: unknown setting server.${k} (known: ${known.join(", ")})`);
    if (k === "uploadDir") {
      if (v !== null && (typeof v !== "string" || v === ""))
        throw new ConfigError(`${file}: server.uploadDir must be a folder path`);
      out.uploadDir = v;
      continue;
    }
    if (k === "workers") {
      if (v !== null && (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > 1024))
        throw new ConfigError(
          `${file}: server.workers must be a whole number from 1 to 1024 (or null: one per CPU), got ${JSON.stringify(v)}`,
        );
      out.workers = v;
      continue;
    }
    if (k === "warmupPaths") {
      if (!Array.isArray(v))
        throw new ConfigError(
          `${file}: server.warmupPaths must be a list of paths such as ["/", "/report?year=2025"], got ${JSON.stringify(v)}`,
        );
      const bad = v.findIndex((p) => typeof p !== "string" || !WARMUP_PATH.test(p));
      if (bad >= 0)
        throw new ConfigError(
          `${file}: server.warmupPaths.${bad} must be a path of this server starting with one / (such as "/" or "/report?year=2025"; no spaces, # or \\), got ${JSON.stringify(v[bad])}`,
        );
      out.warmupPaths = [...(v as string[])];
      continue;
    }
    if (k === "maxHeapUsedBytes" && v === null) {
      out.maxHeapUsedBytes = null;
      continue;
    }
    const r = RANGES[k as keyof ServerSettings]!;
    const ok = typeof v === "number" && Number.isInteger(v) && ((v >= r.min && v <= r.max) || (r.off && v === 0));
    if (!ok)
      throw new ConfigError(
        `${file}: server.${k} must be ${integerRange(r.min, r.max)}${r.off ? " (or 0: never)" : ""}, got ${JSON.stringify(v)}`,
      );
    (out as unknown as Record<string, number>)[k] = v;
  }
  return out;
}
