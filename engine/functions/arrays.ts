import { category, num, int, str, arr, argError, type Callback } from "./define.js";
import { counted, sortValues, sortWith } from "./lists.js";
import {
  ELEMENT_TYPES,
  asElement,
  asNumber,
  isStruct,
  newArray,
  newStruct,
  newTypedArray,
  toBool,
  typeName,
  type ElementType,
} from "../values.js";
import { jsonEncode } from "./encoding.js";
import { RuntimeError, codes } from "../errors.js";
import type { RenderContext } from "../context.js";
import { childViewClear, childViewInsert, childViewRemove } from "../xml.js";
import { ELEMENT_BYTES, WORK_STRIDE, hold, weigh, work, type Metered } from "../work.js";

function pos(a: unknown[], n: unknown, extra = 0): number {
  const i = int(n, "position");
  if (i < 1 || i > a.length + extra) throw argError(`Array position ${i} is out of range 1..${a.length + extra}`);
  return i - 1;
}

const nums = (a: unknown, fn: string) => arr(a, fn).map(num);

/**
 * arrayContains(NoCase): the 1-based position of the first element equal to the value, or with
 * substringMatch of a simple element holding its text; 0 if none (Lucee 6 returns the position,
 * which is true in a condition).
 */
function contains(c: RenderContext, x: unknown[], v: unknown, sub: unknown, noCase: boolean): number {
  if (sub === undefined || !toBool(sub, null)) return x.findIndex((e) => same(e, v, noCase, c)) + 1;
  const fold = (t: string) => (noCase ? t.toLowerCase() : t);
  const text = fold(str(v));
  return x.findIndex((e) => isSimpleValue(e) && fold(str(e)).includes(text)) + 1;
}

/**
 * arrayAppend and arrayPrepend: the value (with merge true, an array value's elements, in their
 * order) put at the end or the start; an xmlChildren array adds them to its document too.
 */
function putElements(c: Metered, x: unknown[], v: unknown, merge: unknown, atStart: boolean): true {
  const items = merge !== undefined && toBool(merge, null) && Array.isArray(v) ? (v as unknown[]) : [v];
  hold(c, items.length * ELEMENT_BYTES + weigh(v));
  items.forEach((e, i) => {
    const at = atStart ? i : x.length;
    x.splice(at, 0, childViewInsert(x, at, asElement(x, e, null), null));
  });
  return true;
}

export default category("arrays", {
  arrayNew: [
    {
      params: "[dimensions], [type]",
      doc: `A new empty array (same as []); with dimensions 2 or 3, a[i][j] = x makes a[i] an array (as CFML does), and isArray(a, 2) is true. With a type (${ELEMENT_TYPES.join(", ")}), a one-dimensional array converts what is put in it to the type (1 in a string array is "1"), or refuses it (QRY_ERR_TYPE), as Lucee's typed arrays do.`,
      example: 'serializeJSON(arrayNew(1, "string").append(1).append(true))',
      result: '["1","true"]',
    },
    (c, d?: unknown, t?: unknown) => {
      if (t !== undefined && str(t) !== "") {
        const type = str(t).toLowerCase();
        if (!(ELEMENT_TYPES as readonly string[]).includes(type))
          throw argError(`arrayNew: type must be one of ${ELEMENT_TYPES.join(", ")}, got ${JSON.stringify(str(t))}`);
        if (d !== undefined && int(d, "dimensions") !== 1) throw argError("arrayNew: a typed array has one dimension");
        return newTypedArray(type as ElementType, c.page.timezone);
      }
      if (d !== undefined) {
        const n = int(d, "dimensions");
        if (n < 1 || n > 3) throw argError("dimensions must be 1, 2 or 3");
        return newArray(n);
      }
      return [];
    },
  ],
  arrayLen: [
    { params: "array", doc: "Number of elements.", example: "arrayLen([1, 2, 3])", result: "3" },
    (_c, a: unknown) => arr(a, "arrayLen").length,
  ],
  arrayIsEmpty: [
    { params: "array", doc: "true when the array has no elements.", example: "arrayIsEmpty([])", result: "true" },
    (_c, a: unknown) => arr(a, "arrayIsEmpty").length === 0,
  ],
  arrayAppend: [
    {
      params: "array, value, [merge]",
      doc: "Adds a value at the end (changes the array) and returns true, as in Lucee (the member form, a.append(v), returns the array); with merge true, an array value adds its elements one by one.",
      example: "arrayAppend([1], 2) & ' ' & serializeJSON([1].append([2, 3], true))",
      result: "true [1,2,3]",
    },
    (c, a: unknown, v: unknown, merge?: unknown) => putElements(c, arr(a, "arrayAppend"), v, merge, false),
  ],
  arrayPrepend: [
    {
      params: "array, value, [merge]",
      doc: "Adds a value at the start (changes the array) and returns true, as in Lucee (the member form returns the array); with merge true, an array value adds its elements, in their order.",
      example: "arrayPrepend([3], 2) & ' ' & serializeJSON([3].prepend([1, 2], true))",
      result: "true [1,2,3]",
    },
    (c, a: unknown, v: unknown, merge?: unknown) => putElements(c, arr(a, "arrayPrepend"), v, merge, true),
  ],
  arrayInsertAt: [
    {
      params: "array, position, value",
      doc: "Inserts a value at a 1-based position and returns true, as in Lucee (the member form returns the array).",
      example: 'arrayInsertAt(["a"], 1, "b") & " " & serializeJSON(["a", "c"].insertAt(2, "b"))',
      result: 'true ["a","b","c"]',
    },
    (c, a: unknown, n: unknown, v: unknown) => {
      const x = arr(a, "arrayInsertAt");
      const at = pos(x, n, 1);
      hold(c, ELEMENT_BYTES + weigh(v));
      x.splice(at, 0, childViewInsert(x, at, asElement(x, v, null), null));
      return true;
    },
  ],
  arrayDeleteAt: [
    {
      params: "array, position",
      doc: "Removes the element at a 1-based position and returns true, as in Lucee (the member form returns the array).",
      example: 'arrayDeleteAt(["a"], 1) & " " & serializeJSON(["a", "b"].deleteAt(1))',
      result: 'true ["b"]',
    },
    (_c, a: unknown, n: unknown) => {
      const x = arr(a, "arrayDeleteAt");
      const at = pos(x, n);
      childViewRemove(x, at);
      x.splice(at, 1);
      return true;
    },
  ],
  arrayContains: [
    {
      params: "array, value, [substringMatch]",
      doc: "The 1-based position of the first element equal to the value (strings case-sensitive, numbers by value), 0 if none — true or false in a condition; Lucee 6 returns the position where Adobe ColdFusion returns a boolean. With substringMatch true, of the first simple element that contains the value's text.",
      example: 'arrayContains(["a", "b"], "B") & " " & arrayContains(["x", "apple"], "pp", true)',
      result: "0 2",
    },
    (c, a: unknown, v: unknown, sub?: unknown) => contains(c, arr(a, "arrayContains"), v, sub, false),
  ],
  arrayFind: [
    {
      params: "array, value",
      doc: "1-based position of the first element equal to the value (strings case-sensitive), 0 if none.",
      example: 'arrayFind(["a", "B", "b"], "b")',
      result: "3",
    },
    (c, a: unknown, v: unknown) => arr(a, "arrayFind").findIndex((e) => same(e, v, false, c)) + 1,
  ],
  arraySort: [
    {
      params: "array, [sortType], [order], [localeSensitive]",
      awaitsArg: 1,
      doc: 'Sorts in place ("text", "textnocase" or "numeric"; "asc" or "desc") and returns true, as in Lucee (the member form returns the array; localeSensitive is taken and left: text is sorted by character code, as Lucee does by default). Or by a function of two elements that answers a negative number when the first goes first, a positive one when it goes after, 0 when they are equal (the order of equal elements is kept).',
      example: 'arraySort([2, 1]) & " " & serializeJSON([3, 10, 2].sort("numeric", "desc"))',
      result: "true [10,3,2]",
    },
    (c, a: unknown, t?: unknown, o?: unknown) => {
      const x = arr(a, "arraySort");
      const put = (sorted: unknown[]) => {
        sorted.forEach((v, i) => {
          x[i] = v;
        });
        return true;
      };
      // A promise only for a function (awaitsArg): a sort by type stays synchronous.
      return typeof t === "function" ? sortWith(x, t as Callback).then(put) : put(sortValues(x, t, o, undefined, c));
    },
  ],
  arrayReverse: [
    { params: "array", doc: "A reversed copy.", example: "arrayReverse([1, 2, 3])", result: "[3,2,1]" },
    (_c, a: unknown) => [...arr(a, "arrayReverse")].reverse(),
  ],
  arraySlice: [
    {
      params: "array, offset, [length]",
      doc: "length elements from the 1-based offset (to the end without length, or with 0); a negative length leaves that many off the end. An offset of 0 or less counts back from the end as Lucee 6.2 does: 0 is the last element, -1 the one before it (Adobe ColdFusion's -1 is the last).",
      example: 'arraySlice([1, 2, 3, 4], 2, 2).toList() & " " & arraySlice([1, 2, 3, 4], -1).toList()',
      result: "2,3 3,4",
    },
    (_c, a: unknown, s: unknown, c?: unknown) => {
      // Lucee's ArraySlice, step by step (core/.../functions/arrays/ArraySlice.java).
      const x = arr(a, "arraySlice");
      const n = x.length;
      if (n === 0) throw argError("arraySlice: the array is empty");
      let off = int(s, "offset");
      const len = c === undefined ? 0 : int(c, "length");
      while (off <= 0) off += n;
      if (off > n) throw argError(`arraySlice: offset ${off} is past the array's ${n} elements`);
      let to = len > 0 ? off + len - 1 : len < 0 ? n + len : n;
      if (to > n) throw argError(`arraySlice: offset ${off} and length ${len} reach past the array's ${n} elements`);
      // Lucee: a negative length that leaves nothing means to the end.
      if (to < 1) to = n;
      return to < off ? [] : x.slice(off - 1, to);
    },
  ],
  arraySum: [
    { params: "array", doc: "Sum of the elements.", example: "arraySum([1, 2, 3.5])", result: "6.5" },
    (_c, a: unknown) => nums(a, "arraySum").reduce((s, n) => s + n, 0),
  ],
  arrayAvg: [
    {
      params: "array",
      doc: "Average of the elements (0 for an empty array).",
      example: "arrayAvg([1, 2, 3])",
      result: "2",
    },
    (_c, a: unknown) => {
      const x = nums(a, "arrayAvg");
      return x.length === 0 ? 0 : x.reduce((s, n) => s + n, 0) / x.length;
    },
  ],
  arrayMin: [
    { params: "array", doc: "Smallest element (0 for an empty array).", example: "arrayMin([3, 1, 2])", result: "1" },
    (_c, a: unknown) => {
      const x = nums(a, "arrayMin");
      return x.length === 0 ? 0 : Math.min(...x);
    },
  ],
  arrayMax: [
    { params: "array", doc: "Largest element (0 for an empty array).", example: "arrayMax([3, 1, 2])", result: "3" },
    (_c, a: unknown) => {
      const x = nums(a, "arrayMax");
      return x.length === 0 ? 0 : Math.max(...x);
    },
  ],
});

/** CFML's element equality: numbers by value, strings and complex values by content (one step of `m`'s work, more for complex values). */
export function same(a: unknown, b: unknown, noCase: boolean, m?: Metered): boolean {
  work(m, 1);
  if (isSimpleValue(a) && isSimpleValue(b)) {
    if (typeof a !== "boolean" && typeof b !== "boolean") {
      const x = asNumber(a);
      const y = asNumber(b);
      if (!Number.isNaN(x) && !Number.isNaN(y)) return x === y;
    }
    if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
    const s = str(a);
    const t = str(b);
    return noCase ? s.toLowerCase() === t.toLowerCase() : s === t;
  }
  if (isSimpleValue(a) || isSimpleValue(b)) return false;
  const s = jsonEncode(a, m);
  const t = jsonEncode(b, m);
  return noCase ? s.toLowerCase() === t.toLowerCase() : s === t;
}

const isSimpleValue = (v: unknown) => ["string", "number", "boolean", "date"].includes(typeName(v));

/** The size arrayResize and arraySet grow to: at most maxArrayLength, so no page can exhaust memory. */
function size(ctx: RenderContext, n: unknown): number {
  const i = int(n, "size");
  const max = ctx.limits.maxArrayLength;
  if (i > max)
    throw new RuntimeError(
      codes.ARRAY_LIMIT,
      `An array can grow to at most ${max} elements (limit maxArrayLength), got ${i}`,
    );
  return i;
}

function findAll(m: Metered, a: unknown, v: unknown, noCase: boolean, fn: string): number[] {
  const out: number[] = [];
  arr(a, fn).forEach((e, i) => {
    if (same(e, v, noCase, m)) out.push(i + 1);
  });
  return out;
}

function remove(m: Metered, a: unknown, v: unknown, scope: unknown, noCase: boolean, fn: string): boolean {
  const x = arr(a, fn);
  const all = scope !== undefined && str(scope).toLowerCase() === "all";
  let found = false;
  for (let i = 0; i < x.length; i++) {
    if (same(x[i], v, noCase, m)) {
      // A splice moves every element after it.
      work(m, x.length - i);
      x.splice(i--, 1);
      found = true;
      if (!all) break;
    }
  }
  return found;
}

export const more = category("arrays", {
  __arrayContainsAll: [
    {
      params: "array, values",
      doc: "Whether every element of values equals an element of the array (strings case-sensitive, numbers by value): Java's List.containsAll, which Lucee reaches as the member arr.containsAll(values).",
      example: '["a", "b", "c"].containsAll(["c", "a", "a"]) & " " & ["a"].containsAll(["A"])',
      result: "true false",
    },
    (c, a: unknown, vs: unknown) => {
      const x = arr(a, "containsAll");
      return arr(vs, "containsAll").every((v) => x.some((e) => same(e, v, false, c)));
    },
  ],
  arrayFindNoCase: [
    {
      params: "array, value",
      doc: "Like arrayFind, ignoring case.",
      example: 'arrayFindNoCase(["a", "B"], "b")',
      result: "2",
    },
    (c, a: unknown, v: unknown) => arr(a, "arrayFindNoCase").findIndex((e) => same(e, v, true, c)) + 1,
  ],
  arrayContainsNoCase: [
    {
      params: "array, value, [substringMatch]",
      doc: "Like arrayContains, ignoring case (with substringMatch true, when a simple element contains the value's text in any case).",
      example: 'arrayContainsNoCase(["a", "b"], "B") & " " & arrayContainsNoCase(["Apple"], "PP", true)',
      result: "2 1",
    },
    (c, a: unknown, v: unknown, sub?: unknown) => contains(c, arr(a, "arrayContainsNoCase"), v, sub, true),
  ],
  arrayFindAll: [
    {
      params: "array, value",
      doc: "Every 1-based position of an element equal to the value.",
      example: 'arrayFindAll(["a", "b", "a"], "a")',
      result: "[1,3]",
    },
    (c, a: unknown, v: unknown) => findAll(c, a, v, false, "arrayFindAll"),
  ],
  arrayFindAllNoCase: [
    {
      params: "array, value",
      doc: "Like arrayFindAll, ignoring case.",
      example: 'arrayFindAllNoCase(["a", "A"], "a")',
      result: "[1,2]",
    },
    (c, a: unknown, v: unknown) => findAll(c, a, v, true, "arrayFindAllNoCase"),
  ],
  arrayDelete: [
    {
      params: "array, value, [scope]",
      doc: 'Removes the first element equal to the value (scope "all": every one); true when one was removed.',
      example: 'arrayDelete(["a", "b"], "a")',
      result: "true",
    },
    (c, a: unknown, v: unknown, s?: unknown) => remove(c, a, v, s, false, "arrayDelete"),
  ],
  arrayDeleteNoCase: [
    {
      params: "array, value, [scope]",
      doc: "Like arrayDelete, ignoring case.",
      example: 'arrayDeleteNoCase(["a", "b"], "A")',
      result: "true",
    },
    (c, a: unknown, v: unknown, s?: unknown) => remove(c, a, v, s, true, "arrayDeleteNoCase"),
  ],
  arrayIndexExists: [
    {
      params: "array, position",
      doc: "true when the array has a non-null element at position.",
      example: "arrayIndexExists([1, 2], 3)",
      result: "false",
    },
    (_c, a: unknown, n: unknown) => {
      const x = arr(a, "arrayIndexExists");
      const i = int(n, "position");
      return i >= 1 && i <= x.length && x[i - 1] !== null && x[i - 1] !== undefined;
    },
  ],
  arrayIsDefined: [
    {
      params: "array, position",
      doc: "Same as arrayIndexExists.",
      example: "arrayIsDefined([1, 2], 2)",
      result: "true",
    },
    (_c, a: unknown, n: unknown) => {
      const x = arr(a, "arrayIsDefined");
      const i = int(n, "position");
      return i >= 1 && i <= x.length && x[i - 1] !== null && x[i - 1] !== undefined;
    },
  ],
  arrayClear: [
    {
      params: "array",
      doc: "Removes every element (changes the array); returns true.",
      example: "arrayClear([1, 2])",
      result: "true",
    },
    (_c, a: unknown) => {
      const x = arr(a, "arrayClear");
      childViewClear(x);
      x.length = 0;
      return true;
    },
  ],
  arrayResize: [
    {
      params: "array, size",
      doc: "Grows the array to at least size elements with nulls (at most the limit maxArrayLength, 1,000,000 by default); returns true, as in Lucee (the member form returns the array).",
      example: "arrayResize([1], 3) & ' ' & arrayLen([1].resize(3))",
      result: "true 3",
    },
    (c, a: unknown, n: unknown) => {
      const x = arr(a, "arrayResize");
      const k = size(c, n);
      hold(c, Math.max(0, k - x.length) * ELEMENT_BYTES);
      grow(c, x, k);
      return true;
    },
  ],
  arraySet: [
    {
      params: "array, from, to, value",
      doc: "Sets positions from..to to the value (copies of it for arrays and structs), growing the array; returns true.",
      example: 'arraySet([], 1, 3, "x")',
      result: "true",
    },
    (c, a: unknown, f: unknown, t: unknown, v: unknown) => {
      const x = arr(a, "arraySet");
      const from = int(f, "from");
      const to = size(c, t);
      if (from < 1 || to < from) throw argError("from must be 1 or more and to at least from");
      hold(c, Math.max(0, to - x.length) * ELEMENT_BYTES);
      grow(c, x, to);
      const e = asElement(x, v, null);
      for (let i = from; i <= to; i++) x[i - 1] = copyOf(e, c);
      return true;
    },
  ],
  arraySwap: [
    {
      params: "array, position1, position2",
      doc: "Swaps two elements (changes the array); returns true.",
      example: 'arraySwap(["a", "b"], 1, 2)',
      result: "true",
    },
    (_c, a: unknown, i: unknown, j: unknown) => {
      const x = arr(a, "arraySwap");
      const p = pos(x, i);
      const q = pos(x, j);
      [x[p], x[q]] = [x[q], x[p]];
      return true;
    },
  ],
  arrayMerge: [
    {
      params: "array1, array2, [leaveIndex]",
      doc: "A new array: array1's elements then array2's (leaveIndex: each keeps its position, array1's where both have one, array2's beyond array1's end).",
      example: "arrayMerge([1, 2], [3])",
      result: "[1,2,3]",
    },
    (c, a: unknown, b: unknown, keep?: unknown) => {
      const x = [...arr(a, "arrayMerge")];
      const y = arr(b, "arrayMerge");
      hold(c, (x.length + y.length) * ELEMENT_BYTES);
      if (keep !== undefined && toBool(keep, null)) {
        for (let i = x.length; i < y.length; i++) x[i] = y[i];
        return x;
      }
      return x.concat(y);
    },
  ],
  arrayFirst: [
    {
      params: "array",
      doc: "The first element (an error for an empty array).",
      example: "arrayFirst([7, 8])",
      result: "7",
    },
    (_c, a: unknown) => {
      const x = arr(a, "arrayFirst");
      if (x.length === 0) throw argError("Cannot return first element of array; array is empty");
      return x[0];
    },
  ],
  arrayLast: [
    {
      params: "array",
      doc: "The last element (an error for an empty array).",
      example: "arrayLast([7, 8])",
      result: "8",
    },
    (_c, a: unknown) => {
      const x = arr(a, "arrayLast");
      if (x.length === 0) throw argError("Cannot return last element of array; array is empty");
      return x[x.length - 1];
    },
  ],
  arrayPush: [
    {
      params: "array, value",
      doc: "Adds a value at the end (changes the array); returns the new length.",
      example: "arrayPush([1], 2)",
      result: "2",
    },
    (c, a: unknown, v: unknown) => {
      hold(c, ELEMENT_BYTES + weigh(v));
      return arr(a, "arrayPush").push(v);
    },
  ],
  arrayPop: [
    {
      params: "array, [default]",
      doc: "Removes and returns the last element (default, or an error, when empty).",
      example: "arrayPop([1, 2])",
      result: "2",
    },
    (_c, a: unknown, d?: unknown) => {
      const x = arr(a, "arrayPop");
      if (x.length === 0) {
        // Lucee's words (arrayShift's too).
        if (d === undefined) throw argError("can not pop Element from array, array is empty");
        return d;
      }
      return x.pop();
    },
  ],
  arrayShift: [
    {
      params: "array, [default]",
      doc: "Removes and returns the first element (default, or an error, when empty).",
      example: "arrayShift([1, 2])",
      result: "1",
    },
    (_c, a: unknown, d?: unknown) => {
      const x = arr(a, "arrayShift");
      if (x.length === 0) {
        if (d === undefined) throw argError("can not pop Element from array, array is empty");
        return d;
      }
      return x.shift();
    },
  ],
  arrayUnshift: [
    {
      params: "array, value",
      doc: "Adds a value at the start (changes the array); returns the new length.",
      example: "arrayUnshift([2], 1)",
      result: "2",
    },
    (c, a: unknown, v: unknown) => {
      hold(c, ELEMENT_BYTES + weigh(v));
      return arr(a, "arrayUnshift").unshift(v);
    },
  ],
  arrayMid: [
    {
      params: "array, start, [count]",
      doc: "count elements from the 1-based start (to the end without count).",
      example: "arrayMid([1, 2, 3, 4], 2, 2)",
      result: "[2,3]",
    },
    (_c, a: unknown, s: unknown, c?: unknown) => {
      const x = arr(a, "arrayMid");
      const from = int(s, "start");
      if (from < 1) throw argError("start must be 1 or more");
      return c === undefined || int(c, "count") < 0 ? x.slice(from - 1) : x.slice(from - 1, from - 1 + int(c, "count"));
    },
  ],
  arrayRemoveDuplicates: [
    {
      params: "array, [ignoreCase]",
      doc: "A copy with each value once, in first-seen order.",
      example: 'arrayRemoveDuplicates(["a", "b", "a"])',
      result: '["a","b"]',
    },
    (c, a: unknown, ic?: unknown) => {
      const noCase = ic !== undefined && toBool(ic, null);
      const out: unknown[] = [];
      for (const v of arr(a, "arrayRemoveDuplicates")) if (!out.some((o) => same(o, v, noCase, c))) out.push(v);
      return out;
    },
  ],
  arraySplice: [
    {
      params: "array, index, [length], [replacements]",
      doc: "Removes length elements from the 1-based index (to the end without length, or with -1; none for a length below -1) and inserts the elements of replacements there (changes the array); returns the removed elements. An index below 1 counts from the end (-1: after the last element), one past the end appends.",
      example: 'arraySplice(["a", "b", "c", "d"], 2, 2, ["x"])',
      result: '["b","c"]',
    },
    (_c, a: unknown, i: unknown, l?: unknown, r?: unknown) => {
      const x = arr(a, "arraySplice");
      let at = int(i, "index");
      if (at < 1) at = Math.max(1, x.length + at + 1);
      else if (at > x.length) at = x.length + 1;
      const len = l === undefined ? -1 : int(l, "length");
      const count = len === -1 ? x.length - at + 1 : len < -1 ? 0 : Math.min(len, x.length - at + 1);
      return x.splice(at - 1, count, ...(r === undefined ? [] : arr(r, "arraySplice")));
    },
  ],
  arrayMedian: [
    {
      params: "array",
      doc: "The median of the elements (0 for an empty array).",
      example: "arrayMedian([3, 1, 2, 10])",
      result: "2.5",
    },
    (c, a: unknown) => {
      const xs = nums(a, "arrayMedian");
      const x = xs.sort(counted(c, xs.length, (p, q) => p - q));
      if (x.length === 0) return 0;
      const m = x.length >> 1;
      return x.length % 2 ? x[m]! : (x[m - 1]! + x[m]!) / 2;
    },
  ],
});

/** Pads `x` with nulls to `length`, a step of the page's work per element (a clock read every stride). */
function grow(m: Metered, x: unknown[], length: number): void {
  while (x.length < length) {
    const end = Math.min(length, x.length + WORK_STRIDE);
    work(m, end - x.length);
    while (x.length < end) x.push(null);
  }
}

function copyOf(v: unknown, m: Metered): unknown {
  work(m, 1);
  if (Array.isArray(v)) return v.map((e) => copyOf(e, m));
  if (isStruct(v)) {
    const s = newStruct();
    for (const k of Object.keys(v)) s[k] = copyOf(v[k], m);
    return s;
  }
  return v;
}
