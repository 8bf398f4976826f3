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
import { pause, tickClock } from "../engine/clock.js";

export async function runModule(
  ctx: RenderContext,
  path: string,
  attributes: Struct,
  body: string,
  hasBody: boolean,
  loc: Loc,
): Promise<string> {
  if (ctx.callDepth >= ctx.limits.maxCallDepth) {
    throw new RuntimeError(
      codes.CALL_DEPTH,
      `Modules nested more than ${ctx.limits.maxCallDepth} deep (limit maxCallDepth)`,
      loc,
    );
  }
  if (tickClock(ctx.page, loc)) await pause(ctx.page, loc);
  const thisTag = rt.struct(["body", "hasBody"], [new SafeString(body), hasBody]);
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
  async interpret(node, it) {
    const names = passedOn(node);
    const attributes = rt.struct(
      names,
      names.map((n) => it.arg(node, n)),
    );
    const body = node.body ? await it.capture(node.body) : "";
    it.out += await runModule(it.ctx, node.data, attributes, body, node.body !== null, node.loc);
  },
  compile(node, c) {
    const names = passedOn(node);
    const [a, b] = [c.tmp("attrs"), c.tmp("body")];
    return `{ const ${a} = rt.struct(${JSON.stringify(names)}, [${names.map((n) => c.arg(node, n)).join(", ")}]);
let ${b} = "";
${node.body ? c.capture(node.body, b) : ""}$o += await T.runModule(ctx, ${JSON.stringify(node.data)}, ${a}, ${b}, ${node.body !== null}, ${c.loc(node.loc)});
}\n`;
  },
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

export const runtime = { runModule };

export default { tags: [moduleTag, importTag], runtime } satisfies TagModule;
