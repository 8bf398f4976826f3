// Wraps the generated peggy parser: gives every node a full location and turns peggy's
// syntax errors into located TemplateErrors.
import {
  parse as peggyParse,
  SyntaxError as PeggySyntaxError,
  type Expectation,
  type StartRuleNames,
} from "./generated/grammar.js";
import type { Expr, Loc, RawAttr, LValue } from "./ast.js";
import { TemplateError, codes } from "../engine/errors.js";

/** What the grammar returns for one item of the flat token stream. */
export type Token =
  | { type: "text"; value: string; loc: Loc }
  | { type: "comment"; loc: Loc }
  | { type: "close"; name: string; written?: string; loc: Loc }
  | {
      type: "open";
      name: string;
      attrs: RawAttr[];
      expr?: Expr | null;
      target?: LValue;
      selfClosing: boolean;
      local?: true;
      written?: string;
      custom?: CustomTag;
      /** What a statement of a <dbt:script> block adds to its tag (see ScriptInfo). */
      script?: ScriptToken;
      loc: Loc;
    };

/** ScriptInfo as the grammar gives it: a for loop's step still as tokens. */
export interface ScriptToken {
  after?: Token[];
  postTest?: true;
  each?: true;
  name?: string;
}

/** `<ui:card>` after `<dbt:import prefix="ui" taglib="/_tags">`: the tag's name and its library (a folder). */
export interface CustomTag {
  name: string;
  taglib: string;
}

export type InterpPart = { type: "text"; value: string; loc: Loc } | { type: "interp"; expr: Expr; loc: Loc };

/** How a tag name is parsed: attributes, a bare expression, or `target = expression`. */
export type ExprKind = "expr" | "assign" | null;

/** Maps offsets to 1-based line and column for one source file. */
export class SourceFile {
  readonly lineStarts: number[] = [0];
  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  loc = (start: number, end: number): Loc => {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= start) lo = mid;
      else hi = mid - 1;
    }
    return { file: this.file, line: lo + 1, column: start - this.lineStarts[lo]! + 1, start, end };
  };
}

// Tokens that can start an expression: reported together as "an expression".
const EXPRESSION_START = new Set([
  "number",
  "string",
  "true",
  "false",
  "null",
  "identifier",
  "variable",
  "[",
  "{",
  "(",
  "NOT",
  "!",
  "-",
  "+",
  "other",
  // a closure, in script
  "function",
  "new",
]);

const OPERATORS = new Set([
  "!=",
  "%",
  "&",
  "&&",
  "*",
  "+",
  "-",
  "/",
  "<",
  "<=",
  "<>",
  "==",
  ">",
  ">=",
  "^",
  "?",
  "?:",
  ".",
  "[",
  "(",
  "||",
  "AND",
  "OR",
  "EQ",
  "NEQ",
  "GT",
  "GTE",
  "LT",
  "LTE",
  "CONTAINS",
  "MOD",
]);

// Words and marks that can start a <dbt:script> statement: reported together as "a statement".
const STATEMENT_START = new Set([
  "++",
  "--",
  ";",
  "{",
  "break",
  "continue",
  "do",
  "for",
  "function",
  "if",
  "include",
  "location",
  "dump",
  "writedump",
  "public",
  "private",
  "package",
  "param",
  "property",
  "remote",
  "return",
  "switch",
  "throw",
  "try",
  "var",
  "while",
  "tag name",
  "cf",
]);

function describe(expected: Expectation[]): string {
  let names = [
    ...new Set(expected.map((e) => (e.type === "other" ? e.description : e.type === "literal" ? e.text : "other"))),
  ].filter((n) => n !== "whitespace" && n !== "other");
  if (names.some((n) => n.toLowerCase() === "continue"))
    names = [
      "a statement",
      ...names.filter(
        (n) =>
          !STATEMENT_START.has(n.toLowerCase()) && n !== "variable" && n !== "identifier" && !EXPRESSION_START.has(n),
      ),
    ];
  if (names.includes("number")) names = ["an expression", ...names.filter((n) => !EXPRESSION_START.has(n))];
  const ops = names.filter((n) => OPERATORS.has(n.toUpperCase()));
  if (ops.length >= 3) names = ["an operator", ...names.filter((n) => !OPERATORS.has(n.toUpperCase()))];
  names = names
    .map((n) => (n === "an expression" || n === "a statement" || n.includes(" ") ? n : JSON.stringify(n)))
    .sort();
  if (names.length === 0) return "something else";
  if (names.length > 6) return `${names.slice(0, 6).join(", ")}, …`;
  return names.join(", ");
}

function run<T>(
  src: SourceFile,
  input: string,
  startRule: StartRuleNames,
  offset: number,
  extra: Record<string, unknown>,
): T {
  try {
    return peggyParse(input, { startRule, offset, loc: src.loc, ...extra }) as T;
  } catch (err) {
    if (err instanceof PeggySyntaxError) {
      const loc = src.loc(offset + err.location.start.offset, offset + err.location.end.offset);
      // Messages raised by error() in the grammar have no expectations (null, which peggy's
      // declarations leave out): keep them as written.
      const expected = err.expected as Expectation[] | null;
      const message = expected
        ? `Expected ${describe(expected)} but found ${err.found == null ? "end of input" : JSON.stringify(err.found)}`
        : err.message;
      throw new TemplateError(codes.SYNTAX, message, loc);
    }
    throw err;
  }
}

/**
 * The flat token stream of a template. A template with <dbt:import prefix taglib> is read
 * twice: the second time its prefixes (`<ui:card>`) are tags.
 */
export function tokenize(
  src: SourceFile,
  exprKind: (name: string) => ExprKind,
  scriptTag: (name: string) => boolean = () => false,
): Token[] {
  const tokens = run<Token[]>(src, src.text, "Template", 0, { exprKind, scriptTag });
  const prefixes = new Map<string, string>();
  for (const t of tokens) {
    if (t.type !== "open" || t.name !== "import") continue;
    const raw = (n: string) => t.attrs.find((a) => a.name.toLowerCase() === n)?.raw;
    const [prefix, taglib] = [raw("prefix"), raw("taglib")];
    // A bad or missing prefix is reported by the import tag's own checks.
    if (prefix && taglib && /^[A-Za-z_]\w*$/.test(prefix) && prefix.toLowerCase() !== "dbt")
      prefixes.set(prefix.toLowerCase(), taglib);
  }
  return prefixes.size ? run<Token[]>(src, src.text, "Template", 0, { exprKind, scriptTag, prefixes }) : tokens;
}

/**
 * The token stream of a component file: `component { … }` in script, or a file whose first tag
 * (after comments and whitespace) is <dbt:component>, read as a template.
 */
export function tokenizeComponent(
  src: SourceFile,
  exprKind: (name: string) => ExprKind,
  scriptTag: (name: string) => boolean = () => false,
): Token[] {
  if (tagForm(src.text)) return tokenize(src, exprKind, scriptTag);
  return run<Token[]>(src, src.text, "ComponentFile", 0, { exprKind, scriptTag });
}

/** Whether the first thing in `text` after whitespace and `<!--- … --->` comments is a <dbt:component> tag. */
function tagForm(text: string): boolean {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (!text.startsWith("<!---", i)) break;
    const end = text.indexOf("--->", i + 5);
    if (end < 0) return false;
    i = end + 4;
  }
  return /^<dbt:component[\s>/]/i.test(text.slice(i, i + 15));
}

/** Parses text with `#expr#` and `##` that starts at `offset` in the file. */
export function parseInterpolated(src: SourceFile, text: string, offset: number): InterpPart[] {
  return run<InterpPart[]>(src, text, "Interpolated", offset, {});
}

/** Parses a bare expression that starts at `offset` in the file. */
export function parseExpression(src: SourceFile, text: string, offset: number): Expr {
  return run<Expr>(src, text, "ExpressionOnly", offset, {});
}
