import { category, str, int, arr, argError } from "./define.js";

// CFML lists: a string of items separated by any of the delimiter characters; empty items
// are skipped.
export function listItems(list: unknown, delims?: unknown): string[] {
  const d = delims === undefined ? "," : str(delims);
  const s = str(list);
  if (d === "") return s === "" ? [] : [s];
  const out: string[] = [];
  let cur = "";
  for (const ch of s) {
    if (d.includes(ch)) {
      if (cur !== "") out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur !== "") out.push(cur);
  return out;
}

const firstDelim = (delims?: unknown) => (delims === undefined ? "," : str(delims).charAt(0));

function position(items: string[], n: unknown): number {
  const i = int(n, "position");
  if (i < 1 || i > items.length) throw argError(`List position ${i} is out of range 1..${items.length}`);
  return i - 1;
}

export default category("lists", {
  listLen: [{ params: "list, [delimiters]", doc: "Number of items in a list.", example: 'listLen("a,b,,c")', result: "3" }, (_c, l: unknown, d?: unknown) => listItems(l, d).length],
  listGetAt: [{ params: "list, position, [delimiters]", doc: "The item at a 1-based position.", example: 'listGetAt("a,b,c", 2)', result: "b" },
    (_c, l: unknown, n: unknown, d?: unknown) => { const items = listItems(l, d); return items[position(items, n)]; }],
  listSetAt: [{ params: "list, position, value, [delimiters]", doc: "The list with the item at position replaced.", example: 'listSetAt("a,b,c", 2, "x")', result: "a,x,c" },
    (_c, l: unknown, n: unknown, v: unknown, d?: unknown) => { const items = listItems(l, d); items[position(items, n)] = str(v); return items.join(firstDelim(d)); }],
  listFirst: [{ params: "list, [delimiters]", doc: "The first item.", example: 'listFirst("a,b,c")', result: "a" }, (_c, l: unknown, d?: unknown) => listItems(l, d)[0] ?? ""],
  listLast: [{ params: "list, [delimiters]", doc: "The last item.", example: 'listLast("a/b/c", "/")', result: "c" }, (_c, l: unknown, d?: unknown) => listItems(l, d).at(-1) ?? ""],
  listRest: [{ params: "list, [delimiters]", doc: "Everything after the first item.", example: 'listRest("a,b,c")', result: "b,c" }, (_c, l: unknown, d?: unknown) => listItems(l, d).slice(1).join(firstDelim(d))],
  listAppend: [{ params: "list, value, [delimiters]", doc: "The list with a value added at the end.", example: 'listAppend("a,b", "c")', result: "a,b,c" },
    (_c, l: unknown, v: unknown, d?: unknown) => { const s = str(l); return s === "" ? str(v) : s + firstDelim(d) + str(v); }],
  listPrepend: [{ params: "list, value, [delimiters]", doc: "The list with a value added at the start.", example: 'listPrepend("b,c", "a")', result: "a,b,c" },
    (_c, l: unknown, v: unknown, d?: unknown) => { const s = str(l); return s === "" ? str(v) : str(v) + firstDelim(d) + s; }],
  listFind: [{ params: "list, value, [delimiters]", doc: "1-based position of the item equal to value (case-sensitive), 0 if absent.", example: 'listFind("a,b,c", "c")', result: "3" },
    (_c, l: unknown, v: unknown, d?: unknown) => listItems(l, d).indexOf(str(v)) + 1],
  listFindNoCase: [{ params: "list, value, [delimiters]", doc: "Like listFind, ignoring case.", example: 'listFindNoCase("a,b,c", "B")', result: "2" },
    (_c, l: unknown, v: unknown, d?: unknown) => listItems(l, d).map((s) => s.toLowerCase()).indexOf(str(v).toLowerCase()) + 1],
  listContains: [{ params: "list, substring, [delimiters]", doc: "1-based position of the first item containing substring, 0 if none.", example: 'listContains("apple,banana", "nan")', result: "2" },
    (_c, l: unknown, v: unknown, d?: unknown) => listItems(l, d).findIndex((s) => s.includes(str(v))) + 1],
  listDeleteAt: [{ params: "list, position, [delimiters]", doc: "The list without the item at position.", example: 'listDeleteAt("a,b,c", 2)', result: "a,c" },
    (_c, l: unknown, n: unknown, d?: unknown) => { const items = listItems(l, d); items.splice(position(items, n), 1); return items.join(firstDelim(d)); }],
  listSort: [{ params: "list, [sortType], [order], [delimiters]", doc: 'Sorts a list: sortType "text" (default), "textnocase" or "numeric"; order "asc" or "desc".', example: 'listSort("c,a,b")', result: "a,b,c" },
    (c, l: unknown, t?: unknown, o?: unknown, d?: unknown) => sortValues(listItems(l, d), t, o).join(firstDelim(d))],
  listToArray: [{ params: "list, [delimiters]", doc: "The items of a list as an array.", example: 'listToArray("a,b")', result: '["a","b"]' }, (_c, l: unknown, d?: unknown) => listItems(l, d)],
  arrayToList: [{ params: "array, [delimiter]", doc: "Joins an array into a list.", example: 'arrayToList([1, 2, 3], ";")', result: "1;2;3" },
    (_c, a: unknown, d?: unknown) => arr(a, "arrayToList").map(str).join(d === undefined ? "," : str(d))],
});

/** Sorting shared by listSort, arraySort and querySort. */
export function sortValues<T>(items: T[], type?: unknown, order?: unknown, key: (v: T) => unknown = (v) => v): T[] {
  const t = type === undefined ? "text" : str(type).toLowerCase();
  const o = order === undefined ? "asc" : str(order).toLowerCase();
  if (!["text", "textnocase", "numeric"].includes(t)) throw argError(`sortType must be text, textnocase or numeric, got ${JSON.stringify(t)}`);
  if (o !== "asc" && o !== "desc") throw argError(`order must be asc or desc, got ${JSON.stringify(o)}`);
  const dir = o === "asc" ? 1 : -1;
  const prep = (v: unknown): string | number => {
    if (t === "numeric") {
      const n = Number(str(v));
      if (str(v).trim() === "" || Number.isNaN(n)) throw argError(`Cannot sort ${JSON.stringify(str(v))} numerically`);
      return n;
    }
    return t === "textnocase" ? str(v).toLowerCase() : str(v);
  };
  const keyed = items.map((v, i) => ({ v, k: prep(key(v)), i }));
  keyed.sort((a, b) => (a.k < b.k ? -dir : a.k > b.k ? dir : a.i - b.i));
  return keyed.map((e) => e.v);
}
