// The datasources of one site, the query cache (cachedwithin), and query execution: the one
// place that turns driver results and driver errors (classified by the Driver, see driver.ts)
// into Quarry's QueryResult and coded errors. Nothing here knows which database it talks to.
import { Canceller, type CancelSignal } from "../engine/cancel.js";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { DatasourceError, QueryError, RuntimeError, codes } from "../engine/errors.js";
import { QueryResult, resultBytes } from "../engine/query-result.js";
import type { SiteConfig } from "../config/site.js";
import { abortError } from "./abort.js";
import { Datasource, KEPT_SQL_TEXT, type Lease, type LogFn } from "./datasource.js";
import { Replicas, type WritePositions } from "./replicas.js";
import {
  ResultLimitError,
  type ClassifiedError,
  type DriverConnection,
  type DriverResult,
  type StatementOptions,
} from "./driver.js";
import type { Isolation } from "../engine/isolation.js";

/** The client-side limit of a query is its statement_timeout plus this. */
export const CLIENT_TIMEOUT_MARGIN_MS = 1000;
/**
 * The cachedwithin results kept, at most, in all (per site and process), as the page's memory
 * budget counts a result (resultBytes): beside the count of entries (queryCacheSize), so that
 * large results cached under many keys (a search cached per term) cannot fill the process's
 * memory. A result larger than this is not kept. As dbt:cache's bound on its characters.
 */
export const QUERY_CACHE_BYTES = 64 * 1024 * 1024;
/** How often a statement is issued again after a shared connection it never ran on was lost. */
const SHARED_RETRIES = 2;

/** The client-side limit for a statement allowed to run `statementMs` on the server (0: none). */
export function clientTimeout(config: Datasource["config"], statementMs?: number): number {
  if (statementMs !== undefined && statementMs > 0) return statementMs + CLIENT_TIMEOUT_MARGIN_MS;
  return config.queryTimeoutMs;
}

export interface QueryOptions {
  /** Per-query statement timeout. */
  timeoutMs?: number;
  /** Keep at most this many rows. */
  maxrows?: number;
  /** Serve the result from the cache when it is younger than this. */
  cacheMs?: number;
  /** Cancels the statement (a Postgres cancel) when aborted; the connection goes back to the pool. */
  signal?: CancelSignal | null;
  /** Date.now() past which the statement is cancelled the same way (0 or absent: none). */
  deadline?: number;
  /** Most rows and characters the statement may return (limits.maxQueryRows/maxQueryBytes); past them it is cancelled. */
  maxRows?: number;
  maxBytes?: number;
  /**
   * A page's statement outside a transaction: with these (the visitor's write positions), a
   * plain read may go to one of the datasource's replicas that has replayed them, and a write
   * on the primary moves them (replicas.ts). Absent: the primary.
   */
  writes?: WritePositions | null;
  /** dbt:query primary="true": the primary, and counted as a write. */
  primary?: boolean;
  /** How the template wrote each bound value ("url.id"; "" for none): a refused $n is named by it. */
  paramLabels?: readonly string[];
}

/** Errors of a read on a replica after which the primary runs it: the replica's, or its refusal to write (25006), or a conflict with its replay (40001). */
function replicaFailure(err: unknown): "replica" | "write" | null {
  if (err instanceof DatasourceError) return "replica";
  if (err instanceof QueryError && err.sqlState === "25006") return "write";
  if (err instanceof QueryError && err.sqlState === "40001") return "replica";
  return null;
}

export class Datasources {
  private readonly sources = new Map<string, Datasource>();
  private readonly replicas = new Map<string, Replicas>();
  private readonly cache: LRUCache<string, QueryResult> | null;
  readonly defaultName: string;
  /** Told of every flush a template makes (cachedwithin="0": its key; queryCacheFlush(): null), to pass it on to the site's other processes. */
  onFlush: ((key: string | null) => void) | null = null;

  /** `urls` gives each datasource's connection URL (the embedded one filled in). */
  constructor(config: SiteConfig, urls: Record<string, string>, log: LogFn = () => {}) {
    for (const [name, ds] of Object.entries(config.datasources)) {
      const url = urls[name];
      if (!url) throw new Error(`datasource ${name} has no URL`);
      const source = new Datasource(ds, url, log);
      this.sources.set(name, source);
      if (ds.replicas.length > 0 && source.driver.plainRead)
        this.replicas.set(name, new Replicas(source, ds.replicas, log));
    }
    this.defaultName = config.defaultDatasource;
    this.cache =
      config.queryCacheSize > 0
        ? new LRUCache({
            max: config.queryCacheSize,
            maxSize: QUERY_CACHE_BYTES,
            sizeCalculation: (q) => Math.max(1, resultBytes(q)),
          })
        : null;
  }

  get(name: string | undefined): Datasource {
    const ds = this.sources.get(name ?? this.defaultName);
    if (!ds) {
      throw new RuntimeError(
        codes.NO_DATASOURCE,
        `No datasource named ${JSON.stringify(name)} (configured: ${[...this.sources.keys()].join(", ")})`,
        null,
        "database",
      );
    }
    return ds;
  }

  all(): Datasource[] {
    return [...this.sources.values()];
  }

  /** Has any datasource replicas (the server then keeps the visitors' write positions)? */
  get hasReplicas(): boolean {
    return this.replicas.size > 0;
  }

  /**
   * After a transaction on `ds` committed, on its connection: the visitor's reads follow the
   * primary until a replica has replayed it (read-your-writes; a no-op without replicas).
   */
  async committed(ds: Datasource, lease: Lease, writes: WritePositions | null | undefined): Promise<void> {
    if (!writes || !this.replicas.has(ds.name)) return;
    // Unknown when the connection broke right after the commit: nothing better to keep.
    await ds.driver.writePosition!(lease.conn).then(
      (at) => writes.wrote(ds.name, at),
      () => {},
    );
  }

  /**
   * Runs one statement. With `lease` it runs on that connection (a transaction); otherwise it
   * borrows one from the datasource for this statement only.
   */
  async query(
    ds: Datasource,
    lease: Lease | null,
    sql: string,
    params: unknown[],
    opts: QueryOptions = {},
  ): Promise<QueryResult> {
    const key =
      opts.cacheMs !== undefined && this.cache && !lease ? `${ds.name}\0${sql}\0${JSON.stringify(params)}` : null;
    // cachedwithin="0" runs the query afresh and forgets the result kept for it.
    if (key && opts.cacheMs === 0) {
      this.cache!.delete(key);
      this.onFlush?.(key);
    } else if (key) {
      const hit = this.cache!.get(key);
      if (hit) return copyResult(hit, true);
    }
    if (opts.signal?.aborted) throw cancelled(opts.signal, sql, params);
    const started = performance.now();
    const replicas = lease || !opts.writes ? undefined : this.replicas.get(ds.name);
    const res = replicas
      ? await this.routed(ds, replicas, sql, params, opts)
      : await this.attempt(ds, lease, sql, params, opts, 0);
    const rows = res.rows;
    const q = new QueryResult(
      res.columns.map((f) => f.name),
      opts.maxrows !== undefined && rows.length > opts.maxrows ? rows.slice(0, opts.maxrows) : rows,
    );
    q.executionTime = Math.round((performance.now() - started) * 100) / 100;
    q.bytes = res.bytes;
    if (key && opts.cacheMs) this.cache!.set(key, copyResult(q, false), { ttl: opts.cacheMs });
    return q;
  }

  /**
   * A page's statement outside a transaction on a datasource with replicas: a plain read on a
   * replica that has the visitor's writes, when one is fit; else on the primary, and when it
   * may have written there the visitor's position moves to the end of it.
   */
  private async routed(
    ds: Datasource,
    replicas: Replicas,
    sql: string,
    params: unknown[],
    opts: QueryOptions,
  ): Promise<DriverResult> {
    const writes = opts.writes!;
    let write = !!opts.primary || !replicas.plainRead(sql);
    const replica = write ? null : replicas.pick(writes.at.get(ds.name) ?? 0n);
    if (replica) {
      try {
        return await this.attempt(replica, null, sql, params, opts, 0);
      } catch (err) {
        // Nothing ran on a replica (it takes no writes): the primary may run it afresh.
        const why = replicaFailure(err);
        if (why === null || opts.signal?.aborted) throw err;
        if (why === "replica") replicas.failed(replica);
        else write = true;
      }
    }
    if (!write) return this.attempt(ds, null, sql, params, opts, 0);
    const written: { at: bigint | null } = { at: null };
    const res = await this.attempt(ds, null, sql, params, opts, 0, written);
    if (written.at !== null) writes.wrote(ds.name, written.at);
    return res;
  }

  /**
   * A statement on `ds`: `tries` made before this one. It is tried again (up to SHARED_RETRIES
   * times) when it was on a shared connection the server ended and never took effect (see
   * datasources/postgres/pipeline.ts): from here, so that the common case, one try, is one
   * async function and not a loop awaiting one.
   */
  private async attempt(
    ds: Datasource,
    lease: Lease | null,
    sql: string,
    params: unknown[],
    opts: QueryOptions,
    tries: number,
    written?: { at: bigint | null },
  ): Promise<DriverResult> {
    // A shared connection open now (strategy pipeline's common case), or one given back idle
    // (strategy pool's), is lent without a promise. A write whose end is to be read after it
    // takes a connection of its own.
    let own = lease ?? (written ? null : (ds.tryShared(sql) ?? ds.tryIdle()));
    if (!own) {
      try {
        own = written
          ? await ds.acquire(opts.signal ?? undefined)
          : await ds.acquireShared(sql, opts.signal ?? undefined);
      } catch (err) {
        if (opts.signal?.aborted) throw cancelled(opts.signal, sql, params);
        throw err;
      }
    }
    let res: DriverResult;
    let statement: StatementOptions | undefined;
    try {
      statement = statementFor(own, ds, sql, params, opts, !lease);
      res = await execute(own, ds, sql, params, opts, statement);
    } catch (thrown) {
      if (statement) observed(ds, sql, statement);
      const err = statement ? statementError(thrown, ds, own.conn, sql, params, opts) : thrown;
      const c = err instanceof QueryError ? null : ds.driver.classify(err, params, own.conn);
      const gone = own.conn.broken || c?.kind === "connection";
      if (!lease) await own.release(gone);
      if (err instanceof QueryError) throw err;
      if (gone && own.shared && c?.unexecuted && tries < SHARED_RETRIES)
        return this.attempt(ds, lease, sql, params, opts, tries + 1, written);
      if (gone) {
        const why = c?.clientTimeout
          ? `no answer within ${clientTimeout(ds.config, opts.timeoutMs)} ms, connection closed`
          : (err as Error).message;
        throw new DatasourceError(
          ds.name,
          `Datasource ${ds.name} unavailable: connection lost during the query (${why})`,
        );
      }
      throw toQueryError(c!, sql, params, opts.paramLabels);
    }
    observed(ds, sql, statement);
    // Where the write ends, on its connection once it committed (unknown when that fails).
    if (written) written.at = await ds.driver.writePosition!(own.conn).catch(() => null);
    if (!lease) {
      const released = own.release();
      if (released) await released;
    }
    return res;
  }

  /** Borrows a connection and opens a transaction on it. */
  async begin(ds: Datasource, isolation: Isolation | undefined, signal?: CancelSignal | null): Promise<Lease> {
    let lease: Lease;
    try {
      lease = await ds.acquire(signal ?? undefined);
    } catch (err) {
      // Cancelled while waiting for a connection: stop waiting, say so.
      if (signal?.aborted) throw cancelled(signal, "BEGIN", []);
      throw err;
    }
    try {
      await ds.driver.begin(lease.conn, isolation);
    } catch (err) {
      const gone = ds.driver.classify(err, [], lease.conn).kind === "connection";
      await lease.release(gone);
      throw gone ? new DatasourceError(ds.name, `Datasource ${ds.name} unavailable: ${(err as Error).message}`) : err;
    }
    return lease;
  }

  /** Runs a transaction-control statement (COMMIT, ROLLBACK, SAVEPOINT …) on a lease. */
  async control(ds: Datasource, lease: Lease, sql: string): Promise<void> {
    try {
      await ds.driver.control(lease.conn, sql);
    } catch (err) {
      const c = ds.driver.classify(err, [], lease.conn);
      if (c.kind === "connection")
        throw new DatasourceError(ds.name, `Datasource ${ds.name} unavailable: ${(err as Error).message}`);
      const e = toQueryError(c, sql, []);
      throw new QueryError(`${sql} failed: ${(err as Error).message}`, sql, [], e.sqlState, null);
    }
  }

  /** How many cachedwithin results are kept now. */
  get cachedCount(): number {
    return this.cache?.size ?? 0;
  }

  /** Forgets every cachedwithin result; returns how many there were. */
  flushCache(): number {
    const n = this.cache?.size ?? 0;
    this.cache?.clear();
    return n;
  }

  /** queryCacheFlush(): forgets every cachedwithin result here and in the site's other processes. */
  flushCacheEverywhere(): number {
    const n = this.flushCache();
    this.onFlush?.(null);
    return n;
  }

  /** Forgets the result kept under `key` (as another process sent it), or all of them (null); returns how many went. */
  forgetCached(key: string | null): number {
    if (key === null) return this.flushCache();
    return this.cache?.delete(key) ? 1 : 0;
  }

  async close(): Promise<void> {
    this.cache?.clear();
    await Promise.all([...this.replicas.values()].map((r) => r.close()));
    await Promise.all(this.all().map((d) => d.close()));
  }
}

/**
 * Prepared-statement names: the same SQL text gets the same name, so Postgres reuses its plan.
 * A plain Map emptied when full (a site has its few statements): every statement looks here.
 * Texts longer than KEPT_SQL_TEXT are hashed every time (in time their length) rather than
 * kept, so that texts built from strings hold at most 1,000 × 4,096 characters here.
 */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES = 1000;
function statementName(sql: string): string {
  let n = statementNames.get(sql);
  if (n === undefined) {
    n = `quarry_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
    if (sql.length > KEPT_SQL_TEXT) return n;
    if (statementNames.size >= STATEMENT_NAMES) statementNames.clear();
    statementNames.set(sql, n);
  }
  return n;
}

/**
 * One statement's options on a leased connection: a named prepared statement unless the
 * datasource says otherwise. Throws when the statement's page stopped before it could start.
 */
function statementFor(
  lease: Lease,
  ds: Datasource,
  sql: string,
  params: unknown[],
  opts: QueryOptions,
  ownLease: boolean,
): StatementOptions {
  const c = ds.config;
  // A per-request connection is used once: preparing a named statement there buys nothing.
  // Unset, preparedStatements follows the connection: off behind a pooler (PgBouncer's
  // transaction mode hands the next statement another server connection, where the name is
  // unknown: 26000, or already taken: 42P05).
  const prepared = c.preparedStatements ?? !lease.conn.pooled;
  const name = prepared && ds.strategy !== "per-request" ? statementName(sql) : undefined;
  const perQuery = opts.timeoutMs ? Math.max(1, Math.floor(opts.timeoutMs)) : undefined;
  if (stopped(opts)) throw cancelled(opts.signal ?? null, sql, params);
  return {
    name,
    statementTimeoutMs: perQuery,
    clientTimeoutMs: clientTimeout(c, perQuery),
    mayRetry: ownLease,
    inTransaction: !ownLease,
    shared: !!lease.shared,
    stop: undefined,
    maxRows: opts.maxRows,
    maxBytes: opts.maxBytes,
    // Rows past maxrows are dropped as they arrive (not kept, not counted).
    keep: opts.maxrows !== undefined && opts.maxrows >= 0 ? opts.maxrows : undefined,
    elapsedMs: undefined,
    failed: undefined,
  };
}

/** Has the statement's page stopped (its signal aborted, its deadline passed)? */
const stopped = (opts: QueryOptions) => !!opts.signal?.aborted || (!!opts.deadline && Date.now() >= opts.deadline);

/**
 * Runs one statement on a leased connection, cancelled on the server when the signal aborts or
 * the deadline passes. On a shared connection the driver cancels only this statement, when
 * `stop` aborts: with no deadline of its own to watch (a page passes its stop, which fires at
 * the page's deadline too), that is the signal itself, and the statement is the driver's
 * promise alone — no listener, timer or canceller, no async function around it.
 */
function execute(
  lease: Lease,
  ds: Datasource,
  sql: string,
  params: unknown[],
  opts: QueryOptions,
  statement: StatementOptions,
): Promise<DriverResult> {
  if (lease.shared && !opts.deadline) {
    statement.stop = opts.signal ?? undefined;
    return ds.driver.query(lease.conn, sql, params, statement);
  }
  return cancellable(lease, ds, sql, params, opts, statement);
}

/**
 * The statement, cancelled when the signal aborts or the deadline passes. It settles only once
 * any cancel has been taken by the server, so the connection can go back to the pool without a
 * late cancel hitting someone else's query.
 */
async function cancellable(
  lease: Lease,
  ds: Datasource,
  sql: string,
  params: unknown[],
  opts: QueryOptions,
  statement: StatementOptions,
): Promise<DriverResult> {
  const conn = lease.conn;
  const signal = opts.signal ?? null;
  const deadline = opts.deadline ?? 0;
  let settled = false;
  const cancels: Promise<void>[] = [];
  let retry: NodeJS.Timeout | undefined;
  // On a shared connection the driver cancels only this statement: it is told when to.
  const shared = lease.shared ? new Canceller() : null;
  statement.stop = shared?.signal;
  // A cancel that reaches the backend before the statement does is ignored, so ask again
  // while the statement is still running.
  const stop = () => {
    if (shared) return shared.abort();
    if (settled || cancels.length > 3) return;
    cancels.push(
      ds.driver.cancel(conn).then(() => {
        if (!settled) retry = setTimeout(stop, 250);
      }),
    );
  };
  signal?.addEventListener("abort", stop, { once: true });
  const timer = deadline ? setTimeout(stop, Math.max(0, deadline - Date.now())) : undefined;
  try {
    return await ds.driver.query(conn, sql, params, statement);
  } finally {
    settled = true;
    signal?.removeEventListener("abort", stop);
    clearTimeout(timer);
    clearTimeout(retry);
    if (cancels.length > 0) await Promise.all(cancels);
  }
}

/**
 * A statement's failure as the page sees it: past a bound QRY_ERR_QUERY_LIMIT; once the page
 * stopped, cancelled (unless its connection broke); else the driver's error.
 */
function statementError(
  err: unknown,
  ds: Datasource,
  conn: DriverConnection,
  sql: string,
  params: unknown[],
  opts: QueryOptions,
): unknown {
  if (err instanceof ResultLimitError) return queryLimit(err, sql, params);
  return stopped(opts) && !(err instanceof QueryError) && ds.driver.classify(err, params, conn).kind !== "connection"
    ? cancelled(opts.signal ?? null, sql, params)
    : err;
}

/** How long the statement ran, for the datasource's history of its SQL (strategy pipeline). */
function observed(ds: Datasource, sql: string, statement: StatementOptions): void {
  if (statement.elapsedMs !== undefined) ds.observe(sql, statement.elapsedMs, statement.failed);
}

/** QRY_ERR_QUERY_LIMIT: the statement returned more than a bound allows, and was cancelled. */
function queryLimit(err: ResultLimitError, sql: string, params: unknown[]): QueryError {
  const what =
    err.bound === "rows"
      ? `more than ${err.limit} rows (limit maxQueryRows)`
      : `more than ${err.limit} bytes (limit maxQueryBytes: ${err.bytes} bytes in its first ${err.rows} rows)`;
  return new QueryError(`Query stopped and cancelled: it returned ${what}`, sql, params, null, null, codes.QUERY_LIMIT);
}

function cancelled(signal: CancelSignal | null, sql: string, params: unknown[]): QueryError {
  const why = signal?.aborted ? abortError(signal).message : "the page ran out of time";
  return new QueryError(`Query cancelled: ${why}`, sql, params, "57014", null);
}

/**
 * A driver error as Quarry's: with its detail, hint and position, and — when it is about a
 * bound value (the driver's "input" kind: data exceptions, constraint violations) —
 * QRY_ERR_QUERY_INPUT, status 400, naming the parameter.
 */
export function toQueryError(
  c: ClassifiedError,
  sql: string,
  params: unknown[],
  labels: readonly string[] = [],
): QueryError {
  const state = c.state;
  let e: QueryError;
  if (c.kind === "input" && c.param !== null) {
    const n = c.param;
    const label = labels[n - 1];
    e = new QueryError(
      `Query parameter $${n}${label ? ` (${label})` : ""} was refused by the database: ${c.message} (SQLSTATE ${state})`,
      sql,
      params,
      state,
      null,
      codes.QUERY_INPUT,
    );
    e.status = 400;
    e.param = n;
  } else {
    e = new QueryError(`Query failed: ${c.message}${state ? ` (SQLSTATE ${state})` : ""}`, sql, params, state, null);
  }
  e.detail = c.detail;
  e.hint = c.hint;
  e.position = c.position;
  return e;
}

/** Cached results are copied in and out, so a template that changes one changes only its own. */
function copyResult(q: QueryResult, cached: boolean): QueryResult {
  const c = new QueryResult(
    [...q.columns],
    q.rows.map((r) => ({ ...r })),
  );
  c.executionTime = cached ? 0 : q.executionTime;
  c.cached = cached;
  // Its characters: what the cache's bound and a page's memory budget count of it.
  c.bytes = q.bytes;
  return c;
}
