import { category, str, int, arr, query, struct, argError } from "./define.js";
import { sortValues, listItems } from "./lists.js";
import { QueryResult, SqlIdentifier, newStruct, type Struct } from "../values.js";
import { QueryParamError } from "../errors.js";

function column(q: QueryResult, c: unknown): string {
  const name = str(c);
  if (!q.columns.includes(name)) throw argError(`Column "${name}" is not in the query (columns: ${q.columns.join(", ")})`);
  return name;
}

function addRow(q: QueryResult, data?: Struct): number {
  const row = newStruct();
  for (const c of q.columns) row[c] = data && Object.prototype.hasOwnProperty.call(data, c) ? data[c] : null;
  q.rows.push(row);
  return q.rows.length;
}

const quoteIdent = (name: string) => name.split(".").map((p) => `"${p.replace(/"/g, '""')}"`).join(".");

export default category("queries", {
  ident: [{ params: "name, allowList", doc: 'A column or table name for dbt:query, only if it is one of allowList (a list, or an array): `ORDER BY #ident(url.sort, "name,price")#`. Anything else is a 400.', example: 'ident("price", "name,price")', result: '"price"' },
    (_c, v: unknown, allowed: unknown) => {
      const name = str(v);
      const list = Array.isArray(allowed) ? allowed.map((a) => str(a)) : listItems(allowed).map((a) => a.trim());
      if (!list.includes(name)) throw new QueryParamError(`${JSON.stringify(name)} is not one of the allowed names: ${list.join(", ")}`, null);
      return new SqlIdentifier(quoteIdent(name));
    }],
  queryNew: [{ params: "columnList, [rows]", doc: "A new query with these columns, optionally filled from an array of structs.", example: 'queryNew("id,name", [{id: 1, name: "a"}]).recordCount', result: "1" },
    (_c, cols: unknown, rows?: unknown) => {
      const q = new QueryResult(listItems(cols).map((c) => c.trim()), []);
      if (rows !== undefined) for (const r of arr(rows, "queryNew")) addRow(q, struct(r, "queryNew"));
      return q;
    }],
  queryAddRow: [{ params: "query, [row]", doc: "Adds a row (from a struct, else empty) and returns the new record count.", example: 'queryAddRow(queryNew("a"), {a: 1})', result: "1" },
    (_c, q: unknown, r?: unknown) => addRow(query(q, "queryAddRow"), r === undefined ? undefined : struct(r, "queryAddRow"))],
  querySetCell: [{ params: "query, column, value, [row]", doc: "Sets one cell (default: the last row); returns true.", example: 'querySetCell(queryNew("a", [{a: 1}]), "a", 2)', result: "true" },
    (_c, qv: unknown, c: unknown, v: unknown, r?: unknown) => {
      const q = query(qv, "querySetCell"); const name = column(q, c);
      const n = r === undefined ? q.rows.length : int(r, "row");
      if (n < 1 || n > q.rows.length) throw argError(`Row ${n} is out of range 1..${q.rows.length}`);
      q.rows[n - 1]![name] = v;
      return true;
    }],
  querySort: [{ params: "query, column, [order], [sortType]", doc: "Sorts the rows in place by a column and returns the query.", example: 'valueList(querySort(queryNew("n", [{n: 2}, {n: 1}]), "n"), "n")', result: "1,2" },
    (_c, qv: unknown, c: unknown, o?: unknown, t?: unknown) => {
      const q = query(qv, "querySort"); const name = column(q, c);
      const type = t ?? (q.rows.every((r) => typeof r[name] === "number") ? "numeric" : "text");
      q.rows = sortValues(q.rows, type, o, (r) => r[name]);
      return q;
    }],
  valueList: [{ params: "query, column, [delimiter]", doc: "The values of a column as a list.", example: 'valueList(queryNew("a", [{a: 1}, {a: 2}]), "a")', result: "1,2" },
    (_c, qv: unknown, c: unknown, d?: unknown) => { const q = query(qv, "valueList"); const name = column(q, c); return q.rows.map((r) => str(r[name])).join(d === undefined ? "," : str(d)); }],
  queryColumnData: [{ params: "query, column", doc: "The values of a column as an array.", example: 'queryColumnData(queryNew("a", [{a: 1}, {a: 2}]), "a")', result: "[1,2]" },
    (_c, qv: unknown, c: unknown) => { const q = query(qv, "queryColumnData"); const name = column(q, c); return q.rows.map((r) => r[name] ?? null); }],
  queryGetRow: [{ params: "query, row", doc: "One row as a struct.", example: 'queryGetRow(queryNew("a", [{a: 7}]), 1).a', result: "7" },
    (_c, qv: unknown, r: unknown) => {
      const q = query(qv, "queryGetRow"); const n = int(r, "row");
      if (n < 1 || n > q.rows.length) throw argError(`Row ${n} is out of range 1..${q.rows.length}`);
      const s = newStruct(); for (const c of q.columns) s[c] = q.rows[n - 1]![c] ?? null; return s;
    }],
});
