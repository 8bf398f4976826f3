// Postgres behind the Driver seam (../driver.ts), on node-postgres: connections from
// client.ts, error meaning from errors.ts, and here how one statement runs — always the
// extended protocol, as a named prepared statement when asked, re-prepared once when Postgres
// says the cached plan no longer fits (0A000 after ALTER TABLE), with a per-statement
// statement_timeout local to a transaction around it.
import type pg from "pg";
import type { Isolation } from "../../engine/isolation.js";
import { idleMs, type Driver, type DriverResult, type StatementOptions } from "../driver.js";
import { backendId, cancel, connect, disconnect, forgetStatement, ping, statement, type Connection } from "./client.js";
import { classify } from "./errors.js";
import { sharedQuery } from "./pipeline.js";
import { result } from "./result.js";
import { plainRead } from "./reads.js";

/**
 * One statement on a connection of its own. Past its bounds it is cancelled on the server at
 * once (the connection runs nothing else), and it settles only once the server has taken the
 * cancel, so the next statement on the connection cannot be hit by it. With `replan`, a named
 * statement whose plan went stale is prepared again and run once more (see replanned).
 */
function run(
  conn: Connection,
  sql: string,
  params: unknown[],
  opts: StatementOptions,
  replan: boolean,
): Promise<DriverResult> {
  // The result made here, not in a promise derived from this one: a turn of the microtask
  // queue and a promise less a statement.
  return new Promise((resolve, reject) => {
    let cancelling: Promise<void> | null = null;
    const sent = idleMs();
    const q = statement(
      sql,
      params,
      opts.name,
      opts.clientTimeoutMs,
      (err, res) => {
        opts.elapsedMs = idleMs() - sent;
        opts.failed = !!err;
        const done = () =>
          !err
            ? resolve(result(res, q.bytes))
            : replan && isStalePlan(err)
              ? resolve(replanned(conn, sql, params, opts, err))
              : reject(err);
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

function ownQuery(conn: Connection, sql: string, params: unknown[], opts: StatementOptions): Promise<DriverResult> {
  // Without a limit, the statement's own promise (which replans itself): no async function or
  // derived promise around it (900 bytes and two turns of the microtask queue a statement).
  const ms = opts.statementTimeoutMs;
  if (!ms) return run(conn, sql, params, opts, opts.name !== undefined);
  const limited = timeLimited(conn, sql, params, opts, ms);
  // Replanned once its transaction ended (a failed statement aborted it).
  return opts.name ? limited.catch((err: unknown) => replanned(conn, sql, params, opts, err)) : limited;
}

/** "cached plan must not change result type": the table changed under a named statement's plan. */
const isStalePlan = (err: unknown) => (err as pg.DatabaseError).code === "0A000";

/**
 * A named statement's failure: when the table changed under its plan (0A000), the statement
 * prepared afresh and run again; else the error. Inside a transaction the failure has aborted
 * it, so the connection is only marked to be replaced when given back.
 */
async function replanned(
  conn: Connection,
  sql: string,
  params: unknown[],
  opts: StatementOptions,
  err: unknown,
): Promise<DriverResult> {
  const name = opts.name!;
  if (!isStalePlan(err)) throw err;
  if (!opts.mayRetry) {
    conn.retire = true;
    throw err;
  }
  await conn.client.query(`DEALLOCATE ${name}`);
  forgetStatement(conn, name);
  const ms = opts.statementTimeoutMs;
  return ms ? timeLimited(conn, sql, params, opts, ms) : run(conn, sql, params, opts, false);
}

/**
 * The statement under its own statement_timeout. The limit is a setting local to a transaction,
 * so it travels with the statement to whichever server connection a pooler gives that
 * transaction and ends with it: inside the caller's transaction it is set before and put back
 * after; outside one the statement gets a transaction of its own (BEGIN and the SET in one round
 * trip). Set for the session, then reset, the three statements reached different server
 * connections behind PgBouncer and the limit stayed on another page's.
 */
async function timeLimited(
  conn: Connection,
  sql: string,
  params: unknown[],
  opts: StatementOptions,
  limitMs: number,
): Promise<DriverResult> {
  const client = conn.client;
  const ms = String(Math.max(1, Math.floor(limitMs)));
  if (opts.inTransaction) {
    const r = await client.query<{ before: string }>({
      text: "SELECT current_setting('statement_timeout') AS before, set_config('statement_timeout', $1, true)",
      values: [ms],
    });
    try {
      return await run(conn, sql, params, opts, false);
    } finally {
      await client
        .query({ text: "SELECT set_config('statement_timeout', $1, true)", values: [r.rows[0]!.before] })
        .catch(() => {});
    }
  }
  await client.query(`BEGIN; SET LOCAL statement_timeout = ${ms}`);
  let res: DriverResult;
  try {
    res = await run(conn, sql, params, opts, false);
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
  await client.query("COMMIT");
  return res;
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
  plainRead,
  async writePosition(conn) {
    // Where the WAL has been written to: past the end of a commit that returned, as a commit
    // waits for its flush — unless synchronous_commit is off, where the insert position is the
    // bound (one a replica may reach only with the next write: at a page's start it counts the
    // page header, which a replay position never does).
    const r = await conn.client.query<{ lsn: string }>(
      "SELECT (CASE WHEN current_setting('synchronous_commit') = 'off' THEN pg_current_wal_insert_lsn() ELSE pg_current_wal_lsn() END)::text AS lsn",
    );
    return lsn(r.rows[0]!.lsn);
  },
  async replayPosition(conn) {
    const r = await conn.client.query<{ lsn: string | null }>(
      "SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()::text END AS lsn",
    );
    return r.rows[0]!.lsn === null ? null : lsn(r.rows[0]!.lsn);
  },
};

/** A WAL position as Postgres writes it ("16/B374D848") as a number. */
function lsn(text: string): bigint {
  const [hi, lo] = text.split("/");
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}
