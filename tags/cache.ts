// <dbt:cache cachedwithin="5m" key="…">…</dbt:cache> keeps the body's output for a time span
// and replays it instead of running the body again; written `<dbt:cache … />`, its body is the
// rest of the page (the validator hands it the tags that follow); action="flush" forgets one
// key or all.
// Without `key`, the entry is this tag on this page for this URL (path and query string), so
// two fragments of one page and two products of one page are apart. Only output is kept: a
// replayed fragment sets no variables and runs no queries. The store is the site's
// (engine/fragment-cache.ts): bounded, per process, emptied by quarry dev on every change; a
// flush (and cachedwithin="0") reaches the site's other processes too (server/cluster.ts).
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import { RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { siteServices } from "../engine/services.js";
import { parseDuration } from "./query.js";
import { fixedArg } from "./helpers.js";

export interface CacheSpec {
  key: unknown;
  /** CFML's timespan: days, as createTimeSpan() gives. */
  timespan: unknown;
  /** A duration like dbt:query's: "30s", "5m", or seconds. */
  cachedwithin: unknown;
  usequerystring: unknown;
}

/** Where one dbt:cache keeps its output, for how long, and what is there now. */
export interface CacheEntry {
  key: string;
  ttlMs: number | null;
  hit: string | undefined;
}

function ttlOf(spec: CacheSpec, loc: Loc): number | null {
  if (spec.cachedwithin !== undefined) return parseDuration(spec.cachedwithin, loc);
  if (spec.timespan === undefined) return null;
  const days = rt.toNum(spec.timespan, loc);
  if (!(days >= 0))
    throw new RuntimeError(codes.TYPE, `timespan must be a number of days (createTimeSpan()), got ${days}`, loc);
  return days * 86_400_000;
}

export function cacheLookup(ctx: RenderContext, spec: CacheSpec, loc: Loc): CacheEntry {
  let key: string;
  if (spec.key !== undefined) key = `key:${rt.toStr(spec.key, loc)}`;
  else {
    const cgi = ctx.scopes.cgi;
    const path = cgi ? rt.toStr(cgi.script_name ?? "", loc) : "";
    const query =
      cgi && (spec.usequerystring === undefined || rt.toBool(spec.usequerystring, loc))
        ? rt.toStr(cgi.query_string ?? "", loc)
        : "";
    key = `url:${path}?${query}#${loc.file}:${loc.line}:${loc.column}`;
  }
  const ttlMs = ttlOf(spec, loc);
  const fragments = siteServices(ctx.page).fragments;
  // A time span of 0 renders afresh and forgets what was kept (CFML's way to refresh one entry).
  if (ttlMs === 0) {
    fragments.delete(key);
    siteServices(ctx.page).cluster?.publish({ kind: "fragments", key });
  }
  return { key, ttlMs, hit: ttlMs === 0 ? undefined : fragments.get(key) };
}

export function cacheStore(ctx: RenderContext, entry: CacheEntry, output: string): void {
  siteServices(ctx.page).fragments.set(entry.key, output, entry.ttlMs);
}

/** action="flush": forgets the entry of `key`, or every entry without one, here at once and in the site's other processes. */
export function cacheFlush(ctx: RenderContext, key: unknown, loc: Loc): void {
  const services = siteServices(ctx.page);
  const k = key === undefined ? null : `key:${rt.toStr(key, loc)}`;
  if (k === null) services.fragments.clear();
  else services.fragments.delete(k);
  services.cluster?.publish({ kind: "fragments", key: k });
}

const FLUSH = (attrs: { name: string; raw: string | null }[]) =>
  attrs.some((a) => a.name.toLowerCase() === "action" && a.raw?.toLowerCase() === "flush");

export const cacheTag: TagDef = {
  name: "cache",
  body: "optional",
  bodyless: FLUSH,
  // <dbt:cache … /> caches the rest of the page (or of the enclosing tag's body).
  restAsBody: (attrs) => !FLUSH(attrs),
  attributes: {
    action: { type: "enum", values: ["cache", "content", "servercache", "flush"] },
    key: { type: "string" },
    id: { type: "string" },
    timespan: { type: "number" },
    cachedwithin: { type: "string" },
    usequerystring: { type: "boolean" },
  },
  validate(node, v) {
    if (node.args.key && node.args.id)
      throw v.error('<dbt:cache> takes "key" or "id" (the same), not both', node.args.id.loc);
    if (node.args.timespan && node.args.cachedwithin)
      throw v.error(
        '<dbt:cache> takes "timespan" (days) or "cachedwithin" (a duration), not both',
        node.args.cachedwithin.loc,
      );
  },
  interpret(node, it) {
    const key = it.arg(node, "key") ?? it.arg(node, "id");
    if (fixedArg(node, "action") === "flush") return cacheFlush(it.ctx, key, node.loc);
    const spec: CacheSpec = {
      key,
      timespan: it.arg(node, "timespan"),
      cachedwithin: it.arg(node, "cachedwithin"),
      usequerystring: it.arg(node, "usequerystring"),
    };
    const entry = cacheLookup(it.ctx, spec, node.loc);
    if (entry.hit !== undefined) {
      it.out += entry.hit;
      return;
    }
    return it.capture(node.body!).then((out) => {
      cacheStore(it.ctx, entry, out);
      it.out += out;
    });
  },
  compile(node, c) {
    const a = (n: string) => c.arg(node, n) ?? "undefined";
    const key = node.args.key ? a("key") : a("id");
    if (fixedArg(node, "action") === "flush") return `T.cacheFlush(ctx, ${key}, ${c.loc(node.loc)});\n`;
    const entry = c.tmp("entry");
    const out = c.tmp("out");
    return `{ const ${entry} = T.cacheLookup(ctx, { key: ${key}, timespan: ${a("timespan")}, cachedwithin: ${a("cachedwithin")}, usequerystring: ${a("usequerystring")} }, ${c.loc(node.loc)});
if (${entry}.hit !== undefined) $o += ${entry}.hit;
else { let ${out} = "";
${c.capture(node.body!, out)}T.cacheStore(ctx, ${entry}, ${out});
$o += ${out}; }
}
`;
  },
};

export const runtime = { cacheLookup, cacheStore, cacheFlush };

export default { tags: [cacheTag], runtime } satisfies TagModule;
