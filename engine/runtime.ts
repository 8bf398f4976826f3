// Runtime helpers that both the interpreter and compiled templates call, so the two modes
// share one implementation of every lookup, operator and check.
import type { Expr, Loc } from "../parser/ast.js";
import { RuntimeError, QuarryError, codes } from "./errors.js";
import { SCOPE_NAMES, type CursorFrame, type RenderContext, type RowFrame } from "./context.js";
import { ELEMENT_BYTES, MEMBER_BYTES, hold, weigh } from "./work.js";
import { columnOf, foldedKey, isForbiddenKey, keyOf, noteKey } from "./keys.js";
import {
  QueryResult,
  SafeString,
  compare,
  describeValue,
  isNumeric,
  isStruct,
  isStructProto,
  asElement,
  newSlot,
  newStruct,
  setZone,
  toBool,
  toNum,
  toStr,
  typeName,
  type Struct,
} from "./values.js";

export { esc, toBool, toStr, toNum, compare, numToStr } from "./values.js";
import { esc } from "./values.js";
import { XmlNode, attrViewSet, childViewSet, isChildView, xmlGet, xmlSet } from "./xml.js";
import { encodeAs } from "./functions/esapi.js";
export { settle } from "./clock.js";

/** The scope names: an unscoped name that is one reads the scope (see lookup). */
export const SCOPES: ReadonlySet<string> = new Set<string>(SCOPE_NAMES);
const FUNCTION_SCOPES = new Set(["local", "arguments"]);
const SCOPE_BY_LOWER = new Map(SCOPE_NAMES.map((n) => [n.toLowerCase(), n]));
export { isForbiddenKey } from "./keys.js";

function forbidden(key: string, loc: Loc | null): never {
  throw new RuntimeError(codes.FORBIDDEN, `Access to "${key}" is not allowed`, loc);
}

// eslint-disable-next-line @typescript-eslint/unbound-method -- always invoked as own.call(target, key)
const own = Object.prototype.hasOwnProperty;

/** The current row frame of `q`, if it is being iterated (by a query loop or a script's for-in). */
export function frameOf(ctx: RenderContext, q: QueryResult): RowFrame | CursorFrame | undefined {
  for (let i = ctx.frames.length - 1; i >= 0; i--) {
    const f = ctx.frames[i]!;
    if ((f.kind === "row" || f.kind === "cursor") && f.query === q) return f;
  }
  return undefined;
}

/**
 * Resolves a bare name: a scope, then the innermost query row or block variable, then
 * `variables`. A scope taken as a value is marked (PageState.scopesShared).
 */
export function lookup(ctx: RenderContext, name: string, loc: Loc): unknown {
  if (SCOPES.has(name)) {
    const scope = ctx.scopes[name as keyof typeof ctx.scopes];
    if (scope) {
      ctx.page.scopesShared = true;
      return scope;
    }
  }
  return lookupName(ctx, name, loc);
}

/** lookup for the object of a member or index access (`url.id`): reading through a scope does not share it. */
export function base(ctx: RenderContext, name: string, loc: Loc): unknown {
  if (SCOPES.has(name)) {
    const scope = ctx.scopes[name as keyof typeof ctx.scopes];
    if (scope) return scope;
  }
  return lookupName(ctx, name, loc);
}

/** lookup for a name that is not a scope's (known when the code was made): frames, then `variables`. */
export function lookupName(ctx: RenderContext, name: string, loc: Loc): unknown {
  const frames = ctx.frames;
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i]!;
    if (f.kind === "row") {
      const row = f.query.rows[f.row];
      // An empty cell (SQL NULL) reads as "", as in CFML.
      if (row !== undefined && own.call(row, name)) return row[name] ?? "";
      // CFML's currentRow, recordCount and columnList of the query being output (a length test first: this is a hot path).
      if ((name.length === 10 || name.length === 11) && ROW_NAMES.has(name.toLowerCase()))
        return queryMeta(f.query, name, ctx);
      // The column in another case (CFML's names are case-insensitive).
      const col = row === undefined ? undefined : columnOf(f.query, name);
      if (col !== undefined) return row![col] ?? "";
    } else if (f.kind === "vars") {
      if (own.call(f.vars, name)) return f.vars[name];
      const k = foldedKey(f.vars, name);
      if (k !== undefined) return f.vars[k];
    }
  }
  const vars = ctx.scopes.variables;
  if (own.call(vars, name)) return vars[name];
  const k = foldedKey(vars, name);
  if (k !== undefined) return vars[k];
  // A scope named in another case at run time (isDefined("URL.id")); templates are spelled when validated.
  const scope = SCOPE_BY_LOWER.get(name.toLowerCase());
  if (scope !== undefined && ctx.scopes[scope]) {
    ctx.page.scopesShared = true;
    return ctx.scopes[scope];
  }
  throw new RuntimeError(codes.UNDEFINED, `Variable "${name}" is undefined`, loc);
}

/** A query's own properties; a Map, so `q.toString` or `q.valueOf` finds no inherited function. */
const QUERY_META = new Map<string, (q: QueryResult, ctx: RenderContext) => unknown>([
  ["recordCount", (q) => q.recordCount],
  // Upper-cased, as Lucee and Adobe ColdFusion give it (queryColumnList keeps the names' case).
  ["columnList", (q) => q.columns.join(",").toUpperCase()],
  ["executionTime", (q) => q.executionTime],
  ["cached", (q) => q.cached],
  ["currentRow", (q, ctx) => (frameOf(ctx, q)?.row ?? 0) + 1],
]);

/** The names a dbt:catch body reads its caught error by: Quarry's `error` and CFML's `cfcatch`. */
export const CATCH_NAMES: ReadonlySet<string> = new Set(["error", "cfcatch"]);

/** The names a query loop's body reads unqualified as its query's (lower-case). */
export const ROW_NAMES = new Set(["currentrow", "recordcount", "columnlist"]);

/** QUERY_META by lower-case name: CFML's names are case-insensitive. */
const QUERY_META_LOWER = new Map([...QUERY_META].map(([k, f]) => [k.toLowerCase(), f]));

function queryMeta(q: QueryResult, key: string, ctx: RenderContext): unknown {
  return (QUERY_META.get(key) ?? QUERY_META_LOWER.get(key.toLowerCase()))?.(q, ctx);
}

/**
 * `obj.key[i]`: for a query and one of its columns, the column's value in row `i` (CFML's
 * `q.name[2]`); anything else is `(obj.key)[i]`.
 */
export function memberIndex(ctx: RenderContext, obj: unknown, key: string, i: unknown, mloc: Loc, loc: Loc): unknown {
  if (obj instanceof QueryResult && !isForbiddenKey(key)) {
    const col = columnOf(obj, key);
    if (col !== undefined) return cell(obj, col, i, loc);
  }
  return index(ctx, field(ctx, obj, key, mloc), i, loc);
}

/** `obj[key][i]`: `q["name"][2]` as memberIndex; anything else is `(obj[key])[i]`. */
export function indexIndex(ctx: RenderContext, obj: unknown, key: unknown, i: unknown, kloc: Loc, loc: Loc): unknown {
  if (obj instanceof QueryResult && typeof key === "string" && !isNumeric(key) && !isForbiddenKey(key)) {
    const col = columnOf(obj, key);
    if (col !== undefined) return cell(obj, col, i, loc);
  }
  return index(ctx, index(ctx, obj, key, kloc), i, loc);
}

function cell(q: QueryResult, col: string, i: unknown, loc: Loc): unknown {
  const n = toNum(i, loc);
  if (!Number.isInteger(n) || n < 1 || n > q.rows.length)
    throw new RuntimeError(codes.UNDEFINED, `Row ${describeValue(i)} is out of range 1..${q.rows.length}`, loc);
  return q.rows[n - 1]![col] ?? "";
}

/** `obj.key` and `obj["key"]` for structs and queries. */
export function member(ctx: RenderContext, obj: unknown, key: string, loc: Loc): unknown {
  if (isForbiddenKey(key)) forbidden(key, loc);
  // A struct's own key first: the common case (url.id, row.name).
  if (isStruct(obj) && own.call(obj, key)) return obj[key];
  if (obj instanceof XmlNode) return xmlGet(ctx, obj, key, loc);
  if (obj instanceof QueryResult) {
    const meta = QUERY_META.get(key) ?? QUERY_META_LOWER.get(key.toLowerCase());
    if (meta) return meta(obj, ctx);
    const col = columnOf(obj, key);
    if (col !== undefined) {
      const row = obj.rows[frameOf(ctx, obj)?.row ?? 0];
      return row === undefined ? "" : (row[col] ?? "");
    }
    throw new RuntimeError(
      codes.UNDEFINED,
      `Column "${key}" is not in the query (columns: ${obj.columns.join(", ")})`,
      loc,
    );
  }
  if (isStruct(obj)) {
    const k = keyOf(obj, key);
    if (k !== undefined) return obj[k];
    throw new RuntimeError(codes.UNDEFINED, `Element "${key}" is undefined`, loc);
  }
  // Null has no keys: the element is undefined, as CFML says (so a?.b?.c and ?: take it).
  if (obj === null || obj === undefined)
    throw new RuntimeError(codes.UNDEFINED, `Element "${key}" is undefined: it is read from null`, loc);
  throw new RuntimeError(codes.TYPE, `Cannot read "${key}" of ${typeName(obj)}`, loc);
}

/** member for a key known, when the code was made, not to be forbidden: a struct's own key at once. */
export function field(ctx: RenderContext, obj: unknown, key: string, loc: Loc): unknown {
  if (obj !== null && typeof obj === "object" && !Array.isArray(obj) && own.call(obj, key)) {
    if (isStructProto(Object.getPrototypeOf(obj))) return (obj as Struct)[key];
  }
  return member(ctx, obj, key, loc);
}

/** `obj[i]`: 1-based for arrays (and query rows), by key for structs; an array's `a[-1]` is its last element (Lucee). */
export function index(ctx: RenderContext, obj: unknown, key: unknown, loc: Loc): unknown {
  // q["name"]: a column, as q.name (a number is a row).
  if (obj instanceof QueryResult && typeof key === "string" && !isNumeric(key)) return member(ctx, obj, key, loc);
  if (Array.isArray(obj) || obj instanceof QueryResult) {
    const list: unknown[] = Array.isArray(obj) ? obj : obj.rows;
    let n = toNum(key, loc);
    if (n < 0 && Array.isArray(obj) && -n <= list.length) n += list.length + 1;
    if (!Number.isInteger(n) || n < 1 || n > list.length) {
      throw new RuntimeError(codes.UNDEFINED, `Index ${describeValue(key)} is out of range 1..${list.length}`, loc);
    }
    const v = list[n - 1];
    return obj instanceof QueryResult ? toRowStruct(v as Struct) : v;
  }
  // A string's characters, 1-based, as Lucee reads s[2].
  if (typeof obj === "string" && isNumeric(key)) return obj[position(key, obj.length, loc)];
  // A binary value's bytes, 1-based, as Lucee gives them: Java's signed bytes (-128 to 127).
  if (obj instanceof Uint8Array) return (obj[position(key, obj.length, loc)]! << 24) >> 24;
  return member(ctx, obj, toStr(key, loc), loc);
}

/** The 0-based place of a 1-based index into something `length` long, or the error that it is out of range. */
function position(key: unknown, length: number, loc: Loc): number {
  const n = toNum(key, loc);
  if (!Number.isInteger(n) || n < 1 || n > length)
    throw new RuntimeError(codes.UNDEFINED, `Index ${describeValue(key)} is out of range 1..${length}`, loc);
  return n - 1;
}

/** A query row as a struct, empty cells as "" (as a page reads them). */
export function toRowStruct(row: Struct): Struct {
  const s = newStruct();
  for (const k of Object.keys(row)) s[k] = row[k] ?? "";
  return s;
}

/** One step of an assignment path: a member name or an evaluated index. */
export type PathStep = string | { index: unknown };

/** `dbt:set a.b[c] = v`: creates missing structs on the way, refuses prototype keys. */
export function assign(ctx: RenderContext, base: string, steps: PathStep[], value: unknown, loc: Loc): void {
  let container: unknown;
  let key: PathStep;
  if (steps.length > 0 && SCOPES.has(base) && ctx.scopes[base as keyof typeof ctx.scopes]) {
    if (base === "cgi") throw new RuntimeError(codes.TYPE, "The cgi scope is read-only", loc);
    container = ctx.scopes[base as keyof typeof ctx.scopes];
    key = steps[0]!;
    steps = steps.slice(1);
  } else {
    // `local` and `arguments` are scopes only inside a function; elsewhere they are plain names.
    if (SCOPES.has(base) && (ctx.scopes[base as keyof typeof ctx.scopes] || !FUNCTION_SCOPES.has(base)))
      throw new RuntimeError(codes.TYPE, `Cannot replace the ${base} scope`, loc);
    // In a function, an unscoped name is an argument's or the function's own (local); in a
    // closure, one the function it was made in has (as Lucee: a closure updates its maker's var).
    const { local, arguments: args } = ctx.scopes;
    container = local
      ? args && keyOf(args, base) !== undefined
        ? args
        : keyOf(local, base) !== undefined
          ? local
          : (capturedWith(ctx, base, args) ?? local)
      : ctx.scopes.variables;
    key = base;
  }
  for (const [i, step] of steps.entries()) {
    // q.col[row] = v, q["col"][row] = v: a cell of a query (CFML), the last step its row.
    if (container instanceof QueryResult && i === steps.length - 1 && typeof step !== "string") {
      const readKey = readSlotQuery(container, key, loc);
      if (readKey !== undefined) return setCell(ctx, container, readKey, step.index, value, loc);
    }
    let next =
      container instanceof XmlNode
        ? xmlGet(ctx, container, slotName(key, loc), loc)
        : readSlot(container, key, loc, true);
    if (next === undefined) {
      next = newSlot(container);
      writeSlot(container, key, next, loc, ctx.limits.maxArrayLength);
    }
    container = next;
    key = step;
  }
  checkSize(ctx, value, loc);
  if (container instanceof XmlNode) return xmlSet(ctx, container, slotName(key, loc), value, loc);
  const held = writeSlot(container, key, value, loc, ctx.limits.maxArrayLength);
  // Held by the page: what goes into an array or struct, and the page's own variables; a
  // module's or function's own variables (a scope made for the call) go with the call.
  if (held !== 0 && (steps.length > 0 || ctx.callDepth === 0)) hold(ctx, held, loc);
}

/** The column of `q` a step names, if it names one. */
function readSlotQuery(q: QueryResult, key: PathStep, loc: Loc): string | undefined {
  const k = slotName(key, loc);
  if (isForbiddenKey(k)) forbidden(k, loc);
  return columnOf(q, k);
}

/** Sets row `row` (1-based, an existing row) of column `col` of `q` to `value`. */
function setCell(ctx: RenderContext, q: QueryResult, col: string, row: unknown, value: unknown, loc: Loc): void {
  const n = toNum(row, loc);
  if (!Number.isInteger(n) || n < 1 || n > q.rows.length)
    throw new RuntimeError(codes.UNDEFINED, `Row ${describeValue(row)} is out of range 1..${q.rows.length}`, loc);
  checkSize(ctx, value, loc);
  const cells = q.rows[n - 1]!;
  // Held by the page as querySetCell holds it: the text it adds.
  hold(ctx, weigh(value) - weigh(cells[col]), loc);
  cells[col] = value;
}

/** `i++`, `--a[k]`: sets the target to its number plus `delta`; the number before (postfix) or after (prefix). */
export function step(
  ctx: RenderContext,
  base: string,
  steps: PathStep[],
  current: unknown,
  delta: 1 | -1,
  prefix: boolean,
  loc: Loc,
): number {
  const n = toNum(current, loc);
  assign(ctx, base, steps, n + delta, loc);
  return prefix ? n + delta : n;
}

/** The innermost variables a closure captured (those before its arguments' frame) that hold `name`. */
function capturedWith(ctx: RenderContext, name: string, args: Struct | undefined): Struct | undefined {
  const at = ctx.frames.findIndex((f) => f.kind === "vars" && f.vars === args);
  for (let i = at - 1; i >= 0; i--) {
    const f = ctx.frames[i]!;
    if (f.kind === "vars" && keyOf(f.vars, name) !== undefined) return f.vars;
  }
  return undefined;
}

const slotName = (key: PathStep, loc: Loc): string => (typeof key === "string" ? key : toStr(key.index, loc));

function slotKey(container: unknown, key: PathStep, loc: Loc): string | number {
  if (Array.isArray(container)) {
    const n = toNum(typeof key === "string" ? key : key.index, loc);
    if (!Number.isInteger(n) || n < 1)
      throw new RuntimeError(codes.UNDEFINED, `Invalid array index ${describeValue(n)}`, loc);
    return n - 1;
  }
  const k = typeof key === "string" ? key : toStr(key.index, loc);
  if (isForbiddenKey(k)) forbidden(k, loc);
  if (!isStruct(container)) throw new RuntimeError(codes.TYPE, `Cannot set "${k}" on ${typeName(container)}`, loc);
  // The key in the case it was first written with (CFML's keys are case-insensitive).
  return own.call(container, k) ? k : (foldedKey(container, k) ?? k);
}

function readSlot(container: unknown, key: PathStep, loc: Loc, create: boolean): unknown {
  const k = slotKey(container, key, loc);
  if (typeof k === "number") return (container as unknown[])[k];
  const s = container as Struct;
  return own.call(s, k) ? s[k] : create ? undefined : null;
}

// `a[100000000] = 1` would fill gigabytes with nulls, blocking the process meanwhile: an index
// may grow an array up to maxArrayLength (arrayResize and arraySet have the same bound).
/**
 * Writes one slot; returns about how many more bytes the page holds for it (engine/work.ts):
 * the elements it grew an array by or the struct member it made, and a string's characters
 * in place of the old value's.
 */
function writeSlot(container: unknown, key: PathStep, value: unknown, loc: Loc, maxLength: number): number {
  const k = slotKey(container, key, loc);
  const chars = typeof value === "string" ? value.length : 0;
  if (typeof k === "number") {
    const arr = container as unknown[];
    if (k >= arr.length && k >= maxLength)
      throw new RuntimeError(
        codes.ARRAY_LIMIT,
        `Array index ${k + 1} would grow the array past ${maxLength} elements (limit maxArrayLength)`,
        loc,
      );
    // A typed array's element converted (or refused) before the array grows.
    const e = asElement(arr, value, loc);
    const grown = k < arr.length ? 0 : (k + 1 - arr.length) * ELEMENT_BYTES;
    while (arr.length < k) arr.push(null);
    const old = arr[k];
    // An element of an xmlChildren array replaces that child in its document.
    arr[k] = isChildView(arr) ? childViewSet(arr, k, e, loc) : e;
    return grown + chars - (typeof old === "string" ? old.length : 0);
  }
  const s = container as Struct;
  const old = s[k];
  // A member of an xmlAttributes struct sets that attribute of its element.
  attrViewSet(null, s, k, value, loc);
  s[k] = value;
  if (old === undefined) noteKey(s, k);
  return (old === undefined ? MEMBER_BYTES : 0) + chars - (typeof old === "string" ? old.length : 0);
}

// ---- operators ----

export function add(a: unknown, b: unknown, loc: Loc): number {
  if (typeof a === "number" && typeof b === "number" && a === a && b === b) return a + b;
  return toNum(a, loc) + toNum(b, loc);
}
export function sub(a: unknown, b: unknown, loc: Loc): number {
  if (typeof a === "number" && typeof b === "number" && a === a && b === b) return a - b;
  return toNum(a, loc) - toNum(b, loc);
}
export function mul(a: unknown, b: unknown, loc: Loc): number {
  if (typeof a === "number" && typeof b === "number" && a === a && b === b) return a * b;
  return toNum(a, loc) * toNum(b, loc);
}
export function div(a: unknown, b: unknown, loc: Loc): number {
  const d = toNum(b, loc);
  const n = toNum(a, loc);
  if (d === 0) throw new RuntimeError(codes.TYPE, "Division by zero is not possible", loc);
  return n / d;
}
export function mod(a: unknown, b: unknown, loc: Loc): number {
  const d = toNum(b, loc);
  const n = toNum(a, loc);
  if (d === 0) throw new RuntimeError(codes.TYPE, "Division by zero is not possible", loc);
  return n % d;
}
/** `a \ b`: CFML's integer division, the quotient without its fraction. */
export function idiv(a: unknown, b: unknown, loc: Loc): number {
  const d = toNum(b, loc);
  const n = toNum(a, loc);
  if (d === 0) throw new RuntimeError(codes.TYPE, "Division by zero is not possible", loc);
  return Math.trunc(n / d);
}
export function pow(a: unknown, b: unknown, loc: Loc): number {
  return toNum(a, loc) ** toNum(b, loc);
}
export function neg(a: unknown, loc: Loc): number {
  return -toNum(a, loc);
}
/** `a & b`: refuses a result past maxStringLength before it is made (a doubling loop stops there). */
export function concat(ctx: RenderContext, a: unknown, b: unknown, loc: Loc): string {
  const x = toStr(a, loc);
  const y = toStr(b, loc);
  if (x.length + y.length > ctx.limits.maxStringLength) throw stringLimit(ctx, x.length + y.length, loc);
  return x + y;
}

export function stringLimit(ctx: RenderContext, length: number, loc: Loc): RuntimeError {
  return new RuntimeError(
    codes.STRING_LIMIT,
    `A string of ${length} characters is longer than ${ctx.limits.maxStringLength} (limit maxStringLength)`,
    loc,
  );
}
export function contains(a: unknown, b: unknown, loc: Loc): boolean {
  return toStr(a, loc).toLowerCase().includes(toStr(b, loc).toLowerCase());
}
export function ncontains(a: unknown, b: unknown, loc: Loc): boolean {
  return !contains(a, b, loc);
}
// XOR, EQV and IMP take both sides as booleans; neither is skipped (CFML evaluates both).
export function xor(a: unknown, b: unknown, loc: Loc): boolean {
  return toBool(a, loc) !== toBool(b, loc);
}
export function eqv(a: unknown, b: unknown, loc: Loc): boolean {
  return toBool(a, loc) === toBool(b, loc);
}
export function imp(a: unknown, b: unknown, loc: Loc): boolean {
  const x = toBool(a, loc);
  const y = toBool(b, loc);
  return !x || y;
}
export function eq(a: unknown, b: unknown, loc: Loc): boolean {
  if (typeof a === "number" && typeof b === "number" && a === a && b === b) return a === b;
  return compare(a, b, loc) === 0;
}

// ---- calls and defaults ----

/** Gives a located error to whatever a built-in function threw. */
export function locate(err: unknown, loc: Loc): QuarryError {
  if (err instanceof QuarryError) {
    if (!err.loc) err.loc = loc;
    return err;
  }
  const message = err instanceof Error ? err.message : String(err);
  return new RuntimeError(codes.FUNCTION, message, loc);
}

export type BuiltinFn = (ctx: RenderContext, ...args: unknown[]) => unknown;

/** A built-in function's call: its value checked for size, its error located. */
export function call(ctx: RenderContext, fn: BuiltinFn, loc: Loc, ...args: unknown[]): unknown {
  let v: unknown;
  try {
    v = fn(ctx, ...args);
  } catch (err) {
    throw failed(ctx, err, loc);
  }
  return checkSize(ctx, v, loc);
}

/**
 * `call` with one, two or three arguments (compiled code's calls of that many): no array of
 * arguments made and spread on every call, which measured 2–3% of /mandelbrot's render (its
 * mid() per point). A size error of checkSize is located already: `failed` leaves it as it is.
 */
export function call1(ctx: RenderContext, fn: BuiltinFn, loc: Loc, a: unknown): unknown {
  try {
    return checkSize(ctx, fn(ctx, a), loc);
  } catch (err) {
    throw failed(ctx, err, loc);
  }
}
export function call2(ctx: RenderContext, fn: BuiltinFn, loc: Loc, a: unknown, b: unknown): unknown {
  try {
    return checkSize(ctx, fn(ctx, a, b), loc);
  } catch (err) {
    throw failed(ctx, err, loc);
  }
}
export function call3(ctx: RenderContext, fn: BuiltinFn, loc: Loc, a: unknown, b: unknown, c: unknown): unknown {
  try {
    return checkSize(ctx, fn(ctx, a, b, c), loc);
  } catch (err) {
    throw failed(ctx, err, loc);
  }
}

/** A built-in function's error, located at its call (a string or array too long for JavaScript: the limit's error). */
function failed(ctx: RenderContext, err: unknown, loc: Loc): QuarryError {
  return locate(sizeError(ctx, err, loc), loc);
}

/**
 * isNull(x) as CFML has it: true for null and for what is not there (an undefined variable, key
 * or array element), which every other expression refuses with QRY_ERR_UNDEFINED.
 */
export function isNullOf(value: () => unknown): boolean {
  try {
    const v = value();
    return v === null || v === undefined;
  } catch (err) {
    if (err instanceof RuntimeError && err.code === codes.UNDEFINED) return true;
    throw err;
  }
}

/** isNull(...) with one argument that does not await: both modes catch its undefined (rt.isNullOf). */
export const isNullCall = (name: string, args: { async?: boolean }[]): boolean =>
  args.length === 1 && !args[0]!.async && name.toLowerCase() === "isnull";

/**
 * What writeOutput(value, [encodeFor]) and echo write: the value, or encoded for the context its
 * second argument names (encodeFor's), then HTML-escaped as #…# is (an HTML encoding is not escaped twice).
 */
export function written(args: unknown[], loc: Loc): string {
  if (args.length < 2 || args[1] === undefined || args[1] === null) return esc(args[0], loc);
  try {
    return esc(encodeAs("writeOutput", args[1], toStr(args[0], loc)), loc);
  } catch (err) {
    throw locate(err, loc);
  }
}

/** Refuses a string or array past the limits (a function's result, a value being set); a date keeps the page's zone. */
export function checkSize(ctx: RenderContext, v: unknown, loc: Loc): unknown {
  if (typeof v === "string") {
    if (v.length > ctx.limits.maxStringLength) throw stringLimit(ctx, v.length, loc);
  } else if (Array.isArray(v)) {
    if (v.length > ctx.limits.maxArrayLength) throw arrayLimit(ctx, v.length, loc);
  } else if (v instanceof Date) setZone(v, ctx.page.timezone);
  return v;
}

function arrayLimit(ctx: RenderContext, length: number, loc: Loc): RuntimeError {
  return new RuntimeError(
    codes.ARRAY_LIMIT,
    `An array of ${length} elements is longer than ${ctx.limits.maxArrayLength} (limit maxArrayLength)`,
    loc,
  );
}

/** JavaScript's own size failures inside a function become the limit errors they amount to. */
function sizeError(ctx: RenderContext, err: unknown, loc: Loc): unknown {
  if (!(err instanceof RangeError)) return err;
  if (err.message === "Invalid string length")
    return new RuntimeError(
      codes.STRING_LIMIT,
      `A string would be longer than ${ctx.limits.maxStringLength} characters (limit maxStringLength)`,
      loc,
    );
  if (err.message === "Invalid array length")
    return new RuntimeError(
      codes.ARRAY_LIMIT,
      `An array would be longer than ${ctx.limits.maxArrayLength} elements (limit maxArrayLength)`,
      loc,
    );
  return err;
}

/**
 * Does an error of elvis's left side give its right side: an undefined name, key or element;
 * and when the left side is a variable's path (`path`: `a.b`, `a[1]`, no call in it), one that
 * cannot be read (`a.b` of an array or a number), as Lucee reads a variable there.
 */
const elvisMiss = (err: unknown, path: boolean): boolean =>
  err instanceof RuntimeError && (err.code === codes.UNDEFINED || (path && err.code === codes.TYPE));

/** `a ?: b`: b when a is undefined or null (or, for a variable's path, cannot be read: elvisMiss). */
export function elvis(left: () => unknown, right: () => unknown, path = false): unknown {
  let v: unknown;
  try {
    v = left();
  } catch (err) {
    if (elvisMiss(err, path)) return right();
    throw err;
  }
  return v === null || v === undefined ? right() : v;
}

/** elvis for operands that await (they call a function defined with dbt:function). */
export async function elvisAsync(
  left: () => Promise<unknown>,
  right: () => Promise<unknown>,
  path = false,
): Promise<unknown> {
  let v: unknown;
  try {
    v = await left();
  } catch (err) {
    if (elvisMiss(err, path)) return right();
    throw err;
  }
  return v === null || v === undefined ? right() : v;
}

/**
 * A variable's path: a name, and members and elements of it (`a.b[1]`, `a[i]`), with nothing
 * called and only a literal or a name as an index (an error computing an index is not the
 * read's: Lucee raises it).
 */
export function isPath(e: Expr): boolean {
  if (e.type === "var") return true;
  if (e.type === "member") return isPath(e.object);
  return e.type === "index" && (e.index.type === "literal" || e.index.type === "var") && isPath(e.object);
}

/** Joins the parts of an attribute value written as text with #expr#. */
export function join(loc: Loc, ...parts: unknown[]): string {
  let s = "";
  for (const p of parts) s += toStr(p, loc);
  return s;
}

export { newStruct };

/**
 * `a === b`, as Lucee 6.2 answers it: values of the same type that are equal as `EQ` finds
 * them (so `"a" === "A"` is true, `"1" === 1` false), or the same array, struct or query.
 */
export function eeq(a: unknown, b: unknown, loc: Loc): boolean {
  if (a === b) return true;
  const kind = (v: unknown) =>
    typeof v === "string" || v instanceof SafeString ? "string" : v instanceof Date ? "date" : typeof v;
  if (kind(a) !== kind(b) || (typeof a === "object" && !(a instanceof Date) && !(a instanceof SafeString)))
    return false;
  return eq(a, b, loc);
}

export function neeq(a: unknown, b: unknown, loc: Loc): boolean {
  return !eeq(a, b, loc);
}

export function neq(a: unknown, b: unknown, loc: Loc): boolean {
  if (typeof a === "number" && typeof b === "number" && a === a && b === b) return a !== b;
  return compare(a, b, loc) !== 0;
}
export function gt(a: unknown, b: unknown, loc: Loc): boolean {
  if (typeof a === "number" && typeof b === "number" && a === a && b === b) return a > b;
  return compare(a, b, loc) > 0;
}
export function gte(a: unknown, b: unknown, loc: Loc): boolean {
  if (typeof a === "number" && typeof b === "number" && a === a && b === b) return a >= b;
  return compare(a, b, loc) >= 0;
}
export function lt(a: unknown, b: unknown, loc: Loc): boolean {
  if (typeof a === "number" && typeof b === "number" && a === a && b === b) return a < b;
  return compare(a, b, loc) < 0;
}
export function lte(a: unknown, b: unknown, loc: Loc): boolean {
  if (typeof a === "number" && typeof b === "number" && a === a && b === b) return a <= b;
  return compare(a, b, loc) <= 0;
}

/**
 * The runtime helper behind each binary operator but `&` (`concat`, which also takes the
 * context for its length limit); the compiler emits `rt.<name>`.
 */
export const BINARY = {
  "+": "add",
  "-": "sub",
  "*": "mul",
  "/": "div",
  "\\": "idiv",
  "%": "mod",
  "^": "pow",
  eq: "eq",
  neq: "neq",
  eeq: "eeq",
  neeq: "neeq",
  gt: "gt",
  gte: "gte",
  lt: "lt",
  lte: "lte",
  contains: "contains",
  ncontains: "ncontains",
  xor: "xor",
  eqv: "eqv",
  imp: "imp",
} as const;

/** A struct literal: keys in order, later duplicates win. */
export function struct(keys: string[], values: unknown[]): Struct {
  const s = newStruct();
  for (let i = 0; i < keys.length; i++) s[keys[i]!] = values[i];
  return s;
}

/** A struct key made by #…# (`{"k#n#": 1}`): text, and not a name that reaches JavaScript's objects. */
export function structKey(key: unknown, loc: Loc): string {
  const k = toStr(key, loc);
  if (isForbiddenKey(k)) forbidden(k, loc);
  return k;
}

/**
 * A struct literal with a key made by #…#: its keys and values in turn, as written (each key
 * before its value, Lucee's order). Keys are case-insensitive: a later one in another case sets
 * the first one's value (the validator folds the written keys the same way).
 */
export function structPairs(pairs: unknown[]): Struct {
  const s = newStruct();
  for (let i = 0; i < pairs.length; i += 2) {
    const key = pairs[i] as string;
    s[keyOf(s, key) ?? key] = pairs[i + 1];
  }
  return s;
}

export { QuarryError, RuntimeError } from "./errors.js";
export { unwind, templateEnd, AbortSignal, BreakSignal, ContinueSignal, ExitSignal } from "./signals.js";
export { SafeString } from "./values.js";
