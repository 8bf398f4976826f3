// Regular expressions that templates give at run time (reFind, reReplace, reMatch, dbt:param
// pattern) run on RE2JS, a JavaScript port of RE2: matching takes time linear in the input
// whatever the pattern, so no pattern and no input can stall the process. The price is RE2's
// syntax: no backreferences and no lookaround (see docs/language.md, "Regular expressions").
import { createRequire } from "node:module";
import { LRUCache } from "lru-cache";
import type { RE2JS } from "re2js";
import { work, type Metered } from "./work.js";

/**
 * Steps of a page's work one match counts (engine/work.ts): a match, its groups and its
 * replacement cost about a microsecond, so a page that must stop is seen within a few ms.
 * Each character a search reads is a step too (meterSearches).
 */
const MATCH_STEPS = 16;

// Loaded by the first pattern a page compiles, not by every start of a server (a 260 kB module;
// its CommonJS build, so the load can be synchronous): most pages never use one.
let re2: typeof RE2JS | undefined;
const RE2 = () => (re2 ??= meterSearches((createRequire(import.meta.url)("re2js") as { RE2JS: typeof RE2JS }).RE2JS));

/** The page whose search runs now (set around each of ours; null: nobody counts). */
let meter: Metered | null = null;
/** Characters left before the running search counts a batch of steps. */
let left = 0;
const BATCH = 1024;

/** Runs `f` with the page's searches counted (a step a character read). */
function metered<T>(m: Metered | undefined, f: () => T): T {
  if (!m) return f();
  meter = m;
  left = BATCH;
  try {
    return f();
  } finally {
    meter = null;
  }
}

/**
 * One search cannot be paused, and for some patterns RE2JS reads about 150 ns a character (2.4 s
 * over 16 M characters): so every character its engines read (MachineUTF16Input.step, a class
 * re2js does not export, found once through a search's input) is counted against the page of
 * the search running (engine/work.ts), a decrement per character, and a page past its deadline
 * stops inside the search. If a later re2js hides the class elsewhere, searches go uncounted.
 */
function meterSearches(R: typeof RE2JS): typeof RE2JS {
  interface Engine {
    executeEngine: (this: Engine, input: object, ...rest: unknown[]) => unknown;
  }
  const probe = R.compile("a") as unknown as { re2Input?: Engine };
  const engine = probe.re2Input && (Object.getPrototypeOf(probe.re2Input) as Engine | null);
  if (!engine || typeof engine.executeEngine !== "function") return R;
  const execute = engine.executeEngine;
  type Input = { step?: (this: unknown, pos: number) => number };
  const seen: { input: Input | null } = { input: null };
  engine.executeEngine = function (this: Engine, i: object, ...rest: unknown[]) {
    seen.input ??= Object.getPrototypeOf(i) as Input;
    return execute.call(this, i, ...rest);
  };
  try {
    R.compile("a").matcher("a").find();
  } finally {
    engine.executeEngine = execute;
  }
  const input = seen.input;
  const step = input?.step;
  if (!input || typeof step !== "function") return R;
  input.step = function (this: unknown, pos: number): number {
    if (meter !== null && --left <= 0) {
      left = BATCH;
      work(meter, BATCH);
    }
    return step.call(this, pos);
  };
  return R;
}

/** Compiled patterns, by flags and source: a template's patterns compile once. */
const compiled = new LRUCache<string, RE2JS>({ max: 1000 });

export class PatternError extends Error {}

/**
 * The compiled pattern; a PatternError names what RE2 refuses in it. With dotAll `.` also
 * matches a line break, as in CFML's reFind/reReplace/reMatch (Perl's /s, which Lucee sets).
 */
export function userRegex(pattern: string, ignoreCase = false, dotAll = false): RE2JS {
  const key = `${ignoreCase ? "i" : "-"}${dotAll ? "s" : "-"}${pattern}`;
  let re = compiled.get(key);
  if (!re) {
    try {
      const R = RE2();
      re = R.compile(pattern, (ignoreCase ? R.CASE_INSENSITIVE : 0) | (dotAll ? R.DOTALL : 0));
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

/**
 * `s` with the first (or every) match replaced; $1, $<name>, $&, $$ as in String.replace, and
 * CFML's \\1 … \\9 for groups and \\U \\L \\E \\u \\l for case (see expand). Matches follow
 * the rule of the engine CFML's functions were written against (see skipsEmpty).
 */
export function replace(
  re: RE2JS,
  s: string,
  replacement: string,
  all: boolean,
  m?: Metered,
  maxLength = Infinity,
): string {
  const matcher = re.matcher(s);
  const parts = template(replacement);
  let lastEnd = -1;
  // The result's length so far: past maxLength the replacing stops at once, as JavaScript's
  // own "Invalid string length" (rt.call makes it QRY_ERR_STRING_LIMIT), not once built.
  let length = s.length;
  const replacer = (...args: unknown[]): string => {
    work(m, MATCH_STEPS);
    const groups = args.slice(0, re.groupCount() + 1) as (string | undefined)[];
    const start = args[re.groupCount() + 1] as number;
    const end = start + groups[0]!.length;
    // An empty match where the last one ended replaces nothing.
    if (end === lastEnd) return "";
    lastEnd = end;
    const named = args[re.groupCount() + 3] as Record<string, string | undefined> | undefined;
    const out = expand(parts, groups, start, s, named);
    length += out.length - groups[0]!.length;
    if (length > maxLength) throw new RangeError("Invalid string length");
    return out;
  };
  return metered(m, () => (all ? matcher.replaceAll(replacer) : matcher.replaceFirst(replacer)));
}

/**
 * Does a match end where the last one did? Such an (empty) match is skipped, as the Perl 5
 * engine Lucee and ColdFusion use does: reMatch(".*", "ab") is ["ab"], not ["ab", ""].
 */
function skipsEmpty(end: number, lastEnd: number): boolean {
  return end === lastEnd;
}

/** Every match, left to right (an empty match counts unless it ends where the last match ended). */
export function matchAll(re: RE2JS, s: string, page?: Metered): string[] {
  const out: string[] = [];
  const m = re.matcher(s);
  let lastEnd = -1;
  return metered(page, () => {
    while (m.find()) {
      work(page, MATCH_STEPS);
      if (skipsEmpty(m.end(), lastEnd)) continue;
      lastEnd = m.end();
      out.push(m.group() ?? "");
    }
    return out;
  });
}

/** A replacement's pieces: text, a group ($1, \\1, $<name>, $&), the text before or after the match, a case switch. */
type Piece =
  | { text: string }
  | { group: number | string }
  | { side: "before" | "after" }
  | { casing: "U" | "L" | "E" | "u" | "l" };

const parsedTemplates = new LRUCache<string, Piece[]>({ max: 1000 });

/**
 * Reads a replacement once: JavaScript's $ forms ($$ $& $` $' $n $nn $<name>, a $ form that
 * names nothing stays as written) and CFML's backslash forms (\\0 … \\9 a group, \\U \\L
 * upper- or lower-case what follows up to \\E, \\u \\l the next character; any other
 * backslash is itself).
 */
function template(replacement: string): Piece[] {
  const cached = parsedTemplates.get(replacement);
  if (cached) return cached;
  const out: Piece[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ text });
    text = "";
  };
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i]!;
    const next = replacement[i + 1] ?? "";
    if (c === "\\" && /[0-9]/.test(next)) {
      flush();
      out.push({ group: Number(next) });
      i++;
    } else if (c === "\\" && /[ULEul]/.test(next)) {
      flush();
      out.push({ casing: next as "U" | "L" | "E" | "u" | "l" });
      i++;
    } else if (c === "$" && next === "$") {
      text += "$";
      i++;
    } else if (c === "$" && next === "&") {
      flush();
      out.push({ group: 0 });
      i++;
    } else if (c === "$" && (next === "`" || next === "'")) {
      flush();
      out.push({ side: next === "`" ? "before" : "after" });
      i++;
    } else if (c === "$" && /[0-9]/.test(next)) {
      // $n or $nn, resolved against the pattern's groups when the match is known.
      const two = /^[0-9]{2}/.test(replacement.slice(i + 1)) ? replacement.slice(i + 1, i + 3) : "";
      flush();
      out.push({ group: `$${two || next}` });
      i += two ? 2 : 1;
    } else if (c === "$" && next === "<" && replacement.indexOf(">", i) > 0) {
      const close = replacement.indexOf(">", i);
      flush();
      out.push({ group: `<${replacement.slice(i + 2, close)}` });
      i = close;
    } else text += c;
  }
  flush();
  parsedTemplates.set(replacement, out);
  return out;
}

/** One match's replacement text from the pieces of its template. */
function expand(
  parts: Piece[],
  groups: (string | undefined)[],
  start: number,
  input: string,
  named: Record<string, string | undefined> | undefined,
): string {
  let out = "";
  let mode: "U" | "L" | "" = "";
  let once: "u" | "l" | "" = "";
  const add = (t: string) => {
    let u = mode === "U" ? t.toUpperCase() : mode === "L" ? t.toLowerCase() : t;
    if (once && u) {
      u = (once === "u" ? u[0]!.toUpperCase() : u[0]!.toLowerCase()) + u.slice(1);
      once = "";
    }
    out += u;
  };
  const count = groups.length - 1;
  for (const p of parts) {
    if ("text" in p) add(p.text);
    else if ("side" in p) add(p.side === "before" ? input.slice(0, start) : input.slice(start + groups[0]!.length));
    else if ("casing" in p) {
      if (p.casing === "U" || p.casing === "L") mode = p.casing;
      else if (p.casing === "E") mode = "";
      else once = p.casing;
    } else if (typeof p.group === "number") add(p.group <= count ? (groups[p.group] ?? "") : "");
    else if (p.group.startsWith("<")) {
      // $<name>: a named group when the pattern has any, else the text as written.
      const name = p.group.slice(1);
      add(named ? (named[name] ?? "") : `$<${name}>`);
    } else {
      // $nn when nn is a group, else $n then the digit; $0 and a missing group stay as written.
      const digits = p.group.slice(1);
      const two = Number(digits);
      if (digits.length === 2 && two >= 1 && two <= count) add(groups[two] ?? "");
      else {
        const one = Number(digits[0]);
        add(one >= 1 && one <= count ? (groups[one] ?? "") : `$${digits[0]}`);
        if (digits.length === 2) add(digits[1]!);
      }
    }
  }
  return out;
}

/** Does the whole of `s` match? (Counted against `page`'s work, a step a character read.) */
export function fullMatch(re: RE2JS, s: string, page?: Metered): boolean {
  return metered(page, () => re.matches(s));
}

/** One match with its groups: 0-based starts and lengths (-1 and 0 for a group that took no part). */
export interface GroupMatch {
  starts: number[];
  lengths: number[];
  texts: (string | null)[];
}

/** The first match (or every match) at or after `from`, with its groups, as CFML's reFind reports them. */
export function findGroups(re: RE2JS, s: string, from: number, all: boolean, page?: Metered): GroupMatch[] {
  return metered(page, () => groupsOf(re, s, from, all, page));
}

function groupsOf(re: RE2JS, s: string, from: number, all: boolean, page?: Metered): GroupMatch[] {
  const out: GroupMatch[] = [];
  // Matching the rest of the string, as Java's region does: ^ anchors at `from`.
  const m = re.matcher(s.slice(from));
  let lastEnd = -1;
  while (m.find()) {
    work(page, MATCH_STEPS);
    if (skipsEmpty(m.end(), lastEnd)) continue;
    lastEnd = m.end();
    const g: GroupMatch = { starts: [], lengths: [], texts: [] };
    for (let i = 0; i <= m.groupCount(); i++) {
      const start = m.start(i);
      g.starts.push(start < 0 ? -1 : start + from);
      g.lengths.push(start < 0 ? 0 : m.end(i) - start);
      // A group that took no part in the match is null (Lucee; its pos and len are 0).
      g.texts.push(m.group(i) ?? null);
    }
    out.push(g);
    if (!all) break;
  }
  return out;
}
