// <dbt:query name datasource maxrows timeout cachedwithin result>SQL</dbt:query>
// The body renders to SQL text in which every #expr# is a bound parameter ($1, $2, …): the
// validator turns each one into an implicit dbt:queryparam, so the text stays the same from
// request to request and no value is ever spliced into it. A list bound as `IN ($n)` becomes
// `= ANY($n)` (and NOT IN becomes `<> ALL`), so lists bind as one array.
import type { Loc, Node, TagNode } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { Validator } from "../engine/validate.js";
import type { RenderContext } from "../engine/context.js";
import { QuarryError, RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { QueryResult, newStruct } from "../engine/values.js";
import { fixedArg, pathTarget, splitTarget } from "./helpers.js";
import { pageStop, stopIfDue, untilStopped } from "../engine/clock.js";
import { hold } from "../engine/work.js";
import { resultBytes } from "../engine/query-result.js";
import { callTag, type CaptureBody } from "./call.js";
import { queryOfQueries } from "../engine/qoq.js";
import { noParams, type BoundParams } from "./queryparam.js";

export interface QuerySpec {
  name: string | undefined;
  result: string | undefined;
  datasource: string | undefined;
  /** "query": a query of queries (engine/qoq.ts), run over the page's queries, not a datasource. */
  dbtype?: string | undefined;
  maxrows: unknown;
  timeout: unknown;
  cachedwithin: unknown;
  /** primary="true": never a replica (datasources/replicas.ts). */
  primary?: unknown;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "30s", "5m", "1h", "2d", "250ms" or a number of seconds, as milliseconds. */
export function parseDuration(v: unknown, loc: Loc): number {
  if (typeof v === "number" && v >= 0) return v * 1000;
  const m = /^\s*(\d+(?:\.\d+)?)(?:\s*(ms|s|m|h|d))?\s*$/.exec(rt.toStr(v, loc));
  if (!m)
    throw new RuntimeError(
      codes.TYPE,
      `cachedwithin must be a duration such as 30s, 5m or 1h, got ${JSON.stringify(rt.toStr(v, loc))}`,
      loc,
    );
  return Number(m[1]) * UNITS[m[2] ?? "s"]!;
}

/** `IN ($3)` with an array bound to $3 becomes `= ANY($3)`; `NOT IN ($3)` becomes `<> ALL($3)`. */
export function bindLists(sql: string, params: unknown[]): string {
  // Most statements bind no list: no pattern to run over their text.
  if (!params.some(Array.isArray)) return sql;
  return sql.replace(
    /\b(NOT\s+)?IN\s*\(\s*(\$(\d+)(?:::\w+(?:\[\])?)?)\s*\)/gi,
    (whole, not: string | undefined, ph: string, n: string) =>
      Array.isArray(params[Number(n) - 1]) ? `${not ? "<> ALL" : "= ANY"}(${ph})` : whole,
  );
}

/** The SQL a dbt:query sends for its rendered body and bound values. */
export function statementText(body: string, params: unknown[]): string {
  return bindLists(body.trim(), params);
}

/** A `name`/`result` path ("q", "request.rows") split once: a page runs its queries again and again. */
const targets = new Map<string, { base: string; steps: string[] }>();

function store(ctx: RenderContext, path: string, value: unknown, loc: Loc): void {
  let t = targets.get(path);
  if (t === undefined) {
    const { base, steps } = splitTarget(pathTarget(path, loc));
    // A path is a fixed attribute (a name, or names joined by dots): the map holds the site's few.
    if (targets.size < 10_000) targets.set(path, (t = { base, steps: steps as string[] }));
    else t = { base, steps: steps as string[] };
  }
  // rt.assign reads the steps, never changes them.
  rt.assign(ctx, t.base, t.steps, value, loc);
}

export async function runQuery(
  ctx: RenderContext,
  spec: QuerySpec,
  body: string,
  bound: BoundParams,
  loc: Loc,
): Promise<QueryResult> {
  const params = bound.params;
  if (spec.dbtype !== undefined) return runQueryOfQueries(ctx, spec, body.trim(), params, loc);
  const db = ctx.page.db;
  if (!db)
    throw new RuntimeError(
      codes.NO_DATASOURCE,
      "dbt:query needs a datasource: run the page with quarry dev or quarry start",
      loc,
      "database",
    );
  const sql = statementText(body, params);
  let q: QueryResult;
  try {
    const ds = db.get(spec.datasource);
    const tx = ctx.page.tx;
    if (tx && tx.datasource !== ds.name) {
      throw new RuntimeError(
        codes.TRANSACTION,
        `This query uses datasource ${ds.name} inside a transaction on ${tx.datasource}`,
        loc,
        "database",
      );
    }
    const num = (v: unknown) => (v === undefined ? undefined : rt.toNum(v, loc));
    const timeout = num(spec.timeout);
    stopIfDue(ctx.page, Date.now(), loc);
    q = await untilStopped(
      ctx.page,
      db.query(ds, tx?.lease ?? null, sql, params, {
        maxrows: num(spec.maxrows),
        timeoutMs: timeout === undefined ? undefined : timeout * 1000,
        cacheMs: spec.cachedwithin === undefined ? undefined : parseDuration(spec.cachedwithin, loc),
        // A page stopped (its signal, its deadline) also cancels its statement on Postgres: the
        // page's one stop, which untilStopped waits on too.
        signal: pageStop(ctx.page),
        // Counted as the rows arrive; past either the statement is cancelled (QRY_ERR_QUERY_LIMIT).
        maxRows: ctx.limits.maxQueryRows,
        maxBytes: ctx.limits.maxQueryBytes,
        // Read replicas: where the visitor's writes are, and which statements may not go to one.
        writes: ctx.page.writes,
        primary: spec.primary !== undefined && rt.toBool(spec.primary, loc),
        paramLabels: bound.labels,
      }),
      loc,
    );
    // What the page now holds: the rows, their cells and the characters of their values.
    hold(ctx, resultBytes(q));
  } catch (err) {
    if (err instanceof QuarryError && !err.loc) err.loc = loc;
    traced(ctx, spec.datasource ?? db.defaultName, sql, params, err, loc);
    throw err;
  }
  traced(ctx, spec.datasource ?? db.defaultName, sql, params, q, loc);
  return stored(ctx, spec, sql, params, q, loc);
}

/** The statement in the page's trace (the debug panel): its result, or the error it gave. */
function traced(ctx: RenderContext, datasource: string, sql: string, params: unknown[], r: unknown, loc: Loc): void {
  const at = `${loc.file}:${loc.line}:${loc.column}`;
  ctx.page.trace?.queries.push(
    r instanceof QueryResult
      ? { datasource, sql, params, rows: r.recordCount, ms: r.executionTime, cached: r.cached, at }
      : { datasource, sql, params, rows: 0, ms: 0, cached: false, at, error: (r as Error).message },
  );
}

/** A query of queries (dbtype="query"): SQL over the page's own queries, run in the page. */
function runQueryOfQueries(ctx: RenderContext, spec: QuerySpec, sql: string, params: unknown[], loc: Loc): QueryResult {
  if (spec.dbtype!.toLowerCase() !== "query")
    throw new RuntimeError(codes.ATTRIBUTE, `dbtype must be "query", got ${JSON.stringify(spec.dbtype)}`, loc);
  if (spec.datasource !== undefined)
    throw new RuntimeError(codes.ATTRIBUTE, 'A query of queries (dbtype="query") takes no datasource', loc);
  const maxrows = spec.maxrows === undefined ? undefined : rt.toNum(spec.maxrows, loc);
  let q: QueryResult;
  try {
    q = queryOfQueries(ctx, sql, params, loc, maxrows);
  } catch (err) {
    // The page's clock and limits stop it from inside (engine/work.ts): at the query.
    if (err instanceof QuarryError && !err.loc) err.loc = loc;
    traced(ctx, "query", sql, params, err, loc);
    throw err;
  }
  hold(ctx, resultBytes(q));
  traced(ctx, "query", sql, params, q, loc);
  return stored(ctx, spec, sql, params, q, loc);
}

/** Stores the query in its `name` and what CFML's `result` struct says of it. */
function stored(
  ctx: RenderContext,
  spec: QuerySpec,
  sql: string,
  params: unknown[],
  q: QueryResult,
  loc: Loc,
): QueryResult {
  if (spec.name) store(ctx, spec.name, q, loc);
  if (spec.result) {
    const info = newStruct();
    Object.assign(info, {
      sql,
      sqlParameters: params,
      recordCount: q.recordCount,
      executionTime: q.executionTime,
      cached: q.cached,
      columnList: q.columns.join(","),
    });
    store(ctx, spec.result, info, loc);
  }
  return q;
}

/**
 * dbt:query: renders the body into SQL while it collects the bound values (each
 * dbt:queryparam in it binds one, see queryparam.ts), then runs the statement.
 */
/** A rejected promise of `err`, whatever was thrown (as an async function's throw gives). */
const rejected = async (err: unknown): Promise<never> => {
  throw err;
};

export function execQuery(
  ctx: RenderContext,
  name: string | undefined,
  result: string | undefined,
  datasource: string | undefined,
  dbtype: string | undefined,
  maxrows: unknown,
  timeout: unknown,
  cachedwithin: unknown,
  primary: unknown,
  body: CaptureBody,
  loc: Loc,
): Promise<unknown> {
  const page = ctx.page;
  const spec = { name, result, datasource, dbtype, maxrows, timeout, cachedwithin, primary };
  // A function the body calls may run a query of its own: the outer one binds on after it.
  const outer = page.sqlBound;
  const bound = (page.sqlBound = noParams());
  let text: string | Promise<string>;
  try {
    text = body();
  } catch (err) {
    page.sqlBound = outer;
    return rejected(err);
  }
  // A body of text alone is a plain function in compiled code: then the statement's own
  // promise, with no async function around it (a turn of the microtask queue less).
  if (typeof text === "string") {
    page.sqlBound = outer;
    return runQuery(ctx, spec, text, bound, loc);
  }
  return text
    .finally(() => {
      page.sqlBound = outer;
    })
    .then((sql) => runQuery(ctx, spec, sql, bound, loc));
}

/**
 * Replaces every #expr# in a query body (at any depth) with an implicit dbt:queryparam. One
 * inside a quoted SQL string would become the text "$1", so it is refused.
 */
function bindInterpolations(nodes: Node[], v: Validator): void {
  let quotes = 0;
  nodes.forEach((n, i) => {
    if (n.type === "text") quotes += n.value.split("'").length - 1;
    if (n.type === "interp") {
      if (quotes % 2 === 1) {
        throw v.error(
          "#…# inside a quoted SQL string is not bound: write the whole value as one expression, e.g. LIKE #'%' & term & '%'#",
          n.loc,
          codes.QUERYPARAM,
        );
      }
      v.expr(n.expr); // checked here: the validator meets it next as an attribute, which it does not check again
      const param: TagNode = {
        type: "tag",
        name: "queryparam",
        attrs: [],
        args: Object.assign(Object.create(null) as TagNode["args"], { value: n.expr }),
        expr: null,
        target: null,
        body: null,
        data: null,
        loc: n.loc,
        endLoc: null,
      };
      nodes[i] = param;
    } else if (n.type === "tag" && n.body) bindInterpolations(n.body, v);
  });
}

export const queryTag: TagDef = {
  name: "query",
  body: "required",
  interpolateBody: true,
  silentBody: true,
  facts: { sql: "statement" },
  attributes: {
    name: { type: "variable" },
    datasource: { type: "name" },
    dbtype: { type: "enum", values: ["query"] },
    maxrows: { type: "integer" },
    timeout: { type: "number" },
    cachedwithin: { type: "string" },
    result: { type: "variable" },
    primary: { type: "boolean" },
  },
  validate(node, v) {
    if (v.enclosing("query"))
      throw v.error("<dbt:query> cannot stand inside another <dbt:query>", node.loc, codes.NESTING);
    bindInterpolations(node.body!, v);
  },
  // The body renders the SQL; the attributes are evaluated before it runs.
  ...callTag(
    "execQuery",
    execQuery,
    [
      { fixed: (node) => fixedArg(node, "name") },
      { fixed: (node) => fixedArg(node, "result") },
      { fixed: (node) => fixedArg(node, "datasource") },
      { fixed: (node) => fixedArg(node, "dbtype") },
      "maxrows",
      "timeout",
      "cachedwithin",
      "primary",
    ],
    { async: true, body: "capture" },
  ),
};

export const runtime = { execQuery };

export default { tags: [queryTag], runtime } satisfies TagModule;
