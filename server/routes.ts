// From a request path to the files that may answer it. Every segment is decoded once and
// checked: nothing that could climb out of the site folder (.., encoded slashes, NUL,
// backslashes), nothing private (_name, .name, the config file) and no .dbt or .cfc (component)
// source is ever a route. `/` → index.dbt; `/a/b` → a/b.dbt or a/b/index.dbt; anything else may be a static file.
import { CONFIG_FILES } from "../config/site.js";

export type Resolved =
  { kind: "bad"; reason: string } | { kind: "hidden" } | { kind: "ok"; pages: string[]; file: string | null };

/** A component's source (Name.cfc): never a page, never sent as a file. */
const isComponentFile = (name: string): boolean => name.toLowerCase().endsWith(".cfc");

/**
 * May the router serve the file at `rel` (a path inside the site, after resolving symlinks)?
 * The same rules as for the URL: no `_` or `.` segment, no config file; a page must be a .dbt
 * source and a static file must not be one. A symlink `public.txt -> _db/001.sql` therefore
 * serves nothing.
 */
export function servable(rel: string, kind: "page" | "static"): boolean {
  const segments = rel.split(/[\\/]/);
  if (segments.some((s) => s === "" || s === "." || s === ".." || s.startsWith("_") || s.startsWith("."))) return false;
  const last = segments[segments.length - 1]!;
  const source = last.toLowerCase().endsWith(".dbt");
  if (kind === "page") return source;
  return (
    !source && !isComponentFile(last) && !(segments.length === 1 && (CONFIG_FILES as readonly string[]).includes(last))
  );
}

/**
 * Answers for the paths seen lately (the same few, mostly): the result is never changed by its
 * callers. A plain Map, emptied when full, not an LRU: a Map lookup is what every request pays.
 */
const resolvedPaths = new Map<string, Resolved>();
const CACHED_PATHS = 1000;
const CACHED_PATH_LENGTH = 256;

export function resolvePath(urlPath: string): Resolved {
  const q = urlPath.indexOf("?");
  const path = q < 0 ? urlPath : urlPath.slice(0, q);
  if (path.length > CACHED_PATH_LENGTH) return resolve(path);
  let r = resolvedPaths.get(path);
  if (r === undefined) {
    r = resolve(path);
    if (r.kind === "ok") Object.freeze(r.pages);
    if (resolvedPaths.size >= CACHED_PATHS) resolvedPaths.clear();
    resolvedPaths.set(path, Object.freeze(r));
  }
  return r;
}

function resolve(path: string): Resolved {
  const raw = path.split("/").slice(1);
  const trailing = raw.length > 0 && raw[raw.length - 1] === "";
  const segments: string[] = [];
  for (const [i, s] of raw.entries()) {
    if (s === "" && i === raw.length - 1) continue;
    let d: string;
    try {
      d = decodeURIComponent(s);
    } catch {
      return { kind: "bad", reason: `The path segment ${JSON.stringify(s)} is not valid percent-encoding` };
    }
    if (d === "" || d === "." || d === ".." || /[/\\\0]/.test(d) || d.startsWith("_") || d.startsWith("."))
      return { kind: "hidden" };
    segments.push(d);
  }
  const joined = segments.join("/");
  const last = segments[segments.length - 1] ?? "";
  if (last.toLowerCase().endsWith(".dbt") || isComponentFile(last)) return { kind: "hidden" };
  if (segments.length === 1 && (CONFIG_FILES as readonly string[]).includes(last)) return { kind: "hidden" };
  if (segments.length === 0 || trailing)
    return { kind: "ok", pages: [joined ? `${joined}/index.dbt` : "index.dbt"], file: null };
  return { kind: "ok", pages: [`${joined}.dbt`, `${joined}/index.dbt`], file: joined };
}
