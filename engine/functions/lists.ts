import { category, str, num, int, arr, argError, type Callback } from "./define.js";
import { flag, listItems, scan, type ListItem } from "../list-items.js";
import { ELEMENT_BYTES, hold, work, type Metered } from "../work.js";

// CFML lists: a string of items separated by any of the delimiter characters. Empty items are
// skipped unless includeEmptyFields is true; with multiCharacterDelimiter the whole delimiter
// string separates items. Functions that change one item (listSetAt, listDeleteAt,
// listInsertAt) keep every other character of the list as it was.

const firstDelim = (delims?: unknown) => (delims === undefined ? "," : str(delims).charAt(0));
/** What Lucee joins a rebuilt list with: the whole delimiters argument (`",;"` joins with both characters). */
export const wholeDelim = (delims?: unknown) => (delims === undefined ? "," : str(delims));

/** The list without empty items, split and joined on the first delimiter character (Lucee's listRemoveEmpty). */
function dropEmpty(s: string, delims?: unknown): string {
  const d = firstDelim(delims);
  return s
    .split(d)
    .filter((x) => x !== "")
    .join(d);
}

/**
 * The first count items of a list as they stand in it, delimiters included, as Lucee's
 * listFirst(…, count) cuts them: without empty items, a leading delimiter and every
 * delimiter followed by another are dropped first; fewer items give the whole list.
 */
function firstItems(m: Metered, list: string, delims: unknown, includeEmpty: boolean, count: number): string {
  const d = delims === undefined || str(delims) === "" ? "," : str(delims);
  const chars = [...list];
  let seen = 0;
  for (let i = 0; i < chars.length; i++) {
    if (!d.includes(chars[i]!)) continue;
    if (!includeEmpty && (i === 0 || (i + 1 < chars.length && d.includes(chars[i + 1]!)))) {
      // A splice moves every character after it.
      work(m, chars.length - i);
      chars.splice(i, 1);
      i--;
      continue;
    }
    if (++seen === count) return chars.slice(0, i).join("");
  }
  return chars.join("");
}

function position(items: ListItem[], n: unknown): number {
  const i = int(n, "position");
  if (i < 1 || i > items.length) throw argError(`List position ${i} is out of range 1..${items.length}`);
  return i - 1;
}

/** The length of the delimiter at `at` in `s` (0 when there is none). */
function delimAt(s: string, at: number, delims: unknown): number {
  if (at < 0 || at >= s.length) return 0;
  const d = delims === undefined ? "," : str(delims);
  return d.includes(s[at]!) ? 1 : 0;
}

function findIn(items: string[], value: string, noCase: boolean): number {
  if (!noCase) return items.indexOf(value) + 1;
  const v = value.toLowerCase();
  return items.findIndex((s) => s.toLowerCase() === v) + 1;
}

function containsIn(items: string[], sub: string, noCase: boolean): number {
  if (sub === "") return 0;
  const v = noCase ? sub.toLowerCase() : sub;
  return items.findIndex((s) => (noCase ? s.toLowerCase() : s).includes(v)) + 1;
}

function countIn(items: string[], value: string, noCase: boolean): number {
  const v = noCase ? value.toLowerCase() : value;
  return items.filter((s) => (noCase ? s.toLowerCase() : s) === v).length;
}

const LIST = "list, [delimiters], [includeEmptyFields]";

export default category("lists", {
  listLen: [
    { params: LIST, doc: "Number of items in a list.", example: 'listLen("a,b,,c")', result: "3" },
    (c, l: unknown, d?: unknown, e?: unknown) => scan(l, d, e, undefined, c).length,
  ],
  listGetAt: [
    {
      params: "list, position, [delimiters], [includeEmptyFields]",
      doc: "The item at a 1-based position.",
      example: 'listGetAt("a,b,c", 2)',
      result: "b",
    },
    (c, l: unknown, n: unknown, d?: unknown, e?: unknown) => {
      const items = scan(l, d, e, undefined, c);
      return items[position(items, n)]!.value;
    },
  ],
  listSetAt: [
    {
      params: "list, position, value, [delimiters], [includeEmptyFields]",
      doc: "The list with the item at position replaced; the rest of the list stays as it was (with several delimiter characters, every delimiter becomes the whole delimiters string, as Lucee writes it).",
      example: 'listSetAt("http://localhost/", 2, "x", "/")',
      result: "http://x/",
    },
    (c, l: unknown, n: unknown, v: unknown, d?: unknown, e?: unknown) => {
      const s = str(l);
      const items = scan(s, d, e, undefined, c);
      const it = items[position(items, n)]!;
      if (wholeDelim(d).length <= 1) return s.slice(0, it.start) + str(v) + s.slice(it.end);
      // Lucee rebuilds the list from all its fields: with several delimiter characters, each
      // delimiter becomes the whole delimiters string (the new value is one field, as written).
      return scan(s, d, true, undefined, c)
        .map((f) => (f.start === it.start ? str(v) : f.value))
        .join(wholeDelim(d));
    },
  ],
  listInsertAt: [
    {
      params: "list, position, value, [delimiters], [includeEmptyFields]",
      doc: "The list with value inserted before the item at position.",
      example: 'listInsertAt("a,c", 2, "b")',
      result: "a,b,c",
    },
    (c, l: unknown, n: unknown, v: unknown, d?: unknown, e?: unknown) => {
      const s = str(l);
      const items = scan(s, d, e, undefined, c);
      if (items.length === 0 && int(n, "position") === 1) return str(v);
      const it = items[position(items, n)]!;
      return s.slice(0, it.start) + str(v) + firstDelim(d) + s.slice(it.start);
    },
  ],
  listDeleteAt: [
    {
      params: "list, position, [delimiters], [includeEmptyFields]",
      doc: "The list without the item at position (and one delimiter next to it).",
      example: 'listDeleteAt(",,a,b,c", 2)',
      result: ",,a,c",
    },
    (c, l: unknown, n: unknown, d?: unknown, e?: unknown) => {
      const s = str(l);
      const items = scan(s, d, e, undefined, c);
      const it = items[position(items, n)]!;
      const after = delimAt(s, it.end, d);
      if (after) return s.slice(0, it.start) + s.slice(it.end + after);
      const before = delimAt(s, it.start - 1, d);
      return s.slice(0, it.start - before) + s.slice(it.end);
    },
  ],
  listFirst: [
    {
      params: `${LIST}, [count]`,
      doc: "The first item; with count, the first count items as they stand in the list (empty items dropped unless includeEmptyFields; the whole list when it has fewer).",
      example: 'listFirst("a,b,c") & " " & listFirst("a,b,,c", ",", false, 3)',
      result: "a a,b,c",
    },
    (c, l: unknown, d?: unknown, e?: unknown, n?: unknown) => {
      if (n === undefined) return scan(l, d, e, undefined, c)[0]?.value ?? "";
      const count = int(n, "count");
      if (count < 1) throw argError("listFirst: count must be 1 or more");
      return firstItems(c, str(l), d, flag(e), count);
    },
  ],
  listLast: [
    {
      params: `${LIST}, [count]`,
      doc: "The last item; with count, the last count items as they stand in the list (as listFirst's count).",
      example: 'listLast("a/b/c", "/") & " " & listLast("a,b,c,d", ",", false, 2)',
      result: "c c,d",
    },
    (c, l: unknown, d?: unknown, e?: unknown, n?: unknown) => {
      if (n === undefined) return scan(l, d, e, undefined, c).at(-1)?.value ?? "";
      const count = int(n, "count");
      if (count < 1) return "";
      return [...firstItems(c, [...str(l)].reverse().join(""), d, flag(e), count)].reverse().join("");
    },
  ],
  listRest: [
    {
      params: "list, [delimiters], [includeEmptyFields], [offset]",
      doc: "Everything after the first item (after the first offset items).",
      example: 'listRest("a,b,c")',
      result: "b,c",
    },
    (c, l: unknown, d?: unknown, e?: unknown, o?: unknown) => {
      const s = str(l);
      const items = scan(s, d, e, undefined, c);
      const skip = o === undefined ? 1 : int(o, "offset");
      if (skip <= 0) return s;
      if (items.length <= skip) return "";
      if (flag(e)) {
        const it = items[skip - 1]!;
        return s.slice(it.end + delimAt(s, it.end, d));
      }
      return s.slice(items[skip]!.start);
    },
  ],
  listAppend: [
    {
      params: "list, value, [delimiters], [includeEmptyFields]",
      doc: "The list with a value added at the end (after the first delimiter character; an empty delimiter leaves the list as it is). With includeEmptyFields false, empty items of the list and of the value are dropped first.",
      example: 'listAppend("a,b", "c") & " " & listAppend("a,,b", ",c,", ",", false)',
      result: "a,b,c a,b,c",
    },
    (c, l: unknown, v: unknown, d?: unknown, e?: unknown) => {
      const s = str(l);
      if (d !== undefined && str(d) === "") return s;
      const [list, value] = e === undefined || flag(e) ? [s, str(v)] : [dropEmpty(s, d), dropEmpty(str(v), d)];
      return s === "" ? value : list + firstDelim(d) + value;
    },
  ],
  listPrepend: [
    {
      params: "list, value, [delimiters], [includeEmptyFields]",
      doc: "The list with a value added at the start (an empty delimiter gives the value); includeEmptyFields as in listAppend.",
      example: 'listPrepend("b,c", "a")',
      result: "a,b,c",
    },
    (c, l: unknown, v: unknown, d?: unknown, e?: unknown) => {
      const s = str(l);
      if (d !== undefined && str(d) === "") return str(v);
      const [list, value] = e === undefined || flag(e) ? [s, str(v)] : [dropEmpty(s, d), dropEmpty(str(v), d)];
      return s === "" ? value : value + firstDelim(d) + list;
    },
  ],
  listFind: [
    {
      params: "list, value, [delimiters], [includeEmptyFields]",
      doc: "1-based position of the item equal to value (case-sensitive), 0 if absent.",
      example: 'listFind("a,b,c", "c")',
      result: "3",
    },
    (c, l: unknown, v: unknown, d?: unknown, e?: unknown) => findIn(listItems(l, d, e, undefined, c), str(v), false),
  ],
  listFindNoCase: [
    {
      params: "list, value, [delimiters], [includeEmptyFields]",
      doc: "Like listFind, ignoring case.",
      example: 'listFindNoCase("a,b,c", "B")',
      result: "2",
    },
    (c, l: unknown, v: unknown, d?: unknown, e?: unknown) => findIn(listItems(l, d, e, undefined, c), str(v), true),
  ],
  listContains: [
    {
      params: "list, substring, [delimiters], [includeEmptyFields], [multiCharacterDelimiter]",
      doc: "1-based position of the first item containing substring (case-sensitive), 0 if none or if substring is empty.",
      example: 'listContains("apple,banana", "nan")',
      result: "2",
    },
    (c, l: unknown, v: unknown, d?: unknown, e?: unknown, m?: unknown) =>
      containsIn(listItems(l, d, e, m, c), str(v), false),
  ],
  listContainsNoCase: [
    {
      params: "list, substring, [delimiters], [includeEmptyFields], [multiCharacterDelimiter]",
      doc: "Like listContains, ignoring case.",
      example: 'listContainsNoCase("apple,BANANA", "nan")',
      result: "2",
    },
    (c, l: unknown, v: unknown, d?: unknown, e?: unknown, m?: unknown) =>
      containsIn(listItems(l, d, e, m, c), str(v), true),
  ],
  listValueCount: [
    {
      params: "list, value, [delimiters], [includeEmptyFields]",
      doc: "How many items equal value (case-sensitive).",
      example: 'listValueCount("a,b,a,A", "a")',
      result: "2",
    },
    (c, l: unknown, v: unknown, d?: unknown, e?: unknown) => countIn(listItems(l, d, e, undefined, c), str(v), false),
  ],
  listValueCountNoCase: [
    {
      params: "list, value, [delimiters], [includeEmptyFields]",
      doc: "How many items equal value, ignoring case.",
      example: 'listValueCountNoCase("a,b,a,A", "a")',
      result: "3",
    },
    (c, l: unknown, v: unknown, d?: unknown, e?: unknown) => countIn(listItems(l, d, e, undefined, c), str(v), true),
  ],
  listIndexExists: [
    {
      params: "list, position, [delimiters], [includeEmptyFields]",
      doc: "true when the list has an item at position.",
      example: 'listIndexExists("a,b", 3)',
      result: "false",
    },
    (c, l: unknown, n: unknown, d?: unknown, e?: unknown) => {
      const i = int(n, "position");
      return i >= 1 && i <= scan(l, d, e, undefined, c).length;
    },
  ],
  listSort: [
    {
      params: "list, [sortType], [order], [delimiters], [includeEmptyFields]",
      doc: 'Sorts a list: sortType "text" (default), "textnocase" or "numeric"; order "asc" or "desc". Joined with the delimiters string (Lucee: "c;b,a" sorted with ",;" is "a,;b,;c").',
      example: 'listSort("c,a,b")',
      result: "a,b,c",
    },
    (c, l: unknown, t?: unknown, o?: unknown, d?: unknown, e?: unknown) =>
      sortValues(listItems(l, d, e, undefined, c), t, o, undefined, c).join(wholeDelim(d)),
  ],
  listToArray: [
    {
      params: "list, [delimiters], [includeEmptyFields], [multiCharacterDelimiter]",
      doc: "The items of a list as an array.",
      example: 'listToArray("a,,b", ",", true)',
      result: '["a","","b"]',
    },
    (c, l: unknown, d?: unknown, e?: unknown, m?: unknown) => {
      const items = listItems(l, d, e, m, c);
      // An array the page may keep: its elements, and its items' characters (new strings).
      hold(c, items.length * ELEMENT_BYTES + str(l).length);
      return items;
    },
  ],
  arrayToList: [
    {
      params: "array, [delimiter]",
      doc: "Joins an array into a list.",
      example: 'arrayToList([1, 2, 3], ";")',
      result: "1;2;3",
    },
    (_c, a: unknown, d?: unknown) =>
      arr(a, "arrayToList")
        .map(str)
        .join(d === undefined ? "," : str(d)),
  ],
  listCompact: [
    {
      params: "list, [delimiters], [multiCharacterDelimiter]",
      doc: "The list without delimiters at its start and end.",
      example: 'listCompact(",a,b,,")',
      result: "a,b",
    },
    (c, l: unknown, d?: unknown, m?: unknown) => {
      const s = str(l);
      const delims = d === undefined ? "," : str(d);
      if (delims === "") return s;
      if (flag(m)) {
        let t = s;
        while (t.startsWith(delims)) t = t.slice(delims.length);
        while (t.endsWith(delims) && t.length > 0) t = t.slice(0, -delims.length);
        return t;
      }
      let a = 0;
      let b = s.length;
      while (a < b && delims.includes(s[a]!)) a++;
      while (b > a && delims.includes(s[b - 1]!)) b--;
      return s.slice(a, b);
    },
  ],
  listQualify: [
    {
      params: "list, qualifier, [delimiters], [elements], [includeEmptyFields]",
      doc: 'Puts qualifier around every item (elements "all", the default) or only the non-numeric ones ("char"), joined with the delimiters string.',
      example: 'listQualify("a,1,b", "\'", ",", "char")',
      result: "'a',1,'b'",
    },
    (c, l: unknown, q: unknown, d?: unknown, el?: unknown, e?: unknown) => {
      const qual = str(q);
      const which = el === undefined ? "all" : str(el).toLowerCase();
      if (which !== "all" && which !== "char")
        throw argError(`elements must be "all" or "char", got ${JSON.stringify(which)}`);
      return listItems(l, d, e, undefined, c)
        .map((s) => (which === "char" && /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/.test(s) ? s : qual + s + qual))
        .join(wholeDelim(d));
    },
  ],
  listChangeDelims: [
    {
      params: "list, newDelimiter, [delimiters], [includeEmptyFields], [multiCharacterDelimiter]",
      doc: "The items joined with a new delimiter.",
      example: 'listChangeDelims("a,b,,c", ";")',
      result: "a;b;c",
    },
    (c, l: unknown, nd: unknown, d?: unknown, e?: unknown, m?: unknown) => listItems(l, d, e, m, c).join(str(nd)),
  ],
  listRemoveDuplicates: [
    {
      params: "list, [delimiters], [ignoreCase]",
      doc: "The list with each item once, in first-seen order, joined with the delimiters string.",
      example: 'listRemoveDuplicates("b,a,b,,A")',
      result: "b,a,A",
    },
    (c, l: unknown, d?: unknown, ic?: unknown) => {
      const seen = new Set<string>();
      const out: string[] = [];
      const noCase = flag(ic);
      for (const s of listItems(l, d, undefined, undefined, c)) {
        const k = noCase ? s.toLowerCase() : s;
        if (!seen.has(k)) {
          seen.add(k);
          out.push(s);
        }
      }
      return out.join(wholeDelim(d));
    },
  ],
  listItemTrim: [
    {
      params: LIST,
      doc: "The list with white space trimmed from every item, joined with the delimiters string.",
      example: 'listItemTrim(" a , b ")',
      result: "a,b",
    },
    (c, l: unknown, d?: unknown, e?: unknown) =>
      listItems(l, d, e, undefined, c)
        .map((s) => s.trim())
        .join(wholeDelim(d)),
  ],
});

/** Sorts of more items than this count each comparison; smaller ones (a few ms at most) count their items once. */
const COUNTED_SORT = 4096;

/**
 * A comparator for sorting `n` items that counts its comparisons as steps of `m`'s work (a
 * sort that must stop throws out of it); for a small sort, `cmp` itself, its items counted
 * once (a page's sort of a dozen rows pays no call per comparison).
 */
export function counted<T>(m: Metered | undefined, n: number, cmp: (a: T, b: T) => number): (a: T, b: T) => number {
  if (n <= COUNTED_SORT) {
    work(m, n);
    return cmp;
  }
  return (a, b) => (work(m, 1), cmp(a, b));
}

/**
 * Sorting by a page's function (`arraySort(a, function(x, y) {…})`, querySort), awaiting each
 * comparison, since the function may run a query. The function answers a number, negative when
 * its first argument goes first (Lucee casts it to an integer; true counts as 1). Its calls
 * count on the page's clock as any call does. Fewer than 32 items are sorted as Java's TimSort
 * (Lucee's) sorts them, the same calls with the same arguments in the same order (a function
 * that counts its calls or is not consistent gives what it gives in Lucee); more by a stable
 * merge sort (the same order for a consistent function).
 */
export async function sortWith<T>(items: T[], cb: Callback, arg: (v: T) => unknown = (v) => v): Promise<T[]> {
  const cmp = async (x: T, y: T) => Math.trunc(num(await cb(arg(x), arg(y))));
  if (items.length < 32) return javaSmallSort(items.slice(), cmp);
  let xs = items.slice();
  for (let width = 1; width < xs.length; width *= 2) {
    const out: T[] = [];
    for (let lo = 0; lo < xs.length; lo += 2 * width) {
      const mid = Math.min(lo + width, xs.length);
      const hi = Math.min(lo + 2 * width, xs.length);
      let [i, j] = [lo, mid];
      while (i < mid && j < hi) out.push((await cmp(xs[i]!, xs[j]!)) > 0 ? xs[j++]! : xs[i++]!);
      while (i < mid) out.push(xs[i++]!);
      while (j < hi) out.push(xs[j++]!);
    }
    xs = out;
  }
  return xs;
}

/**
 * java.util.TimSort on fewer than 32 items: the run at the start (a strictly descending one
 * reversed), then a binary insertion of each item after it.
 */
async function javaSmallSort<T>(a: T[], cmp: (x: T, y: T) => Promise<number>): Promise<T[]> {
  const n = a.length;
  if (n < 2) return a;
  let run = 1;
  if ((await cmp(a[run++]!, a[0]!)) < 0) {
    while (run < n && (await cmp(a[run]!, a[run - 1]!)) < 0) run++;
    a.splice(0, run, ...a.slice(0, run).reverse());
  } else while (run < n && (await cmp(a[run]!, a[run - 1]!)) >= 0) run++;
  for (let start = run; start < n; start++) {
    const pivot = a[start]!;
    let [left, right] = [0, start];
    while (left < right) {
      const mid = (left + right) >>> 1;
      if ((await cmp(pivot, a[mid]!)) < 0) right = mid;
      else left = mid + 1;
    }
    a.splice(start, 1);
    a.splice(left, 0, pivot);
  }
  return a;
}

/** Sorting shared by listSort, arraySort and querySort; "desc" is the ascending order reversed, as in CFML. */
export function sortValues<T>(
  items: T[],
  type?: unknown,
  order?: unknown,
  key: (v: T) => unknown = (v) => v,
  m?: Metered,
): T[] {
  const t = type === undefined ? "text" : str(type).toLowerCase();
  const o = order === undefined ? "asc" : str(order).toLowerCase();
  if (!["text", "textnocase", "numeric"].includes(t))
    throw argError(`sortType must be text, textnocase or numeric, got ${JSON.stringify(t)}`);
  if (o !== "asc" && o !== "desc") throw argError(`order must be asc or desc, got ${JSON.stringify(o)}`);
  const prep = (v: unknown): string | number => {
    if (t === "numeric") {
      const n = Number(str(v));
      if (str(v).trim() === "" || Number.isNaN(n)) throw argError(`Cannot sort ${JSON.stringify(str(v))} numerically`);
      return n;
    }
    return t === "textnocase" ? str(v).toLowerCase() : str(v);
  };
  // Each item's key is a step too (a large sort spends as long on them as on comparing).
  const big = items.length > COUNTED_SORT;
  const keyed = items.map((v, i) => (big && work(m, 1), { v, k: prep(key(v)), i }));
  keyed.sort(counted(m, items.length, (a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i)));
  const sorted = keyed.map((e) => e.v);
  return o === "desc" ? sorted.reverse() : sorted;
}
