// The range loop (<dbt:loop from to [step] index>): its bounds and its stepping rule, written
// once. Both modes and every compiled form of the loop (tags/loop.ts: plain, checked, a fast
// run's last value) step through `inRange`; compiled code calls it as T.inRange, which V8
// inlines (with bounds written as numbers it folds to one comparison).
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

export const runtime = { range, inRange };
