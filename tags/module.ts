// <dbt:module template="_card.dbt" title="…">body</dbt:module>: a reusable component. It runs
// with its own `variables`, sees the other attributes in `attributes` and the caller's
// rendered body as `thisTag.body`; nothing leaks either way.
import type { Loc, TagNode } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import { checkOutput, type RenderContext } from "../engine/context.js";
import { RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { SafeString, type Struct } from "../engine/values.js";
import { fixedArg } from "./helpers.js";
import { callTag, type CaptureBody } from "./call.js";
import { pause, tick } from "../engine/clock.js";

/**
 * Runs the module template at `path` (resolved when validated) with `attributes`, the body
 * rendered first as its `thisTag.body`; returns the module's output.
 */
export async function callModule(
  ctx: RenderContext,
  path: string,
  attributes: Struct,
  body: CaptureBody | null,
  loc: Loc,
): Promise<string> {
  const text = body ? await body() : "";
  if (ctx.callDepth >= ctx.limits.maxCallDepth) {
    throw new RuntimeError(
      codes.CALL_DEPTH,
      `Modules nested more than ${ctx.limits.maxCallDepth} deep (limit maxCallDepth)`,
      loc,
    );
  }
  if (tick(ctx, 0, 0, loc)) await pause(ctx.page, loc);
  const thisTag = rt.struct(["body", "hasBody"], [new SafeString(text), body !== null]);
  return checkOutput(ctx, await ctx.host.renderInto(path, ctx.forModule(attributes, thisTag), loc), loc);
}

/** The attributes the module gets: all but the one naming it (an imported tag passes every one). */
const passedOn = (node: TagNode<string>) => Object.keys(node.args).filter((k) => node.custom || k !== "template");

/** The data: the resolved path of the module template. */
export const moduleTag: TagDef<string> = {
  name: "module",
  body: "optional",
  extraAttributes: true,
  // Required, but an imported tag (<ui:card>) names its template by its own name.
  attributes: { template: { type: "text" } },
  validate(node, v) {
    if (node.custom) {
      const { taglib, name } = node.custom;
      let folder = taglib;
      while (folder.endsWith("/")) folder = folder.slice(0, -1);
      node.data = v.host.resolve(node.loc.file, `${folder}/${name}.dbt`, node.loc);
      v.modules.push({ path: node.data, loc: node.loc });
      return;
    }
    if (!node.args.template) throw v.error('<dbt:module> needs the attribute "template"', node.loc);
    node.data = v.host.resolve(node.loc.file, fixedArg(node, "template")!, node.args.template.loc);
    v.modules.push({ path: node.data, loc: node.loc });
  },
  ...callTag("callModule", callModule, [{ fixed: (node) => node.data }, { struct: passedOn }], {
    output: true,
    async: true,
    body: "capture",
  }),
};

/**
 * <dbt:import prefix="ui" taglib="/_tags">: in this template, <ui:card …>…</ui:card> calls
 * /_tags/card.dbt as <dbt:module> would. The parser reads the prefixes (parser/parse.ts
 * tokenize); the tag itself does nothing when the page runs.
 */
export const importTag: TagDef = {
  name: "import",
  body: "none",
  attributes: { prefix: { type: "name", required: true }, taglib: { type: "text", required: true } },
  validate(node, v) {
    if (fixedArg(node, "prefix")!.toLowerCase() === "dbt")
      throw v.error('The prefix "dbt" is Quarry\'s own: choose another', node.args.prefix!.loc);
  },
  interpret() {},
  compile: () => "",
};

export const runtime = { callModule };

export default { tags: [moduleTag, importTag], runtime } satisfies TagModule;
