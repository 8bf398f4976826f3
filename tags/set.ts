// <dbt:set target = expression>
import type { TagDef, TagModule } from "./types.js";
import * as rt from "../engine/runtime.js";
import { splitTarget, interpretSteps, compileSteps } from "./helpers.js";

export const setTag: TagDef = {
  name: "set",
  body: "none",
  expression: "assign",
  attributes: {},
  validate(node, v) {
    if (!node.target || !node.expr) throw v.error("<dbt:set> needs an assignment: <dbt:set name = value>", node.loc);
  },
  interpret(node, it) {
    const value = it.eval(node.expr!);
    const { base, steps } = splitTarget(node.target!);
    rt.assign(it.ctx, base, interpretSteps(it, steps), value, node.loc);
  },
  compile(node, c) {
    const { base, steps } = splitTarget(node.target!);
    const v = c.tmp("v");
    return `{ const ${v} = ${c.expr(node.expr!)}; rt.assign(ctx, ${JSON.stringify(base)}, ${compileSteps(c, steps)}, ${v}, ${c.loc(node.loc)}); }\n`;
  },
};

export default { tags: [setTag] } satisfies TagModule;
