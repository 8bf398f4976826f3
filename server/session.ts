// Sessions: a random 192-bit id in a signed, HttpOnly, SameSite=Lax cookie (Secure over https),
// and a struct per id that the session scope is, kept by a SessionBackend (session-store.ts).
// A session is stored only when a page writes something into it; an id the store does not
// know is never adopted (a planted cookie gets a fresh id); sessionRotate() moves the data to
// a new id and sessionInvalidate() deletes it. New sessions are rate-limited per client
// address; the memory store, when full, forgets sessions nobody came back with first
// (session-store.ts) and never refuses a visitor.
// Flash messages (flash(), getFlash()) live in the same stored JSON beside the data, under a key
// no data can have: set by one request, they wait there until a later page reads them.
import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { RequestError, codes } from "../engine/errors.js";
import { QueryResult, SafeString, newStruct, isStruct, type Struct } from "../engine/values.js";
import { storeKey, type SessionBackend } from "./session-store.js";
import { keyOf } from "../engine/keys.js";

export const SESSION_COOKIE = "quarry_sid";

/** One request's session: what it was when loaded, and what the page asked for. */
export interface SessionState {
  id: string | null;
  data: Struct;
  /** The stored JSON as loaded ("" for no session). */
  loaded: string;
  remainingMs: number;
  rotate: boolean;
  invalidate: boolean;
  /** Flash messages stored by earlier requests and not read yet (null: none). */
  flash: Struct | null;
  /** Flash messages this request set, for a later one (null: none). */
  flashNext: Struct | null;
  /** This request read `flash` (getFlash()): they are not stored again. */
  flashRead: boolean;
}

/** What the response must do with the session cookie. */
export type CookieAction = { set: string } | { clear: true } | null;

/** Tokens refilled at `perMinute`, up to `perMinute`, per client address (per process). */
class RateLimit {
  private readonly buckets = new LRUCache<string, { tokens: number; at: number }>({ max: 10_000 });
  constructor(private readonly perMinute: number) {}
  take(client: string, now = Date.now()): boolean {
    const b = this.buckets.get(client) ?? { tokens: this.perMinute, at: now };
    b.tokens = Math.min(this.perMinute, b.tokens + ((now - b.at) / 60_000) * this.perMinute);
    b.at = now;
    const ok = b.tokens >= 1;
    if (ok) b.tokens -= 1;
    this.buckets.set(client, b);
    return ok;
  }
}

/** Has the struct no keys? (Without the array Object.keys makes: asked of every request's session.) */
export function isEmpty(s: Struct): boolean {
  for (const _ in s) return false;
  return true;
}

export class Sessions {
  private readonly limit: RateLimit;
  constructor(
    readonly backend: SessionBackend,
    private readonly timeoutMs: number,
    createPerMinute: number,
  ) {
    this.limit = new RateLimit(createPerMinute);
  }

  /** The state of a visitor with no session (yet). */
  fresh(): SessionState {
    return {
      id: null,
      data: newStruct(),
      loaded: "",
      remainingMs: 0,
      rotate: false,
      invalidate: false,
      flash: null,
      flashNext: null,
      flashRead: false,
    };
  }

  /** A visitor with no session whose page stored nothing in it: finish has nothing to do. */
  untouched(s: SessionState): boolean {
    return s.id === null && isEmpty(s.data) && s.flashNext === null;
  }

  /** Will the session hold anything once stored (data, or flash messages not read yet)? */
  holdsData(s: SessionState): boolean {
    return !isEmpty(s.data) || pendingFlash(s) !== null;
  }

  /** The session of an id from a verified cookie, or a new, unsaved, empty one. */
  async open(id: string | null): Promise<SessionState> {
    const stored = id ? await this.backend.load(storeKey(id)) : null;
    if (!id || !stored) return this.fresh();
    const { data, flash } = decodeSession(stored.json);
    return {
      id,
      data,
      loaded: stored.json,
      remainingMs: stored.remainingMs,
      rotate: false,
      invalidate: false,
      flash,
      flashNext: null,
      flashRead: false,
    };
  }

  /** Stores what the page did to the session; `client` is the address new sessions count against. */
  async finish(s: SessionState, client: string): Promise<CookieAction> {
    const json = encode(s.data, pendingFlash(s));
    const empty = !this.holdsData(s);
    // Rotating or ending a session replaces one row by at most one: not counted as new.
    if (s.id && s.invalidate) {
      await this.backend.destroy(storeKey(s.id));
      return empty ? { clear: true } : this.create(json, null, true);
    }
    if (s.id && s.rotate) {
      const next = await this.create(json, null, true);
      await this.backend.destroy(storeKey(s.id));
      return next;
    }
    if (s.id) {
      if (json !== s.loaded) await this.backend.save(storeKey(s.id), json);
      // Reads keep a session alive; the expiry is pushed back at most once a minute.
      else if (s.remainingMs < this.timeoutMs - 60_000) await this.backend.touch(storeKey(s.id));
      return null;
    }
    return empty ? null : this.create(json, client);
  }

  /**
   * After `finish` gave `cookie` to a response that went out at once (dbt:flush): the state is
   * what was stored, so that finishing again at the page's end stores only what changed since.
   */
  sent(s: SessionState, cookie: CookieAction): void {
    if (cookie && "set" in cookie) s.id = cookie.set;
    else if (cookie && "clear" in cookie) s.id = null;
    s.flash = pendingFlash(s);
    s.flashNext = null;
    s.flashRead = false;
    s.loaded = s.id === null ? "" : encode(s.data, s.flash);
    s.remainingMs = this.timeoutMs;
    s.rotate = s.invalidate = false;
  }

  private async create(json: string, client: string | null, returning = false): Promise<CookieAction> {
    if (client !== null && !this.limit.take(client)) {
      throw new RequestError(
        codes.SESSION_LIMIT,
        429,
        "Too many new sessions from this address; try again in a minute",
      );
    }
    const id = randomBytes(24).toString("base64url");
    await this.backend.save(storeKey(id), json, returning);
    return { set: id };
  }

  close(): Promise<void> {
    return this.backend.close();
  }
}

// The session's data as JSON. Dates, queries, raw() strings and bytes are tagged objects
// {"$t": …, "v": …}; a struct key that starts with "$" is stored with one more "$", so no data
// can pose as a tag.
const TAG = "$t";

function enc(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return { [TAG]: "date", v: v.toISOString() };
  if (v instanceof SafeString) return { [TAG]: "raw", v: v.value };
  if (v instanceof QueryResult)
    return { [TAG]: "query", v: { columns: v.columns, rows: v.rows.map((r) => v.columns.map((c) => enc(r[c]))) } };
  if (Buffer.isBuffer(v)) return { [TAG]: "bytes", v: v.toString("base64") };
  if (Array.isArray(v)) return v.map(enc);
  if (typeof v === "object") {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k.startsWith("$") ? `$${k}` : k] = enc(x);
    return o;
  }
  if (typeof v === "number" && !Number.isFinite(v)) return { [TAG]: "number", v: String(v) };
  return v;
}

function dec(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(dec);
  if (v === null || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  const tag = o[TAG];
  if (typeof tag === "string") {
    const x = o.v;
    switch (tag) {
      case "date":
        return new Date(x as string);
      case "raw":
        return new SafeString(x as string);
      case "bytes":
        return Buffer.from(x as string, "base64");
      case "number":
        return Number(x);
      case "query": {
        const q = x as { columns: string[]; rows: unknown[][] };
        return new QueryResult(
          q.columns,
          q.rows.map((r) => {
            const row: Record<string, unknown> = {};
            q.columns.forEach((c, i) => (row[c] = dec(r[i])));
            return row;
          }),
        );
      }
    }
  }
  const s = newStruct();
  for (const [k, x] of Object.entries(o)) s[k.startsWith("$") ? k.slice(1) : k] = dec(x);
  return s;
}

/**
 * The flash messages the session keeps after this request: those stored before, unless the
 * request read them, and those it set (a name set again replaces the older message).
 */
export function pendingFlash(s: SessionState): Struct | null {
  const kept = s.flashRead ? null : s.flash;
  if (!s.flashNext) return kept && !isEmpty(kept) ? kept : null;
  if (!kept || isEmpty(kept)) return isEmpty(s.flashNext) ? null : s.flashNext;
  const out = newStruct();
  Object.assign(out, kept);
  // Names are case-insensitive, as struct keys are: "Notice" replaces "notice".
  for (const [k, v] of Object.entries(s.flashNext)) out[keyOf(out, k) ?? k] = v;
  return out;
}

// The flash messages' key in the stored JSON, beside the data's keys: a data key starting with
// "$" is stored with one more "$", so no data can be read back as flash.
const FLASH = "$flash";

export function encode(data: Struct, flash: Struct | null = null): string {
  const o = enc(data) as Record<string, unknown>;
  if (flash) o[FLASH] = enc(flash);
  return JSON.stringify(o);
}

export function decode(json: string): Struct {
  return decodeSession(json).data;
}

/** The stored JSON as the session's data and its flash messages (null: none). */
export function decodeSession(json: string): { data: Struct; flash: Struct | null } {
  const o = JSON.parse(json) as unknown;
  let flash: Struct | null = null;
  if (o !== null && typeof o === "object" && !Array.isArray(o) && FLASH in o) {
    const f = dec((o as Record<string, unknown>)[FLASH]);
    delete (o as Record<string, unknown>)[FLASH];
    flash = isStruct(f) && !isEmpty(f) ? f : null;
  }
  const v = dec(o);
  return { data: isStruct(v) ? v : newStruct(), flash };
}
