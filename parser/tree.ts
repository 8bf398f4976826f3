// Turns the flat token stream into a tree: drops comments, removes the lines that hold only
// tags, matches opening and closing tags, and re-parses text for #expr# where it is live.
import type { Node, RawAttr, TagNode, TextNode } from "./ast.js";
import { parseInterpolated, type SourceFile, type Token } from "./parse.js";
import { TemplateError, codes } from "../engine/errors.js";

/** What the tree builder needs to know of a tag. */
export interface TagShape {
  body: "none" | "required" | "optional";
  /** `#expr#` is live in the body (and everything nested in it). */
  interpolateBody?: boolean;
  /** The body never reaches the page (dbt:query's SQL): for line stripping it counts as tag. */
  silentBody?: boolean;
  /** For an optional body: these attributes mean the tag has none, even without "/>". */
  bodyless?(attrs: RawAttr[]): boolean;
}

const isBlank = (s: string) => /^[ \t\r]*$/.test(s);

/**
 * A line whose only content is dbt tags or comments and white space leaves nothing behind:
 * its white space and its newline are dropped.
 */
export function stripTagLines(tokens: Token[], silent: (name: string) => boolean = () => false): Token[] {
  // Split text at newlines so that each piece belongs to one line.
  type Piece = Token & { eol?: boolean; silent?: boolean };
  const pieces: Piece[] = [];
  let silentDepth = 0;
  for (const t of tokens) {
    if (t.type !== "text") {
      pieces.push(t);
      if (t.type === "open" && !t.selfClosing && silent(t.name)) silentDepth++;
      if (t.type === "close" && silent(t.name) && silentDepth > 0) silentDepth--;
      continue;
    }
    let from = 0;
    const { value, loc } = t;
    for (let i = value.indexOf("\n"); i >= 0; i = value.indexOf("\n", from)) {
      pieces.push({
        type: "text",
        value: value.slice(from, i + 1),
        eol: true,
        silent: silentDepth > 0,
        loc: { ...loc, start: loc.start + from, end: loc.start + i + 1 },
      });
      from = i + 1;
    }
    if (from < value.length)
      pieces.push({
        type: "text",
        value: value.slice(from),
        silent: silentDepth > 0,
        loc: { ...loc, start: loc.start + from },
      });
  }
  const out: Token[] = [];
  let line: Piece[] = [];
  const flush = () => {
    const hasTag = line.some((p) => p.type !== "text" || p.silent);
    const onlyBlank = line.every((p) => p.type !== "text" || p.silent || isBlank(p.value.replace(/\n$/, "")));
    for (const p of line) if (!(hasTag && onlyBlank && p.type === "text" && !p.silent)) out.push(p);
    line = [];
  };
  for (const p of pieces) {
    line.push(p);
    if (p.eol) flush();
  }
  flush();
  // Merge neighbouring text pieces again.
  const merged: Token[] = [];
  for (const t of out) {
    const last = merged[merged.length - 1];
    if (t.type === "text" && last?.type === "text" && last.loc.end === t.loc.start) {
      merged[merged.length - 1] = { ...last, value: last.value + t.value, loc: { ...last.loc, end: t.loc.end } };
    } else merged.push(t.type === "text" ? { type: "text", value: t.value, loc: t.loc } : t);
  }
  return merged;
}

/** A tag as it was written: `dbt:if`, or `ui:card` for an imported one. */
const shown = (t: TagNode): string => t.written ?? `dbt:${t.name}`;

export function buildTree(src: SourceFile, tokens: Token[], shapeOf: (name: string) => TagShape | undefined): Node[] {
  const root: Node[] = [];
  const stack: { tag: TagNode; interp: boolean }[] = [];
  const current = () => (stack.length ? stack[stack.length - 1]!.tag.body! : root);
  const interpolating = () => (stack.length ? stack[stack.length - 1]!.interp : false);

  for (const t of stripTagLines(tokens, (name) => !!shapeOf(name)?.silentBody)) {
    if (t.type === "comment") continue;
    if (t.type === "text") {
      if (interpolating()) current().push(...textWithExpressions(src, t));
      else current().push({ ...t, plain: true });
      continue;
    }
    if (t.type === "close") {
      const open = stack.pop();
      const closing = t.written ?? `dbt:${t.name}`;
      if (!open) throw new TemplateError(codes.NESTING, `Unexpected </${closing}>: no tag is open`, t.loc);
      if (shown(open.tag).toLowerCase() !== closing.toLowerCase()) {
        const shape = shapeOf(t.name);
        const why = shape?.body === "none" && !t.written ? ` (<dbt:${t.name}> takes no closing tag)` : "";
        throw new TemplateError(
          codes.NESTING,
          `Unexpected </${closing}>${why}: <${shown(open.tag)}> opened at line ${open.tag.loc.line}:${open.tag.loc.column} must be closed first`,
          t.loc,
        );
      }
      open.tag.endLoc = t.loc;
      continue;
    }
    // <dbt:while condition="…"> is <dbt:loop condition="…"> (tags/loop.ts checks its one attribute).
    const name = t.name === "while" && !t.custom ? "loop" : t.name;
    const shape = shapeOf(name);
    if (!shape) throw new TemplateError(codes.UNKNOWN_TAG, `Unknown tag <dbt:${t.name}>`, t.loc);
    const hasBody =
      shape.body === "required" || (shape.body === "optional" && !t.selfClosing && !shape.bodyless?.(t.attrs));
    if (shape.body === "required" && t.selfClosing) {
      throw new TemplateError(codes.NESTING, `<dbt:${t.name}> needs a body and a closing </dbt:${t.name}>`, t.loc);
    }
    const node: TagNode = {
      type: "tag",
      name,
      attrs: t.attrs,
      args: Object.create(null) as TagNode["args"],
      expr: t.expr ?? null,
      target: t.target ?? null,
      body: hasBody ? [] : null,
      data: null,
      loc: t.loc,
      endLoc: null,
    };
    if (t.local) node.local = true;
    if (t.script) {
      const { after, ...rest } = t.script;
      node.script = after ? { ...rest, after: buildTree(src, after, shapeOf) } : rest;
    }
    if (t.custom) [node.custom, node.written] = [t.custom, t.written];
    else if (name !== t.name) node.written = `dbt:${t.name}`;
    current().push(node);
    if (hasBody) stack.push({ tag: node, interp: interpolating() || !!shape.interpolateBody });
  }
  const open = stack.pop();
  if (open)
    throw new TemplateError(
      codes.NESTING,
      `<${shown(open.tag)}> is never closed (expected </${shown(open.tag)}>)`,
      open.tag.loc,
    );
  return root;
}

function textWithExpressions(src: SourceFile, t: TextNode): Node[] {
  const parts = parseInterpolated(src, t.value, t.loc.start);
  // Join runs of text ("a", "#" from ##, "b") into one node.
  const out: Node[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (p.type === "text" && last?.type === "text")
      out[out.length - 1] = { ...last, value: last.value + p.value, loc: { ...last.loc, end: p.loc.end } };
    else out.push(p);
  }
  return out;
}
