// One meaning, two modes: a tag whose meaning is one runtime function. The interpreter evaluates
// the attributes and calls the function; the compiler emits the same call as `T.<name>(…)`.
// Both pass the render context first and the tag's location last, so errors are the same.
// A tag with a body passes it as a callback (`body`), which the function calls where the tag's
// meaning runs it: `() => it.run(body)` in the interpreter, an async arrow around the body's
// generated code in compiled mode (a body of text alone taken as text: a function returning it).
import type { Node, TagNode, TextNode } from "../parser/ast.js";
import type { RenderContext } from "../engine/context.js";
import type { Compiler } from "../engine/compiler.js";
import type { Interpreter } from "../engine/interpreter.js";
import { factsOf, type TagDef } from "./types.js";
import * as rt from "../engine/runtime.js";
import { takeAborted } from "../engine/signals.js";

/**
 * An argument: an attribute's name (its value, evaluated), a value fixed when the template was
 * validated (from `node.data` or a static attribute), which the compiler writes as JSON, or a
 * struct of the attributes `struct(node)` names (evaluated in that order).
 */
export type CallArg<D> =
  | string
  | { fixed: (node: TagNode<D>) => string | number | boolean | null | undefined }
  | { struct: (node: TagNode<D>) => string[] };

/** A body the function runs into the page. */
export type RunBody = () => void | Promise<void>;
/**
 * A body whose output the function takes as text (the page gets none of it). Compiled code
 * gives a body of text alone (most dbt:query bodies) as a plain function of the module.
 */
export type CaptureBody = () => Promise<string> | string;
/** What the function does with the tag's body. */
export type BodyUse = "run" | "capture";

export interface CallOptions {
  /**
   * The function returns text that goes to the output (already escaped as it must be). If it
   * is async and a dbt:abort leaves it (a module), the output the abort carries becomes the
   * caller's again (takeAborted, as for dbt:include): a dbt:finally's output then follows it.
   */
  output?: boolean;
  /** The function returns a promise (the hooks await it). */
  async?: boolean;
  /**
   * The function takes the tag's body (a RunBody or CaptureBody, null when the tag has none)
   * after the arguments, before the location. It must be async: compiled code passes an async
   * arrow, which only tags that await anyway (I/O) can afford.
   */
  body?: BodyUse;
}

/**
 * The interpret and compile hooks of a tag that calls `fn` (exported in its module's runtime
 * as `name`) with `(ctx, ...args, [body,] loc)`. The arguments are evaluated before the body runs.
 */
// `never[]`: any function taking the context first fits; the hooks pass what `args` describe.
export function callTag<D = unknown>(
  name: string,
  fn: (ctx: RenderContext, ...args: never[]) => unknown,
  args: readonly CallArg<D>[],
  opts: CallOptions = {},
): Pick<TagDef<D>, "interpret" | "compile"> {
  const call = fn as (ctx: RenderContext, ...args: unknown[]) => unknown;
  const values = (node: TagNode<D>, it: Interpreter) => {
    const v = args.map((a) => {
      if (typeof a === "string") return it.arg(node, a);
      if ("fixed" in a) return a.fixed(node);
      const names = a.struct(node);
      return rt.struct(
        names,
        names.map((n) => it.arg(node, n)),
      );
    });
    if (opts.body) v.push(interpretBody(it, node.body, opts.body));
    return v;
  };
  return {
    // The function's own promise is the hook's (no async wrapper): code waiting on this tag,
    // such as the rest of the page after a dbt:lock, goes on as soon as the function is done.
    interpret(node, it) {
      const r = call(it.ctx, ...values(node, it), node.loc);
      if (!opts.output) return opts.async ? (r as Promise<void>) : undefined;
      if (!opts.async) it.out += r as string;
      else
        return (r as Promise<string>).then(
          (s) => {
            it.out += s;
          },
          (err: unknown) => {
            it.out += takeAborted(err);
            throw err;
          },
        );
    },
    compile(node, c) {
      const code = args.map((a) => {
        if (typeof a === "string") return c.arg(node, a) ?? "undefined";
        if ("struct" in a) {
          const names = a.struct(node);
          return `rt.struct(${JSON.stringify(names)}, [${names.map((n) => c.arg(node, n)).join(", ")}])`;
        }
        const v = a.fixed(node);
        return v === undefined ? "undefined" : JSON.stringify(v);
      });
      const body = opts.body ? compileBody(c, node.body, opts.body) : null;
      if (body) code.push(body.fn);
      const call = `T.${name}(ctx, ${[...code, c.loc(node.loc)].join(", ")})`;
      const awaited = opts.async ? c.awaiting(`await ${call}`) : call;
      // Taken before it is appended: a function called in an attribute writes as it runs.
      const r = c.tmp("r");
      const e = c.tmp("e");
      const stmt = !opts.output
        ? `${awaited};\n`
        : opts.async
          ? `{ let ${r}; try { ${r} = ${awaited}; } catch (${e}) { $o += T.takeAborted(${e}); throw ${e}; } $o += ${r}; }\n`
          : `{ const ${r} = ${call}; $o += ${r}; }\n`;
      return body ? body.around(stmt) : stmt;
    },
  };
}

/** The interpreter's body callback for a runtime function (null when the tag has no body). */
export function interpretBody(it: Interpreter, nodes: Node[] | null, use: "run"): RunBody | null;
export function interpretBody(it: Interpreter, nodes: Node[] | null, use: "capture"): CaptureBody | null;
export function interpretBody(it: Interpreter, nodes: Node[] | null, use: BodyUse): RunBody | CaptureBody | null;
export function interpretBody(it: Interpreter, nodes: Node[] | null, use: BodyUse): RunBody | CaptureBody | null {
  if (!nodes) return null;
  return use === "run" ? () => it.run(nodes) : () => it.capture(nodes);
}

/**
 * The compiled body callback: `fn`, an async arrow (or `null` without a body), and `around`,
 * which wraps the statement that calls it. A dbt:break or dbt:continue in the body whose loop
 * is outside it cannot be a JavaScript `break` out of the arrow: inside, it leaves a one-pass
 * loop that throws BreakSignal or ContinueSignal (what the interpreter throws), and `around`
 * turns the signal back into the `break`/`continue` of the enclosing loop once the function has
 * seen it pass (a transaction commits, a lock is given back, a query does not run).
 */
export function compileBody(
  c: Compiler,
  nodes: Node[] | null,
  use: BodyUse,
): { fn: string; around: (stmt: string) => string } {
  if (!nodes) return { fn: "null", around: (stmt) => stmt };
  // Text alone: nothing to run, no output to take over, no jump, whatever the page's state.
  if (use === "capture" && nodes.every((n): n is TextNode => n.type === "text" && !n.plain))
    return { fn: c.textBody(nodes.map((n) => n.value).join("")), around: (stmt) => stmt };
  const loop = c.loops[c.loops.length - 1];
  const jumps = loop !== undefined && jumpsOut(c, nodes) ? c.tmp("jump") : null;
  // The labels a script's `break outer;` inside may name: its signal becomes that loop's jump here.
  const labels = jumps ? [...new Set(c.loops.flatMap((l) => (l.label === undefined ? [] : [l.label])))] : [];
  const outside = (name: "break" | "continue", e: string) =>
    labels.map((l) => `if (${e}.label === ${JSON.stringify(l)}) ${jumpCode(c, name, l)} `).join("");
  if (jumps) c.loops.push({ break: `break ${jumps};`, continue: `continue ${jumps};`, arrow: true });
  let code: string;
  try {
    if (use === "run") code = c.nodes(nodes);
    else {
      const out = c.tmp("body");
      code = `let ${out} = "";\n${c.capture(nodes, out)}return ${out};\n`;
    }
  } finally {
    if (jumps) c.loops.pop();
  }
  if (!jumps) return { fn: c.awaiting(`async () => {\n${code}}`), around: (stmt) => stmt };
  const first = c.tmp("first");
  const e = c.tmp("e");
  return {
    fn: c.awaiting(`async () => {
${jumps}: for (let ${first} = true; ; ${first} = false) {
if (!${first}) throw new rt.ContinueSignal();
${code}return;
}
throw new rt.BreakSignal();
}`),
    around: (stmt) =>
      labels.length === 0
        ? `try {
${stmt}} catch (${e}) { if (${e} instanceof rt.BreakSignal) ${loop!.break} if (${e} instanceof rt.ContinueSignal) ${loop!.continue} throw ${e}; }
`
        : `try {
${stmt}} catch (${e}) {
if (${e} instanceof rt.BreakSignal) { if (${e}.label === undefined) ${loop!.break} ${outside("break", e)}}
if (${e} instanceof rt.ContinueSignal) { if (${e}.label === undefined) ${loop!.continue} ${outside("continue", e)}}
throw ${e}; }
`,
  };
}

/** Does a dbt:break or dbt:continue in `nodes` leave them (its loop is outside)? A labelled one may, from any depth. */
function jumpsOut(c: Compiler, nodes: Node[], inLoop = false): boolean {
  return nodes.some((n) => {
    if (n.type !== "tag") return false;
    const facts = factsOf(n, c.registry.findTag);
    if (facts?.jump && (!inLoop || n.script?.label !== undefined)) return true;
    return n.body !== null && jumpsOut(c, n.body, inLoop || facts?.loop === true);
  });
}

/** The signal compiled code throws for a jump that leaves an arrow (what the interpreter throws). */
const SIGNAL = { break: "BreakSignal", continue: "ContinueSignal" } as const;

/**
 * The statement a break or continue is written as in compiled code: the innermost loop's, or
 * the one of the loop labelled `label` (a script's `break outer;`). A tag body written as an
 * arrow (tags/call.ts) between them is left by throwing the signal, which the statement around
 * the arrow turns back into this jump.
 */
export function jumpCode(c: Compiler, name: "break" | "continue", label: string | undefined): string {
  if (label === undefined) return c.loops[c.loops.length - 1]![name];
  for (let i = c.loops.length - 1; i >= 0; i--) {
    const l = c.loops[i]!;
    if (l.arrow) return `throw new rt.${SIGNAL[name]}(${JSON.stringify(label)});`;
    if (l.label === label) return l[name];
  }
  throw new Error(`no loop labelled ${label}`);
}
