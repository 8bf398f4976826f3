// One request's statement on a connection other requests' statements share (the "pipeline"
// strategy). node-postgres 8.23's pipeline mode writes each statement at once, each with its
// own Sync, so an error ends only its own implicit transaction. What sharing changes:
// - session state: none is changed. A per-statement statement_timeout is a setting local to a
//   transaction of the statement's own (BEGIN, set_config(…, true), the statement, COMMIT,
//   written in the same tick, so no neighbour's statement lands between them and a pooler keeps
//   the four on one server connection); it ends with that transaction;
// - cancelling: a CancelRequest stops whatever the backend runs at that moment, so it is sent
//   only while this statement is the one being answered; when the server had already moved on,
//   the neighbour it hit fails with 57014 "user request" before it could have any effect, and
//   is issued again here;
// - a connection the server ends in-band (FATAL, e.g. pg_terminate_backend): the statement
//   being answered — unless it had completed — and every one written after it never took
//   effect, so their errors are marked `unexecuted` and the registry issues them again on
//   another connection.
import pg from "pg";
import { idleMs, type DriverResult, type StatementOptions } from "../driver.js";
import { busy, cancel, isActive, statement, type Connection } from "./client.js";
import { result } from "./result.js";
import { unexecuted } from "./errors.js";

/** A statement a neighbour's cancel hit is issued again at most this often. */
const NEIGHBOUR_RETRIES = 3;
/** While waiting to cancel a statement still queued behind others, look this often. */
const WATCH_MS = 10;
/** Cancels sent for one statement at most (one reaching the backend before it is ignored). */
const MAX_CANCELS = 4;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How the statements of a shared connection go out (see writing). `corked`: held in the socket's
 * buffer until the event loop's check phase, `batch` of them so far; `bursts`: how much holding
 * them has paid lately (1 when statements came in the same turn, falling while each hold carried
 * one); `direct`: the turn (idleMs()) of the last statement written at once.
 */
interface Writes {
  corked: boolean;
  batch: number;
  bursts: number;
  direct: number;
}
const writes = new WeakMap<pg.Client, Writes>();
/** Below this, a statement on an idle connection is written at once. */
const BURSTY = 0.5;
/** How much a hold that carried one statement lowers `bursts`. */
const BURST_DECAY = 0.9;

/**
 * Before a statement is written to a shared connection: true when it should be written at once
 * (the caller corks the socket around its writes and uncorks it after them); else the socket is
 * held until the event loop's check phase (started or joined here), and every request whose bytes
 * arrived in the same poll phase shares one system call (node-postgres writes each statement with
 * a call of its own otherwise). Where statements reach the connection one at a time (a site with
 * one visitor: each hold carries one) the hold buys nothing and costs CPU time a request, so a
 * statement on an idle connection is written at once unless statements of late came in bursts:
 * one arriving in the same turn as a statement written at once shows a burst, and the next ones
 * are held again.
 */
function writing(conn: Connection): boolean {
  const client = conn.client;
  let w = writes.get(client);
  if (!w) writes.set(client, (w = { corked: false, batch: 0, bursts: 1, direct: -1 }));
  if (w.corked) {
    w.batch++;
    return false;
  }
  if (!busy(conn)) {
    if (w.bursts < BURSTY) {
      w.direct = idleMs();
      return true;
    }
  } else if (w.direct === idleMs()) w.bursts = 1;
  hold(client, w);
  return false;
}

/** Holds the connection's writes in its socket's buffer until the check phase (see writing). */
function hold(client: pg.Client, w: Writes): void {
  const stream = socket(client);
  if (!stream) return;
  w.corked = true;
  w.batch = 1;
  stream.cork();
  setImmediate(() => {
    w.corked = false;
    if (w.batch === 1) w.bursts *= BURST_DECAY;
    stream.uncork();
  });
}

const socket = (client: pg.Client) => {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection
    ?.stream;
  return stream?.cork && stream.uncork ? (stream as { cork(): void; uncork(): void }) : null;
};

/** A statement of the per-statement-timeout wrapper: its errors are the wrapped statement's. */
const wrapper = (sql: string, params: unknown[] = []) => statement(sql, params, undefined, undefined, () => {});

/**
 * One statement on a shared connection: one promise, settled from node-postgres's callback,
 * which also issues the statement again when a neighbour's cancel hit it or its prepared plan
 * went stale.
 */
export function sharedQuery(
  conn: Connection,
  sql: string,
  params: unknown[],
  opts: StatementOptions,
): Promise<DriverResult> {
  return new Promise<DriverResult>((resolve, reject) => send(conn, opts.name, sql, params, opts, 0, resolve, reject));
}

function send(
  conn: Connection,
  name: string | undefined,
  sql: string,
  params: unknown[],
  opts: StatementOptions,
  attempt: number,
  resolve: (r: DriverResult) => void,
  reject: (err: Error) => void,
): void {
  const client = conn.client;
  let done = false;
  // A cancel under way (see onStop): the statement settles only once the server has taken it.
  let watching: Promise<void> | null = null;
  // The statement starts to run once it is sent and the one ahead of it has been answered.
  const sent = idleMs();
  const settle = (err: Error | undefined, res: pg.QueryResult) => {
    if (!err) return resolve(result(res, q.bytes));
    const e = err as Partial<pg.DatabaseError>;
    if (opts.stop?.aborted) return reject(err);
    if (e.code === "57014" && /user request/.test(e.message ?? "") && attempt < NEIGHBOUR_RETRIES)
      return send(conn, name, sql, params, opts, attempt + 1, resolve, reject);
    // The table changed under the statement's plan: once more unnamed, and the connection
    // is replaced when its last user gives it back (its other prepared plans may be stale).
    if (name && e.code === "0A000") {
      conn.retire = true;
      return send(conn, undefined, sql, params, opts, attempt + 1, resolve, reject);
    }
    reject(err);
  };
  const q = statement(
    sql,
    params,
    name,
    opts.clientTimeoutMs,
    (err, res) => {
      done = true;
      const now = idleMs();
      opts.elapsedMs = now - Math.max(sent, conn.lastDoneIdle);
      opts.failed = !!err;
      conn.lastDoneIdle = now;
      opts.stop?.removeEventListener("abort", onStop);
      if (err) {
        if ((err as Partial<pg.DatabaseError>).severity === "FATAL") conn.fatal = true;
        if (conn.fatal && !completed(q)) unexecuted.add(err);
      }
      if (watching) {
        const after = () => settle(err, res);
        void watching.then(after, after);
      } else settle(err, res);
    },
    // Past its bounds the statement is cancelled as when its page stops: only while it is the
    // one the backend answers (it is now: its row just arrived).
    opts,
    () => onStop(),
  );
  const onStop = () => {
    watching ??= stopWhenActive(conn, q, () => done);
  };
  const ms = opts.statementTimeoutMs;
  // Written at once: the wrapper's statements and this one still in one system call.
  const now = writing(conn) ? socket(client) : null;
  now?.cork();
  try {
    if (ms) {
      void client.query(wrapper("BEGIN") as unknown as pg.QueryConfig);
      void client.query(
        wrapper("SELECT set_config('statement_timeout', $1, true)", [
          String(Math.max(1, Math.floor(ms))),
        ]) as unknown as pg.QueryConfig,
      );
    }
    void client.query(q as unknown as pg.QueryConfig);
    // After a failed statement COMMIT ends the aborted transaction (Postgres answers ROLLBACK).
    if (ms) void client.query(wrapper("COMMIT") as unknown as pg.QueryConfig);
  } finally {
    now?.uncork();
  }
  if (opts.stop?.aborted) onStop();
  else opts.stop?.addEventListener("abort", onStop, { once: true });
}

/** Did the statement's CommandComplete arrive (it may then have committed)? */
function completed(q: pg.Query): boolean {
  return (q as unknown as { _result: { command: string | null } })._result.command !== null;
}

/** Cancels `q` once it is the statement the backend answers, never a neighbour's. */
async function stopWhenActive(conn: Connection, q: pg.Query, done: () => boolean): Promise<void> {
  let sent = 0;
  while (!done() && !conn.broken && sent < MAX_CANCELS) {
    if (isActive(conn, q)) {
      await cancel(conn);
      sent++;
      if (!done()) await sleep(250);
    } else await sleep(WATCH_MS);
  }
}
