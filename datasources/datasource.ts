// A named datasource and its connection strategy:
// - pool: generic-pool around pg.Client (min/max, idle eviction, validation on borrow);
// - single: the same pool held at one connection, so requests queue on it;
// - per-request: connect, query, close (the CGI style);
// - pipeline: the pool, of which pipelineConnections connections carry the statements of all
//   requests at once, written back to back — but only statements known to be short (see
//   acquireShared): one whose SQL has not yet run here, or recently ran long, takes a
//   connection of its own as with pool, so nothing queues behind it; a transaction still
//   takes a connection of its own.
// Connecting backs off after failures, and a caller never waits longer than acquireTimeoutMs:
// then it gets a DatasourceError ("datasource X unavailable"), which the server answers 503.
import type { CancelSignal } from "../engine/cancel.js";
import genericPool from "generic-pool";
import { DatasourceError } from "../engine/errors.js";
import type { DatasourceConfig, Strategy } from "../config/site.js";
import { idleMs, type Driver, type DriverConnection } from "./driver.js";
import { driverFor } from "./drivers.js";
import { abortable } from "./abort.js";
import { Handoff } from "./handoff.js";

type Connection = DriverConnection;

export interface Lease {
  conn: Connection;
  /** Other requests' statements may be in flight on the connection (strategy "pipeline"). */
  shared?: boolean;
  /** Gives the connection back; a broken one is destroyed instead (a promise when that is to be awaited). */
  release(broken?: boolean): Promise<void> | void;
}

export interface DatasourceStats {
  size: number;
  available: number;
  borrowed: number;
  pending: number;
  /** Strategy "pipeline": connections shared now. */
  shared?: number;
  /** Strategy "pipeline": statements in flight, on shared connections and on ones of their own. */
  inFlight?: number;
}

/** A pooled connection lent to many requests at once. */
interface Slot {
  lease: Lease;
  users: number;
  idleTimer: NodeJS.Timeout | undefined;
  /** The event loop's idle time (idleMs) when a statement on it last completed, or it went from idle to busy. */
  progress: number;
}

/**
 * A shared connection with statements in flight and none completed while the event loop sat
 * idle this long is stalled (a lock wait, a statement slower than its history said): new
 * statements go elsewhere rather than queue behind it. Idle time, not wall time: an event loop
 * busy rendering pages leaves answers unread in the socket, and a healthy connection would
 * look stalled (see idleMs).
 */
export const PIPELINE_STALL_MS = 20;

/**
 * Strategy "pipeline" writes a statement behind others only when its SQL recently ran for less
 * than this (ms); any other statement — its SQL not seen yet, or slow — runs on a connection of
 * its own, as with pool, so a report query never holds up the short ones written after it.
 */
export const PIPELINE_FAST_MS = 10;
/**
 * While short statements have used a shared connection this recently (ms), the last shared
 * connection is not given back to the pool for a statement of its own: a mix of slow and short
 * pages keeps its short ones answered at once instead of behind a full pool of slow ones. A site
 * running only slow statements still gives them all of `max`.
 */
export const KEEP_SHARED_MS = 1000;
/** SQL texts whose run times are remembered (the map is emptied when full: a site has its few). */
const TIMINGS = 5000;
/**
 * The longest SQL text kept as a key (run times here, statement names in registry.ts): longer
 * texts, built from strings, are not remembered, so that each map holds a bounded number of
 * characters. A statement whose run time is not remembered takes a connection of its own.
 */
export const KEPT_SQL_TEXT = 4096;
/**
 * How far a remembered run time moves towards a longer run, and towards a shorter one. Half way
 * up: a run timed long because the event loop was busy (the answer sat unread in the socket)
 * must be twice PIPELINE_FAST_MS to count, while a statement that took 1.5 s is slow at once;
 * a quarter of the way down: after that 1.5 s run it runs on a connection of its own for its
 * next ~15 runs.
 */
const TIMING_UP = 0.5;
const TIMING_DOWN = 0.25;
/** generic-pool priorities: shared connections, transactions and stalled fast statements first. */
const FIRST = 0;
const OWN = 1;
export type LogFn = (message: string) => void;

const MAX_BACKOFF_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Datasource {
  readonly name: string;
  readonly strategy: Strategy;
  readonly driver: Driver;
  private failures = 0;
  private lastError: Error | null = null;
  private readonly pool: genericPool.Pool<Connection> | null;
  private closed = false;
  private readonly slots: Slot[] = [];
  private readonly openings = new Set<Promise<Slot>>();
  /** Strategy "pipeline": recent run time (ms) of each SQL text (see observe). */
  private readonly timings = new Map<string, number>();
  /** Strategy "pipeline": statements running on a connection of their own now. */
  private own = 0;
  /** Date.now() when a shared connection was last lent (see KEEP_SHARED_MS). */
  private lastLent = -Infinity;
  /**
   * Strategies pool and single: connections given back while nobody waited, most recent last,
   * kept here (still borrowed from generic-pool) for the next statement to take without a
   * promise (see tryIdle); one timer hands those idle past validateAfterIdleMs back.
   */
  private readonly idle: Connection[] = [];
  private idleSweep: NodeJS.Timeout | undefined;
  /** Strategies pool and single: requests waiting while all of the pool is lent (see acquire). */
  private readonly waiting: Handoff<Lease> | null;

  constructor(
    readonly config: DatasourceConfig,
    private readonly url: string,
    private readonly log: LogFn = () => {},
  ) {
    this.name = config.name;
    this.strategy = config.strategy;
    this.driver = driverFor(config, url);
    this.pool = config.strategy === "per-request" ? null : this.createPool();
    this.waiting = this.keepsIdle ? new Handoff(config.acquireTimeoutMs, () => this.noConnection()) : null;
  }

  /** Where a session of its own goes (LISTEN, session advisory locks): the directUrl, else the url. */
  get sessionUrl(): string {
    return this.config.directUrl ?? this.url;
  }

  private createPool(): genericPool.Pool<Connection> {
    const single = this.strategy === "single";
    const c = this.config;
    return genericPool.createPool<Connection>(
      {
        create: () => this.open(),
        destroy: (conn) => this.driver.disconnect(conn),
        // A connection silent for a while may sit behind a dead route or a restarted server:
        // one round trip proves it before a page gets it (a failed one is destroyed).
        validate: async (conn) =>
          !conn.broken &&
          (Date.now() - conn.lastUsed < c.validateAfterIdleMs ||
            (await this.driver.ping(conn, Math.min(1000, c.acquireTimeoutMs / 2)))),
      },
      {
        min: single ? 1 : c.min,
        max: single ? 1 : c.max,
        acquireTimeoutMillis: c.acquireTimeoutMs,
        priorityRange: 2,
        maxWaitingClients: c.maxWaiting,
        testOnBorrow: true,
        idleTimeoutMillis: single ? Number.MAX_SAFE_INTEGER : c.idleTimeoutMs,
        // Without a run interval generic-pool never evicts idle connections.
        evictionRunIntervalMillis: Math.min(c.idleTimeoutMs, 1000),
        numTestsPerEvictionRun: Math.max(3, c.max),
        autostart: true,
        // A dead Postgres must not leave destroy() hanging either (missing from the typings).
        ...({ destroyTimeoutMillis: c.acquireTimeoutMs } as object),
      },
    );
  }

  /** Opens one connection, waiting first when the last attempts failed (backoff). */
  private async open(): Promise<Connection> {
    // Never longer than half the acquire timeout, so the first try after an outage heals can
    // still answer the request that waits for it.
    if (this.failures > 0)
      await sleep(Math.min(MAX_BACKOFF_MS, this.config.acquireTimeoutMs / 2, 50 * 2 ** (this.failures - 1)));
    if (this.closed) throw new Error(`datasource ${this.name} is closed`);
    try {
      const conn = await this.driver.connect(this.config, this.url, (err) =>
        this.log(`datasource ${this.name}: connection lost: ${err.message}`),
      );
      if (this.failures > 0)
        this.log(`datasource ${this.name}: connected again after ${this.failures} failed attempt(s)`);
      this.failures = 0;
      this.lastError = null;
      return conn;
    } catch (err) {
      this.failures++;
      this.lastError = err as Error;
      if (this.failures === 1) this.log(`datasource ${this.name}: cannot connect: ${(err as Error).message}`);
      throw err;
    }
  }

  /** A request waited acquireTimeoutMs for a connection. */
  private noConnection(): DatasourceError {
    return this.unavailable(`no connection within ${this.config.acquireTimeoutMs} ms`);
  }

  /** maxWaiting requests wait for a connection already. */
  private queueFull(): DatasourceError {
    return this.unavailable(`${this.config.maxWaiting} requests are already waiting`);
  }

  private unavailable(why: string): DatasourceError {
    const last = this.lastError ? ` (last error: ${this.lastError.message})` : "";
    return new DatasourceError(this.name, `Datasource ${this.name} unavailable: ${why}${last}`);
  }

  /**
   * A connection for one query or one transaction. With `signal`, a caller that is cancelled
   * while waiting stops waiting at once (the connection, when it comes, goes back).
   */
  acquire(signal?: CancelSignal, priority = FIRST): Promise<Lease> {
    if (this.closed) return Promise.reject(this.unavailable("it is closed"));
    const pool = this.pool;
    if (!pool) return this.connected();
    const kept = signal?.aborted ? null : this.tryIdle();
    if (kept) return Promise.resolve(kept);
    // Every connection lent (none kept idle): wait here for one given back.
    const waiting = this.waiting;
    if (waiting && pool.borrowed >= pool.max && !signal?.aborted) {
      if (waiting.length + pool.pending >= this.config.maxWaiting) return Promise.reject(this.queueFull());
      return waiting.wait(signal);
    }
    return this.fromPool(signal, priority);
  }

  /** Strategy per-request: a connection opened for this lease, closed when it is given back. */
  private async connected(): Promise<Lease> {
    let conn: Connection;
    try {
      conn = await this.open();
    } catch (err) {
      throw this.unavailable(`cannot connect: ${(err as Error).message}`);
    }
    return { conn, release: () => this.driver.disconnect(conn) };
  }

  /** A connection from generic-pool (opened there when the pool may grow), as a lease. */
  private async fromPool(signal: CancelSignal | undefined, priority = FIRST): Promise<Lease> {
    const pool = this.pool!;
    let conn: Connection;
    try {
      conn = await abortable(pool.acquire(priority), signal, (late) => void pool.release(late).catch(() => {}));
    } catch (err) {
      if (signal?.aborted) throw err;
      const e = err as Error;
      if (e.name === "TimeoutError") throw this.noConnection();
      if (/max waitingClients/.test(e.message)) throw this.queueFull();
      throw this.unavailable(e.message);
    }
    return this.borrowed(conn);
  }

  /**
   * The lease of a connection borrowed from generic-pool. Giving it back is synchronous unless
   * it is destroyed: with strategy pool or single it goes to the request waiting longest here
   * (see acquire), or, while nobody waits for the pool, stays here for the next statement (see
   * tryIdle); else it goes back to generic-pool. One destroyed makes room in generic-pool for
   * the request waiting longest here.
   */
  private borrowed(conn: Connection): Lease {
    const pool = this.pool!;
    let released = false;
    return {
      conn,
      release: (broken = false) => {
        if (released) return;
        released = true;
        conn.lastUsed = Date.now();
        if (broken || conn.broken || conn.retire)
          return pool
            .destroy(conn)
            .catch(() => {})
            .then(() => void this.waiting?.handOver((signal) => this.fromPool(signal)));
        // Requests that came while the pool could still grow wait in generic-pool: before those here.
        if (this.closed || pool.pending > 0) return void pool.release(conn).catch(() => {});
        if (this.waiting?.give(this.borrowed(conn))) return;
        if (this.keepsIdle) return this.keepIdle(conn);
        void pool.release(conn).catch(() => {});
      },
    };
  }

  /** Strategies whose connections given back stay here for the next statement (see tryIdle). */
  private get keepsIdle(): boolean {
    return this.strategy === "pool" || this.strategy === "single";
  }

  /**
   * A connection given back while nobody waited, at once and without a promise, when it was
   * used within validateAfterIdleMs (as generic-pool's validation on borrow would pass it
   * without a round trip); else null. What generic-pool does per borrow (a request with its
   * timeout timer, the validation's promises, a loan) is a few microseconds a statement. One
   * broken or stale on the way goes back to generic-pool (those under a stale one are older).
   */
  tryIdle(): Lease | null {
    if (this.closed) return null;
    const now = Date.now();
    for (let conn = this.idle.pop(); conn; conn = this.idle.pop()) {
      if (!conn.broken && !conn.retire && now - conn.lastUsed < this.config.validateAfterIdleMs)
        return this.borrowed(conn);
      this.giveBack(conn);
    }
    return null;
  }

  private keepIdle(conn: Connection): void {
    this.idle.push(conn);
    this.idleSweep ??= setInterval(() => this.sweepIdle(), Math.max(100, this.config.validateAfterIdleMs / 2)).unref();
  }

  /** Hands back to generic-pool the connections idle past validateAfterIdleMs (it checks and evicts them there). */
  private sweepIdle(): void {
    const now = Date.now();
    // The oldest are first: they were given back longest ago.
    while (this.idle.length > 0 && now - this.idle[0]!.lastUsed >= this.config.validateAfterIdleMs)
      this.giveBack(this.idle.shift()!);
    if (this.idle.length === 0) {
      clearInterval(this.idleSweep);
      this.idleSweep = undefined;
    }
  }

  private giveBack(conn: Connection): void {
    const pool = this.pool!;
    void (conn.broken || conn.retire ? pool.destroy(conn) : pool.release(conn)).catch(() => {});
  }

  /**
   * A connection for the statement `sql` outside a transaction. With strategy "pipeline", when
   * the statement is known to be short (see fast), one of the shared connections: the least
   * busy, or a new one while fewer than pipelineConnections are open (a request waits for it
   * only when none is open); any other statement gets a connection of its own. Otherwise:
   * acquire().
   */
  acquireShared(sql: string, signal?: CancelSignal): Promise<Lease> {
    if (this.strategy !== "pipeline" || !this.driver.pipelining) return this.acquire(signal);
    return this.acquirePipelined(sql, signal);
  }

  private async acquirePipelined(sql: string, signal?: CancelSignal): Promise<Lease> {
    if (this.closed) throw this.unavailable("it is closed");
    if (!this.fast(sql)) return this.acquireOwn(sql, signal);
    const lent = this.tryShared(sql);
    if (lent) return lent;
    // None free: open one more (up to the limit) or wait for one being opened, then take
    // the least busy.
    if (this.roomForSlot()) await this.openSlot(signal);
    else if (this.openings.size > 0) await Promise.race(this.openings);
    const best = this.leastBusy();
    // Every shared connection stalled: this statement gets a connection of its own from the
    // pool, as with strategy pool, instead of waiting behind a slow one.
    if (!best) return this.counted(await this.acquire(signal));
    return this.lend(best);
  }

  /**
   * A connection of its own for a statement that may run long (strategy "pipeline"). When the
   * pool is full and a shared connection is idle, that one goes back to the pool for it, so
   * such statements get all of `max`, as with strategy pool; they wait behind requests for
   * shared connections and transactions (priority), so a short statement waits for at most
   * one of them to finish, never for the queue of them. With the pool still full, one that ran
   * for less than a stall recently is written on a shared connection instead (see below).
   */
  private async acquireOwn(sql: string, signal?: CancelSignal): Promise<Lease> {
    const pool = this.pool!;
    if (pool.size >= this.config.max && pool.available === 0) {
      const idle = this.slots.find((s) => s.users === 0);
      if (idle && this.mayGiveBack()) await this.unslot(idle);
      // Still full: a statement that recently ran for less than a stall waits behind the
      // statements on a shared connection rather than for a whole slow one to finish. A short
      // statement timed long once (Postgres starved of CPU for a moment) stays answered at once.
      else if ((this.timings.get(sql) ?? Infinity) < PIPELINE_STALL_MS) {
        const best = this.leastBusy();
        if (best) return this.lend(best);
      }
    }
    return this.counted(await this.acquire(signal, OWN));
  }

  /** May an idle shared connection go back to the pool for statements of their own (see KEEP_SHARED_MS)? */
  private mayGiveBack(): boolean {
    // With a pool of one, keeping it shared would leave statements of their own nothing.
    return this.slots.length > 1 || this.config.max <= 1 || Date.now() - this.lastLent >= KEEP_SHARED_MS;
  }

  /** Are fewer than pipelineConnections shared connections open or being opened? */
  private roomForSlot(): boolean {
    return this.slots.length + this.openings.size < this.config.pipelineConnections;
  }

  /** Could another shared connection be opened now without waiting for the pool? */
  private canOpenSlot(): boolean {
    const pool = this.pool!;
    return this.roomForSlot() && (pool.size < this.config.max || pool.available > 0);
  }

  /** A lease of a statement's own, counted in stats().inFlight while lent. */
  private counted(lease: Lease): Lease {
    this.own++;
    let done = false;
    return {
      conn: lease.conn,
      release: (broken?: boolean) => {
        if (!done) this.own--;
        done = true;
        return lease.release(broken);
      },
    };
  }

  /**
   * Is `sql` short enough to be written behind other statements on a shared connection: it
   * ran here before, recently for less than PIPELINE_FAST_MS (see observe)?
   */
  fast(sql: string): boolean {
    const t = this.timings.get(sql);
    return t !== undefined && t < PIPELINE_FAST_MS;
  }

  /**
   * How long a run of `sql` took (ms, from the moment it could start: on a shared connection,
   * once the statement ahead of it was answered). The first run is taken as it is; later ones
   * move the figure (see TIMING_UP), so one slow run (a lock wait) keeps the statement off
   * shared connections for a while and a short pause of the event loop does not. A run that
   * failed may have ended early (cancelled when its visitor left, stopped by a limit): it can
   * only tell that the statement is slow, never that it is short — else a slow report whose
   * visitors gave up would come to look short and be written behind the short statements.
   */
  observe(sql: string, ms: number, failed = false): void {
    if (this.strategy !== "pipeline" || sql.length > KEPT_SQL_TEXT) return;
    const t = this.timings.get(sql);
    if (failed && (t === undefined || ms <= t)) return;
    if (t === undefined && this.timings.size >= TIMINGS) this.timings.clear();
    this.timings.set(sql, t === undefined ? ms : t + (ms - t) * (ms > t ? TIMING_UP : TIMING_DOWN));
  }

  /**
   * A shared connection at once, without waiting, when acquireShared would take one that is
   * open now (the least busy, unless it is busy and another may still be opened); else null.
   * The common case of strategy "pipeline": a short statement borrows without a promise.
   */
  tryShared(sql: string): Lease | null {
    if (this.strategy !== "pipeline" || !this.driver.pipelining || this.closed || !this.fast(sql)) return null;
    // A shared connection that broke while nobody used it leaves at once, freeing its place.
    for (const s of this.slots) if (s.users === 0 && (s.lease.conn.broken || s.lease.conn.retire)) void this.unslot(s);
    const best = this.leastBusy();
    if (!best) return null;
    // A busy one is shared further when no other can be opened at once (the pool is full of
    // statements of their own): behind short statements rather than behind a slow one.
    if (best.users > 0 && this.canOpenSlot()) return null;
    return this.lend(best);
  }

  /** The least busy shared connection that is usable and not stalled. */
  private leastBusy(): Slot | undefined {
    const now = idleMs();
    let best: Slot | undefined;
    for (const s of this.slots) {
      if (s.lease.conn.broken || s.lease.conn.retire || (s.users > 0 && now - s.progress > PIPELINE_STALL_MS)) continue;
      if (!best || s.users < best.users) best = s;
    }
    return best;
  }

  private openSlot(signal?: CancelSignal): Promise<Slot> {
    const opening = this.acquire(signal).then((lease) => {
      const slot: Slot = { lease, users: 0, idleTimer: undefined, progress: idleMs() };
      this.slots.push(slot);
      return slot;
    });
    this.openings.add(opening);
    const done = () => void this.openings.delete(opening);
    opening.then(done, done);
    return opening;
  }

  private lend(slot: Slot): Lease {
    if (slot.users === 0) slot.progress = idleMs();
    slot.users++;
    this.lastLent = Date.now();
    const conn = slot.lease.conn;
    let released = false;
    return {
      conn,
      shared: true,
      // Synchronous unless the connection leaves: a statement gives it back without a promise.
      release: (broken = false) => {
        if (released) return;
        released = true;
        slot.users--;
        slot.progress = idleMs();
        conn.lastUsed = Date.now();
        if (broken) conn.broken = true;
        if (slot.users > 0) return;
        // Broken or stale: out at once. Idle: back to the pool after a while (there it is
        // checked before reuse and evicted when idle long), so a busy site keeps it shared —
        // at once when statements of their own wait for the full pool.
        if (conn.broken || conn.retire || this.closed || (this.pool!.pending > 0 && this.mayGiveBack()))
          return this.unslot(slot);
        slot.idleTimer ??= this.idleCheck(slot, this.slotIdleMs);
      },
    };
  }

  /** How long a shared connection nobody uses stays shared. */
  private get slotIdleMs(): number {
    return Math.min(this.config.validateAfterIdleMs, this.config.idleTimeoutMs);
  }

  /**
   * The timer that takes a shared connection out once nobody has used it for slotIdleMs. It is
   * set when the connection is given back and left running when it is lent again (a busy site
   * lends it for every statement): when it fires it looks at the connection's last use and is
   * set again for the time left, or dropped while the connection is lent (the next give-back
   * sets it).
   */
  private idleCheck(slot: Slot, ms: number): NodeJS.Timeout {
    return setTimeout(() => {
      slot.idleTimer = undefined;
      if (slot.users > 0) return;
      const left = this.slotIdleMs - (Date.now() - slot.lease.conn.lastUsed);
      if (left > 0) slot.idleTimer = this.idleCheck(slot, left);
      else void this.unslot(slot);
    }, ms).unref();
  }

  private async unslot(slot: Slot): Promise<void> {
    if (slot.users > 0) return;
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    clearTimeout(slot.idleTimer);
    await slot.lease.release();
  }

  stats(): DatasourceStats {
    const p = this.pool;
    // Connections kept idle here are free, though generic-pool counts them borrowed.
    const kept = this.idle.length;
    const s = p
      ? {
          size: p.size,
          available: p.available + kept,
          borrowed: p.borrowed - kept,
          pending: p.pending + (this.waiting?.length ?? 0),
        }
      : { size: 0, available: 0, borrowed: 0, pending: 0 };
    if (this.strategy === "pipeline")
      return { ...s, shared: this.slots.length, inFlight: this.slots.reduce((n, x) => n + x.users, this.own) };
    return s;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Shared connections in use go back when their last user is done (release sees `closed`).
    await Promise.all(this.slots.filter((s) => s.users === 0).map((s) => this.unslot(s)));
    this.waiting?.failAll(this.unavailable("it is closed"));
    clearInterval(this.idleSweep);
    for (const conn of this.idle.splice(0)) this.giveBack(conn);
    if (this.pool) {
      await this.pool.drain();
      await this.pool.clear();
    }
  }
}
