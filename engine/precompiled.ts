// What precompiled template modules import (see compileModule): everything a compiled
// template calls at run time, and nothing of the parser or the compiler.
export * as rt from "./runtime.js";
export { tagRuntime } from "../tags/registry.js";
import { builtins } from "./functions/index.js";

export const functionTable: Record<string, unknown> = Object.fromEntries(builtins.map((b) => [b.name, b.fn]));
