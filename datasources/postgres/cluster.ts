// What the processes of one site share through Postgres beyond their data: a channel
// (LISTEN/NOTIFY) on which each tells the others what it flushed, and session advisory locks
// for dbt:lock scope="cluster". Both need a session of their own on the server: through a
// transaction pooler (PgBouncer's transaction mode) a LISTEN or a session lock lands on
// whichever server connection serves that moment, so they go to the datasource's directUrl,
// and a connection found to go through a pooler is not used for them (said in the log, or in
// the lock's error).
import pg from "pg";
import type { DatasourceConfig } from "../../config/site.js";
import type { CancelSignal } from "../../engine/cancel.js";
import { cancel, connect, disconnect, type Connection } from "./client.js";

type Log = (line: string) => void;

/** Postgres refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;
/** Messages kept while the channel is down, sent once it is back; past this, `overflow` replaces them. */
const OUTBOX = 1000;
const MAX_BACKOFF_MS = 2000;
/** A lock connection idle this long is closed (the pool is for bursts, not to keep). */
const LOCK_IDLE_MS = 10_000;

/** A connection of its own: no statement_timeout (a lock waits as long as its tag says), named for pg_stat_activity. */
function sessionConfig(config: DatasourceConfig, role: string): DatasourceConfig {
  return { ...config, name: `${config.name}:${role}`, strategy: "pool", statementTimeoutMs: 0, queryTimeoutMs: 0 };
}

export interface ListenerOptions {
  url: string;
  config: DatasourceConfig;
  /** The channel name (an SQL identifier: letters, digits, _). */
  channel: string;
  onMessage(payload: string): void;
  /**
   * Called each time the channel is listened on anew, after LISTEN: notifications sent while it
   * was down are lost, so the caller drops what they could have invalidated.
   */
  onListen(first: boolean): void;
  /** Sent instead of the outbox when more than it holds were queued while the channel was down. */
  overflow: string;
  log: Log;
}

/**
 * One session listening on a channel, reconnecting by itself (backoff up to 2 s) after the
 * server ended it or restarted. Messages sent go out on the same session; while it is down they
 * wait in an outbox (a message is idempotent, so one that may have gone out before the session
 * broke is sent again).
 */
export class Listener {
  private conn: Connection | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private backoff = 0;
  private outbox: string[] = [];
  private listens = 0;
  private down: string | null = null;
  /** True while notifications can arrive (a direct session that ran LISTEN). */
  listening = false;
  /** Through a pooler: messages go out, none come in. */
  pooled = false;

  constructor(private readonly opts: ListenerOptions) {}

  start(): void {
    void this.open();
  }

  /** The server's pid of the listening session (for tests and the log), or null. */
  get backendPid(): number | null {
    return this.conn ? ((this.conn.client as unknown as { processID: number | null }).processID ?? null) : null;
  }

  private async open(): Promise<void> {
    const o = this.opts;
    let conn: Connection;
    try {
      conn = await connect(sessionConfig(o.config, "listen"), o.url, () => {});
    } catch (err) {
      this.retry((err as Error).message);
      return;
    }
    if (this.closed) {
      await disconnect(conn);
      return;
    }
    const lost = () => this.lost(conn);
    conn.client.on("error", lost);
    conn.client.on("end", lost);
    conn.client.on("notification", (m: pg.Notification) => {
      if (m.channel === o.channel && m.payload) o.onMessage(m.payload);
    });
    try {
      if (conn.pooled) {
        if (!this.pooled)
          o.log(
            `WARNING: cluster: datasource ${o.config.name} reaches Postgres through a pooler, where LISTEN does not work: this process sends its cache flushes to the others but hears none of theirs. Give the datasource a directUrl (or DATABASE_DIRECT_URL) straight to Postgres`,
          );
        this.pooled = true;
      } else await conn.client.query(`LISTEN ${o.channel}`);
    } catch (err) {
      await disconnect(conn);
      this.retry((err as Error).message);
      return;
    }
    // Closed while LISTEN ran (a `quarry schedule run` whose task was done by then): nobody
    // would close this session, and it would keep the process from exiting.
    if (this.closed) {
      await disconnect(conn);
      return;
    }
    this.conn = conn;
    this.listening = !conn.pooled;
    this.backoff = 0;
    // First means nothing could have been missed: not when earlier attempts failed.
    const first = this.listens++ === 0 && this.down === null;
    if (this.down !== null) o.log(`cluster: listening again on ${o.channel}`);
    this.down = null;
    o.onListen(first);
    const queued = this.outbox;
    this.outbox = [];
    for (const p of queued) this.send(p);
  }

  private lost(conn: Connection): void {
    if (this.conn !== conn) return;
    this.conn = null;
    this.listening = false;
    void disconnect(conn);
    this.retry("the session ended");
  }

  private retry(why: string): void {
    if (this.closed) return;
    // Said once an outage, not at every attempt.
    if (this.down === null) this.opts.log(`cluster: not listening on ${this.opts.channel} (${why}); retrying`);
    this.down = why;
    this.backoff = Math.min(MAX_BACKOFF_MS, this.backoff ? this.backoff * 2 : 50);
    this.timer = setTimeout(() => void this.open(), this.backoff);
  }

  /** Sends a message to every listener of the channel (this one too: the caller skips its own). */
  send(payload: string): void {
    if (this.closed) return;
    const conn = this.conn;
    if (!conn) {
      if (this.outbox.length >= OUTBOX) this.outbox = [this.opts.overflow];
      else this.outbox.push(payload);
      return;
    }
    conn.client.query("SELECT pg_notify($1, $2)", [this.opts.channel, payload]).catch(() => {
      // Lost with the session (or not): sent again once it is back.
      if (this.conn === conn) this.lost(conn);
      this.send(payload);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const conn = this.conn;
    this.conn = null;
    this.listening = false;
    if (conn) await disconnect(conn);
  }
}

/** Why a lock was not had: its time passed, or its owner stopped waiting. */
export class LockWaitError extends Error {
  constructor(
    readonly reason: "timeout" | "aborted",
    message: string,
  ) {
    super(message);
  }
}

interface Waiter {
  resolve(conn: Connection): void;
  reject(err: Error): void;
}

/** How a lock connection could not be had: Postgres unreachable, or a pooler in the way. */
export class LockConnectionError extends Error {
  constructor(
    message: string,
    readonly pooled: boolean,
  ) {
    super(message);
  }
}

/**
 * Session advisory locks, each held on a connection of a small pool of its own (not the
 * datasource's: locks waited for must not take the connections pages query on). A lock is let
 * go by pg_advisory_unlock when its holder is done, and by Postgres when the session ends (a
 * crashed node, a destroyed connection).
 */
export class AdvisoryLocks {
  private readonly idle: { conn: Connection; timer: NodeJS.Timeout }[] = [];
  private readonly waiters: Waiter[] = [];
  private opened = 0;
  private closed = false;
  /** Connections open or opening, and how many are lent now (tests read them). */
  lent = 0;

  constructor(
    private readonly url: string,
    private readonly config: DatasourceConfig,
    private readonly max: number,
    private readonly log: Log,
  ) {}

  get open(): number {
    return this.opened;
  }

  /**
   * Takes advisory lock `key` (a bigint as text), shared or exclusive, waiting at most `waitMs`
   * (0: until the signal aborts). Resolves to its release, which never rejects. Rejects with a
   * LockWaitError (timeout, aborted) or a LockConnectionError.
   */
  async lock(key: string, shared: boolean, waitMs: number, signal: CancelSignal | null): Promise<() => Promise<void>> {
    if (!/^-?\d{1,20}$/.test(key)) throw new Error(`advisory lock key ${key} is not a bigint`);
    const deadline = waitMs > 0 ? Date.now() + waitMs : Infinity;
    const timeout = () => new LockWaitError("timeout", `advisory lock ${key} was not free within ${waitMs / 1000} s`);
    const aborted = () => new LockWaitError("aborted", `stopped waiting for advisory lock ${key}`);
    const fn = shared ? "pg_advisory_lock_shared" : "pg_advisory_lock";
    let conn = await this.acquire(deadline, signal, timeout, aborted);
    let free: boolean;
    try {
      free = await this.tryLock(conn, fn, key);
    } catch {
      // An idle connection the server ended meanwhile (a restart): once more, on a new one.
      this.give(conn, true);
      conn = await this.acquire(deadline, signal, timeout, aborted);
      try {
        free = await this.tryLock(conn, fn, key);
      } catch (err) {
        this.give(conn, true);
        throw new LockConnectionError(`the lock connection failed: ${(err as Error).message}`, false);
      }
    }
    try {
      if (!free) {
        const left = deadline - Date.now();
        if (left <= 0) throw timeout();
        if (signal?.aborted) throw aborted();
        // The wait is the server's: lock_timeout ends it (55P03). An abort cancels it (a
        // closed socket alone would leave the backend waiting in the queue), and the session
        // is then ended, so a lock granted at that moment goes with it.
        const cancelling: Promise<void>[] = [];
        const onAbort = () => void cancelling.push(cancel(conn));
        signal?.addEventListener("abort", onAbort, { once: true });
        try {
          await conn.client.query(
            `SET lock_timeout = ${left === Infinity ? 0 : Math.max(1, Math.ceil(left))}; SELECT ${fn}(${key})`,
          );
        } catch (err) {
          if ((err as { code?: string }).code === "55P03") throw timeout();
          if (!signal?.aborted) throw err;
        } finally {
          signal?.removeEventListener("abort", onAbort);
        }
        if (signal?.aborted) {
          await Promise.all(cancelling);
          throw aborted();
        }
      }
    } catch (err) {
      this.give(conn, !(err instanceof LockWaitError) || conn.broken || !!signal?.aborted);
      if (err instanceof LockWaitError) throw err;
      throw new LockConnectionError(`the lock connection failed: ${(err as Error).message}`, false);
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      let ok = false;
      try {
        ok = (
          await conn.client.query<{ ok: boolean }>(`SELECT pg_advisory_unlock${shared ? "_shared" : ""}(${key}) AS ok`)
        ).rows[0]!.ok;
      } catch {
        // The session is gone, and the lock with it.
      }
      if (!ok)
        this.log(
          `WARNING: cluster: advisory lock ${key} was no longer held when released (its connection to Postgres ended while the lock was held, so another node may have taken it meanwhile)`,
        );
      this.give(conn, !ok || conn.broken);
    };
  }

  private async tryLock(conn: Connection, fn: string, key: string): Promise<boolean> {
    const r = await conn.client.query<{ ok: boolean }>(`SELECT pg_try_${fn.slice(3)}(${key}) AS ok`);
    return r.rows[0]!.ok;
  }

  private acquire(
    deadline: number,
    signal: CancelSignal | null,
    timeout: () => Error,
    aborted: () => Error,
  ): Promise<Connection> {
    if (this.closed) return Promise.reject(new LockConnectionError("the server is shutting down", false));
    if (signal?.aborted) return Promise.reject(aborted());
    while (this.idle.length > 0) {
      const { conn, timer } = this.idle.pop()!;
      clearTimeout(timer);
      if (!conn.broken) {
        this.lent++;
        return Promise.resolve(conn);
      }
      this.opened--;
    }
    if (this.opened < this.max) return this.openConn();
    // Every connection is lent: wait for one, within the lock's own time.
    return new Promise<Connection>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const i = this.waiters.indexOf(w);
        if (i >= 0) this.waiters.splice(i, 1);
      };
      const w: Waiter = {
        resolve: (c) => {
          done();
          resolve(c);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      const onAbort = () => w.reject(aborted());
      if (deadline !== Infinity) timer = setTimeout(() => w.reject(timeout()), Math.max(0, deadline - Date.now()));
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(w);
    });
  }

  /** Takes back a lent connection: to a waiter, to the idle list, or closed when broken. */
  private give(conn: Connection, broken: boolean): void {
    this.lent--;
    if (broken || this.closed) {
      this.opened--;
      void disconnect(conn);
      this.handOn();
      return;
    }
    const w = this.waiters.shift();
    if (w) {
      this.lent++;
      w.resolve(conn);
      return;
    }
    const entry = {
      conn,
      timer: setTimeout(() => {
        const i = this.idle.indexOf(entry);
        if (i >= 0) this.idle.splice(i, 1);
        this.opened--;
        void disconnect(conn);
      }, LOCK_IDLE_MS),
    };
    entry.timer.unref();
    this.idle.push(entry);
  }

  /** A connection closed: a waiter may open a new one. */
  private handOn(): void {
    const w = this.waiters[0];
    if (!w || this.opened >= this.max) return;
    this.waiters.shift();
    this.openConn().then(
      (c) => w.resolve(c),
      (e: Error) => w.reject(e),
    );
  }

  /** Opens one more lock connection, lent at once; refused when it goes through a pooler. */
  private async openConn(): Promise<Connection> {
    this.opened++;
    this.lent++;
    let conn: Connection;
    try {
      conn = await connect(sessionConfig(this.config, "locks"), this.url, () => {});
    } catch (err) {
      this.opened--;
      this.lent--;
      this.handOn();
      throw new LockConnectionError((err as Error).message, false);
    }
    if (!conn.pooled) return conn;
    this.give(conn, true);
    throw new LockConnectionError(
      `datasource ${this.config.name} reaches Postgres through a pooler, where a session advisory lock would stay on a server connection other clients use: give the datasource a directUrl (or DATABASE_DIRECT_URL) straight to Postgres`,
      true,
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.reject(new LockConnectionError("the server is shutting down", false));
    await Promise.all(
      this.idle.splice(0).map(({ conn, timer }) => {
        clearTimeout(timer);
        this.opened--;
        return disconnect(conn);
      }),
    );
  }
}
