// <dbt:function name="…" [returntype output]> <dbt:argument …>… body … <dbt:return expr> </dbt:function>
// A function defined in a template, called from expressions like a built-in one. The tags only
// describe it (validated once, into a FunctionDef on the template); engine/udf.ts makes the
// calls, and both modes run the body (template.ts, compiler.ts).
import type { FunctionDef, Node, TagNode } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { Validator } from "../engine/validate.js";
import { codes } from "../engine/errors.js";
import { ReturnSignal, returned } from "../engine/signals.js";
import { TYPES, callAwaiting, callFunction, defineFunctions, invokeValue, makeClosure } from "../engine/udf.js";
import { callMember, callMemberAsync, namedArgs } from "../engine/member-call.js";
import { fixedArg } from "./helpers.js";

const YES_NO = ["true", "false", "yes", "no"] as const;
const isYes = (v: string | undefined, dflt: boolean): boolean => (v === undefined ? dflt : v === "true" || v === "yes");

/** Text without leading or trailing whitespace that spans a line break (the indentation around a tag). */
function trimLines(s: string, atLineStart: boolean): string {
  const start = s.length - s.trimStart().length;
  const end = s.trimEnd().length;
  const head = atLineStart || s.slice(0, start).includes("\n") ? start : 0;
  const tail = s.slice(end).includes("\n") ? end : s.length;
  return head < tail ? s.slice(head, tail) : "";
}

/**
 * Line breaks and indentation around the tags of a function are layout, not output (CFML
 * prints them; few want them): `#f()#` prints only what the body means to. SQL keeps its own.
 */
function dropLayout(nodes: Node[], v: Validator): Node[] {
  const kept: Node[] = [];
  for (const n of nodes) {
    if (n.type === "text") {
      // The parser drops the line break after a tag, so a text at column 1 starts with indentation.
      const value = trimLines(n.value, n.loc.column === 1);
      if (value) kept.push({ ...n, value });
      continue;
    }
    if (n.type === "tag" && n.body && !v.host.tag(n.name)?.silentBody) n.body = dropLayout(n.body, v);
    kept.push(n);
  }
  return kept;
}

export const functionTag: TagDef<FunctionDef> = {
  name: "function",
  facts: { detached: true },
  body: "required",
  interpolateBody: true,
  attributes: {
    name: { type: "name", required: true },
    returntype: { type: "enum", values: TYPES },
    output: { type: "enum", values: YES_NO },
    hint: { type: "text" },
    description: { type: "text" },
    // CFML's: a template's functions are all reachable from it, so access only documents intent.
    access: { type: "enum", values: ["public", "private", "package", "remote"] },
    displayname: { type: "text" },
  },
  validate(node, v) {
    // At the top, so its body cannot reach a loop, a catch or a query around it.
    // A component's functions stand in its dbt:component, the whole of its file.
    const inComponent = v.ancestors.length === 1 && v.host.tag(v.ancestors[0]!.name)?.facts?.holdsFunctions === true;
    if (v.ancestors.length && !inComponent)
      throw v.error(
        "<dbt:function> goes at the top level of a template, not inside another tag",
        node.loc,
        codes.NESTING,
      );
    const name = fixedArg(node, "name")!;
    const at = node.args.name!.loc;
    // A component's method may share a built-in's name (obj.find(), this.update()).
    if (v.host.fn(name) && !inComponent)
      throw v.error(`${name}() is a built-in function: give yours another name`, at, codes.FUNCTION);
    if (v.functions.some((f) => f.name.toLowerCase() === name.toLowerCase()))
      throw v.error(`Function ${name}() is defined twice in this template`, at, codes.FUNCTION);
    node.body = dropLayout(node.body!, v);
    node.data = {
      name,
      params: [],
      returnType: fixedArg(node, "returntype") ?? "any",
      output: isYes(fixedArg(node, "output"), true),
      ...(fixedArg(node, "access") === "private" ? { access: "private" } : {}),
      body: node.body.filter((n) => !(n.type === "tag" && n.name === "argument")),
    };
    v.functions.push(node.data);
  },
  // Defined when the template starts (engine/udf.ts defineFunctions), not where it stands.
  interpret() {},
  compile: () => "",
};

export const argumentTag: TagDef = {
  name: "argument",
  body: "none",
  parents: ["function"],
  attributes: {
    name: { type: "name", required: true, binds: true },
    type: { type: "enum", values: TYPES.filter((t) => t !== "void") },
    required: { type: "enum", values: YES_NO },
    default: { type: "any" },
    hint: { type: "text" },
    displayname: { type: "text" },
  },
  validate(node, v) {
    const fn = v.ancestors[v.ancestors.length - 1] as TagNode<FunctionDef>;
    const body = fn.body!;
    if (body.slice(0, body.indexOf(node)).some((n) => n.type !== "tag" || n.name !== "argument")) {
      throw v.error("<dbt:argument> must come before the rest of the function's body", node.loc, codes.NESTING);
    }
    const name = fixedArg(node, "name")!;
    if (fn.data.params.some((p) => p.name.toLowerCase() === name.toLowerCase()))
      throw v.error(`Argument ${name} is declared twice`, node.args.name!.loc);
    fn.data.params.push({
      name,
      type: fixedArg(node, "type") ?? "any",
      required: isYes(fixedArg(node, "required"), false),
      default: node.args.default ?? null,
    });
  },
  interpret() {},
  compile: () => "",
};

export const returnTag: TagDef = {
  name: "return",
  body: "none",
  expression: "expr",
  attributes: {},
  validate(node, v) {
    if (!v.enclosing("function"))
      throw v.error("<dbt:return> must stand inside <dbt:function>", node.loc, codes.NESTING);
  },
  async interpret(node, it) {
    throw new ReturnSignal(node.expr ? await it.value(node.expr) : null);
  },
  compile(node, c) {
    return `throw new T.ReturnSignal(${node.expr ? c.expr(node.expr) : "null"});\n`;
  },
};

export default {
  tags: [functionTag, argumentTag, returnTag],
  runtime: {
    defineFunctions,
    makeClosure,
    invokeValue,
    callFunction,
    callAwaiting,
    returned,
    ReturnSignal,
    callMember,
    callMemberAsync,
    namedArgs,
  },
} satisfies TagModule;
