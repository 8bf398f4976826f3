// The interpreter's expressions as closures: each expression is turned once into a JavaScript
// closure over its parts (no generated source), kept beside the AST, and run on every render.
// The operators, names and locations are resolved when the closure is made; the switch on the
// node type is not walked again. Interpreter.eval is the only caller; the semantics are
// Interpreter's (and the compiler's): evaluation order, writeOutput, elvis.
import type { Expr, FunctionDef, Loc } from "../parser/ast.js";
import * as rt from "./runtime.js";
import type { BuiltinDef } from "./functions/define.js";
import { callMember, namedArgs } from "./member-call.js";

/** What a closure needs from the interpreter running it. */
export interface ExprHost {
  readonly ctx: Parameters<typeof rt.lookup>[0];
  out: string;
  /** A built-in by the name as written; null for writeOutput. */
  builtin(name: string): rt.BuiltinFn | null;
  /** The value of an awaiting expression, evaluated before its tag ran. */
  ready(e: Expr): unknown;
  /** The value of a closure expression (a function seeing the variables around it). */
  closure(def: FunctionDef): unknown;
  /** The built-ins: by canonical name (member calls) and by definition (named arguments). */
  readonly registry: {
    readonly functionTable: Record<string, unknown>;
    findFunction(name: string): BuiltinDef | undefined;
  };
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
    case "step":
      return "number";
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

/** Where an expression keeps its closure: a symbol-keyed property (a WeakMap lookup per evaluation of a tag's attribute cost more than the attribute). */
const CLOSURE = Symbol("closure");
type Made = Expr & { [CLOSURE]?: Closure };

/** The closure of `e`, made on first use. */
export function closureOf(e: Expr): Closure {
  const c = (e as Made)[CLOSURE];
  if (c !== undefined) return c;
  const made = make(e);
  // Not enumerable: the AST still prints and compares as before.
  Object.defineProperty(e, CLOSURE, { value: made, writable: true, configurable: true });
  return made;
}

type Ctx = ExprHost["ctx"];

/**
 * `s` as the string a property key written in source would be (V8 internalizes a key when it
 * makes a property with it): a name read from the template's text is a slice of it, and a
 * keyed read or write with such a key looks its internalized copy up first, every time.
 */
function internal(s: string): string {
  return Object.keys({ [s]: 0 })[0]!;
}

/**
 * rt.lookupName's answer, found with one keyed read per frame where rt.lookupName makes an
 * own-property test and a read (both were a quarter of an interpreted table page's
 * instructions). Rows, frames' names and `variables` are structs or plain objects: their
 * prototype is STRUCT_PROTO (empty), null or Object.prototype, whose only value that is not a
 * function is `__proto__` (never passed here). So a value read that is neither undefined (nor
 * null, in a row) nor a function is the object's own, and is the answer; `name in o` false
 * means the object has no such name, own or inherited, and the walk goes on. Anything else (an
 * own undefined or null, a function, an inherited name) is left to rt.lookupName, which walks
 * the same frames from the top and finds the same object first.
 */
function lookupName(ctx: Ctx, name: string, loc: Loc): unknown {
  const frames = ctx.frames;
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i]!;
    let v: unknown;
    if (f.kind === "row") {
      const row = f.query.rows[f.row];
      if (row === undefined) continue;
      v = row[name];
      if (v !== undefined && v !== null && typeof v !== "function") return v;
      if (name in row) return rt.lookupName(ctx, name, loc);
    } else if (f.kind === "vars") {
      v = f.vars[name];
      if (v !== undefined && typeof v !== "function") return v;
      if (name in f.vars) return rt.lookupName(ctx, name, loc);
    }
  }
  const v = ctx.scopes.variables[name];
  if (v !== undefined && typeof v !== "function") return v;
  return rt.lookupName(ctx, name, loc);
}

/** The object of a member or index access: a scope read through is not shared (rt.base). */
function objectOf(e: Expr): Closure {
  if (e.type === "var" && !e.async && rt.SCOPES.has(e.name)) {
    const [name, loc] = [e.name, e.loc];
    return (h) => rt.base(h.ctx, name, loc);
  }
  return closureOf(e);
}

/** The operators with a number fast path (numOp), by code. */
const NUM_OPS = ["+", "-", "*", "%", "eq", "neq", "lt", "lte", "gt", "gte"] as const;

/** What operator `code` (NUM_OPS) gives for two numbers that are not NaN (and, for `%`, a divisor that is not 0). */
function numOp(code: number, a: number, b: number): unknown {
  switch (code) {
    case 0:
      return a + b;
    case 1:
      return a - b;
    case 2:
      return a * b;
    case 3:
      return a % b;
    case 4:
      return a === b;
    case 5:
      return a !== b;
    case 6:
      return a < b;
    case 7:
      return a <= b;
    case 8:
      return a > b;
    default:
      return a >= b;
  }
}

/** An unscoped variable read by lookupName (what make gives it), or null. */
function plainVar(e: Expr): string | null {
  if (e.type !== "var" || e.async || rt.SCOPES.has(e.name) || e.name === "__proto__") return null;
  // currentRow, recordCount, columnList: a query loop answers them (rt.lookupName), before `variables`.
  if (rt.ROW_NAMES.has(e.name.toLowerCase())) return null;
  return internal(e.name);
}

/**
 * A binary operator but `&`: for two numbers that are not NaN, the answer rt's helper gives
 * (its first line, or for `%` its answer when the divisor is not 0), without the call;
 * anything else goes to the helper. Operands are evaluated left, then right, as before; an
 * operand that is an unscoped variable or a literal is read in the operator's closure, not
 * through a closure of its own (a call less per operand, where most operands are these).
 */
function binary(e: Extract<Expr, { type: "binary" }>, loc: Loc): Closure {
  const op = e.op as Exclude<typeof e.op, "&">;
  const fn = BINARY_FNS[op];
  const code = (NUM_OPS as readonly string[]).indexOf(op);
  const num = (a: unknown, b: unknown): boolean =>
    code >= 0 && typeof a === "number" && typeof b === "number" && a === a && b === b && (code !== 3 || b !== 0);
  const [ln, rn] = [plainVar(e.left), plainVar(e.right)];
  const [ll, rl] = [e.left.loc, e.right.loc];
  if (ln !== null && e.right.type === "literal") {
    const b = e.right.value;
    return (h) => {
      const a = lookupName(h.ctx, ln, ll);
      return num(a, b) ? numOp(code, a as number, b as number) : fn(a, b, loc);
    };
  }
  if (ln !== null && rn !== null)
    return (h) => {
      const a = lookupName(h.ctx, ln, ll);
      const b = lookupName(h.ctx, rn, rl);
      return num(a, b) ? numOp(code, a as number, b as number) : fn(a, b, loc);
    };
  const [left, right] = [closureOf(e.left), closureOf(e.right)];
  if (e.right.type === "literal") {
    const b = e.right.value;
    return (h) => {
      const a = left(h);
      return num(a, b) ? numOp(code, a as number, b as number) : fn(a, b, loc);
    };
  }
  return (h) => {
    const a = left(h);
    const b = right(h);
    return num(a, b) ? numOp(code, a as number, b as number) : fn(a, b, loc);
  };
}

/**
 * What `#e#` prints, as a closure: a number without the escape (kindOf), anything else through
 * rt.esc; an unscoped variable read in this closure.
 */
export function printerOf(e: Expr, loc: Loc): (h: ExprHost) => string {
  const name = plainVar(e);
  const vl = e.loc;
  if (name !== null) return (h) => rt.esc(lookupName(h.ctx, name, vl), loc);
  const f = closureOf(e);
  if (kindOf(e) === "number") return (h) => rt.numToStr(f(h) as number);
  return (h) => rt.esc(f(h), loc);
}

/** A struct literal; with a key made by #…#, each key and then its value, in turn (as compiled code does). */
function structClosure(e: Extract<Expr, { type: "struct" }>): Closure {
  const values = e.entries.map((x) => closureOf(x.value));
  const written: string[] = [];
  for (const x of e.entries) if (typeof x.key === "string") written.push(x.key);
  if (written.length === e.entries.length)
    return (h) =>
      rt.struct(
        written,
        values.map((f) => f(h)),
      );
  const keys = e.entries.map((x): Closure => {
    const k = x.key;
    if (typeof k === "string") return () => k;
    const f = closureOf(k);
    return (h) => rt.structKey(f(h), k.loc);
  });
  return (h) => rt.structPairs(values.flatMap((f, i) => [keys[i]!(h), f(h)]));
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
    case "struct":
      return structClosure(e);
    case "var":
      return varClosure(e, loc);
    case "member": {
      const object = objectOf(e.object);
      const name = e.name;
      return (h) => rt.member(h.ctx, object(h), name, loc);
    }
    case "index":
      return indexClosure(e, loc);
    case "method":
      return methodClosure(e, loc);
    case "call":
      return callClosure(e, loc);
    case "unary": {
      const arg = closureOf(e.arg);
      if (e.op === "not") return (h) => !rt.toBool(arg(h), loc);
      if (e.op === "-") return (h) => rt.neg(arg(h), loc);
      return (h) => rt.toNum(arg(h), loc);
    }
    case "binary": {
      if (e.op !== "&") return binary(e, loc);
      const [left, right] = [closureOf(e.left), closureOf(e.right)];
      return (h) => rt.concat(h.ctx, left(h), right(h), loc);
    }
    case "logical":
      return logicalClosure(e);
    case "cond": {
      const [test, then, otherwise] = [closureOf(e.test), closureOf(e.then), closureOf(e.else)];
      const t = e.test.loc;
      return (h) => (rt.toBool(test(h), t) ? then(h) : otherwise(h));
    }
    case "elvis": {
      const [left, right] = [closureOf(e.left), closureOf(e.right)];
      const path = rt.isPath(e.left);
      return (h) =>
        rt.elvis(
          () => left(h),
          () => right(h),
          path,
        );
    }
    case "template": {
      const parts = e.parts.map(closureOf);
      return (h) => rt.join(loc, ...parts.map((f) => f(h)));
    }
    case "closure": {
      const def = e.def!;
      return (h) => h.closure(def);
    }
    case "step":
      return stepClosure(e, loc);
    case "new":
    case "invoke":
      // Marked async by the validator: evaluated by the interpreter's evalAsync.
      throw new Error("Internal error: a call of a value is evaluated without await");
  }
}

/** `and`/`or`, short-circuiting, each side converted at its own location. */
function logicalClosure(e: Extract<Expr, { type: "logical" }>): Closure {
  const [left, right] = [closureOf(e.left), closureOf(e.right)];
  const [l, r] = [e.left.loc, e.right.loc];
  return e.op === "and"
    ? (h) => rt.toBool(left(h), l) && rt.toBool(right(h), r)
    : (h) => rt.toBool(left(h), l) || rt.toBool(right(h), r);
}

/** `x++`, `--a[i]`: the target read, then rt.step writes it. */
function stepClosure(e: Extract<Expr, { type: "step" }>, loc: Loc): Closure {
  const { base, steps } = e.path!;
  const [target, delta, prefix] = [closureOf(e.target), e.op === "+" ? 1 : -1, e.prefix] as const;
  const indexes = steps.map((s) => (typeof s === "string" ? null : closureOf(s)));
  return (h) => {
    const current = target(h);
    const path = steps.map((s, i) => (typeof s === "string" ? s : { index: indexes[i]!(h) }));
    return rt.step(h.ctx, base, path, current, delta, prefix, loc);
  };
}

/** An unscoped name (this closure's own lookup), a scope, or a scoped name. */
function varClosure(e: Extract<Expr, { type: "var" }>, loc: Loc): Closure {
  const name = plainVar(e);
  if (name !== null) return (h) => lookupName(h.ctx, name, loc);
  const scoped = e.name;
  if (rt.SCOPES.has(scoped)) return (h) => rt.lookup(h.ctx, scoped, loc);
  return (h) => rt.lookupName(h.ctx, scoped, loc);
}

/** A call of a built-in or a template function. */
function callClosure(e: Extract<Expr, { type: "call" }>, loc: Loc): Closure {
  const name = e.name;
  const args = e.args.map(closureOf);
  const names = e.names;
  // argumentCollection: the names are known when the call runs (member-call.ts namedArgs).
  if (names !== undefined)
    return (h) =>
      rt.call(
        h.ctx,
        h.builtin(name)!,
        loc,
        ...namedArgs(
          h.registry.findFunction(name)!,
          names,
          args.map((f) => f(h)),
          loc,
        ),
      );
  if (rt.isNullCall(name, e.args)) return (h) => rt.isNullOf(() => args[0]!(h));
  return (h) => {
    const fn = h.builtin(name);
    if (fn === null) {
      // The text first: an argument that writes output (writeOutput(writeOutput(1))) writes before it.
      const text = rt.written(
        args.map((f) => f(h)),
        loc,
      );
      h.out += text;
      return "";
    }
    return rt.call(h.ctx, fn, loc, ...args.map((f) => f(h)));
  };
}

/** A member function call (`s.len()`), through its plan (engine/member-call.ts). */
function methodClosure(e: Extract<Expr, { type: "method" }>, loc: Loc): Closure {
  const [object, args, plan, name] = [closureOf(e.object), e.args.map(closureOf), e.plan!, e.name];
  return (h) => {
    const recv = object(h);
    return callMember(
      h.ctx,
      h.registry.functionTable,
      recv,
      plan,
      name,
      args.map((f) => f(h)),
      loc,
    );
  };
}

/** `a[i]`: a column's row for `q.col[i]` / `q["col"][i]`, else rt.index. */
function indexClosure(e: Extract<Expr, { type: "index" }>, loc: Loc): Closure {
  // q.name[2], q["name"][2]: a column's row (rt.memberIndex, rt.indexIndex).
  const inner = e.object;
  if (inner.type === "member" && !inner.async) {
    const [object, index, name, mloc] = [objectOf(inner.object), closureOf(e.index), inner.name, inner.loc];
    return (h) => {
      const o = object(h);
      return rt.memberIndex(h.ctx, o, name, index(h), mloc, loc);
    };
  }
  if (inner.type === "index" && !inner.async) {
    const [object, key, index, kloc] = [objectOf(inner.object), closureOf(inner.index), closureOf(e.index), inner.loc];
    return (h) => {
      const o = object(h);
      const k = key(h);
      return rt.indexIndex(h.ctx, o, k, index(h), kloc, loc);
    };
  }
  const [object, index] = [objectOf(e.object), closureOf(e.index)];
  return (h) => rt.index(h.ctx, object(h), index(h), loc);
}
