// The guardian of `quarry start --workers N` (seed 003's guardian over its sandboxes): the primary
// process of a node:cluster. It starts the embedded Postgres once (workers connect to it),
// checks that the workers' pools fit in Postgres's max_connections (each replica's too), forks
// N workers (worker.ts) that share the port and load while it applies the site's migrations
// once, tells them to serve, restarts a worker that dies, and kills and replaces a worker whose heartbeat
// stops for longer than `server.heartbeatTimeoutMs` (a page stuck in synchronous work): a stuck
// page costs its own requests, not the site. SIGINT/SIGTERM: each worker finishes its requests
// in flight and closes its pools, then the embedded Postgres stops, then the guardian exits.
import { checkPortFree } from "./port-check.js";
import { markServing } from "./serving-mark.js";
import cluster, { type Worker } from "node:cluster";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { maxConnections } from "../datasources/postgres/admin.js";
import { hostUrls } from "../datasources/postgres/hosts.js";
import { loadConfig, type SiteConfig } from "../config/site.js";
import { ConfigError } from "../engine/errors.js";
import type { EmbeddedPostgresHandle } from "../datasources/postgres/embedded.js";
import { needsEmbedded, startSiteEmbedded } from "./embedded-site.js";
import { migrate } from "./migrations.js";
import { siteFolder } from "./site-folder.js";
import { stopWhileStarting } from "./starting.js";
import { systemdNotifier } from "./sd-notify.js";
import type { WorkerMessage, WorkerOptions } from "./worker.js";

export interface GuardianOptions extends WorkerOptions {
  workers: number;
  /** `--data-dir`: the embedded Postgres's data folder. */
  dataDir?: string;
  /** false: `--no-migrate`, the migrations are a deploy step of their own (quarry db migrate). */
  migrate?: boolean;
}

const say = (line: string) => process.stderr.write(`quarry guardian: ${line}\n`);

/**
 * Connections one worker may hold on each Postgres (pool: max, single: 1; per-request is
 * unbounded and not counted). A datasource's replicas each have a pool of the same size in every
 * worker, counted against that replica; their lag poller holds one more on the primary (the
 * datasource's directUrl, else its url).
 */
export function connectionsPerWorker(
  config: SiteConfig,
  urls: Record<string, string>,
): Map<string, { total: number; detail: string[] }> {
  const byUrl = new Map<string, { total: number; detail: string[] }>();
  const add = (url: string, n: number, what: string) => {
    const e = byUrl.get(url) ?? { total: 0, detail: [] };
    e.total += n;
    e.detail.push(`${what}: ${n}`);
    byUrl.set(url, e);
  };
  for (const ds of Object.values(config.datasources)) {
    if (ds.strategy === "per-request") continue;
    const url = urls[ds.name]!;
    const n = ds.strategy === "single" ? 1 : ds.max;
    add(url, n, `datasources.${ds.name}`);
    ds.replicas.forEach((replica, i) => add(replica, n, `datasources.${ds.name}.replicas.${i}`));
    if (ds.replicas.length > 0) add(ds.directUrl ?? url, 1, `datasources.${ds.name} replica lag polling`);
  }
  // Each worker's listening session (server/cluster.ts; on for a build unless switched off), on
  // the default datasource's directUrl. Cluster lock connections are opened only by sites that
  // use them and are not counted (docs/server.md says to count them).
  if (config.cluster.notify !== false) {
    const d = config.datasources[config.defaultDatasource]!;
    add(d.directUrl ?? urls[d.name]!, 1, "cluster.notify");
  }
  return byUrl;
}

/** Connections kept free beyond the workers' pools on an embedded Postgres (psql, quarry db, migrations). */
const EMBEDDED_SPARE = 10;

/**
 * Refuses to start when workers × connections per worker exceed a Postgres's max_connections.
 * The embedded Postgres is Quarry's own: its max_connections is raised instead (ALTER SYSTEM,
 * kept in its data folder), and true is returned so the caller restarts it.
 */
async function checkMaxConnections(
  config: SiteConfig,
  urls: Record<string, string>,
  workers: number,
  embeddedUrl: string | null,
): Promise<boolean> {
  let restart = false;
  for (const [url, { total, detail }] of connectionsPerWorker(config, urls)) {
    // Several hosts (h1:5432,h2:5432): each its own URL; the check asks the writable one.
    const where = hostUrls(url)
      .map((one) => {
        const u = new URL(one);
        return `${u.hostname}:${u.port || 5432}${u.pathname}`;
      })
      .join(" or ");
    let max: number;
    const need = workers * total;
    try {
      const r = await maxConnections(url, (m) => (need > m && url === embeddedUrl ? need + EMBEDDED_SPARE : null));
      max = r.max;
      if (r.raised) {
        say(
          `${workers} workers × ${total} connections each = ${need}, more than the embedded Postgres's max_connections (${max}): raising it to ${need + EMBEDDED_SPARE} (restarting Postgres)`,
        );
        restart = true;
        continue;
      }
    } catch (err) {
      // The servers start without their database too (they reconnect); say what was not checked.
      say(`could not check max_connections of ${where}: ${(err as Error).message}`);
      continue;
    }
    if (need > max) {
      throw new ConfigError(
        `${workers} workers × ${total} connections each (${detail.join(", ")}) = ${need} connections to ${where}, more than its max_connections (${max}): lower --workers or the datasources' max, or raise max_connections`,
      );
    }
  }
  return restart;
}

export async function runGuardian(opts: GuardianOptions): Promise<void> {
  const dir = siteFolder({ dist: opts.dist });
  const config = await loadConfig(dir);
  // Each worker would keep its own sessions and a visitor's next request may reach another one:
  // they would come and go at random. Said before anything starts.
  if (config.session.store === "memory" && opts.workers > 1) {
    throw new ConfigError(
      `${opts.workers} workers with session.store "memory": each worker would keep its own sessions, so a visitor's session would come and go between requests. Use session.store "postgres" (the default for quarry start) or --workers 1`,
    );
  }
  const s = config.server;
  await checkPortFree(opts.port, opts.host);
  markServing(dir);
  const starting = stopWhileStarting(say);
  // Tells systemd (Type=notify) when every worker serves and when the node stops.
  const systemd = systemdNotifier(say);
  // Each worker accepts from the shared socket itself (not handed connections by this process),
  // so a worker whose event loop is stuck takes no new connections while it waits to be replaced.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const beatMs = Math.max(25, Math.min(1000, Math.floor(s.heartbeatTimeoutMs / 4)));
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./worker.js", import.meta.url)), args: [] });
  const env = {
    QUARRY_WORKER: JSON.stringify({
      dist: dir,
      port: opts.port,
      host: opts.host,
      logLevel: opts.logLevel,
    } satisfies WorkerOptions),
    QUARRY_HEARTBEAT_MS: String(beatMs),
  };

  // The workers are forked before the migrations run: they load their modules and the build's
  // runtime while this process migrates, and each serves once told "start" (with the embedded
  // Postgres's URL, if any). Loading is most of a worker's start and a migration mostly waits
  // (on its lock, on Postgres): a node is ready sooner when the two overlap (issue 23).
  let started: WorkerMessage | null = null;
  /** The workers listening for "start". */
  const waiting = new Set<number>();
  // (Assigned inside startDb: typed by the assertion so the compiler does not narrow it to null.)
  let embedded = null as EmbeddedPostgresHandle | null;
  const urls: Record<string, string> = {};
  const startDb = async () => {
    if (needsEmbedded(config))
      embedded = await startSiteEmbedded(config, { siteDir: dir, built: true, dataDir: opts.dataDir }, say);
    for (const ds of Object.values(config.datasources)) urls[ds.name] = ds.url ?? embedded!.url;
  };

  const lastBeat = new Map<number, number>();
  const ready = new Set<number>();
  const killedForHeartbeat = new Set<number>();
  let port = opts.port;
  let everReady = false;
  let stopping = false;
  let exitCode = 0;
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  const crashes: number[] = [];
  // The workers whose process has not exited. Not cluster.workers: Node drops a worker from it
  // only once both its exit and its IPC disconnect have been seen, in either order, so on the
  // last worker's 'exit' it may still be listed (a shutdown that waited on it hung for good).
  const live = new Map<number, Worker>();
  // Shutting down: the workers that stopped accepting. Node closes the shared listening socket
  // once the last one did; until then a worker keeps its connections alive (see worker.ts).
  const stoppedAccepting = new Set<number>();
  const allStopped = () => {
    if (![...live.keys()].every((id) => stoppedAccepting.has(id))) return;
    for (const w of live.values()) if (w.isConnected()) w.send({ quarry: "all-stopped" } satisfies WorkerMessage);
  };

  const fork = () => {
    const w = cluster.fork(env);
    live.set(w.id, w);
    w.on("message", (m: WorkerMessage) => {
      if (m?.quarry === "heartbeat") {
        if (ready.has(w.id)) lastBeat.set(w.id, Date.now());
      } else if (m?.quarry === "waiting") {
        waiting.add(w.id);
        if (started) w.send(started);
      } else if (m?.quarry === "ready") onReady(w, m.port);
      else if (m?.quarry === "stopped-accepting") {
        stoppedAccepting.add(w.id);
        // One worker stopping on its own (a signal of its own): its siblings go on serving.
        if (stopping) allStopped();
        else w.send({ quarry: "all-stopped" } satisfies WorkerMessage);
      }
    });
    // A message to a worker that is exiting fails; its exit is handled below.
    w.on("error", () => {});
    return w;
  };

  const onReady = (w: Worker, p: number) => {
    ready.add(w.id);
    lastBeat.set(w.id, Date.now());
    port = p;
    if (everReady) say(`worker ${w.process.pid} ready`);
    else if (ready.size === opts.workers) {
      everReady = true;
      const shown = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
      process.stdout.write(
        `Quarry server listening on http://${shown}:${port}/ (${opts.workers} workers, pids ${[...live.values()]
          .map((x) => x.process.pid)
          .join(" ")})\n`,
      );
      systemd.notify(`READY=1\nSTATUS=${opts.workers} workers listening on port ${port}\nMAINPID=${process.pid}`);
    }
  };

  cluster.on("exit", (w, code, signal) => {
    const pid = w.process.pid;
    live.delete(w.id);
    waiting.delete(w.id);
    const wasReady = ready.delete(w.id);
    lastBeat.delete(w.id);
    const heartbeat = killedForHeartbeat.delete(w.id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (live.size === 0) resolveDone();
      else allStopped();
      return;
    }
    if (!everReady && !wasReady) {
      // A worker that cannot start (a broken build, a port in use) would fail again: stop here.
      say(`worker ${pid} exited before it was ready (${signal ?? `code ${code}`}); stopping`);
      exitCode = 1;
      void shutdown("a worker failed to start");
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - 10_000) crashes.shift();
    // A worker that keeps dying right after it starts is restarted more and more slowly.
    const delay = crashes.length <= 3 ? 0 : Math.min(5000, 250 * 2 ** (crashes.length - 4));
    say(
      `worker ${pid} ${heartbeat ? "was killed: its heartbeat stopped" : `exited (${signal ?? `code ${code}`})`}; starting a replacement${delay ? ` in ${delay} ms` : ""}`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  // A worker whose event loop has not sent a heartbeat for the hard limit is stuck: SIGKILL,
  // since a stuck event loop runs no signal handler either. The watch starts once the worker
  // is ready: loading a large build may block its event loop for a while, and no page runs yet.
  const watchdog = setInterval(() => {
    const now = Date.now();
    for (const w of live.values()) {
      if (killedForHeartbeat.has(w.id) || !lastBeat.has(w.id)) continue;
      const silent = now - lastBeat.get(w.id)!;
      if (silent > s.heartbeatTimeoutMs) {
        say(
          `worker ${w.process.pid} sent no heartbeat for ${silent} ms (server.heartbeatTimeoutMs = ${s.heartbeatTimeoutMs}): killing it`,
        );
        killedForHeartbeat.add(w.id);
        w.process.kill("SIGKILL");
      }
    }
  }, beatMs);

  const shutdown = async (why: string) => {
    if (stopping) {
      // A second signal: cut everything now.
      for (const w of live.values()) w.process.kill("SIGKILL");
      return;
    }
    stopping = true;
    systemd.notify("STOPPING=1");
    const workers = [...live.values()];
    say(
      `${why}: workers drain for ${s.drainMs} ms, finish their requests in flight (up to ${s.shutdownGraceMs} ms), then the database stops`,
    );
    if (workers.length === 0) resolveDone();
    for (const w of workers) {
      if (w.isConnected()) w.send({ quarry: "shutdown" } satisfies WorkerMessage);
    }
    // A worker that outlives the grace period (stuck, or its pools will not close) is killed.
    const hard = setTimeout(
      () => {
        for (const w of live.values()) {
          say(`worker ${w.process.pid} still running after the grace period: killing it`);
          exitCode = 1;
          w.process.kill("SIGKILL");
        }
      },
      s.drainMs + s.shutdownGraceMs + 2000,
    );
    await done;
    clearTimeout(hard);
    clearInterval(watchdog);
    if (embedded) {
      say("stopping the embedded Postgres");
      await embedded.stop().catch((err: unknown) => {
        say(`stopping the embedded Postgres failed: ${(err as Error).message}`);
        exitCode = 1;
      });
    }
    process.exit(exitCode);
  };
  // Until the database is ready a signal stops this process at once (stopWhileStarting), and so
  // does a failure: the workers, still waiting for "start", go with it.
  process.on("exit", () => {
    for (const w of live.values()) w.process.kill("SIGKILL");
  });
  // The pools must fit before any worker is forked (a refusal forks none).
  await startDb();
  try {
    if (await checkMaxConnections(config, urls, opts.workers, embedded?.url ?? null)) {
      await embedded!.stop();
      await startDb();
    }
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  for (let i = 0; i < opts.workers; i++) fork();
  try {
    // Once here, not in every worker at the same time.
    const dflt = config.datasources[config.defaultDatasource]!;
    const migrations =
      opts.migrate === false ? null : await migrate(dflt.directUrl ?? urls[dflt.name]!, join(dir, "_db"), say);
    if (migrations === null) say("migrations: not applied here (--no-migrate)");
    else if (migrations.applied.length === 0 && migrations.adopted.length === 0 && existsSync(join(dir, "_db")))
      say("migrations: up to date");
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  // A worker that could not load stopped the node meanwhile.
  if (stopping) return;
  started = { quarry: "start", embeddedUrl: embedded?.url ?? "" };
  for (const w of live.values()) if (waiting.has(w.id) && w.isConnected()) w.send(started);

  starting();
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // `kill -USR2 <guardian>` flushes the query caches of every worker (each keeps its own).
  process.on("SIGUSR2", () => {
    for (const w of live.values()) w.process.kill("SIGUSR2");
  });
}
