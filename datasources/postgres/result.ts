// A node-postgres result as the Driver's: the column names and types, the rows as they are.
import type pg from "pg";
import type { DriverResult } from "../driver.js";

/** pg's type OIDs for the column types a template can tell apart (the rest by number). */
const TYPE_NAMES: Record<number, string> = {
  16: "bool",
  17: "bytea",
  20: "int8",
  21: "int2",
  23: "int4",
  25: "text",
  114: "json",
  700: "float4",
  701: "float8",
  1042: "bpchar",
  1043: "varchar",
  1082: "date",
  1083: "time",
  1114: "timestamp",
  1184: "timestamptz",
  1700: "numeric",
  2950: "uuid",
  3802: "jsonb",
};

/** The result; `bytes`: the characters of its values as they arrived (BoundedQuery counts them). */
export function result(res: pg.QueryResult, bytes = 0): DriverResult {
  return {
    columns: (res.fields ?? []).map((f) => ({ name: f.name, type: TYPE_NAMES[f.dataTypeID] ?? String(f.dataTypeID) })),
    rows: (res.rows ?? []) as Record<string, unknown>[],
    bytes,
  };
}
