// <dbt:set target = expression>, or <dbt:set f(…)> to call a function for its effect
import type { TagDef, TagModule } from "./types.js";
import * as rt from "../engine/runtime.js";
import { splitTarget, interpretSteps, compileSteps } from "./helpers.js";

export const setTag: TagDef = {
  name: "set",
  body: "none",
  expression: "assign",
  attributes: {},
  validate(node, v) {
    // Without a target only a call makes sense (<dbt:set writeOutput(x)>), as CFML's <cfset f()>.
    if (!node.expr || (!node.target && node.expr.type !== "call")) throw v.error("<dbt:set> needs an assignment: <dbt:set name = value>", node.loc);
  },
  interpret(node, it) {
    const value = it.eval(node.expr!);
    if (!node.target) return;
    const { base, steps } = splitTarget(node.target);
    rt.assign(it.ctx, base, interpretSteps(it, steps), value, node.loc);
  },
  compile(node, c) {
    if (!node.target) return `${c.expr(node.expr!)};\n`;
    const { base, steps } = splitTarget(node.target);
    const v = c.tmp("v");
    return `{ const ${v} = ${c.expr(node.expr!)}; rt.assign(ctx, ${JSON.stringify(base)}, ${compileSteps(c, steps)}, ${v}, ${c.loc(node.loc)}); }\n`;
  },
};

export default { tags: [setTag] } satisfies TagModule;
