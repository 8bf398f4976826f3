// Small pieces several tag modules share.
import type { Expr, LValue, Loc, TagNode } from "../parser/ast.js";
import type { Compiler } from "../engine/compiler.js";
import type { Interpreter } from "../engine/interpreter.js";
import type { Validator } from "../engine/validate.js";
import { RuntimeError, codes } from "../engine/errors.js";
import type { PathStep } from "../engine/runtime.js";
import { QueryResult, typeName } from "../engine/values.js";
import { splitTarget } from "../engine/lvalue.js";

export { splitTarget };

/** The fixed value of a static attribute. */
export function fixedArg(node: TagNode, name: string): string | undefined {
  const a = node.args[name];
  return a?.type === "literal" ? String(a.value) : undefined;
}

/** A variable path written as text ("url.id") as an assignment target. */
export function pathTarget(path: string, loc: Loc): LValue {
  const [head, ...rest] = path.split(".");
  let e: LValue = { type: "var", name: head!, loc };
  for (const name of rest) e = { type: "member", object: e, name, loc };
  return e;
}

export async function interpretSteps(it: Interpreter, steps: (string | Expr)[]): Promise<PathStep[]> {
  const out: PathStep[] = [];
  for (const s of steps) out.push(typeof s === "string" ? s : { index: await it.value(s) });
  return out;
}

/** The target of <dbt:set>: `var x` (node.local) is `local.x`. */
export function setTarget(node: TagNode): { base: string; steps: (string | Expr)[] } {
  const t = splitTarget(node.target!);
  return node.local ? { base: "local", steps: [t.base, ...t.steps] } : t;
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

/** How rows are grouped: by one column, comparing strings with or without case. */
export interface Grouping {
  column: string;
  caseSensitive: boolean;
}

/**
 * The group and groupcasesensitive attributes of a dbt:output or dbt:loop. The default is
 * Lucee's (its TagGroupUtil): without case for the loop or output that names the query, with
 * case for a group nested inside it.
 */
export function groupingOf(node: TagNode, nested: boolean): Grouping | undefined {
  const column = fixedArg(node, "group");
  if (column === undefined) return undefined;
  const cs = fixedArg(node, "groupcasesensitive");
  return { column, caseSensitive: cs === undefined ? nested : cs === "true" || cs === "yes" };
}

/** True when the nearest enclosing query loop or output groups its rows (so a nested one iterates them). */
export function insideGroup(v: Validator): boolean {
  for (let i = v.ancestors.length - 1; i >= 0; i--) {
    const t = v.ancestors[i]!;
    // A tag that iterates no rows (a plain <dbt:output> only turns on #…#) is looked past.
    const grouped = v.host.tag(t.name)?.facts?.groups?.(t);
    if (grouped !== undefined) return grouped;
  }
  return false;
}

/** The end (exclusive) of the group of rows that starts at `i`. */
export function groupEnd(q: QueryResult, i: number, end: number, column: string, caseSensitive = true): number {
  const rows = q.rows;
  const key = groupKey(rows[i]![column], caseSensitive);
  let j = i + 1;
  while (j < end && groupKey(rows[j]![column], caseSensitive) === key) j++;
  return j;
}

const groupKey = (v: unknown, caseSensitive: boolean): unknown =>
  v instanceof Date ? v.getTime() : !caseSensitive && typeof v === "string" ? v.toLowerCase() : v;
