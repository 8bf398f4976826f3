// Running a member function call `x.name(args)` (both modes): the receiver's kind picks the
// built-in the validator planned for it (engine/functions/members.ts), the receiver goes in as
// one of its arguments, and a chaining member (arr.append) gives back the receiver. Also the
// calls of built-ins with `argumentCollection`, whose names are known only at run time.
import type { Loc, MemberPlan, MemberTarget } from "../parser/ast.js";
import type { RenderContext } from "./context.js";
import { RuntimeError, codes } from "./errors.js";
import { memberKind, memberNames } from "./functions/members.js";
import { findBuiltin } from "./functions/index.js";
import { bindNamed, paramIndex, paramName, type Params } from "./functions/named.js";
import { call, type BuiltinFn } from "./runtime.js";
import { callAwaiting } from "./udf.js";
import { isInstance, methodCall } from "./component.js";
import { typeName } from "./values.js";

/** The built-ins by name, as compiled code holds them (Registry.functionTable). */
type Fns = Record<string, unknown>;

const article = (t: string) => (/^[aeiou]/.test(t) ? `An ${t}` : `A ${t}`);
/** How Lucee names a receiver's type in its message. */
const LUCEE_TYPE: Record<string, string> = {
  string: "String",
  number: "Numeric",
  boolean: "Boolean",
  date: "Datetime",
  array: "Array",
  struct: "Struct",
  query: "Query",
  xml: "Xml",
};

function target(recv: unknown, plan: MemberPlan, name: string, n: number, loc: Loc): MemberTarget {
  if (isInstance(recv))
    throw new RuntimeError(
      codes.COMPONENT,
      `${name}() here is a built-in member function (the call fits one, and its receiver was not taken for a component instance when the template was validated): keep the instance in a variable set with new, an argument, or the application, session or request scope, or give the function another name`,
      loc,
    );
  const kind = memberKind(recv, plan);
  const t = kind === null ? undefined : plan[kind];
  if (t === undefined) {
    const code = Object.keys(plan).length === 0 ? codes.UNKNOWN_FUNCTION : codes.TYPE;
    // Lucee's words, with the receiver's member functions (docs/language.md has the table);
    // as Lucee, the message lists them only up to 50, the detail always.
    const known = kind === null ? [] : memberNames(kind, findBuiltin);
    const list = known.length > 0 && known.length <= 50 ? `. Available functions are [${known.join(", ")}]` : "";
    const err = new RuntimeError(
      code,
      `The function [${name}] does not exist in the ${LUCEE_TYPE[typeName(recv)] ?? typeName(recv)}${list}`,
      loc,
    );
    err.detail = known.length
      ? `Only the following functions are available [ ${known.join(", ")} ].`
      : `${article(typeName(recv))} has no member functions (docs/language.md, "Member functions").`;
    throw err;
  }
  if (t.order === undefined && (n + 1 < t.min || n + 1 > t.max)) {
    const [min, max] = [t.min - 1, t.max - 1];
    const want = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    throw new RuntimeError(
      codes.ARITY,
      `${name}() of ${article(typeName(recv)).toLowerCase()} takes ${want} argument${want === "1" ? "" : "s"}, got ${n}`,
      loc,
    );
  }
  return t;
}

function argsOf(recv: unknown, t: MemberTarget, args: unknown[], name: string, loc: Loc): unknown[] {
  if (t.order === undefined) {
    const out = args.slice();
    out.splice(t.pos, 0, recv);
    return out;
  }
  const out: unknown[] = [];
  out[t.pos] = recv;
  t.order.forEach((p, i) => (out[p] = args[i]));
  for (let i = 0; i < t.min; i++)
    if (!(i in out)) throw new RuntimeError(codes.ARITY, `${name}() needs its argument ${i + 1}`, loc);
  return Array.from(out);
}

/** `recv.name(args)` for a built-in that does not await. */
export function callMember(
  ctx: RenderContext,
  fns: Fns,
  recv: unknown,
  plan: MemberPlan,
  name: string,
  args: unknown[],
  loc: Loc,
): unknown {
  const t = target(recv, plan, name, args.length, loc);
  const v = call(ctx, fns[t.fn] as BuiltinFn, loc, ...argsOf(recv, t, args, name, loc));
  return t.chain ? recv : v;
}

/**
 * callMember where the member may await (arr.map(f) with a function defined in the template),
 * or where the receiver may be a component instance (a member any struct may have, or one no
 * built-in has): an instance's function (engine/component.ts) comes first, as in CFML.
 */
export async function callMemberAsync(
  ctx: RenderContext,
  fns: Fns,
  recv: unknown,
  plan: MemberPlan,
  name: string,
  args: unknown[],
  loc: Loc,
  emit: (out: string) => void,
  names?: string[],
): Promise<unknown> {
  const m = methodCall(ctx, recv, name, args, loc, emit, names);
  if (m !== undefined) return m;
  const t = target(recv, plan, name, args.length, loc);
  const all = argsOf(recv, t, args, name, loc);
  const v = t.awaits
    ? await callAwaiting(ctx, fns[t.fn] as (ctx: RenderContext, ...a: unknown[]) => Promise<unknown>, loc, emit, all)
    : call(ctx, fns[t.fn] as BuiltinFn, loc, ...all);
  return t.chain ? recv : v;
}

/**
 * A built-in's arguments in order from named ones that include `argumentCollection` (a
 * struct of more named arguments): a name the function does not have is an error.
 */
export function namedArgs(def: Params, names: string[], values: unknown[], loc: Loc): unknown[] {
  const out = bindNamed(
    def.name,
    (n) => paramIndex(def, n),
    (n) => `${def.name}() has no argument ${n}`,
    names,
    values,
    loc,
  );
  for (let i = 0; i < def.min; i++)
    if (!(i in out)) throw new RuntimeError(codes.ARITY, `${def.name}() needs the argument ${paramName(def, i)}`, loc);
  return Array.from(out);
}
