// What precompiled template modules import (see compileModule): everything a compiled
// template calls at run time, and nothing of the parser or the compiler.
export * as rt from "./runtime.js";
export { tagRuntime } from "../tags/registry.js";
import { Registry, type Extensions } from "./extensions.js";

export const functionTable: Record<string, unknown> = Registry.builtin().functionTable;

/** The two tables with a host app's functions and tags added (`quarry start` never loads the parser for it). */
export function extended(ext: Extensions): {
  functionTable: Record<string, unknown>;
  tagRuntime: Record<string, unknown>;
} {
  const r = Registry.builtin().with(ext);
  return { functionTable: r.functionTable, tagRuntime: r.tagRuntime };
}
