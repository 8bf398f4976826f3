// CFML functions a ported page calls that the other modules lacked (issue 25): Lucee's and
// BoxLang's small helpers, each as its reference defines it.
import { isIP } from "node:net";
import { category, str, num, argError, query } from "./define.js";
import { RuntimeError, codes } from "../errors.js";
import { QueryResult, isStruct, newStruct } from "../values.js";
import { frameOf } from "../runtime.js";
import { pathValue } from "./misc.js";
import { localeArg, lsNumber } from "./numbers.js";
import { zone } from "./dates.js";
import { isTimeZone, offsetMinutes } from "./datetime.js";
import type { RenderContext } from "../context.js";
import { ELEMENT_BYTES, hold } from "../work.js";

const isEmptyValue = (v: unknown): boolean =>
  v === null ||
  v === undefined ||
  (Array.isArray(v)
    ? v.length === 0
    : v instanceof QueryResult
      ? v.rows.length === 0
      : isStruct(v)
        ? Object.keys(v).length === 0
        : str(v) === "");

const RADIX: Record<string, [number, RegExp]> = {
  bin: [2, /^[01]+$/],
  oct: [8, /^[0-7]+$/],
  dec: [10, /^\d+(\.\d*)?([eE][-+]?\d+)?$|^\.\d+([eE][-+]?\d+)?$/],
  hex: [16, /^[0-9a-fA-F]+$/],
};

/** A loopback address (127.0.0.0/8, ::1, either mapped into IPv6) or the name localhost. */
function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (h === "localhost") return true;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h)?.[1] ?? h;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  if (isIP(h) === 6) return /^(0{0,4}:){1,7}0{0,3}1$|^::1$/.test(h);
  return false;
}

// isSafeHTML: only text and these tags, with these attributes; anything else (a script, an
// event handler, a style, a comment, a javascript: link, an unclosed <) makes it unsafe.
const SAFE_TAGS = new Set(
  "a b blockquote br code dd div dl dt em h1 h2 h3 h4 h5 h6 hr i li ol p pre q s small span strong sub sup table tbody td tfoot th thead tr u ul".split(
    " ",
  ),
);
const SAFE_ATTRS = new Set(["href", "title", "class", "colspan", "rowspan"]);
const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9-]*(?:\s*=\s*(?:"[^"<>]*"|'[^'<>]*'|[^\s"'<>=`]+))?)*)\s*(\/?)>/y;
// One whitespace before the name, not \s+: with /g, \s+ retried at every space of a long run (recheck).
const ATTR = /\s([a-zA-Z][a-zA-Z0-9-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>=`]+)))?/g;

function safeHref(v: string): boolean {
  // Entities and control characters can hide a scheme (jav&#x61;script:): refuse them in a link.
  if (/[&\\\u0000-\u001f]/.test(v)) return false;
  const scheme = /^\s*([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(v)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === "http" || scheme === "https" || scheme === "mailto";
}

function isSafeHtml(html: string): boolean {
  for (let i = html.indexOf("<"); i >= 0; i = html.indexOf("<", i)) {
    TAG.lastIndex = i;
    const m = TAG.exec(html);
    if (!m || !SAFE_TAGS.has(m[2]!.toLowerCase())) return false;
    for (const a of m[3]!.matchAll(ATTR)) {
      const name = a[1]!.toLowerCase();
      if (!SAFE_ATTRS.has(name) || m[1]) return false;
      if (name === "href" && !safeHref(a[2] ?? a[3] ?? a[4] ?? "")) return false;
    }
    i = TAG.lastIndex;
  }
  return true;
}

function rangeArray(ctx: RenderContext, from: number, to: number): number[] {
  if (!Number.isInteger(from) || !Number.isInteger(to))
    throw argError(`arrayRange takes whole numbers, got ${from} and ${to}`);
  const n = Math.abs(to - from) + 1;
  const max = ctx.limits.maxArrayLength;
  if (n > max)
    throw new RuntimeError(
      codes.ARRAY_LIMIT,
      `An array can grow to at most ${max} elements (limit maxArrayLength), got ${n}`,
    );
  hold(ctx, n * ELEMENT_BYTES);
  const step = to >= from ? 1 : -1;
  return Array.from({ length: n }, (_, i) => from + i * step);
}

export const strings = category("strings", {
  reEscape: [
    {
      params: "string",
      doc: "The text with every regular-expression metacharacter escaped by a backslash, so that reFind and reReplace match it literally.",
      example: 'reEscape("1+1=2?")',
      result: "1\\+1=2\\?",
    },
    (_c, s: unknown) => str(s).replace(/[\\^$.|?*+()[\]{}-]/g, "\\$&"),
  ],
  stringSort: [
    {
      params: "string",
      doc: "The characters of the text in code-point order (Lucee's stringSort).",
      example: 'stringSort("quarry")',
      result: "aqrruy",
    },
    (_c, s: unknown) => [...str(s)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(""),
  ],
  isSafeHTML: [
    {
      params: "string, [policy]",
      doc: "true only for text whose markup is all simple formatting tags (p, b, i, em, strong, ul/ol/li, tables, headings, a…) with title, class, colspan, rowspan or an http(s)/mailto href as attributes: a script, a style, an event handler, a comment or an entity in a link makes it false. Conservative: some harmless markup is refused. The policy argument is accepted and ignored.",
      example: 'isSafeHTML("<p>Hi <b>there</b></p>") & " " & isSafeHTML("<a href=\'javascript:x()\'>x</a>")',
      result: "true false",
    },
    (_c, s: unknown) => isSafeHtml(str(s)),
  ],
});

export const numbers = category("numbers", {
  parseNumber: [
    {
      params: "string, [radix]",
      doc: 'The number a string writes in radix "dec" (the default), "hex", "oct" or "bin"; anything else in it is an error.',
      example: 'parseNumber("ff", "hex") + parseNumber("101", "bin")',
      result: "260",
    },
    (_c, s: unknown, r?: unknown) => {
      const radix = r === undefined ? "dec" : str(r).trim().toLowerCase();
      const spec = RADIX[radix];
      if (!spec) throw argError(`parseNumber: radix must be bin, oct, dec or hex, got ${JSON.stringify(radix)}`);
      const t = str(s).trim();
      const neg = t.startsWith("-");
      const body = neg || t.startsWith("+") ? t.slice(1) : t;
      if (!spec[1].test(body)) throw argError(`parseNumber: ${JSON.stringify(t)} is not a ${radix} number`);
      const n = spec[0] === 10 ? Number(body) : parseInt(body, spec[0]);
      return neg ? -n : n;
    },
  ],
  lsParseCurrency: [
    {
      params: "string, [locale]",
      doc: "The amount a currency string writes in the locale (lsCurrencyFormat's output read back): the currency symbol or code is dropped, parentheses or a minus make it negative.",
      example: 'lsParseCurrency("$1,234.50", "en-US") + lsParseCurrency("1.234,50 €", "de-DE")',
      result: "2469",
    },
    (ctx, s: unknown, l?: unknown) => {
      const locale = localeArg(ctx, l);
      let t = str(s).trim();
      const paren = /^\((.*)\)$/.exec(t);
      if (paren) t = paren[1]!;
      // Symbols ($, €, CHF, US$) and the spaces around them; the digits are lsParseNumber's.
      const bare = t.replace(/\p{Sc}|\b[A-Z]{2,3}\b|[\s\u00a0\u202f]/gu, "");
      const n = lsNumber(bare, locale);
      if (n === null || bare === "")
        throw argError(`Cannot read ${JSON.stringify(str(s))} as an amount in locale ${locale}`);
      return paren ? -n : n;
    },
  ],
});

export const arrays = category("arrays", {
  arrayRange: [
    {
      params: "from, [to]",
      doc: 'The whole numbers from `from` to `to`, both included, counting down when `to` is less (BoxLang\'s arrayRange); `from` may be a range written "1..5".',
      example: 'arrayRange("3..1")',
      result: "[3,2,1]",
    },
    (ctx, from: unknown, to?: unknown) => {
      if (to === undefined) {
        const m = /^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$/.exec(str(from));
        if (!m)
          throw argError(`arrayRange: give from and to, or a range such as "1..5", got ${JSON.stringify(str(from))}`);
        return rangeArray(ctx, Number(m[1]), Number(m[2]));
      }
      return rangeArray(ctx, num(from), num(to));
    },
  ],
});

export const types = category("types", {
  empty: [
    {
      params: "variable",
      doc: 'Lucee\'s empty("name"): true when the variable the path names is undefined, null, or an empty string, array, struct or query (isEmpty of its value).',
      example: 'empty("url.nothing")',
      result: "true",
    },
    (ctx, p: unknown) => isEmptyValue(pathValue(ctx, p)),
  ],
  isLocalHost: [
    {
      params: "ip",
      doc: "true for a loopback address (127.0.0.0/8, ::1, ::ffff:127.x.x.x) or the name localhost; no name is looked up.",
      example: 'isLocalHost("127.0.0.1") & " " & isLocalHost("::1") & " " & isLocalHost("10.0.0.1")',
      result: "true true false",
    },
    (_c, ip: unknown) => isLoopback(str(ip)),
  ],
});

export const queries = category("queries", {
  queryCurrentRow: [
    {
      params: "query",
      doc: "The row a <dbt:output query> or <dbt:loop query> over this query is at (1 outside such a loop), as q.currentRow reads it.",
      example: 'queryCurrentRow(queryNew("a", "integer", [[1], [2]]))',
      result: "1",
    },
    (ctx, q: unknown) => (frameOf(ctx, query(q, "queryCurrentRow"))?.row ?? 0) + 1,
  ],
});

export const dates = category("dates", {
  getLocaleDisplayName: [
    {
      params: "[locale], [inLocale]",
      doc: "The locale's name as Java writes it, language (country), in the language of inLocale (both default to the page's locale).",
      example: 'getLocaleDisplayName("de-CH", "en-US") & " / " & getLocaleDisplayName("de-CH", "de-DE")',
      result: "German (Switzerland) / Deutsch (Schweiz)",
    },
    (ctx, l?: unknown, d?: unknown) => {
      const locale = localeArg(ctx, l);
      const inLocale = d === undefined ? ctx.page.locale : localeArg(ctx, d);
      return new Intl.DisplayNames([inLocale], { type: "language", languageDisplay: "standard" }).of(locale) ?? locale;
    },
  ],
  getTimezoneInfo: [
    {
      params: "[timezone]",
      doc: "A struct describing the time zone (the page's by default) now: id, utcTotalOffset (seconds, positive west of UTC, as CFML has it), utcHourOffset, utcMinuteOffset and isDSTOn.",
      example: 'getTimezoneInfo("UTC")',
      result: '{"id":"UTC","utcTotalOffset":0,"utcHourOffset":0,"utcMinuteOffset":0,"isDSTOn":false}',
    },
    (ctx, tz?: unknown) => {
      const id = tz === undefined ? zone(ctx) : str(tz).trim();
      if (!isTimeZone(id)) throw argError(`getTimezoneInfo: unknown time zone ${JSON.stringify(id)}`);
      const now = new Date();
      const off = offsetMinutes(now, id);
      // Daylight saving time is on when the offset now is more than the zone's least in the year.
      const y = now.getUTCFullYear();
      const standard = Math.min(
        offsetMinutes(new Date(Date.UTC(y, 0, 1)), id),
        offsetMinutes(new Date(Date.UTC(y, 6, 1)), id),
      );
      const s = newStruct();
      s.id = id;
      s.utcTotalOffset = off === 0 ? 0 : -off * 60;
      s.utcHourOffset = off === 0 ? 0 : -Math.trunc(off / 60);
      s.utcMinuteOffset = off === 0 ? 0 : -(off % 60);
      s.isDSTOn = off > standard;
      return s;
    },
  ],
});

export default [...strings, ...numbers, ...arrays, ...types, ...queries, ...dates];
