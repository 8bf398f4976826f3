// <dbt:include template="header.dbt">: runs another template here, sharing this one's
// variables. The path is fixed, resolved against this file, and include cycles are refused
// when the templates are loaded. Each call ticks the page's clock (engine/clock.ts).
import type { TagDef, TagModule } from "./types.js";
import { fixedArg } from "./helpers.js";
import type { Loc } from "../parser/ast.js";
import { checkOutput, type RenderContext } from "../engine/context.js";
import { pause, tick } from "../engine/clock.js";
import { takeAborted, unwind } from "../engine/signals.js";

/**
 * Renders the template at `path` (resolved when validated) with this page's variables, after
 * `before`, the including template's output so far, which it takes over and gives back in front
 * of the included output: the page holds it meanwhile, so a dbt:flush in the included template
 * sends it first (tags/flush.ts). A dbt:abort keeps it in front of the output it carries, which
 * the caller takes back as its own (takeAborted): what the caller prints while the abort passes
 * (a dbt:finally) then follows it, and a capturing body (dbt:silent) drops it.
 */
export async function includeTemplate(ctx: RenderContext, before: string, path: string, loc: Loc): Promise<string> {
  const held = ctx.page.held;
  const depth = held.push(before);
  let out: string;
  try {
    if (tick(ctx, 0, 0, loc)) await pause(ctx.page, loc);
    out = checkOutput(ctx, await ctx.host.renderInto(path, ctx, loc), loc);
  } catch (err) {
    throw unwind(err, held.splice(depth - 1)[0]!);
  }
  return held.splice(depth - 1)[0]! + out;
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
  // The caller's output goes in and comes back (not callTag's `$o += …`): see includeTemplate.
  interpret(node, it) {
    const before = it.out;
    it.out = "";
    return includeTemplate(it.ctx, before, node.data, node.loc).then(
      (out) => {
        it.out = out;
      },
      (err: unknown) => {
        it.out = takeAborted(err);
        throw err;
      },
    );
  },
  compile(node, c) {
    const [before, e] = [c.tmp("before"), c.tmp("e")];
    return `{ const ${before} = $o; $o = ""; try { $o = ${c.awaiting(`await T.includeTemplate(ctx, ${before}, ${JSON.stringify(node.data)}, ${c.loc(node.loc)})`)}; } catch (${e}) { $o = T.takeAborted(${e}); throw ${e}; } }\n`;
  },
};

export default { tags: [includeTag], runtime: { includeTemplate, takeAborted } } satisfies TagModule;
