// What a tag module exports: its attribute schema and body shape (read by the parser and the
// validator), an optional extra validation step, and its two execution hooks side by side.
import type { Expr, Node, RawAttr, TagNode } from "../parser/ast.js";
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
  /** What the page's analyses may know of the tag (see TagFacts). Built-in tags only. */
  facts?: TagFacts<D>;
}

/**
 * Facts about a tag that other modules act on, declared in the tag's own file: a module that
 * analyses a page (the loop optimiser, compiled jumps, `quarry check --db`, nesting rules) asks
 * the registry for a node's TagDef and reads these, instead of testing the tag's name or
 * casting its data. An absent fact means no: a tag without `quiet` is never quiet, without
 * `jump` is no break or continue, and so on, which is how a custom tag (a dbt:module call) and
 * a host app's tag are treated. A host app's tag may not declare facts (engine/extensions.ts):
 * they promise what the optimiser relies on.
 */
export interface TagFacts<D = unknown> {
  /**
   * The tag's meaning is only control flow, output and setting plain variables, so a loop
   * holding it may keep its variables in JavaScript locals (tags/quiet.ts): what this node
   * writes, or null when this node is not (a query loop, a set of a member).
   */
  quiet?(node: TagNode<D>): QuietWrites | null;
  /** dbt:break, dbt:continue: leaves, or skips to the next iteration of, the innermost loop or the labelled one. */
  jump?: "break" | "continue";
  /** A loop: a jump without a label in its body stays inside it (tags/call.ts). */
  loop?: true;
  /**
   * The body runs where it is called, not where it stands (dbt:function): a jump's label and a
   * query's rows around it do not reach into it.
   */
  detached?: true;
  /** A dbt:function may stand directly inside it (dbt:component: its methods). */
  holdsFunctions?: true;
  /** With a `query` attribute, its body runs once per row of that query, the columns answering bare names (tags/query-shapes.ts). */
  queryRows?: true;
  /**
   * Whether the rows this node iterates are grouped, so that a query loop or output nested in
   * it iterates the rows of one group (tags/helpers.ts insideGroup); undefined when it iterates
   * no rows (look past it to the tag around it).
   */
  groups?(node: TagNode<D>): boolean | undefined;
  /** `quarry check --db` (tags/query-shapes.ts): its body is a statement's SQL ("statement", dbt:query) or it is a value bound in one ("param", dbt:queryparam). */
  sql?: "statement" | "param";
  /** What the node assigns, for `quarry check --db`: the variable, and queryExecute's SQL when the value is its call. */
  assigns?(node: TagNode<D>): Assignment | undefined;
}

/** The plain variables a quiet node writes: `loopVars` those it binds as a loop's own (index, item, key). */
export interface QuietWrites {
  readonly writes: readonly (string | undefined)[];
  readonly loopVars?: true;
}

/** What a quiet tag that writes no variable answers (dbt:if, dbt:output, dbt:break, …). */
export const WRITES_NOTHING: QuietWrites = { writes: [] };

/** A variable a node sets (its base name and the steps after it), and the queryExecute call it sets it to. */
export interface Assignment {
  target: { base: string; steps: readonly unknown[] } | undefined;
  /** queryExecute's SQL with a mark for each #…# of its literals, and those values (tags/set.ts SetData). */
  sql: Expr | null;
  inline: readonly Expr[];
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

/** The facts of the tag of `n`, its TagDef found by `tag` (a registry's): none for text and values. */
export function factsOf(n: Node, tag: (name: string) => TagDef | undefined): TagFacts | undefined {
  return n.type === "tag" ? tag(n.name)?.facts : undefined;
}
