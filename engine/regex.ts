// Regular expressions that templates give at run time (reFind, reReplace, reMatch, dbt:param
// pattern) run on RE2JS, a JavaScript port of RE2: matching takes time linear in the input
// whatever the pattern, so no pattern and no input can stall the process. The price is RE2's
// syntax: no backreferences and no lookaround (see docs/language.md, "Regular expressions").
import { LRUCache } from "lru-cache";
import { RE2JS } from "re2js";

/** Compiled patterns, by flags and source: a template's patterns compile once. */
const compiled = new LRUCache<string, RE2JS>({ max: 1000 });

export class PatternError extends Error {}

/** The compiled pattern; a PatternError names what RE2 refuses in it. */
export function userRegex(pattern: string, ignoreCase = false): RE2JS {
  const key = `${ignoreCase ? "i" : "-"}${pattern}`;
  let re = compiled.get(key);
  if (!re) {
    try {
      re = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    } catch (err) {
      const why = err instanceof Error ? err.message.replace(/^error parsing regexp: /, "") : String(err);
      throw new PatternError(`Invalid regular expression ${JSON.stringify(pattern)}: ${why}`);
    }
    compiled.set(key, re);
  }
  return re;
}

/** Index (UTF-16) of the first match in `s`, or -1. */
export function search(re: RE2JS, s: string): number {
  const m = re.matcher(s);
  return m.find() ? m.start() : -1;
}

/** `s` with the first (or every) match replaced; $1, $<name>, $&, $$ as in String.replace. */
export function replace(re: RE2JS, s: string, replacement: string, all: boolean): string {
  const m = re.matcher(s);
  return all ? m.replaceAll(replacement) : m.replaceFirst(replacement);
}

/** Every match, left to right (an empty match counts, as with String.match and /g). */
export function matchAll(re: RE2JS, s: string): string[] {
  const out: string[] = [];
  const m = re.matcher(s);
  while (m.find()) out.push(m.group() ?? "");
  return out;
}

/** Does the whole of `s` match? */
export function fullMatch(re: RE2JS, s: string): boolean {
  return re.matches(s);
}

/** One match with its groups: 0-based starts and lengths (-1 and 0 for a group that took no part). */
export interface GroupMatch {
  starts: number[];
  lengths: number[];
  texts: string[];
}

/** The first match (or every match) at or after `from`, with its groups, as CFML's reFind reports them. */
export function findGroups(re: RE2JS, s: string, from: number, all: boolean): GroupMatch[] {
  const out: GroupMatch[] = [];
  // Matching the rest of the string, as Java's region does: ^ anchors at `from`.
  const m = re.matcher(s.slice(from));
  while (m.find()) {
    const g: GroupMatch = { starts: [], lengths: [], texts: [] };
    for (let i = 0; i <= m.groupCount(); i++) {
      const start = m.start(i);
      g.starts.push(start < 0 ? -1 : start + from);
      g.lengths.push(start < 0 ? 0 : m.end(i) - start);
      g.texts.push(m.group(i) ?? "");
    }
    out.push(g);
    if (!all) break;
  }
  return out;
}
