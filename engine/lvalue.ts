// An assignment target (`a.b[c]`) as its base name and steps, so every assignment (dbt:set,
// `i++` inside an expression, a tag's result variable) calls rt.assign the same way.
import type { AssignPath, Expr, LValue } from "../parser/ast.js";

export function splitTarget(t: LValue): AssignPath {
  const steps: (string | Expr)[] = [];
  let e: Expr = t;
  while (e.type === "member" || e.type === "index") {
    steps.unshift(e.type === "member" ? e.name : e.index);
    e = e.object;
  }
  return { base: (e as { name: string }).name, steps };
}
