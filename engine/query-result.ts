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
