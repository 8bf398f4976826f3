// One worker process of `quarry start --workers N` (forked by the guardian, guardian.ts): serves
// the site on the shared port and proves its event loop is alive with a heartbeat message every
// QUARRY_HEARTBEAT_MS. A page stuck in synchronous work stops the heartbeat, and the guardian
// replaces this process. It is forked before its guardian's database is ready: it loads the
// server and the build's runtime meanwhile, and serves once the guardian says "start" (with the
// URL of its embedded Postgres, if any).
import cluster from "node:cluster";
import type { LogLevel } from "./app.js";
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
  // The database is ready and migrated: serve (embeddedUrl: the guardian's embedded Postgres, or "").
  | { quarry: "start"; embeddedUrl: string }
  // The worker listens for "start" (a message sent before would be lost).
  | { quarry: "waiting" }
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
  // The server's modules and the compiled templates' runtime, loaded while the guardian readies
  // the database (a failure to load is reported once the guardian says start).
  const loading = Promise.all([import("./app.js"), import("../engine/precompiled.js")]);
  loading.catch(() => {});
  const start = await new Promise<{ embeddedUrl: string } | null>((resolve) => {
    const onMessage = (m: WorkerMessage) => {
      if (m?.quarry !== "start" && m?.quarry !== "shutdown") return;
      process.off("message", onMessage);
      resolve(m.quarry === "start" ? m : null);
    };
    process.on("message", onMessage);
    send({ quarry: "waiting" });
  });
  // Stopped before it served: nothing to finish.
  if (start === null) process.exit(0);
  try {
    const [{ serve }] = await loading;
    await serve({
      dist: opts.dist,
      port: opts.port,
      host: opts.host,
      logLevel: opts.logLevel,
      embeddedUrl: start.embeddedUrl || undefined,
      // The guardian applied the migrations once, before forking.
      migrate: false,
      onListening: (port) => send({ quarry: "ready", port }),
      // The guardian asks for the same ordered shutdown a signal gives, also during the warm-up.
      onStop: (stop) =>
        process.on("message", (m: WorkerMessage) => {
          if (m?.quarry === "shutdown") stop("asked by the guardian");
        }),
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
    });
  } catch (err) {
    process.stderr.write(
      `${err instanceof QuarryError ? err.format() : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  }
}

if (cluster.isWorker) await main();
