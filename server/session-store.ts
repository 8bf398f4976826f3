// Where sessions are kept: in this process's memory (quarry dev) or in a table of the site's
// default datasource (quarry start), so they survive restarts and every worker and machine
// shares them. Both stores keep the same thing: the session's data as JSON under a hash of
// its id (a leaked table does not leak usable ids), with an expiry that reads push back.
import { createHash, randomBytes } from "node:crypto";
import type { Datasources } from "../datasources/registry.js";
import { QueryError, RequestError, codes } from "../engine/errors.js";

export interface StoredSession {
  json: string;
  /** Milliseconds until it expires, on the store's clock. */
  remainingMs: number;
}

export interface SessionBackend {
  readonly kind: "memory" | "postgres";
  load(key: string): Promise<StoredSession | null>;
  /** `returning`: the visitor is known (a rotated or renewed session), not a first write. */
  save(key: string, json: string, returning?: boolean): Promise<void>;
  /** Pushes the expiry back without rewriting the data. */
  touch(key: string): Promise<void>;
  destroy(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The key a session is stored under: a hash of its id. */
export const storeKey = (id: string) => createHash("sha256").update(id).digest("base64url");

/** What one stored session is counted as: its JSON's bytes, plus its key and the entry around it. */
export function sessionBytes(key: string, json: string): number {
  return Buffer.byteLength(json) + key.length + ENTRY_OVERHEAD;
}
const ENTRY_OVERHEAD = 160;

/** A larger share of the memory store than this for one session fails its page instead. */
export const ONE_SESSION_SHARE = 16;

interface Entry {
  json: string;
  bytes: number;
  expires: number;
}

/**
 * Sessions in this process, bounded in count and in bytes. Reaching a bound never refuses a
 * visitor: the store makes room by forgetting, first, the sessions nobody has come back with
 * (oldest first: a flood of cookieless writes pushes out only its own kind), and only when
 * there are none of those, the least recently used of the sessions whose visitor returned.
 */
export class MemoryBackend implements SessionBackend {
  readonly kind = "memory";
  /** Sessions no request has brought back yet, oldest first. */
  private readonly fresh = new Map<string, Entry>();
  /** Sessions whose visitor came back, least recently used first. */
  private readonly returned = new Map<string, Entry>();
  private total = 0;
  constructor(
    private readonly timeoutMs: number,
    private readonly maxSessions: number,
    private readonly maxBytes: number,
  ) {}
  async load(key: string): Promise<StoredSession | null> {
    const now = Date.now();
    const e = this.fresh.get(key) ?? this.returned.get(key);
    if (!e) return null;
    this.forget(key);
    if (e.expires <= now) return null;
    // Brought back: from now on it is a returning visitor's, and the most recently used.
    this.put(this.returned, key, e);
    return { json: e.json, remainingMs: e.expires - now };
  }
  async save(key: string, json: string, returning = false): Promise<void> {
    const bytes = sessionBytes(key, json);
    const most = Math.floor(this.maxBytes / ONE_SESSION_SHARE);
    if (bytes > most) {
      throw new RequestError(
        codes.SESSION_LIMIT,
        500,
        `The session holds ${bytes} bytes, more than one session may take in the memory store (${most}, a ${ONE_SESSION_SHARE}th of session.maxBytes)`,
      );
    }
    const into = returning || this.returned.has(key) ? this.returned : this.fresh;
    this.forget(key);
    this.put(into, key, { json, bytes, expires: Date.now() + this.timeoutMs });
    this.makeRoom(key);
  }
  async touch(key: string): Promise<void> {
    const into = this.returned.has(key) ? this.returned : this.fresh.has(key) ? this.fresh : null;
    const e = into?.get(key);
    if (!into || !e) return;
    this.forget(key);
    this.put(into, key, { ...e, expires: Date.now() + this.timeoutMs });
  }
  async destroy(key: string): Promise<void> {
    this.forget(key);
  }
  /** Sessions held, and the bytes they are counted as. */
  get size(): { sessions: number; bytes: number } {
    return { sessions: this.fresh.size + this.returned.size, bytes: this.total };
  }
  async close(): Promise<void> {
    this.fresh.clear();
    this.returned.clear();
    this.total = 0;
  }

  private put(into: Map<string, Entry>, key: string, e: Entry): void {
    into.set(key, e);
    this.total += e.bytes;
  }
  private forget(key: string): void {
    const e = this.fresh.get(key) ?? this.returned.get(key);
    if (!e) return;
    this.fresh.delete(key);
    this.returned.delete(key);
    this.total -= e.bytes;
  }
  /** Drops expired sessions at the old end, then sessions until both bounds hold again (never `keep`). */
  private makeRoom(keep: string): void {
    const now = Date.now();
    for (const map of [this.fresh, this.returned]) {
      for (const [k, e] of map) {
        if (e.expires > now) break;
        this.forget(k);
      }
    }
    const over = () => this.total > this.maxBytes || this.fresh.size + this.returned.size > this.maxSessions;
    for (const map of [this.fresh, this.returned]) {
      for (const k of map.keys()) {
        if (!over()) return;
        if (k !== keep) this.forget(k);
      }
    }
  }
}

const TABLE = `CREATE TABLE IF NOT EXISTS quarry_session (
  id text PRIMARY KEY,
  data text NOT NULL,
  expires timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS quarry_session_expires ON quarry_session (expires)`;

/** Runs `fn` once the tables exist; a failed setup is retried by the next caller (server/schedule.ts too). */
export class Setup {
  private ready: Promise<void> | null = null;
  constructor(private readonly run: () => Promise<void>) {}
  async then<T>(fn: () => Promise<T>): Promise<T> {
    this.ready ??= this.run().catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    await this.ready;
    try {
      return await fn();
    } catch (err) {
      // Someone dropped the table (quarry db reset, say): create it again, once.
      if (err instanceof QueryError && err.sqlState === "42P01") {
        this.ready = null;
        return this.then(fn);
      }
      throw err;
    }
  }
}

/** Creates Quarry's tables (idempotent, safe when several workers start at once). */
async function createTables(db: Datasources): Promise<void> {
  const ds = db.get(undefined);
  const lease = await db.begin(ds, undefined);
  let ok = false;
  try {
    // One starter at a time: concurrent CREATE TABLE IF NOT EXISTS can still collide.
    await db.query(ds, lease, "SELECT pg_advisory_xact_lock(hashtext('quarry_session'))", []);
    for (const stmt of [...TABLE.split(";\n"), META]) await db.query(ds, lease, stmt, []);
    ok = true;
  } finally {
    await db.control(ds, lease, ok ? "COMMIT" : "ROLLBACK").catch(() => {});
    await lease.release();
  }
}

const META = "CREATE TABLE IF NOT EXISTS quarry_meta (name text PRIMARY KEY, value text NOT NULL)";

export class PostgresBackend implements SessionBackend {
  readonly kind = "postgres";
  private readonly setup: Setup;
  private readonly minutes: number;
  private sweeper: NodeJS.Timeout | null = null;
  constructor(
    private readonly db: Datasources,
    timeoutMs: number,
  ) {
    this.minutes = timeoutMs / 60_000;
    this.setup = new Setup(() => createTables(db));
  }
  private q(sql: string, params: unknown[]) {
    return this.setup.then(() => this.db.query(this.db.get(undefined), null, sql, params));
  }
  private startSweeper(): void {
    if (this.sweeper) return;
    // Expired rows are deleted every 10 minutes (by every process; the DELETE is cheap).
    this.sweeper = setInterval(
      () => void this.q("DELETE FROM quarry_session WHERE expires < now()", []).catch(() => {}),
      600_000,
    );
    this.sweeper.unref();
  }
  async load(key: string): Promise<StoredSession | null> {
    this.startSweeper();
    const r = await this.q(
      "SELECT data, (extract(epoch FROM expires - now()) * 1000)::float8 AS remaining FROM quarry_session WHERE id = $1 AND expires > now()",
      [key],
    );
    const row = r.rows[0];
    return row ? { json: row.data as string, remainingMs: row.remaining as number } : null;
  }
  async save(key: string, json: string): Promise<void> {
    await this.q(
      "INSERT INTO quarry_session (id, data, expires) VALUES ($1, $2, now() + $3 * interval '1 minute') ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, expires = EXCLUDED.expires",
      [key, json, this.minutes],
    );
  }
  async touch(key: string): Promise<void> {
    await this.q("UPDATE quarry_session SET expires = now() + $2 * interval '1 minute' WHERE id = $1", [
      key,
      this.minutes,
    ]);
  }
  async destroy(key: string): Promise<void> {
    await this.q("DELETE FROM quarry_session WHERE id = $1", [key]);
  }
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}

/**
 * The site secret when neither the config nor QUARRY_SECRET gives one: generated once and kept
 * in the default datasource's database (table quarry_meta), so a restart, another worker or
 * another machine signs and checks with the same one.
 */
export async function storedSecret(db: Datasources): Promise<string> {
  const setup = new Setup(() => createTables(db));
  const ds = db.get(undefined);
  return setup.then(async () => {
    await db.query(
      ds,
      null,
      "INSERT INTO quarry_meta (name, value) VALUES ('secret', $1) ON CONFLICT (name) DO NOTHING",
      [randomBytes(32).toString("base64url")],
    );
    const r = await db.query(ds, null, "SELECT value FROM quarry_meta WHERE name = 'secret'", []);
    return r.rows[0]!.value as string;
  });
}
