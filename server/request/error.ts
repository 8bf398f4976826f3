// The error stage: a request that cannot be answered by its page (a bad path, no page, a refused
// POST, a page that failed before its head went, a body over its limit) gets its status's page:
// the site's _404.dbt or _error.dbt, rendered as a page with an `error` struct, else the built-in
// one (server/error-page.ts). A failure is logged once, by its status.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { toStructDeep } from "../../engine/context.js";
import { codes, QuarryError, RequestError } from "../../engine/errors.js";
import type { Struct } from "../../engine/values.js";
import { panelHtml, type DebugEntry } from "../debug.js";
import { detailData, devDetail, errorRecord, errorText, publicMessage, titleOf } from "../error-page.js";
import { resolvePath } from "../routes.js";
import type { Served } from "../site.js";
import { renderErrorPage, type ErrorPageData } from "./page.js";
import { builtinErrorPage } from "./response.js";

const ERROR_TEMPLATE = ["_error.dbt"];
const NOT_FOUND_TEMPLATE = ["_404.dbt"];

/** `_404.dbt` if the site has one, else the error page (the site's `_error.dbt`, else ours). */
export async function notFound(
  served: Served,
  req: FastifyRequest,
  reply: FastifyReply,
  candidates: string[],
): Promise<FastifyReply> {
  const err = new RequestError(codes.NOT_FOUND, 404, `No page at ${req.url.split("?")[0]}`, candidates);
  const custom = served.site.source.find(NOT_FOUND_TEMPLATE);
  if (custom) {
    try {
      return await renderErrorPage(served, req, reply, custom, 404, errorPageData(served, req, err, 404, null));
    } catch (e) {
      req.log.error({ err: errorRecord(e) }, "_404.dbt failed");
    }
  }
  return sendError(served, req, reply, err, 404);
}

/**
 * Fastify's `frameworkErrors` option: a URL whose path does not percent-decode is refused by
 * Fastify before any route, which answered it with its own JSON. The app (server/app.ts) passes
 * `handle` to Fastify and this object to the plugin, which sets `served` once the site is open:
 * the site's error page then answers it (400) like any other bad request.
 */
export class FrameworkErrors {
  served: Served | null = null;
  /** Set by the app when it logs requests: such a request runs no onRequest hook, so its line is arranged from here. */
  logRequest: ((req: FastifyRequest, reply: FastifyReply) => void) | null = null;
  readonly handle = (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    this.logRequest?.(req, reply);
    // The answer the route stage gives a bad path (server/routes.ts names the segment at fault).
    const r = resolvePath(req.url);
    const bad = new RequestError(codes.BAD_PATH, 400, r.kind === "bad" ? r.reason : err.message);
    const plain = () => void reply.code(400).type("text/plain; charset=utf-8").send(`${bad.message}\n`);
    if (!this.served) return plain();
    // Nothing here may reject unhandled (that would end the process): a page that cannot answer, plain text.
    sendError(this.served, req, reply, bad, 400).catch((e: unknown) => {
      req.log.error({ err: errorRecord(e) }, "the error page of a bad URL failed");
      if (!reply.sent) plain();
    });
  };
}

/** Answers `err` with `status`: the site's _error.dbt when it has one, else the built-in page. */
export async function sendError(
  served: Served,
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
  logError(served, req, err, status);
  if (status === 503) reply.header("retry-after", "5");
  // Every error status goes through the site's _error.dbt when it has one.
  const custom = served.site.source.find(ERROR_TEMPLATE);
  if (custom) {
    try {
      const data = errorPageData(served, req, err, status, entry);
      return await renderErrorPage(served, req, reply, custom, status, data);
    } catch (e) {
      req.log.error({ err: errorRecord(e) }, "_error.dbt failed");
    }
  }
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(builtinErrorPage(served, req, err, status, entry));
}

function logError(served: Served, req: FastifyRequest, err: unknown, status: number): void {
  // (The request's logger carries its reqId: written once a line.)
  if (status >= 500) req.log.error({ err: errorRecord(err) }, "page failed");
  // A visitor's bad input (a redirect to another site, say): theirs to fix, worth a look.
  else if (status === 400 && err instanceof QuarryError) req.log.warn({ code: err.code }, err.message);
  if (served.dev && !(err instanceof RequestError)) served.log(errorText(err));
}

/**
 * What `_404.dbt` and `_error.dbt` see as `error`, and under quarry dev the error's detail
 * (and the failed request's debugging panel) that a browser gets at the end of the page.
 */
export function errorPageData(
  served: Served,
  req: FastifyRequest,
  err: unknown,
  status: number,
  entry: DebugEntry | null,
): ErrorPageData {
  const { dev } = served;
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
