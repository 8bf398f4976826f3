// quarry dev's debugging output, the feature CFML developers reach for first: under each page,
// every query (datasource, SQL, bound values, rows, time, cache hit), every template with its
// render time, the scopes' keys, the session and the page's total time. A collapsed panel
// for browser navigations, JSON at /_quarry/debug for tools and tests, and lines in the
// terminal with `quarry dev --trace`. Never under quarry start. A record shows the session
// only to the visitor it belongs to: /_quarry/debug gives anyone else its queries and
// templates, never another visitor's session.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { Scopes } from "../engine/context.js";
import type { Trace } from "../engine/trace.js";

export const DEBUG_PATH = "/_quarry/debug";

export interface DebugEntry {
  id: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  queries: Trace["queries"];
  templates: Trace["templates"];
  scopes: Record<string, string[]>;
  session: unknown;
}

const SHOWN_SCOPES = ["url", "form", "cookie", "cgi", "request", "session", "application", "variables"] as const;

/** A value as JSON for the panel, with anything unserialisable (a query, a cycle) named instead. */
function json(v: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? String(x) : x)) ?? "null");
  } catch {
    return "(not serialisable)";
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class DebugLog {
  private readonly entries = new LRUCache<string, DebugEntry>({ max: 50 });
  /** Whose session each entry shows: its session's store key (a hash of the id), or null. */
  private readonly owners = new WeakMap<DebugEntry, string | null>();

  record(e: Omit<DebugEntry, "scopes" | "session">, scopes: Scopes, owner: string | null): DebugEntry {
    const keys: Record<string, string[]> = {};
    for (const s of SHOWN_SCOPES) keys[s] = Object.keys(scopes[s] ?? {});
    const entry: DebugEntry = { ...e, scopes: keys, session: json(scopes.session ?? {}) };
    this.entries.set(entry.id, entry);
    this.owners.set(entry, owner);
    return entry;
  }

  /** The entry as `who` (the asking visitor's session key) may see it. */
  private seenBy(entry: DebugEntry, who: string | null): DebugEntry {
    const owner = this.owners.get(entry) ?? null;
    if (owner !== null && owner === who) return entry;
    return { ...entry, scopes: { ...entry.scopes, session: [] }, session: null };
  }

  /** The kept requests (the last 50), newest first, as `who` (a session key, or null) may see them. */
  recent(who: string | null): DebugEntry[] {
    return [...this.entries.values()].map((e) => this.seenBy(e, who));
  }

  /** `requester`: the session key of the visitor asking (from their verified cookie), or null. */
  route(app: FastifyInstance, requester: (req: FastifyRequest) => Promise<string | null>): void {
    // Newest first; one entry by request id (the x-quarry-request-id header of the page).
    app.get(DEBUG_PATH, async (req) => {
      return this.recent(await requester(req));
    });
    app.get(`${DEBUG_PATH}/:id`, async (req, reply) => {
      const entry = this.entries.get((req.params as { id: string }).id);
      if (!entry) return reply.code(404).send({ error: "no such request (only the last 50 are kept)" });
      return this.seenBy(entry, await requester(req));
    });
  }
}

/** The terminal lines of `quarry dev --trace`. */
export function traceText(e: DebugEntry): string {
  const lines = [
    `── ${e.method} ${e.url} ${e.status} ${e.ms} ms · ${e.queries.length} quer${e.queries.length === 1 ? "y" : "ies"} · ${e.templates.length} template${e.templates.length === 1 ? "" : "s"}`,
  ];
  for (const t of e.templates) lines.push(`   ${"  ".repeat(t.depth)}${t.name} ${t.ms} ms`);
  for (const q of e.queries) {
    lines.push(
      `   [${q.datasource}] ${q.at} ${q.error ? `failed: ${q.error}` : `${q.rows} row${q.rows === 1 ? "" : "s"} ${q.ms} ms${q.cached ? " (cached)" : ""}`}`,
    );
    lines.push(`     ${q.sql.replace(/\s+/g, " ")}${q.params.length ? `  ${JSON.stringify(json(q.params))}` : ""}`);
  }
  return lines.join("\n");
}

/** The collapsed panel appended to an HTML page. */
export function panelHtml(e: DebugEntry): string {
  const rows = (cells: string[][]) => cells.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("");
  const queries = rows(
    e.queries.map((q) => [
      esc(q.datasource),
      `<pre>${esc(q.sql)}</pre>`,
      `<code>${esc(JSON.stringify(json(q.params)))}</code>`,
      q.error ? `<b>${esc(q.error)}</b>` : String(q.rows),
      `${q.ms} ms`,
      q.cached ? "yes" : "",
      esc(q.at),
    ]),
  );
  const templates = rows(e.templates.map((t) => [`${"&nbsp;&nbsp;".repeat(t.depth)}${esc(t.name)}`, `${t.ms} ms`]));
  const scopes = rows(Object.entries(e.scopes).map(([s, k]) => [s, String(k.length), esc(k.join(", "))]));
  return `<details id="quarry-debug" style="font:13px/1.4 system-ui,sans-serif;border-top:3px solid #a60;background:#fffaf0;color:#222;padding:.5em 1em;margin-top:2em">
<summary><b>quarry dev</b> · ${e.status} · ${e.ms} ms · ${e.queries.length} quer${e.queries.length === 1 ? "y" : "ies"} · ${e.templates.length} template${e.templates.length === 1 ? "" : "s"} · <a href="${DEBUG_PATH}/${esc(e.id)}">JSON</a></summary>
<h4>Queries</h4><table border="1" cellpadding="4" style="border-collapse:collapse"><tr><th>datasource</th><th>SQL</th><th>values</th><th>rows</th><th>time</th><th>cached</th><th>at</th></tr>${queries}</table>
<h4>Templates</h4><table border="1" cellpadding="4" style="border-collapse:collapse">${templates}</table>
<h4>Scopes</h4><table border="1" cellpadding="4" style="border-collapse:collapse"><tr><th>scope</th><th>keys</th><th>names</th></tr>${scopes}</table>
<h4>Session</h4><pre>${esc(JSON.stringify(e.session, null, 2))}</pre>
</details>`;
}
