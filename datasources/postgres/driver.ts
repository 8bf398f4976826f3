// Postgres behind the Driver seam (../driver.ts), on node-postgres: connections from
// client.ts, error meaning from errors.ts, and here how one statement runs — always the
// extended protocol, as a named prepared statement when asked, re-prepared once when Postgres
// says the cached plan no longer fits (0A000 after ALTER TABLE), with a per-statement
// statement_timeout set around it.
import type pg from "pg";
import type { Driver, DriverResult, Isolation, StatementOptions } from "../driver.js";
import { backendId, cancel, connect, disconnect, forgetStatement, ping, type Connection } from "./client.js";
import { classify } from "./errors.js";
import { sharedQuery } from "./pipeline.js";

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

async function query(conn: Connection, sql: string, params: unknown[], opts: StatementOptions): Promise<DriverResult> {
  if (opts.shared) return result(await sharedQuery(conn, sql, params, opts));
  const client = conn.client;
  const { name, statementTimeoutMs } = opts;
  // Always the extended protocol: an unnamed statement without values would otherwise go as a
  // simple query, which runs several statements in one string — named ones never do.
  const config = {
    name,
    text: sql,
    values: params,
    queryMode: "extended",
    query_timeout: opts.clientTimeoutMs || undefined,
  } as pg.QueryConfig;
  let res: pg.QueryResult;
  if (statementTimeoutMs) await client.query(`SET statement_timeout = ${Math.max(1, Math.floor(statementTimeoutMs))}`);
  try {
    try {
      res = await client.query(config);
    } catch (err) {
      if (!name || (err as pg.DatabaseError).code !== "0A000") throw err;
      // The table changed under the statement's plan ("cached plan must not change result
      // type"): prepare it afresh. Inside a transaction the failure has aborted it, so the
      // connection is only marked to be replaced when given back.
      if (!opts.mayRetry) {
        conn.retire = true;
        throw err;
      }
      await client.query(`DEALLOCATE ${name}`);
      forgetStatement(conn, name);
      res = await client.query(config);
    }
  } finally {
    if (statementTimeoutMs) await client.query(`SET statement_timeout = ${conn.statementTimeoutMs}`).catch(() => {});
  }
  return result(res);
}

function result(res: pg.QueryResult): DriverResult {
  return {
    columns: (res.fields ?? []).map((f) => ({ name: f.name, type: TYPE_NAMES[f.dataTypeID] ?? String(f.dataTypeID) })),
    rows: (res.rows ?? []) as Record<string, unknown>[],
  };
}

export const postgres: Driver<Connection> = {
  name: "postgres",
  pipelining: true,
  connect,
  disconnect,
  ping,
  query,
  cancel: (conn) => cancel(conn),
  async begin(conn, isolation?: Isolation) {
    await conn.client.query(isolation ? `BEGIN ISOLATION LEVEL ${isolation.replace("_", " ").toUpperCase()}` : "BEGIN");
  },
  async control(conn, sql) {
    await conn.client.query(sql);
  },
  classify,
  backendId,
};
