import type { Token } from "./parse.js";

// The typed AST. Every node carries where it came from: file, 1-based line and column, and
// the [start, end) offsets into the file's source.

export interface Loc {
  file: string;
  line: number;
  column: number;
  start: number;
  end: number;
}

export type BinaryOp =
  | "+"
  | "-"
  | "*"
  | "/"
  | "\\"
  | "%"
  | "^"
  | "&"
  | "eq"
  | "neq"
  | "eeq"
  | "neeq"
  | "gt"
  | "gte"
  | "lt"
  | "lte"
  | "contains"
  | "ncontains"
  | "xor"
  | "eqv"
  | "imp";

/**
 * An expression. `async` marks one that awaits (it calls a function defined with dbt:function,
 * somewhere inside): set by the validator, read by both modes.
 */
/** What a member call reaches for one kind of receiver: a built-in, the receiver's 0-based argument position, its arity, whether it returns the receiver. */
export interface MemberTarget {
  fn: string;
  pos: number;
  min: number;
  max: number;
  chain: boolean;
  /** The built-in calls back (BuiltinDef.awaits). */
  awaits?: true;
  /** Where each written argument goes (named arguments), else in order around the receiver. */
  order?: number[];
}

/** By receiver kind (engine/functions/members.ts memberKind); a kind without an entry has no such member. */
export type MemberPlan = Partial<
  Record<
    "string" | "numstr" | "datestr" | "number" | "boolean" | "date" | "array" | "struct" | "query" | "xml",
    MemberTarget
  >
>;

export type Expr = ExprNode & { async?: true };

type ExprNode =
  /** `undefined`: an optional argument left out before a named one (validator). */
  | { type: "literal"; value: string | number | boolean | null | undefined; loc: Loc }
  | { type: "array"; items: Expr[]; loc: Loc }
  /** A key written `"k#n#"` is an expression (the string's concatenation), evaluated before its value. */
  | { type: "struct"; entries: { key: string | Expr; value: Expr }[]; loc: Loc }
  | { type: "var"; name: string; loc: Loc }
  | { type: "member"; object: Expr; name: string; loc: Loc }
  | { type: "index"; object: Expr; index: Expr; loc: Loc }
  /** `user`: a function defined with dbt:function, found by name when the call runs. */
  | {
      type: "call";
      name: string;
      args: Expr[];
      /** Named arguments: the name of each of `args` (a built-in's are put in order when validated). */
      names?: string[];
      loc: Loc;
      user?: true;
    }
  /** A member function call `object.name(args)`: `plan` (set by the validator) is the built-in each receiver type reaches. */
  | { type: "method"; object: Expr; name: string; args: Expr[]; names?: string[]; loc: Loc; plan?: MemberPlan }
  | { type: "unary"; op: "-" | "+" | "not"; arg: Expr; loc: Loc }
  /** `interp`: a `&` that joins the parts of a string literal with `#…#` ("Hello #name#"). */
  | { type: "binary"; op: BinaryOp; left: Expr; right: Expr; interp?: true; loc: Loc }
  | { type: "logical"; op: "and" | "or"; left: Expr; right: Expr; loc: Loc }
  | { type: "cond"; test: Expr; then: Expr; else: Expr; loc: Loc }
  | { type: "elvis"; left: Expr; right: Expr; loc: Loc }
  /** An attribute value mixing text and #expr#: the parts joined as strings. */
  | { type: "template"; parts: Expr[]; loc: Loc }
  /**
   * A closure written in <dbt:script> (`function (x) { … }`, `(x) => x * 2`): its parameters and
   * body as the grammar read them (`tokens`: dbt:argument tags, then the body), turned by the
   * validator into `def`, the same FunctionDef a dbt:function has. Its value is a function that
   * sees the variables of the function (or catch) it was made in. `lambda`: written with `=>`
   * (its function is named "lambda", else "closure": isCustomFunction tells them apart).
   */
  | { type: "closure"; tokens?: Token[]; def?: FunctionDef; loc: Loc; lambda?: true }
  /**
   * `i++`, `--a[k]` inside an expression: the target set to its number plus or minus 1; the
   * value is the number before (postfix) or after (prefix). `path`: the target split into a
   * base name and steps (validator), as rt.assign takes it.
   */
  | { type: "step"; target: Expr; op: "+" | "-"; prefix: boolean; loc: Loc; path?: AssignPath }
  /**
   * `new path.Name(args)` (and `createObject("component", "path.Name")`): an instance of a
   * component file; `path` is the file, resolved by the validator (always awaits). `bare`:
   * createObject's, which does not call init (as in CFML).
   */
  | { type: "new"; name: string; args: Expr[]; names?: string[]; path?: string; loc: Loc; bare?: true }
  /** A call of a value that is not a name: `fns[1](x)`, `makeAdder(5)(1)` (always awaits). */
  | { type: "invoke"; callee: Expr; args: Expr[]; loc: Loc };

/** An assignment target as a base name and the member names or index expressions after it. */
export interface AssignPath {
  base: string;
  steps: (string | Expr)[];
}

export type ExprOf<T extends Expr["type"]> = Extract<Expr, { type: T }>;

/** An assignment target: a variable with member/index steps. */
export type LValue = ExprOf<"var"> | ExprOf<"member"> | ExprOf<"index">;

export interface TextNode {
  type: "text";
  value: string;
  loc: Loc;
  /** Page text outside dbt:output (and the other tags whose body is live): `enableoutputonly` drops it. */
  plain?: true;
}

export interface InterpNode {
  type: "interp";
  expr: Expr;
  loc: Loc;
}

/** An attribute as written; `raw` is null for a bare attribute (`<dbt:cookie httponly>`). */
export interface RawAttr {
  name: string;
  raw: string | null;
  valueOffset: number;
  loc: Loc;
  /** Written in a <dbt:script> block (`lock name="n" timeout=5`): the value is this expression. */
  expr?: Expr;
}

/**
 * What a statement of a <dbt:script> block asks of its tag beyond the attributes a tag has:
 * a for loop's step (`after`, run after each iteration, a continue too), a do-while's test
 * after the body (`postTest`), a for-in loop (`each`: an array's values, a struct's keys, a
 * query's rows), a catch's variable (`name`), a loop's label or the label a break or continue
 * names (`label`, lower-case: `outer: for (…) { … break outer; }`).
 */
export interface ScriptInfo {
  after?: Node[];
  /** Declared with `var` (`var x = 1;`, `for (var x in c)`): a function's local variable. */
  var?: true;
  label?: string;
  postTest?: true;
  each?: true;
  name?: string;
}

export interface TagNode<D = unknown> {
  type: "tag";
  name: string;
  /** Attributes as written; tags/ turns them into `args` during validation. */
  attrs: RawAttr[];
  /** Validated attribute values, keyed by attribute name. */
  args: Record<string, Expr>;
  /** For expression tags (`<dbt:if EXPR>`, `<dbt:set T = EXPR>`). */
  expr: Expr | null;
  target: LValue | null;
  /** null for a tag without a body. */
  body: Node[] | null;
  /** Tag-specific data prepared at validation time (branches, cases, …): the `D` of its TagDef<D>. */
  data: D;
  loc: Loc;
  /** Location of the closing tag, when there is one. */
  endLoc: Loc | null;
  /** `<dbt:set var x = …>`: x is the function's local (CFML's var). */
  local?: true;
  /** A tag written with an imported prefix (`<ui:card>`), a dbt:module call: how it was written, and its library. */
  written?: string;
  custom?: { name: string; taglib: string };
  /** Attributes whose expressions await; the interpreter evaluates them before the tag runs. */
  asyncArgs?: string[];
  /** Written as a statement of a <dbt:script> block, with what it asks beyond attributes. */
  script?: ScriptInfo;
}

export type Node = TextNode | InterpNode | TagNode;

/** One parsed and validated template. */
export interface TemplateAst {
  file: string;
  source: string;
  body: Node[];
  /** Files reached through dbt:include (resolved absolute paths), for cycle detection. */
  includes: { path: string; loc: Loc }[];
  /** The template's <dbt:function> definitions, defined when it starts running. */
  functions: FunctionDef[];
}

/** A function defined with <dbt:function>, as both modes run it (engine/udf.ts). */
export interface FunctionDef {
  name: string;
  /** Types are CFML's names (engine/udf.ts TYPES), checked by the validator. */
  params: { name: string; type: string; required: boolean; default: Expr | null }[];
  returnType: string;
  /** False: the body's output is dropped (output="false"). */
  output: boolean;
  /** `access="private"`: a component's function that only the component itself may call. */
  access?: string;
  /** The body after its dbt:argument tags. */
  body: Node[];
}
