// The cachedwithin results a process keeps are bounded in size as well as in count
// (datasources/registry.ts QUERY_CACHE_BYTES): large results cached under many keys push the
// oldest out rather than fill the process's memory. Against a real Postgres.
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase, datasourcesFor } from "./db.js";
import { QUERY_CACHE_BYTES } from "../datasources/registry.js";
import { resultBytes } from "../engine/query-result.js";

let url: string;
beforeAll(async () => {
  url = await createDatabase([], "qcache");
});

describe("the query cache's size bound", () => {
  it("keeps 64 MiB of results at most, the least recently used pushed out", async () => {
    expect(QUERY_CACHE_BYTES).toBe(64 * 1024 * 1024);
    const ds = datasourcesFor(url, { max: 2 });
    const main = ds.get(undefined);
    // A megabyte a result, a new key each (as a search cached per term).
    const text = "SELECT repeat('x', 1000000) AS s, $1::int AS k";
    const cached = async (k: number) => {
      const r = await ds.query(main, null, text, [k], { cacheMs: 60_000 });
      expect(r.rows[0]).toEqual({ s: "x".repeat(1_000_000), k });
      return r;
    };
    try {
      const first = await cached(0);
      // 2 rows' worth of bookkeeping, then the characters of both values.
      expect(resultBytes(first)).toBe(32 + 2 * 24 + 1_000_000 + 1);
      for (let k = 1; k < 100; k++) await cached(k);
      // 67 of about 1,000,081 bytes fit in 64 MiB (67,108,864), the 68th does not.
      expect(ds.cachedCount).toBe(67);
      const hit = await cached(99);
      expect(hit.cached).toBe(true);
      // A hit carries its characters, which the page's memory budget counts (tags/query.ts).
      expect(hit.bytes).toBe(1_000_000 + 2);
      expect((await cached(33)).cached).toBe(true);
      // Key 32 was pushed out, and comes back from the database.
      expect((await cached(32)).cached).toBe(false);
      expect(ds.cachedCount).toBe(67);
    } finally {
      await ds.close();
    }
  });

  it("does not keep a result larger than the whole bound", async () => {
    const ds = datasourcesFor(url, { max: 1 });
    const main = ds.get(undefined);
    try {
      const big = await ds.query(main, null, "SELECT repeat('y', 70000000) AS s", [], { cacheMs: 60_000 });
      expect(big.rows[0]!.s).toHaveLength(70_000_000);
      expect(ds.cachedCount).toBe(0);
      expect((await ds.query(main, null, "SELECT repeat('y', 70000000) AS s", [], { cacheMs: 60_000 })).cached).toBe(
        false,
      );
    } finally {
      await ds.close();
    }
  });
});
