// <dbt:include template="header.dbt">: runs another template here, sharing this one's
// variables. The path is fixed, resolved against this file, and include cycles are refused
// when the templates are loaded. Each call ticks the page's clock (engine/clock.ts).
import type { TagDef, TagModule } from "./types.js";
import { fixedArg } from "./helpers.js";
import type { Loc } from "../parser/ast.js";
import { checkOutput, type RenderContext } from "../engine/context.js";
import { pause, tickClock } from "../engine/clock.js";
import { callTag } from "./call.js";

/** Renders the template at `path` (resolved when validated) with this page's variables. */
export async function includeTemplate(ctx: RenderContext, path: string, loc: Loc): Promise<string> {
  if (tickClock(ctx.page, loc)) await pause(ctx.page, loc);
  return checkOutput(ctx, await ctx.host.renderInto(path, ctx, loc), loc);
}

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
  ...callTag("includeTemplate", includeTemplate, [{ fixed: (node) => node.data }], { output: true, async: true }),
};

export default { tags: [includeTag], runtime: { includeTemplate } } satisfies TagModule;
