// <dbt:set target = expression>, or <dbt:set f(…)> to call a function for its effect
import type { QuietWrites, TagDef, TagModule } from "./types.js";
import * as rt from "../engine/runtime.js";
import { setTarget, interpretSteps, compileSteps } from "./helpers.js";
import { codes } from "../engine/errors.js";
import { bindInterpolated, queryExecute, staticSql } from "./query-execute.js";
import type { Expr, TagNode } from "../parser/ast.js";
import type { Interpreter } from "../engine/interpreter.js";

/** queryExecute(…) as the whole value: the one call that awaits (it runs a query; the validator refuses it elsewhere). */
function queryCall(e: Expr | null): Extract<Expr, { type: "call" }> | null {
  return e?.type === "call" && e.name.toLowerCase() === "queryexecute" ? e : null;
}

/** A script's `var` outside a function: Lucee refuses it too, when the line runs ("Unsupported Context for Local Scope"). */
export const VAR_OUTSIDE =
  "var declares a function's local variable, so it goes inside a function: outside one, write the name without var (x = 1;)";

export interface SetData {
  /** The target split once (undefined for a bare call). */
  target: { base: string; steps: (string | Expr)[] } | undefined;
  /** The value or a target index awaits (queryExecute, a dbt:function call): run as setAsync. */
  awaits: boolean;
  /** queryExecute's SQL with a mark for each #…# of its literals, and those values, bound in order. */
  sql: Expr | null;
  inline: Expr[];
}

async function setAsync(node: TagNode<SetData>, it: Interpreter): Promise<void> {
  const q = queryCall(node.expr);
  let value: unknown;
  if (q) {
    const sql = await it.value(node.data.sql!);
    const params = q.args[1] && (await it.value(q.args[1]));
    const options = q.args[2] && (await it.value(q.args[2]));
    const inline: unknown[] = [];
    for (const x of node.data.inline) inline.push(await it.value(x));
    value = await queryExecute(it.ctx, sql, params, options, inline, q.loc);
  } else value = await it.value(node.expr!);
  const target = node.data.target;
  if (target)
    rt.assign(it.ctx, target.base, target.steps.length ? await interpretSteps(it, target.steps) : [], value, node.loc);
}

/** A set of a plain name, not awaiting and not a function's `var`, can keep its variable in a loop's local. */
function setWrites(node: TagNode<SetData>): QuietWrites | null {
  const d = node.data;
  if (d.awaits || node.local || (d.target && d.target.steps.length > 0)) return null;
  return { writes: d.target ? [d.target.base] : [] };
}

export const setTag: TagDef<SetData> = {
  name: "set",
  body: "none",
  expression: "assign",
  attributes: {},
  facts: { quiet: setWrites, assigns: (node) => node.data },
  validate(node, v) {
    // Without a target only a call makes sense (<dbt:set writeOutput(x)>, <dbt:set arr.append(4)>), as CFML's <cfset f()>.
    if (!node.expr || (!node.target && node.expr.type !== "call" && node.expr.type !== "method"))
      throw v.error("<dbt:set> needs an assignment: <dbt:set name = value>", node.loc);
    if (node.local && !v.enclosing("function"))
      throw v.error(
        node.script?.var
          ? VAR_OUTSIDE
          : "<dbt:set var …> declares a function's local variable: it goes inside <dbt:function>",
        node.loc,
        codes.NESTING,
      );
    const q = queryCall(node.expr);
    if (q && q.args[0] && !staticSql(q.args[0])) {
      throw v.error(
        'queryExecute\'s SQL must be written out (string literals, joined with & only to ident() calls, with #…# inside them bound): pass other values as params, e.g. queryExecute("SELECT * FROM t WHERE id = :id", {id: url.id})',
        q.args[0].loc,
        codes.QUERYPARAM,
      );
    }
    let sql: Expr | null = null;
    let inline: Expr[] = [];
    if (q?.args[0]) {
      const bound = bindInterpolated(q.args[0]);
      if ("inQuotes" in bound)
        throw v.error(
          "#…# inside a quoted SQL string is not bound: write the whole value as one expression, e.g. LIKE #'%' & term & '%'#",
          bound.inQuotes,
          codes.QUERYPARAM,
        );
      ({ sql, values: inline } = bound);
    }
    const target = node.target ? setTarget(node) : undefined;
    const awaits = !!q || node.expr.async === true || !!target?.steps.some((x) => typeof x !== "string" && x.async);
    node.data = { target, awaits, sql, inline };
  },
  interpret(node, it) {
    const { target, awaits } = node.data;
    if (awaits) return setAsync(node, it);
    const value = it.eval(node.expr!);
    if (target)
      rt.assign(
        it.ctx,
        target.base,
        target.steps.length ? target.steps.map((x) => (typeof x === "string" ? x : { index: it.eval(x) })) : [],
        value,
        node.loc,
      );
  },
  compile(node, c) {
    const q = queryCall(node.expr);
    const arg = (a: Expr | undefined) => (a ? c.expr(a) : "undefined");
    const value = q
      ? c.awaiting(
          `await T.queryExecute(ctx, ${c.expr(node.data.sql!)}, ${arg(q.args[1])}, ${arg(q.args[2])}, [${node.data.inline.map((x) => c.expr(x)).join(", ")}], ${c.loc(q.loc)})`,
        )
      : c.expr(node.expr!);
    if (!node.target) return `${value};\n`;
    const { base, steps } = node.data.target!;
    const v = c.tmp("v");
    // In a quiet loop the variable may be a local (tags/region.ts).
    const w = steps.length === 0 && !node.local ? c.writer(base) : null;
    if (w)
      return `{ const ${v} = ${value}; ${w(v, c.loc(node.loc), c.kindOf(node.expr!) === "number" ? "set-number" : "set")}}\n`;
    return `{ const ${v} = ${value}; rt.assign(ctx, ${JSON.stringify(base)}, ${compileSteps(c, steps)}, ${v}, ${c.loc(node.loc)}); }\n`;
  },
};

export default { tags: [setTag], runtime: { queryExecute } } satisfies TagModule;
