// <dbt:switch expression="#x#"><dbt:case value="a,b">…</dbt:case><dbt:defaultcase>…</dbt:defaultcase></dbt:switch>
// A case matches when one item of its value list equals the expression, ignoring case.
import type { Loc, Node, TagNode } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import { codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { listItems } from "../engine/list-items.js";
import { compare } from "../engine/values.js";

// Case nodes are kept whole: their attributes are validated after this hook runs.
interface SwitchData {
  cases: TagNode[];
  otherwise: Node[] | null;
}

/**
 * As Lucee compares: a <dbt:script> case's values (case 1: case 2: …) as EQ does (switch (true)
 * { case 1: } matches, so do "01" and 1); a dbt:case's list items as text, ignoring case.
 */
export function caseMatches(subject: unknown, value: unknown, delimiters: unknown, loc: Loc): boolean {
  const s = rt.toStr(subject, loc).toLowerCase();
  if (Array.isArray(value)) return value.some((v) => compare(subject, v, loc) === 0);
  return listItems(rt.toStr(value, loc), delimiters ?? ",").some((item) => item.toLowerCase() === s);
}

export const switchTag: TagDef<SwitchData> = {
  name: "switch",
  body: "required",
  attributes: { expression: { type: "any", required: true } },
  validate(node, v) {
    const data: SwitchData = { cases: [], otherwise: null };
    for (const child of node.body!) {
      if (child.type === "text" && child.value.trim() === "") continue;
      if (child.type === "tag" && child.name === "case") {
        data.cases.push(child);
      } else if (child.type === "tag" && child.name === "defaultcase") {
        if (data.otherwise) throw v.error("<dbt:switch> has more than one <dbt:defaultcase>", child.loc, codes.NESTING);
        data.otherwise = child.body!;
      } else {
        throw v.error("Only <dbt:case> and <dbt:defaultcase> may stand inside <dbt:switch>", child.loc, codes.NESTING);
      }
    }
    node.data = data;
  },
  async interpret(node, it) {
    const { cases, otherwise } = node.data;
    const subject = it.arg(node, "expression");
    for (const k of cases) {
      // Each case's value is evaluated only when the cases before it did not match.
      const [value, delimiters] = [k.args.value!, k.args.delimiters];
      if (caseMatches(subject, await it.value(value), delimiters && (await it.value(delimiters)), value.loc))
        return it.run(k.body!);
    }
    if (otherwise) await it.run(otherwise);
  },
  compile(node, c) {
    const { cases, otherwise } = node.data;
    const s = c.tmp("subject");
    const branches = cases.map(
      (k) =>
        `if (T.caseMatches(${s}, ${c.arg(k, "value")}, ${c.arg(k, "delimiters") ?? "undefined"}, ${c.loc(k.args.value!.loc)})) {\n${c.nodes(k.body!)}}`,
    );
    const tail = otherwise ? `{\n${c.nodes(otherwise)}}` : "";
    return `{ const ${s} = ${c.arg(node, "expression")};\n${[...branches, tail].filter(Boolean).join(" else ")}\n}\n`;
  },
};

const branch = (name: string, attributes: TagDef["attributes"]): TagDef => ({
  name,
  body: "required",
  attributes,
  parents: ["switch"],
  interpret() {},
  compile: () => "",
});

export const caseTag = branch("case", { value: { type: "string", required: true }, delimiters: { type: "string" } });
export const defaultcaseTag = branch("defaultcase", {});

export const runtime = { caseMatches };

export default { tags: [switchTag, caseTag, defaultcaseTag], runtime } satisfies TagModule;
