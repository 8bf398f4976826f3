// One meaning, two modes: a tag whose meaning is one runtime function. The interpreter evaluates
// the attributes and calls the function; the compiler emits the same call as `T.<name>(…)`.
// Both pass the render context first and the tag's location last, so errors are the same.
import type { TagNode } from "../parser/ast.js";
import type { RenderContext } from "../engine/context.js";
import type { TagDef } from "./types.js";

/**
 * An argument: an attribute's name (its value, evaluated), or a value fixed when the template
 * was validated (from `node.data` or a static attribute), which the compiler writes as JSON.
 */
export type CallArg<D> = string | { fixed: (node: TagNode<D>) => string | number | boolean | null | undefined };

export interface CallOptions {
  /** The function returns text that goes to the output (already escaped as it must be). */
  output?: boolean;
  /** The function returns a promise (the hooks await it). */
  async?: boolean;
}

/**
 * The interpret and compile hooks of a tag that calls `fn` (exported in its module's runtime
 * as `name`) with `(ctx, ...args, loc)`.
 */
// `never[]`: any function taking the context first fits; the hooks pass what `args` describe.
export function callTag<D = unknown>(
  name: string,
  fn: (ctx: RenderContext, ...args: never[]) => unknown,
  args: readonly CallArg<D>[],
  opts: CallOptions = {},
): Pick<TagDef<D>, "interpret" | "compile"> {
  const call = fn as (ctx: RenderContext, ...args: unknown[]) => unknown;
  const values = (node: TagNode<D>, arg: (n: string) => unknown) =>
    args.map((a) => (typeof a === "string" ? arg(a) : a.fixed(node)));
  return {
    interpret: opts.async
      ? async (node, it) => {
          const r = await call(it.ctx, ...values(node, (n) => it.arg(node, n)), node.loc);
          if (opts.output) it.out += r as string;
        }
      : (node, it) => {
          const r = call(it.ctx, ...values(node, (n) => it.arg(node, n)), node.loc);
          if (opts.output) it.out += r as string;
        },
    compile(node, c) {
      const code = args.map((a) => {
        if (typeof a === "string") return c.arg(node, a) ?? "undefined";
        const v = a.fixed(node);
        return v === undefined ? "undefined" : JSON.stringify(v);
      });
      const call = `${opts.async ? "await " : ""}T.${name}(ctx, ${[...code, c.loc(node.loc)].join(", ")})`;
      if (!opts.output) return `${call};\n`;
      // Taken before it is appended: a function called in an attribute writes as it runs.
      const r = c.tmp("r");
      return `{ const ${r} = ${call}; $o += ${r}; }\n`;
    },
  };
}
