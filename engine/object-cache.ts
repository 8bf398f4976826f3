// The store behind cachePut/cacheGet (CFML's object cache): values kept by id for a time span
// or until idle too long, one per site and process, bounded in entries and in size (least
// recently used go first). Values are copied in and out, so one request never shares a mutable
// value with another. Ids are case-insensitive, kept upper-case as CFML shows them.
import { LRUCache } from "lru-cache";
import { ELEMENT_BYTES, MEMBER_BYTES, ROW_BYTES } from "./work.js";
import { QueryResult } from "./query-result.js";
import { isStruct } from "./values.js";

interface Entry {
  value: unknown;
  /** When it expires (clock ms), or null. */
  expires: number | null;
  /** Longest time between two reads (ms), or null. */
  idle: number | null;
  used: number;
  /** Its size (sizeOf). */
  size: number;
}

/**
 * Entries kept at most (the config's objectCacheSize), and their size in all (sizeOf, bytes as
 * the page's memory budget counts them), so that large values kept under many ids cannot fill
 * the process's memory.
 */
export const OBJECT_CACHE_DEFAULTS = { maxEntries: 1000, maxBytes: 64 * 1024 * 1024 };

/**
 * A value's size as the page's memory budget counts it (engine/work.ts): the elements of arrays,
 * the members of structs and query rows, and the characters of strings (keys too); a scalar or
 * another object (a date, a component, which deepCopy does not copy either) counts as a slot.
 */
export function sizeOf(v: unknown): number {
  if (typeof v === "string") return v.length;
  if (Array.isArray(v)) {
    let n = v.length * ELEMENT_BYTES;
    for (const e of v) n += sizeOf(e);
    return n;
  }
  if (v instanceof QueryResult) {
    let n = 0;
    for (const r of v.rows) n += ROW_BYTES + membersOf(r);
    return n;
  }
  return isStruct(v) ? membersOf(v) : ELEMENT_BYTES;
}

const membersOf = (o: object): number => {
  let n = 0;
  for (const [k, e] of Object.entries(o)) n += MEMBER_BYTES + k.length + sizeOf(e);
  return n;
};

export class ObjectCache {
  private readonly lru: LRUCache<string, Entry>;

  constructor(
    maxEntries = OBJECT_CACHE_DEFAULTS.maxEntries,
    private readonly now: () => number = Date.now,
    readonly maxBytes = OBJECT_CACHE_DEFAULTS.maxBytes,
  ) {
    this.lru = new LRUCache<string, Entry>({
      max: Math.max(1, maxEntries),
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (e) => Math.max(1, e.size),
    });
  }

  static id(id: string): string {
    return id.toUpperCase();
  }

  /**
   * Keeps `value` (already copied, of `size`: sizeOf) under `id`; a time span or idle time of 0
   * or less: no limit. A value larger than the whole store is refused (the caller says so).
   */
  put(id: string, value: unknown, spanMs: number | null, idleMs: number | null, size = sizeOf(value)): void {
    const t = this.now();
    const expires = spanMs !== null && spanMs > 0 ? t + spanMs : null;
    const idle = idleMs !== null && idleMs > 0 ? idleMs : null;
    this.lru.set(ObjectCache.id(id), { value, expires, idle, used: t, size });
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
