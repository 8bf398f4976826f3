// The built-in function library, looked up case-insensitively by name.
import type { BuiltinDef } from "./define.js";
import strings from "./strings.js";
import text from "./text.js";
import lists from "./lists.js";
import arrays, { more as moreArrays } from "./arrays.js";
import structs from "./structs.js";
import numbers from "./numbers.js";
import dates from "./dates.js";
import dateSetters from "./date-setters.js";
import encoding from "./encoding.js";
import crypto from "./crypto.js";
import passwords from "./passwords.js";
import xml from "./xml.js";
import javacast from "./javacast.js";
import queries from "./queries.js";
import queryRows from "./query-rows.js";
import misc from "./misc.js";
import session from "./session.js";
import uploads from "./uploads.js";
import compat from "./compat.js";
import callbacks from "./callbacks.js";
import cache from "./cache.js";
import paths from "./paths.js";
import extras from "./extras.js";

export type { BuiltinDef } from "./define.js";
export { callAwaits } from "./define.js";

export const builtins: BuiltinDef[] = [
  ...strings,
  ...text,
  ...lists,
  ...arrays,
  ...moreArrays,
  ...structs,
  ...numbers,
  ...dates,
  ...dateSetters,
  ...encoding,
  ...crypto,
  ...passwords,
  ...xml,
  ...javacast,
  ...queries,
  ...queryRows,
  ...misc,
  ...session,
  ...uploads,
  ...compat,
  ...callbacks,
  ...cache,
  ...paths,
  ...extras,
];

const byName = new Map(builtins.map((b) => [b.name.toLowerCase(), b]));

/** writeOutput() appends to the output being built, so both modes run it themselves, not through its fn. */
export const isWriteOutput = (name: string): boolean => {
  const n = name.toLowerCase();
  return n === "writeoutput" || n === "echo";
};

/**
 * Does the expression call writeOutput() (or a function defined with dbt:function, which may write) anywhere?
 * Both modes cut their runs of text and values where one does (Compiler.nodes, Interpreter).
 */
export function writesOutput(e: unknown): boolean {
  if (e === null || typeof e !== "object") return false;
  if (Array.isArray(e)) return e.some(writesOutput);
  const node = e as { type?: unknown; name?: unknown; async?: unknown };
  // An expression that awaits calls a function defined with dbt:function, whose output is written as it runs.
  if (node.async || (node.type === "call" && typeof node.name === "string" && isWriteOutput(node.name))) return true;
  return Object.entries(e).some(([k, v]) => k !== "loc" && writesOutput(v));
}

export function findBuiltin(name: string): BuiltinDef | undefined {
  return byName.get(name.toLowerCase());
}
