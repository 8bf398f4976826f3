import { category, str } from "./define.js";
import type { RenderContext } from "../context.js";
import { lookup, member } from "../runtime.js";
import { RuntimeError } from "../errors.js";
import { SafeString, QueryResult, isStruct, toBool, typeName } from "../values.js";
import { isDate } from "./dates.js";

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const NOWHERE = { file: "", line: 0, column: 0, start: 0, end: 0 };

/** isDefined("url.page"): resolves a dotted path without raising. */
function isDefined(ctx: RenderContext, path: unknown): boolean {
  const p = str(path);
  if (!PATH.test(p)) return false;
  const [head, ...rest] = p.split(".");
  try {
    let v = lookup(ctx, head!, NOWHERE);
    for (const k of rest) v = member(ctx, v, k, NOWHERE);
    return v !== null && v !== undefined;
  } catch (err) {
    if (err instanceof RuntimeError) return false;
    throw err;
  }
}

export default category("types", {
  isDefined: [{ params: "path", doc: 'true when a variable path such as "url.page" exists and is not null.', example: 'isDefined("url.nothing")', result: "false" },
    (ctx, p: unknown) => isDefined(ctx, p)],
  isNull: [{ params: "value", doc: "true for null.", example: "isNull(null)", result: "true" }, (_c, v: unknown) => v === null],
  isArray: [{ params: "value", doc: "true for an array.", example: "isArray([1])", result: "true" }, (_c, v: unknown) => Array.isArray(v)],
  isStruct: [{ params: "value", doc: "true for a struct.", example: "isStruct({})", result: "true" }, (_c, v: unknown) => isStruct(v)],
  isQuery: [{ params: "value", doc: "true for a query.", example: 'isQuery(queryNew("a"))', result: "true" }, (_c, v: unknown) => v instanceof QueryResult],
  isSimpleValue: [{ params: "value", doc: "true for a string, number, boolean or date.", example: "isSimpleValue([])", result: "false" },
    (_c, v: unknown) => ["string", "number", "boolean", "date"].includes(typeName(v))],
  isBoolean: [{ params: "value", doc: "true when the value can be read as a boolean.", example: 'isBoolean("yes")', result: "true" },
    (_c, v: unknown) => { try { toBool(v, null); return true; } catch { return false; } }],
  isValid: [{ params: "type, value", doc: "Checks a value against a dbt:param type (integer, numeric, boolean, date, email, uuid, …).", example: 'isValid("email", "a@b.co")', result: "true" },
    (_c, t: unknown, v: unknown) => isValidType(str(t).toLowerCase(), v)],
  typeOf: [{ params: "value", doc: "The type name: string, number, boolean, null, array, struct, query or date.", example: "typeOf([1])", result: "array" }, (_c, v: unknown) => typeName(v)],
  raw: [{ params: "value", doc: "Prints the value without HTML escaping in dbt:output. Only for trusted HTML.", example: 'raw("<b>x</b>")', result: "<b>x</b>" },
    (_c, v: unknown) => (v instanceof SafeString ? v : new SafeString(str(v)))],
  yesNoFormat: [{ params: "value", doc: '"Yes" or "No".', example: "yesNoFormat(1)", result: "Yes" }, (_c, v: unknown) => (toBool(v, null) ? "Yes" : "No")],
});

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^\s*[+-]?\d+\s*$/;

/** Shared by isValid() and dbt:param. */
export function isValidType(type: string, v: unknown): boolean {
  switch (type) {
    case "any": return true;
    case "string": return ["string", "number", "boolean", "date"].includes(typeName(v));
    case "integer": return typeof v === "number" ? Number.isSafeInteger(v) : typeof v === "string" && INTEGER.test(v) && Number.isSafeInteger(Number(v));
    case "numeric": return typeof v === "number" ? Number.isFinite(v) : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) && /^[\s+\-.\deE]+$/.test(v);
    case "boolean":
      try { toBool(v, null); return true; } catch { return false; }
    case "date": return isDate(v);
    case "email": return typeof v === "string" && EMAIL.test(v);
    case "uuid": return typeof v === "string" && UUID.test(v);
    case "array": return Array.isArray(v);
    case "struct": return isStruct(v);
    default: throw new Error(`Unknown type ${JSON.stringify(type)}`);
  }
}
