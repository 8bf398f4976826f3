// Value model of the language and the conversions both modes share. Values are strings,
// numbers, booleans, null, arrays, structs (objects that inherit nothing: STRUCT_PROTO), dates,
// queries and SafeStrings (already-escaped HTML, from raw()).
import { RuntimeError, argError, codes } from "./errors.js";
import type { Loc } from "../parser/ast.js";
import { parseDate, wall } from "./functions/datetime.js";
import { XmlValue } from "./xml-value.js";
import { numToStr } from "./number-text.js";
export { XmlValue } from "./xml-value.js";
// The query result lives in a leaf of its own so datasources/ can build one without the value model.
export { QueryResult } from "./query-result.js";
import { QueryResult } from "./query-result.js";

/** Text that is already HTML and must not be escaped again. */
export class SafeString {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A quoted SQL identifier made by ident(): the one value a dbt:query splices into its SQL. */
export class SqlIdentifier extends SafeString {}

export type Struct = Record<string, unknown>;

/**
 * What every struct inherits: nothing. An empty frozen object with no prototype, so a struct
 * answers `in`, reads and writes as an `Object.create(null)` object does (no `toString`, no
 * `__proto__` accessor: `s.__proto__ = x` makes a key), but V8 keeps it in fast mode, with a
 * hidden class: an object made by `Object.create(null)` starts as a hash table, and every read
 * or write of it by a name the code knows (a loop's index stored to `variables` once a row) was
 * a lookup in it.
 */
export const STRUCT_PROTO: object = Object.freeze(Object.create(null) as object);

export const newStruct = (): Struct => Object.create(STRUCT_PROTO) as Struct;

/** A struct's prototype: STRUCT_PROTO, or null or Object.prototype (one made by JSON.parse, structuredClone or a host). */
export const isStructProto = (proto: unknown): boolean =>
  proto === STRUCT_PROTO || proto === null || proto === Object.prototype;

/** The dimensions arrayNew(2) or arrayNew(3) gave an array: a[i][j] = x then makes a[i] an array, not a struct. */
const ARRAY_DIMS = new WeakMap<unknown[], number>();
export function newArray(dims: number): unknown[] {
  const a: unknown[] = [];
  if (dims > 1) ARRAY_DIMS.set(a, dims);
  return a;
}

/** The element types arrayNew(1, type) takes (Lucee's typed arrays). */
export const ELEMENT_TYPES = ["any", "string", "numeric", "boolean", "date", "struct", "array", "query"] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];
/** A typed array's type, and the time zone a date string put in a date array is read in (its page's). */
const ARRAY_TYPES = new WeakMap<unknown[], { type: ElementType; tz: string }>();
/** A typed array: what is put in it is converted to the type, or refused (Lucee's arrayNew(type=)). */
export function newTypedArray(type: ElementType, tz: string): unknown[] {
  const a: unknown[] = [];
  if (type !== "any") ARRAY_TYPES.set(a, { type, tz });
  return a;
}
export const arrayType = (a: unknown[]): ElementType => ARRAY_TYPES.get(a)?.type ?? "any";
/** `v` as an element of `a`: converted to a typed array's type (1 in a string array is "1"), else an error. */
export function asElement(a: unknown[], v: unknown, loc: Loc | null): unknown {
  const typed = ARRAY_TYPES.get(a);
  if (typed === undefined) return v;
  const t = typed.type;
  const refuse = () => new RuntimeError(codes.TYPE, `An array of type ${t} cannot hold ${describeValue(v)}`, loc);
  switch (t) {
    case "string":
      if (v !== null && typeof v === "object" && !(v instanceof Date) && !(v instanceof SafeString)) throw refuse();
      return toStr(v, loc);
    case "numeric":
      return toNum(v, loc);
    case "boolean":
      return toBool(v, loc);
    case "date": {
      const d = v instanceof Date ? v : typeof v === "string" ? parseDate(v, typed.tz) : null;
      if (d === null) throw refuse();
      return d;
    }
    case "struct":
      if (!isStruct(v)) throw refuse();
      return v;
    case "array":
      if (!Array.isArray(v)) throw refuse();
      return v;
    case "query":
      if (!(v instanceof QueryResult)) throw refuse();
      return v;
    default:
      return v;
  }
}
/** An array's dimensions: arrayNew's, else 1 plus its first element's when that is an array. */
export function arrayDims(a: unknown[]): number {
  const d = ARRAY_DIMS.get(a);
  if (d !== undefined) return d;
  return Array.isArray(a[0]) ? 1 + arrayDims(a[0]) : 1;
}
/** The element assignment creates in `container` on the way to a deeper one: a struct, or an array in arrayNew(n)'s. */
export function newSlot(container: unknown): unknown {
  const d = Array.isArray(container) ? ARRAY_DIMS.get(container) : undefined;
  return d !== undefined ? newArray(d - 1) : newStruct();
}

export function isStruct(v: unknown): v is Struct {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  return isStructProto(Object.getPrototypeOf(v));
}

/** A function defined in a template with <dbt:function> (engine/udf.ts): a value, stored in a scope. */
export class FunctionValue {
  constructor(
    readonly name: string,
    /** Made by a closure expression (`function (x) {…}`, or `(x) => …`, named "lambda"), not declared by name. */
    readonly anonymous = false,
  ) {}
}

/** Component instances (engine/component.ts registers each): typeName calls them "component". */
export const COMPONENT_TYPE = new WeakSet<object>();

export function typeName(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (v instanceof FunctionValue) return "function";
  if (Array.isArray(v)) return "array";
  if (v instanceof QueryResult) return "query";
  if (v instanceof Date) return "date";
  if (v instanceof SafeString) return "string";
  if (isStruct(v)) return COMPONENT_TYPE.has(v) ? "component" : "struct";
  if (v instanceof Uint8Array) return "binary";
  if (v instanceof XmlValue) return "xml";
  return typeof v;
}

// Each part can match a character in one way only, so a test is linear in the string's length
// (the former `\d+\.?\d*` split a run of digits every possible way: quadratic on "1111…1x").
const NUMERIC = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** The number a value stands for, or NaN. */
/** 1970-01-01 as CFML's day number (days since 1899-12-30). */
const EPOCH_DAY = 25_569;
const DAY_MS = 86_400_000;

/** A date as CFML's day number, what date arithmetic works in (`d + 1`, `d2 - d1`): UTC days. */
export const dayNumber = (d: Date): number => d.getTime() / DAY_MS + EPOCH_DAY;

/** The date of a CFML day number. */
export const fromDayNumber = (n: number): Date => new Date(Math.round((n - EPOCH_DAY) * DAY_MS));

export function asNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "string") return NUMERIC.test(v) ? Number(v) : NaN;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof SafeString) return asNumber(v.value);
  if (v instanceof Date) return dayNumber(v);
  return NaN;
}

/**
 * CFML's isNumeric, as Lucee's Decision.isNumber: every number (NaN and ±Infinity too, which
 * arithmetic makes: `exp(1000)`), and a string of digits, but not one with an exponent beyond a
 * double's range ("1e400") nor "NaN" or "Infinity".
 */
export function isNumeric(v: unknown): boolean {
  if (typeof v === "number") return true;
  if (typeof v !== "string" && !(v instanceof SafeString)) return false;
  const n = asNumber(v);
  return Number.isFinite(n) || (!Number.isNaN(n) && !/[eE]/.test(typeof v === "string" ? v : v.value));
}

export function toNum(v: unknown, loc: Loc | null): number {
  const n = asNumber(v);
  if (Number.isNaN(n)) throw new RuntimeError(codes.TYPE, `Cannot convert ${describeValue(v)} to a number`, loc);
  return n;
}

export { numToStr };

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * The time zone a date was made in, when a function made it in a page whose zone is not UTC
 * (rt.call records it): the zone it prints and compares in. A date from elsewhere (the
 * database, a request) is UTC. Kept beside the date, not in it, so dates stay plain Dates.
 */
const dateZones = new WeakMap<Date, string>();
export const zoneOf = (d: Date): string => dateZones.get(d) ?? "UTC";
export function setZone(d: Date, tz: string): void {
  if (tz !== "UTC" && !dateZones.has(d)) dateZones.set(d, tz);
}

/** Times of day createTime() made: CFML prints them as `{t 'HH:MM:SS'}` (Lucee's TimeImpl). */
const times = new WeakSet<Date>();
export function markTime(d: Date): Date {
  times.add(d);
  return d;
}

/** Dates print as CFML prints them, `{ts 'YYYY-MM-DD HH:MM:SS'}`, in the zone they were made in. */
export function dateToStr(d: Date): string {
  const tz = dateZones.get(d);
  if (times.has(d)) {
    const w = wall(d, tz ?? "UTC");
    return `{t '${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}'}`;
  }
  if (tz !== undefined) {
    const w = wall(d, tz);
    return `{ts '${w.y}-${pad(w.mo)}-${pad(w.d)} ${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}'}`;
  }
  return `{ts '${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}'}`;
}

export function toStr(v: unknown, loc: Loc | null): string {
  if (typeof v === "string") return v;
  if (typeof v === "number") return numToStr(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null || v === undefined) return "";
  if (v instanceof SafeString) return v.value;
  if (v instanceof Date) return dateToStr(v);
  if (typeof v === "bigint") return v.toString();
  if (v instanceof XmlValue) return v.toText();
  throw new RuntimeError(codes.TYPE, `Cannot convert ${typeName(v)} to a string`, loc);
}

export function toBool(v: unknown, loc: Loc | null): boolean {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  const s = typeof v === "string" ? v : v instanceof SafeString ? v.value : null;
  if (s !== null) {
    const t = s.trim().toLowerCase();
    if (t === "true" || t === "yes") return true;
    if (t === "false" || t === "no" || t === "") return false;
    const n = asNumber(t);
    if (!Number.isNaN(n)) return n !== 0;
  }
  throw new RuntimeError(codes.TYPE, `Cannot convert ${describeValue(v)} to a boolean`, loc);
}

/** A date from a value template code or a tag attribute gives: a date or a date string. */
export function toDate(v: unknown, tz = "UTC"): Date {
  if (v instanceof Date) return v;
  // CFML's day number (what date arithmetic gives): days since 1899-12-30, counted in UTC.
  if (typeof v === "number" && Number.isFinite(v)) return fromDayNumber(v);
  const s = toStr(v, null);
  const d = parseDate(s, tz);
  if (d) return d;
  throw argError(`${JSON.stringify(s.trim())} is not a date (use YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)`);
}

/** Is it a date, or text that reads as one (in `tz`)? Numbers are not: see isDateLike (dates.ts). */
export function isDate(v: unknown, tz = "UTC"): boolean {
  if (v instanceof Date) return true;
  if (typeof v !== "string") return false;
  return parseDate(v, tz) !== null;
}

/** The boolean a value stands for, or null (CFML's boolean type: asBool(v) !== null). */
export function asBool(v: unknown): boolean | null {
  try {
    return toBool(v, null);
  } catch {
    return null;
  }
}

/** A short description of a value for error messages. */
export function describeValue(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return typeName(v);
}

/**
 * CFML-style comparison: numerically when both sides are numeric, by time for two dates,
 * else as case-insensitive strings.
 */
export function compare(a: unknown, b: unknown, loc: Loc | null): number {
  if (a instanceof Date && b instanceof Date) return Math.sign(a.getTime() - b.getTime());
  // As in CFML: a date against a date string compares as dates, a boolean against "yes" or 1 as booleans.
  if (a instanceof Date || b instanceof Date) {
    const other = a instanceof Date ? b : a;
    const d = typeof other === "string" ? parseDate(other, zoneOf(a instanceof Date ? a : (b as Date))) : null;
    if (d)
      return a instanceof Date ? Math.sign(a.getTime() - d.getTime()) : Math.sign(d.getTime() - (b as Date).getTime());
  }
  if (typeof a === "boolean" || typeof b === "boolean") {
    const x = asBool(a);
    const y = asBool(b);
    if (x !== null && y !== null) return Number(x) - Number(y);
  }
  const na = typeof a === "boolean" ? NaN : asNumber(a);
  const nb = typeof b === "boolean" ? NaN : asNumber(b);
  // A number that is NaN (Infinity - Infinity) still compares as a number, as in Lucee: neither
  // less nor greater than anything, so equal (Java's < and > are false for it).
  if ((typeof a === "number" || !Number.isNaN(na)) && (typeof b === "number" || !Number.isNaN(nb)))
    return na < nb ? -1 : na > nb ? 1 : 0;
  const sa = toStr(a, loc).toLowerCase();
  const sb = toStr(b, loc).toLowerCase();
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

// Measured in bench/escape.ts (results in bench/RESULTS.md, "Escaping"): a regex test finds
// the first special character (V8's regex scans plain text far faster than a charCodeAt loop);
// from there a char-code scan handles specials that come close together and a regex jump skips
// any run of 16 or more plain characters. The global regex is module state, reset on each use;
// escaping is synchronous, so no two uses interleave.
const ESCAPE_NEXT = /[&<>"']/g;

function escapeFrom(s: string, first: number): string {
  const n = s.length;
  let i = first;
  let out = "";
  let last = 0;
  while (i < n) {
    let rep: string;
    switch (s.charCodeAt(i)) {
      case 38:
        rep = "&amp;";
        break;
      case 60:
        rep = "&lt;";
        break;
      case 62:
        rep = "&gt;";
        break;
      case 34:
        rep = "&quot;";
        break;
      case 39:
        rep = "&#39;";
        break;
      default:
        if (i - last < 16) i++;
        else {
          ESCAPE_NEXT.lastIndex = i;
          if (!ESCAPE_NEXT.test(s)) return out + s.slice(last);
          i = ESCAPE_NEXT.lastIndex - 1;
        }
        continue;
    }
    if (last !== i) out += s.slice(last, i);
    out += rep;
    last = ++i;
  }
  return last === n ? out : out + s.slice(last);
}

/** HTML-escapes a string; strings with nothing to escape are returned as they are. */
export function escapeHtml(s: string): string {
  ESCAPE_NEXT.lastIndex = 0;
  return ESCAPE_NEXT.test(s) ? escapeFrom(s, ESCAPE_NEXT.lastIndex - 1) : s;
}

/** What `#expr#` prints inside dbt:output: the value as a string, HTML-escaped unless raw. */
export function esc(v: unknown, loc: Loc | null): string {
  if (typeof v === "string") return escapeHtml(v);
  if (typeof v === "number") return numToStr(v);
  if (v instanceof SafeString) return v.value;
  return escapeHtml(toStr(v, loc));
}

/** Is `v` (parsed JSON) nested deeper than `max`? Walked without recursion, so depth cannot overflow the stack. */
export function nestedDeeperThan(v: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[v, 1]];
  while (stack.length > 0) {
    const [x, depth] = stack.pop()!;
    if (x === null || typeof x !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(x))
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}
