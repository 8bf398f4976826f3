// <dbt:queryparam value="#url.id#" type="integer" list null maxlength separator>: one bound
// value in a dbt:query body. Every plain #expr# in a query body becomes an implicit
// queryparam too (see query.ts), so values never become SQL text: the body renders "$1",
// "$2", … and the values travel beside it.
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import { QueryParamError, RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { QueryResult, SafeString, SqlIdentifier, describeValue, isStruct, toDate } from "../engine/values.js";
import { fixedArg } from "./helpers.js";
import { callTag } from "./call.js";

/** Quarry's queryparam types and the Postgres cast each adds. `cf_sql_` prefixes are accepted. */
const CASTS: Record<string, string> = {
  integer: "int",
  smallint: "smallint",
  bigint: "bigint",
  numeric: "numeric",
  decimal: "numeric",
  float: "float8",
  double: "float8",
  real: "float4",
  varchar: "text",
  char: "text",
  text: "text",
  string: "text",
  longvarchar: "text",
  date: "date",
  timestamp: "timestamptz",
  time: "time",
  boolean: "boolean",
  bit: "boolean",
  uuid: "uuid",
  json: "jsonb",
};
const INTEGER_TYPES = new Set(["integer", "smallint", "bigint"]);
const NUMBER_TYPES = new Set(["numeric", "decimal", "float", "double", "real"]);

export interface BindSpec {
  /** The queryparam type, normalised (no cf_sql_ prefix); "" for none. */
  type: string;
  /** How the value was written, for error messages ("url.id"). */
  label: string;
  list?: unknown;
  separator?: unknown;
  isNull?: unknown;
  maxlength?: number | undefined;
}

/**
 * A statement's bound values as its query body or queryExecute binds them, and beside each how
 * the template wrote it: the datasource names a value the database refuses by it ("$1 (url.id)").
 */
export interface BoundParams {
  /** The values, $1 first. */
  params: unknown[];
  /** labels[n - 1] is $n's label ("url.id", "?1", ":name"); "" when none. */
  labels: string[];
}

/** A statement's bound values before the first is bound. */
export const noParams = (): BoundParams => ({ params: [], labels: [] });

/** Is this (normalised) one of the queryparam types? */
export const isQueryparamType = (t: string): boolean => Object.hasOwn(CASTS, t);

export function normaliseType(t: string): string {
  return t.toLowerCase().replace(/^cf_sql_/, "");
}

/** A template value as the driver should send it. */
function plain(v: unknown, spec: BindSpec, loc: Loc): unknown {
  if (v instanceof SafeString) v = v.value;
  if (v instanceof QueryResult)
    throw new RuntimeError(codes.TYPE, `A query cannot be bound as a SQL value (${spec.label})`, loc);
  const t = spec.type;
  if (v === null || v === undefined) return null;
  if (INTEGER_TYPES.has(t) || NUMBER_TYPES.has(t)) {
    const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
    if (!Number.isFinite(n) || (INTEGER_TYPES.has(t) && !Number.isInteger(n))) {
      throw new QueryParamError(
        `Query parameter ${spec.label} must be ${INTEGER_TYPES.has(t) ? "an integer" : "a number"}, got ${describeValue(v)}`,
        loc,
      );
    }
    return n;
  }
  if (t === "boolean" || t === "bit") return rt.toBool(v, loc);
  if (t === "date" || t === "timestamp") {
    try {
      return toDate(v);
    } catch {
      throw new QueryParamError(`Query parameter ${spec.label} must be a date, got ${describeValue(v)}`, loc);
    }
  }
  if (
    t === "uuid" &&
    (typeof v !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v))
  ) {
    throw new QueryParamError(`Query parameter ${spec.label} must be a UUID, got ${describeValue(v)}`, loc);
  }
  if (t === "json") return JSON.stringify(v);
  if (Array.isArray(v)) return v.map((x) => plain(x, spec, loc));
  if (isStruct(v)) return JSON.stringify(v);
  if (t !== "" && typeof v !== "string") v = rt.toStr(v, loc);
  if (spec.maxlength !== undefined && typeof v === "string" && v.length > spec.maxlength) {
    throw new QueryParamError(
      `Query parameter ${spec.label} must be at most ${spec.maxlength} characters, got ${v.length}`,
      loc,
    );
  }
  return v;
}

/** Binds a value of the query being built and returns its placeholder. */
export function bindParam(ctx: RenderContext, value: unknown, spec: BindSpec, loc: Loc): string {
  const bound = ctx.page.sqlBound;
  if (!bound) throw new RuntimeError(codes.NESTING, "dbt:queryparam is only valid inside dbt:query", loc);
  return bindValue(bound, value, spec, loc);
}

/**
 * Appends a value to a statement's bound values and returns its placeholder (`$n`, with the
 * type's cast). The one place a placeholder is written: the pages at run time and
 * `quarry check --db` (tags/query-shapes.ts) build their statements through it.
 */
export function bindValue(bound: BoundParams, value: unknown, spec: BindSpec, loc: Loc): string {
  // An identifier from ident() is SQL text already checked against its allow-list.
  if (value instanceof SqlIdentifier) return value.value;
  let v: unknown;
  const list = spec.list !== undefined && rt.toBool(spec.list, loc);
  if (spec.isNull !== undefined && rt.toBool(spec.isNull, loc)) v = null;
  else if (list) {
    const sep = spec.separator === undefined ? "," : rt.toStr(spec.separator, loc);
    const items = Array.isArray(value)
      ? value
      : rt
          .toStr(value, loc)
          .split(sep)
          .map((s) => s.trim())
          .filter((s) => s !== "");
    v = items.map((x) => plain(x, spec, loc));
  } else v = plain(value, spec, loc);
  const { params, labels } = bound;
  params.push(v);
  labels.push(spec.label);
  const cast = CASTS[spec.type];
  return `$${params.length}${cast ? `::${cast}${list ? "[]" : ""}` : ""}`;
}

/** dbt:queryparam: binds `value` and returns its placeholder. */
export function queryParam(
  ctx: RenderContext,
  value: unknown,
  type: string,
  label: string,
  list: unknown,
  separator: unknown,
  isNull: unknown,
  maxlength: number | undefined,
  loc: Loc,
): string {
  return bindParam(ctx, value, { type, label, list, separator, isNull, maxlength }, loc);
}

interface QueryparamData {
  label: string;
}

export const queryparamTag: TagDef<QueryparamData> = {
  name: "queryparam",
  body: "none",
  facts: { sql: "param" },
  attributes: {
    // Required, but an implicit queryparam (from #expr#) is made with its value already set.
    value: { type: "any" },
    type: { type: "text" },
    list: { type: "boolean" },
    separator: { type: "string" },
    null: { type: "boolean" },
    maxlength: { type: "integer" },
  },
  validate(node, v) {
    if (!v.enclosing("query")) throw v.error("<dbt:queryparam> must stand inside <dbt:query>", node.loc, codes.NESTING);
    if (!node.args.value) throw v.error('<dbt:queryparam> needs the attribute "value"', node.loc);
    const type = fixedArg(node, "type");
    if (type !== undefined && !Object.hasOwn(CASTS, normaliseType(type))) {
      throw v.error(
        `Unknown queryparam type ${JSON.stringify(type)} (known: ${Object.keys(CASTS).join(", ")})`,
        node.args.type!.loc,
      );
    }
    // The label names the value in errors: the attribute as written, or the implicit #expr#.
    const raw =
      node.attrs.find((a) => a.name.toLowerCase() === "value")?.raw ?? v.src.text.slice(node.loc.start, node.loc.end);
    node.data = { label: raw.trim().replace(/^#([\s\S]*)#$/, "$1") };
  },
  // The placeholder goes into the SQL text the query's body renders.
  ...callTag<QueryparamData>(
    "queryParam",
    queryParam,
    [
      "value",
      { fixed: (node) => normaliseType(fixedArg(node, "type") ?? "") },
      { fixed: (node) => node.data.label },
      "list",
      "separator",
      "null",
      "maxlength",
    ],
    { output: true },
  ),
};

export const runtime = { queryParam };

export default { tags: [queryparamTag], runtime } satisfies TagModule;
