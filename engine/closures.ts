// The interpreter's expressions as closures: each expression is turned once into a JavaScript
// closure over its parts (no generated source), kept beside the AST, and run on every render.
// The operators, names and locations are resolved when the closure is made; the switch on the
// node type is not walked again. Interpreter.eval is the only caller; the semantics are
// Interpreter's (and the compiler's): evaluation order, writeOutput, elvis.
import type { Expr, Loc } from "../parser/ast.js";
import * as rt from "./runtime.js";

/** What a closure needs from the interpreter running it. */
export interface ExprHost {
  readonly ctx: Parameters<typeof rt.lookup>[0];
  out: string;
  /** A built-in by the name as written; null for writeOutput. */
  builtin(name: string): rt.BuiltinFn | null;
  /** The value of an awaiting expression, evaluated before its tag ran. */
  ready(e: Expr): unknown;
}

export type Closure = (h: ExprHost) => unknown;

type BinaryFn = (a: unknown, b: unknown, loc: Loc) => unknown;

// Looked up once: a keyed read of the module namespace per operation costs more than the operation.
export const BINARY_FNS = Object.fromEntries(
  Object.entries(rt.BINARY).map(([op, name]) => [op, rt[name] as BinaryFn]),
) as Record<keyof typeof rt.BINARY, BinaryFn>;

/** What an expression yields whatever its operands: the operators fix it (the rt helpers return these types). */
export function kindOf(e: Expr): "number" | "boolean" | "string" | "any" {
  switch (e.type) {
    case "literal":
      return typeof e.value === "number" ? "number" : typeof e.value === "boolean" ? "boolean" : "any";
    case "binary":
      return e.op === "&" ? "string" : "+-*/%^".includes(e.op) ? "number" : "boolean";
    case "unary":
      return e.op === "not" ? "boolean" : "number";
    case "logical":
      return "boolean";
    default:
      return "any";
  }
}

/**
 * kindOf where the variables `numbers` accepts are known to hold numbers (tags/flow.ts): such
 * a variable is a number, and so is a `cond` whose two values are.
 */
export function kindWith(e: Expr, numbers: (name: string) => boolean): ReturnType<typeof kindOf> {
  if (e.type === "var") return numbers(e.name) ? "number" : "any";
  if (e.type === "cond") {
    const a = kindWith(e.then, numbers);
    return a !== "any" && a === kindWith(e.else, numbers) ? a : "any";
  }
  return kindOf(e);
}

const made = new WeakMap<Expr, Closure>();

/** The closure of `e`, made on first use. */
export function closureOf(e: Expr): Closure {
  let c = made.get(e);
  if (c === undefined) made.set(e, (c = make(e)));
  return c;
}

/** The object of a member or index access: a scope read through is not shared (rt.base). */
function objectOf(e: Expr): Closure {
  if (e.type === "var" && !e.async && rt.SCOPES.has(e.name)) {
    const [name, loc] = [e.name, e.loc];
    return (h) => rt.base(h.ctx, name, loc);
  }
  return closureOf(e);
}

function make(e: Expr): Closure {
  if (e.async) return (h) => h.ready(e);
  const loc = e.loc;
  switch (e.type) {
    case "literal": {
      const v = e.value;
      return () => v;
    }
    case "array": {
      const items = e.items.map(closureOf);
      return (h) => items.map((f) => f(h));
    }
    case "struct": {
      const keys = e.entries.map((x) => x.key);
      const values = e.entries.map((x) => closureOf(x.value));
      return (h) =>
        rt.struct(
          keys,
          values.map((f) => f(h)),
        );
    }
    case "var": {
      const name = e.name;
      return rt.SCOPES.has(name) ? (h) => rt.lookup(h.ctx, name, loc) : (h) => rt.lookupName(h.ctx, name, loc);
    }
    case "member": {
      const object = objectOf(e.object);
      const name = e.name;
      return (h) => rt.member(h.ctx, object(h), name, loc);
    }
    case "index": {
      const [object, index] = [objectOf(e.object), closureOf(e.index)];
      return (h) => rt.index(h.ctx, object(h), index(h), loc);
    }
    case "call": {
      const name = e.name;
      const args = e.args.map(closureOf);
      return (h) => {
        const fn = h.builtin(name);
        if (fn === null) {
          h.out += rt.esc(args[0]!(h), loc);
          return "";
        }
        return rt.call(h.ctx, fn, loc, ...args.map((f) => f(h)));
      };
    }
    case "unary": {
      const arg = closureOf(e.arg);
      if (e.op === "not") return (h) => !rt.toBool(arg(h), loc);
      if (e.op === "-") return (h) => rt.neg(arg(h), loc);
      return (h) => rt.toNum(arg(h), loc);
    }
    case "binary": {
      const [left, right] = [closureOf(e.left), closureOf(e.right)];
      if (e.op === "&") return (h) => rt.concat(h.ctx, left(h), right(h), loc);
      const fn = BINARY_FNS[e.op];
      return (h) => fn(left(h), right(h), loc);
    }
    case "logical": {
      const [left, right] = [closureOf(e.left), closureOf(e.right)];
      const [l, r] = [e.left.loc, e.right.loc];
      return e.op === "and"
        ? (h) => rt.toBool(left(h), l) && rt.toBool(right(h), r)
        : (h) => rt.toBool(left(h), l) || rt.toBool(right(h), r);
    }
    case "cond": {
      const [test, then, otherwise] = [closureOf(e.test), closureOf(e.then), closureOf(e.else)];
      const t = e.test.loc;
      return (h) => (rt.toBool(test(h), t) ? then(h) : otherwise(h));
    }
    case "elvis": {
      const [left, right] = [closureOf(e.left), closureOf(e.right)];
      return (h) =>
        rt.elvis(
          () => left(h),
          () => right(h),
        );
    }
    case "template": {
      const parts = e.parts.map(closureOf);
      return (h) => rt.join(loc, ...parts.map((f) => f(h)));
    }
  }
}
