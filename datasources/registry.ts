// The datasources of one site, the query cache (cachedwithin), and query execution: the one
// place that turns driver results and driver errors into Quarry's QueryResult and coded errors.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import { DatasourceError, QueryError, RuntimeError, codes } from "../engine/errors.js";
import { QueryResult } from "../engine/values.js";
import type { SiteConfig } from "./config.js";
import { Datasource, type Lease, type LogFn } from "./datasource.js";
import { isConnectionError } from "./client.js";

export interface QueryOptions {
  /** Per-query statement timeout. */
  timeoutMs?: number;
  /** Keep at most this many rows. */
  maxrows?: number;
  /** Serve the result from the cache when it is younger than this. */
  cacheMs?: number;
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
    const own = lease ?? (await ds.acquire());
    const started = performance.now();
    let res: pg.QueryResult;
    try {
      res = await run(own, ds, sql, params, opts.timeoutMs);
    } catch (err) {
      const gone = isConnectionError(err, own.conn);
      if (!lease) await own.release(gone);
      if (gone) throw new DatasourceError(ds.name, `Datasource ${ds.name} unavailable: connection lost during the query (${(err as Error).message})`);
      const e = err as pg.DatabaseError;
      throw new QueryError(`Query failed: ${e.message}${e.code ? ` (SQLSTATE ${e.code})` : ""}`, sql, params, e.code ?? null, null);
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
  async begin(ds: Datasource, isolation: Isolation | undefined): Promise<Lease> {
    const lease = await ds.acquire();
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
      throw new QueryError(`${sql} failed: ${(err as Error).message}`, sql, [], (err as pg.DatabaseError).code ?? null, null);
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

async function run(lease: Lease, ds: Datasource, sql: string, params: unknown[], timeoutMs: number | undefined): Promise<pg.QueryResult> {
  const client = lease.conn.client;
  // A per-request connection is used once: preparing a named statement there buys nothing.
  const config = ds.strategy === "per-request" ? { text: sql, values: params } : { name: statementName(sql), text: sql, values: params };
  if (!timeoutMs) return client.query(config);
  await client.query(`SET statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
  try {
    return await client.query(config);
  } finally {
    await client.query(`SET statement_timeout = ${ds.config.statementTimeoutMs}`).catch(() => {});
  }
}

/** Cached results are copied in and out, so a template that changes one changes only its own. */
function copyResult(q: QueryResult, cached: boolean): QueryResult {
  const c = new QueryResult([...q.columns], q.rows.map((r) => ({ ...r })));
  c.executionTime = cached ? 0 : q.executionTime;
  c.cached = cached;
  return c;
}
