// The recent requests: what quarry dev's debugging output recorded of the last 50 (server/debug.ts,
// the same records as /_quarry/debug): status, time, and each one's queries (SQL, values, rows,
// time, cache) and templates. Another visitor's session is never shown, only their queries.
import { DEBUG_PATH } from "../../debug.js";
import { esc, table } from "../html.js";
import type { Panel } from "../context.js";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const requestsPanel: Panel = {
  id: "requests",
  title: "Recent requests",
  summary: "the last 50 page requests with their queries, templates and times",
  async render(ctx, view) {
    if (!ctx.debug) return `<p class="muted">No requests are recorded.</p>`;
    const list = ctx.debug.recent(await ctx.requester(view.req));
    if (list.length === 0) return `<p class="muted">No page has been requested yet.</p>`;
    const items = list.map((e) => {
      const queries = e.queries.length
        ? table(
            ["datasource", "SQL", "values", "rows", "time", "cached", "at"],
            e.queries.map((q) => [
              esc(q.datasource),
              `<pre>${esc(q.sql)}</pre>`,
              `<code>${esc(JSON.stringify(q.params, (_k, x: unknown) => (typeof x === "bigint" ? String(x) : x)))}</code>`,
              q.error ? `<b>${esc(q.error)}</b>` : esc(q.rows),
              `${esc(q.ms)} ms`,
              q.cached ? "yes" : "",
              esc(q.at),
            ]),
          )
        : `<p class="muted">no queries</p>`;
      const templates = table(
        ["template", "time"],
        e.templates.map((t) => [`${"&nbsp;&nbsp;".repeat(t.depth)}${esc(t.name)}`, `${esc(t.ms)} ms`]),
      );
      const session =
        e.session === null ? "" : `<h4>Your session</h4><pre>${esc(JSON.stringify(e.session, null, 2))}</pre>`;
      return `<details><summary><code>${esc(e.method)} ${esc(e.url)}</code> · ${esc(e.status)} · ${esc(e.ms)} ms · ${plural(e.queries.length, "query", "queries")} · ${plural(e.templates.length, "template", "templates")} · <a href="${DEBUG_PATH}/${esc(encodeURIComponent(e.id))}">JSON</a></summary>
<h4>Queries</h4>${queries}<h4>Templates</h4>${templates}${session}</details>`;
    });
    return `<p>Newest first; the last 50 are kept.</p>\n${items.join("\n")}`;
  },
};
