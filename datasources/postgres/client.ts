// One Postgres connection as Quarry opens it: an `error` listener from the first moment (a
// pg.Client without one takes the process down when Postgres restarts), a `broken` mark that
// keeps it from being reused, type parsers that give templates numbers for int8, and the
// guards a network that silently drops packets needs: TCP keep-alive, and a client-side time
// limit a little above the server's statement_timeout that destroys the connection.
//
// Nothing but what every pooler accepts goes in the startup packet (a PgBouncer without
// `ignore_startup_parameters` refused statement_timeout there, and every connection with it).
// Once connected, one round trip tells a direct connection from one through a pooler (Postgres
// tells the client its backend's pid; PgBouncer a random key of its own) and, on a direct one
// only, sets statement_timeout for the session: through a transaction pooler a session setting
// would land on whichever server connection serves that moment and stay there for its other
// clients.
import { createRequire } from "node:module";
import { connect as tcpConnect } from "node:net";
import pg from "pg";
import type { DatasourceConfig } from "../../config/site.js";
import { ResultLimitError, type DriverConnection, type ResultBounds } from "../driver.js";
import { describedFor, keep, type Described, type Description, type StatementBook } from "./prepared-statements.js";
import { firstWritable, hostUrls, ReadOnlyHost } from "./hosts.js";

export interface Connection extends DriverConnection {
  client: pg.Client;
  /** The server ended the session in-band (FATAL: terminated, shutting down): see sharedQuery. */
  fatal: boolean;
  /** The event loop's idle time (idleMs()) when a statement on it was last answered: sharedQuery times the next from it. */
  lastDoneIdle: number;
}

/** The parts of pg.Client its typings leave out. */
interface ClientInternals {
  _activeQuery: unknown;
  _queryQueue: unknown[];
  _sentQueryQueue?: unknown[];
  processID: number | null;
  secretKey: number | null;
  host: string;
  port: number;
  connection: { stream: { destroy(): void }; parsedStatements: Record<string, string> };
}
const internals = (c: pg.Client) => c as unknown as ClientInternals;

/** First keep-alive probe after this much silence on the socket. */
export const KEEPALIVE_DELAY_MS = 10_000;
/** How long closing politely may take before the socket is destroyed (a black-holed peer never answers). */
const END_GRACE_MS = 1000;

const INT8 = 20;
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8) {
      return (v: string) => {
        const n = Number(v);
        return Number.isSafeInteger(n) ? n : v;
      };
    }
    return pg.types.getTypeParser(oid, format) as (v: string) => unknown;
  },
};

/**
 * Opens a connection; rejects with the driver's error when Postgres cannot be reached. A URL
 * with several hosts (hosts.ts) gets the first writable one, each within its share of the
 * acquire timeout.
 */
export function connect(config: DatasourceConfig, url: string, onError: (err: Error) => void): Promise<Connection> {
  const timeout = Math.max(100, Math.floor(config.acquireTimeoutMs / hostUrls(url).length));
  return firstWritable(url, (one, check) => connectTo(config, one, timeout, check, onError));
}

async function connectTo(
  config: DatasourceConfig,
  url: string,
  timeoutMs: number,
  writable: boolean,
  onError: (err: Error) => void,
): Promise<Connection> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: config.queryTimeoutMs || undefined,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    application_name: `quarry:${config.name}`,
    types,
    // Statements written back to back without waiting for the answers (the "pipeline"
    // strategy shares a connection between requests; see sharedQuery in driver.ts).
    pipeline: config.strategy === "pipeline",
  });
  const conn: Connection = {
    client,
    broken: false,
    lastUsed: Date.now(),
    retire: false,
    pooled: false,
    fatal: false,
    lastDoneIdle: 0,
  };
  client.on("error", (err) => {
    conn.broken = true;
    // Ended by the server in-band between two statements' answers (see pipeline.ts).
    if ((err as Partial<pg.DatabaseError>).severity === "FATAL") conn.fatal = true;
    onError(err);
  });
  client.on("end", () => {
    conn.broken = true;
  });
  try {
    await client.connect();
    const up = await setUp(client, config.statementTimeoutMs);
    conn.pooled = up.pooled;
    if (writable && up.readOnly) throw new ReadOnlyHost(url);
  } catch (err) {
    conn.broken = true;
    destroy(conn);
    throw err;
  }
  return conn;
}

/**
 * One round trip after login: is a pooler between, does the server take writes (a replica
 * does not), and on a direct connection the session's statement_timeout (0: the server's own
 * default stays).
 */
async function setUp(client: pg.Client, statementTimeoutMs: number): Promise<{ pooled: boolean; readOnly: boolean }> {
  const key = internals(client).processID;
  const ro = "current_setting('transaction_read_only') = 'on' AS ro";
  const r = await client.query<{ pid: number; ro: boolean }>(
    statementTimeoutMs > 0
      ? {
          text: `SELECT pg_backend_pid() AS pid, ${ro}, CASE WHEN pg_backend_pid() = $1 THEN set_config('statement_timeout', $2, false) END`,
          values: [key, String(statementTimeoutMs)],
        }
      : { text: `SELECT pg_backend_pid() AS pid, ${ro}` },
  );
  return { pooled: r.rows[0]!.pid !== key, readOnly: r.rows[0]!.ro };
}

function destroy(conn: Connection): void {
  try {
    internals(conn.client).connection.stream.destroy();
  } catch {
    // Never connected.
  }
}

/** Closes a connection: politely when the peer answers, by destroying the socket when it does not. */
export async function disconnect(conn: Connection): Promise<void> {
  conn.broken = true;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    conn.client.end().catch(() => {}),
    new Promise<void>(
      (resolve) =>
        (timer = setTimeout(() => {
          destroy(conn);
          resolve();
        }, END_GRACE_MS)),
    ),
  ]);
  clearTimeout(timer);
}

/** Is the connection still answering? One round trip, within `timeoutMs`. */
export async function ping(conn: Connection, timeoutMs: number): Promise<boolean> {
  if (conn.broken) return false;
  try {
    await conn.client.query({ text: "SELECT 1", query_timeout: timeoutMs } as pg.QueryConfig);
    return true;
  } catch {
    conn.broken = true;
    return false;
  }
}

/**
 * Asks Postgres to cancel what the connection is running (the protocol's CancelRequest, on a
 * new socket, as psql's Ctrl-C does). Resolves once the server has taken the request (it
 * closes that socket after signalling the backend), so a connection given back afterwards
 * cannot have a later query cancelled by it. The request is written, not written-and-ended:
 * a half-close (our FIN before the server has answered) crashed PgBouncer 1.18 ("bad client
 * state", its issue #801), so the server closes first, within `timeoutMs`, else the socket is
 * destroyed.
 */
export function cancel(conn: Connection, timeoutMs = 2000): Promise<void> {
  const { processID, secretKey, host, port } = internals(conn.client);
  if (processID === null || secretKey === null) return Promise.resolve();
  return new Promise((resolve) => {
    const sock = host.startsWith("/") ? tcpConnect(`${host}/.s.PGSQL.${port}`) : tcpConnect(port, host);
    sock.setTimeout(timeoutMs, () => sock.destroy());
    sock.on("connect", () => {
      const msg = Buffer.alloc(16);
      msg.writeInt32BE(16, 0);
      msg.writeInt32BE(80877102, 4); // the CancelRequest code
      msg.writeInt32BE(processID, 8);
      msg.writeInt32BE(secretKey, 12);
      sock.write(msg);
    });
    sock.on("error", () => {});
    sock.on("close", () => resolve());
  });
}

/** Is `query` the statement whose answers the connection is reading now? */
export function isActive(conn: Connection, query: unknown): boolean {
  return internals(conn.client)._activeQuery === query;
}

/** Has the connection statements written or waiting to be, whose answers have not all come? */
export function busy(conn: Connection): boolean {
  const c = internals(conn.client);
  return !!c._activeQuery || c._queryQueue.length > 0 || (c._sentQueryQueue?.length ?? 0) > 0;
}

export function backendId(conn: Connection): number | null {
  return internals(conn.client).processID;
}

/** Forgets a named statement pg believes is prepared on this connection (after DEALLOCATE). */
export function forgetStatement(conn: Connection, name: string): void {
  delete internals(conn.client).connection.parsedStatements[name];
}

/**
 * Errors that mean the connection (or the server) is gone rather than the SQL being wrong:
 * no SQLSTATE at all (socket errors, the client-side time limit), class 08 (connection
 * exception), or the server shutting down (57P01-57P03).
 */
export function isConnectionError(err: unknown, conn?: Connection): boolean {
  if (conn?.broken) return true;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03";
}

/** pg's error when query_timeout passes. */
export const isClientTimeout = (err: unknown) => err instanceof Error && err.message === "Query read timeout";

/** The parts of node-postgres's Connection a statement writes with. */
interface Wire extends StatementBook {
  bind(msg: object): void;
  sync(): void;
}

/** The parts of pg.Query its typings leave out. */
interface QueryInternals {
  handleDataRow: (this: pg.Query, msg: { fields: (string | null)[] }) => void;
  handleRowDescription: (this: pg.Query, msg: { fields: unknown[] }) => void;
  handleCommandComplete: (this: pg.Query, msg: unknown, connection: Wire) => void;
  prepare: (this: pg.Query, connection: Wire) => void;
  /** Set, the query ignores the rest of its rows and ends with this error (pg's own mechanism). */
  _canceledDueToError: unknown;
  _result: { fields: unknown[]; _parsers: unknown[] | undefined; _prebuiltEmptyResultObject: object | null };
  _accumulateRows: unknown;
  _checkForMultirow(): void;
  _getRows(connection: Wire, rows: number | undefined): void;
  handleError(err: unknown, connection: Wire): void;
  callback: unknown;
  portal: string;
  values: unknown[];
  binary: boolean | undefined;
  rows: number | undefined;
}
const pgQuery = pg.Query.prototype as unknown as QueryInternals;
const { handleDataRow, handleRowDescription, handleCommandComplete, prepare } = pgQuery;
/** node-postgres's own mapping of a JS value to a parameter's text (pg.Query.prepare's). */
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as { prepareValue: (v: unknown) => unknown };

/**
 * A statement whose rows are counted as they arrive (a DataRow message at a time, before pg
 * parses it into a row): past its bounds it keeps no more rows, ends with a ResultLimitError
 * and asks its owner to cancel it on the server (`onLimit`). Rows past `keep` (maxrows) are
 * dropped unparsed and uncounted. A counter and a sum of lengths per row, no allocation.
 */
export class BoundedQuery extends pg.Query {
  rowsSeen = 0;
  bytes = 0;
  keep = Infinity;
  maxRows = Infinity;
  maxBytes = Infinity;
  onLimit: (() => void) | null = null;
  /** A named statement's description on the connection it was written to (prepared-statements.ts). */
  described: Described | null = null;

  /**
   * pg's prepare, without the Describe when the statement's description is known on this
   * connection: then what the RowDescription would have set is set from it.
   */
  prepare(connection: Wire): void {
    const self = this as unknown as QueryInternals;
    const { name, text } = this as unknown as { name?: string; text: string };
    const d = name ? (this.described = describedFor(connection, name, text)).description : null;
    if (d === null) return prepare.call(this, connection);
    try {
      connection.bind({
        portal: self.portal,
        statement: name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (err) {
      // As pg's prepare: the statement closed, the error the query's.
      connection.close({ type: "S", name: name! });
      connection.sync();
      self.handleError(err, connection);
      return;
    }
    self._checkForMultirow();
    const r = self._result;
    r.fields = d.fields;
    r._parsers = d.parsers;
    r._prebuiltEmptyResultObject = d.empty;
    self._accumulateRows = self.callback || !this.listeners("row").length;
    self._getRows(connection, self.rows);
  }

  handleRowDescription(msg: { fields: unknown[] }): void {
    handleRowDescription.call(this, msg);
    // Only the first answer is kept (a burst written before it came each asked).
    if (this.described === null || this.described.description !== null) return;
    const r = (this as unknown as QueryInternals)._result;
    const description: Description = { fields: r.fields, parsers: r._parsers, empty: r._prebuiltEmptyResultObject };
    keep(this.described, description);
  }

  handleCommandComplete(msg: unknown, connection: Wire): void {
    // Done without a RowDescription (Postgres answered the Describe with NoData: an INSERT
    // without RETURNING): a description of no rows, kept as any other.
    if (this.described !== null && this.described.description === null)
      keep(this.described, { fields: [], parsers: undefined, empty: null });
    handleCommandComplete.call(this, msg, connection);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    const self = this as unknown as QueryInternals;
    if (self._canceledDueToError) return;
    const n = ++this.rowsSeen;
    if (n > this.keep) return;
    const fields = msg.fields;
    let bytes = this.bytes;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      if (f) bytes += f.length;
    }
    this.bytes = bytes;
    if (n > this.maxRows || bytes > this.maxBytes) {
      const rows = n > this.maxRows;
      self._canceledDueToError = new ResultLimitError(
        rows ? "rows" : "bytes",
        rows ? this.maxRows : this.maxBytes,
        n,
        bytes,
      );
      this.onLimit?.();
      return;
    }
    handleDataRow.call(this, msg);
  }
}

/**
 * One statement as a pg.Query built from its text: a config object would be copied property by
 * property (pg's cloneQueryConfig: about 5 µs of a /fortunes request, a CPU profile of quarry
 * start under autocannon); the name and the extended protocol are set on the query itself.
 * With `bounds`, its rows are counted as they arrive (BoundedQuery) and `onLimit` is told when
 * it passes them.
 */
export function statement(
  sql: string,
  params: unknown[],
  name: string | undefined,
  clientTimeoutMs: number | undefined,
  callback: (err: Error | undefined, res: pg.QueryResult) => void,
  bounds?: ResultBounds,
  onLimit?: () => void,
): BoundedQuery {
  const q = new BoundedQuery(sql, params, callback) as BoundedQuery & {
    name?: string;
    queryMode?: string;
    query_timeout?: number;
  };
  q.name = name;
  // Always the extended protocol: an unnamed statement without values would otherwise go as a
  // simple query, which runs several statements in one string — named ones never do.
  q.queryMode = "extended";
  // node-postgres reads a query's client-side limit from the object it is given.
  q.query_timeout = clientTimeoutMs || undefined;
  if (bounds) {
    q.keep = bounds.keep ?? Infinity;
    q.maxRows = bounds.maxRows ?? Infinity;
    q.maxBytes = bounds.maxBytes ?? Infinity;
    q.onLimit = onLimit ?? null;
  }
  return q;
}
