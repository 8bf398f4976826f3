// Where in quarry.config.json a problem sits: JSON syntax errors and setting errors become
// `file:line:col message` with a code frame, all of them at once.
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import { codeFrame } from "../engine/errors.js";

function lineCol(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** `file:line:col message` and the code frame at `offset` of `text` (also for the site's other JSON files). */
export function located(file: string, text: string, offset: number, message: string): string {
  const { line, column } = lineCol(text, offset);
  return `${file}:${line}:${column} ${message}\n${codeFrame(text, { file, line, column, start: offset, end: offset })}`;
}

const SYNTAX: Record<string, string> = {
  PropertyNameExpected: "a property name in double quotes was expected (no trailing commas)",
  CommaExpected: "a comma was expected",
  ColonExpected: "a colon was expected",
  ValueExpected: "a value was expected",
  CloseBraceExpected: "a closing } was expected",
  CloseBracketExpected: "a closing ] was expected",
  EndOfFileExpected: "nothing may follow the closing }",
  InvalidCommentToken: "JSON has no comments",
  InvalidSymbol: "this is not JSON",
  UnexpectedEndOfString: "a string is not closed",
};

/** Parses the config file's JSON; every syntax error is located. */
export function parseJsonConfig(
  file: string,
  text: string,
): { value: unknown; tree: Node | undefined; errors: string[] } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const shown = errors.filter((e, i) => i === 0 || e.offset !== errors[i - 1]!.offset);
  const messages = shown.map((e) => {
    const code = printParseErrorCode(e.error);
    return located(file, text, e.offset, `JSON syntax: ${SYNTAX[code] ?? code}`);
  });
  return { value: errors.length === 0 && tree ? JSON.parse(text) : undefined, tree, errors: messages };
}

/**
 * Places a setting problem ("FILE: datasources.main.max must be …", "FILE: unknown setting x")
 * at the value (or, for an unknown setting, the key) it names.
 */
export function locateProblem(file: string, text: string, tree: Node | undefined, problem: string): string {
  const body = problem.startsWith(`${file}: `) ? problem.slice(file.length + 2) : problem;
  const unknown = body.startsWith("unknown setting ");
  // A name, quoted or not (an alternation rather than a back-reference: linear, see test/redos).
  const m =
    /^(?:unknown setting |datasource name )?(?:"([A-Za-z_][\w-]*(?:\.[\w-]+)*)"|([A-Za-z_][\w-]*(?:\.[\w-]+)*))/.exec(
      body,
    );
  if (!tree || !m) return `${file}: ${body}`;
  const name = m[1] ?? m[2]!;
  // A number names a list's entry ("http.allow.2").
  let path: (string | number)[] = name.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (body.startsWith("datasource name ")) path = ["datasources", name];
  for (; path.length > 0; path = path.slice(0, -1)) {
    const node = findNodeAtLocation(tree, path);
    if (!node) continue;
    const key = node.parent?.type === "property" ? node.parent.children?.[0] : undefined;
    const at = (unknown || body.startsWith("datasource name ")) && key ? key : node;
    return located(file, text, at.offset, body);
  }
  return `${file}: ${body}`;
}
