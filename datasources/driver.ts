// The seam between Quarry and a database. Everything that speaks one database's protocol — its
// client library, its error codes, how it prepares, times out and cancels a statement, how a
// transaction starts — lives behind this interface in its own folder (datasources/postgres/).
// The rest of Quarry (datasource.ts's strategies, registry.ts's query execution and error
// mapping, the tags, the server) talks to a Driver and never imports the client library; the
// import rules in .dependency-cruiser.cjs keep it so. CONTRIBUTING.md ("Adding a datasource
// driver") says what a second driver needs.
import type { CancelSignal } from "../engine/cancel.js";
import type { DatasourceConfig } from "../config/site.js";
import type { Isolation } from "../engine/isolation.js";

/**
 * How long this process's event loop has been idle (ms, growing). A statement's run time is
 * taken as the idle time between the moment it could start and its answer: while the loop
 * waits idle, no answer is there (it would be read at once), so that time passed on the
 * server; time the loop spent busy (rendering pages, a GC pause) may have left the answer
 * unread in the socket and is not counted. The wall time would count it, and under load every
 * statement would look slow. A lower bound: with the loop never idle, a slow statement looks
 * short. Strategy "pipeline" decides by it which statements may share a connection, and when
 * a shared connection has stalled.
 */
export const idleMs = (): number => performance.nodeTiming.idleTime;

/** One open connection, as the strategies see it; a driver extends it with its client. */
export interface DriverConnection {
  /** Set when the socket failed; a broken connection is destroyed, never reused. */
  broken: boolean;
  /** When it was last given back (Date.now()): one idle too long is checked before reuse. */
  lastUsed: number;
  /** Healthy, but to be replaced when given back (e.g. its prepared statements are stale). */
  retire: boolean;
  /**
   * A pooler (PgBouncer) stands between it and the database: consecutive statements outside
   * a transaction may reach different server connections, so no session state and, unless the
   * config says otherwise, no named prepared statements.
   */
  pooled: boolean;
}

export interface DriverColumn {
  name: string;
  /** The database's name for the column's type ("int4", "text", …); "" when unknown. */
  type: string;
}

export interface DriverResult {
  columns: DriverColumn[];
  rows: Record<string, unknown>[];
  /** Characters of the values kept, as the database sent them (what maxBytes counts). */
  bytes: number;
}

/** What one statement may return (a StatementOptions is one): rows are counted as they arrive, and the statement is cancelled past a bound. */
export interface ResultBounds {
  /** Most rows (past it: ResultLimitError); absent: none. */
  maxRows?: number | undefined;
  /** Most characters of values, as the database sends them (past it: ResultLimitError). */
  maxBytes?: number | undefined;
  /** Rows past this many are dropped unread and uncounted (dbt:query maxrows). */
  keep?: number | undefined;
}

/**
 * A statement returned more than its bounds allow: the driver stopped keeping rows and
 * cancelled it on the server; the connection stays usable (registry.ts makes it
 * QRY_ERR_QUERY_LIMIT).
 */
export class ResultLimitError extends Error {
  constructor(
    readonly bound: "rows" | "bytes",
    readonly limit: number,
    /** Rows read when it was passed, and their characters. */
    readonly rows: number,
    readonly bytes: number,
  ) {
    super(`the statement returned more than ${limit} ${bound}`);
  }
}

export interface StatementOptions {
  /** Prepare the statement under this name and reuse the plan (absent: unnamed). */
  name?: string | undefined;
  /** A server-side time limit for this statement only (ms). */
  statementTimeoutMs?: number | undefined;
  /** Give up client-side after this long and break the connection (0 or absent: no limit). */
  clientTimeoutMs?: number | undefined;
  /** May the driver replace a stale prepared plan and retry (false inside a transaction). */
  mayRetry: boolean;
  /** The statement runs inside the caller's transaction (dbt:transaction). */
  inTransaction?: boolean;
  /**
   * Other requests' statements may be in flight on the same connection (strategy "pipeline").
   * The driver then changes no session state a neighbour could see, cancels only this
   * statement (never whatever the connection happens to run), and re-issues this statement
   * when a neighbour's cancel hit it.
   */
  shared?: boolean;
  /** Shared statements: cancel this statement when it aborts (the caller stopped waiting). */
  stop?: CancelSignal | undefined;
  /**
   * Bounds on the result, checked row by row as it arrives (absent: none). Flat here rather
   * than an object of their own: a statement allocates no more for them.
   */
  maxRows?: number | undefined;
  maxBytes?: number | undefined;
  keep?: number | undefined;
  /**
   * Set by the driver once the statement settled: how long it ran (ms), at least, from when it
   * could start — when it was sent, or on a shared connection when the statement ahead of it
   * was answered — to its answer, not counting time the client was too busy to read the answer
   * (strategy "pipeline" decides by it which statements may be written behind others).
   */
  elapsedMs?: number | undefined;
  /** Set with elapsedMs: the statement failed (then it may have ended early: cancelled, stopped). */
  failed?: boolean | undefined;
}

/**
 * What an error means to Quarry:
 * - connection: the connection or the server is gone (refused, lost, timed out client-side,
 *   the server shutting down) — the page gets 503 and the connection is destroyed;
 * - input: the database refused a bound value (data exceptions, constraint violations) — 400,
 *   naming the parameter when `param` is known;
 * - cancelled: the statement was cancelled (the page stopped, a statement timeout);
 * - query: anything else about the SQL — 500.
 */
export type ErrorKind = "connection" | "input" | "cancelled" | "query";

export interface ClassifiedError {
  kind: ErrorKind;
  /** The SQLSTATE (or the driver's equivalent), null when there is none. */
  state: string | null;
  message: string;
  /** 1-based index of the bound value an input error is about, when it can be told. */
  param: number | null;
  detail: string;
  hint: string;
  /** 1-based character position in the SQL, when the database gives one. */
  position: number | null;
  /** The client-side time limit passed (the connection was closed for it). */
  clientTimeout: boolean;
  /**
   * The statement certainly had no effect (it never ran, or its implicit transaction was
   * rolled back before it completed), so it may be issued again on another connection.
   */
  unexecuted: boolean;
}

export interface Driver<C extends DriverConnection = DriverConnection> {
  /** The driver's name in messages ("postgres"). */
  readonly name: string;
  /** Can several statements be in flight on one connection (the "pipeline" strategy)? */
  readonly pipelining: boolean;
  /** Opens a connection; rejects with the driver's error when the server cannot be reached. */
  connect(config: DatasourceConfig, url: string, onError: (err: Error) => void): Promise<C>;
  /** Closes a connection, destroying the socket when the peer does not answer. */
  disconnect(conn: C): Promise<void>;
  /** One round trip within `timeoutMs`; false (and the connection marked broken) when it fails. */
  ping(conn: C, timeoutMs: number): Promise<boolean>;
  /** Runs one statement with bound parameters. */
  query(conn: C, sql: string, params: unknown[], opts: StatementOptions): Promise<DriverResult>;
  /**
   * Asks the server to cancel what the connection is running; resolves once the server has
   * taken the request, so a later statement on the connection cannot be hit by it.
   */
  cancel(conn: C): Promise<void>;
  /** Starts a transaction on the connection. */
  begin(conn: C, isolation?: Isolation): Promise<void>;
  /** Ends or marks a transaction: COMMIT, ROLLBACK, SAVEPOINT x, ROLLBACK TO SAVEPOINT x, BEGIN. */
  control(conn: C, sql: string): Promise<void>;
  /** What an error from this driver means, given the values bound to the statement. */
  classify(err: unknown, params: unknown[], conn?: C): ClassifiedError;
  /** The server process serving this connection (pg_stat_activity's pid), null when unknown. */
  backendId(conn: C): number | null;
  /**
   * Read replicas (replicas.ts), for a driver that has them: may `sql` run on a replica (a
   * plain read, decided conservatively)?
   */
  plainRead?(sql: string): boolean;
  /** The primary's write position now (asked on the connection of a write, once it committed: where the write ends). */
  writePosition?(conn: C): Promise<bigint>;
  /** How far a replica has replayed the primary's writes; null when the server is no replica (promoted, or a primary). */
  replayPosition?(conn: C): Promise<bigint | null>;
}
