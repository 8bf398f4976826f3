// Sync-first iteration for the interpreter: a loop runs as a plain JavaScript loop while every
// step returns a value, and continues as an async one from the first step that returns a
// promise (a query, an include, an awaiting expression, the clock's pause). Pages that never
// wait never allocate a promise per iteration (issue 10: interpreted within 3x of compiled).
import type { Loc, TagNode } from "../parser/ast.js";
import type { Interpreter } from "../engine/interpreter.js";
import { BreakSignal, ContinueSignal } from "../engine/signals.js";
import { pause } from "../engine/clock.js";
import type { Maybe } from "../engine/maybe.js";

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
  const rest = async (current: Promise<boolean>): Promise<void> => {
    if (!(await current)) return;
    for (;;) {
      if (!(await next()) || !(await iteration())) return;
    }
  };
  for (;;) {
    const more = next();
    if (more instanceof Promise) return rest(more.then((m) => m && iteration()));
    if (!more) return;
    const go = iteration();
    if (go instanceof Promise) return rest(go);
    if (!go) return;
  }
}

const leave = (e: unknown): boolean => {
  if (e instanceof BreakSignal) return false;
  if (e instanceof ContinueSignal) return true;
  throw e;
};

/** One iteration of a dbt:loop's body: false when it broke out of the loop. */
export function loopBody(it: Interpreter, node: TagNode): Maybe<boolean> {
  let r: Maybe<void>;
  try {
    r = it.run(node.body!);
  } catch (e) {
    return leave(e);
  }
  return r instanceof Promise ? r.then(() => true, leave) : true;
}
