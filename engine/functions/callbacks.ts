// CFML's higher-order functions: each calls a function defined with <dbt:function> once per
// element, in order. They await (a function may run queries), so they are `awaits` built-ins:
// engine/udf.ts callAwaiting hands them the function as a plain async callback.
import { category, arr, struct, query, str, argError, type Callback } from "./define.js";
import { listItems } from "../list-items.js";
import { wholeDelim } from "./lists.js";
import { newStruct, toBool, QueryResult, isStruct, typeName, type Struct } from "../values.js";

function callback(f: unknown, fn: string): Callback {
  if (typeof f !== "function") throw argError(`${fn} expects a function defined with <dbt:function> as its callback`);
  return f as Callback;
}

/** A query row as a struct (empty cells as "", as they read in a page). */
function rowStruct(q: QueryResult, i: number): Struct {
  const s = newStruct();
  for (const c of q.columns) s[c] = q.rows[i]![c] ?? "";
  return s;
}

/** structSome (`stop` true) and structEvery (false): `stop` once the callback answers it, else the other. */
const untilAnswer =
  (fn: string, stop: boolean) =>
  async (_c: unknown, s: unknown, f: unknown): Promise<boolean> => {
    const [o, cb] = [struct(s, fn), callback(f, fn)];
    for (const k of Object.keys(o)) if (toBool(await cb(k, o[k], o), null) === stop) return stop;
    return !stop;
  };

const NOTE = "The callback is a function defined with <dbt:function>, called with";

const arrays = category("arrays", {
  arrayMap: [
    {
      params: "array, callback",
      awaits: true,
      doc: `A new array of what the callback returns for each element. ${NOTE} (item, index, array).`,
      example: "arrayMap([1, 2, 3], double)",
      result: "[2,4,6]",
    },
    async (_c, a: unknown, f: unknown) => {
      const [xs, cb] = [arr(a, "arrayMap"), callback(f, "arrayMap")];
      const out: unknown[] = [];
      for (let i = 0; i < xs.length; i++) out.push(await cb(xs[i], i + 1, xs));
      return out;
    },
  ],
  arrayFilter: [
    {
      params: "array, callback",
      awaits: true,
      doc: `A new array of the elements for which the callback returns true. ${NOTE} (item, index, array).`,
      example: "arrayFilter([1, 2, 3, 4], isEven)",
      result: "[2,4]",
    },
    async (_c, a: unknown, f: unknown) => {
      const [xs, cb] = [arr(a, "arrayFilter"), callback(f, "arrayFilter")];
      const out: unknown[] = [];
      for (let i = 0; i < xs.length; i++) if (toBool(await cb(xs[i], i + 1, xs), null)) out.push(xs[i]);
      return out;
    },
  ],
  arrayReduce: [
    {
      params: "array, callback, [initial]",
      awaits: true,
      doc: `Folds the array into one value: the callback gets the value so far (initial, default null) and returns the next. ${NOTE} (value, item, index, array).`,
      example: "arrayReduce([1, 2, 3], add, 10)",
      result: "16",
    },
    async (_c, a: unknown, f: unknown, initial?: unknown) => {
      const [xs, cb] = [arr(a, "arrayReduce"), callback(f, "arrayReduce")];
      let acc: unknown = initial ?? null;
      for (let i = 0; i < xs.length; i++) acc = await cb(acc, xs[i], i + 1, xs);
      return acc;
    },
  ],
  arrayEach: [
    {
      params: "array, callback",
      awaits: true,
      doc: `Calls the callback for each element, for what it does (its output goes to the page); returns "". ${NOTE} (item, index, array).`,
      example: "arrayEach([1, 2], show)",
      result: "[1][2]",
    },
    async (_c, a: unknown, f: unknown) => {
      const [xs, cb] = [arr(a, "arrayEach"), callback(f, "arrayEach")];
      for (let i = 0; i < xs.length; i++) await cb(xs[i], i + 1, xs);
      return "";
    },
  ],
  arraySome: [
    {
      params: "array, callback",
      awaits: true,
      doc: `true when the callback returns true for some element (it stops at the first). ${NOTE} (item, index, array).`,
      example: "arraySome([1, 3, 4], isEven)",
      result: "true",
    },
    async (_c, a: unknown, f: unknown) => {
      const [xs, cb] = [arr(a, "arraySome"), callback(f, "arraySome")];
      for (let i = 0; i < xs.length; i++) if (toBool(await cb(xs[i], i + 1, xs), null)) return true;
      return false;
    },
  ],
  arrayEvery: [
    {
      params: "array, callback",
      awaits: true,
      doc: `true when the callback returns true for every element (it stops at the first false). ${NOTE} (item, index, array).`,
      example: "arrayEvery([2, 4], isEven)",
      result: "true",
    },
    async (_c, a: unknown, f: unknown) => {
      const [xs, cb] = [arr(a, "arrayEvery"), callback(f, "arrayEvery")];
      for (let i = 0; i < xs.length; i++) if (!toBool(await cb(xs[i], i + 1, xs), null)) return false;
      return true;
    },
  ],
});

const structs = category("structs", {
  structEach: [
    {
      params: "struct, callback",
      awaits: true,
      doc: `Calls the callback for each key, for what it does; returns "". ${NOTE} (key, value, struct).`,
      example: "structEach({a: 1, b: 2}, show)",
      result: "[a][b]",
    },
    async (_c, s: unknown, f: unknown) => {
      const [o, cb] = [struct(s, "structEach"), callback(f, "structEach")];
      for (const k of Object.keys(o)) await cb(k, o[k], o);
      return "";
    },
  ],
  structMap: [
    {
      params: "struct, callback",
      awaits: true,
      doc: `A new struct with the same keys and what the callback returns as values. ${NOTE} (key, value, struct).`,
      example: "structMap({a: 1, b: 2}, keyTimesTwo)",
      result: '{"a":"a2","b":"b4"}',
    },
    async (_c, s: unknown, f: unknown) => {
      const [o, cb] = [struct(s, "structMap"), callback(f, "structMap")];
      const out = newStruct();
      for (const k of Object.keys(o)) out[k] = await cb(k, o[k], o);
      return out;
    },
  ],
  structFilter: [
    {
      params: "struct, callback",
      awaits: true,
      doc: `A new struct of the keys for which the callback returns true. ${NOTE} (key, value, struct).`,
      example: "structFilter({a: 1, b: 2}, valueIsEven)",
      result: '{"b":2}',
    },
    async (_c, s: unknown, f: unknown) => {
      const [o, cb] = [struct(s, "structFilter"), callback(f, "structFilter")];
      const out = newStruct();
      for (const k of Object.keys(o)) if (toBool(await cb(k, o[k], o), null)) out[k] = o[k];
      return out;
    },
  ],
  structSome: [
    {
      params: "struct, callback",
      awaits: true,
      doc: `true as soon as the callback returns true for a key (the rest are not called), else false. ${NOTE} (key, value, struct).`,
      example: "structSome({a: 1, b: 2}, valueIsEven)",
      result: "true",
    },
    untilAnswer("structSome", true),
  ],
  structEvery: [
    {
      params: "struct, callback",
      awaits: true,
      doc: `false as soon as the callback returns false for a key (the rest are not called), else true. ${NOTE} (key, value, struct).`,
      example: "structEvery({a: 1, b: 2}, valueIsEven)",
      result: "false",
    },
    untilAnswer("structEvery", false),
  ],
  structReduce: [
    {
      params: "struct, callback, [initial]",
      awaits: true,
      doc: `Folds the struct into one value. ${NOTE} (value so far, key, value, struct).`,
      example: "structReduce({a: 1, b: 2}, addValue, 0)",
      result: "3",
    },
    async (_c, s: unknown, f: unknown, initial?: unknown) => {
      const [o, cb] = [struct(s, "structReduce"), callback(f, "structReduce")];
      let acc: unknown = initial ?? null;
      for (const k of Object.keys(o)) acc = await cb(acc, k, o[k], o);
      return acc;
    },
  ],
});

const queries = category("queries", {
  queryEach: [
    {
      params: "query, callback",
      awaits: true,
      doc: `Calls the callback for each row, for what it does; returns "". ${NOTE} (row as a struct, row number, query).`,
      example: 'queryEach(queryNew("n", [{n: 1}, {n: 2}]), showRowN)',
      result: "[1][2]",
    },
    async (_c, q: unknown, f: unknown) => {
      const [r, cb] = [query(q, "queryEach"), callback(f, "queryEach")];
      for (let i = 0; i < r.rows.length; i++) await cb(rowStruct(r, i), i + 1, r);
      return "";
    },
  ],
  queryMap: [
    {
      params: "query, callback",
      awaits: true,
      doc: `A new query of the rows the callback returns, one per row (a struct; the query's columns are kept, other keys dropped). ${NOTE} (row as a struct, row number, query).`,
      example: 'valueList(queryMap(queryNew("n", [{n: 1}, {n: 2}]), rowNTimesTwo).n)',
      result: "2,4",
    },
    async (_c, q: unknown, f: unknown) => {
      const [r, cb] = [query(q, "queryMap"), callback(f, "queryMap")];
      const rows: Record<string, unknown>[] = [];
      for (let i = 0; i < r.rows.length; i++) {
        const got = await cb(rowStruct(r, i), i + 1, r);
        if (got === null || typeof got !== "object" || Array.isArray(got) || got instanceof QueryResult)
          throw argError(`queryMap's callback must return a row as a struct (row ${i + 1})`);
        const row: Record<string, unknown> = {};
        for (const c of r.columns) row[c] = (got as Struct)[c] ?? null;
        rows.push(row);
      }
      return new QueryResult([...r.columns], rows);
    },
  ],
  queryFilter: [
    {
      params: "query, callback",
      awaits: true,
      doc: `A new query of the rows for which the callback returns true. ${NOTE} (row as a struct, row number, query).`,
      example: 'queryFilter(queryNew("n", [{n: 1}, {n: 2}]), rowNIsEven).recordCount',
      result: "1",
    },
    async (_c, q: unknown, f: unknown) => {
      const [r, cb] = [query(q, "queryFilter"), callback(f, "queryFilter")];
      const rows: Record<string, unknown>[] = [];
      for (let i = 0; i < r.rows.length; i++)
        if (toBool(await cb(rowStruct(r, i), i + 1, r), null)) rows.push(r.rows[i]!);
      return new QueryResult([...r.columns], rows);
    },
  ],
  queryReduce: [
    {
      params: "query, callback, [initial]",
      awaits: true,
      doc: `Folds the rows into one value. ${NOTE} (value so far, row as a struct, row number, query).`,
      example: 'queryReduce(queryNew("n", [{n: 1}, {n: 2}]), addRowN, 0)',
      result: "3",
    },
    async (_c, q: unknown, f: unknown, initial?: unknown) => {
      const [r, cb] = [query(q, "queryReduce"), callback(f, "queryReduce")];
      let acc: unknown = initial ?? null;
      for (let i = 0; i < r.rows.length; i++) acc = await cb(acc, rowStruct(r, i), i + 1, r);
      return acc;
    },
  ],
});

const SPLIT = "[delimiters], [includeEmptyFields], [multiCharacterDelimiter]";
const MULTI =
  "As in Lucee, multiCharacterDelimiter defaults to true: a delimiters string of several characters is one delimiter.";

const lists = category("lists", {
  listEach: [
    {
      params: `list, callback, ${SPLIT}`,
      awaits: true,
      doc: `Calls the callback for each item, for what it does; returns "". ${MULTI} ${NOTE} (item, index, list).`,
      example: 'listEach("a,b", show)',
      result: "[a][b]",
    },
    async (_c, l: unknown, f: unknown, d?: unknown, empty?: unknown, multi?: unknown) => {
      const cb = callback(f, "listEach");
      const list = str(l);
      const items = listItems(list, d, empty, multi ?? true);
      for (let i = 0; i < items.length; i++) await cb(items[i], i + 1, list);
      return "";
    },
  ],
  listMap: [
    {
      params: `list, callback, ${SPLIT}`,
      awaits: true,
      doc: `A new list of what the callback returns for each item, joined by the delimiters string. ${MULTI} ${NOTE} (item, index, list, delimiters).`,
      example: 'listMap("1;2", double, ";")',
      result: "2;4",
    },
    async (_c, l: unknown, f: unknown, d?: unknown, empty?: unknown, multi?: unknown) => {
      const cb = callback(f, "listMap");
      const [list, delims] = [str(l), wholeDelim(d)];
      const items = listItems(list, delims, empty, multi ?? true);
      const out: string[] = [];
      for (let i = 0; i < items.length; i++) out.push(str(await cb(items[i], i + 1, list, delims)));
      return out.join(delims);
    },
  ],
  listFilter: [
    {
      params: `list, callback, ${SPLIT}`,
      awaits: true,
      doc: `A new list of the items for which the callback returns true, joined by the delimiters string. ${MULTI} ${NOTE} (item, index, list, delimiters).`,
      example: 'listFilter("1,2,3,4", isEven)',
      result: "2,4",
    },
    async (_c, l: unknown, f: unknown, d?: unknown, empty?: unknown, multi?: unknown) => {
      const cb = callback(f, "listFilter");
      const [list, delims] = [str(l), wholeDelim(d)];
      const items = listItems(list, delims, empty, multi ?? true);
      const out: string[] = [];
      for (let i = 0; i < items.length; i++)
        if (toBool(await cb(items[i], i + 1, list, delims), null)) out.push(items[i]!);
      return out.join(delims);
    },
  ],
  listReduce: [
    {
      params: `list, callback, [initial], ${SPLIT}`,
      awaits: true,
      doc: `Folds the list into one value: the callback gets the value so far (initial, default null) and returns the next. ${MULTI} ${NOTE} (value, item, index, list, delimiters).`,
      example: 'listReduce("1,2,3", add, 10)',
      result: "16",
    },
    async (_c, l: unknown, f: unknown, initial?: unknown, d?: unknown, empty?: unknown, multi?: unknown) => {
      const cb = callback(f, "listReduce");
      const [list, delims] = [str(l), wholeDelim(d)];
      const items = listItems(list, delims, empty, multi ?? true);
      let acc: unknown = initial ?? null;
      for (let i = 0; i < items.length; i++) acc = await cb(acc, items[i], i + 1, list, delims);
      return acc;
    },
  ],
});

/** querySome (`stop` true) and queryEvery (false), over rows as structs. */
const rowsUntil =
  (fn: string, stop: boolean) =>
  async (_c: unknown, q: unknown, f: unknown): Promise<boolean> => {
    const [r, cb] = [query(q, fn), callback(f, fn)];
    for (let i = 0; i < r.rows.length; i++) if (toBool(await cb(rowStruct(r, i), i + 1, r), null) === stop) return stop;
    return !stop;
  };

/** listSome, listEvery, stringSome and stringEvery: over a list's items (a string's characters: no delimiter), as Lucee's StringListData. */
const itemsUntil =
  (fn: string, stop: boolean, chars: boolean) =>
  async (_c: unknown, l: unknown, f: unknown, d?: unknown, empty?: unknown, multi?: unknown): Promise<boolean> => {
    const cb = callback(f, fn);
    const list = str(l);
    const delims = chars ? "" : d === undefined ? "," : str(d);
    const items = chars ? [...list] : listItems(list, delims, empty, multi ?? true);
    for (let i = 0; i < items.length; i++)
      if (toBool(await cb(items[i], i + 1, list, delims), null) === stop) return stop;
    return !stop;
  };

const more = category("queries", {
  querySome: [
    {
      params: "query, callback",
      awaits: true,
      doc: `true when the callback returns true for some row (it stops at the first). ${NOTE} (row as a struct, row number, query).`,
      example: 'querySome(queryNew("n", [{n: 1}, {n: 2}]), rowNIsEven)',
      result: "true",
    },
    rowsUntil("querySome", true),
  ],
  queryEvery: [
    {
      params: "query, callback",
      awaits: true,
      doc: `true when the callback returns true for every row (it stops at the first false). ${NOTE} (row as a struct, row number, query).`,
      example: 'queryEvery(queryNew("n", [{n: 1}, {n: 2}]), rowNIsEven)',
      result: "false",
    },
    rowsUntil("queryEvery", false),
  ],
});

const listsMore = category("lists", {
  listSome: [
    {
      params: "list, callback, [delimiter], [includeEmptyFields], [multiCharacterDelimiter]",
      awaits: true,
      doc: `true when the callback returns true for some item (it stops at the first). The delimiter is one string unless multiCharacterDelimiter is false (Lucee's default). ${NOTE} (item, index, list, delimiter).`,
      example: 'listSome("1,3,4", isEven)',
      result: "true",
    },
    itemsUntil("listSome", true, false),
  ],
  listEvery: [
    {
      params: "list, callback, [delimiter], [includeEmptyFields], [multiCharacterDelimiter]",
      awaits: true,
      doc: `true when the callback returns true for every item (it stops at the first false). ${NOTE} (item, index, list, delimiter).`,
      example: 'listEvery("2;4", isEven, ";")',
      result: "true",
    },
    itemsUntil("listEvery", false, false),
  ],
  stringSome: [
    {
      params: "string, callback",
      awaits: true,
      doc: `true when the callback returns true for some character (it stops at the first). ${NOTE} (character, index, string, "").`,
      example: 'stringSome("a1b", isNumericChar)',
      result: "true",
    },
    itemsUntil("stringSome", true, true),
  ],
  stringEvery: [
    {
      params: "string, callback",
      awaits: true,
      doc: `true when the callback returns true for every character (it stops at the first false). ${NOTE} (character, index, string, "").`,
      example: 'stringEvery("a1b", isNumericChar)',
      result: "false",
    },
    itemsUntil("stringEvery", false, true),
  ],
  stringMap: [
    {
      params: "string, callback",
      awaits: true,
      doc: `The string of what the callback returns for each character, joined. ${NOTE} (character, index, string).`,
      example: 'stringMap("123", double)',
      result: "246",
    },
    async (_c, s: unknown, f: unknown) => {
      const [t, cb] = [str(s), callback(f, "stringMap")];
      const chars = [...t];
      let out = "";
      for (let i = 0; i < chars.length; i++) out += str(await cb(chars[i], i + 1, t));
      return out;
    },
  ],
  stringFilter: [
    {
      params: "string, callback",
      awaits: true,
      doc: `The characters for which the callback returns true. ${NOTE} (character, index, string).`,
      example: 'stringFilter("a1b2", isNumericChar)',
      result: "12",
    },
    async (_c, s: unknown, f: unknown) => {
      const [t, cb] = [str(s), callback(f, "stringFilter")];
      const chars = [...t];
      let out = "";
      for (let i = 0; i < chars.length; i++) if (toBool(await cb(chars[i], i + 1, t), null)) out += chars[i];
      return out;
    },
  ],
  stringReduce: [
    {
      params: "string, callback, [initialValue]",
      awaits: true,
      doc: `Folds the characters into one value: the callback gets (accumulator, character, index, string) and returns the next accumulator.`,
      example: 'stringReduce("123", add, 0)',
      result: "6",
    },
    async (_c, s: unknown, f: unknown, init?: unknown) => {
      const [t, cb] = [str(s), callback(f, "stringReduce")];
      const chars = [...t];
      let acc: unknown = init ?? null;
      for (let i = 0; i < chars.length; i++) acc = await cb(acc, chars[i], i + 1, t);
      return acc;
    },
  ],
  stringEach: [
    {
      params: "string, callback",
      awaits: true,
      doc: `Calls the callback for each character, for what it does. ${NOTE} (character, index, string).`,
      example: 'stringEach("ab", show)',
      result: "[a][b]",
    },
    async (_c, s: unknown, f: unknown) => {
      const [t, cb] = [str(s), callback(f, "stringEach")];
      const chars = [...t];
      for (let i = 0; i < chars.length; i++) await cb(chars[i], i + 1, t);
      return "";
    },
  ],
});

const typed = [...arrays, ...structs, ...queries, ...more, ...lists, ...listsMore];
const def = (name: string) => typed.find((d) => d.name === name)!.fn as (...args: unknown[]) => Promise<unknown>;

/** collectionEach and the rest: the array, struct or query function of the same name for what the collection is. */
function byCollection(verb: string) {
  const [a, s, q] = [def(`array${verb}`), def(`struct${verb}`), def(`query${verb}`)];
  return (c: unknown, coll: unknown, ...rest: unknown[]): Promise<unknown> => {
    if (Array.isArray(coll)) return a(c, coll, ...rest);
    if (coll instanceof QueryResult) return q(c, coll, ...rest);
    if (isStruct(coll)) return s(c, coll, ...rest);
    throw argError(`collection${verb} expects an array, a struct or a query, got ${typeName(coll)}`);
  };
}

const COLLECTION = "An array, a struct or a query, as arrayX, structX or queryX would take it";
const collections = category("structs", {
  collectionEach: [
    {
      params: "collection, callback",
      awaits: true,
      doc: `${COLLECTION.replace(/X/g, "Each")} (the callback's arguments are theirs).`,
      example: "collectionEach([1, 2], show)",
      result: "[1][2]",
    },
    byCollection("Each"),
  ],
  collectionMap: [
    {
      params: "collection, callback",
      awaits: true,
      doc: `${COLLECTION.replace(/X/g, "Map")}.`,
      example: "collectionMap({a: 1}, keyTimesTwo)",
      result: '{"a":"a2"}',
    },
    byCollection("Map"),
  ],
  collectionFilter: [
    {
      params: "collection, callback",
      awaits: true,
      doc: `${COLLECTION.replace(/X/g, "Filter")}.`,
      example: "collectionFilter([1, 2, 3, 4], isEven)",
      result: "[2,4]",
    },
    byCollection("Filter"),
  ],
  collectionReduce: [
    {
      params: "collection, callback, [initial]",
      awaits: true,
      doc: `${COLLECTION.replace(/X/g, "Reduce")}.`,
      example: "collectionReduce([1, 2, 3], add, 10)",
      result: "16",
    },
    byCollection("Reduce"),
  ],
  collectionSome: [
    {
      params: "collection, callback",
      awaits: true,
      doc: `${COLLECTION.replace(/X/g, "Some")}.`,
      example: "collectionSome([1, 3], isEven)",
      result: "false",
    },
    byCollection("Some"),
  ],
  collectionEvery: [
    {
      params: "collection, callback",
      awaits: true,
      doc: `${COLLECTION.replace(/X/g, "Every")}.`,
      example: "collectionEvery({a: 2, b: 4}, valueIsEven)",
      result: "true",
    },
    byCollection("Every"),
  ],
});

export default [...typed, ...collections];
