import { category, num, int, arr, argError } from "./define.js";
import { sortValues } from "./lists.js";
import { compare } from "../values.js";

function pos(a: unknown[], n: unknown, extra = 0): number {
  const i = int(n, "position");
  if (i < 1 || i > a.length + extra) throw argError(`Array position ${i} is out of range 1..${a.length + extra}`);
  return i - 1;
}

const nums = (a: unknown, fn: string) => arr(a, fn).map(num);

export default category("arrays", {
  arrayNew: [{ params: "", doc: "A new empty array (same as []).", example: "arrayLen(arrayNew())", result: "0" }, () => []],
  arrayLen: [{ params: "array", doc: "Number of elements.", example: "arrayLen([1, 2, 3])", result: "3" }, (_c, a: unknown) => arr(a, "arrayLen").length],
  arrayIsEmpty: [{ params: "array", doc: "true when the array has no elements.", example: "arrayIsEmpty([])", result: "true" }, (_c, a: unknown) => arr(a, "arrayIsEmpty").length === 0],
  arrayAppend: [{ params: "array, value", doc: "Adds a value at the end (changes the array) and returns the array.", example: "arrayAppend([1], 2)", result: "[1,2]" },
    (_c, a: unknown, v: unknown) => { arr(a, "arrayAppend").push(v); return a; }],
  arrayPrepend: [{ params: "array, value", doc: "Adds a value at the start (changes the array) and returns the array.", example: "arrayPrepend([2], 1)", result: "[1,2]" },
    (_c, a: unknown, v: unknown) => { arr(a, "arrayPrepend").unshift(v); return a; }],
  arrayInsertAt: [{ params: "array, position, value", doc: "Inserts a value at a 1-based position and returns the array.", example: 'arrayInsertAt(["a", "c"], 2, "b")', result: '["a","b","c"]' },
    (_c, a: unknown, n: unknown, v: unknown) => { const x = arr(a, "arrayInsertAt"); x.splice(pos(x, n, 1), 0, v); return x; }],
  arrayDeleteAt: [{ params: "array, position", doc: "Removes the element at a 1-based position and returns the array.", example: 'arrayDeleteAt(["a", "b"], 1)', result: '["b"]' },
    (_c, a: unknown, n: unknown) => { const x = arr(a, "arrayDeleteAt"); x.splice(pos(x, n), 1); return x; }],
  arrayContains: [{ params: "array, value", doc: "true when an element equals the value (EQ semantics).", example: 'arrayContains(["a", "b"], "B")', result: "true" },
    (_c, a: unknown, v: unknown) => arr(a, "arrayContains").some((e) => safeEq(e, v))],
  arrayFind: [{ params: "array, value", doc: "1-based position of the first element equal to the value, 0 if none.", example: "arrayFind([5, 6, 7], 6)", result: "2" },
    (_c, a: unknown, v: unknown) => arr(a, "arrayFind").findIndex((e) => safeEq(e, v)) + 1],
  arraySort: [{ params: "array, [sortType], [order]", doc: 'Sorts in place ("text", "textnocase" or "numeric"; "asc" or "desc") and returns the array.', example: 'arraySort([3, 10, 2], "numeric", "desc")', result: "[10,3,2]" },
    (_c, a: unknown, t?: unknown, o?: unknown) => { const x = arr(a, "arraySort"); const sorted = sortValues(x, t, o); x.splice(0, x.length, ...sorted); return x; }],
  arrayReverse: [{ params: "array", doc: "A reversed copy.", example: "arrayReverse([1, 2, 3])", result: "[3,2,1]" }, (_c, a: unknown) => [...arr(a, "arrayReverse")].reverse()],
  arraySlice: [{ params: "array, start, [count]", doc: "count elements from the 1-based start (to the end without count).", example: "arraySlice([1, 2, 3, 4], 2, 2)", result: "[2,3]" },
    (_c, a: unknown, s: unknown, c?: unknown) => { const x = arr(a, "arraySlice"); const from = pos(x, s, 1); return c === undefined ? x.slice(from) : x.slice(from, from + Math.max(0, int(c, "count"))); }],
  arraySum: [{ params: "array", doc: "Sum of the elements.", example: "arraySum([1, 2, 3.5])", result: "6.5" }, (_c, a: unknown) => nums(a, "arraySum").reduce((s, n) => s + n, 0)],
  arrayAvg: [{ params: "array", doc: "Average of the elements (0 for an empty array).", example: "arrayAvg([1, 2, 3])", result: "2" },
    (_c, a: unknown) => { const x = nums(a, "arrayAvg"); return x.length === 0 ? 0 : x.reduce((s, n) => s + n, 0) / x.length; }],
  arrayMin: [{ params: "array", doc: "Smallest element (0 for an empty array).", example: "arrayMin([3, 1, 2])", result: "1" },
    (_c, a: unknown) => { const x = nums(a, "arrayMin"); return x.length === 0 ? 0 : Math.min(...x); }],
  arrayMax: [{ params: "array", doc: "Largest element (0 for an empty array).", example: "arrayMax([3, 1, 2])", result: "3" },
    (_c, a: unknown) => { const x = nums(a, "arrayMax"); return x.length === 0 ? 0 : Math.max(...x); }],
});

function safeEq(a: unknown, b: unknown): boolean {
  try {
    return compare(a, b, null) === 0;
  } catch {
    return false;
  }
}
