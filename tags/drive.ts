// Sync-first iteration for the interpreter: a loop runs as a plain JavaScript loop while every
// step returns a value, and continues as an async one from the first step that returns a
// promise (a query, an include, an awaiting expression, the clock's pause). Pages that never
// wait never allocate a promise per iteration. (Interpreted is still far from compiled on loop
// pages: bench/RESULTS.md has the measured ratio.)
import type { Loc, TagNode } from "../parser/ast.js";
import type { Interpreter } from "../engine/interpreter.js";
import { BreakSignal, ContinueSignal } from "../engine/signals.js";
import { pause, tick } from "../engine/clock.js";
import type { Maybe } from "../engine/maybe.js";
import { inRange } from "./range.js";

/**
 * Iterates: `next()` says whether there is another iteration, `due()` counts it (and says
 * whether the clock wants a pause first), `step()` runs it and returns false to stop (a break).
 */
export function drive(
  loc: Loc,
  it: Interpreter,
  next: () => Maybe<boolean>,
  due: () => boolean,
  step: () => Maybe<boolean>,
): Maybe<void> {
  const iteration = (): Maybe<boolean> => (due() ? pause(it.ctx.page, loc).then(step) : step());
  for (;;) {
    const more = next();
    if (more instanceof Promise)
      return driveOn(
        loc,
        it,
        next,
        due,
        step,
        more.then((m) => m && iteration()),
      );
    if (!more) return;
    const go = iteration();
    if (go instanceof Promise) return driveOn(loc, it, next, due, step, go);
    if (!go) return;
  }
}

/** drive from an iteration that waits (`current`, false for a break) on. */
export async function driveOn(
  loc: Loc,
  it: Interpreter,
  next: () => Maybe<boolean>,
  due: () => boolean,
  step: () => Maybe<boolean>,
  current: Promise<boolean>,
): Promise<void> {
  if (!(await current)) return;
  for (;;) {
    if (!(await next()) || !(await (due() ? pause(it.ctx.page, loc).then(step) : step()))) return;
  }
}

/** How a signal leaves the body of a loop labelled `label`: a labelled one for another loop goes on out. */
const leave = (e: unknown, label: string | undefined): boolean => {
  if ((e instanceof BreakSignal || e instanceof ContinueSignal) && e.label !== undefined && e.label !== label) throw e;
  if (e instanceof BreakSignal) return false;
  if (e instanceof ContinueSignal) return true;
  throw e;
};

/** One iteration of a dbt:loop's body: false when it broke out of the loop. */
export function loopBody(it: Interpreter, node: TagNode): Maybe<boolean> {
  let r: Maybe<void>;
  const label = node.script?.label;
  try {
    r = it.run(node.body!);
  } catch (e) {
    return leave(e, label);
  }
  return r instanceof Promise
    ? r.then(
        () => true,
        (e: unknown) => leave(e, label),
      )
    : true;
}

/** A range loop's bounds, its variable (set each iteration into `vars`) and its counter. */
interface RangeRun {
  it: Interpreter;
  node: TagNode;
  vars: Record<string, unknown>;
  name: string;
  to: number;
  step: number;
  /** Iterations counted so far (the loop's tick). */
  n: number;
}

/** One tick of a range loop (`n` iterations so far): true when the clock wants a pause first. */
const due = (r: RangeRun, n: number): boolean => tick(r.it.ctx, n, r.it.out.length, r.node.loc);

/**
 * drive for a range loop, without a closure per iteration: a plain for loop while the body
 * runs synchronously, then rangeRest from the iteration that waits. Bounds (the stepping rule,
 * tags/range.ts), tick, variable, body: the order drive keeps.
 */
export function driveRange(r: RangeRun, from: number): Maybe<void> {
  const { it, node, vars, name, to, step } = r;
  const body = node.body!;
  const steps = it.steps(body);
  let i = from;
  for (; inRange(i, to, step); i += step) {
    if (due(r, ++r.n)) return rangeRest(r, i, true);
    vars[name] = i;
    let go: Maybe<boolean>;
    try {
      const ran = it.runSteps(body, steps);
      go =
        ran instanceof Promise
          ? ran.then(
              () => true,
              (e: unknown) => leave(e, node.script?.label),
            )
          : true;
    } catch (e) {
      go = leave(e, node.script?.label);
    }
    if (go instanceof Promise) {
      const at = i;
      return go.then((more) => (more ? rangeNext(r, at + step) : undefined));
    }
    if (!go) return;
  }
  // As Lucee: the index ends at the value that failed the test (to + step; from, never run).
  vars[name] = i;
}

/** The iteration `i` after one that waited: bounds and tick first. */
function rangeNext(r: RangeRun, i: number): Maybe<void> {
  if (!inRange(i, r.to, r.step)) {
    r.vars[r.name] = i;
    return;
  }
  return rangeRest(r, i, due(r, ++r.n));
}

async function rangeRest(r: RangeRun, i: number, paused: boolean): Promise<void> {
  const page = r.it.ctx.page;
  for (;;) {
    if (paused) await pause(page, r.node.loc);
    r.vars[r.name] = i;
    if (!(await loopBody(r.it, r.node))) return;
    i += r.step;
    if (!inRange(i, r.to, r.step)) {
      r.vars[r.name] = i;
      return;
    }
    paused = due(r, ++r.n);
  }
}
