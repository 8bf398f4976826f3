// <dbt:component> and <dbt:property>: a component file (`Name.cfc`), in script
// (`component extends="Base" accessors=true { property name="x"; function init() {…} }`) or
// in tags (`<dbt:component>…</dbt:component>`). What an instance is and how `new` makes one:
// engine/component.ts. The tag's body is the pseudo-constructor, run when an instance is made,
// after the base component's.
import type { Loc, TagNode } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { Validator } from "../engine/validate.js";
import { TemplateError, codes } from "../engine/errors.js";
import { componentStart, newComponent, type ComponentMeta, type PropertyMeta } from "../engine/component.js";
import { fixedArg } from "./helpers.js";

const YES_NO = ["true", "false", "yes", "no"] as const;
const yes = (v: string | undefined, dflt: boolean): boolean => (v === undefined ? dflt : v === "true" || v === "yes");

/** The site path of a component file named with dots (`models.Person` → `models/Person.cfc`). */
const fileOf = (dotted: string): string => `${dotted.split(".").join("/")}.cfc`;

/**
 * The component file `dotted` names, written in `from`: beside `from` first, then from the site
 * folder (as Lucee looks: the page's folder, then the root mapping). Never outside the site.
 */
export function resolveComponent(v: Validator, from: string, dotted: string, loc: Loc): string {
  if (!/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(dotted))
    throw v.error(
      `"${dotted}" is not a component name (letters, digits, _, parts joined with dots)`,
      loc,
      codes.COMPONENT,
    );
  const file = fileOf(dotted);
  try {
    return v.host.resolve(from, file, loc);
  } catch (err) {
    if (!(err instanceof TemplateError && err.code === codes.TEMPLATE_NOT_FOUND)) throw err;
  }
  try {
    return v.host.resolve(from, `/${file}`, loc);
  } catch (err) {
    if (!(err instanceof TemplateError && err.code === codes.TEMPLATE_NOT_FOUND)) throw err;
    const dir = from.includes("/") ? `${from.slice(0, from.lastIndexOf("/") + 1)}${file}, then ` : "";
    throw v.error(`Component ${dotted} not found (looked for ${dir}${file})`, loc, codes.TEMPLATE_NOT_FOUND);
  }
}

/** The written value of an attribute of a tag not yet validated (a function in the component's body). */
function rawAttr(node: TagNode, name: string): string | undefined {
  const a = node.attrs.find((x) => x.name.toLowerCase() === name);
  if (a === undefined) return undefined;
  if (a.expr?.type === "literal" && a.expr.value !== null && a.expr.value !== undefined) return String(a.expr.value);
  return a.raw ?? undefined;
}

export const componentTag: TagDef<ComponentMeta> = {
  name: "component",
  facts: { holdsFunctions: true },
  body: "required",
  // A component's other attributes (displayname, output, persistent…) are its metadata in
  // CFML; Quarry accepts them and reads the ones below.
  extraAttributes: true,
  attributes: {
    extends: { type: "text" },
    accessors: { type: "enum", values: YES_NO },
    hint: { type: "text" },
  },
  validate(node, v) {
    const file = node.loc.file;
    if (!file.toLowerCase().endsWith(".cfc"))
      throw v.error(
        "<dbt:component> stands only in a component file (Name.cfc), whose instances new Name() makes",
        node.loc,
        codes.COMPONENT,
      );
    if (v.ancestors.length)
      throw v.error("<dbt:component> is the whole of its file, not inside another tag", node.loc, codes.NESTING);
    const ext = fixedArg(node, "extends");
    let base: string | null = null;
    if (ext !== undefined) {
      base = resolveComponent(v, file, ext.trim(), node.args.extends!.loc);
      v.modules.push({ path: base, loc: node.args.extends!.loc });
    }
    const path = file.slice(0, -4);
    const functions: ComponentMeta["functions"] = [];
    for (const n of node.body!) {
      if (n.type !== "tag" || n.name !== "function") continue;
      const name = rawAttr(n, "name");
      if (name !== undefined) functions.push({ name, access: (rawAttr(n, "access") ?? "public").toLowerCase() });
    }
    node.data = {
      name: path.slice(path.lastIndexOf("/") + 1),
      fullName: path.split("/").join("."),
      path: file,
      extends: base,
      accessors: yes(fixedArg(node, "accessors"), false),
      properties: [],
      functions,
      ...(fixedArg(node, "hint") !== undefined ? { hint: fixedArg(node, "hint") } : {}),
    };
  },
  async interpret(node, it) {
    it.out += await componentStart(it.ctx, node.data, node.loc);
    await it.run(node.body!);
  },
  compile(node, c) {
    return `$o += ${c.awaiting(`await T.componentStart(ctx, ${c.constant(node.data)}, ${c.loc(node.loc)})`)};\n${c.nodes(node.body!)}`;
  },
};

export const propertyTag: TagDef = {
  name: "property",
  body: "none",
  parents: ["component"],
  extraAttributes: true,
  attributes: {
    name: { type: "name", required: true },
    type: { type: "text" },
    default: { type: "any" },
    getter: { type: "enum", values: YES_NO },
    setter: { type: "enum", values: YES_NO },
    hint: { type: "text" },
  },
  validate(node, v) {
    const owner = v.enclosingTag(componentTag)!;
    const name = fixedArg(node, "name")!;
    if (owner.data.properties.some((p) => p.name.toLowerCase() === name.toLowerCase()))
      throw v.error(`Property ${name} is declared twice`, node.args.name!.loc);
    const p: PropertyMeta = {
      name,
      type: (fixedArg(node, "type") ?? "any").toLowerCase(),
      getter: yes(fixedArg(node, "getter"), true),
      setter: yes(fixedArg(node, "setter"), true),
    };
    const d = node.args.default;
    if (d !== undefined) {
      if (d.type !== "literal" || d.value === null || d.value === undefined)
        throw v.error(`The default of property ${name} must be written out (a string, number or boolean)`, d.loc);
      p.default = d.value;
    }
    owner.data.properties.push(p);
  },
  interpret() {},
  compile: () => "",
};

export default { tags: [componentTag, propertyTag], runtime: { componentStart, newComponent } } satisfies TagModule;
