// Caches: how much the site's three caches hold now, with a flush button each (and one for all):
// query results (cachedwithin, datasources/registry.ts), page fragments (dbt:cache,
// engine/fragment-cache.ts) and values (cachePut, engine/object-cache.ts). Under quarry dev
// the site is one process: a flush here is the whole flush.
import { actionForm, esc, table } from "../html.js";
import type { ActionResult, DashboardContext, Panel } from "../context.js";

interface Cache {
  name: string;
  what: string;
  size(ctx: DashboardContext): number;
  flush(ctx: DashboardContext): number;
  /** The flushed count as words: "2 query results". */
  words(n: number): string;
}

const CACHES: Record<string, Cache> = {
  queries: {
    name: "Query results",
    what: "dbt:query cachedwithin, queryExecute's cachedWithin",
    size: (ctx) => ctx.database.datasources.cachedCount,
    flush: (ctx) => ctx.database.datasources.flushCache(),
    words: (n) => `${n} query result${n === 1 ? "" : "s"}`,
  },
  fragments: {
    name: "Page fragments",
    what: "dbt:cache",
    size: (ctx) => ctx.fragments.size,
    flush: (ctx) => ctx.fragments.clear(),
    words: (n) => `${n} fragment${n === 1 ? "" : "s"}`,
  },
  objects: {
    name: "Values",
    what: "cachePut / cacheGet",
    size: (ctx) => ctx.objects.size,
    flush: (ctx) => ctx.objects.clear(),
    words: (n) => `${n} value${n === 1 ? "" : "s"}`,
  },
};

export const cachesPanel: Panel = {
  id: "caches",
  title: "Caches",
  summary: "query results, page fragments and values kept, with flush buttons",
  render(ctx, view) {
    const rows = Object.entries(CACHES).map(([id, c]) => [
      esc(c.name),
      esc(c.what),
      esc(c.size(ctx)),
      actionForm(view.token, "caches", "flush", `Flush ${c.name.toLowerCase()}`, { cache: id }),
    ]);
    return `${table(["cache", "filled by", "entries", ""], rows)}\n<p>${actionForm(view.token, "caches", "flush", "Flush all", { cache: "all" })}</p>`;
  },
  actions: {
    flush(ctx, fields): Promise<ActionResult> {
      const which = fields.cache ?? "";
      const chosen = which === "all" ? Object.values(CACHES) : Object.hasOwn(CACHES, which) ? [CACHES[which]!] : [];
      if (chosen.length === 0) return Promise.resolve({ ok: false, text: `No cache named ${JSON.stringify(which)}` });
      const text = `Flushed ${chosen.map((c) => c.words(c.flush(ctx))).join(", ")}`;
      ctx.log(`dashboard: ${text}`);
      return Promise.resolve({ ok: true, text });
    },
  },
};
