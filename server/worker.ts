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
export type WorkerMessage =
  | { quarry: "heartbeat" }
  | { quarry: "ready"; port: number }
  | { quarry: "shutdown" }
  // Shutting down: this worker stopped accepting; the guardian answers "all-stopped" once every
  // worker did, when the shared listening socket is closed.
  | { quarry: "stopped-accepting" }
  | { quarry: "all-stopped" };

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
      // Until every worker stopped accepting, the guardian's socket still takes connections and
      // hands them to the others: a connection closed here (after a response with Connection:
      // close) would reconnect to them, and be cut when the last one stops.
      stoppedAccepting: () =>
        new Promise<void>((resolve) => {
          const onMessage = (m: WorkerMessage) => {
            if (m?.quarry !== "all-stopped") return;
            process.off("message", onMessage);
            resolve();
          };
          process.on("message", onMessage);
          if (process.connected) send({ quarry: "stopped-accepting" });
          else resolve();
        }),
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
