// A standalone Quarry server (what `quarry dev` and `quarry start` run, and each worker of
// `quarry start --workers N`): Fastify with load shedding and the Quarry plugin, its database
// started before the plugin registers (so a slow embedded Postgres never meets Fastify's plugin
// timeout), and one ordered shutdown on SIGINT/SIGTERM that owns the process exit: stop
// accepting, let requests in flight finish within `server.shutdownGraceMs`, close the pools,
// stop the embedded Postgres, exit.
import { checkPortFree } from "./port-check.js";
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { markServing } from "./serving-mark.js";
import { noPretenuring } from "./v8-flags.js";
import { createRequire } from "node:module";
import { Server as NetServer } from "node:net";
import { join } from "node:path";
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { loadConfig, LOG_LEVELS, type SiteConfig } from "../config/site.js";
import quarry, {
  flushFragmentCaches,
  flushQueryCaches,
  siteFolder,
  stopSchedules,
  type QuarryOptions,
} from "./plugin.js";
import { connectDatabase } from "./database.js";
import { FrameworkErrors } from "./request/error.js";
import { warmUp } from "./warmup.js";
import { lazyChildLogger, logStream, type LogStream } from "./log-stream.js";
import { registerShedding } from "./shedding.js";
import { stopWhileStarting } from "./starting.js";
import { registerHealth, type Readiness } from "./health.js";
import { systemdNotifier, type Notifier } from "./sd-notify.js";

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppOptions extends QuarryOptions {
  /** The URL of an embedded Postgres someone else runs (a worker gets its guardian's). */
  embeddedUrl?: string;
  /** Apply the site's pending migrations on start (default true; a worker leaves it to its guardian). */
  migrate?: boolean;
  logLevel?: LogLevel;
}

/** The level in force: `--log-level`, else $LOG_LEVEL, else the config's logLevel, else info. */
function logLevel(opts: { logLevel?: LogLevel }, configured: string | null): string {
  return opts.logLevel ?? (process.env.LOG_LEVEL || undefined) ?? configured ?? "info";
}

export interface ServeOptions extends AppOptions {
  port: number;
  host: string;
  /** Called once listening, instead of printing the URL (a worker tells its guardian). */
  onListening?: (port: number) => void;
  /** Shutting down, once this server stopped accepting: resolves when its siblings did too (a worker). */
  stoppedAccepting?: () => Promise<void>;
  /** Given the ordered shutdown as soon as there is one, before the warm-up and the listen (a worker's guardian may ask for it then). */
  onStop?: (stop: (why: string) => void) => void;
}

/**
 * Fastify's JSON-schema compilers (Ajv, fast-json-stringify: about a hundred CommonJS files),
 * loaded by the first route that has a schema instead of by Fastify() itself. Quarry's own
 * routes have none, so a server never loads them: tens of ms of every start (issue 10). Each
 * factory is made once, as Fastify would make it. (A custom factory also tells Fastify to leave
 * a route's header schema as given instead of lower-casing its keys; no route here has one.)
 */
function lazySchemaCompilers(): NonNullable<FastifyServerOptions["schemaController"]> {
  // Resolved from Fastify's own folder: they are its dependencies, not Quarry's.
  type Build = (...args: unknown[]) => never;
  const load = (name: string) => createRequire(createRequire(import.meta.url).resolve("fastify"))(name) as () => Build;
  let validator: Build | undefined;
  let serializer: Build | undefined;
  return {
    compilersFactory: {
      buildValidator: (...args: unknown[]) => (validator ??= load("@fastify/ajv-compiler")())(...args),
      buildSerializer: (...args: unknown[]) =>
        (serializer ??= load("@fastify/fast-json-stringify-compiler")())(...args),
    },
  };
}

/** A request id a proxy may pass on: letters, digits and `.:_-`, at most 64 (it goes into log lines). */
const PROXY_REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Request ids unique across workers and restarts (Fastify's own count from req-1 in every
 * process): a random prefix per process, then a count. Behind a trusted proxy its
 * X-Request-Id is taken, so one id follows a request through nginx and Quarry.
 */
function requestIds(trusted: boolean): (req: IncomingMessage) => string {
  const prefix = `req-${randomBytes(5).toString("hex")}`;
  let n = 0;
  return (req) => {
    const given = trusted ? req.headers["x-request-id"] : undefined;
    if (typeof given === "string" && PROXY_REQUEST_ID.test(given)) return given;
    return `${prefix}${(++n).toString(36)}`;
  };
}

/** The app, the site config it was built from, and the state its shutdown and warm-up set. */
export async function buildApp(
  opts: AppOptions,
): Promise<{ app: FastifyInstance; config: SiteConfig; readiness: Readiness; warming: Warming }> {
  noPretenuring();
  const dev = !!opts.dev;
  const dir = siteFolder(opts);
  const config = await loadConfig(dir);
  config.server = { ...config.server, ...opts.server };
  const level = logLevel(opts, config.logLevel);
  // Behind nginx or a load balancer, the config says which X-Forwarded-* headers to believe.
  // (Fastify takes any of the config's forms; its overloads only need one to be named.)
  const trustProxy = config.trustProxy;
  // Production logs one JSON line a request (id, method, url, status, ms, template) instead of
  // Fastify's two; dev prints one readable line a request.
  // A silent logger is no logger: Fastify then makes no child logger per request.
  const framework = new FrameworkErrors();
  const stream = dev || level === "silent" ? null : logStream();
  const app = Fastify({
    logger: stream ? { level, stream } : false,
    logController: new LogController({ disableRequestLogging: true }),
    // Without a logger Fastify gives every request the null logger itself: no factory then.
    ...(stream ? { childLoggerFactory: lazyChildLogger } : {}),
    trustProxy: trustProxy as boolean,
    schemaController: lazySchemaCompilers(),
    genReqId: requestIds(trustProxy !== false && trustProxy !== 0),
    // A request that arrives on a kept-alive connection while the node shuts down is served
    // (with `Connection: close`, below), not answered 503: behind nginx that 503 reached the
    // visitor. New connections are refused once the server stops listening, which a proxy
    // retries on another node.
    return503OnClosing: false,
    // No time limit on registering the plugin: on a machine busy starting several nodes at once
    // it once took longer than Fastify's default 10 s, and the worker died instead of serving a
    // moment later. A start that hangs is bounded outside (systemd's TimeoutStartSec).
    pluginTimeout: 0,
    // A URL that does not decode: the site's error page, not Fastify's JSON (server/request/error.ts).
    frameworkErrors: framework.handle,
  });
  const quiet = ["warn", "error", "fatal", "silent"].includes(level);
  const log =
    opts.log ??
    (dev ? (line: string) => quiet || process.stdout.write(`${line}\n`) : (line: string) => app.log.info(line));
  // At a level that drops request lines (warn and above) no request pays for them: no hooks.
  const warming: Warming = { on: false };
  if (!quiet || (dev && opts.log)) framework.logRequest = logRequests(app, dev, log, stream, warming);
  const database =
    opts.database ??
    (await connectDatabase(config, {
      siteDir: dir,
      built: !!opts.dist,
      dataDir: opts.dataDir,
      log,
      embeddedUrl: opts.embeddedUrl,
      migrate: opts.migrate,
    }));
  // onClose runs once the requests in flight have finished: pools, then the embedded Postgres.
  if (!opts.database) app.addHook("onClose", () => database.stop());
  let readiness: Readiness;
  try {
    await registerShedding(app, config.server, dev);
    readiness = registerHealth(app, database.datasources, join(dir, "_db"));
    const state = readiness;
    // Once the server stopped accepting, every response closes its connection: the proxy's next
    // request then opens a new one, which is refused here and goes to another node. Set when the
    // answer is sent, not when the request came: one in flight when closing began would leave
    // its connection kept alive and idle, and the close waiting for the client to drop it.
    app.addHook("onSend", (_req, reply, payload, done) => {
      if (state.closing) void reply.header("connection", "close");
      done(null, payload);
    });
    // app.close() without the signal handlers (an embedding app, the tests) closes the same way.
    app.addHook("preClose", (done) => {
      state.closing = true;
      done();
    });
    await app.register(quarry, { ...opts, database, log, frameworkErrors: framework });
    await app.ready();
  } catch (err) {
    if (!opts.database) await database.stop();
    throw err;
  }
  return { app, config, readiness, warming };
}

/** Set while `quarry start` warms up (server/warmup.ts): its requests write no request line (it says one a path). */
interface Warming {
  on: boolean;
}

/**
 * One line a request, when its response closes: after it has gone, or when its connection
 * closed first (the client left, or a page that failed after dbt:flush was cut). Such a line
 * says `closed`, with status 499 when no head had gone (nginx's code for a client that left).
 * The response's `close` comes once either way, so one listener says both, without an
 * onResponse hook (Fastify's hook runner per request) or a record of requests already logged.
 */
function logRequests(
  app: FastifyInstance,
  dev: boolean,
  log: (line: string) => void,
  stream: LogStream | null,
  warming: Warming,
): (req: FastifyRequest, reply: FastifyReply) => void {
  const requestLine = (req: FastifyRequest, reply: FastifyReply, closed: boolean) => {
    if (req.url.startsWith("/_quarry/") || warming.on) return;
    const ms = Number(reply.elapsedTime.toFixed(1));
    const status = closed && !reply.raw.headersSent ? 499 : reply.statusCode;
    if (dev) log(`${req.method} ${req.url} ${status} ${ms} ms${closed ? " (connection closed before the end)" : ""}`);
    else
      stream?.request({
        reqId: req.id,
        method: req.method,
        url: req.url,
        status,
        ms,
        template: req.quarryTemplate ?? undefined,
        closed,
      });
  };
  const watch = (req: FastifyRequest, reply: FastifyReply) => {
    const res = reply.raw;
    res.on("close", () => requestLine(req, reply, !res.writableFinished));
  };
  app.addHook("onRequest", (req, reply, done) => {
    watch(req, reply);
    done();
  });
  return watch;
}

export async function createApp(opts: AppOptions): Promise<FastifyInstance> {
  return (await buildApp(opts)).app;
}

/**
 * Stops the app on SIGINT/SIGTERM (or `stop()`): /readyz answers 503 at once; for `drain.drainMs`
 * the node goes on accepting and serving (for load balancers that poll /readyz); then it stops
 * accepting — a proxy's new connection is refused and goes to another node — while the
 * connections already open stay: each serves its next request with `Connection: close`, and an
 * idle one is left for its client to close, up to `drain.idleCloseMs`. Closing an idle kept-alive
 * connection ourselves (as http.Server.close does) races a request the proxy may be sending on
 * it, which then fails (nginx retries no POST that was sent). Requests in flight get `graceMs`
 * to finish (answered with `Connection: close`), then their connections are cut; the pools
 * and the embedded Postgres stop after them; then the process exits (1 if anything had to be
 * cut or failed). A second signal cuts at once; calling `stop` again does nothing.
 */
export function shutdownOnSignals(
  app: FastifyInstance,
  graceMs: number,
  say: (line: string) => void,
  readiness?: Readiness,
  systemd?: Notifier | null,
  drain: { drainMs: number; idleCloseMs: number } = { drainMs: 0, idleCloseMs: 0 },
  stoppedAccepting: () => Promise<void> = () => Promise.resolve(),
): (why: string) => void {
  let closing = false;
  let closed = false;
  let code = 0;
  const stop = (why: string) => {
    if (closing) return;
    closing = true;
    if (readiness) readiness.draining = true;
    systemd?.notify("STOPPING=1");
    if (drain.drainMs > 0) say(`${why}: draining for ${drain.drainMs} ms (server.drainMs), still serving`);
    const drained = setTimeout(() => close(why), drain.drainMs);
    drained.unref();
  };
  const close = (why: string) => {
    if (closed) return;
    closed = true;
    say(`${why}: stopped accepting; finishing requests in flight (up to ${graceMs} ms), then stopping`);
    // Scheduled tasks start no more runs; a run under way finishes as a request in flight does.
    stopSchedules(graceMs);
    const cut = setTimeout(() => {
      say(`shutdown grace period (server.shutdownGraceMs = ${graceMs} ms) over: closing the connections still open`);
      code = 1;
      app.server.closeAllConnections();
    }, graceMs);
    cut.unref();
    let idle: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(idle);
      app.close().then(
        () => process.exit(code),
        (err: unknown) => {
          say(`shutdown failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
          process.exit(1);
        },
      );
    };
    // net's close, not http's: stop listening, and call back once the last connection ended.
    if (app.server.listening) NetServer.prototype.close.call(app.server, finish);
    else return finish();
    void stoppedAccepting().then(() => {
      if (readiness) readiness.closing = true;
      idle = setTimeout(() => app.server.closeIdleConnections(), drain.idleCloseMs);
      idle.unref();
    });
  };
  const signal = (name: string) => () => {
    if (!closing) return stop(name);
    close(name);
    say(`${name} again: closing the connections still open`);
    code = 1;
    app.server.closeAllConnections();
  };
  process.on("SIGINT", signal("SIGINT"));
  process.on("SIGTERM", signal("SIGTERM"));
  const crash = (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    code = 1;
    stop("uncaught error");
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  return stop;
}

/** Starts the server and prints the URL once it listens; `stop` begins the ordered shutdown. */
export async function serve(opts: ServeOptions): Promise<{ app: FastifyInstance; stop: (why: string) => void }> {
  // A worker shares the port its guardian checked: a probe of its own (an exclusive listen)
  // would find the port taken by the guardian's handle once a sibling worker listens.
  if (!opts.onListening) await checkPortFree(opts.port, opts.host);
  // A worker's guardian marks the build; a single process marks it itself.
  if (opts.dist && !opts.onListening) markServing(opts.dist);
  const starting = stopWhileStarting((line) => process.stderr.write(`${line}\n`));
  const { app, config, readiness, warming } = await buildApp(opts).finally(starting);
  const say = (line: string) => process.stderr.write(`${line}\n`);
  // A worker's guardian speaks to systemd for the node; a single process does it itself.
  const systemd = opts.onListening ? null : systemdNotifier(say);
  // quarry dev stops at once: no proxy in front of it to drain.
  const { drainMs, idleCloseMs } = config.server;
  const drain = opts.dev ? { drainMs: 0, idleCloseMs: 0 } : { drainMs, idleCloseMs };
  const stop = shutdownOnSignals(
    app,
    config.server.shutdownGraceMs,
    say,
    readiness,
    systemd,
    drain,
    opts.stoppedAccepting,
  );
  opts.onStop?.(stop);
  // `kill -USR2 <pid>`: forget every cachedwithin result and dbt:cache fragment without a restart.
  process.on("SIGUSR2", () => {
    const n = flushQueryCaches();
    process.stdout.write(`query caches flushed (${n} entr${n === 1 ? "y" : "ies"})\n`);
    const f = flushFragmentCaches();
    if (f > 0) process.stdout.write(`fragment caches flushed (${f} entr${f === 1 ? "y" : "ies"})\n`);
  });
  // quarry start only: quarry dev compiles a page when it is asked for, and changes it on save.
  if (opts.dist && config.server.warmupPaths.length > 0) {
    warming.on = true;
    await warmUp(app, config.server, say, () => readiness.draining).finally(() => (warming.on = false));
    // A signal during the warm-up began the shutdown, which exits the process: serve nothing.
    if (readiness.draining) return { app, stop };
  }
  await app.listen({ port: opts.port, host: opts.host });
  const address = app.server.address();
  const port = address && typeof address === "object" ? address.port : opts.port;
  if (opts.onListening) opts.onListening(port);
  else {
    const shown = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
    process.stdout.write(`Quarry ${opts.dev ? "dev" : "server"} listening on http://${shown}:${port}/\n`);
    if (opts.dev && config.dev.dashboard) process.stdout.write(`dev dashboard: http://${shown}:${port}/_quarry/\n`);
  }
  systemd?.notify(`READY=1\nSTATUS=listening on port ${port}\nMAINPID=${process.pid}`);
  return { app, stop };
}
