// quarry dev's routes beside the site's pages: the debug JSON (/_quarry/debug), the reload
// stream, and the dashboard (/_quarry/, server/dashboard/). None of them under quarry start.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DEBUG_PATH } from "./debug.js";
import { RELOAD_PATH } from "./dev.js";
import { sessionStoreKey, unsignedSession } from "./request/session.js";
import type { QuarryOptions, Served } from "./site.js";
import { EngineSource } from "./sources.js";

export async function registerDevRoutes(app: FastifyInstance, served: Served, opts: QuarryOptions): Promise<void> {
  const { site } = served;
  if (served.dev) await guardDevPaths(app, served);
  if (site.dev) {
    site.dev.route(app);
    // Listening only once the watcher has scanned the site: a file saved right after start is seen.
    const watching = site.dev.ready;
    app.addHook("onReady", async () => {
      await watching;
    });
  }
  const requester = (req: FastifyRequest) => sessionStoreKey(site, req);
  if (site.debug) site.debug.route(app, requester);
  if (served.dev && site.config.dev.dashboard && site.source instanceof EngineSource) {
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
      log: served.log,
      requester,
      session: async (req) => {
        const id = await unsignedSession(site, req).catch(() => null);
        const s = id === null ? null : await site.sessions.open(id);
        return s && s.id !== null ? s.data : null;
      },
    });
  }
}

// The debug JSON (queries and their bound values) and the reload stream answer only whom the
// dashboard answers: this machine, asked by a local host name, so that a page re-pointed at
// 127.0.0.1 (DNS rebinding) cannot read them (server/dashboard/access.ts).
async function guardDevPaths(app: FastifyInstance, served: Served): Promise<void> {
  const { DashboardAccess } = await import("./dashboard/access.js");
  const access = new DashboardAccess(served.site.config.dev);
  app.addHook("onRequest", async (req, reply) => {
    if (!req.url.startsWith(DEBUG_PATH) && !req.url.startsWith(RELOAD_PATH)) return;
    const why = access.refusal(req);
    if (why !== null) return reply.code(403).type("text/plain; charset=utf-8").send(`403 Forbidden: ${why}\n`);
  });
}
