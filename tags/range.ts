// The range loop (<dbt:loop from to [step] index>): its bounds and its stepping rule, written
// once. The interpreter steps through `inRange`; every compiled form of the loop (tags/loop.ts:
// plain, checked, a fast run) through `inRangeCode`, the same rule written as an expression
// (a call of T.inRange measured 30% slower on bench/pages/loop.dbt: V8 did not fold it), which
// test/loop-rules.test.ts holds to inRange.
import type { Loc } from "../parser/ast.js";
import { RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";

/** from/to/step as numbers, refusing a step that would never reach the end. */
export function range(from: unknown, to: unknown, step: unknown, loc: Loc): [number, number, number] {
  const s = step === undefined ? 1 : rt.toNum(step, loc);
  if (s === 0) throw new RuntimeError(codes.TYPE, "The step of a loop cannot be 0", loc);
  return [rt.toNum(from, loc), rt.toNum(to, loc), s];
}

/**
 * The stepping rule: a range loop starts at `from` and, after each iteration, adds `step`
 * (i += step, the same float steps in both modes); an iteration runs while its value is within
 * `to`: at most `to` for a positive step, at least `to` for a negative one.
 */
export function inRange(i: number, to: number, step: number): boolean {
  return step > 0 ? i <= to : i >= to;
}

/**
 * inRange as compiled code writes it, for a value, an end and a step given as code (`step` a
 * number when it is known when the code is made: then one comparison).
 */
export function inRangeCode(i: string, to: string, step: string | number): string {
  if (typeof step === "number") return `${i} ${step > 0 ? "<=" : ">="} ${to}`;
  return `(${step} > 0 ? ${i} <= ${to} : ${i} >= ${to})`;
}

export const runtime = { range };
