// CFML's list reading: a string of items separated by any of the delimiter characters (or, with
// multiCharacterDelimiter, by the whole delimiter string); empty items skipped unless asked for.
// The list functions (engine/functions/lists.ts) and the tags that take a list (dbt:loop list=,
// dbt:case value=) read lists through it.
import { toBool, toStr } from "./values.js";
import { work, type Metered } from "./work.js";

export interface ListItem {
  value: string;
  start: number;
  end: number;
}

/** An optional flag of the list functions (includeEmptyFields, multiCharacterDelimiter): false when absent. */
export const flag = (v: unknown): boolean => (v === undefined ? false : toBool(v, null));

/** The items of a list with their places in the string (a step of `m`'s work each). */
export function scan(
  list: unknown,
  delims?: unknown,
  includeEmpty?: unknown,
  multi?: unknown,
  m?: Metered,
): ListItem[] {
  const s = toStr(list, null);
  const d = delims === undefined ? "," : toStr(delims, null);
  const empty = flag(includeEmpty);
  const items: ListItem[] = [];
  const push = (start: number, end: number) => {
    if (empty || end > start) {
      work(m, 1);
      items.push({ value: s.slice(start, end), start, end });
    }
  };
  if (d === "") {
    push(0, s.length);
    return items;
  }
  let from = 0;
  if (flag(multi) && d.length > 1) {
    for (let i = s.indexOf(d); i >= 0; i = s.indexOf(d, from)) {
      push(from, i);
      from = i + d.length;
    }
  } else {
    for (let i = 0; i < s.length; i++) {
      if (d.includes(s[i]!)) {
        push(from, i);
        from = i + 1;
      }
    }
  }
  push(from, s.length);
  return items;
}

/** The item values of a list. */
export function listItems(
  list: unknown,
  delims?: unknown,
  includeEmpty?: unknown,
  multi?: unknown,
  m?: Metered,
): string[] {
  return scan(list, delims, includeEmpty, multi, m).map((i) => i.value);
}
