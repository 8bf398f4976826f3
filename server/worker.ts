// One worker process of `quarry start --workers N` (forked by the guardian, guardian.ts): serves
// the site on the shared port and proves its event loop is alive with a heartbeat message every
// QUARRY_HEARTBEAT_MS. A page stuck in synchronous work stops the heartbeat, and the guardian
// replaces this process. The guardian's embedded Postgres arrives as QUARRY_EMBEDDED_URL.
import cluster from "node:cluster";
import { serve, type LogLevel } from "./app.js";
import { QuarryError } from "../engine/errors.js";

/** What the guardian passes to each worker (JSON in QUARRY_WORKER). */
export interface WorkerOptions {
  dist: string;
  port: number;
  host: string;
  logLevel?: LogLevel;
}

/** Messages between a worker and its guardian. */
export type WorkerMessage = { quarry: "heartbeat" } | { quarry: "ready"; port: number } | { quarry: "shutdown" };

const send = (m: WorkerMessage) => {
  if (process.connected) process.send?.(m);
};

async function main(): Promise<void> {
  const beatMs = Number(process.env.QUARRY_HEARTBEAT_MS) || 1000;
  // First thing: a worker busy loading its templates is alive too.
  setInterval(() => send({ quarry: "heartbeat" }), beatMs).unref();
  send({ quarry: "heartbeat" });
  const opts = JSON.parse(process.env.QUARRY_WORKER ?? "{}") as WorkerOptions;
  let stop: (why: string) => void;
  try {
    ({ stop } = await serve({
      dist: opts.dist,
      port: opts.port,
      host: opts.host,
      logLevel: opts.logLevel,
      embeddedUrl: process.env.QUARRY_EMBEDDED_URL || undefined,
      // The guardian applied the migrations once, before forking.
      migrate: false,
      onListening: (port) => send({ quarry: "ready", port }),
    }));
  } catch (err) {
    process.stderr.write(
      `${err instanceof QuarryError ? err.format() : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  }
  // The guardian asks for the same ordered shutdown a signal gives.
  process.on("message", (m: WorkerMessage) => {
    if (m?.quarry === "shutdown") stop("asked by the guardian");
  });
}

if (cluster.isWorker) await main();
