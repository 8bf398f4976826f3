// The query result value: a leaf (it imports types only) so that datasources/ builds one
// without loading the value model or the function library behind it.
import type { ColumnFold } from "./keys.js";

/** A query result: column names and rows, as `dbt:output query=` and the query functions see it. */
export class QueryResult {
  executionTime = 0;
  cached = false;
  /** Characters of the values as the database sent them (0 for a query made in the page). */
  bytes = 0;
  /** Its columns by name in any case (engine/keys.ts columnOf), made at the first ask. */
  fold: ColumnFold | undefined = undefined;
  constructor(
    public columns: string[],
    public rows: Record<string, unknown>[],
  ) {}
  get recordCount(): number {
    return this.rows.length;
  }
}

/** A row of a database result (an object of a shape shared by its rows) and one of its values (a slot and a string's header). */
export const RESULT_ROW_BYTES = 32;
export const RESULT_CELL_BYTES = 24;

/** A result's size as a page's memory budget and the query cache count it: its rows, cells and characters. */
export const resultBytes = (q: QueryResult): number =>
  q.rows.length * (RESULT_ROW_BYTES + q.columns.length * RESULT_CELL_BYTES) + q.bytes;
