// Can a loop body observe its loop variables other than by their bare names? When it cannot,
// the compiled loop keeps them in JavaScript locals and writes them to their scope once, when
// the loop ends (tags/loop.ts): the output is the same, and the scope object is not written
// every iteration. Conservative: anything that could read a scope by name, or run other code
// that could (an include, a function defined in a template, a host app's function), disqualifies.
import type { Expr, Node } from "../parser/ast.js";
import { SCOPES } from "../engine/runtime.js";
import type { Registry } from "../engine/extensions.js";

/** Tags whose meaning is only control flow and output. */
const QUIET_TAGS = new Set(["if", "elseif", "else", "output", "loop", "break", "continue"]);
/** Built-in functions that read variables by a name given as a string. */
const READS_BY_NAME = new Set(["isdefined", "parameterexists", "structget"]);

function quietExpr(e: Expr, registry: Registry): boolean {
  if (e.async) return false;
  switch (e.type) {
    case "literal":
      return true;
    case "var":
      return !SCOPES.has(e.name);
    case "call": {
      if (e.user || READS_BY_NAME.has(e.name.toLowerCase())) return false;
      const fn = registry.findFunction(e.name);
      // A host app's function gets the context; one that awaits may call a template's function.
      if (!fn || fn.awaits || fn.category === "host") return false;
      return e.args.every((a) => quietExpr(a, registry));
    }
    case "array":
      return e.items.every((i) => quietExpr(i, registry));
    case "struct":
      return e.entries.every((x) => quietExpr(x.value, registry));
    case "member":
      return quietExpr(e.object, registry);
    case "index":
      return quietExpr(e.object, registry) && quietExpr(e.index, registry);
    case "unary":
      return quietExpr(e.arg, registry);
    case "binary":
    case "logical":
    case "elvis":
      return quietExpr(e.left, registry) && quietExpr(e.right, registry);
    case "cond":
      return quietExpr(e.test, registry) && quietExpr(e.then, registry) && quietExpr(e.else, registry);
    case "template":
      return e.parts.every((p) => quietExpr(p, registry));
  }
}

/**
 * True when `body` can see the loop variables `names` only by their bare names: it holds only
 * text, values and the control-flow tags, no row frames (no query or group), no nested loop
 * over the same names, and no expression that names a scope or calls what could read one.
 */
export function quietBody(body: Node[], names: string[], registry: Registry): boolean {
  return body.every((n) => {
    if (n.type === "text") return true;
    if (n.type === "interp") return quietExpr(n.expr, registry);
    if (!QUIET_TAGS.has(n.name) || n.custom || n.target) return false;
    if (n.name === "output" && (Object.keys(n.args).length > 0 || (n.data as { inner?: boolean }).inner)) return false;
    if (n.name === "loop") {
      const d = n.data as { kind: string; index?: string; item?: string; key?: string };
      if (d.kind === "query" || d.kind === "rows") return false;
      if ([d.index, d.item, d.key].some((x) => x !== undefined && names.includes(x))) return false;
    }
    if (n.expr && !quietExpr(n.expr, registry)) return false;
    if (!Object.values(n.args).every((a) => quietExpr(a, registry))) return false;
    return n.body === null || quietBody(n.body, names, registry);
  });
}
