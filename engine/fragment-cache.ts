// The store behind dbt:cache: rendered output kept for a time span, bounded both in entries
// and in total size (least recently used go first), one per site and process. Only text is
// kept: a cached fragment replays its output, never its side effects (variables it set,
// headers, queries).
import { LRUCache } from "lru-cache";

export interface FragmentCacheOptions {
  /** Most entries kept. */
  maxEntries: number;
  /** Most characters kept over all entries; an entry larger than this is not kept. */
  maxChars: number;
  /** The clock (milliseconds) the time spans are measured on; tests pass their own. */
  now?: () => number;
}

export const FRAGMENT_DEFAULTS = { maxEntries: 500, maxChars: 32 * 1024 * 1024 };

export class FragmentCache {
  private readonly lru: LRUCache<string, string>;

  constructor(opts: FragmentCacheOptions = FRAGMENT_DEFAULTS) {
    this.lru = new LRUCache<string, string>({
      max: Math.max(1, opts.maxEntries),
      maxSize: Math.max(1, opts.maxChars),
      sizeCalculation: (v) => Math.max(1, v.length),
      // An own clock is read every time (no cached "now"), so tests can step it.
      ...(opts.now ? { perf: { now: opts.now }, ttlResolution: 0 } : {}),
    });
  }

  /** The output kept under `key`, or undefined when there is none or it expired. */
  get(key: string): string | undefined {
    return this.lru.get(key);
  }

  /** Keeps `output` under `key` for `ttlMs` milliseconds (0 or less: not at all; null: until flushed or pushed out). */
  set(key: string, output: string, ttlMs: number | null): void {
    if (ttlMs === null) this.lru.set(key, output);
    else if (ttlMs > 0) this.lru.set(key, output, { ttl: ttlMs });
  }

  /** Forgets one key; true when it was there. */
  delete(key: string): boolean {
    return this.lru.delete(key);
  }

  /** Forgets every entry; returns how many there were. */
  clear(): number {
    const n = this.lru.size;
    this.lru.clear();
    return n;
  }

  get size(): number {
    return this.lru.size;
  }
}
