// What the dashboard's panels read and act on: the site as quarry dev opened it. The plugin
// builds one (server/dev-routes.ts) and registers the dashboard with it; a panel sees nothing else.
import type { FastifyRequest } from "fastify";
import type { SiteConfig } from "../../config/site.js";
import type { Database } from "../database.js";
import type { DebugLog } from "../debug.js";
import type { FragmentCache } from "../../engine/fragment-cache.js";
import type { ObjectCache } from "../../engine/object-cache.js";
import type { Struct } from "../../engine/values.js";
import type { Outbox } from "./outbox.js";
import type { Scheduler } from "../schedule.js";

export interface DashboardContext {
  /** The site folder. */
  root: string;
  /** "compiled" or "interpreted". */
  mode: string;
  config: SiteConfig;
  database: Database;
  debug: DebugLog | null;
  fragments: FragmentCache;
  objects: ObjectCache;
  /** The site's scheduler (server/schedule.ts), made once the site is open; null without _schedule.json. */
  schedule(): Scheduler | null;
  /** quarry dev's caught mail (null when the config's dev.deliverMail sends it). */
  outbox: Outbox | null;
  /** The requester's own session (from their verified cookie): its data, or null when they have none. */
  session(req: FastifyRequest): Promise<Struct | null>;
  /** The requester's session key as the debug log records owners (null without a session). */
  requester(req: FastifyRequest): Promise<string | null>;
  log(line: string): void;
}

/** What a panel renders with. */
export interface View {
  req: FastifyRequest;
  /** The CSRF token the panel's forms carry (html.ts actionForm). */
  token: string;
  /** The rest of the path after the panel's own (/_quarry/mail/3 → "3"), or null. */
  item: string | null;
}

/** The outcome of an action, shown above the panel. */
export interface ActionResult {
  ok: boolean;
  text: string;
}

export interface Panel {
  /** The path segment: /_quarry/<id>. */
  id: string;
  title: string;
  /** One line for the overview page. */
  summary: string;
  /** Has pages of its own below its path (/_quarry/mail/3); other panels answer 404 there. */
  items?: boolean;
  /** The panel's HTML (everything escaped); null: no such item (404). */
  render(ctx: DashboardContext, view: View): Promise<string | null> | string | null;
  /** POST /_quarry/<id>/<action>: the form's fields (strings) → what happened. */
  actions?: Record<string, (ctx: DashboardContext, fields: Record<string, string>) => Promise<ActionResult>>;
}
