// The route stage, where every request starts: its path (after the plugin's prefix) resolved to
// the page that answers it (server/routes.ts), a static file, or a 400/404; a POST's body read
// and its CSRF token checked before its page runs; methods other than GET, HEAD and POST refused.
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import { codes, RequestError } from "../../engine/errors.js";
import { statusOf } from "../error-page.js";
import { resolvePath } from "../routes.js";
import type { Served } from "../site.js";
import { readForm } from "./body.js";
import { csrfRefusal } from "./csrf.js";
import { notFound, sendError } from "./error.js";
import { PageFailed, renderPage, REQUEST_TEMPLATE } from "./page.js";

/** The handler of GET and POST requests to the plugin's pages (`prefix`: the plugin's own). */
export function pageHandler(served: Served, prefix: string): RouteHandlerMethod {
  const { site } = served;
  return async (req, reply) => {
    const path = req.url.slice(prefix.length) || "/";
    const r = resolvePath(path.startsWith("/") ? path : `/${path}`);
    if (r.kind === "bad") return sendError(served, req, reply, new RequestError(codes.BAD_PATH, 400, r.reason), 400);
    if (r.kind === "hidden") return notFound(served, req, reply, []);
    const name = site.source.find(r.pages);
    if (!name) {
      const root = r.file && (req.method === "GET" || req.method === "HEAD") ? site.source.staticRoot(r.file) : null;
      if (!root) return notFound(served, req, reply, r.file ? [...r.pages, r.file] : r.pages);
      // _request.dbt (the site's auth check) runs before static files too, unless switched off.
      if (!site.config.requestTemplateForStatic || !site.source.find(REQUEST_TEMPLATE))
        return reply.sendFile(r.file!, root);
      return page(served, req, reply, null, [r.file!, root]);
    }
    // Only a POST has a body: a GET's page reads no form and has nothing to clean up.
    if (req.method !== "POST") return page(served, req, reply, name);
    return postPage(served, req, reply, path.split("?")[0]!, name);
  };
}

/** The page `name` (or _request.dbt before a static `file`); a page that failed gets the error page. */
async function page(
  served: Served,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string | null,
  file?: [string, string],
): Promise<FastifyReply> {
  const answered = await renderPage(served, req, reply, name, 200, undefined, file);
  if (!(answered instanceof PageFailed)) return answered;
  return sendError(served, req, reply, answered.err, statusOf(answered.err), answered.entry);
}

/** A POST: its form read within bounds and its CSRF token checked, then its page; the uploads removed after. */
async function postPage(
  served: Served,
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
  name: string,
): Promise<FastifyReply> {
  let form;
  try {
    form = await readForm(req, served.site.config.server);
  } catch (err) {
    return sendError(served, req, reply, err, statusOf(err));
  }
  const refused = csrfRefusal(req, path, form.fields, served.site.config.csrf);
  if (refused) {
    await form.cleanup();
    return sendError(served, req, reply, refused, 403);
  }
  // The token is the server's business, not the page's.
  delete form.fields._csrf;
  req.quarryForm = form.fields;
  if (form.files.length > 0) req.quarryUploads = new Set(form.files);
  try {
    return await page(served, req, reply, name);
  } finally {
    await form.cleanup();
  }
}

// Pages take GET, HEAD (answered by Fastify from GET) and POST; other methods get a 405.
// Answered before the body is read (onRequest), so that a DELETE with an empty JSON body or
// a PUT of any size gets its 405, not the body parser's 400 or 413.
export function methodNotAllowed(served: Served): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  return async (req, reply) => {
    reply.header("allow", "GET, HEAD, POST");
    const why = `${req.method} is not allowed here: pages answer GET, HEAD and POST`;
    await sendError(served, req, reply, new RequestError(codes.METHOD, 405, why), 405);
    return reply;
  };
}
