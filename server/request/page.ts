// The page stage: runs _request.dbt and then the page (either mode, server/sources.ts) with the
// visitor's scopes and session, and hands what they rendered to the response stage. The same
// runs an error page (_error.dbt, _404.dbt: server/request/error.ts) with its `error` struct.
import type { FastifyReply, FastifyRequest } from "fastify";
import { Canceller, type CancelSignal } from "../../engine/cancel.js";
import { endPage } from "../../engine/clock.js";
import type { Scopes } from "../../engine/context.js";
import type { PageState, RequestHooks } from "../../engine/page.js";
import { newTrace } from "../../engine/trace.js";
import type { Struct } from "../../engine/values.js";
import { panelHtml, traceText, type DebugEntry } from "../debug.js";
import { statusOf } from "../error-page.js";
import { requestScopes } from "../scopes.js";
import type { CookieAction, SessionState } from "../session.js";
import { pageLog, sitePage, type Served } from "../site.js";
import { PageReply } from "./response.js";
import { openSession, PageSession, visitorWrites } from "./session.js";

// The site's own template run before every page, looked up by name (in a site folder, on every
// request: it may come and go).
export const REQUEST_TEMPLATE = ["_request.dbt"];
/** The form fields of a request without a body (scopes.ts copies them: never changed). */
const NO_FIELDS: Record<string, unknown> = Object.freeze({});

/** What an error page is rendered with (server/request/error.ts). */
export interface ErrorPageData {
  struct: Struct;
  /** Quarry dev's detail for a browser (else empty). */
  dev: string;
}

/** A page that failed before its head went: the error stage answers instead (with `entry`, quarry dev's record of it). */
export class PageFailed {
  constructor(
    readonly err: unknown,
    readonly entry: DebugEntry | null = null,
  ) {}
}

/** One page being served: the request and what the stages made for it. */
interface Run {
  served: Served;
  req: FastifyRequest;
  name: string | null;
  scopes: Scopes;
  page: PageState;
  session: PageSession;
  out: PageReply;
  error: ErrorPageData | undefined;
}

/**
 * Runs _request.dbt and the page `name` (or, with `file`, _request.dbt before that static
 * file) with the visitor's session, and answers with what they rendered. An error page gets
 * `error` (its `error` struct, and what quarry dev adds to it for a browser). A page that fails
 * before its head went returns PageFailed.
 */
export async function renderPage(
  served: Served,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string | null,
  status: number,
  error?: ErrorPageData,
  file?: [string, string],
): Promise<FastifyReply | PageFailed> {
  const { site } = served;
  if (name !== null) req.quarryTemplate = name;
  let state: SessionState;
  try {
    state = await openSession(site, req);
  } catch (err) {
    return new PageFailed(err);
  }
  const scopes = requestScopes(req, req.quarryForm ?? NO_FIELDS, state.data, site.application);
  if (error) scopes.variables.error = error.struct;
  const page = sitePage(site, requestSignal(req, reply), pageLog(served, req, name));
  page.response.status = status;
  if (site.database.datasources.hasReplicas) page.writes = await visitorWrites(site, req);
  const session = new PageSession(site, req, state, !!error);
  const out = new PageReply(served, req, reply, page, session);
  // Before a static file nothing streams.
  page.hooks = new PageHooks(req, session, out, !file);
  return answer({ served, req, name, scopes, page, session, out, error }, reply, file);
}

/**
 * What a page reaches of its request (PageState.hooks): its session's functions, csrfToken(),
 * its uploads and dbt:flush (`streams`), as methods of one object a request rather than a
 * closure each.
 */
class PageHooks implements RequestHooks {
  readonly flush: RequestHooks["flush"];

  constructor(
    private readonly req: FastifyRequest,
    private readonly session: PageSession,
    private readonly out: PageReply,
    streams: boolean,
  ) {
    this.flush = streams ? out.flush : undefined;
  }

  csrfToken(): string {
    return this.out.csrf.token();
  }
  sessionRotate(): void {
    this.session.rotate(this.out.beforeFlush);
  }
  sessionInvalidate(): void {
    this.session.invalidate(this.out.beforeFlush);
  }
  flash(name: string, value: unknown): void {
    this.session.flash(name, value);
  }
  getFlash(): Struct {
    return this.session.getFlash();
  }
  sessionKey(): string {
    return this.session.key();
  }
  isUpload(path: string): boolean {
    return this.req.quarryUploads?.has(path) ?? false;
  }
}

/** The site's error page `name` (_error.dbt, _404.dbt) with `error`; throws what fails it. */
export async function renderErrorPage(
  served: Served,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  status: number,
  error: ErrorPageData,
): Promise<FastifyReply> {
  const answered = await renderPage(served, req, reply, name, status, error);
  if (answered instanceof PageFailed) throw answered.err;
  return answered;
}

/** Runs the templates, then answers (or, on a failure, ends the stream or returns PageFailed). */
async function answer(run: Run, reply: FastifyReply, file?: [string, string]): Promise<FastifyReply | PageFailed> {
  const { served, page, out, error } = run;
  const started = performance.now();
  if (served.site.debug && !error) page.trace = newTrace();
  let body: string;
  let cookie: CookieAction;
  try {
    body = await runTemplates(run);
    const closed = closeSession(run);
    cookie = closed instanceof Promise ? await closed : closed;
  } catch (err) {
    endPage(page);
    const entry = debugged(run, reply, started, statusOf(err));
    // The head has gone (this may be _error.dbt or _404.dbt): no other page can answer now.
    if (out.stream) return out.failStreamed(out.stream, err, entry);
    return new PageFailed(err, entry);
  }
  // The page waits no more: its stop's timer and listener go now, not at its deadline.
  endPage(page);
  const entry = debugged(run, reply, started, page.response.status);
  // quarry dev, a browser loading the page: the reload script, the debugging panel and, on
  // an error page, the error's detail and the failed request's panel.
  if (out.reloads())
    body = served.site.dev!.inject(
      body,
      (served.site.sqlCheck?.overlay() ?? "") + (error?.dev ?? "") + (entry ? panelHtml(entry) : ""),
    );
  return out.send(body, cookie, file);
}

/** _request.dbt (not before an error page), then the page: their output. */
async function runTemplates({ served, name, scopes, page, error }: Run): Promise<string> {
  const { source } = served.site;
  const before = error ? null : source.find(REQUEST_TEMPLATE);
  let body = before ? await source.render(before, scopes, page) : "";
  if (!page.aborted && name !== null) {
    // Held by the page while it runs: a dbt:flush in it sends _request.dbt's output first.
    page.held.push(body);
    const out = await source.render(name, scopes, page);
    body = page.held.pop()! + out;
  }
  return body;
}

/** Stores what the page did to the session: the cookie the response must carry (no promise when nothing is stored). */
function closeSession({ served, req, name, page, session, out, error }: Run): CookieAction | Promise<CookieAction> {
  if (out.stream && !error && session.state.id === null && !session.untouched()) {
    // Its cookie cannot follow the head any more: nothing would ever find this session.
    const why = `session data set after dbt:flush (at ${page.flushedAt}) for a visitor without a session is not kept: set it before the first flush`;
    req.log.warn({ template: name ?? undefined }, why);
    // quarry dev has no request logger: its readable log is where the developer looks.
    if (served.dev) served.log(`[warn] ${why}`);
    return null;
  }
  return session.finish();
}

/** quarry dev: what this request did, for the panel, /_quarry/debug and --trace. */
function debugged(run: Run, reply: FastifyReply, started: number, status: number): DebugEntry | null {
  const { served, req, page } = run;
  if (!served.site.debug || !page.trace) return null;
  if (!run.out.stream) reply.header("x-quarry-request-id", req.id);
  const ms = Math.round((performance.now() - started) * 100) / 100;
  const { queries, templates } = page.trace;
  const entry = served.site.debug.record(
    { id: req.id, method: req.method, url: req.url, status, ms, queries, templates },
    run.scopes,
    run.session.owner(),
  );
  if (served.trace) served.log(traceText(entry));
  return entry;
}

// A client that goes away before its answer is sent cancels its page (and, through the page,
// its running query): one signal per request, shared by _request.dbt, the page and its error page.
function requestSignal(req: FastifyRequest, reply: FastifyReply): CancelSignal {
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
}
