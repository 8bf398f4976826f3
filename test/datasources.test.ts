// Datasources against real Postgres: the three strategies, pool exhaustion and an unreachable
// server answered 503 within the acquire timeout, and a Postgres stopped and restarted under a
// running server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createDatabase, sql } from "./db.js";
import { SAMPLE_SEED, TEMPLATES, database, until, startServer } from "./http.js";
import { datasourcesFor } from "./db.js";
import { site as makeSite } from "./helpers.js";
import { DatasourceError } from "../engine/errors.js";
import { freePort, startEmbedded, type EmbeddedPostgresHandle } from "../datasources/postgres/embedded.js";

let url: string;
beforeAll(async () => {
  url = await createDatabase(SAMPLE_SEED, "ds");
});

describe("strategies", () => {
  it.each(["pool", "single", "per-request", "pipeline"])("%s serves the same pages", async (strategy) => {
    const server = await startServer({ root: TEMPLATES, database: database(url, { strategy, max: 3 }) });
    try {
      const pages = await Promise.all(
        ["/authors", "/fortunes", "/access-log", "/authors", "/fortunes"].map(async (p) => {
          const res = await fetch(server.base + p);
          expect(res.status).toBe(200);
          return res.text();
        }),
      );
      expect(pages[0]).toBe(pages[3]);
      expect(pages[1]).toContain("<tr><td>0</td><td>Additional fortune added at request time.</td></tr>");
    } finally {
      await server.close();
    }
  });

  it("single holds one connection that requests queue on; pool opens up to max", async () => {
    for (const [strategy, expected] of [
      ["single", 1],
      ["pool", 4],
    ] as const) {
      const ds = datasourcesFor(url, { strategy, max: 4 });
      const source = ds.get(undefined);
      let peak = 0;
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const holders = Promise.all(
        Array.from({ length: 8 }, async () => {
          const lease = await source.acquire();
          peak = Math.max(peak, source.stats().borrowed);
          await gate;
          await lease.release();
        }),
      );
      // Barrier, not a sleep: every holder has a connection or waits for one, and every
      // connection the pool opened (size counts those still connecting) is lent out.
      const settled = await until(
        () => source.stats(),
        (s) => s.borrowed === s.size && s.borrowed + s.pending === 8,
      );
      expect([strategy, settled.borrowed, settled.pending]).toEqual([strategy, expected, 8 - expected]);
      open();
      await holders;
      expect([strategy, peak]).toEqual([strategy, expected]);
      await ds.close();
    }
  });
});

describe("strategy pool: connections given back while nobody waits", () => {
  const pidOf = (l: { conn: object }) => (l.conn as { client: { processID: number } }).client.processID;
  const backends = async (pids: number[]) =>
    (await sql<{ pid: number }>(url, "SELECT pid FROM pg_stat_activity WHERE pid = ANY($1::int[])", [pids])).map(
      (r) => r.pid,
    );

  it("the next statement takes the one given back last, at once; one idle past validateAfterIdleMs or ended goes to generic-pool; close ends them", async () => {
    const ds = datasourcesFor(url, { strategy: "pool", max: 2, validateAfterIdleMs: 300 });
    const main = ds.get(undefined);
    try {
      const a = await main.acquire();
      const b = await main.acquire();
      const [pa, pb] = [pidOf(a), pidOf(b)];
      expect(pa).not.toBe(pb);
      // Given back synchronously: no promise to wait for.
      expect(a.release()).toBeUndefined();
      expect(b.release()).toBeUndefined();
      expect(main.stats()).toEqual({ size: 2, available: 2, borrowed: 0, pending: 0 });
      const c = main.tryIdle();
      expect(c && pidOf(c)).toBe(pb);
      expect(main.stats()).toEqual({ size: 2, available: 1, borrowed: 1, pending: 0 });
      expect(c!.release()).toBeUndefined();
      const q = await ds.query(main, null, "SELECT pg_backend_pid() AS p", []);
      expect(q.rows).toEqual([{ p: pb }]);

      // Ended by the server while idle here: not lent again.
      await sql(url, "SELECT pg_terminate_backend($1)", [pb]);
      expect(
        await until(
          () => b.conn.broken,
          (x) => x,
        ),
      ).toBe(true);
      const after = await ds.query(main, null, "SELECT pg_backend_pid() AS p", []);
      expect(after.rows[0]!.p).not.toBe(pb);
      const now = after.rows[0]!.p as number;

      // Idle longer than validateAfterIdleMs: handed to generic-pool, which checks it on borrow.
      await new Promise((r) => setTimeout(r, 400));
      expect(main.tryIdle()).toBeNull();
      const d = await main.acquire();
      expect(d.conn).toBeDefined();
      expect(d.release()).toBeUndefined();
      expect(main.stats().borrowed).toBe(0);
      await ds.close();
      expect(
        await until(
          () => backends([pa, now]),
          (left) => left.length === 0,
        ),
      ).toEqual([]);
    } finally {
      await ds.close();
    }
  });
});

describe("failure", () => {
  it("an exhausted pool answers 503 with Retry-After within the acquire timeout", async () => {
    // The first request holds the only connection until the test lets go of an advisory lock,
    // so the second one must wait for it: no timing decides the order.
    const site = makeSite({
      "held.dbt": `<dbt:query name="q">SELECT pg_advisory_xact_lock(4242) AS s</dbt:query>done`,
    });
    const db = database(url, { strategy: "pool", max: 1, acquireTimeoutMs: 300 });
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    await lock.query("SELECT pg_advisory_lock(4242)");
    const server = await startServer({ root: site, database: db });
    try {
      const first = fetch(`${server.base}/held`);
      const source = db.datasources.get(undefined);
      expect(
        (
          await until(
            () => source.stats(),
            (s) => s.borrowed === 1,
          )
        ).borrowed,
      ).toBe(1);
      const started = performance.now();
      const second = await fetch(`${server.base}/held`);
      // A lower bound only: the answer cannot come before the acquire timeout.
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
      expect(second.status).toBe(503);
      expect(second.headers.get("retry-after")).toBe("5");
      expect(await second.text()).toContain("database is unavailable");
      await lock.query("SELECT pg_advisory_unlock(4242)");
      expect((await first).status).toBe(200);
    } finally {
      await lock.end();
      await server.close();
    }
  });

  it("a server nobody listens on fails acquire within acquireTimeoutMs, with backoff, naming the datasource", async () => {
    const port = await freePort();
    const ds = datasourcesFor(`postgres://quarry:x@127.0.0.1:${port}/none`, { acquireTimeoutMs: 400 });
    const err = await ds
      .get(undefined)
      .acquire()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatasourceError);
    expect((err as Error).message).toMatch(
      /^Datasource main unavailable: no connection within 400 ms \(last error: connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/,
    );
    await expect(ds.get(undefined).acquire()).rejects.toThrow(/Datasource main unavailable/);
    await ds.close();
  });

  it("per-request fails at once when Postgres is unreachable", async () => {
    const port = await freePort();
    const ds = datasourcesFor(`postgres://quarry:x@127.0.0.1:${port}/none`, { strategy: "per-request" });
    await expect(ds.get(undefined).acquire()).rejects.toThrow(
      /^Datasource main unavailable: cannot connect: connect ECONNREFUSED/,
    );
    await ds.close();
  });
});

describe("Postgres restarted under a running server", () => {
  let dir: string;
  let pg: EmbeddedPostgresHandle;
  let port: number;
  const seed = join(TEMPLATES, "_db");

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "quarry-restart-"));
    port = await freePort();
    pg = await startEmbedded({ dataDir: dir, seedDir: seed, port });
  });
  afterAll(async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a connection checked out by a running query: the page gets 503, the server lives on", async () => {
    const root = makeSite({
      "slow.dbt": `<dbt:query name="q">SELECT pg_sleep(5) AS s</dbt:query>slept`,
      "count.dbt": `<dbt:query name="q">SELECT count(*) AS n FROM author</dbt:query><dbt:output>#q.n#</dbt:output>`,
    });
    const server = await startServer({ root, database: database(pg.url, { acquireTimeoutMs: 500 }) });
    try {
      const slow = fetch(`${server.base}/slow`);
      const running = await until(
        () =>
          sql(
            pg.url,
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'SELECT pg_sleep(5)%'",
          ),
        (rows) => rows[0]?.n === 1,
      );
      expect(running).toEqual([{ n: 1 }]);
      await pg.stop();
      const res = await slow;
      expect(res.status).toBe(503);
      pg = await startEmbedded({ dataDir: dir, seedDir: seed, port });
      const again = await until(
        () => fetch(`${server.base}/count`).then(async (r) => [r.status, await r.text()] as const),
        ([status]) => status === 200,
      );
      expect(again).toEqual([200, "9"]);
    } finally {
      await server.close();
    }
  });

  it.each(["pool", "single", "per-request", "pipeline"])(
    "%s: 503 while it is down, no crash, pages again once it is back",
    async (strategy) => {
      const server = await startServer({
        root: TEMPLATES,
        database: database(pg.url, { strategy, min: strategy === "pool" ? 2 : 0, acquireTimeoutMs: 500 }),
      });
      try {
        expect((await fetch(`${server.base}/authors`)).status).toBe(200);
        await pg.stop();
        const down = await fetch(`${server.base}/authors`);
        expect(down.status).toBe(503);
        expect(down.headers.get("retry-after")).toBe("5");
        pg = await startEmbedded({ dataDir: dir, seedDir: seed, port });
        expect(
          await until(
            () => fetch(`${server.base}/authors`).then((r) => r.status),
            (status) => status === 200,
          ),
        ).toBe(200);
        expect(await (await fetch(`${server.base}/fortunes`)).text()).toContain(
          "<td>Additional fortune added at request time.</td>",
        );
      } finally {
        await server.close();
      }
    },
  );
});
