// <dbt:param name="url.id" type="integer" default="1" min max pattern message onerror>
// Checks (and converts) one input; a failure is a ParamError that the server answers with a
// 400 naming the parameter. With onerror="collect" a failure is recorded instead, as
// variables.paramErrors[<the name's last part>], and the value as typed is kept for the page
// to show the form again (docs/recipes/forms.md).
import type { Loc, TagNode } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import { ParamError, RuntimeError, codes } from "../engine/errors.js";
import { PatternError, fullMatch, userRegex } from "../engine/regex.js";
import * as rt from "../engine/runtime.js";
import { describeValue, isStruct, toDate, type Struct } from "../engine/values.js";
import { isValidType } from "../engine/type-check.js";
import { isForbiddenKey, keyOf } from "../engine/keys.js";
import { fixedArg, pathTarget, splitTarget } from "./helpers.js";
import { callTag, type CallArg } from "./call.js";

const TYPES = ["any", "string", "integer", "numeric", "boolean", "date", "email", "uuid", "array", "struct"] as const;
const ARTICLE: Record<string, string> = {
  any: "any value",
  integer: "an integer",
  array: "an array",
  email: "an email address",
  uuid: "a UUID",
};

/** The pattern attribute compiled for the linear-time engine; a bad one is the template's fault. */
function pattern(source: string, loc: Loc) {
  try {
    return userRegex(source);
  } catch (err) {
    if (err instanceof PatternError)
      throw new RuntimeError(codes.FUNCTION, `Attribute "pattern" of <dbt:param>: ${err.message}`, loc);
    throw err;
  }
}

function convert(type: string, v: unknown): unknown {
  switch (type) {
    case "integer":
    case "numeric":
      return typeof v === "number" ? v : Number(v);
    case "boolean":
      return rt.toBool(v, null);
    case "date":
      return toDate(v);
    default:
      return v;
  }
}

/** Reads the parameter, applies the default, checks and converts it, and writes it back. */
export function checkParam(
  ctx: RenderContext,
  name: string,
  type: string,
  hasDefault: boolean,
  dflt: unknown,
  min: unknown,
  max: unknown,
  patternSource: unknown,
  loc: Loc,
): void {
  check(ctx, name, type, hasDefault, dflt, min, max, patternSource, false, undefined, loc);
}

/**
 * checkParam with a `message` or `onerror="collect"` (a tag without them calls checkParam, so
 * that the code compiled for it stays as it was): `message` replaces the text of a failure;
 * collecting records it in variables.paramErrors instead of throwing.
 */
export function checkParamWith(
  ctx: RenderContext,
  name: string,
  type: string,
  hasDefault: boolean,
  dflt: unknown,
  min: unknown,
  max: unknown,
  patternSource: unknown,
  collect: boolean,
  message: unknown,
  loc: Loc,
): void {
  const text = message === undefined ? undefined : rt.toStr(message, loc);
  check(ctx, name, type, hasDefault, dflt, min, max, patternSource, collect, text, loc);
}

/** The struct a collecting dbt:param records its failures in: variables.paramErrors, made when missing. */
function paramErrors(ctx: RenderContext, loc: Loc): Struct {
  const vars = ctx.scopes.variables;
  const k = keyOf(vars, "paramErrors");
  const cur = k === undefined ? undefined : vars[k];
  if (isStruct(cur)) return cur;
  if (cur !== undefined && cur !== null)
    throw new RuntimeError(
      codes.TYPE,
      `<dbt:param onerror="collect"> records failures in variables.paramErrors, which holds ${describeValue(cur)}, not a struct`,
      loc,
    );
  rt.assign(ctx, "variables", ["paramErrors"], rt.struct([], []), loc);
  return paramErrors(ctx, loc);
}

/** What a field that failed keeps for the form shown again: the value as typed, when it can be shown. */
function kept(type: string, value: unknown, hasDefault: boolean, dflt: unknown): unknown {
  const simple = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  if (simple(value) || (type === "array" && Array.isArray(value)) || (type === "struct" && isStruct(value)))
    return value;
  return hasDefault && simple(dflt) ? dflt : "";
}

/** The parameter's value where the page has it, or present false (no error made for a scope's absent field). */
function readParam(ctx: RenderContext, base: string, steps: unknown[], loc: Loc): { present: boolean; value: unknown } {
  let value: unknown;
  let present = true;
  // The common case, a field of a scope the page has (url.page): when it is absent (the default
  // applies) that is found without an error made, thrown and caught (a stack each: eight
  // parameters cost /mandelbrot about 5% of its time in a CPU profile).
  const key = steps.length === 1 && rt.SCOPES.has(base) ? steps[0] : undefined;
  const scope = typeof key === "string" ? ctx.scopes[base as keyof typeof ctx.scopes] : undefined;
  if (typeof key === "string" && isStruct(scope) && !isForbiddenKey(key) && keyOf(scope, key) === undefined)
    present = false;
  else
    try {
      value = steps.length ? rt.base(ctx, base, loc) : rt.lookup(ctx, base, loc);
      for (const s of steps) value = rt.member(ctx, value, s as string, loc);
    } catch (err) {
      if (!(err instanceof rt.RuntimeError)) throw err;
      present = false;
    }
  return { present, value };
}

/** Why the value is outside min/max (a number by value; text, an array or a struct by size), or null. */
function boundsFailure(name: string, value: unknown, min: unknown, max: unknown, loc: Loc): string | null {
  // A struct (an upload's form.photo) is measured by its keys: it has no length as text.
  const size =
    typeof value === "number"
      ? value
      : Array.isArray(value)
        ? value.length
        : isStruct(value)
          ? Object.keys(value).length
          : rt.toStr(value, loc).length;
  const unit = (n: unknown) => {
    const one = rt.toNum(n, loc) === 1;
    return typeof value === "number"
      ? ""
      : Array.isArray(value) || isStruct(value)
        ? one
          ? " item"
          : " items"
        : one
          ? " character"
          : " characters";
  };
  if (min !== undefined && size < rt.toNum(min, loc))
    return typeof value === "string" && rt.toNum(min, loc) === 1
      ? `Parameter ${name} must not be empty`
      : `Parameter ${name} must be at least ${rt.toStr(min, loc)}${unit(min)}`;
  if (max !== undefined && size > rt.toNum(max, loc))
    return `Parameter ${name} must be at most ${rt.toStr(max, loc)}${unit(max)}`;
  return null;
}

function check(
  ctx: RenderContext,
  name: string,
  type: string,
  hasDefault: boolean,
  dflt: unknown,
  min: unknown,
  max: unknown,
  patternSource: unknown,
  collect: boolean,
  message: string | undefined,
  loc: Loc,
): void {
  const { base, steps } = splitTarget(pathTarget(name, loc));
  // Collecting: the struct exists once the tag has run, failed or not (structIsEmpty(paramErrors)).
  const errors = collect ? paramErrors(ctx, loc) : null;
  const found = readParam(ctx, base, steps, loc);
  const present = found.present;
  let value = found.value;
  const typed = value;
  /** A check failed: the 400's ParamError, or (collecting) a message recorded and the typed value kept. */
  const fail = (text: string): void => {
    if (!errors) throw new ParamError(name, message ?? text, loc);
    const key = steps.length ? (steps[steps.length - 1] as string) : base;
    // The first failure of a field is the one shown.
    if (keyOf(errors, key) === undefined) rt.assign(ctx, "variables", ["paramErrors", key], message ?? text, loc);
    rt.assign(ctx, base, steps as string[], kept(type, present ? typed : undefined, hasDefault, dflt), loc);
  };
  if (!present || value === null) {
    if (!hasDefault) return fail(`Parameter ${name} is required`);
    value = dflt;
  }
  if (!isValidType(type, value)) {
    return fail(`Parameter ${name} must be ${ARTICLE[type] ?? `a ${type}`}, got ${describeValue(value)}`);
  }
  value = convert(type, value);
  if (min === undefined && max === undefined && patternSource === undefined) {
    rt.assign(ctx, base, steps as string[], value, loc);
    return;
  }
  const outside = boundsFailure(name, value, min, max, loc);
  if (outside !== null) return fail(outside);
  if (patternSource !== undefined && !fullMatch(pattern(rt.toStr(patternSource, loc), loc), rt.toStr(value, loc))) {
    return fail(`Parameter ${name} does not match the pattern ${rt.toStr(patternSource, loc)}`);
  }
  rt.assign(ctx, base, steps as string[], value, loc);
}

export const paramTag: TagDef = {
  name: "param",
  body: "none",
  attributes: {
    name: { type: "variable", required: true },
    type: { type: "enum", values: TYPES },
    default: { type: "any" },
    min: { type: "number" },
    max: { type: "number" },
    pattern: { type: "string" },
    message: { type: "string" },
    onerror: { type: "enum", values: ["throw", "collect"] },
  },
  validate(node, v) {
    const pattern = node.args.pattern;
    if (pattern?.type === "literal") {
      try {
        userRegex(String(pattern.value));
      } catch (err) {
        throw v.error(`Attribute "pattern" of <dbt:param>: ${(err as Error).message}`, pattern.loc);
      }
    }
  },
  interpret: (node, it) => hooks(node).interpret(node, it),
  compile: (node, c) => hooks(node).compile(node, c),
};

const ARGS: CallArg<unknown>[] = [
  { fixed: (node) => fixedArg(node, "name") },
  { fixed: (node) => fixedArg(node, "type") ?? "any" },
  { fixed: (node) => "default" in node.args },
  "default",
  "min",
  "max",
  "pattern",
];
const plain = callTag("checkParam", checkParam, ARGS);
const withOptions = callTag("checkParamWith", checkParamWith, [
  ...ARGS,
  { fixed: (node) => fixedArg(node, "onerror") === "collect" },
  "message",
]);
/** The plain call for a tag with neither `message` nor `onerror` (its compiled code as before). */
const hooks = (node: TagNode) => ("message" in node.args || "onerror" in node.args ? withOptions : plain);

export const runtime = { checkParam, checkParamWith };

export default { tags: [paramTag], runtime } satisfies TagModule;
