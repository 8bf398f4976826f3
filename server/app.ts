// A standalone Quarry server (what `quarry dev` and `quarry start` run): Fastify with the
// Quarry plugin, listening on host:port, stopped cleanly (the embedded Postgres too) on
// SIGINT/SIGTERM.
import Fastify, { LogController, type FastifyInstance } from "fastify";
import closeWithGrace from "close-with-grace";
import quarry, { flushQueryCaches, type QuarryOptions } from "./plugin.js";
import { configuredLogLevel, LOG_LEVELS } from "../datasources/config.js";

export interface ServeOptions extends QuarryOptions {
  port: number;
  host: string;
  logLevel?: LogLevel;
}

export type LogLevel = (typeof LOG_LEVELS)[number];

/** The level in force: `--log-level`, else $LOG_LEVEL, else the config's logLevel, else info. */
function logLevel(opts: { logLevel?: LogLevel }, configured: string | undefined): string {
  return opts.logLevel ?? (process.env.LOG_LEVEL || undefined) ?? configured ?? "info";
}

export async function createApp(opts: QuarryOptions & { logLevel?: LogLevel }): Promise<FastifyInstance> {
  const dev = !!opts.dev;
  const dir = opts.dist ?? opts.root;
  const level = logLevel(opts, dir ? await configuredLogLevel(dir) : undefined);
  // Production logs one JSON line a request (id, method, url, status, ms, template) instead of
  // Fastify's two; dev prints one readable line a request.
  const app = Fastify({ logger: dev ? false : { level }, logController: new LogController({ disableRequestLogging: true }), trustProxy: false });
  const quiet = ["warn", "error", "fatal", "silent"].includes(level);
  const log = opts.log ?? (dev ? (line: string) => quiet || process.stdout.write(`${line}\n`) : (line: string) => app.log.info(line));
  app.addHook("onResponse", async (req, reply) => {
    if (req.url.startsWith("/_quarry/")) return;
    const ms = Number(reply.elapsedTime.toFixed(1));
    if (dev) log(`${req.method} ${req.url} ${reply.statusCode} ${ms} ms`);
    else req.log.info({ method: req.method, url: req.url, status: reply.statusCode, ms, template: req.quarryTemplate ?? undefined }, "request");
  });
  await app.register(quarry, { ...opts, log });
  return app;
}

/** Starts the server and prints the URL once it listens. */
export async function serve(opts: ServeOptions): Promise<FastifyInstance> {
  const app = await createApp(opts);
  // SIGUSR2 flushes query caches (below) instead of stopping the server.
  closeWithGrace({ delay: 10_000, skip: ["SIGUSR2"] }, async ({ err }) => {
    if (err) process.stderr.write(`${err.stack ?? String(err)}\n`);
    await app.close();
  });
  // `kill -USR2 <pid>`: forget every cachedwithin result without a restart.
  process.on("SIGUSR2", () => {
    const n = flushQueryCaches();
    process.stdout.write(`query caches flushed (${n} entr${n === 1 ? "y" : "ies"})\n`);
  });
  await app.listen({ port: opts.port, host: opts.host });
  const shown = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  process.stdout.write(`Quarry ${opts.dev ? "dev" : "server"} listening on http://${shown}:${app.server.address() && typeof app.server.address() === "object" ? (app.server.address() as { port: number }).port : opts.port}/\n`);
  return app;
}
