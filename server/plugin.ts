// The Quarry Fastify plugin: `app.register(quarry, { root })` serves a site folder (or, with
// `dist`, a built one) under the plugin's prefix. A request goes route → scopes → template
// (_request.dbt first, if the site has one) → response; failures become 400/404/503/500 pages.
import { Canceller, type CancelSignal } from "../engine/cancel.js";
import { createHmac } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyCookie, { Signer } from "@fastify/cookie";
import Tokens from "@fastify/csrf";
import { loadConfig, type SiteConfig } from "../config/site.js";
import type { ServerSettings } from "../config/server-settings.js";
import { newPageState, type PageState } from "../engine/page.js";
import { WritePositions } from "../datasources/replicas.js";
import { endPage, untilStopped } from "../engine/clock.js";
import { codes, QuarryError, RequestError, RuntimeError } from "../engine/errors.js";
import { OutboundPolicy } from "../engine/outbound.js";
import { newStruct, type Struct } from "../engine/values.js";
import { keyOf } from "../engine/keys.js";
import { toStructDeep, type Limits, type Scopes } from "../engine/context.js";
import { connectDatabase, type Database } from "./database.js";
import { resolvePath } from "./routes.js";
import { requestScopes } from "./scopes.js";
import { SESSION_COOKIE, Sessions, type CookieAction, type SessionState } from "./session.js";
import { PageStream } from "./page-stream.js";
import { MemoryBackend, PostgresBackend, storedSecret, storeKey } from "./session-store.js";
import {
  detailData,
  devDetail,
  errorPage,
  errorRecord,
  errorText,
  publicMessage,
  statusOf,
  titleOf,
} from "./error-page.js";
import { EngineSource, PrecompiledSource, type PageSource } from "./sources.js";
import { RELOAD_PATH, type DevReload } from "./dev.js";
import type { DevSqlCheck } from "./sql-check.js";
import { DEBUG_PATH, DebugLog, panelHtml, traceText, type DebugEntry } from "./debug.js";
import { foreignOrigin } from "./origin.js";
import { newTrace } from "../engine/trace.js";
import { readForm, registerBodyParsers, requestError } from "./request-body.js";
import { LockManager } from "../engine/locks.js";
import { FragmentCache, FRAGMENT_DEFAULTS } from "../engine/fragment-cache.js";
import { ObjectCache } from "../engine/object-cache.js";
import { logLine, type PageLogEntry, type SiteServices } from "../engine/services.js";
import { SiteCluster } from "./cluster.js";
import { siteFolder } from "./site-folder.js";
import type { SmtpMailer } from "./mail.js";
import type { Extensions } from "../engine/extensions.js";
import type { ScheduledTask } from "./schedule-file.js";
import type { Scheduler, RunInfo, ScheduleLog } from "./schedule.js";
import { existsSync } from "node:fs";
import { join } from "node:path";

export { siteFolder };

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
  /** Given the site's scheduler once the plugin is ready (null: the site has no _schedule.json). */
  onSchedule?: (scheduler: Scheduler | null) => void;
}

/** What an error page is rendered with (see renderPage). */
interface ErrorPageData {
  struct: Struct;
  /** Quarry dev's detail for a browser (else empty). */
  dev: string;
}

interface Site {
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

async function openSite(opts: QuarryOptions, log: (line: string) => void): Promise<Site> {
  const dir = siteFolder(opts);
  const config = await loadConfig(dir);
  config.session = { ...config.session, ...opts.session };
  config.server = { ...config.server, ...opts.server };
  const limits = { ...config.limits, ...opts.limits };
  let source: PageSource;
  let dev: DevReload | null = null;
  let sqlCheck: DevSqlCheck | null = null;
  if (opts.dist)
    source = await PrecompiledSource.load(opts.dist, limits, { functions: opts.functions, tags: opts.tags });
  else {
    // Loaded only here, so serving a built site never loads the parser or the compiler.
    const { Engine } = await import("../engine/engine.js");
    const engine = new Engine({
      root: dir,
      mode: opts.mode ?? "compiled",
      limits,
      functions: opts.functions,
      tags: opts.tags,
    });
    source = new EngineSource(engine);
  }
  // Checked before anything connects: a bad _schedule.json stops the start, as a bad config does.
  // (Its reader, croner and the error-locating parser are loaded only for a site that has one.)
  const tasks = existsSync(join(dir, SCHEDULE_FILE))
    ? (await import("./schedule-file.js")).readSchedule(dir, config.timezone, (page) => source.find([page]) !== null)
    : null;
  const database =
    opts.database ?? (await connectDatabase(config, { siteDir: dir, built: !!opts.dist, dataDir: opts.dataDir, log }));
  const fragments = new FragmentCache({ maxEntries: config.fragmentCacheSize, maxChars: FRAGMENT_DEFAULTS.maxChars });
  const objects = new ObjectCache(config.objectCacheSize);
  // (The dev reloader and the mailer are loaded only by the sites that use them.)
  // quarry dev catches dbt:mail in the dashboard's outbox unless the config's dev.deliverMail says otherwise.
  const mailer =
    opts.dev && !config.dev.deliverMail
      ? new (await import("./dashboard/outbox.js")).Outbox(config.mail?.from ?? null, log)
      : config.mail
        ? (await import("./mail.js")).smtpMailer(config.mail)
        : null;
  // A changed template or _db/ file may change what a cached query or fragment should answer; a
  // saved _db/*.sql file is applied at once (a failure is logged and the server goes on).
  if (opts.dev && source instanceof EngineSource) {
    const { devReload } = await import("./dev.js");
    const { Engine } = await import("../engine/engine.js");
    const { DevSqlCheck, checkErrorText } = await import("./sql-check.js");
    // The SQL check on save needs the database's URL (a host's own Database may not give it).
    sqlCheck = database.url
      ? new DevSqlCheck(
          new Engine({ root: dir, mode: "interpreted", limits, functions: opts.functions, tags: opts.tags }),
          database.url,
          config.defaultDatasource,
        )
      : null;
    dev = devReload(source.engine, log, async (name) => {
      if (name.endsWith(".dbt") && sqlCheck) {
        const found = await sqlCheck.saved(name).catch((err: unknown) => {
          log(`SQL check of ${name} failed: ${err instanceof QuarryError ? err.format() : String(err)}`);
          return [];
        });
        for (const e of found) log(checkErrorText(e));
      }
      if (name === SCHEDULE_FILE) await reloadSchedule(site, dir, log);
      if (/^_db\/[^/]+\.sql$/.test(name) && database.migrate) {
        await database.migrate().catch((err: unknown) => log(err instanceof QuarryError ? err.format() : String(err)));
      }
      const n = database.datasources.flushCache();
      if (n > 0) log(`flushed ${n} cached quer${n === 1 ? "y" : "ies"}`);
      const f = fragments.clear();
      if (f > 0) log(`flushed ${f} cached fragment${f === 1 ? "" : "s"}`);
      const o = objects.clear();
      if (o > 0) log(`flushed ${o} cached value${o === 1 ? "" : "s"}`);
    });
  }
  const timeoutMs = config.sessionTimeoutMinutes * 60_000;
  // A built site is served by several processes or machines: its sessions default to the database.
  const store = config.session.store ?? (opts.dist ? "postgres" : "memory");
  const backend =
    store === "postgres"
      ? new PostgresBackend(database.datasources, timeoutMs)
      : new MemoryBackend(timeoutMs, config.session.maxSessions, config.session.maxBytes);
  let signer: Promise<Signer> | null = null;
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
    dev,
    sqlCheck,
    debug: opts.dev ? new DebugLog() : null,
    sessions: new Sessions(backend, timeoutMs, config.session.createPerMinute),
    signer: () =>
      (signer ??= sessionSigner(config.secret, database).catch((err: unknown) => {
        signer = null;
        throw err;
      })),
    application: newStruct(),
    services: {
      locks,
      fragments,
      objects,
      mailer,
      outbound: new OutboundPolicy(config.http),
      cluster,
    },
    mailer,
    cluster,
    tasks,
    schedule: null,
  };
  return site;
}

/** quarry dev, _schedule.json saved: its tasks from now on (a file with mistakes changes nothing). */
async function reloadSchedule(site: Site, dir: string, log: (line: string) => void): Promise<void> {
  const { readSchedule } = await import("./schedule-file.js");
  let tasks: ScheduledTask[];
  try {
    tasks = readSchedule(dir, site.config.timezone, (page) => site.source.find([page]) !== null) ?? [];
  } catch (err) {
    log(`${err instanceof QuarryError ? err.format() : String(err)}\n(the tasks run as before)`);
    return;
  }
  site.tasks = tasks;
  site.schedule?.replace(tasks);
  log(`${SCHEDULE_FILE}: ${tasks.length} task${tasks.length === 1 ? "" : "s"} scheduled`);
}

// The session cookie is signed with a key derived from the site secret (config `secret`, or
// QUARRY_SECRET, or one generated once and kept in the database), so every process and machine
// of a site agrees on it. Only a request that brings or gets a session cookie needs it: a page
// without a session never waits for the database.
async function sessionSigner(configured: string | null, database: Database): Promise<Signer> {
  const secret = configured ?? (await storedSecret(database.datasources));
  return new Signer(createHmac("sha256", secret).update("quarry session cookie").digest("base64url"));
}

// CSRF (double submit): a random secret in the visitor's cookie quarry_csrf, and tokens that are
// a salt and a hash of salt and secret. Another site can neither read the cookie nor forge a
// token; the Origin check below stops the form of another site that plants its own cookie.
export const CSRF_COOKIE = "quarry_csrf";
/**
 * Read replicas: where the visitor's last writes end, per datasource (read-your-writes, see
 * datasources/replicas.ts), signed with the session secret. A cookie rather than the session:
 * it needs no session, no write of a session row, and reaches every node with the request.
 */
export const WRITES_COOKIE = "quarry_writes";
/** Seconds the write positions are kept: a replica further behind than this is skipped anyway (replicaMaxLagMs). */
const WRITES_COOKIE_AGE = 300;
const CSRF_SECRET = /^[A-Za-z0-9_-]{16,64}$/;
const tokens = Tokens();

/** The CSRF token a POST carries: the form field _csrf (urlencoded, multipart or JSON) or the X-CSRF-Token header. */
function postedToken(req: FastifyRequest, fields: Record<string, unknown>): string | null {
  const header = req.headers["x-csrf-token"];
  if (typeof header === "string") return header;
  let v = fields._csrf;
  if (Array.isArray(v)) v = v[0];
  return typeof v === "string" ? v : null;
}

function exempt(path: string, patterns: string[]): boolean {
  return patterns.some((p) => (p.endsWith("*") ? path.startsWith(p.slice(0, -1)) : path === p));
}

/** The site's scheduled tasks (schedule-file.ts's SCHEDULE_FILE; that module loads croner). */
const SCHEDULE_FILE = "_schedule.json";
// The site's own templates, looked up by name (in a site folder, on every request: they may come and go).
const REQUEST_TEMPLATE = ["_request.dbt"];
const ERROR_TEMPLATE = ["_error.dbt"];
const NOT_FOUND_TEMPLATE = ["_404.dbt"];
/** The form fields of a request without a body (scopes.ts copies them: never changed). */
const NO_FIELDS: Record<string, unknown> = Object.freeze({});

/** The sites this process serves, so a signal can flush their query caches (see app.ts). */
const openSites = new Set<Site>();

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

export async function quarry(app: FastifyInstance, opts: QuarryOptions): Promise<void> {
  const log = opts.log ?? ((line: string) => app.log.info(line));
  const site = await openSite(opts, log);
  openSites.add(site);
  const dev = !!opts.dev;
  app.addHook("onClose", async () => {
    // The task runs under way finish first (they use the pools closed below).
    await site.schedule?.stop(site.config.server.shutdownGraceMs);
    openSites.delete(site);
    site.mailer?.close();
    await site.dev?.close();
    await site.sessions.close();
    await site.cluster.close();
    site.database.datasources.onFlush = null;
    if (site.ownsDatabase) await site.database.stop();
  });

  // Register the parsers only where the host app has not already.
  if (!app.hasRequestDecorator("cookies")) await app.register(fastifyCookie);
  await registerBodyParsers(app, site.config.server);
  // @fastify/static (and its glob, minimatch, send…) only where a static file can be served.
  if (site.source.hasStatics && !app.hasReplyDecorator("sendFile")) {
    const { default: fastifyStatic } = await import("@fastify/static");
    await app.register(fastifyStatic, { root: opts.dist ?? opts.root!, serve: false });
  }

  /** A page's state, with the site's locks, cache and mail, logging through `log` (a request's page: its request's). */
  const newPage = (signal: CancelSignal | null = null, log = pageLog(app, null)): PageState => {
    const page = newPageState(site.database.datasources, site.config.renderTimeoutMs, signal, site.config);
    page.services = { ...site.services, log };
    return page;
  };

  // A client that goes away before its answer is sent cancels its page (and, through the page,
  // its running query): one signal per request, shared by _request.dbt, the page and its error page.
  const requestSignal = (req: FastifyRequest, reply: FastifyReply): CancelSignal => {
    // On the request itself: no WeakMap entry (an ephemeron) per request.
    let signal = req.quarrySignal;
    if (!signal) {
      const ac = new Canceller();
      signal = req.quarrySignal = ac.signal;
      // "close" comes once: a plain listener, not once()'s wrapper.
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) ac.abort(new Error("the client disconnected"));
      });
    }
    return signal;
  };

  // _application.dbt runs once, before the first request, to fill the application scope.
  const appPage = site.source.find(["_application.dbt"]);
  if (appPage) {
    const page = newPage();
    try {
      await site.source.render(
        appPage,
        { variables: newStruct(), application: site.application, request: newStruct() },
        page,
      );
    } finally {
      endPage(page);
    }
  }

  // Scheduled tasks: quarry dev makes a scheduler for a site without _schedule.json too, so a
  // file saved later takes effect.
  if (site.tasks !== null || dev) {
    const { Scheduler, TaskRuns } = await import("./schedule.js");
    site.schedule = new Scheduler({
      tasks: site.tasks ?? [],
      runs: new TaskRuns(site.database.datasources, site.config.cluster.name),
      run: runTask,
      log: scheduleLog(),
    });
    // Timers start once the server is ready (not while it registers); none keeps the process alive.
    if (opts.schedule !== false) app.addHook("onReady", async () => site.schedule?.start());
  }
  opts.onSchedule?.(site.schedule);

  /**
   * Runs a task's page as a request runs a page, with the site's time limit and services, but
   * with no visitor: no session, cookies, url or form values, no _request.dbt. The page reads
   * its run as `request.task` (name, slot, manual); what it prints goes nowhere.
   */
  async function runTask(task: ScheduledTask, info: RunInfo, signal: CancelSignal): Promise<void> {
    const page = newPage(signal, pageLog({ log: app.log.child({ task: task.name }) }, task.page));
    const request = newStruct();
    request.task = toStructDeep({ name: info.name, slot: info.slot, manual: info.manual });
    const scopes: Scopes = {
      variables: newStruct(),
      request,
      application: site.application,
      url: newStruct(),
      form: newStruct(),
      cookie: newStruct(),
      cgi: newStruct(),
    };
    try {
      await site.source.render(task.page, scopes, page);
    } finally {
      endPage(page);
    }
  }

  /** Task runs in the log: dev's readable lines, else JSON lines with the task's name. */
  function scheduleLog(): ScheduleLog {
    const slotOf = (run: { slot: Date; manual: boolean }) =>
      run.manual ? "run by hand" : `slot ${run.slot.toISOString()}`;
    if (dev)
      return {
        ran: (task, run, ms) => log(`task ${task.name} (${slotOf(run)}) done in ${ms} ms`),
        failed: (task, run, err, ms) =>
          log(`task ${task.name} (${slotOf(run)}) failed after ${ms} ms:\n${errorText(err)}`),
        warn: (message, err) => log(`[warn] ${message}${err === undefined ? "" : `: ${errorText(err)}`}`),
      };
    return {
      ran: (task, run, ms) =>
        app.log.info(
          { task: task.name, slot: run.slot.toISOString(), manual: run.manual || undefined, ms },
          "task done",
        ),
      failed: (task, run, err, ms) =>
        app.log.error(
          { task: task.name, slot: run.slot.toISOString(), manual: run.manual || undefined, ms, err: errorRecord(err) },
          "task failed",
        ),
      warn: (message, err) => app.log.warn(err === undefined ? {} : { err: errorRecord(err) }, message),
    };
  }

  const prefix = app.prefix;
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.slice(prefix.length) || "/";
    const r = resolvePath(path.startsWith("/") ? path : `/${path}`);
    if (r.kind === "bad") return sendError(req, reply, new RequestError(codes.BAD_PATH, 400, r.reason), 400);
    if (r.kind === "hidden") return notFound(req, reply, []);
    const name = site.source.find(r.pages);
    if (!name) {
      const root = r.file && (req.method === "GET" || req.method === "HEAD") ? site.source.staticRoot(r.file) : null;
      if (!root) return notFound(req, reply, r.file ? [...r.pages, r.file] : r.pages);
      // _request.dbt (the site's auth check) runs before static files too, unless switched off.
      if (!site.config.requestTemplateForStatic || !site.source.find(REQUEST_TEMPLATE))
        return reply.sendFile(r.file!, root);
      return renderPage(req, reply, null, 200, undefined, [r.file!, root]);
    }
    // Only a POST has a body: a GET's page reads no form and has nothing to clean up.
    if (req.method !== "POST") return renderPage(req, reply, name, 200);
    let form;
    try {
      form = await readForm(req, site.config.server);
    } catch (err) {
      return sendError(req, reply, err, statusOf(err));
    }
    const refused = csrfRefusal(req, path.split("?")[0]!, form.fields);
    if (refused) {
      await form.cleanup();
      return sendError(req, reply, refused, 403);
    }
    // The token is the server's business, not the page's.
    delete form.fields._csrf;
    req.quarryForm = form.fields;
    if (form.files.length > 0) req.quarryUploads = new Set(form.files);
    try {
      return await renderPage(req, reply, name, 200);
    } finally {
      await form.cleanup();
    }
  };

  /** Why a POST to a page is refused as cross-site, or null when it may run. */
  function csrfRefusal(req: FastifyRequest, path: string, fields: Record<string, unknown>): RequestError | null {
    const csrf = site.config.csrf;
    if (!csrf.enabled || exempt(path, csrf.exempt)) return null;
    const refuse = (why: string) => new RequestError(codes.CSRF, 403, why);
    // A cheap second line: a browser names the page that sent a form (server/origin.ts).
    const origin = foreignOrigin(req);
    if (origin !== undefined) return refuse(`A form from another site (Origin ${origin}) may not post here`);
    if (req.headers.origin === undefined && req.headers["sec-fetch-site"] === "cross-site") {
      return refuse("A form from another site may not post here");
    }
    const secret = req.cookies?.[CSRF_COOKIE];
    const token = postedToken(req, fields);
    if (!secret || !token || !CSRF_SECRET.test(secret) || !tokens.verify(secret, token)) {
      return refuse(
        "The request has no valid CSRF token (the form field _csrf or the header X-CSRF-Token, holding what csrfToken() gives); reload the page and send it again",
      );
    }
    return null;
  }

  /**
   * Runs _request.dbt and the page `name` (or, with `file`, _request.dbt before that static
   * file) with the visitor's session, and answers with what they rendered. An error page gets
   * `error` (its `error` struct, and what quarry dev adds to it for a browser).
   */
  async function renderPage(
    req: FastifyRequest,
    reply: FastifyReply,
    name: string | null,
    status: number,
    error?: ErrorPageData,
    file?: [string, string],
  ): Promise<FastifyReply> {
    if (name !== null) req.quarryTemplate = name;
    let session: SessionState;
    try {
      // A visitor without a session cookie gets a fresh one without waiting for anything.
      session = req.cookies?.[SESSION_COOKIE]
        ? await site.sessions.open(await unsignedSession(req))
        : site.sessions.fresh();
    } catch (err) {
      if (error) throw err;
      return sendError(req, reply, err, statusOf(err));
    }
    const scopes = requestScopes(req, req.quarryForm ?? NO_FIELDS, session.data, site.application);
    if (error) scopes.variables.error = error.struct;
    const page = newPage(requestSignal(req, reply), pageLog(req, name));
    page.response.status = status;
    if (site.database.datasources.hasReplicas) page.writes = await visitorWrites(req);
    let csrfToken: string | null = null;
    let flashShown: Struct | null = null;
    let newCsrfSecret: string | null = null;
    // Set by the first dbt:flush: the response's head has gone (see page.hooks.flush below).
    let stream: PageStream | null = null;
    const afterFlush = (what: string) =>
      new RuntimeError(
        codes.FLUSH,
        `${what} after dbt:flush (at ${page.flushedAt}): the cookie it needs can no longer be sent; call it before the first flush`,
      );
    page.hooks = {
      csrfToken() {
        if (csrfToken === null) {
          let secret = req.cookies?.[CSRF_COOKIE];
          if (!secret || !CSRF_SECRET.test(secret)) {
            if (stream) throw afterFlush("csrfToken() for a visitor without a CSRF cookie");
            secret = newCsrfSecret = tokens.secretSync();
          }
          csrfToken = tokens.create(secret);
        }
        return csrfToken;
      },
      sessionRotate() {
        if (stream) throw afterFlush("sessionRotate()");
        session.rotate = true;
      },
      sessionInvalidate() {
        if (stream) throw afterFlush("sessionInvalidate()");
        session.invalidate = true;
        for (const k of Object.keys(session.data)) delete session.data[k];
        // Flash messages go with the session; one set after this is kept for the next page.
        session.flash = session.flashNext = null;
      },
      flash(name, value) {
        const next = (session.flashNext ??= newStruct());
        next[keyOf(next, name) ?? name] = value;
      },
      getFlash() {
        // The first read takes what earlier requests stored; those are then not stored again.
        if (flashShown === null) {
          flashShown = session.flash ?? newStruct();
          session.flashRead = true;
        }
        return flashShown;
      },
      sessionKey() {
        // A visitor without a stored session yet has only this request: its own key.
        return session.id ?? `request ${req.id}`;
      },
      isUpload(path) {
        return req.quarryUploads?.has(path) ?? false;
      },
    };
    const started = performance.now();
    if (site.debug && !error) page.trace = newTrace();
    // quarry dev: what this request did, for the panel, /_quarry/debug and --trace.
    const debugged = (status: number): DebugEntry | null => {
      if (!site.debug || !page.trace) return null;
      if (!stream) reply.header("x-quarry-request-id", req.id);
      const ms = Math.round((performance.now() - started) * 100) / 100;
      const entry = site.debug.record(
        {
          id: req.id,
          method: req.method,
          url: req.url,
          status,
          ms,
          queries: page.trace.queries,
          templates: page.trace.templates,
        },
        scopes,
        sessionOwner(),
      );
      if (opts.trace) log(traceText(entry));
      return entry;
    };
    // Made only for a response that sets a cookie (req.protocol is not free).
    const secure = () => ({ httpOnly: true, sameSite: "lax", path: "/", secure: req.protocol === "https" }) as const;
    let signer: Signer | null = null;
    // What finishing the session did last (a new id, or the cookie cleared): whose the debug record is.
    let issued: CookieAction = null;
    const sessionOwner = (): string | null => {
      const id = issued && "set" in issued ? issued.set : issued && "clear" in issued ? null : session.id;
      return id === null ? null : storeKey(id);
    };
    /** Stores what the page did to the session: the cookie the response must carry. */
    const finishSession = (): CookieAction | Promise<CookieAction> => {
      // An error page does not change the session; a page that never stored anything in a
      // session it did not have has nothing to do (no promise).
      if (error || site.sessions.untouched(session)) return null;
      return storeSession();
    };
    const storeSession = async (): Promise<CookieAction> => {
      // The signer is fetched before anything is stored, so a session is never saved without its cookie.
      if (site.sessions.holdsData(session)) signer = await site.signer();
      issued = await site.sessions.finish(session, req.ip);
      return issued;
    };
    /** Puts the page's status, headers and cookies on the reply. */
    const head = (cookie: CookieAction) => {
      if (cookie && "set" in cookie) reply.setCookie(SESSION_COOKIE, signer!.sign(cookie.set), secure());
      if (page.writes?.changed && signer)
        reply.setCookie(WRITES_COOKIE, signer.sign(page.writes.toString()), { ...secure(), maxAge: WRITES_COOKIE_AGE });
      if (cookie && "clear" in cookie) reply.clearCookie(SESSION_COOKIE, secure());
      if (newCsrfSecret) reply.setCookie(CSRF_COOKIE, newCsrfSecret, secure());
      const res = page.response;
      for (const c of res.cookies) {
        reply.setCookie(c.name, c.value, {
          expires: c.expires ?? undefined,
          httpOnly: c.httpOnly,
          secure: c.secure,
          sameSite: c.sameSite,
          path: c.path,
          domain: c.domain ?? undefined,
        });
      }
      if (res.headers.size > 0) for (const [k, v] of res.headers) reply.header(k, v);
      reply.code(res.status).type(res.contentType ?? "text/html; charset=utf-8");
    };
    const type = () => page.response.contentType ?? "text/html; charset=utf-8";
    // Only a browser loading a page gets the reload script; curl, tests and benchmark
    // clients get the page byte for byte.
    const reload = () => site.dev && type().startsWith("text/html") && req.headers["sec-fetch-dest"] === "document";
    // dbt:flush: the head goes with the first flush, the session stored as it is then (what
    // the page changes after is stored at its end). Before a static file nothing streams.
    if (!file)
      page.hooks.flush = async (text, loc) => {
        if (!stream) {
          const cookie = await finishSession();
          site.sessions.sent(session, cookie);
          if (site.debug && page.trace) reply.header("x-quarry-request-id", req.id);
          if (page.writes?.changed) signer ??= await site.signer();
          head(cookie);
          stream = new PageStream(reply);
        }
        // The time a slow client takes counts against the page's limit, and a client that
        // leaves stops the page: a page waiting here may hold a connection, a transaction or a lock.
        const taken = stream.write(text);
        if (taken) await untilStopped(page, taken, loc);
      };
    let body: string;
    let cookie: CookieAction;
    try {
      const before = error ? null : site.source.find(REQUEST_TEMPLATE);
      body = before ? await site.source.render(before, scopes, page) : "";
      if (!page.aborted && name !== null) {
        // Held by the page while it runs: a dbt:flush in it sends _request.dbt's output first.
        page.held.push(body);
        const out = await site.source.render(name, scopes, page);
        body = page.held.pop()! + out;
      }
      if (stream && !error && session.id === null && !site.sessions.untouched(session)) {
        // Its cookie cannot follow the head any more: nothing would ever find this session.
        const why = `session data set after dbt:flush (at ${page.flushedAt}) for a visitor without a session is not kept: set it before the first flush`;
        req.log.warn({ template: name ?? undefined }, why);
        // quarry dev has no request logger: its readable log is where the developer looks.
        if (dev) log(`[warn] ${why}`);
        cookie = null;
      } else {
        const finished = finishSession();
        cookie = finished instanceof Promise ? await finished : finished;
      }
    } catch (err) {
      endPage(page);
      // The head has gone (this may be _error.dbt or _404.dbt): no other page can answer now.
      if (stream) return failStreamed(req, reply, stream, err, debugged(statusOf(err)));
      if (error) throw err;
      return sendError(req, reply, err, statusOf(err), debugged(statusOf(err)));
    }
    // The page waits no more: its stop's timer and listener go now, not at its deadline.
    endPage(page);
    const entry = debugged(page.response.status);
    // quarry dev, a browser loading the page: the reload script, the debugging panel and, on
    // an error page, the error's detail and the failed request's panel.
    if (reload())
      body = site.dev!.inject(
        body,
        (site.sqlCheck?.overlay() ?? "") + (error?.dev ?? "") + (entry ? panelHtml(entry) : ""),
      );
    if (stream) {
      (stream as PageStream).end(body);
      return reply;
    }
    if (page.writes?.changed) signer ??= await site.signer();
    head(cookie);
    const res = page.response;
    if (res.location !== null) return reply.header("location", res.location).send();
    // dbt:content variable: the bytes are the answer (before a static file too: the page ended it).
    if (res.body !== null) return reply.send(Buffer.from(res.body.buffer, res.body.byteOffset, res.body.byteLength));
    // Before a static file, _request.dbt only decides: the file answers unless it ended the request.
    if (file && !page.aborted && res.status === 200) return reply.sendFile(file[0], file[1]);
    return reply.send(body);
  }

  /** A page that failed after dbt:flush sent its head: the status cannot change any more (server/page-stream.ts). */
  function failStreamed(
    req: FastifyRequest,
    reply: FastifyReply,
    stream: PageStream,
    err: unknown,
    entry: DebugEntry | null = null,
  ): FastifyReply {
    if (req.quarrySignal?.aborted) {
      req.log.info("request cancelled: the client disconnected");
      stream.fail(null);
      return reply;
    }
    req.log.error({ err: errorRecord(err) }, "page failed after dbt:flush: connection cut");
    if (dev) log(errorText(err));
    stream.fail(dev ? devErrorPage(req, err, statusOf(err), entry) : null);
    return reply;
  }

  /** Where a page's dbt:log lines go: dev's readable log, else the request's pino logger. */
  function pageLog(owner: { log: FastifyRequest["log"] }, template: string | null): (e: PageLogEntry) => void {
    if (dev) return (e) => log(logLine(e));
    return (e) => owner.log[e.level]({ template: template ?? undefined, at: e.at, log: e.log ?? undefined }, e.text);
  }

  /** The visitor's write positions, from their cookie when its signature holds (else none). */
  async function visitorWrites(req: FastifyRequest): Promise<WritePositions> {
    const raw = req.cookies?.[WRITES_COOKIE];
    if (!raw) return new WritePositions();
    try {
      const u = (await site.signer()).unsign(raw);
      return WritePositions.parse(u.valid ? u.value : null);
    } catch {
      // The secret cannot be had now (the database is away): no positions known.
      return WritePositions.parse(null);
    }
  }

  async function unsignedSession(req: FastifyRequest): Promise<string | null> {
    const raw = req.cookies?.[SESSION_COOKIE];
    if (!raw) return null;
    const u = (await site.signer()).unsign(raw);
    return u.valid ? u.value : null;
  }

  /** `_404.dbt` if the site has one, else the error page (the site's `_error.dbt`, else ours). */
  async function notFound(req: FastifyRequest, reply: FastifyReply, candidates: string[]): Promise<FastifyReply> {
    const err = new RequestError(codes.NOT_FOUND, 404, `No page at ${req.url.split("?")[0]}`, candidates);
    const custom = site.source.find(NOT_FOUND_TEMPLATE);
    if (custom) {
      try {
        return await renderPage(req, reply, custom, 404, errorPageData(req, err, 404, null));
      } catch (e) {
        req.log.error({ err: errorRecord(e) }, "_404.dbt failed");
      }
    }
    return sendError(req, reply, err, 404);
  }

  /**
   * What `_404.dbt` and `_error.dbt` see as `error`, and under quarry dev the error's detail
   * (and the failed request's debugging panel) that a browser gets at the end of the page.
   */
  function errorPageData(req: FastifyRequest, err: unknown, status: number, entry: DebugEntry | null): ErrorPageData {
    const code = err instanceof QuarryError ? err.code : codes.INTERNAL;
    const struct = toStructDeep({
      status,
      title: titleOf(status),
      code,
      message: dev ? (err as Error).message : publicMessage(err, status),
      requestId: req.id,
      ...(dev ? { detail: detailData(err) } : {}),
    }) as Struct;
    return { struct, dev: dev ? devDetail(err, status, req.id) + (entry ? panelHtml(entry) : "") : "" };
  }

  async function sendError(
    req: FastifyRequest,
    reply: FastifyReply,
    err: unknown,
    status: number,
    entry: DebugEntry | null = null,
  ): Promise<FastifyReply> {
    // Nobody is listening any more: no error page, and no error in the log for a visitor who left.
    if (req.quarrySignal?.aborted) {
      req.log.info("request cancelled: the client disconnected");
      return reply.code(status).send();
    }
    // (The request's logger carries its reqId: written once a line.)
    if (status >= 500) req.log.error({ err: errorRecord(err) }, "page failed");
    // A visitor's bad input (a redirect to another site, say): theirs to fix, worth a look.
    else if (status === 400 && err instanceof QuarryError) req.log.warn({ code: err.code }, err.message);
    if (dev && !(err instanceof RequestError)) log(errorText(err));
    if (status === 503) reply.header("retry-after", "5");
    // Every error status goes through the site's _error.dbt when it has one.
    const custom = site.source.find(ERROR_TEMPLATE);
    if (custom) {
      try {
        return await renderPage(req, reply, custom, status, errorPageData(req, err, status, entry));
      } catch (e) {
        req.log.error({ err: errorRecord(e) }, "_error.dbt failed");
      }
    }
    return reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(devErrorPage(req, err, status, entry));
  }

  /** The built-in error page; for a browser under quarry dev, with the failed request's panel and the reload script. */
  function devErrorPage(req: FastifyRequest, err: unknown, status: number, entry: DebugEntry | null): string {
    const html = errorPage(err, status, req.id, dev);
    if (!site.dev || req.headers["sec-fetch-dest"] !== "document") return html;
    return site.dev.inject(html, (site.sqlCheck?.overlay() ?? "") + (entry ? panelHtml(entry) : ""));
  }

  // Errors before the handler runs (a body over its limit, malformed JSON) get the same pages.
  app.setErrorHandler((err, req, reply) => {
    const e = requestError(err, site.config.server);
    return sendError(req, reply, e, statusOf(e));
  });

  if (dev) {
    // The debug JSON (queries and their bound values) and the reload stream answer only whom the
    // dashboard answers: this machine, asked by a local host name, so that a page re-pointed at
    // 127.0.0.1 (DNS rebinding) cannot read them (server/dashboard/access.ts).
    const { DashboardAccess } = await import("./dashboard/access.js");
    const access = new DashboardAccess(site.config.dev);
    app.addHook("onRequest", async (req, reply) => {
      if (!req.url.startsWith(DEBUG_PATH) && !req.url.startsWith(RELOAD_PATH)) return;
      const why = access.refusal(req);
      if (why !== null) return reply.code(403).type("text/plain; charset=utf-8").send(`403 Forbidden: ${why}\n`);
    });
  }
  if (site.dev) {
    site.dev.route(app);
    // Listening only once the watcher has scanned the site: a file saved right after start is seen.
    const watching = site.dev.ready;
    app.addHook("onReady", async () => {
      await watching;
    });
  }
  if (site.debug)
    site.debug.route(app, async (req) => {
      const id = await unsignedSession(req).catch(() => null);
      return id === null ? null : storeKey(id);
    });
  // quarry dev's dashboard at /_quarry/ (server/dashboard/): never under quarry start.
  if (dev && site.config.dev.dashboard && site.source instanceof EngineSource) {
    const { registerDashboard, Outbox } = await import("./dashboard/index.js");
    registerDashboard(app, {
      root: site.source.engine.root,
      mode: opts.mode ?? "compiled",
      config: site.config,
      database: site.database,
      debug: site.debug,
      fragments: site.services.fragments,
      objects: site.services.objects,
      outbox: site.mailer instanceof Outbox ? site.mailer : null,
      schedule: () => site.schedule,
      log,
      requester: async (req) => {
        const id = await unsignedSession(req).catch(() => null);
        return id === null ? null : storeKey(id);
      },
      session: async (req) => {
        const id = await unsignedSession(req).catch(() => null);
        const s = id === null ? null : await site.sessions.open(id);
        return s && s.id !== null ? s.data : null;
      },
    });
  }
  // Pages take GET, HEAD (answered by Fastify from GET) and POST; other methods get a 405.
  // Answered before the body is read (onRequest), so that a DELETE with an empty JSON body or
  // a PUT of any size gets its 405, not the body parser's 400 or 413.
  const notAllowed = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header("allow", "GET, HEAD, POST");
    await sendError(
      req,
      reply,
      new RequestError(codes.METHOD, 405, `${req.method} is not allowed here: pages answer GET, HEAD and POST`),
      405,
    );
    return reply;
  };
  for (const url of ["/", "/*"]) {
    app.route({ method: ["GET", "POST"], url, handler, bodyLimit: site.config.server.maxBodyBytes });
    app.route({ method: ["PUT", "DELETE", "PATCH"], url, onRequest: notAllowed, handler: notAllowed });
  }
}

// Fastify's plugin metadata: a name for error messages; no fastify-plugin wrapping, so the
// parsers and routes stay inside the plugin's own context.
Object.assign(quarry, { [Symbol.for("fastify.display-name")]: "quarry" });
export default quarry;

// What a host app writes its own functions and tags with (docs/extending.md).
export type { Extensions, HostFunction, HostFunctionDef } from "../engine/extensions.js";
export type { TagDef, TagModule, AttrSpec, AttrType } from "../tags/types.js";
export { escapeHtml } from "../engine/values.js";
