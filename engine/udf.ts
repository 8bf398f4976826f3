// Functions defined in templates with <dbt:function>: the value a definition puts in
// `variables`, and a call — arguments bound and checked, defaults, the `local` scope, the depth
// limit, the value returned. Both modes call these; only how a default or the body runs differs
// (the interpreter, or compiled code), and each mode hands that in as a FunctionImpl.
import { isDateLike } from "./functions/dates.js";
import type { FunctionDef, Loc } from "../parser/ast.js";
import type { Frame, RenderContext, Scopes } from "./context.js";
import { RuntimeError, codes } from "./errors.js";
import { bindNamed } from "./functions/named.js";
import { checkSize, locate, lookup } from "./runtime.js";
import { pause, tick } from "./clock.js";
import { FunctionValue, QueryResult, asBool, isNumeric, isStruct, newStruct, typeName } from "./values.js";

/** The types an argument or a return value may declare (CFML's names). */
export const TYPES = [
  "any",
  "string",
  "numeric",
  "boolean",
  "array",
  "struct",
  "query",
  "date",
  "function",
  "void",
] as const;
export type TypeName = (typeof TYPES)[number];

/** What a definition declares, fixed when the template is validated (compiled code holds it as JSON). */
export type FunctionSpec = Pick<FunctionDef, "name" | "returnType" | "output" | "access"> & {
  params: Pick<FunctionDef["params"][number], "name" | "type" | "required">[];
};

/** The spec alone, for compiled code to hold. */
export const specOf = (d: FunctionDef): FunctionSpec => ({
  name: d.name,
  ...(d.access ? { access: d.access } : {}),
  params: d.params.map(({ name, type, required }) => ({ name, type, required })),
  returnType: d.returnType,
  output: d.output,
});

/** How one mode runs a function: each parameter's default (or null) and the body. */
export interface FunctionImpl {
  /** Evaluated in the call's context, so a default may use the arguments before it. */
  defaults: (((ctx: RenderContext) => unknown) | null)[];
  /** The body's return value (null without dbt:return) and output. */
  run(ctx: RenderContext): Promise<[unknown, string]>;
}

export class UserFunction extends FunctionValue {
  constructor(
    readonly spec: FunctionSpec,
    readonly impl: FunctionImpl,
    /** The scopes of the page that defined it: its body sees that page's variables. */
    readonly scopes: Scopes,
    /** A closure's: the variables of the function or catch it was made in (their frames). */
    readonly captured: readonly Frame[] = [],
    anonymous = false,
    /** A component's function: it sees the scopes of the request that calls it (engine/component.ts). */
    readonly method = false,
  ) {
    super(spec.name, anonymous);
  }
}

/** Puts a template's functions in its variables scope, when it starts running (so a call may come before the definition). */
export function defineFunctions(ctx: RenderContext, defs: [FunctionSpec, FunctionImpl][]): void {
  for (const [spec, impl] of defs) ctx.scopes.variables[spec.name] = new UserFunction(spec, impl, ctx.scopes);
}

/**
 * The value of a closure expression where it is evaluated: a function of the page, which sees
 * the variables around it (a function's local and arguments, a catch's error) as they are when
 * it runs. A query loop's row is not kept (the row moves on).
 */
export function makeClosure(ctx: RenderContext, spec: FunctionSpec, impl: FunctionImpl): UserFunction {
  return new UserFunction(
    spec,
    impl,
    ctx.scopes,
    ctx.frames.filter((f) => f.kind === "vars"),
    true,
  );
}

/** A call of a value (`fns[1](x)`, `makeAdder(5)(1)`): it must be a function. */
export function invokeValue(
  ctx: RenderContext,
  f: unknown,
  args: unknown[],
  loc: Loc,
  emit: (out: string) => void,
): Promise<unknown> {
  if (!(f instanceof UserFunction))
    throw new RuntimeError(codes.TYPE, `Cannot call a ${typeName(f)}: it is not a function`, loc);
  return invoke(ctx, f, args, loc, emit);
}

/** The function a call names: a variable (a function's own local or argument first), case-insensitive as CFML's names are. */
function findFunction(ctx: RenderContext, name: string, loc: Loc): UserFunction {
  let f: unknown;
  try {
    f = lookup(ctx, name, loc);
  } catch (err) {
    if (!(err instanceof RuntimeError && err.code === codes.UNDEFINED)) throw err;
    const vars = ctx.scopes.variables;
    const key = Object.keys(vars).find(
      (k) => k.toLowerCase() === name.toLowerCase() && vars[k] instanceof UserFunction,
    );
    if (key === undefined) {
      throw new RuntimeError(
        codes.UNKNOWN_FUNCTION,
        `Unknown function ${name}(): define it with <dbt:function name="${name}">, or include the template that does, before calling it`,
        loc,
      );
    }
    f = vars[key];
  }
  if (!(f instanceof UserFunction))
    throw new RuntimeError(codes.TYPE, `${name} is a ${typeName(f)}, not a function`, loc);
  return f;
}

/** A call written `name(args)` in an expression. `emit` takes the function's output. */
export function callFunction(
  ctx: RenderContext,
  name: string,
  args: unknown[],
  loc: Loc,
  emit: (out: string) => void,
  names?: string[],
): Promise<unknown> {
  const f = findFunction(ctx, name, loc);
  return invoke(ctx, f, names ? byName(f.spec, names, args, loc) : args, loc, emit);
}

/**
 * Named arguments (and the keys of an `argumentCollection` struct) in the order of the
 * function's parameters; a name it does not declare is an error.
 */
export function byName(spec: FunctionSpec, names: string[], values: unknown[], loc: Loc): unknown[] {
  const known = () => spec.params.map((p) => p.name).join(", ") || "none";
  const at = (n: string) => spec.params.findIndex((p) => p.name.toLowerCase() === n.toLowerCase());
  const unknown = (n: string) => `${spec.name}() has no argument ${n}: its arguments are ${known()}`;
  return Array.from(bindNamed(spec.name, at, unknown, names, values, loc));
}

export async function invoke(
  ctx: RenderContext,
  f: UserFunction,
  args: unknown[],
  loc: Loc,
  emit: (out: string) => void,
): Promise<unknown> {
  const { spec, impl } = f;
  if (ctx.callDepth >= ctx.limits.maxCallDepth) {
    throw new RuntimeError(
      codes.CALL_DEPTH,
      `Calls nested more than ${ctx.limits.maxCallDepth} deep in ${spec.name}() (limit maxCallDepth): does it call itself without end?`,
      loc,
    );
  }
  if (args.length > spec.params.length) {
    const n = spec.params.length;
    throw new RuntimeError(
      codes.ARITY,
      `${spec.name}() takes ${n === 0 ? "no" : `at most ${n}`} argument${n === 1 ? "" : "s"}, got ${args.length}`,
      loc,
    );
  }
  if (tick(ctx, 0, 0, loc)) await pause(ctx.page, loc);
  const bound = newStruct();
  const fctx = ctx.forFunction(f.scopes, bound, f.captured, f.method);
  for (let i = 0; i < spec.params.length; i++) {
    const p = spec.params[i]!;
    let v = args[i];
    if (v === undefined) {
      const dflt = impl.defaults[i];
      if (dflt) v = await dflt(fctx);
      else if (p.required) throw new RuntimeError(codes.ARITY, `${spec.name}() needs the argument ${p.name}`, loc);
      else continue;
    }
    bound[p.name] = ofType(v, p.type, () => `The argument ${p.name} of ${spec.name}()`, loc);
  }
  const [value, out] = await impl.run(fctx);
  if (spec.output) emit(out);
  return ofType(value, spec.returnType, () => `The value ${spec.name}() returns`, loc);
}

/**
 * A call of a built-in that calls back (BuiltinDef.awaits): each function value among its
 * arguments becomes a plain async callback bound to this call, taking as many arguments as the
 * function declares (CFML passes callbacks more than they use).
 */
export async function callAwaiting(
  ctx: RenderContext,
  fn: (ctx: RenderContext, ...args: unknown[]) => Promise<unknown>,
  loc: Loc,
  emit: (out: string) => void,
  args: unknown[],
): Promise<unknown> {
  const bound = args.map((a) =>
    a instanceof UserFunction ? (...xs: unknown[]) => invoke(ctx, a, xs.slice(0, a.spec.params.length), loc, emit) : a,
  );
  let v: unknown;
  try {
    v = await fn(ctx, ...bound);
  } catch (err) {
    // Signals (an abort in a callback) pass as they are; errors get the call's location if they have none.
    throw err instanceof Error ? locate(err, loc) : err;
  }
  return checkSize(ctx, v, loc);
}

/** `v` when it is of the declared type (CFML checks, it does not convert), else a located error. */
function ofType(v: unknown, type: string, what: () => string, loc: Loc): unknown {
  if (type === "any" || (type === "void" ? v === null : isType(v, type as Exclude<TypeName, "any" | "void">))) return v;
  throw new RuntimeError(
    codes.TYPE,
    `${what()} must be ${type === "void" ? "nothing (returntype void)" : type}, got ${typeName(v)}`,
    loc,
  );
}

function isType(v: unknown, type: Exclude<TypeName, "any" | "void">): boolean {
  switch (type) {
    case "string":
      return typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v instanceof Date;
    case "numeric":
      return isNumeric(v);
    case "boolean":
      return asBool(v) !== null;
    case "array":
      return Array.isArray(v);
    case "struct":
      return isStruct(v);
    case "query":
      return v instanceof QueryResult;
    // As isValid("date"): a date string passes (CFML checks, it does not convert).
    case "date":
      return isDateLike(v);
    case "function":
      return v instanceof FunctionValue;
  }
}
