// Small pieces several tag modules share.
import type { Expr, LValue, Loc, TagNode } from "../parser/ast.js";
import type { Compiler } from "../engine/compiler.js";
import type { Interpreter } from "../engine/interpreter.js";
import { outputLimit, type RenderContext } from "../engine/context.js";
import { RuntimeError, codes } from "../engine/errors.js";
import { checkpoint } from "../engine/clock.js";
import type { PathStep } from "../engine/runtime.js";
import { QueryResult, typeName } from "../engine/values.js";

/** The fixed value of a static attribute. */
export function fixedArg(node: TagNode, name: string): string | undefined {
  const a = node.args[name];
  return a?.type === "literal" ? String(a.value) : undefined;
}

/** `a.b[c]` as its base name and steps, so both modes call rt.assign the same way. */
export function splitTarget(t: LValue): { base: string; steps: (string | Expr)[] } {
  const steps: (string | Expr)[] = [];
  let e: Expr = t;
  while (e.type === "member" || e.type === "index") {
    steps.unshift(e.type === "member" ? e.name : e.index);
    e = e.object;
  }
  return { base: (e as { name: string }).name, steps };
}

/** A variable path written as text ("url.id") as an assignment target. */
export function pathTarget(path: string, loc: Loc): LValue {
  const [head, ...rest] = path.split(".");
  let e: LValue = { type: "var", name: head!, loc };
  for (const name of rest) e = { type: "member", object: e, name, loc };
  return e;
}

export function interpretSteps(it: Interpreter, steps: (string | Expr)[]): PathStep[] {
  return steps.map((s) => (typeof s === "string" ? s : { index: it.eval(s) }));
}

export function compileSteps(c: Compiler, steps: (string | Expr)[]): string {
  return `[${steps.map((s) => (typeof s === "string" ? JSON.stringify(s) : `{ index: ${c.expr(s)} }`)).join(", ")}]`;
}

/** A query attribute written as a name ("users") becomes a variable reference. */
export function queryNameToExpr(node: TagNode, name = "query"): void {
  const a = node.args[name];
  if (a?.type === "literal" && typeof a.value === "string" && /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(a.value)) {
    node.args[name] = pathTarget(a.value, a.loc);
  }
}

export function asQuery(v: unknown, loc: Loc): QueryResult {
  if (v instanceof QueryResult) return v;
  throw new RuntimeError(codes.TYPE, `The query attribute must name a query, got ${typeName(v)}`, loc);
}

/**
 * One iteration of a loop: stops a runaway loop at maxIterations, or one whose template's
 * output (`outLength` so far) passed maxOutputLength, and ticks the page's clock.
 * True when the caller must `await pause(ctx.page, loc)` (see engine/clock.ts).
 */
export function tick(ctx: RenderContext, count: number, outLength: number, loc: Loc): boolean {
  if (count > ctx.limits.maxIterations) {
    throw new RuntimeError(codes.LOOP_LIMIT, `Loop stopped after ${ctx.limits.maxIterations} iterations (limit maxIterations)`, loc);
  }
  return rowTick(ctx, outLength, loc);
}

/** One row or group of dbt:output: the output check and the clock's tick of `tick`. */
export function rowTick(ctx: RenderContext, outLength: number, loc: Loc): boolean {
  if (outLength > ctx.limits.maxOutputLength) throw outputLimit(ctx.limits, loc);
  return --ctx.page.budget <= 0 && checkpoint(ctx.page, loc);
}

/** The end (exclusive) of the group of rows that starts at `i`. */
export function groupEnd(q: QueryResult, i: number, end: number, column: string): number {
  const rows = q.rows;
  const key = groupKey(rows[i]![column]);
  let j = i + 1;
  while (j < end && groupKey(rows[j]![column]) === key) j++;
  return j;
}

const groupKey = (v: unknown): unknown => (v instanceof Date ? v.getTime() : v);
