// A standalone Quarry server (what `quarry dev` and `quarry start` run): Fastify with the
// Quarry plugin, listening on host:port, stopped cleanly (the embedded Postgres too) on
// SIGINT/SIGTERM.
import Fastify, { type FastifyInstance } from "fastify";
import closeWithGrace from "close-with-grace";
import quarry, { type QuarryOptions } from "./plugin.js";

export interface ServeOptions extends QuarryOptions {
  port: number;
  host: string;
}

export async function createApp(opts: QuarryOptions): Promise<FastifyInstance> {
  const dev = !!opts.dev;
  // Production logs JSON lines with the request id; dev prints one readable line a request.
  const app = Fastify({ logger: dev ? false : { level: process.env.LOG_LEVEL ?? "info" }, trustProxy: false });
  const log = opts.log ?? (dev ? (line: string) => process.stdout.write(`${line}\n`) : (line: string) => app.log.info(line));
  if (dev) {
    app.addHook("onResponse", async (req, reply) => {
      if (req.url.startsWith("/_quarry/")) return;
      log(`${req.method} ${req.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`);
    });
  }
  await app.register(quarry, { ...opts, log });
  return app;
}

/** Starts the server and prints the URL once it listens. */
export async function serve(opts: ServeOptions): Promise<FastifyInstance> {
  const app = await createApp(opts);
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) process.stderr.write(`${err.stack ?? String(err)}\n`);
    await app.close();
  });
  await app.listen({ port: opts.port, host: opts.host });
  const shown = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  process.stdout.write(`Quarry ${opts.dev ? "dev" : "server"} listening on http://${shown}:${app.server.address() && typeof app.server.address() === "object" ? (app.server.address() as { port: number }).port : opts.port}/\n`);
  return app;
}
