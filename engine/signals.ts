// Control flow that crosses tag boundaries in the interpreter (compiled code uses labelled
// break/continue instead), and dbt:abort, which both modes unwind the same way.

export class BreakSignal {}
export class ContinueSignal {}

/** dbt:abort: stops the page; the output so far is kept. */
export class AbortSignal {
  /** Output of the inner templates, collected as the signal unwinds through each one. */
  output = "";
}

/** Called where a template run ends with an exception: an abort keeps the run's output. */
export function unwind(err: unknown, out: string): unknown {
  if (err instanceof AbortSignal) err.output = out + err.output;
  return err;
}
