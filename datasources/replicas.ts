// Read replicas of a datasource (its `replicas` list), and read-your-writes. A dbt:query outside
// a transaction that the driver shows to be a plain read (postgres/reads.ts) goes to a replica
// that is up, at most replicaMaxLagMs behind the primary, and has replayed every write of the
// visitor's (their WritePositions); anything else — writes, transactions, a read whose replica
// fails — goes to the primary. After a write the primary's write position is read on the same
// connection and kept in the visitor's positions (the server carries them in a signed cookie),
// so their next reads follow the primary until a replica has replayed past it.
//
// Every replicaPollMs, while reads are being routed (they stop 30 s after the last), the
// primary's write position is sampled, on a connection of the poller's own (application_name
// quarry:<datasource>:lag, to the datasource's directUrl when it has one; kept while polling
// pauses, so the first poll after a pause costs no new login), so a busy page pool neither
// delays the samples nor is borrowed from; and each
// replica's replay position is read on a connection of that replica's pool. A replica's lag
// is the age of the newest primary sample it has replayed: measured on this process's clock
// only, and 0-ish when nothing is written. A replica that fails its poll or a query is skipped
// until a poll succeeds again; one that is no longer in recovery (promoted) is skipped too.
import { Datasource, type LogFn } from "./datasource.js";
import type { DriverConnection } from "./driver.js";

/** Polling stops this long after the last read that asked for a replica. */
const IDLE_STOP_MS = 30_000;
/** A replica's connections wait at most this long for a connection (then the read goes to the primary). */
const REPLICA_ACQUIRE_MS = 1000;

/** The write positions of one visitor, by datasource name: their reads need a replica that has replayed past it. */
export class WritePositions {
  readonly at = new Map<string, bigint>();
  /** A write moved a position (the cookie must be set again). */
  changed = false;

  /** Reads the text of toString(); entries it cannot read are skipped. */
  static parse(text: string | null | undefined): WritePositions {
    const w = new WritePositions();
    for (const part of (text ?? "").split("~")) {
      const m = /^([A-Za-z_]\w*):([0-9a-f]{1,16})$/.exec(part);
      if (m) w.at.set(m[1]!, BigInt(`0x${m[2]}`));
    }
    return w;
  }

  wrote(datasource: string, position: bigint): void {
    if (position > (this.at.get(datasource) ?? -1n)) {
      this.at.set(datasource, position);
      this.changed = true;
    }
  }

  toString(): string {
    return [...this.at].map(([k, v]) => `${k}:${v.toString(16)}`).join("~");
  }
}

interface Replica {
  ds: Datasource;
  /** How far it had replayed at its last poll; null: not known, or not a replica (any more). */
  replayed: bigint | null;
  /** Date.now() of its last successful poll. */
  at: number;
}

export class Replicas {
  private readonly replicas: Replica[];
  /** The primary's write position, sampled at each poll (oldest first). */
  private samples: { t: number; pos: bigint }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | null = null;
  private wanted = 0;
  private next = 0;
  private closed = false;
  /** The poller's own connection to the primary (null: not open; opened by the next poll). */
  private sampler: Promise<DriverConnection> | null = null;

  constructor(
    private readonly primary: Datasource,
    urls: string[],
    log: LogFn,
  ) {
    const c = primary.config;
    this.replicas = urls.map((url, i) => ({
      ds: new Datasource(
        {
          ...c,
          name: `${c.name}:replica${i + 1}`,
          replicas: [],
          directUrl: null,
          min: 0,
          acquireTimeoutMs: Math.min(REPLICA_ACQUIRE_MS, c.acquireTimeoutMs),
        },
        url,
        log,
      ),
      replayed: null,
      at: 0,
    }));
  }

  /** May `sql` go to a replica (the driver says it is a plain read)? */
  plainRead(sql: string): boolean {
    return this.primary.driver.plainRead?.(sql) ?? false;
  }

  /**
   * A replica for a read by a visitor whose last write ends at `after` (0: none): up, within
   * the lag limit, replayed past it; the next such in turn. null: the primary.
   */
  pick(after: bigint): Datasource | null {
    this.wanted = Date.now();
    this.wake();
    const now = Date.now();
    const n = this.replicas.length;
    for (let k = 0; k < n; k++) {
      const i = (this.next + k) % n;
      const r = this.replicas[i]!;
      if (r.replayed === null || r.replayed < after || this.lagMs(r, now) > this.primary.config.replicaMaxLagMs)
        continue;
      this.next = (i + 1) % n;
      return r.ds;
    }
    return null;
  }

  /** A read on `ds` failed for a reason of the replica's (its connection): skipped until its next good poll. */
  failed(ds: Datasource): void {
    const r = this.replicas.find((x) => x.ds === ds);
    if (r) r.replayed = null;
  }

  /** How far behind `r` is: the age of the newest primary sample it has replayed (Infinity: none, or not polled lately). */
  private lagMs(r: Replica, now: number): number {
    for (let k = this.samples.length - 1; k >= 0; k--) {
      const s = this.samples[k]!;
      if (s.pos <= r.replayed!) return Math.max(now - s.t, now - r.at);
    }
    return Infinity;
  }

  private wake(): void {
    if (this.timer || this.polling || this.closed) return;
    this.timer = setTimeout(() => void this.poll(), 0);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    this.timer = undefined;
    const done = (this.polling = this.pollOnce());
    await done;
    this.polling = null;
    if (!this.closed && Date.now() - this.wanted < IDLE_STOP_MS) {
      this.timer = setTimeout(() => void this.poll(), this.primary.config.replicaPollMs);
      this.timer.unref();
    }
  }

  /** The poller's connection to the primary, opened when there is none. */
  private samplerConn(): Promise<DriverConnection> {
    const c = this.primary.config;
    // A sample is one short statement: past the lag limit (or a second) it is no use anyway.
    const limitMs = Math.max(1000, Math.min(c.replicaMaxLagMs, c.queryTimeoutMs || Infinity));
    const opening = (this.sampler ??= this.primary.driver.connect(
      { ...c, name: `${c.name}:lag`, statementTimeoutMs: 0, queryTimeoutMs: limitMs },
      this.primary.sessionUrl,
      () => {},
    ));
    opening.catch(() => {
      if (this.sampler === opening) this.sampler = null;
    });
    return opening;
  }

  private async closeSampler(): Promise<void> {
    const s = this.sampler;
    this.sampler = null;
    if (s) await s.then((conn) => this.primary.driver.disconnect(conn)).catch(() => {});
  }

  private async pollOnce(): Promise<void> {
    const driver = this.primary.driver;
    try {
      const conn = await this.samplerConn();
      try {
        const pos = await driver.writePosition!(conn);
        const t = Date.now();
        this.samples.push({ t, pos });
        // Kept as long as a lag within the limit can refer to them, and the one before those.
        const keep = t - this.primary.config.replicaMaxLagMs - 2 * this.primary.config.replicaPollMs;
        let drop = 0;
        while (drop < this.samples.length - 1 && this.samples[drop + 1]!.t < keep) drop++;
        if (drop > 0) this.samples = this.samples.slice(drop);
      } catch {
        // Broken, or the server went away (a failover: the next one connects to the new primary).
        await this.closeSampler();
      }
      if (conn.broken) await this.closeSampler();
    } catch {
      // The primary is away: no new sample, so the replicas' lag grows past the limit.
    }
    await Promise.all(
      this.replicas.map(async (r) => {
        try {
          const lease = await r.ds.acquire();
          try {
            r.replayed = await driver.replayPosition!(lease.conn);
            r.at = Date.now();
            await lease.release();
          } catch (err) {
            await lease.release(true);
            throw err;
          }
        } catch {
          r.replayed = null;
        }
      }),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.polling;
    await this.closeSampler();
    await Promise.all(this.replicas.map((r) => r.ds.close()));
  }
}
