// The built-in function library, looked up case-insensitively by name.
import type { BuiltinDef } from "./define.js";
import strings from "./strings.js";
import text from "./text.js";
import lists from "./lists.js";
import arrays, { more as moreArrays } from "./arrays.js";
import structs from "./structs.js";
import numbers from "./numbers.js";
import dates from "./dates.js";
import encoding from "./encoding.js";
import crypto from "./crypto.js";
import xml from "./xml.js";
import javacast from "./javacast.js";
import queries from "./queries.js";
import misc from "./misc.js";
import session from "./session.js";
import compat from "./compat.js";
import callbacks from "./callbacks.js";
import cache from "./cache.js";
import paths from "./paths.js";

export type { BuiltinDef } from "./define.js";

export const builtins: BuiltinDef[] = [
  ...strings,
  ...text,
  ...lists,
  ...arrays,
  ...moreArrays,
  ...structs,
  ...numbers,
  ...dates,
  ...encoding,
  ...crypto,
  ...xml,
  ...javacast,
  ...queries,
  ...misc,
  ...session,
  ...compat,
  ...callbacks,
  ...cache,
  ...paths,
];

const byName = new Map(builtins.map((b) => [b.name.toLowerCase(), b]));

/** writeOutput() appends to the output being built, so both modes run it themselves, not through its fn. */
export const isWriteOutput = (name: string): boolean => name.toLowerCase() === "writeoutput";

export function findBuiltin(name: string): BuiltinDef | undefined {
  return byName.get(name.toLowerCase());
}
