// CFML's queryExecute(sql, params, options), run by <dbt:set q = queryExecute(…)>: the SQL is
// text written in the template (string literals, joined with & only to ident() calls), and its
// `?` and `:name` placeholders are bound exactly as dbt:queryparam binds (types, lists, null),
// so no value becomes SQL text.
import type { Expr, Loc } from "../parser/ast.js";
import type { RenderContext } from "../engine/context.js";
import { QueryParamError, RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { QueryResult, SafeString, isStruct, newStruct, type Struct } from "../engine/values.js";
import { bindValue, isQueryparamType, noParams, normaliseType, type BindSpec, type BoundParams } from "./queryparam.js";
import { runQuery } from "./query.js";

/** Is the SQL argument written out: string literals (with #…#), joined with & to ident() calls? */
export function staticSql(e: Expr): boolean {
  if (e.type === "literal") return typeof e.value === "string";
  if (e.type === "call") return e.name.toLowerCase() === "ident";
  // "… #x# …": x is bound, whatever it is.
  if (e.type === "binary" && e.interp) return staticSql(e.left) && (e.right.type !== "literal" || staticSql(e.right));
  if (e.type === "binary") return e.op === "&" && staticSql(e.left) && staticSql(e.right);
  return false;
}

/** Stands for the n-th #…# of the SQL until it is bound: NUL is never in SQL text Postgres takes. */
const mark = (n: number) => `\u0000${n}\u0000`;

/**
 * The SQL argument with each #…# of its string literals taken out as a value to bind (a mark in
 * its place), or a message when one stands inside a quoted SQL string, where "$1" would be text.
 */
export function bindInterpolated(e: Expr): { sql: Expr; values: Expr[] } | { inQuotes: Loc } {
  const values: Expr[] = [];
  let quotes = 0;
  let inQuotes: Loc | null = null;
  const walk = (x: Expr): Expr => {
    if (x.type === "binary" && x.op === "&") {
      const left = walk(x.left);
      if (!x.interp || x.right.type === "literal") return { ...x, left, right: walk(x.right) };
      if (quotes % 2 === 1) inQuotes ??= x.right.loc;
      values.push(x.right);
      return { ...x, left, right: { type: "literal", value: mark(values.length - 1), loc: x.right.loc } };
    }
    if (x.type === "literal" && typeof x.value === "string") quotes += x.value.split("'").length - 1;
    return x;
  };
  const sql = walk(e);
  return inQuotes ? { inQuotes } : { sql, values };
}

/** A struct's value for a key in any case (CFML's option and parameter names are case-insensitive). */
function get(s: Struct, key: string): unknown {
  const k = Object.keys(s).find((x) => x.toLowerCase() === key);
  return k === undefined ? undefined : s[k];
}

/** What one placeholder binds: a value, or CFML's {value, cfsqltype, list, null, separator, maxlength}. */
function bind(bound: BoundParams, p: unknown, label: string, loc: Loc): string {
  if (!isStruct(p) || get(p, "value") === undefined) return bindValue(bound, p, { type: "", label }, loc);
  const t = get(p, "cfsqltype") ?? get(p, "sqltype") ?? get(p, "type");
  const type = t === undefined ? "" : normaliseType(rt.toStr(t, loc));
  if (type !== "" && !isQueryparamType(type))
    throw new QueryParamError(`Unknown type ${JSON.stringify(rt.toStr(t, loc))} for query parameter ${label}`, loc);
  const max = get(p, "maxlength");
  const spec: BindSpec = {
    type,
    label,
    list: get(p, "list"),
    separator: get(p, "separator"),
    isNull: get(p, "null"),
    maxlength: max === undefined ? undefined : rt.toNum(max, loc),
  };
  return bindValue(bound, get(p, "value"), spec, loc);
}

/**
 * The SQL with each `?` / `:name` (outside quotes and comments, not a `::` cast) and each mark of
 * a #…# replaced by its placeholder.
 */
function placeholders(
  sql: string,
  positional: (i: number) => string,
  named: (name: string) => string,
  inline: (i: number) => string,
): string {
  let out = "";
  let n = 0;
  const skipTo = (end: string, from: number) => {
    const k = sql.indexOf(end, from);
    return k < 0 ? sql.length : k + end.length;
  };
  for (let i = 0; i < sql.length;) {
    const c = sql[i]!;
    if (c === "\u0000") {
      const end = sql.indexOf("\u0000", i + 1);
      out += inline(Number(sql.slice(i + 1, end)));
      i = end + 1;
      continue;
    }
    if (c === "?") {
      out += positional(n++);
      i++;
      continue;
    }
    if (c === ":" && /[A-Za-z_]/.test(sql[i + 1] ?? "")) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))![0];
      out += named(name);
      i += 1 + name.length;
      continue;
    }
    // Text copied as it is: a quoted string or identifier, a comment, a :: cast, one character.
    let j: number;
    if (c === "'" || c === '"') {
      j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      j++;
    } else if (sql.startsWith("--", i)) j = skipTo("\n", i);
    else if (sql.startsWith("/*", i)) j = skipTo("*/", i + 2);
    else if (sql.startsWith("::", i)) j = i + 2;
    else j = i + 1;
    out += sql.slice(i, Math.min(j, sql.length));
    i = j;
  }
  return out;
}

/**
 * The statement queryExecute sends: the SQL with each `?`, `:name` and #…# mark replaced by its
 * placeholder, the values appended to `bound`. `given` is the params argument (an array, a
 * struct, or nothing); `inline` the values of the #…# marks. quarry check --db builds the
 * statements it prepares through this too (tags/query-shapes.ts).
 */
export function boundSql(bound: BoundParams, sql: string, given: unknown, inline: unknown[], loc: Loc): string {
  return placeholders(
    sql,
    (i) => {
      if (!Array.isArray(given) || i >= given.length)
        throw new QueryParamError(`The SQL's ? number ${i + 1} has no value in queryExecute's params array`, loc);
      return bind(bound, given[i], `?${i + 1}`, loc);
    },
    (name) => {
      const v = isStruct(given) ? get(given, name.toLowerCase()) : undefined;
      if (v === undefined)
        throw new QueryParamError(`The SQL's :${name} has no value in queryExecute's params struct`, loc);
      return bind(bound, v, `:${name}`, loc);
    },
    (i) => bindValue(bound, inline[i], { type: "", label: `#…# number ${i + 1}` }, loc),
  );
}

/** Runs the query; returns it as a query, an array of row structs or a struct keyed by columnKey. */
export async function queryExecute(
  ctx: RenderContext,
  sqlArg: unknown,
  params: unknown,
  options: unknown,
  inline: unknown[],
  loc: Loc,
): Promise<unknown> {
  const sql = sqlArg instanceof SafeString ? sqlArg.value : rt.toStr(sqlArg, loc);
  const opts = options === undefined ? newStruct() : options;
  if (!isStruct(opts))
    throw new RuntimeError(
      codes.FUNCTION,
      "queryExecute's options must be a struct ({datasource: …, maxrows: …})",
      loc,
    );
  const given = params ?? [];
  if (!Array.isArray(given) && !isStruct(given))
    throw new RuntimeError(
      codes.FUNCTION,
      "queryExecute's params must be an array (for ?) or a struct (for :name)",
      loc,
    );
  const bound = noParams();
  const text = boundSql(bound, sql, given, inline, loc);
  const opt = (k: string) => get(opts, k);
  const result = opt("result");
  const q = await runQuery(
    ctx,
    {
      name: undefined,
      result: result === undefined ? undefined : rt.toStr(result, loc),
      datasource: opt("datasource") === undefined ? undefined : rt.toStr(opt("datasource"), loc),
      dbtype: opt("dbtype") === undefined ? undefined : rt.toStr(opt("dbtype"), loc),
      maxrows: opt("maxrows"),
      timeout: opt("timeout"),
      cachedwithin: opt("cachedwithin"),
      primary: opt("primary"),
    },
    text,
    bound,
    loc,
  );
  return shape(q, opt("returntype"), opt("columnkey"), loc);
}

function shape(q: QueryResult, returntype: unknown, columnKey: unknown, loc: Loc): unknown {
  const kind = returntype === undefined ? "query" : rt.toStr(returntype, loc).toLowerCase();
  const row = (r: Struct) => {
    const s = newStruct();
    for (const c of q.columns) s[c] = r[c];
    return s;
  };
  if (kind === "query") return q;
  if (kind === "array" || kind === "array_of_struct") return q.rows.map(row);
  if (kind === "struct") {
    if (columnKey === undefined)
      throw new RuntimeError(codes.FUNCTION, 'queryExecute\'s returntype "struct" needs the option columnKey', loc);
    const key = rt.toStr(columnKey, loc);
    if (!q.columns.includes(key))
      throw new RuntimeError(
        codes.FUNCTION,
        `columnKey "${key}" is not a column of the result (${q.columns.join(", ")})`,
        loc,
      );
    const out = newStruct();
    for (const r of q.rows) out[rt.toStr(r[key], loc)] = row(r);
    return out;
  }
  throw new RuntimeError(codes.FUNCTION, `returntype must be query, array or struct, got ${JSON.stringify(kind)}`, loc);
}
