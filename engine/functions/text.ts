// More of CFML's string functions: character sets, tokens, justification, wrapping, and the
// formatting of booleans and paragraphs.
import { category, str, int, argError } from "./define.js";
import { SafeString, XmlValue, escapeHtml, toBool } from "../values.js";
import { listItems } from "../list-items.js";
import { jsonEncode } from "./encoding.js";
import type { RenderContext } from "../context.js";
import { RuntimeError, codes } from "../errors.js";
import { work } from "../work.js";

function justify(s: unknown, n: unknown, how: "left" | "right" | "center"): string {
  const t = str(s);
  const width = int(n, "length");
  if (width < 1) throw argError("length must be 1 or more");
  const pad = width - t.length;
  if (pad <= 0) return t;
  if (how === "left") return t + " ".repeat(pad);
  if (how === "right") return " ".repeat(pad) + t;
  const before = Math.floor(pad / 2);
  return " ".repeat(before) + t + " ".repeat(pad - before);
}

function wrapLine(line: string, width: number): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const head = rest.slice(0, width);
    const next = rest.charAt(width);
    if (next === " " || next === "\t") {
      out.push(head);
      rest = rest.slice(width + 1);
      continue;
    }
    const cut = Math.max(head.lastIndexOf(" "), head.lastIndexOf("\t"));
    if (cut < 0) {
      out.push(head);
      rest = rest.slice(width);
    } else {
      out.push(head.slice(0, cut));
      rest = rest.slice(cut + 1);
    }
  }
  out.push(rest);
  return out;
}

/**
 * replaceList: each item of `from` replaced in turn over the whole string, so its work is the
 * items times the string's length (steps of the page's work: a step per 16 characters read);
 * a result past maxStringLength is refused before it is built.
 */
function replaceList(
  ctx: RenderContext,
  s: unknown,
  from: unknown,
  to: unknown,
  noCase: boolean,
  d1?: unknown,
  d2?: unknown,
  empty?: unknown,
): string {
  // As in Lucee, a boolean in the delimiter's place is includeEmptyFields: (…, true) and
  // (…, ";", true), where the last delimiter serves both lists.
  if (d2 === undefined && empty === undefined && isBooleanLike(d1)) [d1, empty] = [undefined, d1];
  else if (empty === undefined && isBooleanLike(d2)) [d2, empty] = [undefined, d2];
  let t = str(s);
  // includeEmptyFields reads list2 only: list1's empty items would replace nothing.
  const a = listItems(from, d1 ?? ",");
  const b = listItems(to, d2 ?? d1 ?? ",", empty);
  const max = ctx.limits.maxStringLength;
  const tooLong = (n: number) =>
    new RuntimeError(codes.STRING_LIMIT, `A string of ${n} characters is longer than ${max} (limit maxStringLength)`);
  a.forEach((f, i) => {
    const r = b[i] ?? "";
    work(ctx, 1 + (t.length >> 4));
    if (noCase) {
      let length = t.length;
      t = t.replace(new RegExp(f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), (found) => {
        if ((length += r.length - found.length) > max) throw tooLong(length);
        return r;
      });
    } else {
      const pieces = t.split(f);
      const length = t.length + (pieces.length - 1) * (r.length - f.length);
      if (length > max) throw tooLong(length);
      t = pieces.join(r);
    }
  });
  return t;
}

/** true, false, yes or no (a boolean, or a string as Lucee's Decision.isBoolean reads it). */
function isBooleanLike(v: unknown): boolean {
  return typeof v === "boolean" || (typeof v === "string" && /^(true|false|yes|no)$/i.test(v));
}

function ucFirst(s: unknown, all?: unknown, lower?: unknown): string {
  let t = str(s);
  // Lucee: lower-cased first only when it has letters and all are upper case ("SUSI Q." but not "McDonald").
  if (lower !== undefined && toBool(lower, null) && /\p{L}/u.test(t) && t === t.toUpperCase()) t = t.toLowerCase();
  // A word starts after white space, a dot, a dash or an opening parenthesis, as in Lucee.
  if (all !== undefined && toBool(all, null))
    return t.replace(/(^|[\s.(-])([^\s.(-])/g, (_m, sp: string, c: string) => sp + c.toUpperCase());
  return t.charAt(0).toUpperCase() + t.slice(1);
}

// A computed key: as a literal key, "toString" clashes with Object.prototype.toString in TypeScript.
const TO_STRING: string = "toString";

export default category("strings", {
  ucFirst: [
    {
      params: "string, [doAll], [doLowerIfAllUppercase]",
      doc: "Upper-cases the first character (with allWords, of every word: after white space, a dot, a dash or an opening parenthesis); lowerTheRest first lower-cases a text written all in upper case.",
      example: 'ucFirst("susi sorglos", true)',
      result: "Susi Sorglos",
    },
    (_c, s: unknown, a?: unknown, l?: unknown) => ucFirst(s, a, l),
  ],
  findOneOf: [
    {
      params: "set, string, [start]",
      doc: "1-based position of the first character of string that is in set, 0 if none.",
      example: 'findOneOf("xyb", "abc")',
      result: "2",
    },
    (_c, set: unknown, s: unknown, start?: unknown) => {
      const chars = str(set);
      const t = str(s);
      const from = start === undefined ? 1 : int(start, "start");
      for (let i = Math.max(1, from) - 1; i < t.length; i++) if (chars.includes(t[i]!)) return i + 1;
      return 0;
    },
  ],
  spanIncluding: [
    {
      params: "string, set",
      doc: "The leading characters of string that are all in set.",
      example: 'spanIncluding("aabbcc", "ab")',
      result: "aabb",
    },
    (_c, s: unknown, set: unknown) => {
      const t = str(s);
      const chars = str(set);
      let i = 0;
      while (i < t.length && chars.includes(t[i]!)) i++;
      return t.slice(0, i);
    },
  ],
  spanExcluding: [
    {
      params: "string, set",
      doc: "The leading characters of string up to the first one in set.",
      example: 'spanExcluding("plant green", " ")',
      result: "plant",
    },
    (_c, s: unknown, set: unknown) => {
      const t = str(s);
      const chars = str(set);
      let i = 0;
      while (i < t.length && !chars.includes(t[i]!)) i++;
      return t.slice(0, i);
    },
  ],
  removeChars: [
    {
      params: "string, start, count",
      doc: "The string without count characters from the 1-based start.",
      example: 'removeChars("Hello CFML World", 6, 5)',
      result: "Hello World",
    },
    (_c, s: unknown, start: unknown, count: unknown) => {
      const t = str(s);
      const from = int(start, "start");
      const n = int(count, "count");
      if (from < 1) throw argError("start must be 1 or more");
      if (n < 0) throw argError("count must be 0 or more");
      return t.slice(0, from - 1) + t.slice(from - 1 + n);
    },
  ],
  replaceList: [
    {
      params: "string, list1, list2, [delimiter1], [delimiter2], [includeEmptyFields]",
      doc: 'Replaces every item of list1 with the item of list2 at the same position (case-sensitive; missing items replace with ""). delimiter2 defaults to delimiter1; includeEmptyFields keeps the empty items of list2, and may stand in a delimiter\'s place (replaceList(s, a, b, true)), as in Lucee.',
      example: 'replaceList("a-b-c", "a,b", "1,2")',
      result: "1-2-c",
    },
    (c, s: unknown, a: unknown, b: unknown, d1?: unknown, d2?: unknown, e?: unknown) =>
      replaceList(c, s, a, b, false, d1, d2, e),
  ],
  replaceListNoCase: [
    {
      params: "string, list1, list2, [delimiter1], [delimiter2], [includeEmptyFields]",
      doc: "Like replaceList, ignoring case.",
      example: 'replaceListNoCase("A-b-c", "a,B", "1,2")',
      result: "1-2-c",
    },
    (c, s: unknown, a: unknown, b: unknown, d1?: unknown, d2?: unknown, e?: unknown) =>
      replaceList(c, s, a, b, true, d1, d2, e),
  ],
  getToken: [
    {
      params: "string, index, [delimiters]",
      doc: 'The index-th token of string, split on any delimiter character (white space by default); "" if there is none.',
      example: 'getToken("a b  c", 3)',
      result: "c",
    },
    (_c, s: unknown, n: unknown, d?: unknown) => {
      const i = int(n, "index");
      if (i < 1) throw argError("index must be 1 or more");
      return listItems(s, d === undefined ? "\r\n\t " : d)[i - 1] ?? "";
    },
  ],
  wrap: [
    {
      params: "string, limit, [strip]",
      doc: "Breaks lines longer than limit at white space (strip: turn every white space into a space first).",
      example: 'replace(wrap("the quick brown fox", 10), chr(10), "|", "all")',
      result: "the quick|brown fox",
    },
    (_c, s: unknown, l: unknown, strip?: unknown) => {
      const width = int(l, "limit");
      if (width < 1) throw argError("limit must be 1 or more");
      let t = str(s);
      if (strip !== undefined && toBool(strip, null)) t = t.replace(/\s/g, " ");
      return t
        .split("\n")
        .map((line) => wrapLine(line, width).join("\n"))
        .join("\n");
    },
  ],
  stripCR: [
    {
      params: "string",
      doc: "The string without carriage returns.",
      example: 'len(stripCR("a" & chr(13) & chr(10)))',
      result: "2",
    },
    (_c, s: unknown) => str(s).replace(/\r/g, ""),
  ],
  lJustify: [
    {
      params: "string, length",
      doc: "Pads with spaces on the right to length.",
      example: 'lJustify("abc", 5) & "|"',
      result: "abc  |",
    },
    (_c, s: unknown, n: unknown) => justify(s, n, "left"),
  ],
  rJustify: [
    {
      params: "string, length",
      doc: "Pads with spaces on the left to length.",
      example: 'rJustify("abc", 5)',
      result: "  abc",
    },
    (_c, s: unknown, n: unknown) => justify(s, n, "right"),
  ],
  cJustify: [
    {
      params: "string, length",
      doc: "Centres in length characters.",
      example: 'cJustify("abc", 6) & "|"',
      result: " abc  |",
    },
    (_c, s: unknown, n: unknown) => justify(s, n, "center"),
  ],
  paragraphFormat: [
    {
      params: "string",
      doc: "HTML paragraphs: a blank line becomes <P>, single line breaks become spaces; the text is HTML-escaped.",
      example: 'paragraphFormat("one" & chr(10) & chr(10) & "two")',
      result: "one  <P>\r\ntwo <P>",
    },
    (_c, s: unknown) => {
      // As CFML: every \r and \n becomes a space; the second \n of a pair ends a paragraph.
      const t = escapeHtml(str(s));
      let out = "";
      let pending = false;
      for (let i = 0; i < t.length; i++) {
        const c = t[i]!;
        if (c === "\r") {
          if (t[i + 1] === "\r") pending = false;
          out += " ";
        } else if (c === "\n") {
          if (pending) {
            out += " <P>\r\n";
            pending = false;
          } else {
            out += " ";
            pending = true;
          }
        } else {
          out += c;
          pending = false;
        }
      }
      return new SafeString(`${out} <P>`);
    },
  ],
  htmlEditFormat: [
    {
      params: "string",
      doc: 'Escapes & < > " for HTML (as encodeForHTML; kept for CFML code).',
      example: 'htmlEditFormat("<b>")',
      result: "&lt;b&gt;",
    },
    (_c, s: unknown) => new SafeString(escapeHtml(str(s))),
  ],
  htmlCodeFormat: [
    {
      params: "string",
      doc: "Escaped text inside <PRE>…</PRE>.",
      example: 'htmlCodeFormat("<b>")',
      result: "<PRE>&lt;b&gt;</PRE>",
    },
    (_c, s: unknown) => new SafeString(`<PRE>${escapeHtml(str(s))}</PRE>`),
  ],
  xmlFormat: [
    {
      params: "string",
      doc: "Escapes & < > \" ' for XML as &amp; &lt; &gt; &quot; &apos; (Lucee's xmlFormat); printed as it is, not escaped again.",
      example: `xmlFormat("<a b='1'>&")`,
      result: "&lt;a b=&apos;1&apos;&gt;&amp;",
    },
    (_c, s: unknown) =>
      new SafeString(
        str(s).replace(
          /[&<>"']/g,
          (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
        ),
      ),
  ],
  booleanFormat: [
    { params: "value", doc: '"true" or "false" ("" is false).', example: "booleanFormat(1)", result: "true" },
    (_c, v: unknown) => (toBool(v, null) ? "true" : "false"),
  ],
  trueFalseFormat: [
    {
      params: "value",
      doc: '"true" or "false", like booleanFormat.',
      example: 'trueFalseFormat("no")',
      result: "false",
    },
    (_c, v: unknown) => (toBool(v, null) ? "true" : "false"),
  ],
  [TO_STRING]: [
    {
      params: "value, [charset]",
      doc: "The value as a string (arrays, structs and queries as JSON; an XML document or node as its XML text; a binary value decoded in the charset, UTF-8 by default).",
      example: 'toString(42) & "!"',
      result: "42!",
    },
    (ctx, v: unknown, cs?: unknown) => {
      if (v instanceof Uint8Array)
        return Buffer.from(v).toString(
          cs === undefined ? "utf8" : str(cs).toLowerCase().replace(/[-_]/g, "") === "iso88591" ? "latin1" : "utf8",
        );
      return v === null || v === undefined
        ? ""
        : typeof v === "object" && !(v instanceof Date) && !(v instanceof SafeString) && !(v instanceof XmlValue)
          ? jsonEncode(v, ctx)
          : str(v);
    },
  ],
});
