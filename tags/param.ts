// <dbt:param name="url.id" type="integer" default="1" min max pattern>
// Checks (and converts) one input; a failure is a ParamError that the server answers with a
// 400 naming the parameter.
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import { ParamError, RuntimeError, codes } from "../engine/errors.js";
import { PatternError, fullMatch, userRegex } from "../engine/regex.js";
import * as rt from "../engine/runtime.js";
import { isValidType } from "../engine/functions/misc.js";
import { toDate } from "../engine/functions/dates.js";
import { describeValue, isStruct } from "../engine/values.js";
import { isForbiddenKey, keyOf } from "../engine/keys.js";
import { fixedArg, pathTarget, splitTarget } from "./helpers.js";
import { callTag } from "./call.js";

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
  const { base, steps } = splitTarget(pathTarget(name, loc));
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
  if (!present || value === null) {
    if (!hasDefault) throw new ParamError(name, `Parameter ${name} is required`, loc);
    value = dflt;
  }
  if (!isValidType(type, value)) {
    throw new ParamError(
      name,
      `Parameter ${name} must be ${ARTICLE[type] ?? `a ${type}`}, got ${describeValue(value)}`,
      loc,
    );
  }
  value = convert(type, value);
  const size = typeof value === "number" ? value : Array.isArray(value) ? value.length : rt.toStr(value, loc).length;
  const unit = (n: unknown) => {
    const one = rt.toNum(n, loc) === 1;
    return typeof value === "number"
      ? ""
      : Array.isArray(value)
        ? one
          ? " item"
          : " items"
        : one
          ? " character"
          : " characters";
  };
  if (min !== undefined && size < rt.toNum(min, loc))
    throw new ParamError(
      name,
      typeof value === "string" && rt.toNum(min, loc) === 1
        ? `Parameter ${name} must not be empty`
        : `Parameter ${name} must be at least ${rt.toStr(min, loc)}${unit(min)}`,
      loc,
    );
  if (max !== undefined && size > rt.toNum(max, loc))
    throw new ParamError(name, `Parameter ${name} must be at most ${rt.toStr(max, loc)}${unit(max)}`, loc);
  if (patternSource !== undefined && !fullMatch(pattern(rt.toStr(patternSource, loc), loc), rt.toStr(value, loc))) {
    throw new ParamError(name, `Parameter ${name} does not match the pattern ${rt.toStr(patternSource, loc)}`, loc);
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
  ...callTag("checkParam", checkParam, [
    { fixed: (node) => fixedArg(node, "name") },
    { fixed: (node) => fixedArg(node, "type") ?? "any" },
    { fixed: (node) => "default" in node.args },
    "default",
    "min",
    "max",
    "pattern",
  ]),
};

export const runtime = { checkParam };

export default { tags: [paramTag], runtime } satisfies TagModule;
