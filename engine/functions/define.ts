// The shape of a built-in function: arity (checked when the template is validated), a
// one-line doc and an example whose printed result the test suite checks.
import type { RenderContext } from "../context.js";
import { argError } from "../errors.js";
import { toNum, toStr, typeName, isStruct, QueryResult, type Struct } from "../values.js";
import { XmlNode, xmlElements, xmlIsElement } from "../xml.js";

export interface BuiltinDef {
  name: string;
  category: string;
  min: number;
  max: number;
  /** How the parameters are written in the docs: `string, count`. */
  params: string;
  doc: string;
  example: string;
  /** What the example prints (JSON for arrays and structs). */
  result: string;
  /** Its named arguments are the keys of one struct, its only argument (query(a: [1]), struct(a: 1)). */
  namedStruct?: true;
  /** CFML's one-argument form f(q.column) means f(q, "column") (valueList, valueArray). */
  columnRef?: boolean;
  fn: (ctx: RenderContext, ...args: never[]) => unknown;
  /** Needs a served request: its example is checked over HTTP (test/sessions.test.ts), not by a render. */
  server?: boolean;
  /**
   * Runs a query, so it awaits: only the whole value of <dbt:set> (tags/set.ts runs it); its
   * example is checked against a database (test/query-execute.test.ts).
   */
  statement?: boolean;
  /**
   * Awaits: `fn` returns a promise. Mostly functions that call back a function defined with
   * <dbt:function> (arrayMap…), which they get as plain async Callbacks (engine/udf.ts
   * callAwaiting); also sleep.
   */
  awaits?: true;
  /**
   * Awaits only when this argument (0-based) is not written as a literal: it may be a function
   * to call back (arraySort(a, function…) but not arraySort(a, "numeric")), so a page that
   * sorts by a sort type stays free of awaits. `fn` returns a promise only then.
   */
  awaitsArg?: number;
}

/** Whether a call of `def` with these argument expressions awaits (BuiltinDef.awaits, awaitsArg). */
export function callAwaits(def: BuiltinDef, e: { args: readonly { type: string }[]; names?: unknown }): boolean {
  if (def.awaits) return true;
  if (def.awaitsArg === undefined) return false;
  // With argumentCollection the arguments' places are known only when the call runs.
  const a = e.names === undefined ? e.args[def.awaitsArg] : undefined;
  return e.names !== undefined || (a !== undefined && a.type !== "literal");
}

/** A function defined with <dbt:function>, as an awaiting built-in receives it. */
export type Callback = (...args: unknown[]) => Promise<unknown>;

export type Spec = Omit<BuiltinDef, "name" | "category" | "min" | "max" | "fn"> & { min?: number; max?: number };

/** Declares the functions of one category; arity defaults to the parameter list. */
export function category(
  name: string,
  fns: Record<string, [Spec, (ctx: RenderContext, ...args: never[]) => unknown]>,
): BuiltinDef[] {
  return Object.entries(fns).map(([fnName, [spec, fn]]) => {
    const params = spec.params ? spec.params.split(",").map((p) => p.trim()) : [];
    const required = params.filter((p) => !p.startsWith("[")).length;
    const hasRest = params.some((p) => p.includes("..."));
    return {
      ...spec,
      name: fnName,
      category: name,
      min: spec.min ?? required,
      max: spec.max ?? (hasRest ? Infinity : params.length),
      fn,
    };
  });
}

// argError lives in errors.ts so that the date core (datetime.ts) needs neither this module nor values.ts.
export { argError };

export const str = (v: unknown): string => toStr(v, null);
export const num = (v: unknown): number => toNum(v, null);

export function int(v: unknown, what = "argument"): number {
  const n = num(v);
  if (!Number.isInteger(n)) throw argError(`The ${what} must be an integer, got ${n}`);
  return n;
}

export function arr(v: unknown, fn: string): unknown[] {
  // An XML element is the array of the elements of its name that `parent.name` found (Lucee).
  if (v instanceof XmlNode && xmlIsElement(v)) return xmlElements(v);
  if (!Array.isArray(v)) throw argError(`${fn} expects an array, got ${typeName(v)}`);
  return v;
}

export function struct(v: unknown, fn: string): Struct {
  if (!isStruct(v)) throw argError(`${fn} expects a struct, got ${typeName(v)}`);
  return v;
}

export function query(v: unknown, fn: string): QueryResult {
  if (!(v instanceof QueryResult)) throw argError(`${fn} expects a query, got ${typeName(v)}`);
  return v;
}
