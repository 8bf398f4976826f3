// The store behind cachePut/cacheGet (CFML's object cache): values kept by id for a time span
// or until idle too long, one per site and process, bounded in entries (least recently used go
// first). Values are copied in and out, so one request never shares a mutable value with
// another. Ids are case-insensitive, kept upper-case as CFML shows them.
import { LRUCache } from "lru-cache";

interface Entry {
  value: unknown;
  /** When it expires (clock ms), or null. */
  expires: number | null;
  /** Longest time between two reads (ms), or null. */
  idle: number | null;
  used: number;
}

export const OBJECT_CACHE_DEFAULTS = { maxEntries: 1000 };

export class ObjectCache {
  private readonly lru: LRUCache<string, Entry>;

  constructor(
    maxEntries = OBJECT_CACHE_DEFAULTS.maxEntries,
    private readonly now: () => number = Date.now,
  ) {
    this.lru = new LRUCache<string, Entry>({ max: Math.max(1, maxEntries) });
  }

  static id(id: string): string {
    return id.toUpperCase();
  }

  /** Keeps `value` (already copied) under `id`; a time span or idle time of 0 or less: no limit. */
  put(id: string, value: unknown, spanMs: number | null, idleMs: number | null): void {
    const t = this.now();
    const expires = spanMs !== null && spanMs > 0 ? t + spanMs : null;
    this.lru.set(ObjectCache.id(id), { value, expires, idle: idleMs !== null && idleMs > 0 ? idleMs : null, used: t });
  }

  /** The live entry of `id` (a read counts as use), or undefined; an expired one is dropped. */
  get(id: string): { value: unknown } | undefined {
    const e = this.live(ObjectCache.id(id), true);
    if (e) e.used = this.now();
    return e;
  }

  has(id: string): boolean {
    return this.live(ObjectCache.id(id)) !== undefined;
  }

  delete(id: string): boolean {
    return this.lru.delete(ObjectCache.id(id));
  }

  /** The live ids, oldest use first. */
  ids(): string[] {
    return [...this.lru.rkeys()].filter((k) => this.live(k) !== undefined);
  }

  /** The entry of `key` unless it expired (then it is dropped); `touch` counts it as recently used. */
  private live(key: string, touch = false): Entry | undefined {
    const e = touch ? this.lru.get(key) : this.lru.peek(key);
    if (e === undefined) return undefined;
    const t = this.now();
    if ((e.expires !== null && t >= e.expires) || (e.idle !== null && t - e.used >= e.idle)) {
      this.lru.delete(key);
      return undefined;
    }
    return e;
  }

  /** Entries kept now (expired ones included until they are next looked at). */
  get size(): number {
    return this.lru.size;
  }

  clear(): number {
    const n = this.lru.size;
    this.lru.clear();
    return n;
  }
}
