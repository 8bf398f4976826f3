// CFML's object cache: values kept by id across requests, per site and process
// (engine/object-cache.ts). Time spans are in days, as createTimeSpan gives them. What is
// removed (cacheDelete, cacheRemove, cacheClear) is removed in the site's other processes too
// (server/cluster.ts); what is put stays in this one.
import { category, str, num } from "./define.js";
import type { RenderContext } from "../context.js";
import { RuntimeError, codes } from "../errors.js";
import { newStruct, toBool } from "../values.js";
import { siteServices } from "../services.js";
import { ObjectCache, sizeOf } from "../object-cache.js";
import { deepCopy } from "./structs.js";
import { listItems } from "../list-items.js";

const store = (ctx: RenderContext): ObjectCache => siteServices(ctx.page).objects;
/** Tells the site's other processes to drop these ids (or those matching a filter). */
const removeElsewhere = (ctx: RenderContext, e: { ids: string[] } | { filter: string }) =>
  siteServices(ctx.page).cluster?.publish(
    "ids" in e ? { kind: "objects", ids: e.ids } : { kind: "objects-filter", ...e },
  );
const DAY_MS = 86_400_000;
const span = (v: unknown): number | null => (v === undefined || v === "" ? null : num(v) * DAY_MS);

/** Does `id` match the wildcard `filter` (* any run, ? one character; case-insensitive)? Greedy with one backtrack point: no exponential case. */
export function wildcard(filter: string, id: string): boolean {
  const p = ObjectCache.id(filter);
  const s = ObjectCache.id(id);
  let i = 0;
  let j = 0;
  let star = -1;
  let mark = 0;
  while (i < s.length) {
    if (j < p.length && (p[j] === "?" || p[j] === s[i])) {
      i++;
      j++;
    } else if (j < p.length && p[j] === "*") {
      star = j++;
      mark = i;
    } else if (star >= 0) {
      j = star + 1;
      i = ++mark;
    } else return false;
  }
  while (j < p.length && p[j] === "*") j++;
  return j === p.length;
}

const matching = (ctx: RenderContext, filter: unknown): string[] => {
  const ids = store(ctx).ids();
  return filter === undefined || str(filter) === "" ? ids : ids.filter((id) => wildcard(str(filter), id));
};

export default category("cache", {
  cachePut: [
    {
      params: "id, value, [timeSpan], [idleTime]",
      doc: "Keeps a copy of the value under the id (case-insensitive) for every request of this process, for timeSpan days and while read at least every idleTime days (createTimeSpan); without them until cacheRemove, a restart or, least recently used first, when objectCacheSize values (the config's) or 64 MiB are kept; a value larger than 64 MiB is refused.",
      example: 'cachePut("greeting", "hi") & cacheGet("greeting")',
      result: "hi",
    },
    (ctx, id: unknown, v: unknown, t?: unknown, idle?: unknown) => {
      const objects = store(ctx);
      const size = sizeOf(v);
      if (size > objects.maxBytes)
        throw new RuntimeError(
          codes.FUNCTION,
          `cachePut: the value (about ${size} bytes) is larger than the whole object cache (${objects.maxBytes} bytes)`,
          null,
        );
      objects.put(str(id), deepCopy(v, ctx), span(t), span(idle), size);
      return "";
    },
  ],
  cacheGet: [
    {
      params: "id, [throwWhenNotExist]",
      doc: "A copy of the value kept under the id, or null when there is none (an error with throwWhenNotExist).",
      example: 'isNull(cacheGet("nothing"))',
      result: "true",
    },
    (ctx, id: unknown, t?: unknown) => {
      const e = store(ctx).get(str(id));
      if (e) return deepCopy(e.value, ctx);
      if (t !== undefined && toBool(t, null))
        throw new RuntimeError(codes.FUNCTION, `cacheGet: nothing is cached under "${str(id)}"`, null);
      return null;
    },
  ],
  cacheKeyExists: [
    {
      params: "id",
      doc: "true when a value is kept under the id.",
      example: 'cacheKeyExists("nothing")',
      result: "false",
    },
    (ctx, id: unknown) => store(ctx).has(str(id)),
  ],
  cacheIdExists: [
    { params: "id", doc: "Same as cacheKeyExists.", example: 'cacheIdExists("nothing")', result: "false" },
    (ctx, id: unknown) => store(ctx).has(str(id)),
  ],
  cacheDelete: [
    {
      params: "id, [throwOnError]",
      doc: "Forgets the value kept under the id, in every process of the site; with throwOnError, an error when this one had none.",
      example: 'cachePut("a", 1) & cacheDelete("a") & cacheKeyExists("a")',
      result: "false",
    },
    (ctx, id: unknown, t?: unknown) => {
      const gone = store(ctx).delete(str(id));
      removeElsewhere(ctx, { ids: [str(id)] });
      if (!gone && t !== undefined && toBool(t, null)) {
        throw new RuntimeError(codes.FUNCTION, `cacheDelete: nothing is cached under "${str(id)}"`, null);
      }
      return "";
    },
  ],
  cacheRemove: [
    {
      params: "ids, [throwOnError]",
      doc: "Forgets the values kept under a list of ids, in every process of the site; with throwOnError, an error naming the ids this one did not have.",
      example: 'cachePut("a", 1) & cachePut("b", 2) & cacheRemove("a,b") & cacheCount()',
      result: "0",
    },
    (ctx, ids: unknown, t?: unknown) => {
      const items = listItems(ids, ",").map((id) => id.trim());
      const missing = items.filter((id) => !store(ctx).delete(id));
      removeElsewhere(ctx, { ids: items });
      if (missing.length && t !== undefined && toBool(t, null)) {
        throw new RuntimeError(
          codes.FUNCTION,
          `cacheRemove: nothing is cached under ${missing.map((m) => `"${m}"`).join(", ")}`,
          null,
        );
      }
      return "";
    },
  ],
  cacheClear: [
    {
      params: "[filter]",
      doc: "Forgets every value kept, or those whose id matches the wildcard filter (* and ?), in every process of the site; returns how many this one had.",
      example: 'cachePut("ab", 1) & cachePut("cd", 2) & cacheClear("a*")',
      result: "1",
    },
    (ctx, filter?: unknown) => {
      const ids = matching(ctx, filter);
      for (const id of ids) store(ctx).delete(id);
      removeElsewhere(ctx, { filter: filter === undefined ? "" : str(filter) });
      return ids.length;
    },
  ],
  cacheCount: [
    { params: "", doc: "How many values are kept.", example: "cacheCount()", result: "0" },
    (ctx) => store(ctx).ids().length,
  ],
  cacheGetAllIds: [
    {
      params: "[filter]",
      doc: "The ids of the values kept (upper-case, as CFML shows them), or those matching the wildcard filter.",
      example: 'cachePut("ab", 1) & arrayToList(cacheGetAllIds("a*"))',
      result: "AB",
    },
    (ctx, filter?: unknown) => matching(ctx, filter),
  ],
  cacheGetAll: [
    {
      params: "[filter]",
      doc: "A struct of the ids and copies of the values kept, or of those whose id matches the wildcard filter.",
      example: 'cachePut("ab", 1) & structKeyList(cacheGetAll())',
      result: "AB",
    },
    (ctx, filter?: unknown) => {
      const out = newStruct();
      for (const id of matching(ctx, filter)) {
        const e = store(ctx).get(id);
        if (e) out[id] = deepCopy(e.value, ctx);
      }
      return out;
    },
  ],
});
