import type { RE2JS } from "re2js";
import { category, str, num, int, argError } from "./define.js";
import { PatternError, findGroups, matchAll, replace, userRegex, type GroupMatch } from "../regex.js";
import { isStruct, newStruct, toBool, type Struct } from "../values.js";
import type { RenderContext } from "../context.js";
import { XmlNode, xmlKeys } from "../xml.js";
import { work } from "../work.js";
import { RuntimeError, codes } from "../errors.js";

/** A result of `length` characters past maxStringLength, refused before it is built. */
const tooLong = (ctx: RenderContext, length: number) =>
  new RuntimeError(
    codes.STRING_LIMIT,
    `A string of ${length} characters is longer than ${ctx.limits.maxStringLength} (limit maxStringLength)`,
  );

/** A template's pattern, compiled for the linear-time engine (engine/regex.ts). */
function regex(pattern: unknown, ignoreCase = false): RE2JS {
  try {
    return userRegex(str(pattern), ignoreCase, true);
  } catch (err) {
    if (err instanceof PatternError) throw argError(err.message);
    throw err;
  }
}

/** "all" replaces every occurrence; any other scope ("one" is documented) only the first, as in Lucee. */
function scopeAll(scope: unknown): boolean {
  return scope !== undefined && str(scope).trim().toLowerCase() === "all";
}

/** replace's start (ACF 2021): the text before the 1-based position is kept as it is. */
function fromStart(s: unknown, start: unknown, rest: (t: string) => unknown): unknown {
  if (start === undefined) return rest(str(s));
  const t = str(s);
  const n = int(start, "start");
  if (n < 1) throw argError(`replace: start must be 1 or more, got ${n}`);
  return t.slice(0, n - 1) + str(rest(t.slice(n - 1)));
}

/** CFML's reFind: a position, or with sub-expressions a struct of pos/len/match arrays; scope "all" gives every match. */
function reFind(ctx: RenderContext, re: RE2JS, s: unknown, start: unknown, sub: unknown, scope: unknown): unknown {
  const t = str(s);
  const from = start === undefined ? 1 : Math.max(1, int(start, "start"));
  const all = scopeAll(scope);
  const found = from > t.length ? [] : findGroups(re, t, from - 1, all, ctx);
  if (sub === undefined || !toBool(sub, null)) {
    if (!all) return found.length ? found[0]!.starts[0]! + 1 : 0;
    return found.length ? found.map((g) => g.starts[0]! + 1) : 0;
  }
  const toStruct = (g: GroupMatch | undefined): Struct => {
    const st = newStruct();
    // pos before len, in Lucee's order (serializeJSON shows it).
    st.pos = g ? g.starts.map((i) => i + 1) : [0];
    st.len = g ? g.lengths : [0];
    st.match = g ? g.texts : [""];
    return st;
  };
  return all ? (found.length ? found.map(toStruct) : [toStruct(undefined)]) : toStruct(found[0]);
}

/** left/right's count: CFML refuses 0. */
function count(n: unknown, fn: string): number {
  const c = int(n, "count");
  if (c === 0) throw argError(`${fn}'s count cannot be 0`);
  return c;
}

/**
 * replace / replaceNoCase, including Lucee's replace(string, {find: replacement, …}). A piece
 * of the result is a step of the page's work; a result past maxStringLength is refused
 * before it is built.
 */
function replaceText(
  ctx: RenderContext,
  s: unknown,
  sub: unknown,
  rep: unknown,
  scope: unknown,
  noCase: boolean,
): string {
  const t = str(s);
  const max = ctx.limits.maxStringLength;
  if (rep === undefined) {
    if (!isStruct(sub)) throw argError("With two arguments the second must be a struct of {find: replacement}");
    // Text already replaced is not searched again.
    let parts: { text: string; done: boolean }[] = [{ text: t, done: false }];
    for (const [k, v] of Object.entries(sub)) {
      if (k === "") continue;
      const r = str(v);
      parts = parts.flatMap((p) => {
        if (p.done) return [p];
        const pieces = splitOn(p.text, k, noCase);
        work(ctx, pieces.length);
        return pieces.flatMap((x, i) =>
          i === 0
            ? [{ text: x, done: false }]
            : [
                { text: r, done: true },
                { text: x, done: false },
              ],
        );
      });
    }
    const total = parts.reduce((n, p) => n + p.text.length, 0);
    if (total > max) throw tooLong(ctx, total);
    return parts.map((p) => p.text).join("");
  }
  const f = str(sub);
  const r = str(rep);
  if (f === "") return t;
  const all = scopeAll(scope);
  if (noCase) {
    let length = t.length;
    return t.replace(new RegExp(escapeRe(f), all ? "gi" : "i"), (found) => {
      work(ctx, 1);
      if ((length += r.length - found.length) > max) throw tooLong(ctx, length);
      return r;
    });
  }
  if (!all) return t.replace(f, () => r);
  const pieces = t.split(f);
  work(ctx, pieces.length);
  const length = t.length + (pieces.length - 1) * (r.length - f.length);
  if (length > max) throw tooLong(ctx, length);
  return pieces.join(r);
}

/** s split on every occurrence of sep (ignoring case if asked). */
function splitOn(s: string, sep: string, noCase: boolean): string[] {
  if (!noCase) return s.split(sep);
  const out: string[] = [];
  const hay = s.toLowerCase();
  const needle = sep.toLowerCase();
  let from = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) {
    out.push(s.slice(from, i));
    from = i + needle.length;
  }
  out.push(s.slice(from));
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export default category("strings", {
  len: [
    {
      params: "value",
      doc: "Length of a string, the size of an array or struct, or the number of bytes of a binary value.",
      example: 'len("quarry")',
      result: "6",
    },
    (_c, v: unknown) =>
      v instanceof XmlNode
        ? xmlKeys(v).length
        : Array.isArray(v) || v instanceof Uint8Array
          ? v.length
          : isStruct(v)
            ? Object.keys(v).length
            : str(v).length,
  ],
  ucase: [
    { params: "string", doc: "Upper case.", example: 'ucase("abc")', result: "ABC" },
    (_c, s: unknown) => str(s).toUpperCase(),
  ],
  lcase: [
    { params: "string", doc: "Lower case.", example: 'lcase("ABC")', result: "abc" },
    (_c, s: unknown) => str(s).toLowerCase(),
  ],
  trim: [
    { params: "string", doc: "Removes leading and trailing white space.", example: 'trim("  a b  ")', result: "a b" },
    (_c, s: unknown) => str(s).trim(),
  ],
  trimWhitespace: [
    {
      params: "string",
      doc: "Shortens every run of white space to one character, as Lucee's trimWhitespace does: a line break if the run holds one, else its first character (a leading and a trailing run stay as one).",
      example: 'trimWhitespace("  a   b  c ")',
      result: " a b c ",
    },
    (_c, v: unknown) => {
      let out = "";
      let held = "";
      for (const c of str(v)) {
        if (c === "\n") held = "\n";
        else if (c === " " || c === "\t" || c === "\r" || c === "\b" || c === "\f") held ||= c;
        else {
          out += held + c;
          held = "";
        }
      }
      return out + held;
    },
  ],
  ltrim: [
    { params: "string", doc: "Removes leading white space.", example: 'ltrim("  ab")', result: "ab" },
    (_c, s: unknown) => str(s).trimStart(),
  ],
  rtrim: [
    { params: "string", doc: "Removes trailing white space.", example: 'rtrim("ab  ") & "|"', result: "ab|" },
    (_c, s: unknown) => str(s).trimEnd(),
  ],
  left: [
    {
      params: "string, count",
      doc: "The first count characters; a negative count: all but the last -count (the whole string when -count is its length or more, as in Lucee). A count of 0 is an error, as in CFML.",
      example: 'left("quarry", 3) & "," & left("quarry", -2)',
      result: "qua,quar",
    },
    (_c, s: unknown, n: unknown) => {
      const t = str(s);
      const c = count(n, "left");
      return Math.abs(c) >= t.length ? t : t.slice(0, c < 0 ? t.length + c : c);
    },
  ],
  right: [
    {
      params: "string, count",
      doc: "The last count characters; a negative count: all but the first -count (as left does).",
      example: 'right("quarry", 3) & "," & right("quarry", -2)',
      result: "rry,arry",
    },
    (_c, s: unknown, n: unknown) => {
      const t = str(s);
      const c = count(n, "right");
      return Math.abs(c) >= t.length ? t : t.slice(c < 0 ? -c : t.length - c);
    },
  ],
  mid: [
    {
      params: "string, start, [count]",
      doc: "count characters from the 1-based position start (to the end without count).",
      example: 'mid("quarry", 2, 3)',
      result: "uar",
    },
    (_c, s: unknown, start: unknown, count?: unknown) => {
      const from = int(start, "start");
      if (from < 1) throw argError("start must be 1 or more");
      const t = str(s);
      return count === undefined ? t.slice(from - 1) : t.substr(from - 1, Math.max(0, int(count, "count")));
    },
  ],
  find: [
    {
      params: "substring, string, [start]",
      doc: "1-based position of substring in string (case-sensitive), 0 if absent.",
      example: 'find("a", "banana")',
      result: "2",
    },
    (_c, sub: unknown, s: unknown, start?: unknown) =>
      str(s).indexOf(str(sub), start === undefined ? 0 : int(start) - 1) + 1,
  ],
  findNoCase: [
    {
      params: "substring, string, [start]",
      doc: "Like find, ignoring case.",
      example: 'findNoCase("N", "banana")',
      result: "3",
    },
    (_c, sub: unknown, s: unknown, start?: unknown) =>
      str(s)
        .toLowerCase()
        .indexOf(str(sub).toLowerCase(), start === undefined ? 0 : int(start) - 1) + 1,
  ],
  replace: [
    {
      params: "string, substring, [replacement], [scope], [start]",
      doc: 'Replaces the first occurrence (scope "all": every one), case-sensitive, searching from the 1-based start (ACF 2021; the text before it is kept). With a struct instead of substring and replacement (Lucee), every occurrence of each key becomes its value, in one pass.',
      example: 'replace("a-b-c", "-", "+", "all") & " " & replace("a-b-c", "-", "+", "one", 3)',
      result: "a+b+c a-b+c",
    },
    (c, s: unknown, sub: unknown, rep?: unknown, scope?: unknown, start?: unknown) =>
      fromStart(s, start, (t) => replaceText(c, t, sub, rep, scope, false)),
  ],
  replaceNoCase: [
    {
      params: "string, substring, [replacement], [scope], [start]",
      doc: "Like replace, ignoring case.",
      example: 'replaceNoCase("A-a", "a", "x", "all")',
      result: "x-x",
    },
    (c, s: unknown, sub: unknown, rep?: unknown, scope?: unknown, start?: unknown) =>
      fromStart(s, start, (t) => replaceText(c, t, sub, rep, scope, true)),
  ],
  reFind: [
    {
      params: "pattern, string, [start], [returnSubExpressions], [scope]",
      doc: '1-based position of the first regular-expression match, 0 if none. With returnSubExpressions true: a struct of arrays pos, len and match (the whole match, then each group; null for a group that took no part, as in Lucee); scope "all" gives every match (an array of positions, or of such structs).',
      example: 'reFind("[0-9]+", "abc123")',
      result: "4",
    },
    (c, p: unknown, s: unknown, start?: unknown, sub?: unknown, scope?: unknown) =>
      reFind(c, regex(p), s, start, sub, scope),
  ],
  reFindNoCase: [
    {
      params: "pattern, string, [start], [returnSubExpressions], [scope]",
      doc: "Like reFind, ignoring case.",
      example: 'reFindNoCase("B", "abc")',
      result: "2",
    },
    (c, p: unknown, s: unknown, start?: unknown, sub?: unknown, scope?: unknown) =>
      reFind(c, regex(p, true), s, start, sub, scope),
  ],
  reReplace: [
    {
      params: "string, pattern, replacement, [scope]",
      doc: "Regular-expression replace: in the replacement $1… or CFML's \\1… refer to groups, \\U and \\L upper- or lower-case what follows (to \\E), \\u and \\l the next character.",
      example: 'reReplace("a1b22", "[0-9]+", "N", "all")',
      result: "aNbN",
    },
    (c, s: unknown, p: unknown, rep: unknown, scope?: unknown) =>
      replace(regex(p), str(s), str(rep), scopeAll(scope), c, c.limits.maxStringLength),
  ],
  reReplaceNoCase: [
    {
      params: "string, pattern, replacement, [scope]",
      doc: "Like reReplace, ignoring case.",
      example: 'reReplaceNoCase("aAa", "a", "b", "all")',
      result: "bbb",
    },
    (c, s: unknown, p: unknown, rep: unknown, scope?: unknown) =>
      replace(regex(p, true), str(s), str(rep), scopeAll(scope), c, c.limits.maxStringLength),
  ],
  reMatch: [
    {
      params: "pattern, string",
      doc: "Array of every match of the pattern.",
      example: 'reMatch("[0-9]+", "a1b22c")',
      result: '["1","22"]',
    },
    (c, p: unknown, s: unknown) => matchAll(regex(p), str(s), c),
  ],
  reMatchNoCase: [
    {
      params: "pattern, string",
      doc: "Like reMatch, ignoring case.",
      example: 'reMatchNoCase("[a-c]", "xAyb")',
      result: '["A","b"]',
    },
    (c, p: unknown, s: unknown) => matchAll(regex(p, true), str(s), c),
  ],
  reverse: [
    { params: "string", doc: "The string backwards.", example: 'reverse("abc")', result: "cba" },
    (_c, s: unknown) => [...str(s)].reverse().join(""),
  ],
  repeatString: [
    {
      params: "string, count",
      doc: "The string repeated count times.",
      example: 'repeatString("ab", 3)',
      result: "ababab",
    },
    (ctx, s: unknown, n: unknown) => {
      const c = int(n, "count");
      if (c < 0 || c > 1_000_000) throw argError("count must be between 0 and 1000000");
      const t = str(s);
      // Refused before it is built: "x".repeat(5e8) would take a gigabyte first.
      if (t.length * c > ctx.limits.maxStringLength) throw tooLong(ctx, t.length * c);
      work(ctx, (t.length * c) >> 10);
      return t.repeat(c);
    },
  ],
  compare: [
    {
      params: "a, b",
      doc: "-1, 0 or 1 comparing two strings, case-sensitive.",
      example: 'compare("a", "b")',
      result: "-1",
    },
    (_c, a: unknown, b: unknown) => {
      const x = str(a);
      const y = str(b);
      return x < y ? -1 : x > y ? 1 : 0;
    },
  ],
  compareNoCase: [
    { params: "a, b", doc: "Like compare, ignoring case.", example: 'compareNoCase("A", "a")', result: "0" },
    (_c, a: unknown, b: unknown) => {
      const x = str(a).toLowerCase();
      const y = str(b).toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    },
  ],
  capitalize: [
    { params: "string", doc: "Upper-cases the first character.", example: 'capitalize("quarry")', result: "Quarry" },
    (_c, s: unknown) => {
      const t = str(s);
      return t.charAt(0).toUpperCase() + t.slice(1);
    },
  ],
  chr: [
    {
      params: "code",
      doc: "The character with a Unicode code point (chr(0) is the empty string, as in CFML).",
      example: "chr(65)",
      result: "A",
    },
    (_c, n: unknown) => {
      const c = int(n, "code");
      if (c < 0 || c > 0x10ffff) throw argError("code must be a Unicode code point");
      return c === 0 ? "" : String.fromCodePoint(c);
    },
  ],
  asc: [
    {
      params: "string, [position]",
      doc: "The code point of the first character, or of the one at the 1-based position (0 for an empty string or a position outside it).",
      example: 'asc("A") & "," & asc("abc", 2)',
      result: "65,98",
    },
    (_c, s: unknown, pos?: unknown) => {
      const t = str(s);
      if (pos === undefined) return t.codePointAt(0) ?? 0;
      const p = int(pos, "position");
      return p < 1 || p > t.length ? 0 : (t.codePointAt(p - 1) ?? 0);
    },
  ],
  insert: [
    {
      params: "substring, string, position",
      doc: "Inserts substring after the position-th character.",
      example: 'insert("-", "ab", 1)',
      result: "a-b",
    },
    (_c, sub: unknown, s: unknown, pos: unknown) => {
      const t = str(s);
      const p = int(pos, "position");
      if (p < 0 || p > t.length) throw argError("position is out of range");
      return t.slice(0, p) + str(sub) + t.slice(p);
    },
  ],
  val: [
    { params: "string", doc: "The number at the start of a string, 0 if none.", example: 'val("42abc")', result: "42" },
    (_c, s: unknown) => {
      const m = /^\s*[+-]?(\d+\.?\d*|\.\d+)/.exec(str(s));
      return m ? Number(m[0]) : 0;
    },
  ],
  stripTags: [
    { params: "string", doc: "Removes HTML tags.", example: 'stripTags("<b>bold</b>")', result: "bold" },
    (_c, s: unknown) => str(s).replace(/<[^<>]*>/g, ""),
  ],
  num: [
    {
      params: "value",
      doc: "Converts a numeric string to a number (an error if it is not numeric).",
      example: 'num("2.5") * 2',
      result: "5",
    },
    (_c, v: unknown) => num(v),
  ],
});
