// What a tag module exports: its attribute schema and body shape (read by the parser and the
// validator), an optional extra validation step, and its two execution hooks side by side.
import type { RawAttr, TagNode } from "../parser/ast.js";
import type { Interpreter } from "../engine/interpreter.js";
import type { Compiler } from "../engine/compiler.js";
import type { Validator } from "../engine/validate.js";

/**
 * Attribute types. Dynamic ones accept text with #expr#:
 * - string, number, integer, boolean: converted to that type when the tag runs;
 * - any: keeps the value's type when the attribute is exactly one #expr#;
 * - expr: the whole value is an expression, written with or without #…# (loop condition).
 * Static ones are fixed when the template is validated (no #expr#):
 * - name: an identifier; variable: a dotted variable path; text: any fixed text (paths, types);
 * - enum: one of `values`.
 */
export type AttrType =
  "string" | "number" | "integer" | "boolean" | "any" | "expr" | "name" | "variable" | "text" | "enum";

export interface AttrSpec {
  type: AttrType;
  required?: boolean;
  /** A "name" that names a variable the tag sets (a loop's index): written as the template spells it (Validator.spell). */
  binds?: boolean;
  values?: readonly string[];
}

/**
 * A tag. `D` is the data its `validate` hook prepares once per node (branches, the form of a
 * loop, …) and stores in `node.data`; the other hooks read it typed, without a cast.
 */
export interface TagDef<D = unknown> {
  name: string;
  body: "none" | "required" | "optional";
  /** `<dbt:if EXPR>` ("expr") or `<dbt:set TARGET = EXPR>` ("assign") instead of attributes. */
  expression?: "expr" | "assign";
  interpolateBody?: boolean;
  /** The body renders to something other than the page (SQL); see TagShape.silentBody. */
  silentBody?: boolean;
  /** See TagShape.bodyless. */
  bodyless?(attrs: RawAttr[]): boolean;
  /** Written without a body (`<dbt:cache … />`), the tag takes the rest of its parent as its body. */
  restAsBody?(attrs: RawAttr[]): boolean;
  attributes: Record<string, AttrSpec>;
  /** Accept attributes beyond the schema (dbt:module passes them on). */
  extraAttributes?: boolean;
  /**
   * Attributes the tag evaluates at a time of its own (a loop's condition, each iteration) with
   * `it.value`. The interpreter evaluates the tag's other attributes that await (they call a
   * function defined with dbt:function) before the tag runs.
   */
  lazyArgs?: readonly string[];
  /** The tag may only stand directly inside one of these. */
  parents?: readonly string[];
  /** Checks beyond the attribute schema; sets `node.data` for the other hooks. */
  validate?(node: TagNode<D>, v: Validator): void;
  interpret(node: TagNode<D>, it: Interpreter): void | Promise<void>;
  /** JavaScript statements that do what interpret does, appending output to `$o`. */
  compile(node: TagNode<D>, c: Compiler): string;
}

/**
 * What a tag module exports as its default: its tags and the runtime helpers compiled templates
 * reach as `T.<name>` (the same functions its interpret hooks call). tags/registry.ts builds
 * the tag table and `T` from one list of these.
 */
export interface TagModule {
  // A TagDef<D> is a TagDef: its hooks are methods, whose parameters TypeScript compares both ways.
  tags: readonly TagDef[];
  runtime?: Record<string, unknown>;
}

/**
 * The attributes of `n` that a tag with an awaiting attribute evaluates before it runs (all but
 * its lazyArgs), in the order its definition declares them, as Lucee evaluates a tag's
 * attributes in an order of its own (a loop's from, then to, then step) whatever the order
 * they are written in; attributes beyond the schema follow, in the order written.
 */
export function earlyArgs(def: TagDef, n: TagNode): string[] {
  const given = Object.keys(n.args).filter((a) => !def.lazyArgs?.includes(a));
  const declared = Object.keys(def.attributes);
  return [...declared.filter((a) => given.includes(a)), ...given.filter((a) => !declared.includes(a))];
}
