// <dbt:include template="header.dbt">: runs another template here, sharing this one's
// variables. The path is fixed, resolved against this file, and include cycles are refused
// when the templates are loaded. Each call ticks the page's clock (engine/clock.ts).
import type { TagDef, TagModule } from "./types.js";
import { fixedArg } from "./helpers.js";
import { pause, tickClock } from "../engine/clock.js";

/** The data: the resolved path of the included template. */
export const includeTag: TagDef<string> = {
  name: "include",
  body: "none",
  attributes: { template: { type: "text", required: true } },
  validate(node, v) {
    const path = v.host.resolve(node.loc.file, fixedArg(node, "template")!, node.args.template!.loc);
    v.includes.push({ path, loc: node.loc });
    node.data = path;
  },
  async interpret(node, it) {
    if (tickClock(it.ctx.page, node.loc)) await pause(it.ctx.page, node.loc);
    it.out += await it.ctx.host.renderInto(node.data, it.ctx, node.loc);
  },
  compile(node, c) {
    const L = c.loc(node.loc);
    return `if (T.tickClock(ctx.page, ${L})) await T.pause(ctx.page, ${L});\n$o += await ctx.host.renderInto(${JSON.stringify(node.data)}, ctx, ${L});\n`;
  },
};

export default { tags: [includeTag] } satisfies TagModule;
