// Postgres behind the Driver seam (../driver.ts), on node-postgres: connections from
// client.ts, error meaning from errors.ts, and here how one statement runs — always the
// extended protocol, as a named prepared statement when asked, re-prepared once when Postgres
// says the cached plan no longer fits (0A000 after ALTER TABLE), with a per-statement
// statement_timeout set around it.
import type pg from "pg";
import type { Driver, DriverResult, Isolation, StatementOptions } from "../driver.js";
import { backendId, cancel, connect, disconnect, forgetStatement, ping, statement, type Connection } from "./client.js";
import { classify } from "./errors.js";
import { sharedQuery } from "./pipeline.js";
import { result } from "./result.js";

/**
 * One statement on a connection of its own. Past its bounds it is cancelled on the server at
 * once (the connection runs nothing else), and it settles only once the server has taken the
 * cancel, so the next statement on the connection cannot be hit by it.
 */
function run(
  conn: Connection,
  sql: string,
  params: unknown[],
  opts: StatementOptions,
): Promise<{ res: pg.QueryResult; bytes: number }> {
  return new Promise((resolve, reject) => {
    let cancelling: Promise<void> | null = null;
    const q = statement(
      sql,
      params,
      opts.name,
      opts.clientTimeoutMs,
      (err, res) => {
        const done = () => (err ? reject(err) : resolve({ res, bytes: q.bytes }));
        if (cancelling) void cancelling.then(done);
        else done();
      },
      opts,
      () => void (cancelling = cancel(conn)),
    );
    void conn.client.query(q as unknown as pg.QueryConfig);
  });
}

function query(conn: Connection, sql: string, params: unknown[], opts: StatementOptions): Promise<DriverResult> {
  return opts.shared ? sharedQuery(conn, sql, params, opts) : ownQuery(conn, sql, params, opts);
}

async function ownQuery(
  conn: Connection,
  sql: string,
  params: unknown[],
  opts: StatementOptions,
): Promise<DriverResult> {
  const client = conn.client;
  const { name, statementTimeoutMs } = opts;
  let res: { res: pg.QueryResult; bytes: number };
  if (statementTimeoutMs) await client.query(`SET statement_timeout = ${Math.max(1, Math.floor(statementTimeoutMs))}`);
  try {
    try {
      res = await run(conn, sql, params, opts);
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
      res = await run(conn, sql, params, opts);
    }
  } finally {
    if (statementTimeoutMs) await client.query(`SET statement_timeout = ${conn.statementTimeoutMs}`).catch(() => {});
  }
  return result(res.res, res.bytes);
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
