// Control flow that crosses tag boundaries in the interpreter (compiled code uses labelled
// break/continue instead), and dbt:abort, which both modes unwind the same way.

/** A dbt:break or dbt:continue; `label` (lower-case) names the loop of a script's `break outer;`. */
export class BreakSignal {
  constructor(readonly label?: string) {}
}
export class ContinueSignal {
  constructor(readonly label?: string) {}
}

/** dbt:abort: stops the page; the output so far is kept. */
export class AbortSignal {
  /** Output of the inner templates, collected as the signal unwinds through each one. */
  output = "";
}

/** dbt:exit: ends the template it stands in, keeping its output; the including template (or the request) goes on. */
export class ExitSignal {}

/** What a template run that threw `err` gives: its output so far for a dbt:exit, else the error, unwound. */
export function templateEnd(err: unknown, out: string): string {
  if (err instanceof ExitSignal) return out;
  throw unwind(err, out);
}

/** Called where a template run ends with an exception: an abort keeps the run's output. */
export function unwind(err: unknown, out: string): unknown {
  if (err instanceof AbortSignal) err.output = out + err.output;
  return err;
}

/**
 * Where a dbt:abort leaves a call (dbt:include): the output it carries so far becomes the
 * caller's again (and the signal's is emptied), so that what the caller prints while the abort
 * passes through it comes after it, in page order, and is dropped with it by a capturing body.
 * Any other error leaves the caller's output empty: only a dbt:catch goes on, from its mark.
 */
export function takeAborted(err: unknown): string {
  if (!(err instanceof AbortSignal)) return "";
  const out = err.output;
  err.output = "";
  return out;
}

/** <dbt:return>: ends the function it stands in with a value. */
export class ReturnSignal {
  constructor(readonly value: unknown) {}
}

/** What a function body that threw `err` gives: its value and output for a dbt:return, else the error, unwound. */
export function returned(err: unknown, out: string): [unknown, string] {
  if (err instanceof ReturnSignal) return [err.value, out];
  throw unwind(err, out);
}
