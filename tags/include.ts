// <dbt:include template="header.dbt">: runs another template here, sharing this one's
// variables. The path is fixed, resolved against this file, and include cycles are refused
// when the templates are loaded.
import type { TagDef } from "./types.js";
import { fixedArg } from "./helpers.js";

export const includeTag: TagDef = {
  name: "include",
  body: "none",
  async: true,
  attributes: { template: { type: "text", required: true } },
  validate(node, v) {
    const path = v.host.resolve(node.loc.file, fixedArg(node, "template")!, node.args.template!.loc);
    v.includes.push({ path, loc: node.loc });
    node.data = path;
  },
  async interpret(node, it) {
    it.out += await it.ctx.host.renderInto(node.data as string, it.ctx, node.loc);
  },
  compile(node, c) {
    return `$o += await ctx.host.renderInto(${JSON.stringify(node.data)}, ctx, ${c.loc(node.loc)});\n`;
  },
};
