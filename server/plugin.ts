// The Quarry Fastify plugin: `app.register(quarry, { root })` serves a site folder (or, with
// `dist`, a built one) under the plugin's prefix. This module only wires: the site is opened
// (server/site.ts), and a request goes through the stages of server/request/: route.ts (path →
// page, a POST's body.ts and csrf.ts) → page.ts (_request.dbt, then the page, with session.ts)
// → response.ts; what fails becomes error.ts's 400/403/404/405/503/500 page.
import type { FastifyInstance } from "fastify";
import { statusOf } from "./error-page.js";
import { registerDevRoutes } from "./dev-routes.js";
import { registerBodyParsers, requestError } from "./request/body.js";
import { registerCookies } from "./request/cookies.js";
import { sendError } from "./request/error.js";
import { methodNotAllowed, pageHandler } from "./request/route.js";
import { runApplicationPage, scheduleTasks } from "./site-pages.js";
import { openSite, openSites, type QuarryOptions, type Served, type Site } from "./site.js";

export { siteFolder } from "./site-folder.js";
export { flushFragmentCaches, flushQueryCaches, stopSchedules, type QuarryOptions } from "./site.js";
export { CSRF_COOKIE } from "./request/csrf.js";
export { WRITES_COOKIE } from "./request/session.js";

export async function quarry(app: FastifyInstance, opts: QuarryOptions): Promise<void> {
  const log = opts.log ?? ((line: string) => app.log.info(line));
  const site = await openSite(opts, log);
  openSites.add(site);
  app.addHook("onClose", () => closeSite(site));
  const served: Served = { site, dev: !!opts.dev, trace: !!opts.trace, log, logger: app.log };
  await registerParsers(app, site, opts);
  await runApplicationPage(served);
  await scheduleTasks(app, served, opts);
  // Errors before the handler runs (a body over its limit, malformed JSON) get the same pages.
  app.setErrorHandler((err, req, reply) => {
    const e = requestError(err, site.config.server);
    return sendError(served, req, reply, e, statusOf(e));
  });
  if (opts.frameworkErrors) {
    const framework = opts.frameworkErrors;
    framework.served = served;
    app.addHook("onClose", () => void (framework.served = null));
  }
  await registerDevRoutes(app, served, opts);
  const handler = pageHandler(served, app.prefix);
  const notAllowed = methodNotAllowed(served);
  for (const url of ["/", "/*"]) {
    app.route({ method: ["GET", "POST"], url, handler, bodyLimit: site.config.server.maxBodyBytes });
    app.route({ method: ["PUT", "DELETE", "PATCH"], url, onRequest: notAllowed, handler: notAllowed });
  }
}

async function closeSite(site: Site): Promise<void> {
  // The task runs under way finish first (they use the pools closed below).
  await site.schedule?.stop(site.config.server.shutdownGraceMs);
  openSites.delete(site);
  site.mailer?.close();
  await site.dev?.close();
  await site.sessions.close();
  await site.cluster.close();
  site.database.datasources.onFlush = null;
  if (site.ownsDatabase) await site.database.stop();
}

/** Cookies, bodies and static files; registered only where the host app has not already. */
async function registerParsers(app: FastifyInstance, site: Site, opts: QuarryOptions): Promise<void> {
  registerCookies(app);
  await registerBodyParsers(app, site.config.server);
  // @fastify/static (and its glob, minimatch, send…) only where a static file can be served.
  if (site.source.hasStatics && !app.hasReplyDecorator("sendFile")) {
    const { default: fastifyStatic } = await import("@fastify/static");
    await app.register(fastifyStatic, { root: opts.dist ?? opts.root!, serve: false });
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
