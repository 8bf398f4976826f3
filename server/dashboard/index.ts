// quarry dev's dashboard at /_quarry/: the site's pages, datasources, migrations, recent
// requests, caches, the requester's session, the config and the mail caught in dev, one panel
// each (panels/). Never registered under quarry start. Every request must pass access.ts (this
// machine, or dev.dashboardAllow; a loopback-looking host name); every action (a POST) csrf.ts.
// Pages are plain HTML with no script, so they work without JavaScript.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DashboardAccess } from "./access.js";
import { dashboardToken, postRefusal } from "./csrf.js";
import { CSP, DASHBOARD_PATH, esc, layout, type Message } from "./html.js";
import { PANELS } from "./panels/index.js";
import type { DashboardContext, Panel } from "./context.js";

export { DASHBOARD_PATH };
export { Outbox } from "./outbox.js";

const HEADERS = {
  "content-security-policy": CSP,
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  // Not no-referrer: with it a browser sends its forms with "Origin: null", which the actions refuse.
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
};

export function registerDashboard(
  app: FastifyInstance,
  ctx: DashboardContext,
  panels: readonly Panel[] = PANELS,
): void {
  const nav = panels.map((p) => ({ id: p.id, title: p.title }));
  const byId = new Map(panels.map((p) => [p.id, p]));

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).headers(HEADERS).type("text/html; charset=utf-8").send(html);

  const overview = (req: FastifyRequest, reply: FastifyReply) => {
    dashboardToken(req, reply);
    const items = panels
      .map((p) => `<li><a href="${DASHBOARD_PATH}/${esc(p.id)}">${esc(p.title)}</a>: ${esc(p.summary)}</li>`)
      .join("\n");
    const body = `<p>quarry dev's view of the site. Only this machine may open it (see dev.dashboardAllow); it is never served by quarry start.</p>\n<ul>\n${items}\n</ul>`;
    return send(reply, 200, layout(nav, "", "Dashboard", body));
  };

  const panelPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    panel: Panel,
    item: string | null,
    message: Message | null,
    status = 200,
  ) => {
    const token = dashboardToken(req, reply);
    let content: string | null;
    try {
      content = await panel.render(ctx, { req, token, item });
    } catch (err) {
      ctx.log(
        `dashboard: the ${panel.id} panel failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      return send(
        reply,
        500,
        layout(nav, panel.id, panel.title, "", { ok: false, text: "This panel failed: see the terminal" }),
      );
    }
    if (content === null) return notFound(reply, `No ${item ?? ""} in ${panel.title}`);
    return send(reply, status, layout(nav, panel.id, panel.title, content, message));
  };

  const notFound = (reply: FastifyReply, text: string) =>
    send(reply, 404, layout(nav, "", "Not found", `<p>${esc(text)}</p>`));

  const opts = { onRequest: guard(new DashboardAccess(ctx.config.dev), (line) => ctx.log(line)) };
  for (const path of [DASHBOARD_PATH, `${DASHBOARD_PATH}/`]) app.get(path, opts, overview);
  app.get<{ Params: { panel: string } }>(`${DASHBOARD_PATH}/:panel`, opts, (req, reply) => {
    const panel = byId.get(req.params.panel);
    return panel ? panelPage(req, reply, panel, null, null) : notFound(reply, `No panel ${req.params.panel}`);
  });
  app.get<{ Params: { panel: string; item: string } }>(`${DASHBOARD_PATH}/:panel/:item`, opts, (req, reply) => {
    const panel = byId.get(req.params.panel);
    return panel?.items
      ? panelPage(req, reply, panel, req.params.item, null)
      : notFound(reply, `No page ${req.url.split("?")[0]}`);
  });
  app.post<{ Params: { panel: string; action: string } }>(
    `${DASHBOARD_PATH}/:panel/:action`,
    opts,
    async (req, reply) => {
      const panel = byId.get(req.params.panel);
      const action =
        panel?.actions && Object.hasOwn(panel.actions, req.params.action)
          ? panel.actions[req.params.action]
          : undefined;
      const fields = formFields(req.body);
      const refused = postRefusal(req, fields);
      if (refused !== null) {
        ctx.log(`dashboard: refused POST ${req.url}: ${refused}`);
        return send(reply, 403, layout(nav, "", "Refused", "", { ok: false, text: refused }));
      }
      if (!panel || !action)
        return notFound(reply, `No action ${req.params.action} in ${panel?.title ?? req.params.panel}`);
      const result = await action(ctx, fields);
      return panelPage(req, reply, panel, null, result);
    },
  );
}

/** The refusal of a client that may not see the dashboard: before its body is read. */
function guard(access: DashboardAccess, log: (line: string) => void) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const why = access.refusal(req);
    if (why !== null) {
      log(`dashboard: refused ${req.method} ${req.url.split("?")[0]} from ${req.ip}: ${why}`);
      await reply.code(403).headers(HEADERS).type("text/plain; charset=utf-8").send(`403 Forbidden: ${why}\n`);
    }
  };
}

/** An action's form: its string fields (anything else is not a form field). */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body !== null && typeof body === "object" && !Buffer.isBuffer(body))
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (typeof v === "string") fields[k] = v;
  return fields;
}
