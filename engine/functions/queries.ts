import { category, str, int, arr, query, struct, argError, type Callback } from "./define.js";
import { sortValues, sortWith } from "./lists.js";
import { listItems } from "../list-items.js";
import { QueryResult, SqlIdentifier, newStruct, isStruct, type Struct } from "../values.js";
import { isForbiddenKey, toRowStruct } from "../runtime.js";
import { columnOf, keyOf } from "../keys.js";
import { QueryParamError, RuntimeError, codes } from "../errors.js";
import { MEMBER_BYTES, ROW_BYTES, hold, weigh, work, type Metered } from "../work.js";

/** The column of `q` named `c`, in any case (CFML's names are case-insensitive). */
export function column(q: QueryResult, c: unknown): string {
  const name = str(c);
  const col = columnOf(q, name);
  if (col === undefined) throw argError(`Column "${name}" is not in the query (columns: ${q.columns.join(", ")})`);
  return col;
}

/** Adds a row: a step of the page's work, and its cells counted against the page's memory. */
export function addRow(m: Metered, q: QueryResult, data?: Struct | unknown[]): number {
  work(m, 1);
  const row = newStruct();
  let bytes = ROW_BYTES + q.columns.length * MEMBER_BYTES;
  q.columns.forEach((c, i) => {
    // A cell nothing was written to reads as "", as in CFML.
    const k = data && !Array.isArray(data) ? keyOf(data, c) : undefined;
    const v = Array.isArray(data) ? (i < data.length ? data[i] : "") : k !== undefined ? data![k] : "";
    bytes += weigh(v);
    row[c] = v;
  });
  hold(m, bytes);
  q.rows.push(row);
  return q.rows.length;
}

/**
 * Rows from a struct (one row), an array of structs or an array of arrays. `columnArrays`: a
 * struct whose values are all arrays is {column: [values…]}, one row per element, as Lucee's
 * queryNew reads it (its queryAddRow takes such a struct as one row of array values).
 */
export function addRows(m: Metered, q: QueryResult, data: unknown, fn: string, columnArrays = true): void {
  if (isStruct(data)) {
    const cols = Object.keys(data);
    if (columnArrays && cols.length > 0 && cols.every((c) => Array.isArray(data[c]))) {
      const n = Math.max(...cols.map((c) => (data[c] as unknown[]).length));
      for (let i = 0; i < n; i++) {
        const r = newStruct();
        for (const c of cols) r[c] = (data[c] as unknown[])[i] ?? "";
        addRow(m, q, r);
      }
      return;
    }
    addRow(m, q, data);
    return;
  }
  const list = arr(data, fn);
  // An array of simple values is one row, as CFML reads it (queryAddRow(q, ["a", "b"])).
  if (list.length > 0 && list.every((v) => !Array.isArray(v) && !isStruct(v))) {
    if (list.length > q.columns.length)
      throw argError(`${fn}: a row has ${list.length} values for ${q.columns.length} columns`);
    addRow(m, q, list);
    return;
  }
  for (const r of list) {
    if (Array.isArray(r)) {
      if (r.length > q.columns.length)
        throw argError(`${fn}: a row has ${r.length} values for ${q.columns.length} columns`);
      addRow(m, q, r);
    } else addRow(m, q, struct(r, fn));
  }
}

const COLUMN_TYPES = new Set([
  "integer",
  "bigint",
  "smallint",
  "tinyint",
  "double",
  "decimal",
  "numeric",
  "float",
  "real",
  "money",
  "varchar",
  "char",
  "nvarchar",
  "nchar",
  "longvarchar",
  "clob",
  "string",
  "text",
  "date",
  "time",
  "timestamp",
  "datetime",
  "bit",
  "boolean",
  "binary",
  "varbinary",
  "blob",
  "object",
  "any",
  "uuid",
  "json",
  "null",
  "other",
  // Lucee's other names (SQLCaster.toSQLType).
  "int",
  "bool",
  "long",
  "number",
  "money4",
  "longnvarchar",
  "nclob",
  "varchar2",
  "idstamp",
]);

function rowOf(q: QueryResult, r: unknown, fn: string): number {
  const n = int(r, "row");
  if (n < 1 || n > q.rows.length) throw argError(`${fn}: row ${n} is out of range 1..${q.rows.length}`);
  return n - 1;
}

const cell = (v: unknown) => (v === null || v === undefined ? "" : v);

const quoteIdent = (name: string) =>
  name
    .split(".")
    .map((p) => `"${p.replace(/"/g, '""')}"`)
    .join(".");

export default category("queries", {
  queryExecute: [
    {
      params: "sql, [params], [options]",
      statement: true,
      doc: "Runs SQL as dbt:query does, as the whole value of <dbt:set q = queryExecute(…)>. The SQL is written out (string literals, whose #…# are bound parameters, joined with & only to ident() calls); its ? (params an array) or :name (params a struct) placeholders are bound, each a value or {value, cfsqltype, list, null, separator, maxlength}. Options: datasource, maxrows, timeout, cachedwithin, result (a variable for the result struct), returntype query (default), array or struct (with columnKey).",
      example: 'queryExecute("SELECT :n::int + 1 AS n", {n: 41})',
      result: '{"columns":["n"],"data":[{"n":42}]}',
    },
    () => {
      throw new Error("queryExecute is run by <dbt:set>");
    },
  ],
  ident: [
    {
      params: "name, allowList",
      doc: 'A column or table name for dbt:query, only if it is one of allowList (a list, or an array): `ORDER BY #ident(url.sort, "name,price")#`. Anything else is a 400.',
      example: 'ident("price", "name,price")',
      result: '"price"',
    },
    (_c, v: unknown, allowed: unknown) => {
      const name = str(v);
      const list = Array.isArray(allowed) ? allowed.map((a) => str(a)) : listItems(allowed).map((a) => a.trim());
      if (!list.includes(name))
        throw new QueryParamError(`${JSON.stringify(name)} is not one of the allowed names: ${list.join(", ")}`, null);
      return new SqlIdentifier(quoteIdent(name));
    },
  ],
  queryNew: [
    {
      params: "columnList, [columnTypeList], [rows]",
      doc: "A new query with these columns; CFML's column types (integer, varchar, date, …) are checked; rows: a struct, an array of structs or an array of arrays. The type list may be left out: queryNew(columns, rows). An array of structs alone is the rows, the keys of all of them the columns, in the order they first appear (Lucee).",
      example:
        'queryNew("id,name", "integer,varchar", [[1, "a"], [2, "b"]]).recordCount & queryNew([{a: 1}, {A: 2}]).columnList',
      result: "2A",
    },
    (ctx, cols: unknown, types?: unknown, rows?: unknown) => {
      if (Array.isArray(cols) && types === undefined && rows === undefined) {
        // Every struct's keys, in the order they first appear (one column for a key in any case), as Lucee.
        const keys = new Map<string, string>();
        for (const row of cols)
          for (const k of Object.keys(struct(row, "queryNew")))
            if (!keys.has(k.toLowerCase())) keys.set(k.toLowerCase(), k);
        [cols, types] = [[...keys.values()].join(","), cols];
      }
      const names = listItems(cols).map((c) => c.trim());
      for (const n of names) if (isForbiddenKey(n)) throw argError(`Access to "${n}" is not allowed`);
      if (new Set(names).size !== names.length) throw argError(`Column names must be unique: ${names.join(", ")}`);
      let data = rows;
      if (types !== undefined && (Array.isArray(types) || isStruct(types))) data = types;
      else if (types !== undefined) {
        const t = listItems(types).map((x) => x.trim().toLowerCase());
        if (t.length !== names.length) throw argError(`queryNew: ${names.length} columns but ${t.length} column types`);
        for (const x of t)
          if (!COLUMN_TYPES.has(x.replace(/^(cf_)?sql_/, "")))
            throw argError(`Unknown column type ${JSON.stringify(x)} (${[...COLUMN_TYPES].join(", ")})`);
      }
      const q = new QueryResult(names, []);
      if (data !== undefined) addRows(ctx, q, data, "queryNew");
      return q;
    },
  ],
  queryAddRow: [
    {
      params: "query, [rowsOrData]",
      doc: "Adds rows: a number of empty rows, a struct (one row, its values as they are, arrays too, as Lucee's queryAddRow), an array of structs or of arrays, or one row's values as an array; returns the new record count.",
      example: 'queryAddRow(queryNew("a"), 2)',
      result: "2",
    },
    (c, qv: unknown, r?: unknown) => {
      const q = query(qv, "queryAddRow");
      if (r === undefined) return addRow(c, q);
      if (typeof r === "number" || (typeof r === "string" && /^\s*\d+\s*$/.test(r))) {
        const n = int(r, "rows");
        if (n < 0 || n > 100_000) throw argError("rows must be between 0 and 100000");
        if (q.rows.length + n > c.limits.maxArrayLength)
          throw new RuntimeError(
            codes.ARRAY_LIMIT,
            `A query can hold at most ${c.limits.maxArrayLength} rows (limit maxArrayLength)`,
          );
        for (let i = 0; i < n; i++) addRow(c, q);
        return q.rows.length;
      }
      addRows(c, q, r, "queryAddRow", false);
      return q.rows.length;
    },
  ],
  querySetCell: [
    {
      params: "query, column, value, [row]",
      doc: "Sets one cell (default: the last row); returns true.",
      example: 'querySetCell(queryNew("a", [{a: 1}]), "a", 2)',
      result: "true",
    },
    (ctx, qv: unknown, c: unknown, v: unknown, r?: unknown) => {
      const q = query(qv, "querySetCell");
      const name = column(q, c);
      const n = r === undefined ? q.rows.length : int(r, "row");
      if (n < 1 || n > q.rows.length) throw argError(`Row ${n} is out of range 1..${q.rows.length}`);
      const row = q.rows[n - 1]!;
      hold(ctx, weigh(v) - weigh(row[name]));
      row[name] = v;
      return true;
    },
  ],
  querySort: [
    {
      params: "query, column, [order], [sortType]",
      awaitsArg: 1,
      doc: "Sorts the rows in place by a column and returns the query; or by a function of two rows (structs) that answers a negative number when the first goes first.",
      example: 'valueList(querySort(queryNew("n", [{n: 2}, {n: 1}]), "n"), "n")',
      result: "1,2",
    },
    (ctx, qv: unknown, c: unknown, o?: unknown, t?: unknown) => {
      const q = query(qv, "querySort");
      if (typeof c === "function") {
        // Lucee's querySort(query, function(row1, row2)), each row as a struct; a promise only
        // then (awaitsArg), so a sort by column stays synchronous.
        return sortWith(q.rows, c as Callback, toRowStruct).then((rows) => {
          q.rows = rows;
          return q;
        });
      }
      const name = column(q, c);
      const type = t ?? (q.rows.every((r) => typeof r[name] === "number") ? "numeric" : "text");
      q.rows = sortValues(q.rows, type, o, (r) => r[name], ctx);
      return q;
    },
  ],
  valueList: [
    {
      columnRef: true,
      params: "query, column, [delimiter]",
      doc: "The values of a column as a list (CFML's valueList(q.column) form works too).",
      example: 'valueList(queryNew("a", [{a: 1}, {a: 2}]), "a")',
      result: "1,2",
    },
    (_c, qv: unknown, c: unknown, d?: unknown) => {
      const q = query(qv, "valueList");
      const name = column(q, c);
      return q.rows.map((r) => str(r[name])).join(d === undefined ? "," : str(d));
    },
  ],
  queryColumnData: [
    {
      params: "query, column",
      doc: "The values of a column as an array.",
      example: 'queryColumnData(queryNew("a", [{a: 1}, {a: 2}]), "a")',
      result: "[1,2]",
    },
    (_c, qv: unknown, c: unknown) => {
      const q = query(qv, "queryColumnData");
      const name = column(q, c);
      return q.rows.map((r) => cell(r[name]));
    },
  ],
  queryGetRow: [
    {
      params: "query, row",
      doc: "One row as a struct.",
      example: 'queryGetRow(queryNew("a", [{a: 7}]), 1).a',
      result: "7",
    },
    (_c, qv: unknown, r: unknown) => {
      const q = query(qv, "queryGetRow");
      const n = int(r, "row");
      if (n < 1 || n > q.rows.length) throw argError(`Row ${n} is out of range 1..${q.rows.length}`);
      const s = newStruct();
      for (const c of q.columns) s[c] = cell(q.rows[n - 1]![c]);
      return s;
    },
  ],
  queryRowData: [
    {
      params: "query, row, [returnFormat]",
      doc: 'One row as a struct (returnFormat "array": its values as an array).',
      example: 'queryRowData(queryNew("a,b", [[1, 2]]), 1, "array")',
      result: "[1,2]",
    },
    (_c, qv: unknown, r: unknown, f?: unknown) => {
      const q = query(qv, "queryRowData");
      const row = q.rows[rowOf(q, r, "queryRowData")]!;
      if (f !== undefined && str(f).toLowerCase() === "array") return q.columns.map((c) => cell(row[c]));
      const s = newStruct();
      for (const c of q.columns) s[c] = cell(row[c]);
      return s;
    },
  ],
  queryGetCell: [
    {
      params: "query, column, [row]",
      doc: "One cell (row 1 by default).",
      example: 'queryGetCell(queryNew("a", [{a: 1}, {a: 2}]), "a", 2)',
      result: "2",
    },
    (_c, qv: unknown, c: unknown, r?: unknown) => {
      const q = query(qv, "queryGetCell");
      const name = column(q, c);
      return cell(q.rows[rowOf(q, r ?? 1, "queryGetCell")]![name]);
    },
  ],
  queryAddColumn: [
    {
      params: "query, column, [type], [values]",
      doc: 'Adds a column (filled from an array of values, else ""); returns its position.',
      example: 'queryAddColumn(queryNew("a"), "b", [1])',
      result: "2",
    },
    (ctx, qv: unknown, c: unknown, t?: unknown, vals?: unknown) => {
      const q = query(qv, "queryAddColumn");
      const name = str(c).trim();
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || isForbiddenKey(name))
        throw argError(`Invalid column name ${JSON.stringify(name)}`);
      if (columnOf(q, name) !== undefined) throw argError(`Column "${name}" is already in the query`);
      const values = vals === undefined ? (Array.isArray(t) ? t : []) : arr(vals, "queryAddColumn");
      if (
        vals !== undefined &&
        t !== undefined &&
        !COLUMN_TYPES.has(
          str(t)
            .toLowerCase()
            .replace(/^cf_sql_/, ""),
        )
      )
        throw argError(`Unknown column type ${JSON.stringify(str(t))}`);
      while (q.rows.length < values.length) addRow(ctx, q);
      q.columns.push(name);
      q.rows.forEach((row, i) => {
        row[name] = i < values.length ? values[i] : "";
      });
      return q.columns.length;
    },
  ],
  queryDeleteColumn: [
    {
      params: "query, column",
      doc: "Removes a column and returns its values as an array.",
      example: 'queryDeleteColumn(queryNew("a,b", [[1, 2]]), "b")',
      result: "[2]",
    },
    (_c, qv: unknown, c: unknown) => {
      const q = query(qv, "queryDeleteColumn");
      const name = column(q, c);
      const values = q.rows.map((r) => cell(r[name]));
      q.columns = q.columns.filter((x) => x !== name);
      for (const r of q.rows) delete r[name];
      return values;
    },
  ],
  queryDeleteRow: [
    {
      params: "query, [row]",
      doc: "Removes a row (the last without row); returns true.",
      example: 'queryDeleteRow(queryNew("a", [{a: 1}]), 1)',
      result: "true",
    },
    (_c, qv: unknown, r?: unknown) => {
      const q = query(qv, "queryDeleteRow");
      q.rows.splice(rowOf(q, r ?? q.rows.length, "queryDeleteRow"), 1);
      return true;
    },
  ],
  queryColumnList: [
    {
      params: "query, [delimiter]",
      doc: "The column names as a list.",
      example: 'queryColumnList(queryNew("name,age"))',
      result: "name,age",
    },
    (_c, qv: unknown, d?: unknown) => query(qv, "queryColumnList").columns.join(d === undefined ? "," : str(d)),
  ],
  queryColumnArray: [
    {
      params: "query",
      doc: "The column names as an array.",
      example: 'queryColumnArray(queryNew("name,age"))',
      result: '["name","age"]',
    },
    (_c, qv: unknown) => [...query(qv, "queryColumnArray").columns],
  ],
  queryColumnCount: [
    { params: "query", doc: "Number of columns.", example: 'queryColumnCount(queryNew("name,age"))', result: "2" },
    (_c, qv: unknown) => query(qv, "queryColumnCount").columns.length,
  ],
  queryColumnExists: [
    {
      params: "query, column",
      doc: "true when the query has the column.",
      example: 'queryColumnExists(queryNew("a"), "b")',
      result: "false",
    },
    (_c, qv: unknown, c: unknown) => columnOf(query(qv, "queryColumnExists"), str(c)) !== undefined,
  ],
  queryKeyExists: [
    {
      params: "query, column",
      doc: "Same as queryColumnExists.",
      example: 'queryKeyExists(queryNew("a"), "a")',
      result: "true",
    },
    (_c, qv: unknown, c: unknown) => columnOf(query(qv, "queryKeyExists"), str(c)) !== undefined,
  ],
  queryRecordCount: [
    { params: "query", doc: "Number of rows.", example: 'queryRecordCount(queryNew("a", [{a: 1}]))', result: "1" },
    (_c, qv: unknown) => query(qv, "queryRecordCount").rows.length,
  ],
  queryIsEmpty: [
    {
      params: "query",
      doc: "true when the query has no rows.",
      example: 'queryIsEmpty(queryNew("a"))',
      result: "true",
    },
    (_c, qv: unknown) => query(qv, "queryIsEmpty").rows.length === 0,
  ],
  querySlice: [
    {
      params: "query, offset, [length]",
      doc: "A new query with length rows (to the end without length) from the 1-based offset.",
      example: 'querySlice(queryNew("a", [[1], [2], [3]]), 2).recordCount',
      result: "2",
    },
    (_c, qv: unknown, o: unknown, l?: unknown) => {
      const q = query(qv, "querySlice");
      const from = int(o, "offset");
      if (from < 1 || from > q.rows.length)
        throw argError(`querySlice: offset ${from} is out of range 1..${q.rows.length}`);
      const len = l === undefined ? q.rows.length - from + 1 : int(l, "length");
      if (len < 0 || from - 1 + len > q.rows.length) throw argError(`querySlice: length ${len} runs past the last row`);
      return new QueryResult(
        [...q.columns],
        q.rows.slice(from - 1, from - 1 + len).map((r) => Object.assign(newStruct(), r)),
      );
    },
  ],
  valueArray: [
    {
      columnRef: true,
      params: "query, column",
      doc: "The values of a column as an array (CFML's valueArray(q.column) form works too).",
      example: 'valueArray(queryNew("a", [[1], [2]]), "a")',
      result: "[1,2]",
    },
    (_c, qv: unknown, c: unknown) => {
      const q = query(qv, "valueArray");
      const name = column(q, c);
      return q.rows.map((r) => cell(r[name]));
    },
  ],
  queryCacheFlush: [
    {
      params: "",
      doc: 'Forgets every cachedwithin query result of the site (in every process of it) and returns how many there were in this one; one query is refreshed with cachedwithin="0".',
      example: "queryCacheFlush()",
      result: "0",
    },
    (ctx) => ctx.page.db?.flushCacheEverywhere() ?? 0,
  ],
});
