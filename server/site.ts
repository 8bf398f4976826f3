// A site as the plugin serves it, opened once when the plugin registers: its config, where its
// pages come from (the site folder or a build), its database, sessions, caches, mail, the link
// to its other processes and its scheduled tasks. The request stages (server/request/) read it.
import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { Signer } from "@fastify/cookie";
import { loadConfig, type SiteConfig } from "../config/site.js";
import type { CancelSignal } from "../engine/cancel.js";
import type { Limits } from "../engine/context.js";
import type { Extensions } from "../engine/extensions.js";
import { FragmentCache, FRAGMENT_DEFAULTS } from "../engine/fragment-cache.js";
import { LockManager } from "../engine/locks.js";
import { ObjectCache } from "../engine/object-cache.js";
import { OutboundPolicy } from "../engine/outbound.js";
import { newPageState, type PageState } from "../engine/page.js";
import { logLine, type PageLogEntry, type SiteServices } from "../engine/services.js";
import { newStruct, type Struct } from "../engine/values.js";
import { SiteCluster } from "./cluster.js";
import { connectDatabase, type Database } from "./database.js";
import { DebugLog } from "./debug.js";
import type { DevReload } from "./dev.js";
import type { SmtpMailer } from "./mail.js";
import type { ScheduledTask } from "./schedule-file.js";
import type { Scheduler } from "./schedule.js";
import { Sessions } from "./session.js";
import { MemoryBackend, PostgresBackend, storedSecret } from "./session-store.js";
import type { ServerSettings } from "../config/server-settings.js";
import { siteFolder } from "./site-folder.js";
import { EngineSource, PrecompiledSource, type PageSource } from "./sources.js";
import type { DevSqlCheck } from "./sql-check.js";
import type { FrameworkErrors } from "./request/error.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The page template that answered, for the request log line. */
    quarryTemplate?: string;
    /** Cancels the request's pages when its client goes away (made at its first page). */
    quarrySignal?: CancelSignal | null;
    /** The form fields of a POST being served (error pages see them too). */
    quarryForm?: Record<string, unknown> | null;
    /** The temporary files of this request's uploads. */
    quarryUploads?: ReadonlySet<string>;
  }
}

export interface QuarryOptions {
  /** A site folder: pages are parsed and compiled from it on demand. */
  root?: string;
  /** A folder written by `quarry build`: served precompiled. */
  dist?: string;
  mode?: "compiled" | "interpreted";
  /** Dev mode: detailed error pages, reload on save, readable request logs. */
  dev?: boolean;
  /** The embedded Postgres's data folder (`--data-dir`); default: see docs/server.md. */
  dataDir?: string;
  /** Use these datasources instead of connecting from the site's config. */
  database?: Database;
  limits?: Partial<Limits>;
  /** Dev only: print every request's queries and templates (quarry dev --trace). */
  trace?: boolean;
  /** Overrides of the config's `server` settings (body limits here; shedding and shutdown in app.ts). */
  server?: Partial<ServerSettings>;
  /** Session settings over the config's (the benchmark's one load generator is many visitors). */
  session?: Partial<SiteConfig["session"]>;
  /** Where the plugin reports what it does (dev request lines, datasource events). */
  log?: (line: string) => void;
  /** The dbt:lock locks of this site (default: its own); plugins given one manager share their locks. */
  locks?: LockManager;
  /** Functions the host app adds to its templates (docs/extending.md). A build must have been made with the same ones. */
  functions?: Extensions["functions"];
  /** Tags the host app adds: tag modules or lone tags (docs/extending.md). */
  tags?: Extensions["tags"];
  /** Run the tasks of the site's _schedule.json on their slots (default true; `quarry schedule run` says false). */
  schedule?: boolean;
  /** Set by createApp: Fastify's own refusals (a URL that does not decode) go to this site's error pages. */
  frameworkErrors?: FrameworkErrors;
  /** Given the site's scheduler once the plugin is ready (null: the site has no _schedule.json). */
  onSchedule?: (scheduler: Scheduler | null) => void;
}

export interface Site {
  source: PageSource;
  config: SiteConfig;
  database: Database;
  ownsDatabase: boolean;
  sessions: Sessions;
  /** Signs the session cookie with the site secret (read once, when first needed: it may live in the database). */
  signer(): Promise<Signer>;
  application: Struct;
  dev: DevReload | null;
  /** quarry dev's SQL check on save (null without a database URL, and outside dev). */
  sqlCheck: DevSqlCheck | null;
  debug: DebugLog | null;
  /** Locks, fragment cache and mail of the site; each request adds its own log. */
  services: Omit<SiteServices, "log">;
  mailer: SmtpMailer | null;
  /** The link to the site's other processes (cache flushes, cluster locks). */
  cluster: SiteCluster;
  /** The tasks of _schedule.json (null: the site has no such file). */
  tasks: ScheduledTask[] | null;
  /** Runs the tasks (made by the plugin once the site is open; null without _schedule.json). */
  schedule: Scheduler | null;
}

/** A site and how the plugin serving it reports: what every request stage is given. */
export interface Served {
  site: Site;
  /** quarry dev: detailed error pages, readable log lines. */
  dev: boolean;
  /** quarry dev --trace: every request's queries and templates in the log. */
  trace: boolean;
  /** The plugin's readable log (dev) or its app's info lines. */
  log: (line: string) => void;
  /** The app's logger: where a page that is no request's logs. */
  logger: FastifyBaseLogger;
}

/** The site's scheduled tasks (schedule-file.ts's SCHEDULE_FILE, not imported: that module loads croner). */
const SCHEDULE_FILE = "_schedule.json";

export async function openSite(opts: QuarryOptions, log: (line: string) => void): Promise<Site> {
  const dir = siteFolder(opts);
  const config = await loadConfig(dir);
  config.session = { ...config.session, ...opts.session };
  config.server = { ...config.server, ...opts.server };
  const limits = { ...config.limits, ...opts.limits };
  const source = await pageSource(opts, dir, limits);
  const tasks = await readTasks(dir, config, source);
  const database =
    opts.database ?? (await connectDatabase(config, { siteDir: dir, built: !!opts.dist, dataDir: opts.dataDir, log }));
  const fragments = new FragmentCache({ maxEntries: config.fragmentCacheSize, maxChars: FRAGMENT_DEFAULTS.maxChars });
  const objects = new ObjectCache(config.objectCacheSize);
  const mailer = await siteMailer(opts, config, log);
  const locks = opts.locks ?? new LockManager();
  const db = database.datasources;
  // Several processes or machines serve a build (as for sessions): their flushes are shared.
  const cluster = new SiteCluster({
    datasource: db.get(undefined),
    settings: config.cluster,
    notify: config.cluster.notify ?? !!opts.dist,
    locks,
    caches: { fragments, objects, queries: db },
    log,
  });
  db.onFlush = (key) => cluster.publish({ kind: "queries", key });
  const site: Site = {
    source,
    config,
    database,
    ownsDatabase: !opts.database,
    dev: null,
    sqlCheck: null,
    debug: opts.dev ? new DebugLog() : null,
    sessions: siteSessions(config, database, !!opts.dist),
    signer: signerOnce(config.secret, database),
    application: newStruct(),
    services: { locks, fragments, objects, mailer, outbound: new OutboundPolicy(config.http), cluster },
    mailer,
    cluster,
    tasks,
    schedule: null,
  };
  // quarry dev: reload on save, the SQL check, caches flushed (server/site-dev.ts, loaded only there).
  if (opts.dev && source instanceof EngineSource)
    (await import("./site-dev.js")).watchSite(site, source, dir, opts, limits, log);
  return site;
}

/** The site folder's engine, or the build's precompiled pages. */
async function pageSource(opts: QuarryOptions, dir: string, limits: Limits): Promise<PageSource> {
  const extensions = { functions: opts.functions, tags: opts.tags };
  if (opts.dist) return PrecompiledSource.load(opts.dist, limits, extensions);
  // Loaded only here, so serving a built site never loads the parser or the compiler.
  const { Engine } = await import("../engine/engine.js");
  return new EngineSource(new Engine({ root: dir, mode: opts.mode ?? "compiled", limits, ...extensions }));
}

// Checked before anything connects: a bad _schedule.json stops the start, as a bad config does.
// (Its reader, croner and the error-locating parser are loaded only for a site that has one.)
async function readTasks(dir: string, config: SiteConfig, source: PageSource): Promise<ScheduledTask[] | null> {
  if (!existsSync(join(dir, SCHEDULE_FILE))) return null;
  const { readSchedule } = await import("./schedule-file.js");
  return readSchedule(dir, config.timezone, (page) => source.find([page]) !== null);
}

// (The mailer is loaded only by the sites that use it.) quarry dev catches dbt:mail in the
// dashboard's outbox unless the config's dev.deliverMail says otherwise.
async function siteMailer(
  opts: QuarryOptions,
  config: SiteConfig,
  log: (line: string) => void,
): Promise<SmtpMailer | null> {
  if (opts.dev && !config.dev.deliverMail)
    return new (await import("./dashboard/outbox.js")).Outbox(config.mail?.from ?? null, log);
  return config.mail ? (await import("./mail.js")).smtpMailer(config.mail) : null;
}

function siteSessions(config: SiteConfig, database: Database, built: boolean): Sessions {
  const timeoutMs = config.sessionTimeoutMinutes * 60_000;
  // A built site is served by several processes or machines: its sessions default to the database.
  const store = config.session.store ?? (built ? "postgres" : "memory");
  const backend =
    store === "postgres"
      ? new PostgresBackend(database.datasources, timeoutMs)
      : new MemoryBackend(timeoutMs, config.session.maxSessions, config.session.maxBytes);
  return new Sessions(backend, timeoutMs, config.session.createPerMinute);
}

/** The session cookie's signer, made once (a failure is not kept: the next request tries again). */
function signerOnce(configured: string | null, database: Database): () => Promise<Signer> {
  let signer: Promise<Signer> | null = null;
  return () =>
    (signer ??= sessionSigner(configured, database).catch((err: unknown) => {
      signer = null;
      throw err;
    }));
}

// The session cookie is signed with a key derived from the site secret (config `secret`, or
// QUARRY_SECRET, or one generated once and kept in the database), so every process and machine
// of a site agrees on it. Only a request that brings or gets a session cookie needs it: a page
// without a session never waits for the database.
async function sessionSigner(configured: string | null, database: Database): Promise<Signer> {
  const secret = configured ?? (await storedSecret(database.datasources));
  return new Signer(createHmac("sha256", secret).update("quarry session cookie").digest("base64url"));
}

/** A page's state, with the site's locks, cache and mail, logging through `log`. */
export function sitePage(site: Site, signal: CancelSignal | null, log: (e: PageLogEntry) => void): PageState {
  const page = newPageState(site.database.datasources, site.config.renderTimeoutMs, signal, site.config);
  // Written out: `{ ...site.services, log }` (a spread, then a key it lacks) took about a
  // microsecond a request in V8 11, a literal a few nanoseconds.
  const { locks, fragments, objects, mailer, outbound, cluster } = site.services;
  page.services = { log, locks, fragments, objects, mailer, outbound, cluster };
  return page;
}

/** Where a page's dbt:log lines go: dev's readable log, else the logger of its request (or task, or app). */
export function pageLog(
  served: Served,
  owner: { log: FastifyRequest["log"] },
  template: string | null,
): (e: PageLogEntry) => void {
  if (served.dev) return (e) => served.log(logLine(e));
  return (e) => owner.log[e.level]({ template: template ?? undefined, at: e.at, log: e.log ?? undefined }, e.text);
}

/** The sites this process serves, so a signal can flush their query caches (see app.ts). */
export const openSites = new Set<Site>();

/**
 * Shutting down (app.ts, once the server stops accepting): the sites' scheduled tasks start no
 * more runs, and the runs under way get `graceMs` to finish, as requests in flight do.
 */
export function stopSchedules(graceMs: number): void {
  for (const site of openSites) void site.schedule?.stop(graceMs);
}

/** Forgets every cachedwithin result of every site in this process; returns how many. */
export function flushQueryCaches(): number {
  let n = 0;
  for (const site of openSites) n += site.database.datasources.flushCache();
  return n;
}

/** Forgets every dbt:cache fragment of every site in this process; returns how many. */
export function flushFragmentCaches(): number {
  let n = 0;
  for (const site of openSites) n += site.services.fragments.clear();
  return n;
}
