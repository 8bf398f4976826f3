// The datasources of one site, the query cache (cachedwithin), and query execution: the one
// place that turns driver results and driver errors into Quarry's QueryResult and coded errors.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import { DatasourceError, QueryError, RuntimeError, codes } from "../engine/errors.js";
import { QueryResult } from "../engine/values.js";
import type { SiteConfig } from "./config.js";
import { Datasource, abortError, type Lease, type LogFn } from "./datasource.js";
import { paramLabel } from "./param-labels.js";
import { cancel, clientTimeout, forgetStatement, isClientTimeout, isConnectionError } from "./client.js";

export interface QueryOptions {
  /** Per-query statement timeout. */
  timeoutMs?: number;
  /** Keep at most this many rows. */
  maxrows?: number;
  /** Serve the result from the cache when it is younger than this. */
  cacheMs?: number;
  /** Cancels the statement (a Postgres cancel) when aborted; the connection goes back to the pool. */
  signal?: AbortSignal | null;
  /** Date.now() past which the statement is cancelled the same way (0 or absent: none). */
  deadline?: number;
}


export const ISOLATION = ["read_uncommitted", "read_committed", "repeatable_read", "serializable"] as const;
export type Isolation = (typeof ISOLATION)[number];

export class Datasources {
  private readonly sources = new Map<string, Datasource>();
  private readonly cache: LRUCache<string, QueryResult> | null;
  readonly defaultName: string;

  /** `urls` gives each datasource's connection URL (the embedded one filled in). */
  constructor(config: SiteConfig, urls: Record<string, string>, log: LogFn = () => {}) {
    for (const [name, ds] of Object.entries(config.datasources)) {
      const url = urls[name];
      if (!url) throw new Error(`datasource ${name} has no URL`);
      this.sources.set(name, new Datasource(ds, url, log));
    }
    this.defaultName = config.defaultDatasource;
    this.cache = config.queryCacheSize > 0 ? new LRUCache({ max: config.queryCacheSize }) : null;
  }

  get(name: string | undefined): Datasource {
    const ds = this.sources.get(name ?? this.defaultName);
    if (!ds) {
      throw new RuntimeError(codes.NO_DATASOURCE, `No datasource named ${JSON.stringify(name)} (configured: ${[...this.sources.keys()].join(", ")})`, null, "database");
    }
    return ds;
  }

  all(): Datasource[] {
    return [...this.sources.values()];
  }

  /**
   * Runs one statement. With `lease` it runs on that connection (a transaction); otherwise it
   * borrows one from the datasource for this statement only.
   */
  async query(ds: Datasource, lease: Lease | null, sql: string, params: unknown[], opts: QueryOptions = {}): Promise<QueryResult> {
    const key = opts.cacheMs && this.cache && !lease ? `${ds.name}\0${sql}\0${JSON.stringify(params)}` : null;
    if (key) {
      const hit = this.cache!.get(key);
      if (hit) return copyResult(hit, true);
    }
    if (opts.signal?.aborted) throw cancelled(opts.signal, sql, params);
    let own: Lease;
    try {
      own = lease ?? (await ds.acquire(opts.signal ?? undefined));
    } catch (err) {
      if (opts.signal?.aborted) throw cancelled(opts.signal, sql, params);
      throw err;
    }
    const started = performance.now();
    let res: pg.QueryResult;
    try {
      res = await execute(own, ds, sql, params, opts, !lease);
    } catch (err) {
      const gone = own.conn.broken || (!(err instanceof QueryError) && isConnectionError(err));
      if (!lease) await own.release(gone);
      if (err instanceof QueryError) throw err;
      if (gone) {
        const why = isClientTimeout(err) ? `no answer within ${clientTimeout(ds.config, opts.timeoutMs)} ms, connection closed` : (err as Error).message;
        throw new DatasourceError(ds.name, `Datasource ${ds.name} unavailable: connection lost during the query (${why})`);
      }
      throw toQueryError(err as pg.DatabaseError, sql, params);
    }
    if (!lease) await own.release();
    const rows = (res.rows ?? []) as Record<string, unknown>[];
    const q = new QueryResult(
      (res.fields ?? []).map((f) => f.name),
      opts.maxrows !== undefined && rows.length > opts.maxrows ? rows.slice(0, opts.maxrows) : rows,
    );
    q.executionTime = Math.round((performance.now() - started) * 100) / 100;
    if (key) this.cache!.set(key, copyResult(q, false), { ttl: opts.cacheMs });
    return q;
  }

  /** Borrows a connection and opens a transaction on it. */
  async begin(ds: Datasource, isolation: Isolation | undefined, signal?: AbortSignal | null): Promise<Lease> {
    let lease: Lease;
    try {
      lease = await ds.acquire(signal ?? undefined);
    } catch (err) {
      // Cancelled while waiting for a connection: stop waiting, say so.
      if (signal?.aborted) throw cancelled(signal, "BEGIN", []);
      throw err;
    }
    try {
      await lease.conn.client.query(isolation ? `BEGIN ISOLATION LEVEL ${isolation.replace("_", " ").toUpperCase()}` : "BEGIN");
    } catch (err) {
      const gone = isConnectionError(err, lease.conn);
      await lease.release(gone);
      throw gone ? new DatasourceError(ds.name, `Datasource ${ds.name} unavailable: ${(err as Error).message}`) : err;
    }
    return lease;
  }

  /** Runs a transaction-control statement (COMMIT, ROLLBACK, SAVEPOINT …) on a lease. */
  async control(ds: Datasource, lease: Lease, sql: string): Promise<void> {
    try {
      await lease.conn.client.query(sql);
    } catch (err) {
      if (isConnectionError(err, lease.conn)) throw new DatasourceError(ds.name, `Datasource ${ds.name} unavailable: ${(err as Error).message}`);
      const e = toQueryError(err as pg.DatabaseError, sql, []);
      throw new QueryError(`${sql} failed: ${(err as Error).message}`, sql, [], e.sqlState, null);
    }
  }

  /** Forgets every cachedwithin result; returns how many there were. */
  flushCache(): number {
    const n = this.cache?.size ?? 0;
    this.cache?.clear();
    return n;
  }

  async close(): Promise<void> {
    this.cache?.clear();
    await Promise.all(this.all().map((d) => d.close()));
  }
}

/** Prepared-statement names: the same SQL text gets the same name, so Postgres reuses its plan. */
const statementNames = new LRUCache<string, string>({ max: 5000 });
function statementName(sql: string): string {
  let n = statementNames.get(sql);
  if (!n) {
    n = `quarry_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
    statementNames.set(sql, n);
  }
  return n;
}

/**
 * Runs one statement on a leased connection: as a named prepared statement unless the
 * datasource says otherwise, re-prepared once when Postgres says its cached plan no longer
 * fits (0A000 after ALTER TABLE), and cancelled on Postgres when the signal aborts or the
 * deadline passes. It returns only once any cancel has been taken by the server, so the
 * connection can go back to the pool without a late cancel hitting someone else's query.
 */
async function execute(lease: Lease, ds: Datasource, sql: string, params: unknown[], opts: QueryOptions, ownLease: boolean): Promise<pg.QueryResult> {
  const conn = lease.conn;
  const client = conn.client;
  const c = ds.config;
  // A per-request connection is used once: preparing a named statement there buys nothing.
  const name = c.preparedStatements && ds.strategy !== "per-request" ? statementName(sql) : undefined;
  const perQuery = opts.timeoutMs ? Math.max(1, Math.floor(opts.timeoutMs)) : undefined;
  // Always the extended protocol: an unnamed statement without values would otherwise go as a
  // simple query, which runs several statements in one string — named ones never do.
  const config = { name, text: sql, values: params, queryMode: "extended", query_timeout: clientTimeout(c, perQuery) || undefined } as pg.QueryConfig;

  let settled = false;
  const cancels: Promise<void>[] = [];
  let retry: NodeJS.Timeout | undefined;
  // A cancel that reaches the backend before the statement does is ignored, so ask again
  // while the statement is still running.
  const stop = () => {
    if (settled || cancels.length > 3) return;
    cancels.push(cancel(conn).then(() => {
      if (!settled) retry = setTimeout(stop, 250);
    }));
  };
  const signal = opts.signal ?? null;
  signal?.addEventListener("abort", stop, { once: true });
  const timer = opts.deadline ? setTimeout(stop, Math.max(0, opts.deadline - Date.now())) : undefined;
  const stopped = () => signal?.aborted || (!!opts.deadline && Date.now() >= opts.deadline);
  try {
    if (perQuery) await client.query(`SET statement_timeout = ${perQuery}`);
    try {
      if (stopped()) throw cancelled(signal, sql, params);
      try {
        return await client.query(config);
      } catch (err) {
        if (!name || (err as pg.DatabaseError).code !== "0A000" || stopped()) throw err;
        // The table changed under the statement's plan ("cached plan must not change result
        // type"): prepare it afresh. Inside a transaction the failure has aborted it, so the
        // connection is only marked to be replaced when given back.
        if (!ownLease) {
          conn.retire = true;
          throw err;
        }
        await client.query(`DEALLOCATE ${name}`);
        forgetStatement(conn, name);
        return await client.query(config);
      }
    } finally {
      if (perQuery) await client.query(`SET statement_timeout = ${c.statementTimeoutMs}`).catch(() => {});
    }
  } catch (err) {
    if (stopped() && !isConnectionError(err, conn)) throw cancelled(signal, sql, params);
    throw err;
  } finally {
    settled = true;
    signal?.removeEventListener("abort", stop);
    clearTimeout(timer);
    clearTimeout(retry);
    await Promise.all(cancels);
  }
}

function cancelled(signal: AbortSignal | null, sql: string, params: unknown[]): QueryError {
  const why = signal?.aborted ? abortError(signal).message : "the page ran out of time";
  return new QueryError(`Query cancelled: ${why}`, sql, params, "57014", null);
}

/**
 * A Postgres error as Quarry's: with its detail, hint and position, and — when it is about a
 * bound value (class 22 data exceptions, class 23 constraint violations) — QRY_ERR_QUERY_INPUT,
 * status 400, naming the parameter.
 */
export function toQueryError(err: pg.DatabaseError, sql: string, params: unknown[]): QueryError {
  const state = typeof err.code === "string" ? err.code : null;
  const n = state && /^2[23]/.test(state) ? refusedParam(err, params) : null;
  let e: QueryError;
  if (n !== null) {
    const label = paramLabel(params, n);
    e = new QueryError(`Query parameter $${n}${label ? ` (${label})` : ""} was refused by the database: ${err.message} (SQLSTATE ${state})`, sql, params, state, null, codes.QUERY_INPUT);
    e.status = 400;
    e.param = n;
  } else {
    e = new QueryError(`Query failed: ${err.message}${state ? ` (SQLSTATE ${state})` : ""}`, sql, params, state, null);
  }
  e.detail = err.detail ?? "";
  e.hint = err.hint ?? "";
  e.position = err.position ? Number(err.position) : null;
  return e;
}

/** Which bound value (1-based) a class 22/23 error is about, or null when it cannot be told. */

/**
 * What `/: "(.*)"$/` would capture, found by hand: the message holds the value a request sent,
 * and that regex is quadratic on a value full of `: "`.
 */
function quotedAtEnd(msg: string): string | undefined {
  const start = msg.indexOf(': "', msg.lastIndexOf("\n") + 1);
  return start >= 0 && msg.length >= start + 4 && msg.endsWith('"') ? msg.slice(start + 3, -1) : undefined;
}
function refusedParam(err: pg.DatabaseError, params: unknown[]): number | null {
  if (params.length === 0) return null;
  // A value Postgres could not convert while binding: its context names the parameter.
  const bound = /\bparameter \$(\d+)\b/.exec(err.where ?? "");
  if (bound && Number(bound[1]) <= params.length) return Number(bound[1]);
  const one = (pred: (v: unknown) => boolean) => {
    const hits = params.flatMap((v, i) => (pred(v) ? [i + 1] : []));
    return hits.length === 1 ? hits[0]! : null;
  };
  const msg = err.message;
  if (err.code === "22021" && /0x00/.test(msg)) return one((v) => typeof v === "string" && v.includes("\0"));
  const tooLong = /^value too long for type character(?: varying)?\((\d+)\)/.exec(msg);
  if (tooLong) return one((v) => typeof v === "string" && [...v].length > Number(tooLong[1]));
  if (err.code === "23502") return one((v) => v === null);
  // The value itself, quoted in the message or the detail ("Key (email)=(a@b.c) already exists.").
  const value = quotedAtEnd(msg) ?? /^value "(.*)" is out of range/.exec(msg)?.[1] ?? /^Key \([^)]*\)=\((.*)\) (?:already exists|is not present)/.exec(err.detail ?? "")?.[1];
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- bound values are primitives or Dates, printed as Postgres quotes them
  if (value !== undefined) return one((v) => v !== null && v !== undefined && String(v) === value);
  return null;
}

/** Cached results are copied in and out, so a template that changes one changes only its own. */
function copyResult(q: QueryResult, cached: boolean): QueryResult {
  const c = new QueryResult([...q.columns], q.rows.map((r) => ({ ...r })));
  c.executionTime = cached ? 0 : q.executionTime;
  c.cached = cached;
  return c;
}
