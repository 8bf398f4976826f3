// Functions that move a query's rows and columns around (Lucee's QueryInsertAt, QueryAppend,
// QueryPrepend, QueryRowSwap, QueryReverse, QueryClear, queryRenameColumn) and the query()
// constructor. As in Lucee they change the query they are given and return it, except
// queryReverse, which makes a new one.
import { category, str, int, arr, query, argError } from "./define.js";
import { addRow, column } from "./queries.js";
import { QueryResult, isStruct, newStruct, type Struct } from "../values.js";
import { isForbiddenKey } from "../runtime.js";
import { columnOf } from "../keys.js";
import type { Metered } from "../work.js";

const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The rows of `from` in `into`'s columns: both must have the same columns, in any order and case (Lucee). */
function rowsFor(into: QueryResult, from: QueryResult, fn: string): Struct[] {
  const names = from.columns.map((c) => columnOf(into, c));
  if (from.columns.length !== into.columns.length || names.includes(undefined))
    throw argError(
      `${fn}: the columns of the second query (${from.columns.join(", ")}) are not those of the first (${into.columns.join(", ")})`,
    );
  return from.rows.map((r) => {
    const row = newStruct();
    from.columns.forEach((c, i) => (row[names[i]!] = r[c] ?? ""));
    return row;
  });
}

/** Puts `rows` into `q` before the 0-based row `at`, each counted as the page's work and memory. */
function insertRows(m: Metered, q: QueryResult, rows: (Struct | unknown[])[], at: number): QueryResult {
  const tail = q.rows.splice(at);
  for (const r of rows) addRow(m, q, r);
  q.rows.push(...tail);
  return q;
}

/** A row of queryInsertAt's value: a query's rows, a struct with the query's columns, or an array of one value per column. */
function valueRows(q: QueryResult, v: unknown): (Struct | unknown[])[] {
  if (v instanceof QueryResult) return rowsFor(q, v, "queryInsertAt");
  if (isStruct(v)) {
    const keys = Object.keys(v);
    if (keys.length !== q.columns.length || keys.some((k) => columnOf(q, k) === undefined))
      throw argError(
        `queryInsertAt: the keys of the struct (${keys.join(", ")}) are not the columns of the query (${q.columns.join(", ")})`,
      );
    return [v];
  }
  const a = arr(v, "queryInsertAt");
  if (a.length !== q.columns.length)
    throw argError(`queryInsertAt: the array has ${a.length} values for the query's ${q.columns.length} columns`);
  return [a];
}

function rowNumber(q: QueryResult, n: unknown, what: string, fn: string, last: number): number {
  const i = int(n, what);
  if (i < 1 || i > last) throw argError(`${fn}: ${what} ${i} is out of range 1..${last}`);
  return i;
}

export default category("queries", {
  query: [
    {
      params: "[columns]",
      namedStruct: true,
      doc: "A new query from its columns, written as named arguments (Lucee's query(name: [values…], …)), or a struct of them: each an array of the column's values, row by row.",
      example: 'query(id: [1, 2], name: ["a", "b"]).name[2]',
      result: "b",
    },
    (ctx, cols?: unknown) => {
      if (cols === undefined) return new QueryResult([], []);
      if (!isStruct(cols)) throw argError("query() takes its columns as named arguments: query(name: [values…])");
      const names = Object.keys(cols);
      for (const n of names) {
        if (!COLUMN_NAME.test(n) || isForbiddenKey(n)) throw argError(`Invalid column name ${JSON.stringify(n)}`);
        arr(cols[n], `query() column ${n}`);
      }
      const q = new QueryResult(names, []);
      const n = Math.max(0, ...names.map((c) => (cols[c] as unknown[]).length));
      for (let i = 0; i < n; i++)
        addRow(
          ctx,
          q,
          names.map((c) => (cols[c] as unknown[])[i] ?? ""),
        );
      return q;
    },
  ],
  queryInsertAt: [
    {
      params: "query, value, position",
      doc: "Inserts rows before the 1-based position (one past the last appends): another query's rows (the same columns), a struct of the columns, or an array of one value per column. Changes the query and returns it.",
      example: 'valueList(queryInsertAt(queryNew("a", [[1], [3]]), queryNew("a", [[2]]), 2).a)',
      result: "1,2,3",
    },
    (ctx, qv: unknown, v: unknown, at: unknown) => {
      const q = query(qv, "queryInsertAt");
      const i = rowNumber(q, at, "position", "queryInsertAt", q.rows.length + 1);
      return insertRows(ctx, q, valueRows(q, v), i - 1);
    },
  ],
  queryAppend: [
    {
      params: "query1, query2",
      doc: "Adds the rows of query2 (the same columns) at the end of query1; changes query1 and returns it.",
      example: 'valueList(queryAppend(queryNew("a", [[1]]), queryNew("a", [[2]])).a)',
      result: "1,2",
    },
    (ctx, a: unknown, b: unknown) => {
      const q = query(a, "queryAppend");
      return insertRows(ctx, q, rowsFor(q, query(b, "queryAppend"), "queryAppend"), q.rows.length);
    },
  ],
  queryPrepend: [
    {
      params: "query1, query2",
      doc: "Adds the rows of query2 (the same columns) before those of query1; changes query1 and returns it.",
      example: 'valueList(queryPrepend(queryNew("a", [[1]]), queryNew("a", [[2]])).a)',
      result: "2,1",
    },
    (ctx, a: unknown, b: unknown) => {
      const q = query(a, "queryPrepend");
      return insertRows(ctx, q, rowsFor(q, query(b, "queryPrepend"), "queryPrepend"), 0);
    },
  ],
  queryRowSwap: [
    {
      params: "query, source, destination",
      doc: "Swaps two rows (1-based); changes the query and returns it.",
      example: 'valueList(queryRowSwap(queryNew("a", [[1], [2], [3]]), 1, 3).a)',
      result: "3,2,1",
    },
    (_c, qv: unknown, s: unknown, d: unknown) => {
      const q = query(qv, "queryRowSwap");
      const from = rowNumber(q, s, "source", "queryRowSwap", q.rows.length) - 1;
      const to = rowNumber(q, d, "destination", "queryRowSwap", q.rows.length) - 1;
      [q.rows[from], q.rows[to]] = [q.rows[to]!, q.rows[from]!];
      return q;
    },
  ],
  queryReverse: [
    {
      params: "query",
      doc: "A new query with the rows in the opposite order.",
      example: 'valueList(queryReverse(queryNew("a", [[1], [2]])).a)',
      result: "2,1",
    },
    (_c, qv: unknown) => {
      const q = query(qv, "queryReverse");
      return new QueryResult([...q.columns], q.rows.map((r) => Object.assign(newStruct(), r)).reverse());
    },
  ],
  queryClear: [
    {
      params: "query",
      doc: "Removes every row (the columns stay); changes the query and returns it.",
      example: 'queryClear(queryNew("a", [[1]])).recordCount',
      result: "0",
    },
    (_c, qv: unknown) => {
      const q = query(qv, "queryClear");
      q.rows.length = 0;
      return q;
    },
  ],
  queryRenameColumn: [
    {
      params: "query, column, newColumnName",
      doc: "Renames a column (found in any case); changes the query and returns true.",
      example: 'queryRenameColumn(queryNew("a", [[1]]), "A", "b")',
      result: "true",
    },
    (_c, qv: unknown, c: unknown, n: unknown) => {
      const q = query(qv, "queryRenameColumn");
      const from = column(q, c);
      const to = str(n).trim();
      if (!COLUMN_NAME.test(to) || isForbiddenKey(to)) throw argError(`Invalid column name ${JSON.stringify(to)}`);
      const other = columnOf(q, to);
      if (other !== undefined && other !== from) throw argError(`Column "${other}" is already in the query`);
      // A new array: the case-folded column index (keys.ts) is made again for it.
      q.columns = q.columns.map((x) => (x === from ? to : x));
      for (const r of q.rows) {
        const v = r[from];
        delete r[from];
        r[to] = v;
      }
      return true;
    },
  ],
});
