// <dbt:xml variable="doc" [casesensitive="true"]>…</dbt:xml>: renders the body (CFML's cfxml)
// and parses what it wrote as an XML document (engine/xml.ts) into the variable. Values are
// written into the body with dbt:output, whose HTML escaping is XML's too.
import type { TagDef, TagModule } from "./types.js";
import type { Loc } from "../parser/ast.js";
import type { RenderContext } from "../engine/context.js";
import * as rt from "../engine/runtime.js";
import { parseXml, type XmlNode } from "../engine/xml.js";
import { fixedArg, pathTarget, splitTarget } from "./helpers.js";

/** The document a dbt:xml body wrote; an error in it is located at the tag. */
export function xmlBody(ctx: RenderContext, text: string, caseSensitive: unknown, loc: Loc): XmlNode {
  try {
    return parseXml(ctx, text, caseSensitive !== undefined && rt.toBool(caseSensitive, loc));
  } catch (err) {
    throw rt.locate(err, loc);
  }
}

// The body is captured inline, as dbt:savecontent's, so a page without I/O stays synchronous.
export const xmlTag: TagDef = {
  name: "xml",
  body: "required",
  attributes: { variable: { type: "variable", required: true }, casesensitive: { type: "boolean" } },
  async interpret(node, it) {
    const { base, steps } = splitTarget(pathTarget(fixedArg(node, "variable")!, node.loc));
    const cs = it.arg(node, "casesensitive");
    const content = await it.capture(node.body!);
    rt.assign(it.ctx, base, steps as string[], xmlBody(it.ctx, content, cs, node.loc), node.loc);
  },
  compile(node, c) {
    const { base, steps } = splitTarget(pathTarget(fixedArg(node, "variable")!, node.loc));
    const v = c.tmp("xml");
    const cs = c.tmp("cs");
    const loc = c.loc(node.loc);
    return `{ const ${cs} = ${c.arg(node, "casesensitive") ?? "undefined"}; let ${v} = "";\n${c.capture(node.body!, v)}rt.assign(ctx, ${JSON.stringify(base)}, ${JSON.stringify(steps)}, T.xmlBody(ctx, ${v}, ${cs}, ${loc}), ${loc});\n}\n`;
  },
};

export default { tags: [xmlTag], runtime: { xmlBody } } satisfies TagModule;
