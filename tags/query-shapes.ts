// What `quarry check --db` checks before a page runs (server/sql-check.ts runs it): every
// statement of a template whose SQL text is fixed when the template is written, built exactly
// as the page builds it at run time (the same bindValue, statementText and boundSql), and
// every read of a column of such a statement's result in the template.
//
// A dbt:query body is static when it holds only text and bound values (#…#, dbt:queryparam
// with a fixed type and list); a queryExecute when its SQL has no ident() call and its params
// and options are written out as literals. Anything else (a dbt:if, a dbt:loop or an ident()
// in the body, a params variable) makes SQL that depends on the request: it is skipped and
// counted. A bound value stands in as null (or an empty array for a list), which changes the
// placeholders' text in no way.
import type { Expr, Loc, Node, TagNode, TemplateAst } from "../parser/ast.js";
import { QuarryError, RuntimeError, codes } from "../engine/errors.js";
import { CATCH_NAMES, ROW_NAMES, SCOPES } from "../engine/runtime.js";
import { newStruct, type Struct } from "../engine/values.js";
import { fixedArg } from "./helpers.js";
import { statementText } from "./query.js";
import { bindValue, noParams, normaliseType } from "./queryparam.js";
import { boundSql } from "./query-execute.js";
import { factsOf, type TagFacts } from "./types.js";
import { findTag } from "./registry.js";

/** The facts of a node's tag: the built-in tags' (a host app's tag declares none, a custom tag is a dbt:module call). */
const facts = (n: Node): TagFacts | undefined => factsOf(n, findTag);

/** One statement as the page sends it. */
export interface Statement {
  kind: "dbt:query" | "queryExecute";
  loc: Loc;
  /** The variable the result goes to (lower-cased), when it is a plain name and a query. */
  name: string | undefined;
  /** The datasource attribute or option, when one is given. */
  datasource: string | undefined;
  sql: string;
  params: unknown[];
}

/** Why a statement is not checked. */
export type SkipReason = "dynamic" | "datasource";

export interface Shapes {
  statements: Statement[];
  skipped: { loc: Loc; reason: SkipReason }[];
  /** Statements that fail to build whatever the request (a `?` without a value). */
  errors: QuarryError[];
  /** The variable of every statement of the template (checked or not, lower-cased), once per statement. */
  names: string[];
}

class Dynamic extends Error {}

const isIdent = (e: Expr | undefined) => e?.type === "call" && e.name.toLowerCase() === "ident";

/** A literal's value, or Dynamic. */
function literal(e: Expr): string | number | boolean | null | undefined {
  if (e.type !== "literal") throw new Dynamic();
  return e.value;
}

/** A boolean attribute as CFML reads it, or Dynamic when it is not written out. */
function flag(e: Expr | undefined): boolean {
  if (e === undefined) return false;
  const v = literal(e);
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  return /^(true|yes)$/i.test(String(v));
}

/** The SQL a static dbt:query body renders, with its bound values. */
function queryStatement(node: TagNode): { sql: string; params: unknown[] } {
  const bound = noParams();
  let body = "";
  for (const n of node.body ?? []) {
    if (n.type === "text") body += n.value;
    else if (n.type === "tag" && facts(n)?.sql === "param") {
      if (isIdent(n.args.value)) throw new Dynamic();
      const list = flag(n.args.list);
      if (n.args.type !== undefined) literal(n.args.type);
      body += bindValue(
        bound,
        list ? [] : null,
        { type: normaliseType(fixedArg(n, "type") ?? ""), label: "", list },
        n.loc,
      );
    } else throw new Dynamic();
  }
  return { sql: statementText(body, bound.params), params: bound.params };
}

/** A literal struct or array as a value: each bound value null (an empty array for a list). */
function placeholderParams(e: Expr | undefined): unknown {
  if (e === undefined) return [];
  const entry = (x: Expr): unknown => {
    if (x.type !== "struct") return isIdent(x) ? dynamic() : null;
    const s: Struct = newStruct();
    const list = x.entries.find((k) => staticKey(k.key).toLowerCase() === "list");
    for (const { key: written, value } of x.entries) {
      const key = staticKey(written);
      const k = key.toLowerCase();
      if (k === "value") s[key] = isIdent(value) ? dynamic() : list && flag(list.value) ? [] : null;
      else s[key] = literal(value);
    }
    return s;
  };
  if (e.type === "array") return e.items.map(entry);
  if (e.type === "struct") {
    const s: Struct = newStruct();
    for (const { key, value } of e.entries) s[staticKey(key).toLowerCase()] = entry(value);
    return s;
  }
  throw new Dynamic();
}

/** A struct key written as text; one made by #…# is known only when the page runs. */
const staticKey = (k: string | Expr): string => (typeof k === "string" ? k : dynamic());

const dynamic = (): never => {
  throw new Dynamic();
};

/** The SQL text of queryExecute's first argument, with its #…# marks (tags/query-execute.ts). */
function sqlText(e: Expr): string {
  if (e.type === "literal" && typeof e.value === "string") return e.value;
  if (e.type === "binary" && e.op === "&") return sqlText(e.left) + sqlText(e.right);
  throw new Dynamic();
}

/** The statements of one template, the static ones built as the page builds them. */
export function statementsOf(ast: TemplateAst): Shapes {
  const out: Shapes = { statements: [], skipped: [], errors: [], names: [] };
  const add = (loc: Loc, build: () => Omit<Statement, "loc">) => {
    try {
      out.statements.push({ loc, ...build() });
    } catch (err) {
      if (err instanceof Dynamic) out.skipped.push({ loc, reason: "dynamic" });
      else if (err instanceof QuarryError) out.errors.push(err);
      else throw err;
    }
  };
  walk(ast.body, (n) => {
    const f = facts(n);
    if (f?.sql === "statement") {
      const written = fixedArg(n, "name");
      if (written !== undefined) out.names.push(written.toLowerCase());
      if (n.args.dbtype !== undefined) return; // a query of queries: the page's own rows, no Postgres
      add(n.loc, () => {
        if (n.args.datasource !== undefined) literal(n.args.datasource);
        const name = n.args.name !== undefined ? String(literal(n.args.name)).toLowerCase() : undefined;
        return {
          kind: "dbt:query",
          name: name !== undefined && /^[a-z_]\w*$/.test(name) ? name : undefined,
          datasource: fixedArg(n, "datasource"),
          ...queryStatement(n),
        };
      });
    }
    const data = f?.assigns?.(n);
    // Anything else set to the name makes its columns unknown: counted as one more statement.
    if (data?.target && !data.sql) out.names.push(data.target.base.toLowerCase());
    if (data?.sql && n.expr?.type === "call") {
      const call = n.expr;
      if (data.target) out.names.push(data.target.base.toLowerCase());
      const options = call.args[2];
      const opts = new Map<string, Expr>();
      const keyed = options?.type === "struct" && options.entries.every((o) => typeof o.key === "string");
      if (options?.type === "struct" && keyed)
        for (const o of options.entries) opts.set(staticKey(o.key).toLowerCase(), o.value);
      const dbtype = opts.get("dbtype");
      if (dbtype?.type === "literal" && String(dbtype.value).toLowerCase() === "query") return;
      add(call.loc, () => {
        if (options !== undefined && (options.type !== "struct" || !keyed)) throw new Dynamic();
        for (const v of opts.values()) literal(v);
        if (data.inline.some(isIdent)) throw new Dynamic();
        const returntype = opts.get("returntype");
        const query = returntype === undefined || String(literal(returntype)).toLowerCase() === "query";
        const target = data.target;
        const datasource = opts.get("datasource");
        const bound = noParams();
        const sql = boundSql(
          bound,
          sqlText(data.sql!),
          placeholderParams(call.args[1]),
          data.inline.map(() => null),
          call.loc,
        );
        return {
          kind: "queryExecute",
          name: query && target && target.steps.length === 0 ? target.base.toLowerCase() : undefined,
          datasource: datasource === undefined ? undefined : String(literal(datasource)),
          sql,
          params: bound.params,
        };
      });
    }
  });
  return out;
}

/** Calls `visit` for every tag of `nodes`, at any depth. */
function walk(nodes: Node[], visit: (n: TagNode) => void): void {
  for (const n of nodes) {
    if (n.type !== "tag") continue;
    visit(n);
    if (n.body) walk(n.body, visit);
    if (n.script?.after) walk(n.script.after, visit);
  }
}

/**
 * Every name a template may set, lower-cased, found generously: assignment targets, names in
 * attributes (name, index, item, variable, result, …), string literals (setVariable("x")),
 * function names and their parameters. A bare name inside a query's row loop that is none of
 * these and not a column can only be a mistake.
 */
export function namesSet(ast: TemplateAst, into: Set<string>): void {
  const seen = new Set<object>();
  const word = (s: unknown) => {
    if (typeof s === "string" && /^[A-Za-z_][\w.]*$/.test(s.trim()))
      for (const part of s.trim().split(".")) into.add(part.toLowerCase());
  };
  const visit = (x: unknown): void => {
    if (x === null || typeof x !== "object" || seen.has(x)) return;
    seen.add(x);
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    const o = x as Record<string, unknown>;
    if (o.type === "text") return;
    if (o.type === "literal") word(o.value);
    if ("raw" in o && "valueOffset" in o) word(o.raw);
    if ("base" in o && "steps" in o) word(o.base);
    if (o.type === "tag") {
      let t = o.target as Expr | null;
      while (t && (t.type === "member" || t.type === "index")) {
        if (t.type === "member") word(t.name);
        t = t.object;
      }
      if (t?.type === "var") word(t.name);
    }
    if (Array.isArray(o.params)) for (const p of o.params as { name?: unknown }[]) word(p?.name);
    if ("returnType" in o) word(o.name);
    const script = o.script as { name?: unknown } | undefined;
    if (script) word(script.name);
    for (const [k, v] of Object.entries(o)) if (k !== "loc" && k !== "source") visit(v);
  };
  visit(ast.body);
  visit(ast.functions);
}

/** A query's result as the check knows it: its columns, lower-cased, and where it was written. */
export interface KnownQuery {
  columns: string[];
  statement: Statement;
}

/** What a row loop's rows are: a known query's, or rows the check cannot know. */
type Frame = KnownQuery | null;

const QUERY_PROPERTIES = new Set(["recordcount", "columnlist", "currentrow", "executiontime", "cached"]);

/** Names a bare read may reach that no template sets: the scopes, a catch's error, a component's own. */
const IMPLICIT = new Set([...SCOPES, ...CATCH_NAMES, "this", "super", "caller", "server"].map((n) => n.toLowerCase()));

/**
 * The reads of columns in `ast` that no known query gives: `#col#` inside `dbt:output
 * query="q"` / `dbt:loop query="q"`, and `q.col` anywhere. `queries` maps a query variable
 * (lower-cased) to its result; `assigned` holds the names the site may set (namesSet).
 */
export function columnErrors(
  ast: TemplateAst,
  queries: Map<string, KnownQuery>,
  assigned: Set<string>,
): RuntimeError[] {
  const errors: RuntimeError[] = [];
  const where = (k: KnownQuery) => {
    const l = k.statement.loc;
    return `${k.statement.kind} at ${l.file}:${l.line}:${l.column}`;
  };
  const columns = (k: KnownQuery) => (k.columns.length ? k.columns.join(", ") : "none");
  const frameOf = (e: Expr | undefined): Frame => {
    let name: string | undefined;
    if (e?.type === "var") name = e.name;
    else if (e?.type === "member" && e.object.type === "var" && e.object.name.toLowerCase() === "variables")
      name = e.name;
    return name === undefined ? null : (queries.get(name.toLowerCase()) ?? null);
  };
  const expr = (e: Expr | undefined, frames: Frame[]): void => {
    if (!e || e.type === "closure") return;
    if (e.type === "var") {
      const name = e.name.toLowerCase();
      if (frames.length === 0 || frames.includes(null) || IMPLICIT.has(name) || ROW_NAMES.has(name)) return;
      if (assigned.has(name) || queries.has(name)) return;
      if (frames.some((f) => f!.columns.includes(name))) return;
      const f = frames[frames.length - 1]!;
      errors.push(
        new RuntimeError(
          codes.QUERY_COLUMN,
          `"${e.name}" is not a column of query ${f.statement.name} (${where(f)}; its columns: ${columns(f)}) and nothing in the site sets a variable of that name`,
          e.loc,
          "database",
        ),
      );
      return;
    }
    if (e.type === "member" && e.object.type === "var") {
      const k = queries.get(e.object.name.toLowerCase());
      const name = e.name.toLowerCase();
      if (k && !QUERY_PROPERTIES.has(name) && !k.columns.includes(name))
        errors.push(
          new RuntimeError(
            codes.QUERY_COLUMN,
            `"${e.name}" is not a column of query ${e.object.name} (${where(k)}; its columns: ${columns(k)})`,
            e.loc,
            "database",
          ),
        );
    }
    for (const [k, v] of Object.entries(e)) {
      if (k === "loc" || k === "plan" || k === "def" || k === "tokens" || k === "path") continue;
      if (Array.isArray(v)) {
        for (const x of v as unknown[]) {
          if (x && typeof x === "object" && "type" in x) expr(x as Expr, frames);
          else if (x && typeof x === "object" && "value" in x && "key" in x) expr((x as { value: Expr }).value, frames);
        }
      } else if (v && typeof v === "object" && "type" in v) expr(v as Expr, frames);
    }
  };
  const nodes = (list: Node[], frames: Frame[]): void => {
    for (const n of list) {
      if (n.type === "interp") expr(n.expr, frames);
      if (n.type !== "tag") continue;
      // A function's body runs where it is called, with other rows around it.
      const f = facts(n);
      const inner = f?.detached ? [] : frames;
      let own = inner;
      if (f?.queryRows && n.args.query !== undefined) own = [...inner, frameOf(n.args.query)];
      for (const [k, a] of Object.entries(n.args)) if (k !== "query") expr(a, inner);
      expr(n.expr ?? undefined, own);
      if (n.body) nodes(n.body, own);
      if (n.script?.after) nodes(n.script.after, own);
    }
  };
  nodes(ast.body, []);
  return errors;
}
