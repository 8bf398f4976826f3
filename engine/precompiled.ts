// What precompiled template modules import (see compileModule): everything a compiled
// template calls at run time, and nothing of the parser or the compiler.
export * as rt from "./runtime.js";
export { tagRuntime } from "../tags/registry.js";
import { Registry, type Extensions } from "./extensions.js";

/**
 * The contract between compiled code and the runtime above (which helpers exist, what they
 * take). `quarry build` writes it in the manifest and `quarry start` refuses a build written
 * for another: an older build would call helpers whose arguments have changed. Raise it with
 * any change to what generated code calls (2: dbt:include hands over the caller's output; 3: and
 * takes back what a dbt:abort carries, T.takeAborted; 4: a quiet loop's checked version throws
 * T.PAUSE; 5: a catch body starts from T.outputAtCatch, a module left by an abort gives its output
 * back with T.takeAborted, a quiet loop's shadow check calls T.shadowed once a name and
 * T.shadowedAny is gone; 6: queryExecute takes the bound values; 7: isNull(x) runs through
 * rt.isNullOf, writeOutput(x, encodeFor) through rt.written; 8: T.enterCatch takes the names of
 * script catches, T.entries the "each" kind of a script for-in, T.caseMatches an array of values; T.makeClosure,
 * T.invokeValue; 9: built-in calls of one to three arguments through rt.call1, rt.call2, rt.call3).
 */
export const COMPILED_RUNTIME = 9;

export const functionTable: Record<string, unknown> = Registry.builtin().functionTable;

/** The two tables with a host app's functions and tags added (`quarry start` never loads the parser for it). */
export function extended(ext: Extensions): {
  functionTable: Record<string, unknown>;
  tagRuntime: Record<string, unknown>;
} {
  const r = Registry.builtin().with(ext);
  return { functionTable: r.functionTable, tagRuntime: r.tagRuntime };
}
