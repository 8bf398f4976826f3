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
import { workerExecArgv } from "./v8-flags.js";
import { systemdNotifier } from "./sd-notify.js";
import type { WorkerMessage, WorkerOptions } from "./worker.js";
import type { ServerSettings } from "../config/server-settings.js";

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
  refuseMemorySessions(config, opts.workers);
  await checkPortFree(opts.port, opts.host);
  markServing(dir);
  const starting = stopWhileStarting(say);
  const guardian = new Guardian(opts, dir, config);
  // Until the database is ready a signal stops this process at once (stopWhileStarting), and so
  // does a failure: the workers, still waiting for "start", go with it.
  process.on("exit", () => guardian.killAll());
  // The pools must fit before any worker is forked (a refusal forks none).
  await guardian.openDatabase();
  for (let i = 0; i < opts.workers; i++) guardian.fork();
  await guardian.migrate();
  // A worker that could not load stopped the node meanwhile.
  if (guardian.stopping) return;
  guardian.release();
  starting();
  process.on("SIGINT", () => void guardian.shutdown("SIGINT"));
  process.on("SIGTERM", () => void guardian.shutdown("SIGTERM"));
  // `kill -USR2 <guardian>` flushes the query caches of every worker (each keeps its own).
  process.on("SIGUSR2", () => guardian.signalAll("SIGUSR2"));
}

// Each worker would keep its own sessions and a visitor's next request may reach another one:
// they would come and go at random. Said before anything starts.
function refuseMemorySessions(config: SiteConfig, workers: number): void {
  if (config.session.store === "memory" && workers > 1) {
    throw new ConfigError(
      `${workers} workers with session.store "memory": each worker would keep its own sessions, so a visitor's session would come and go between requests. Use session.store "postgres" (the default for quarry start) or --workers 1`,
    );
  }
}

/** The guardian's state: its workers, the embedded Postgres, and shutting down. */
class Guardian {
  private readonly s: ServerSettings;
  /** Tells systemd (Type=notify) when every worker serves and when the node stops. */
  private readonly systemd = systemdNotifier(say);
  private readonly env: Record<string, string>;
  // The workers are forked before the migrations run: they load their modules and the build's
  // runtime while this process migrates, and each serves once told "start" (with the embedded
  // Postgres's URL, if any). Loading is most of a worker's start and a migration mostly waits
  // (on its lock, on Postgres): a node is ready sooner when the two overlap (issue 23).
  private started: WorkerMessage | null = null;
  /** The workers listening for "start". */
  private readonly waiting = new Set<number>();
  private embedded: EmbeddedPostgresHandle | null = null;
  private readonly urls: Record<string, string> = {};
  private readonly lastBeat = new Map<number, number>();
  private readonly ready = new Set<number>();
  private readonly killedForHeartbeat = new Set<number>();
  private port: number;
  private everReady = false;
  stopping = false;
  private exitCode = 0;
  private resolveDone!: () => void;
  private readonly done = new Promise<void>((r) => (this.resolveDone = r));
  private readonly crashes: number[] = [];
  // The workers whose process has not exited. Not cluster.workers: Node drops a worker from it
  // only once both its exit and its IPC disconnect have been seen, in either order, so on the
  // last worker's 'exit' it may still be listed (a shutdown that waited on it hung for good).
  private readonly live = new Map<number, Worker>();
  // Shutting down: the workers that stopped accepting. Node closes the shared listening socket
  // once the last one did; until then a worker keeps its connections alive (see worker.ts).
  private readonly stoppedAccepting = new Set<number>();
  private readonly watchdog: NodeJS.Timeout;

  constructor(
    private readonly opts: GuardianOptions,
    private readonly dir: string,
    private readonly config: SiteConfig,
  ) {
    this.s = config.server;
    this.port = opts.port;
    // Each worker accepts from the shared socket itself (not handed connections by this process),
    // so a worker whose event loop is stuck takes no new connections while it waits to be replaced.
    cluster.schedulingPolicy = cluster.SCHED_NONE;
    const beatMs = Math.max(25, Math.min(1000, Math.floor(this.s.heartbeatTimeoutMs / 4)));
    cluster.setupPrimary({
      exec: fileURLToPath(new URL("./worker.js", import.meta.url)),
      args: [],
      execArgv: workerExecArgv(),
    });
    const worker: WorkerOptions = { dist: dir, port: opts.port, host: opts.host, logLevel: opts.logLevel };
    this.env = { QUARRY_WORKER: JSON.stringify(worker), QUARRY_HEARTBEAT_MS: String(beatMs) };
    cluster.on("exit", (w, code, signal) => this.exited(w, code, signal));
    this.watchdog = setInterval(() => this.checkHeartbeats(), beatMs);
  }

  /** Starts the embedded Postgres (when a datasource needs it) and checks that the pools fit. */
  async openDatabase(): Promise<void> {
    await this.startDb();
    try {
      if (await checkMaxConnections(this.config, this.urls, this.opts.workers, this.embedded?.url ?? null)) {
        await this.embedded!.stop();
        await this.startDb();
      }
    } catch (err) {
      await this.embedded?.stop();
      throw err;
    }
  }

  private async startDb(): Promise<void> {
    const { config } = this;
    if (needsEmbedded(config))
      this.embedded = await startSiteEmbedded(
        config,
        { siteDir: this.dir, built: true, dataDir: this.opts.dataDir },
        say,
      );
    for (const ds of Object.values(config.datasources)) this.urls[ds.name] = ds.url ?? this.embedded!.url;
  }

  /** The site's migrations: once here, not in every worker at the same time. */
  async migrate(): Promise<void> {
    const { config, dir } = this;
    try {
      const dflt = config.datasources[config.defaultDatasource]!;
      const migrations =
        this.opts.migrate === false
          ? null
          : await migrate(dflt.directUrl ?? this.urls[dflt.name]!, join(dir, "_db"), say);
      if (migrations === null) say("migrations: not applied here (--no-migrate)");
      else if (migrations.applied.length === 0 && migrations.adopted.length === 0 && existsSync(join(dir, "_db")))
        say("migrations: up to date");
    } catch (err) {
      await this.embedded?.stop();
      throw err;
    }
  }

  /** Tells the workers waiting for it (and those that ask later) to serve. */
  release(): void {
    this.started = { quarry: "start", embeddedUrl: this.embedded?.url ?? "" };
    for (const w of this.live.values()) if (this.waiting.has(w.id) && w.isConnected()) w.send(this.started);
  }

  fork(): Worker {
    const w = cluster.fork(this.env);
    this.live.set(w.id, w);
    w.on("message", (m: WorkerMessage) => this.message(w, m));
    // A message to a worker that is exiting fails; its exit is handled below.
    w.on("error", () => {});
    return w;
  }

  private message(w: Worker, m: WorkerMessage): void {
    if (m?.quarry === "heartbeat") {
      if (this.ready.has(w.id)) this.lastBeat.set(w.id, Date.now());
    } else if (m?.quarry === "waiting") {
      this.waiting.add(w.id);
      if (this.started) w.send(this.started);
    } else if (m?.quarry === "ready") this.onReady(w, m.port);
    else if (m?.quarry === "stopped-accepting") {
      this.stoppedAccepting.add(w.id);
      // One worker stopping on its own (a signal of its own): its siblings go on serving.
      if (this.stopping) this.allStopped();
      else w.send({ quarry: "all-stopped" } satisfies WorkerMessage);
    }
  }

  private allStopped(): void {
    if (![...this.live.keys()].every((id) => this.stoppedAccepting.has(id))) return;
    for (const w of this.live.values()) if (w.isConnected()) w.send({ quarry: "all-stopped" } satisfies WorkerMessage);
  }

  private onReady(w: Worker, p: number): void {
    const { opts } = this;
    this.ready.add(w.id);
    this.lastBeat.set(w.id, Date.now());
    this.port = p;
    if (this.everReady) say(`worker ${w.process.pid} ready`);
    else if (this.ready.size === opts.workers) {
      this.everReady = true;
      const shown = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
      const pids = [...this.live.values()].map((x) => x.process.pid).join(" ");
      process.stdout.write(
        `Quarry server listening on http://${shown}:${this.port}/ (${opts.workers} workers, pids ${pids})\n`,
      );
      this.systemd.notify(
        `READY=1\nSTATUS=${opts.workers} workers listening on port ${this.port}\nMAINPID=${process.pid}`,
      );
    }
  }

  private exited(w: Worker, code: number, signal: string): void {
    this.live.delete(w.id);
    this.waiting.delete(w.id);
    const wasReady = this.ready.delete(w.id);
    this.lastBeat.delete(w.id);
    const heartbeat = this.killedForHeartbeat.delete(w.id);
    if (this.stopping) {
      if (code !== 0) this.exitCode = 1;
      if (this.live.size === 0) this.resolveDone();
      else this.allStopped();
      return;
    }
    const why = heartbeat ? "was killed: its heartbeat stopped" : `exited (${signal ?? `code ${code}`})`;
    if (!this.everReady && !wasReady) {
      // A worker that cannot start (a broken build, a port in use) would fail again: stop here.
      say(`worker ${w.process.pid} exited before it was ready (${signal ?? `code ${code}`}); stopping`);
      this.exitCode = 1;
      void this.shutdown("a worker failed to start");
      return;
    }
    this.replace(w.process.pid, why);
  }

  /** Forks a worker in the place of one that died; one that keeps dying right after it starts is restarted more and more slowly. */
  private replace(pid: number | undefined, why: string): void {
    const now = Date.now();
    const crashes = this.crashes;
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - 10_000) crashes.shift();
    const delay = crashes.length <= 3 ? 0 : Math.min(5000, 250 * 2 ** (crashes.length - 4));
    say(`worker ${pid} ${why}; starting a replacement${delay ? ` in ${delay} ms` : ""}`);
    setTimeout(() => {
      if (!this.stopping) this.fork();
    }, delay);
  }

  // A worker whose event loop has not sent a heartbeat for the hard limit is stuck: SIGKILL,
  // since a stuck event loop runs no signal handler either. The watch starts once the worker
  // is ready: loading a large build may block its event loop for a while, and no page runs yet.
  private checkHeartbeats(): void {
    const now = Date.now();
    const limit = this.s.heartbeatTimeoutMs;
    for (const w of this.live.values()) {
      if (this.killedForHeartbeat.has(w.id) || !this.lastBeat.has(w.id)) continue;
      const silent = now - this.lastBeat.get(w.id)!;
      if (silent > limit) {
        say(
          `worker ${w.process.pid} sent no heartbeat for ${silent} ms (server.heartbeatTimeoutMs = ${limit}): killing it`,
        );
        this.killedForHeartbeat.add(w.id);
        w.process.kill("SIGKILL");
      }
    }
  }

  killAll(): void {
    this.signalAll("SIGKILL");
  }

  signalAll(signal: NodeJS.Signals): void {
    for (const w of this.live.values()) w.process.kill(signal);
  }

  async shutdown(why: string): Promise<void> {
    // A second signal: cut everything now.
    if (this.stopping) return this.killAll();
    this.stopping = true;
    this.systemd.notify("STOPPING=1");
    const { s } = this;
    const workers = [...this.live.values()];
    say(
      `${why}: workers drain for ${s.drainMs} ms, finish their requests in flight (up to ${s.shutdownGraceMs} ms), then the database stops`,
    );
    if (workers.length === 0) this.resolveDone();
    for (const w of workers) {
      if (w.isConnected()) w.send({ quarry: "shutdown" } satisfies WorkerMessage);
    }
    // A worker that outlives the grace period (stuck, or its pools will not close) is killed.
    const hard = setTimeout(
      () => {
        for (const w of this.live.values()) {
          say(`worker ${w.process.pid} still running after the grace period: killing it`);
          this.exitCode = 1;
          w.process.kill("SIGKILL");
        }
      },
      s.drainMs + s.shutdownGraceMs + 2000,
    );
    await this.done;
    clearTimeout(hard);
    clearInterval(this.watchdog);
    await this.stopEmbedded();
    process.exit(this.exitCode);
  }

  private async stopEmbedded(): Promise<void> {
    if (!this.embedded) return;
    say("stopping the embedded Postgres");
    await this.embedded.stop().catch((err: unknown) => {
      say(`stopping the embedded Postgres failed: ${(err as Error).message}`);
      this.exitCode = 1;
    });
  }
}
