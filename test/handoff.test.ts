// Strategies pool and single: requests that come while every connection is lent wait in the
// datasource's own queue (datasources/handoff.ts) and get the connections given back, first come
// first served — with the acquire timeout, maxWaiting, cancellation, a broken connection and a
// close in the middle. On a real Postgres.
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase, datasourcesFor, sql } from "./db.js";
import { until } from "./http.js";

let url: string;
beforeAll(async () => {
  url = await createDatabase([], "handoff");
});

describe("waiting for a connection of a full pool", () => {
  it("the connections given back go to the waiting requests in the order they came", async () => {
    const ds = datasourcesFor(url, { strategy: "pool", max: 1, acquireTimeoutMs: 5000 });
    const main = ds.get(undefined);
    try {
      const held = await main.acquire();
      const order: string[] = [];
      const waits = ["a", "b", "c"].map((name) =>
        main.acquire().then((lease) => {
          order.push(name);
          return lease;
        }),
      );
      expect(main.stats()).toMatchObject({ size: 1, borrowed: 1, pending: 3 });
      await held.release();
      const a = await waits[0]!;
      await a.release();
      const b = await waits[1]!;
      await b.release();
      const c = await waits[2]!;
      expect(order).toEqual(["a", "b", "c"]);
      // The same connection each time, handed over.
      expect([a.conn, b.conn]).toEqual([held.conn, held.conn]);
      expect(main.stats()).toMatchObject({ size: 1, borrowed: 1, pending: 0 });
      await c.release();
      expect(main.stats()).toMatchObject({ size: 1, borrowed: 0, available: 1, pending: 0 });
    } finally {
      await ds.close();
    }
  });

  it("past maxWaiting a request is refused at once, naming the limit", async () => {
    const ds = datasourcesFor(url, { strategy: "pool", max: 1, maxWaiting: 2, acquireTimeoutMs: 5000 });
    const main = ds.get(undefined);
    try {
      const held = await main.acquire();
      const waits = [main.acquire(), main.acquire()];
      await expect(main.acquire()).rejects.toThrow(/^Datasource main unavailable: 2 requests are already waiting$/);
      await held.release();
      for (const w of waits) await (await w).release();
    } finally {
      await ds.close();
    }
  });

  it("each wait ends at its own deadline: the oldest fails, the next gets the connection given back before its own", async () => {
    const ds = datasourcesFor(url, { strategy: "pool", max: 1, acquireTimeoutMs: 600 });
    const main = ds.get(undefined);
    try {
      const held = await main.acquire();
      const started = performance.now();
      const first = main.acquire().then(
        () => "got one",
        (e: unknown) => (e as Error).message,
      );
      await new Promise((r) => setTimeout(r, 300));
      const second = main.acquire();
      expect(await first).toBe("Datasource main unavailable: no connection within 600 ms");
      expect(performance.now() - started).toBeGreaterThanOrEqual(590);
      expect(main.stats().pending).toBe(1);
      await held.release();
      const lease = await second;
      expect(lease.conn).toBe(held.conn);
      await lease.release();
    } finally {
      await ds.close();
    }
  });

  it("a broken connection given back while requests wait: the oldest gets a new connection", async () => {
    const ds = datasourcesFor(url, { strategy: "single", acquireTimeoutMs: 5000 });
    const main = ds.get(undefined);
    try {
      const held = await main.acquire();
      const before = (await ds.query(main, held, "SELECT pg_backend_pid() AS pid", [])).rows[0]!.pid;
      const waiting = main.acquire();
      await sql(url, "SELECT pg_terminate_backend($1)", [before]);
      await held.release(true);
      const lease = await waiting;
      expect(lease.conn).not.toBe(held.conn);
      const res = await ds.query(main, lease, "SELECT pg_backend_pid() AS pid", []);
      expect(res.rows[0]!.pid).not.toBe(before);
      await lease.release();
      expect(main.stats()).toMatchObject({ size: 1, borrowed: 0, pending: 0 });
    } finally {
      await ds.close();
    }
  });

  it("closing the datasource ends the waits; the lent connection still closes when given back", async () => {
    const ds = datasourcesFor(url, { strategy: "pool", max: 1, acquireTimeoutMs: 5000 });
    const main = ds.get(undefined);
    const held = await main.acquire();
    const waits = [main.acquire(), main.acquire()].map((w) => w.catch((e: unknown) => (e as Error).message));
    const closing = ds.close();
    expect(await Promise.all(waits)).toEqual([
      "Datasource main unavailable: it is closed",
      "Datasource main unavailable: it is closed",
    ]);
    await held.release();
    await closing;
    const left = await until(
      () =>
        sql<{ n: number }>(
          url,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'quarry:main'",
          [new URL(url).pathname.slice(1)],
        ),
      (r) => r[0]!.n === 0,
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});
