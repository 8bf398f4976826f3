// The named statements prepared on a connection (datasources/postgres/prepared-statements.ts):
// each one's row description is asked for once, so the later runs write Bind, Execute and Sync
// only; and at most PREPARED_PER_CONNECTION stay prepared, the least recently run closed.
// Counted on the wire, by a TCP proxy between node-postgres and a real Postgres that reads the
// messages the client writes, and in the backend's own pg_prepared_statements.
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { configFor, createDatabase, datasourcesFor, sql } from "./db.js";
import { connect as connectPg, disconnect, statement } from "../datasources/postgres/client.js";
import { PREPARED_CHARS_PER_CONNECTION, PREPARED_PER_CONNECTION } from "../datasources/postgres/prepared-statements.js";
import type { QueryResult } from "../engine/query-result.js";

let url: string;
beforeAll(async () => {
  url = await createDatabase([], "prepared");
});

/** A proxy to Postgres that counts the frontend's messages by their type byte ("P", "B", "D", …). */
async function countingProxy(target: URL): Promise<{ url: string; sent: Map<string, number>; close(): Promise<void> }> {
  const sent = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let buf = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      buf = Buffer.concat([buf, chunk]);
      // The startup packet has no type byte: a length, then the rest.
      for (;;) {
        if (!started) {
          if (buf.length < 4 || buf.length < buf.readInt32BE(0)) break;
          buf = buf.subarray(buf.readInt32BE(0));
          started = true;
          continue;
        }
        if (buf.length < 5 || buf.length < 1 + buf.readInt32BE(1)) break;
        const type = String.fromCharCode(buf[0]!);
        sent.set(type, (sent.get(type) ?? 0) + 1);
        buf = buf.subarray(1 + buf.readInt32BE(1));
      }
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const proxied = new URL(target);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    sent,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("named statements on a connection", () => {
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  beforeAll(async () => {
    proxy = await countingProxy(new URL(url));
  });
  afterAll(async () => {
    await proxy.close();
  });

  /** Messages of these types the client wrote since the counts were cleared. */
  const sent = (types: string[]) => types.map((t) => proxy.sent.get(t) ?? 0);

  /**
   * `fn` given a datasource of one connection with named statements, through the proxy: the
   * connection opened (its set-up statement, client.ts setUp) and the counts cleared first.
   */
  async function onOneConnection(
    strategy: string,
    fn: (run: (text: string, params?: unknown[]) => Promise<QueryResult>) => Promise<void>,
  ): Promise<void> {
    const ds = datasourcesFor(proxy.url, { strategy, max: 1, preparedStatements: true });
    const run = (text: string, params: unknown[] = []) => ds.query(ds.get(undefined), null, text, params);
    try {
      await run("SELECT 1");
      proxy.sent.clear();
      await fn(run);
    } finally {
      await ds.close();
    }
  }

  it.each(["pool", "pipeline"])(
    "strategy %s: one Parse and one Describe for three runs on one connection, the same result each time",
    (strategy) =>
      onOneConnection(strategy, async (run) => {
        const text = `SELECT 9007199254740993::int8 AS big, 42::int8 AS n, NULL::text AS nothing, $1::text AS said /* ${strategy} */`;
        const results = [];
        for (const said of ["a", "b", "c"]) {
          const r = await run(text, [said]);
          results.push({ columns: r.columns, rows: r.rows });
        }
        expect(results).toEqual(
          ["a", "b", "c"].map((said) => ({
            columns: ["big", "n", "nothing", "said"],
            rows: [{ big: "9007199254740993", n: 42, nothing: null, said }],
          })),
        );
        expect(results.map((r) => (r.rows[0] as object).constructor)).toEqual([Object, Object, Object]);
        expect(sent(["P", "B", "D", "E", "S"])).toEqual([1, 3, 1, 3, 3]);
      }),
  );

  it("statements written before the first description came each ask for it; the next does not", async () => {
    // One pipelined connection (client.ts), the statements written back to back.
    const conn = await connectPg(configFor(proxy.url, { strategy: "pipeline" }).datasources.main!, proxy.url, () => {});
    const run = (n: number) =>
      new Promise<unknown[]>((resolve, reject) => {
        const q = statement("SELECT $1::int * 2 AS twice", [n], "described_twice", undefined, (err, res) =>
          err ? reject(err) : resolve(res.rows),
        );
        void conn.client.query(q as unknown as pg.QueryConfig);
      });
    try {
      proxy.sent.clear();
      const burst = await Promise.all([1, 2, 3].map(run));
      const after = await run(4);
      expect([...burst, after]).toEqual([[{ twice: 2 }], [{ twice: 4 }], [{ twice: 6 }], [{ twice: 8 }]]);
      expect(sent(["P", "B", "D", "E", "S"])).toEqual([1, 4, 3, 4, 4]);
    } finally {
      await disconnect(conn);
    }
  });

  it("a first run refused at Bind (bad input) leaves the statement to be described by the next", () =>
    onOneConnection("pool", async (run) => {
      const text = "SELECT $1::int + 1 AS next";
      const refused = await run(text, ["abc"]).catch((e: unknown) => e);
      expect((refused as { sqlState?: string }).sqlState).toBe("22P02");
      const rows = [];
      for (const n of [1, 2, 3]) rows.push((await run(text, [n])).rows);
      expect(rows).toEqual([[{ next: 2 }], [{ next: 3 }], [{ next: 4 }]]);
      // The refused run's Describe was never answered; the next run's was, and kept.
      expect(sent(["P", "B", "D"])).toEqual([1, 4, 2]);
    }));

  it("after ALTER TABLE the statement is prepared and described again: the rows have the new column", async () => {
    await sql(url, "CREATE TABLE described_pets (id int); INSERT INTO described_pets VALUES (1)");
    await onOneConnection("pool", async (run) => {
      const all = async () => (await run("SELECT * FROM described_pets")).rows;
      expect(await all()).toEqual([{ id: 1 }]);
      expect(await all()).toEqual([{ id: 1 }]);
      proxy.sent.clear();
      await sql(url, "ALTER TABLE described_pets ADD COLUMN name text DEFAULT 'rex'");
      expect(await all()).toEqual([{ id: 1, name: "rex" }]);
      expect(await all()).toEqual([{ id: 1, name: "rex" }]);
      // The refused run (0A000), DEALLOCATE (a simple query), the run again with Parse and
      // Describe, and the last without.
      expect(sent(["P", "B", "D", "Q"])).toEqual([1, 3, 1, 1]);
    });
  });

  it("with a statement timeout of its own, after ALTER TABLE the statement is prepared again too", async () => {
    await sql(url, "CREATE TABLE described_timed (id int); INSERT INTO described_timed VALUES (1)");
    const ds = datasourcesFor(url, { strategy: "pool", max: 1, preparedStatements: true });
    const main = ds.get(undefined);
    // timeoutMs: the statement runs in a transaction of its own with SET LOCAL statement_timeout.
    const all = async () => (await ds.query(main, null, "SELECT * FROM described_timed", [], { timeoutMs: 5000 })).rows;
    try {
      expect(await all()).toEqual([{ id: 1 }]);
      await sql(url, "ALTER TABLE described_timed ADD COLUMN name text DEFAULT 'rex'");
      expect(await all()).toEqual([{ id: 1, name: "rex" }]);
      expect(await all()).toEqual([{ id: 1, name: "rex" }]);
    } finally {
      await ds.close();
    }
  });

  it("a statement that answers no rows (NoData, no RowDescription) is described once too", async () => {
    await sql(url, "CREATE TABLE described_log (n int)");
    await onOneConnection("pool", async (run) => {
      const answers = [];
      for (const n of [1, 2, 3]) {
        const r = await run("INSERT INTO described_log VALUES ($1)", [n]);
        answers.push([r.columns, r.rows]);
      }
      expect(answers).toEqual([
        [[], []],
        [[], []],
        [[], []],
      ]);
      expect(sent(["P", "B", "D"])).toEqual([1, 3, 1]);
      expect(await sql(url, "SELECT n FROM described_log ORDER BY n")).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    });
  });

  /** How many statements the connection's backend has prepared (this one among them). */
  const preparedCount = async (run: (text: string) => Promise<QueryResult>) =>
    (await run("SELECT count(*)::int AS n FROM pg_prepared_statements")).rows[0]!.n;

  it.each(["pool", "pipeline"])(
    "strategy %s: at most PREPARED_PER_CONNECTION statements stay prepared, the least recently run closed first",
    (strategy) =>
      onOneConnection(strategy, async (run) => {
        expect(PREPARED_PER_CONNECTION).toBe(256);
        // As a site that builds its SQL from strings: a new text, so a new statement, each time.
        const text = (i: number) => `SELECT ${i}::int AS i /* ${strategy} */`;
        const seen: unknown[] = [];
        for (let i = 0; i < 300; i++) {
          seen.push((await run(text(i))).rows[0]);
          // The first, run again: the most recent then, so closed after those before it.
          if (i === 200) seen.push((await run(text(0))).rows[0]);
        }
        expect(seen).toEqual([
          ...Array.from({ length: 201 }, (_, i) => ({ i })),
          { i: 0 },
          ...Array.from({ length: 99 }, (_, i) => ({ i: 201 + i })),
        ]);
        expect(await preparedCount(run)).toBe(256);
        // 302 prepared (SELECT 1 before the counts were cleared, the 300, the count): 46
        // closed, the oldest first — SELECT 1 and texts 1 to 45; text 0 was run since.
        expect(sent(["P", "C"])).toEqual([301, 46]);
        expect((await run(text(0))).rows).toEqual([{ i: 0 }]);
        expect(sent(["P", "C"])).toEqual([301, 46]);
        expect((await run(text(45))).rows).toEqual([{ i: 45 }]);
        expect(sent(["P", "C"])).toEqual([302, 47]);
        expect(await preparedCount(run)).toBe(256);
      }),
  );

  it("long texts are bounded by their characters: 5 MiB of SQL on a connection, the oldest closed", () =>
    onOneConnection("pool", async (run) => {
      expect(PREPARED_CHARS_PER_CONNECTION).toBe(5 * 1024 * 1024);
      // 100 KiB each: 51 fit beside the short ones (SELECT 1, the count), the 52nd does not.
      const text = (i: number) => {
        const head = `SELECT ${i}::int AS i /* `;
        return `${head}${"x".repeat(100 * 1024 - head.length - 3)} */`;
      };
      expect(text(7).length).toBe(100 * 1024);
      const seen: unknown[] = [];
      for (let i = 0; i < 60; i++) seen.push((await run(text(i))).rows[0]);
      expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => ({ i })));
      // Kept: texts 9 to 59 and the count; closed: SELECT 1 and texts 0 to 8.
      expect(await preparedCount(run)).toBe(52);
      expect(sent(["P", "C"])).toEqual([61, 10]);
      expect((await run(text(9))).rows).toEqual([{ i: 9 }]);
      expect(sent(["P", "C"])).toEqual([61, 10]);
      expect((await run(text(8))).rows).toEqual([{ i: 8 }]);
      expect(sent(["P", "C"])).toEqual([62, 11]);
    }));

  it("the bound holds inside a transaction, which commits what it wrote", async () => {
    await sql(url, "CREATE TABLE prepared_tx (n int)");
    const ds = datasourcesFor(proxy.url, { strategy: "pool", max: 1, preparedStatements: true });
    const main = ds.get(undefined);
    try {
      const tx = await ds.begin(main, undefined);
      try {
        // A new text per row (the value written into it), past the bound, in one transaction.
        for (let n = 0; n < 300; n++) await ds.query(main, tx, `INSERT INTO prepared_tx VALUES (${n})`, []);
        const count = await ds.query(main, tx, "SELECT count(*)::int AS n FROM pg_prepared_statements", []);
        expect(count.rows).toEqual([{ n: 256 }]);
        await ds.control(main, tx, "COMMIT");
      } finally {
        await tx.release();
      }
    } finally {
      await ds.close();
    }
    expect(await sql(url, "SELECT count(*)::int AS n, sum(n)::int AS total FROM prepared_tx")).toEqual([
      { n: 300, total: (299 * 300) / 2 },
    ]);
  });

  it("a burst of new statements written before any was answered passes the bound, then comes back to it", async () => {
    // One pipelined connection (client.ts): the 300 Parses are all written before the first is
    // answered, and none of those may be closed (its answer would mark it prepared again).
    const conn = await connectPg(configFor(proxy.url, { strategy: "pipeline" }).datasources.main!, proxy.url, () => {});
    const run = (i: number) =>
      new Promise<unknown[]>((resolve, reject) => {
        const q = statement(`SELECT ${i}::int AS i`, [], `burst_${i}`, undefined, (err, res) =>
          err ? reject(err) : resolve(res.rows),
        );
        void conn.client.query(q as unknown as pg.QueryConfig);
      });
    const count = () =>
      new Promise<unknown[]>((resolve, reject) => {
        const q = statement(
          "SELECT count(*)::int AS n FROM pg_prepared_statements",
          [],
          "burst_count",
          undefined,
          (err, res) => (err ? reject(err) : resolve(res.rows)),
        );
        void conn.client.query(q as unknown as pg.QueryConfig);
      });
    try {
      proxy.sent.clear();
      const burst = await Promise.all(Array.from({ length: 300 }, (_, i) => run(i)));
      expect(burst).toEqual(Array.from({ length: 300 }, (_, i) => [{ i }]));
      expect(sent(["P", "C"])).toEqual([300, 0]);
      // The next new statement closes the oldest, down to the bound with itself.
      expect(await count()).toEqual([{ n: 256 }]);
      expect(sent(["P", "C"])).toEqual([301, 45]);
      // Statements of the burst run again: the kept ones as prepared, a closed one anew (which
      // closes the oldest left, text 45).
      const again = await Promise.all([0, 100, 299].map(run));
      expect(again).toEqual([[{ i: 0 }], [{ i: 100 }], [{ i: 299 }]]);
      expect(sent(["P", "C"])).toEqual([302, 46]);
    } finally {
      await disconnect(conn);
    }
  });
});
