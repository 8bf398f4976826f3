// Query of queries (CFML's dbtype="query"): a SELECT over the page's own queries, run in the
// page. The SQL is parsed by pgsql-ast-parser (kept per text) and evaluated here, row by row,
// counting its steps against the page's clock (engine/work.ts), so a cross join of two large
// queries is cut off on time like any other page. Values arrive as bound parameters ($1…), as
// in every other query; table names are the page's variables that hold a query.
import type { Expr, From, SelectFromStatement, Statement } from "pgsql-ast-parser";
import { createRequire } from "node:module";
import type { Loc } from "../parser/ast.js";
import type { RenderContext } from "./context.js";
import { RuntimeError, codes } from "./errors.js";
import { QueryResult, compare, isNumeric, newStruct, toNum, toStr, type Struct } from "./values.js";
import { lookupName, member } from "./runtime.js";
import { work } from "./work.js";
import { columnOf } from "./keys.js";

/** One source of a SELECT: its alias (lower-case) and its query. */
interface Source {
  alias: string;
  query: QueryResult;
}

/** A row of the joined sources: each source's row (null on the empty side of an outer join). */
type Tuple = (Struct | null)[];

interface Scope {
  sources: Source[];
  params: unknown[];
  ctx: RenderContext;
  loc: Loc;
  /** The rows of the group being aggregated, when the select groups. */
  group: Tuple[] | null;
  /** Output columns by lower-case alias, for ORDER BY and HAVING that name them. */
  aliases: Map<string, Expr> | null;
  /** Where each column reference was found (the sources do not change once joined). */
  refs: Map<Expr, { at: number; col: string } | null>;
}

const fail = (message: string, loc: Loc): never => {
  throw new RuntimeError(codes.QUERY, `Query of queries: ${message}`, loc);
};

// The SQL parser (with its grammar, a good part of a second to load on a busy machine) is loaded
// by the first query of queries, not by every server start (issue 23).
let parseFirst: typeof import("pgsql-ast-parser").parseFirst | null = null;
const sqlParser = () =>
  (parseFirst ??= (createRequire(import.meta.url)("pgsql-ast-parser") as typeof import("pgsql-ast-parser")).parseFirst);

/** Parsed statements by SQL text: a page runs the same text again and again. */
const parsed = new Map<string, Statement>();
const PARSED_MAX = 500;

function parse(sql: string, loc: Loc): Statement {
  let st = parsed.get(sql);
  if (st !== undefined) return st;
  try {
    st = sqlParser()(sql);
  } catch (err) {
    // The parser's message starts with the line and column and lists every token it expected: the first lines say it.
    const msg = (err as Error).message.split("\n").slice(0, 4).join("\n").trim();
    return fail(msg, loc);
  }
  if (st === undefined) return fail("no statement", loc);
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(sql, st);
  return st;
}

/** Runs `sql` (with its bound `params`) over the page's queries. */
export function queryOfQueries(
  ctx: RenderContext,
  sql: string,
  params: unknown[],
  loc: Loc,
  maxrows?: number,
): QueryResult {
  const started = performance.now();
  const st = parse(sql, loc);
  const q = statement(st, ctx, params, loc);
  const rows = maxrows !== undefined && maxrows >= 0 ? q.rows.slice(0, maxrows) : q.rows;
  const out = new QueryResult(q.columns, rows);
  out.executionTime = Math.round(performance.now() - started);
  return out;
}

function statement(st: Statement, ctx: RenderContext, params: unknown[], loc: Loc): QueryResult {
  if (st.type === "select") return select(st, ctx, params, loc);
  if (st.type === "union" || st.type === "union all") {
    // The parser hangs a trailing ORDER BY / LIMIT on the last SELECT: they order the whole union.
    const right = st.right;
    const tail = right.type === "select" ? { orderBy: right.orderBy, limit: right.limit } : null;
    const r = statement(
      right.type === "select" ? { ...right, orderBy: undefined, limit: undefined } : right,
      ctx,
      params,
      loc,
    );
    const l = statement(st.left, ctx, params, loc);
    if (l.columns.length !== r.columns.length)
      fail(
        `each side of UNION must have the same number of columns (${l.columns.length} and ${r.columns.length})`,
        loc,
      );
    work(ctx, l.rows.length + r.rows.length);
    let rows = [...l.rows, ...r.rows.map((row) => rename(row, r.columns, l.columns))];
    if (st.type === "union") rows = distinct(rows, l.columns, ctx);
    const scope: Scope = {
      sources: [{ alias: "", query: new QueryResult(l.columns, rows) }],
      params,
      ctx,
      loc,
      group: null,
      aliases: null,
      refs: new Map(),
    };
    if (tail?.orderBy) {
      const by = tail.orderBy;
      rows = sorted(rows, by, (row) => by.map((o) => orderValue(o.by, row, l.columns, [row], scope)), scope);
    }
    return new QueryResult(l.columns, limit(rows, tail?.limit, scope));
  }
  return fail(`only SELECT runs on queries, not ${st.type.toUpperCase()}`, loc);
}

function rename(row: Struct, from: string[], to: string[]): Struct {
  const s = newStruct();
  from.forEach((c, i) => (s[to[i]!] = row[c] ?? null));
  return s;
}

/** The query a FROM names: a variable of the page (`q`, `variables.q`, `request.data`). */
function sourceQuery(ctx: RenderContext, name: { name: string; schema?: string }, loc: Loc): QueryResult {
  const v = name.schema
    ? member(ctx, lookupName(ctx, name.schema, loc), name.name, loc)
    : lookupName(ctx, name.name, loc);
  if (!(v instanceof QueryResult)) fail(`${name.schema ? `${name.schema}.` : ""}${name.name} is not a query`, loc);
  return v as QueryResult;
}

function select(st: SelectFromStatement, ctx: RenderContext, params: unknown[], loc: Loc): QueryResult {
  const sources: Source[] = [];
  let tuples: Tuple[] = [[]];
  const scope: Scope = { sources, params, ctx, loc, group: null, aliases: null, refs: new Map() };
  for (const f of st.from ?? []) tuples = join(tuples, f, scope);
  if (st.where) {
    const where = st.where;
    tuples = tuples.filter((t) => (work(ctx, 1), truthy(evaluate(where, t, scope))));
  }
  // Output columns: `*` and `t.*` expanded, each named by its alias, its column or column_N.
  const cols: { name: string; expr: Expr }[] = [];
  (st.columns ?? []).forEach((c, i) => {
    if (c.expr.type === "ref" && c.expr.name === "*") {
      const table = c.expr.table?.name.toLowerCase();
      const from = sources.filter((s) => table === undefined || s.alias === table);
      if (from.length === 0) fail(`no table ${c.expr.table!.name} in FROM`, loc);
      for (const s of from)
        for (const col of s.query.columns)
          cols.push({ name: col, expr: { type: "ref", table: { name: s.alias }, name: col } });
      return;
    }
    const name = c.alias?.name ?? (c.expr.type === "ref" ? columnName(c.expr, scope) : `column_${i}`);
    cols.push({ name, expr: c.expr });
  });
  scope.aliases = new Map(cols.map((c) => [c.name.toLowerCase(), c.expr]));
  const names = unique(cols.map((c) => c.name));
  const grouped =
    (st.groupBy?.length ?? 0) > 0 || cols.some((c) => aggregates(c.expr)) || (st.having && aggregates(st.having));
  // Each output row with the tuple (or group) it came from, for ORDER BY on what is not selected.
  let made: { row: Struct; from: Tuple; group: Tuple[] | null }[];
  if (grouped) {
    const groups = new Map<string, Tuple[]>();
    for (const t of tuples) {
      work(ctx, 1);
      const key = JSON.stringify((st.groupBy ?? []).map((g) => keyOf(evaluate(g, t, scope))));
      let g = groups.get(key);
      if (g === undefined) groups.set(key, (g = []));
      g.push(t);
    }
    // No GROUP BY: one group, even of no rows (SELECT count(*) FROM empty is 0).
    if (groups.size === 0 && !st.groupBy?.length) groups.set("", []);
    made = [];
    for (const g of groups.values()) {
      const s = { ...scope, group: g };
      const first = g[0] ?? sources.map(() => null);
      if (st.having && !truthy(evaluate(st.having, first, s))) continue;
      made.push({ row: project(cols, names, first, s), from: first, group: g });
    }
  } else made = tuples.map((t) => ({ row: project(cols, names, t, scope), from: t, group: null }));
  let rows: Struct[];
  if (st.distinct === "distinct") {
    const seen = new Set<string>();
    made = made.filter((m) => {
      const key = JSON.stringify(names.map((n) => keyOf(m.row[n])));
      return seen.has(key) ? false : (seen.add(key), true);
    });
  }
  if (st.orderBy?.length) {
    const by = st.orderBy;
    rows = sorted(
      made,
      by,
      (m) => by.map((o) => orderValue(o.by, m.row, names, m.from, { ...scope, group: m.group })),
      scope,
    ).map((m) => m.row);
  } else rows = made.map((m) => m.row);
  return new QueryResult(names, limit(rows, st.limit, scope));
}

/** `items` in ORDER BY's order, each item's keys taken once. */
function sorted<T>(items: T[], by: { order?: string | null }[], keys: (item: T) => unknown[], scope: Scope): T[] {
  // Numeric strings as numbers once, not at each comparison.
  const keyed = items.map((item) => ({
    item,
    keys: keys(item).map((k) => (typeof k === "string" && k.trim() !== "" && isNumeric(k) ? Number(k) : k)),
  }));
  work(scope.ctx, keyed.length * Math.max(1, Math.ceil(Math.log2(keyed.length + 1))));
  keyed.sort((a, b) => {
    for (let i = 0; i < by.length; i++) {
      const c = compareValues(a.keys[i], b.keys[i], scope.loc);
      if (c !== 0) return by[i]!.order === "DESC" ? -c : c;
    }
    return 0;
  });
  return keyed.map((k) => k.item);
}

/** Column names made unique as CFML does: a repeated name gets a number. */
function unique(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let i = 2; seen.has(name.toLowerCase()); i++) name = `${n}${i}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

function project(cols: { name: string; expr: Expr }[], names: string[], t: Tuple, scope: Scope): Struct {
  const row = newStruct();
  cols.forEach((c, i) => (row[names[i]!] = evaluate(c.expr, t, scope)));
  return row;
}

function limit(rows: Struct[], l: SelectFromStatement["limit"], scope: Scope): Struct[] {
  if (!l) return rows;
  const n = (e: Expr | null | undefined) =>
    e === undefined || e === null ? undefined : toNum(evaluate(e, [], scope), scope.loc);
  const offset = n(l.offset) ?? 0;
  const count = n(l.limit);
  return rows.slice(offset, count === undefined ? undefined : offset + count);
}

/** An ORDER BY item: a position in the select list, an output column's name, or an expression. */
function orderValue(by: Expr, row: Struct, names: string[], t: Tuple, scope: Scope): unknown {
  if (by.type === "integer") {
    const name = names[by.value - 1];
    if (name === undefined)
      fail(`ORDER BY ${by.value} is not a column of the select list (it has ${names.length})`, scope.loc);
    return row[name!];
  }
  if (by.type === "ref" && !by.table) {
    const name = names.find((n) => n.toLowerCase() === by.name.toLowerCase());
    if (name !== undefined) return row[name];
  }
  return evaluate(by, t, scope);
}

/** The joins of one FROM item onto the tuples so far. */
function join(tuples: Tuple[], f: From, scope: Scope): Tuple[] {
  const { ctx, loc } = scope;
  let query: QueryResult;
  let alias: string;
  if (f.type === "table") {
    query = sourceQuery(ctx, f.name, loc);
    alias = (f.name.alias ?? f.name.name).toLowerCase();
  } else if (f.type === "statement") {
    query = statement(f.statement, ctx, scope.params, loc);
    alias = f.alias.toLowerCase();
  } else return fail("a FROM item must be a query or a sub-select", loc);
  scope.sources.push({ alias, query });
  const kind = f.join?.type ?? "CROSS JOIN";
  const on = f.join?.on;
  if (f.join?.using) fail("JOIN … USING is not supported: write JOIN … ON", loc);
  const out: Tuple[] = [];
  const rows = query.rows;
  const empty = tuples[0] ? tuples[0].map(() => null) : [];
  const matchedRight = kind === "RIGHT JOIN" || kind === "FULL JOIN" ? new Set<number>() : null;
  const last = scope.sources.length - 1;
  const hashed = on ? equiJoin(on, rows, last, scope) : null;
  const every = rows.map((_r, i) => i);
  for (const t of tuples) {
    let matched = false;
    // One tuple to test ON with, copied only for a match.
    const probe: Tuple = [...t, null];
    // The rows ON can match: those with the tuple's key, when the join hashes and the key is plain.
    let candidates = every;
    if (hashed) {
      const key = plainKey(evaluate(hashed.probe, probe, scope));
      if (key !== NOT_PLAIN) candidates = hashed.rows.get(key) ?? [];
    }
    work(ctx, 1);
    for (const i of candidates) {
      work(ctx, 1);
      probe[last] = rows[i]!;
      if (on && !truthy(evaluate(on, probe, scope))) continue;
      matched = true;
      matchedRight?.add(i);
      out.push(probe.slice());
    }
    if (!matched && (kind === "LEFT JOIN" || kind === "FULL JOIN")) out.push([...t, null]);
  }
  if (matchedRight) for (let i = 0; i < rows.length; i++) if (!matchedRight.has(i)) out.push([...empty, rows[i]!]);
  return out;
}

const NOT_PLAIN = Symbol("not plain");

/**
 * A value's key in an equi-join's hash: where `=` (compareValues) equates two numbers, strings
 * or nulls, their keys are equal, and only then (numbers and numeric strings by value, other
 * strings as written). A date or boolean compares by CFML's looser rules: NOT_PLAIN, and the
 * join tests that tuple against every row.
 */
function plainKey(v: unknown): unknown {
  if (isNull(v) || typeof v === "number" || typeof v === "string") return keyOf(v);
  return NOT_PLAIN;
}

/**
 * `ON a.x = b.y` with one side a column of the source being joined (at `last`) and the other a
 * column of a source before it: that source's rows by key, so each tuple is tested only against
 * the rows with its key (ON still decides, as it does for every join). Null when ON is not of
 * that form or a row's key is not plain.
 */
function equiJoin(
  on: Expr,
  rows: Struct[],
  last: number,
  scope: Scope,
): { probe: Expr; rows: Map<unknown, number[]> } | null {
  if (on.type !== "binary" || on.op !== "=" || on.left.type !== "ref" || on.right.type !== "ref") return null;
  const [l, r] = [on.left, on.right].map((e) => (e.type === "ref" && e.name !== "*" ? resolve(e, scope) : null));
  if (!l || !r) return null;
  const [own, probe] = l.at === last && r.at < last ? [l, on.right] : r.at === last && l.at < last ? [r, on.left] : [];
  if (!own || !probe) return null;
  const byKey = new Map<unknown, number[]>();
  for (let i = 0; i < rows.length; i++) {
    work(scope.ctx, 1);
    const key = plainKey(rows[i]![own.col]);
    if (key === NOT_PLAIN) return null;
    let bucket = byKey.get(key);
    if (bucket === undefined) byKey.set(key, (bucket = []));
    bucket.push(i);
  }
  return { probe, rows: byKey };
}

/** The name a column reference gives its output column: the source column's own spelling. */
function columnName(e: Extract<Expr, { type: "ref" }>, scope: Scope): string {
  const found = resolve(e, scope);
  return found ? found.col : e.name;
}

function resolve(e: Extract<Expr, { type: "ref" }>, scope: Scope): { at: number; col: string } | null {
  let found = scope.refs.get(e);
  if (found === undefined) {
    found = lookupRef(e, scope);
    // Kept once every source is joined: an ON clause sees only the sources before it.
    if (found !== null) scope.refs.set(e, found);
  }
  return found;
}

function lookupRef(e: Extract<Expr, { type: "ref" }>, scope: Scope): { at: number; col: string } | null {
  const table = e.table?.name.toLowerCase();
  let hit: { at: number; col: string } | null = null;
  scope.sources.forEach((s, at) => {
    if (table !== undefined && s.alias !== table) return;
    const col = columnOf(s.query, e.name);
    if (col === undefined) return;
    if (hit && table === undefined)
      fail(`column ${e.name} is in more than one table: name its table (t.${e.name})`, scope.loc);
    hit = { at, col };
  });
  return hit;
}

const AGGREGATES = new Set(["count", "sum", "avg", "min", "max"]);

function aggregates(e: Expr): boolean {
  switch (e.type) {
    case "call":
      return AGGREGATES.has(e.function.name.toLowerCase()) || e.args.some(aggregates);
    case "binary":
      return aggregates(e.left) || aggregates(e.right);
    case "unary":
      return aggregates(e.operand);
    case "ternary":
      return aggregates(e.value) || aggregates(e.lo) || aggregates(e.hi);
    case "cast":
      return aggregates(e.operand);
    case "case":
      return (
        (e.value ? aggregates(e.value) : false) ||
        e.whens.some((w) => aggregates(w.when) || aggregates(w.value)) ||
        (e.else ? aggregates(e.else) : false)
      );
    default:
      return false;
  }
}

const isNull = (v: unknown): boolean => v === null || v === undefined;

/** SQL's truth: null is not true. */
function truthy(v: unknown): boolean {
  if (isNull(v)) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  const s = String(v).toLowerCase();
  return s === "true" || s === "yes" || (isNumeric(s) && Number(s) !== 0);
}

/** Grouping and DISTINCT keys: numbers by value, so 1 and "1" from two sources are one. */
function keyOf(v: unknown): unknown {
  if (isNull(v)) return null;
  if (v instanceof Date) return `d${v.getTime()}`;
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "" && isNumeric(v)) return Number(v);
  return String(v);
}

/** Null sorts first; otherwise CFML's comparison, numbers as numbers, strings case-sensitively. */
function compareValues(a: unknown, b: unknown, loc: Loc): number {
  if (isNull(a) || isNull(b)) return isNull(a) ? (isNull(b) ? 0 : -1) : 1;
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "string" && typeof b === "string" && !(isNumeric(a) && isNumeric(b)))
    return a < b ? -1 : a > b ? 1 : 0;
  return compare(a, b, loc);
}

function distinct(rows: Struct[], columns: string[], ctx: RenderContext): Struct[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    work(ctx, 1);
    const key = JSON.stringify(columns.map((c) => keyOf(r[c])));
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/**
 * SQL's LIKE: % any run of characters, _ one, everything else itself. Matched by the usual
 * two-pointer walk that goes back to the last % (no regular expression: a visitor's pattern
 * such as %a%a%a%…b cannot backtrack exponentially), each step counted against the page.
 */
function like(text: string, pattern: string, caseless: boolean, ctx: RenderContext): boolean {
  const s = Array.from(caseless ? text.toLowerCase() : text);
  const p = Array.from(caseless ? pattern.toLowerCase() : pattern);
  let si = 0;
  let pi = 0;
  let star = -1;
  let mark = 0;
  while (si < s.length) {
    work(ctx, 1);
    if (pi < p.length && p[pi] !== "%" && (p[pi] === "_" || p[pi] === s[si])) {
      si++;
      pi++;
    } else if (pi < p.length && p[pi] === "%") {
      star = pi++;
      mark = si;
    } else if (star !== -1) {
      pi = star + 1;
      si = ++mark;
    } else return false;
  }
  while (p[pi] === "%") pi++;
  return pi === p.length;
}

function evaluate(e: Expr, t: Tuple, scope: Scope): unknown {
  const { loc } = scope;
  switch (e.type) {
    case "integer":
    case "numeric":
    case "string":
    case "boolean":
      return e.value;
    case "null":
      return null;
    case "parameter": {
      const n = Number(e.name.slice(1));
      if (!(n >= 1 && n <= scope.params.length)) fail(`parameter ${e.name} has no value`, loc);
      return scope.params[n - 1];
    }
    case "ref": {
      if (e.name === "*") return fail("* stands only in the select list or count(*)", loc);
      const found = resolve(e, scope);
      if (found === null) {
        // HAVING and ORDER BY may name an output column by its alias.
        const alias = !e.table ? scope.aliases?.get(e.name.toLowerCase()) : undefined;
        if (alias !== undefined && alias !== e) return evaluate(alias, t, scope);
        const tables = scope.sources.map((s) => `${s.alias}: ${s.query.columns.join(", ")}`).join("; ");
        return fail(`no column ${e.table ? `${e.table.name}.` : ""}${e.name} (${tables || "no tables"})`, loc);
      }
      const row = t[found.at];
      return row ? (row[found.col] ?? null) : null;
    }
    case "list":
      return e.expressions.map((x) => evaluate(x, t, scope));
    case "cast": {
      const v = evaluate(e.operand, t, scope);
      if (isNull(v)) return null;
      const to = ("name" in e.to ? e.to.name : "").toLowerCase();
      if (/^(int|integer|bigint|smallint)$/.test(to)) return Math.trunc(toNum(v, loc));
      if (/^(numeric|decimal|float|double|real)/.test(to)) return toNum(v, loc);
      if (/^(varchar|char|text|string)/.test(to)) return toStr(v, loc);
      if (to === "boolean" || to === "bit") return truthy(v);
      return v;
    }
    case "unary": {
      const v = evaluate(e.operand, t, scope);
      switch (e.op) {
        case "NOT":
          return isNull(v) ? null : !truthy(v);
        case "IS NULL":
          return isNull(v) || v === "";
        case "IS NOT NULL":
          return !(isNull(v) || v === "");
        case "-":
          return isNull(v) ? null : -toNum(v, loc);
        case "+":
          return isNull(v) ? null : toNum(v, loc);
        default:
          return fail(`operator ${e.op} is not supported`, loc);
      }
    }
    case "ternary": {
      const [v, lo, hi] = [e.value, e.lo, e.hi].map((x) => evaluate(x, t, scope));
      if (isNull(v) || isNull(lo) || isNull(hi)) return null;
      const within = compareValues(v, lo, loc) >= 0 && compareValues(v, hi, loc) <= 0;
      return e.op === "BETWEEN" ? within : !within;
    }
    case "case": {
      const value = e.value ? evaluate(e.value, t, scope) : undefined;
      for (const w of e.whens) {
        const when = evaluate(w.when, t, scope);
        if (e.value ? !isNull(value) && !isNull(when) && compareValues(value, when, loc) === 0 : truthy(when))
          return evaluate(w.value, t, scope);
      }
      return e.else ? evaluate(e.else, t, scope) : null;
    }
    case "binary":
      return binary(e, t, scope);
    case "call":
      return call(e, t, scope);
    default:
      return fail(`${e.type} expressions are not supported`, loc);
  }
}

function binary(e: Extract<Expr, { type: "binary" }>, t: Tuple, scope: Scope): unknown {
  const { loc } = scope;
  if (e.op === "AND" || e.op === "OR") {
    const l = evaluate(e.left, t, scope);
    if (e.op === "AND" && !isNull(l) && !truthy(l)) return false;
    if (e.op === "OR" && truthy(l)) return true;
    const r = evaluate(e.right, t, scope);
    if (e.op === "AND") return isNull(l) || isNull(r) ? (!isNull(r) && !truthy(r) ? false : null) : truthy(r);
    return truthy(r) ? true : isNull(l) || isNull(r) ? null : false;
  }
  const l = evaluate(e.left, t, scope);
  const r = evaluate(e.right, t, scope);
  switch (e.op) {
    case "IN":
    case "NOT IN": {
      const list = Array.isArray(r) ? (r as unknown[]).flat() : [r];
      if (isNull(l)) return null;
      const found = list.some((x) => !isNull(x) && compareValues(l, x, loc) === 0);
      return e.op === "IN" ? found : !found;
    }
    case "LIKE":
    case "NOT LIKE":
    case "ILIKE":
    case "NOT ILIKE": {
      if (isNull(l) || isNull(r)) return null;
      const m = like(toStr(l, loc), toStr(r, loc), e.op.endsWith("ILIKE"), scope.ctx);
      return e.op.startsWith("NOT") ? !m : m;
    }
    case "||":
      return isNull(l) || isNull(r) ? null : toStr(l, loc) + toStr(r, loc);
  }
  if (isNull(l) || isNull(r)) return null;
  switch (e.op) {
    case "=":
      return compareValues(l, r, loc) === 0;
    case "!=":
      return compareValues(l, r, loc) !== 0;
    case "<":
      return compareValues(l, r, loc) < 0;
    case "<=":
      return compareValues(l, r, loc) <= 0;
    case ">":
      return compareValues(l, r, loc) > 0;
    case ">=":
      return compareValues(l, r, loc) >= 0;
    case "+":
      return toNum(l, loc) + toNum(r, loc);
    case "-":
      return toNum(l, loc) - toNum(r, loc);
    case "*":
      return toNum(l, loc) * toNum(r, loc);
    case "/": {
      const d = toNum(r, loc);
      return d === 0 ? fail("division by zero", loc) : toNum(l, loc) / d;
    }
    case "%":
      return toNum(l, loc) % toNum(r, loc);
    default:
      return fail(`operator ${e.op} is not supported`, loc);
  }
}

/** The scalar functions of CFML's query of queries (Lucee's and Adobe's common ones). */
const SCALARS: Record<string, (args: unknown[], loc: Loc) => unknown> = {
  upper: ([s], loc) => toStr(s, loc).toUpperCase(),
  ucase: ([s], loc) => toStr(s, loc).toUpperCase(),
  lower: ([s], loc) => toStr(s, loc).toLowerCase(),
  lcase: ([s], loc) => toStr(s, loc).toLowerCase(),
  trim: ([s], loc) => toStr(s, loc).trim(),
  ltrim: ([s], loc) => toStr(s, loc).trimStart(),
  rtrim: ([s], loc) => toStr(s, loc).trimEnd(),
  length: ([s], loc) => toStr(s, loc).length,
  len: ([s], loc) => toStr(s, loc).length,
  abs: ([n], loc) => Math.abs(toNum(n, loc)),
  floor: ([n], loc) => Math.floor(toNum(n, loc)),
  ceiling: ([n], loc) => Math.ceil(toNum(n, loc)),
  ceil: ([n], loc) => Math.ceil(toNum(n, loc)),
  round: ([n, d], loc) => {
    const f = 10 ** (d === undefined ? 0 : toNum(d, loc));
    return Math.round(toNum(n, loc) * f) / f;
  },
  mod: ([a, b], loc) => toNum(a, loc) % toNum(b, loc),
  left: ([s, n], loc) => toStr(s, loc).slice(0, toNum(n, loc)),
  right: ([s, n], loc) => {
    const str = toStr(s, loc);
    return str.slice(Math.max(0, str.length - toNum(n, loc)));
  },
  substring: ([s, from, n], loc) => {
    const start = Math.max(0, toNum(from, loc) - 1);
    return toStr(s, loc).slice(start, n === undefined ? undefined : start + toNum(n, loc));
  },
  concat: (args, loc) => args.map((a) => toStr(a, loc)).join(""),
};

function call(e: Extract<Expr, { type: "call" }>, t: Tuple, scope: Scope): unknown {
  const { loc } = scope;
  const name = e.function.name.toLowerCase();
  if (AGGREGATES.has(name)) {
    if (scope.group === null) return fail(`${name}() stands only where rows are grouped`, loc);
    const star = e.args.length === 1 && e.args[0]!.type === "ref" && e.args[0].name === "*";
    if (star) return name === "count" ? scope.group.length : fail(`${name}(*) is not SQL: name a column`, loc);
    if (e.args.length !== 1) fail(`${name}() takes one argument`, loc);
    const inner = { ...scope, group: null };
    let values = scope.group.map((g) => evaluate(e.args[0]!, g, inner)).filter((v) => !isNull(v) && v !== "");
    work(scope.ctx, values.length);
    if (e.distinct === "distinct") {
      const seen = new Set<unknown>();
      values = values.filter((v) => (seen.has(keyOf(v)) ? false : (seen.add(keyOf(v)), true)));
    }
    if (name === "count") return values.length;
    if (values.length === 0) return null;
    if (name === "min" || name === "max")
      return values.reduce((a, b) => (compareValues(b, a, loc) * (name === "min" ? -1 : 1) > 0 ? b : a));
    const sum = values.reduce<number>((a, b) => a + toNum(b, loc), 0);
    return name === "sum" ? sum : sum / values.length;
  }
  const args = e.args.map((a) => evaluate(a, t, scope));
  if (name === "coalesce" || name === "isnull") return args.find((a) => !isNull(a)) ?? null;
  const fn = Object.hasOwn(SCALARS, name) ? SCALARS[name]! : undefined;
  if (fn === undefined) return fail(`unknown function ${e.function.name}()`, loc);
  return args.some(isNull) ? null : fn(args, loc);
}
