import { category, str, num, argError } from "./define.js";
import { untilStopped } from "../clock.js";
import { fullMatch, userRegex } from "../regex.js";
import type { RenderContext } from "../context.js";
import { base, member, index } from "../runtime.js";
import { RuntimeError } from "../errors.js";
import {
  FunctionValue,
  SafeString,
  QueryResult,
  arrayDims,
  compare,
  isDate,
  isStruct,
  toBool,
  typeName,
} from "../values.js";
import { isDateLike } from "./dates.js";
import { isSimpleType, isValidType } from "../type-check.js";
import { XmlNode, xmlIsStructLike } from "../xml.js";

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*|\[\s*(\d+|"[^"]*"|'[^']*')\s*\])*$/;
const STEP = /\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*(\d+|"[^"]*"|'[^']*')\s*\]/g;
const NOWHERE = { file: "", line: 0, column: 0, start: 0, end: 0 };

/** isDefined("url.page"), isDefined("a[1].b"): resolves a variable path without raising. */
function isDefined(ctx: RenderContext, path: unknown): boolean {
  const v = pathValue(ctx, path);
  return v !== null && v !== undefined;
}

/** The value at a variable path such as "url.page" or "a[1].b", or undefined where there is none. */
export function pathValue(ctx: RenderContext, path: unknown): unknown {
  const p = str(path).trim();
  if (!PATH.test(p)) return undefined;
  const head = /^[A-Za-z_][A-Za-z0-9_]*/.exec(p)![0];
  try {
    let v = base(ctx, head, NOWHERE);
    for (const m of p.slice(head.length).matchAll(STEP)) {
      if (m[1] !== undefined) v = member(ctx, v, m[1], NOWHERE);
      else if (/^\d/.test(m[2]!)) v = index(ctx, v, Number(m[2]), NOWHERE);
      else v = member(ctx, v, m[2]!.slice(1, -1), NOWHERE);
    }
    return v;
  } catch (err) {
    if (err instanceof RuntimeError) return undefined;
    throw err;
  }
}

export default category("types", {
  sleep: [
    {
      params: "milliseconds",
      awaits: true,
      doc: "Waits this long, letting other requests run; a page past its time limit (or whose visitor left) stops in the middle. Returns nothing.",
      example: "sleep(1)",
      result: "",
    },
    async (ctx, ms: unknown) => {
      const n = num(ms);
      if (!(n >= 0)) throw argError(`sleep takes a number of milliseconds of 0 or more, got ${n}`);
      const page = ctx.page;
      // No longer than the page may run: the stop then comes from untilStopped, on time.
      const end = Date.now() + (page.deadline === 0 ? n : Math.min(n, Math.max(0, page.deadline - Date.now() + 1)));
      // A timer may fire a little before the clock reaches its time: wait out the rest.
      for (let left = end - Date.now(); left > 0; left = end - Date.now())
        await untilStopped(page, new Promise<void>((done) => setTimeout(done, left)), null);
      return "";
    },
  ],
  nullValue: [
    {
      params: "",
      doc: "null (a struct key or array element set to it reads as absent: isNull gives true).",
      example: "isNull(nullValue())",
      result: "true",
    },
    () => null,
  ],
  isDefined: [
    {
      params: "path",
      doc: 'true when a variable path such as "url.page" exists and is not null.',
      example: 'isDefined("url.nothing")',
      result: "false",
    },
    (ctx, p: unknown) => isDefined(ctx, p),
  ],
  parameterExists: [
    {
      params: "path",
      doc: "CFML's older name for isDefined.",
      example: 'parameterExists("url.nothing")',
      result: "false",
    },
    (ctx, p: unknown) => isDefined(ctx, p),
  ],
  isInThread: [
    {
      params: "",
      doc: "Always false: Quarry has no cfthread, so a page never runs inside a CFML thread.",
      example: "isInThread()",
      result: "false",
    },
    () => false,
  ],
  isCustomFunction: [
    {
      params: "value, [type]",
      doc: 'true for a function defined in the template (dbt:function, a script function or closure); type "udf" (declared by name), "closure" (function (x) {…}) or "lambda" (x => …) asks which.',
      example: 'isCustomFunction("f")',
      result: "false",
    },
    (_c, v: unknown, type?: unknown) => {
      const t = type === undefined ? "" : str(type).trim().toLowerCase();
      if (!["", "udf", "closure", "lambda"].includes(t))
        throw argError(`isCustomFunction: type must be udf, closure or lambda, got ${JSON.stringify(t)}`);
      if (!(v instanceof FunctionValue)) return false;
      if (t === "udf") return !v.anonymous;
      if (t !== "") return v.anonymous && v.name === t;
      return true;
    },
  ],
  isNull: [
    {
      params: "value",
      doc: "true for null, and (as in CFML) for a variable, key or array element that is not there: isNull(s.missing), isNull(a[9]).",
      example: 'isNull(null) & " " & isNull([1, 2, 3][6])',
      result: "true true",
    },
    (_c, v: unknown) => v === null,
  ],
  isArray: [
    {
      params: "value, [number]",
      doc: "true for an array; with number, for an array of that many dimensions (arrayNew(2)'s, or nested to that depth along its first elements).",
      example: 'isArray([1]) & " " & isArray([[1]], 1)',
      result: "true false",
    },
    (_c, v: unknown, d?: unknown) => Array.isArray(v) && (d === undefined || arrayDims(v) === num(d)),
  ],
  isStruct: [
    { params: "value", doc: "true for a struct.", example: "isStruct({})", result: "true" },
    (_c, v: unknown) => isStruct(v) || (v instanceof XmlNode && xmlIsStructLike(v)),
  ],
  isQuery: [
    { params: "value", doc: "true for a query.", example: 'isQuery(queryNew("a"))', result: "true" },
    (_c, v: unknown) => v instanceof QueryResult,
  ],
  isSimpleValue: [
    {
      params: "value",
      doc: "true for a string, number, boolean or date.",
      example: "isSimpleValue([])",
      result: "false",
    },
    (_c, v: unknown) => ["string", "number", "boolean", "date"].includes(typeName(v)),
  ],
  isBoolean: [
    {
      params: "value",
      doc: "true when the value can be read as a boolean.",
      example: 'isBoolean("yes")',
      result: "true",
    },
    (_c, v: unknown) => {
      try {
        toBool(v, null);
        return true;
      } catch {
        return false;
      }
    },
  ],
  isValid: [
    {
      params: "type, value, [minOrPattern], [max]",
      doc: "Checks a value: the dbt:param types (integer, numeric, boolean, date, email, uuid, …) and CFML's others (guid, url, zipcode, telephone, creditcard, ssn, usdate, eurodate, time, variableName, query, range with min and max, regex with a pattern); string and numeric take min and max too; numeric also takes a date written in digits (6/2007), which CFML casts to a number of days; number, double, datetime, zip, phone and simple are Lucee's other names. uuid accepts CFML's 35-character form and the standard 36-character one.",
      example: 'isValid("email", "a@b.co")',
      result: "true",
    },
    (ctx, t: unknown, v: unknown, a?: unknown, b?: unknown) => isValidFull(ctx, str(t).toLowerCase(), v, a, b),
  ],
  typeOf: [
    {
      params: "value",
      doc: "The type name: string, number, boolean, null, array, struct, query or date.",
      example: "typeOf([1])",
      result: "array",
    },
    (_c, v: unknown) => typeName(v),
  ],
  raw: [
    {
      params: "value",
      doc: "Prints the value without HTML escaping in dbt:output. Only for trusted HTML.",
      example: 'raw("<b>x</b>")',
      result: "<b>x</b>",
    },
    (_c, v: unknown) => (v instanceof SafeString ? v : new SafeString(str(v))),
  ],
  iif: [
    {
      params: "condition, whenTrue, whenFalse",
      doc: "whenTrue or whenFalse, by the condition. CFML evaluates the one it picks as an expression; Quarry never evaluates strings, so each is a value, except that a string which is one CFML string literal (what de() makes, \"a\" or 'a') gives its text.",
      example: 'iif(1 GT 2, "yes", "no") & " " & iif(true, de("x"), de("y"))',
      result: "no x",
    },
    (_c, c: unknown, a: unknown, b: unknown) => literalText(toBool(c, null) ? a : b),
  ],
  writeOutput: [
    {
      params: "value, [encodeFor]",
      doc: 'Appends the value to the page output where the call runs (in <dbt:set writeOutput(x)> or in an expression), HTML-escaped as #…# is: writeOutput(raw(html)) writes markup. A second argument encodes it first for that context as encodeFor does (writeOutput(x, "url")); "html" is what #…# does anyway. Returns an empty string.',
      example: 'writeOutput("<b>")',
      result: "<b>",
    },
    () => {
      throw new Error("writeOutput is run by the interpreter and the compiler");
    },
  ],
  echo: [
    {
      params: "string",
      doc: "Lucee's writeOutput: appends the value to the page output, HTML-escaped as writeOutput and #…# are. Returns an empty string.",
      example: 'echo("<b>")',
      result: "<b>",
    },
    () => {
      throw new Error("echo is run by the interpreter and the compiler");
    },
  ],
  de: [
    {
      params: "string",
      doc: 'The string as a CFML string literal, in double quotes with its quotes doubled, as in CFML (iif(c, de("a"), de("b")) reads it back).',
      example: 'de("say ""hi""")',
      result: '"say ""hi"""',
    },
    (_c, s: unknown) => `"${str(s).replace(/"/g, '""')}"`,
  ],
  yesNoFormat: [
    { params: "value", doc: '"Yes" or "No".', example: "yesNoFormat(1)", result: "Yes" },
    (_c, v: unknown) => (toBool(v, null) ? "Yes" : "No"),
  ],
  objectEquals: [
    {
      params: "left, right",
      doc: "true when two values are equal as Lucee's objectEquals sees them: simple values as EQ compares them (case-insensitively, numbers by value), arrays element by element, structs key by key (the same keys, equal values), queries column by column and row by row.",
      example: 'objectEquals({a: [1, "x"]}, {a: [1.0, "X"]}) & " " & objectEquals([1, 2], [2, 1])',
      result: "true false",
    },
    (_c, a: unknown, b: unknown) => deepEquals(a, b, new Set()),
  ],
});

/** The text of a value that is one CFML string literal ("a ""b""", 'it''s'), else the value. */
function literalText(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const m = /^\s*(?:"((?:[^"]|"")*)"|'((?:[^']|'')*)')\s*$/.exec(v);
  if (!m) return v;
  return m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!.replace(/''/g, "'");
}

/** objectEquals: EQ for simple values, structure for the rest; a pair met again inside itself is equal. */
function deepEquals(a: unknown, b: unknown, seen: Set<unknown>): boolean {
  if (a === b) return true;
  if (isSimple(a) && isSimple(b)) {
    try {
      return compare(a, b, null) === 0;
    } catch {
      return false;
    }
  }
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (seen.has(a) && seen.has(b)) return true;
  seen.add(a);
  seen.add(b);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => deepEquals(v, b[i], seen));
  if (isStruct(a) && isStruct(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEquals(a[k], b[k], seen))
    );
  }
  if (a instanceof QueryResult && b instanceof QueryResult)
    return (
      a.columns.length === b.columns.length &&
      a.columns.every((c) => b.columns.includes(c)) &&
      a.rows.length === b.rows.length &&
      a.rows.every((row, i) => a.columns.every((c) => deepEquals(row[c], b.rows[i]![c], seen)))
    );
  return false;
}

const isSimple = (v: unknown): boolean =>
  typeof v === "string" ||
  typeof v === "number" ||
  typeof v === "boolean" ||
  v instanceof Date ||
  v instanceof SafeString;

const BOOLEAN_WORD = /^(true|false|yes|no)$/i;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const URL_RE =
  /^(https?|ftp|file|mailto|news):(\/\/)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d+)?([/?#][^\s]*)?$/i;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function dayMonth(v: unknown, order: "us" | "euro"): boolean {
  if (typeof v !== "string") return false;
  const m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/.exec(v.trim());
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[3])];
  const [mo, d] = order === "us" ? [a, b] : [b, a];
  const y = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

const isJsonText = (t: string): boolean => {
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
};

// Lucee's other names for types (Decision.isValid).
const ALIASES: Record<string, string> = {
  number: "numeric",
  double: "numeric",
  datetime: "date",
  zip: "zipcode",
  phone: "telephone",
  cfc: "component",
  class: "component",
  node: "xml",
};

/**
 * A date CFML's simple date reading takes (no month or day names): what isValid("numeric")
 * counts as a number, as Lucee's isCastableToNumeric does. The {ts '…'} forms are simple too.
 */
function digitDate(ctx: RenderContext, v: unknown): boolean {
  if (typeof v !== "string") return false;
  const t = v.trim();
  return (/^\{\s*(ts|d|t)\s/i.test(t) || !/[A-Za-z]/.test(t)) && isDate(t, ctx.page.timezone);
}

/** isValid(): CFML's types beyond the dbt:param ones, and the min/max and pattern forms. */
/** The types isValid() checks by a pattern on the value's text (trimmed but for guid). */
const TEXT_TYPES: Record<string, { re: RegExp; trim: boolean }> = {
  guid: { re: GUID, trim: false },
  url: { re: URL_RE, trim: true },
  zipcode: { re: /^\d{5}([- ]\d{4})?$/, trim: true },
  telephone: { re: /^(\+?1[-. ]?)?(\(?[2-9]\d{2}\)?[-. ]?)?[2-9]\d{2}[-. ]?\d{4}(\s*(x|ext\.?)\s*\d+)?$/i, trim: true },
  ssn: { re: /^\d{3}[- ]?\d{2}[- ]?\d{4}$/, trim: true },
  social_security_number: { re: /^\d{3}[- ]?\d{2}[- ]?\d{4}$/, trim: true },
};

function isValidFull(ctx: RenderContext, type: string, v: unknown, a: unknown, b: unknown): boolean {
  const text = isSimpleType(v) ? str(v) : null;
  type = ALIASES[type] ?? type;
  const pattern = Object.hasOwn(TEXT_TYPES, type) ? TEXT_TYPES[type]! : null;
  if (pattern) return text !== null && pattern.re.test(pattern.trim ? text.trim() : text);
  switch (type) {
    case "simple":
      return isSimpleType(v);
    case "range": {
      if (a === undefined || b === undefined) throw new Error('isValid("range", value, min, max) needs min and max');
      const n = typeof v === "number" ? v : text !== null && text.trim() !== "" ? Number(text) : NaN;
      return Number.isFinite(n) && n >= num(a) && n <= num(b);
    }
    case "regex":
    case "regular_expression": {
      if (a === undefined) throw new Error('isValid("regex", value, pattern) needs a pattern');
      if (text === null) return false;
      // The template's pattern runs on the linear-time engine (engine/regex.ts).
      return fullMatch(userRegex(str(a)), text, ctx);
    }
    case "string":
    case "numeric":
    case "integer":
    case "float": {
      // CFML's numbers include its booleans (true is 1): isValid("numeric", "yes") is true; and
      // "numeric" (not "float") its dates written in digits, which cast to days (6/2007).
      const ok =
        isValidType(type === "float" ? "numeric" : type, v) ||
        ((type === "numeric" || type === "float") &&
          (typeof v === "boolean" || (text !== null && BOOLEAN_WORD.test(text.trim())))) ||
        (type === "numeric" && a === undefined && (v instanceof Date || digitDate(ctx, v)));
      if (!ok || a === undefined) return ok;
      const size = type === "string" ? str(v).length : Number(str(v));
      return size >= num(a) && (b === undefined || size <= num(b));
    }
    case "creditcard": {
      if (text === null) return false;
      const digits = text.replace(/[\s,-]/g, "");
      return /^\d{13,19}$/.test(digits) && luhn(digits);
    }
    case "usdate":
      return dayMonth(v, "us");
    case "eurodate":
      return dayMonth(v, "euro");
    case "time":
      return (
        v instanceof Date ||
        (text !== null &&
          (/^\d{1,2}:\d{2}(:\d{2})?\s*([AaPp][Mm])?$/.test(text.trim()) ||
            (text.trim().startsWith("{ts '") && isDate(text, ctx.page.timezone))))
      );
    case "variablename":
      return typeof v === "string" || typeof v === "boolean"
        ? /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(str(v))
        : false;
    case "query":
      return v instanceof QueryResult;
    case "binary":
      return v instanceof Uint8Array;
    case "json":
      return text !== null && isJsonText(text);
    case "object":
      return false;
    case "function":
    case "closure":
    case "lambda":
    case "component":
    case "xml":
      return false;
    case "date":
      return isDateLike(v, ctx.page.timezone);
    default:
      return isValidType(type, v);
  }
}
