// Datasources under the faults a real network and a live schema bring: a network that stops
// delivering packets mid-query (a proxy that holds everything without closing), a query
// cancelled while Postgres runs it, a column added under named prepared statements, and
// request data Postgres refuses (400 naming the parameter, in both modes).
import { createServer, connect as tcpConnect, type Server as TcpServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, datasourcesFor, sql } from "./db.js";
import { database, startServer, until } from "./http.js";
import { site } from "./helpers.js";
import { QueryError } from "../engine/errors.js";

const SCHEMA = `CREATE TABLE item (id integer PRIMARY KEY, name varchar(5) NOT NULL, email text UNIQUE);
INSERT INTO item VALUES (1, 'one', 'a@x'), (2, 'two', 'b@x');`;
let url: string;
let dbName: string;
beforeAll(async () => {
  url = await createDatabase([], "faults");
  await sql(url, SCHEMA);
  dbName = new URL(url).pathname.slice(1);
});

/** Backends of this test database opened by Quarry, with their state. */
const backends = () =>
  sql<{ pid: number; state: string; query: string }>(
    url,
    "SELECT pid, state, query FROM pg_stat_activity WHERE datname = $1 AND application_name = 'quarry:main'",
    [dbName],
  );

/**
 * A TCP proxy in front of Postgres that can black-hole the network: paused, it forwards
 * nothing in either direction and closes nothing (as a dead route does); resumed, what was
 * held goes through, closes included.
 */
async function blackHoleProxy(
  target: URL,
): Promise<{ url: string; accepted(): number; pause(): void; resume(): void; close(): Promise<void> }> {
  let paused = false;
  let accepted = 0;
  const pairs = new Set<{ a: Socket; b: Socket; held: boolean }>();
  const hold = (p: { a: Socket; b: Socket; held: boolean }) => {
    p.held = true;
    p.a.unpipe(p.b);
    p.b.unpipe(p.a);
    p.a.pause();
    p.b.pause();
  };
  const flow = (p: { a: Socket; b: Socket; held: boolean }) => {
    p.held = false;
    p.a.pipe(p.b);
    p.b.pipe(p.a);
  };
  const server: TcpServer = createServer((a) => {
    accepted++;
    const b = tcpConnect(Number(target.port), target.hostname);
    const p = { a, b, held: false };
    pairs.add(p);
    // A reset while held is delivered only when the network is back.
    const drop = () => {
      const gone = () => {
        a.destroy();
        b.destroy();
        pairs.delete(p);
      };
      if (!p.held) gone();
      else {
        const t = setInterval(() => {
          if (!p.held) {
            clearInterval(t);
            gone();
          }
        }, 10);
      }
    };
    a.on("error", drop).on("close", drop);
    b.on("error", drop).on("close", drop);
    if (paused) hold(p);
    else flow(p);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const u = new URL(target.href);
  u.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: u.href,
    accepted: () => accepted,
    pause() {
      paused = true;
      for (const p of pairs) hold(p);
    },
    resume() {
      paused = false;
      for (const p of pairs) flow(p);
    },
    async close() {
      for (const p of pairs) {
        p.a.destroy();
        p.b.destroy();
      }
      await new Promise((r) => server.close(r));
    },
  };
}

describe("a network that black-holes packets", () => {
  it("a query in flight fails after statementTimeoutMs + 1 s, its connection is destroyed; after the network heals pages answer at once and no backend is left behind", async () => {
    const proxy = await blackHoleProxy(new URL(url));
    const root = site({
      "n.dbt": `<dbt:query name="q">SELECT count(*) AS n FROM item</dbt:query><dbt:output>#q.n#</dbt:output>`,
    });
    const db = database(proxy.url, { max: 2, statementTimeoutMs: 300, acquireTimeoutMs: 1500 });
    const server = await startServer({ root, database: db });
    const pool = db.datasources.get(undefined);
    try {
      const ok = await Promise.all([fetch(`${server.base}/n`), fetch(`${server.base}/n`)]);
      expect(ok.map((r) => r.status)).toEqual([200, 200]);
      proxy.pause();
      const started = Date.now();
      const lost = await Promise.all([fetch(`${server.base}/n`), fetch(`${server.base}/n`)]);
      const took = Date.now() - started;
      expect(lost.map((r) => r.status)).toEqual([503, 503]);
      expect(await lost[0].text()).toContain("database is unavailable");
      // A lower bound only (a timer cannot fire early): how late it may come depends on the load.
      expect(took).toBeGreaterThanOrEqual(1300);
      expect(pool.stats().borrowed).toBe(0);
      proxy.resume();
      const healed = await fetch(`${server.base}/n`);
      expect([healed.status, await healed.text()]).toEqual([200, "2"]);
      // The destroyed connections' backends end once the network delivers their close.
      const left = await until(backends, (b) => b.length === pool.stats().size, 5000);
      expect(left.length).toBe(pool.stats().size);
    } finally {
      await server.close();
      await proxy.close();
    }
  });

  it("a pooled connection silent longer than validateAfterIdleMs is checked before use and replaced when it does not answer", async () => {
    const proxy = await blackHoleProxy(new URL(url));
    const ds = datasourcesFor(proxy.url, { max: 1, validateAfterIdleMs: 0, acquireTimeoutMs: 5000 });
    const main = ds.get(undefined);
    const pidOf = (l: { conn: object }) => (l.conn as { client: { processID: number } }).client.processID;
    try {
      const first = await main.acquire();
      const pid = pidOf(first);
      await first.release();
      proxy.pause();
      // Its SELECT 1 gets no answer: the connection is destroyed and a new one is opened.
      const waiting = main.acquire();
      await until(
        async () => proxy.accepted(),
        (n) => n === 2,
        4000,
      );
      proxy.resume();
      const second = await waiting;
      const again = pidOf(second);
      await second.release();
      expect(proxy.accepted()).toBe(2);
      expect(again).not.toBe(pid);
    } finally {
      await ds.close();
      await proxy.close();
    }
  });
});

describe("cancel", () => {
  it("an aborted signal cancels pg_sleep on the server: the backend is idle again and the connection is back in the pool", async () => {
    const ds = datasourcesFor(url, { strategy: "pool", max: 1 });
    const main = ds.get(undefined);
    try {
      const ac = new AbortController();
      const running = ds.query(main, null, "SELECT pg_sleep(5)", [], { signal: ac.signal }).catch((e: unknown) => e);
      const active = await until(
        backends,
        (b) => b.some((x) => x.state === "active" && x.query === "SELECT pg_sleep(5)"),
        3000,
      );
      const pid = active.find((x) => x.query === "SELECT pg_sleep(5)")!.pid;
      ac.abort(new Error("client went away"));
      const err = await running;
      expect(err).toBeInstanceOf(QueryError);
      expect([(err as QueryError).message, (err as QueryError).sqlState]).toEqual([
        "Query cancelled: client went away",
        "57014",
      ]);
      // 57014 above is Postgres's own word that it cancelled the query (not that pg_sleep ended).
      const idle = await until(backends, (b) => b.some((x) => x.pid === pid && x.state === "idle"), 10_000);
      expect(idle.find((x) => x.pid === pid)?.state).toBe("idle");
      expect(main.stats()).toMatchObject({ size: 1, borrowed: 0, available: 1 });
      // Not exhausted: the same single connection serves the next query.
      const q = await ds.query(main, null, "SELECT pg_backend_pid() AS pid", []);
      expect(q.rows[0]!.pid).toBe(pid);
    } finally {
      await ds.close();
    }
  });

  it("a request cancelled while it waits for a connection stops waiting at once; the connection it would have got stays in the pool", async () => {
    const ds = datasourcesFor(url, { strategy: "pool", max: 1, acquireTimeoutMs: 5000 });
    const main = ds.get(undefined);
    try {
      const held = await main.acquire();
      const ac = new AbortController();
      const waiting = ds.begin(main, undefined, ac.signal).catch((e: unknown) => e);
      await until(
        async () => main.stats().pending,
        (n) => n === 1,
        2000,
      );
      ac.abort(new Error("client went away"));
      const err = await waiting;
      await held.release();
      expect((err as QueryError).message).toBe("Query cancelled: client went away");
      // The pool hands the freed connection to the abandoned wait, which gives it straight back.
      const after = await until(
        async () => main.stats(),
        (st) => st.available === 1 && st.pending === 0,
        2000,
      );
      expect(after).toMatchObject({ size: 1, borrowed: 0, available: 1, pending: 0 });
    } finally {
      await ds.close();
    }
  });

  it("a deadline cancels the statement the same way", async () => {
    const ds = datasourcesFor(url, { strategy: "pool", max: 1 });
    const main = ds.get(undefined);
    try {
      const err = await ds
        .query(main, null, "SELECT pg_sleep(5)", [], { deadline: Date.now() + 200 })
        .catch((e: unknown) => e);
      expect([(err as QueryError).message, (err as QueryError).sqlState]).toEqual([
        "Query cancelled: the page ran out of time",
        "57014",
      ]);
      expect(main.stats()).toMatchObject({ borrowed: 0, available: 1 });
      expect((await ds.query(main, null, "SELECT 1 AS one", [])).rows).toEqual([{ one: 1 }]);
    } finally {
      await ds.close();
    }
  });
});

describe("a column added under named prepared statements", () => {
  it.each([true, false])(
    "preparedStatements %s: every page is 200 after ALTER TABLE … ADD COLUMN, on every pooled connection",
    async (prepared) => {
      const table = `pets_${prepared ? "named" : "unnamed"}`;
      await sql(url, `CREATE TABLE ${table} (id int); INSERT INTO ${table} VALUES (1)`);
      const root = site({
        "all.dbt": `<dbt:query name="q">SELECT * FROM ${table}</dbt:query><dbt:output>#q.columnList#</dbt:output>`,
      });
      const db = database(url, { strategy: "pool", max: 3, preparedStatements: prepared });
      const server = await startServer({ root, database: db });
      try {
        const get = () =>
          Promise.all([1, 2, 3].map(() => fetch(`${server.base}/all`).then(async (r) => [r.status, await r.text()])));
        expect(await get()).toEqual([
          [200, "ID"],
          [200, "ID"],
          [200, "ID"],
        ]);
        expect(db.datasources.get(undefined).stats().size).toBe(3);
        await sql(url, `ALTER TABLE ${table} ADD COLUMN name text DEFAULT 'rex'`);
        expect(await get()).toEqual([
          [200, "ID,NAME"],
          [200, "ID,NAME"],
          [200, "ID,NAME"],
        ]);
      } finally {
        await server.close();
      }
    },
  );
});

describe("named or unnamed, one statement per query", () => {
  it.each([true, false])("preparedStatements %s refuses two statements in one query the same way", async (prepared) => {
    const ds = datasourcesFor(url, { preparedStatements: prepared });
    try {
      const err = await ds.query(ds.get(undefined), null, "SELECT 1; SELECT 2", []).catch((e: unknown) => e);
      expect([(err as QueryError).message, (err as QueryError).sqlState]).toEqual([
        "Query failed: cannot insert multiple commands into a prepared statement (SQLSTATE 42601)",
        "42601",
      ]);
    } finally {
      await ds.close();
    }
  });
});

describe("request data Postgres refuses", () => {
  const root = site({
    "find.dbt": `<dbt:query name="q">SELECT name FROM item WHERE id = #url.id#</dbt:query><dbt:output>#q.name#</dbt:output>`,
    "add.dbt": `<dbt:query>INSERT INTO item (id, name, email) VALUES (#url.id#, #url.name#, #url.email#)</dbt:query>added`,
    "typo.dbt": `<dbt:query name="q">SELECT nme FROM item\nWHERE id = #url.id#</dbt:query>`,
    "exec.dbt": `<dbt:set q = queryExecute("SELECT name FROM item WHERE id = :id", {id: url.id})>`,
    "execpos.dbt": `<dbt:set q = queryExecute("SELECT name FROM item WHERE id = ? OR id = #url.id#", [1])>`,
  });
  let server: Awaited<ReturnType<typeof startServer>>[];
  beforeAll(async () => {
    server = await Promise.all(
      ["compiled", "interpreted"].map((mode) =>
        startServer({ root, mode: mode as "compiled", database: database(url) }),
      ),
    );
  });
  afterAll(async () => {
    for (const s of server) await s.close();
  });

  const get = async (path: string) => {
    const out = await Promise.all(
      server.map(async (s) => {
        const r = await fetch(s.base + path);
        return [r.status, (await r.text()).match(/<p>(.*?)<\/p>/)?.[1] ?? ""] as const;
      }),
    );
    expect(out[1]).toEqual(out[0]);
    return out[0]!;
  };

  it.each([
    [
      "/find?id=abc",
      "Query parameter $1 (url.id) was refused by the database: invalid input syntax for type integer: &#34;abc&#34; (SQLSTATE 22P02)",
    ],
    [
      "/find?id=99999999999",
      "Query parameter $1 (url.id) was refused by the database: value &#34;99999999999&#34; is out of range for type integer (SQLSTATE 22003)",
    ],
    [
      "/add?id=3&name=a%00b&email=c@x",
      "Query parameter $2 (url.name) was refused by the database: invalid byte sequence for encoding &#34;UTF8&#34;: 0x00 (SQLSTATE 22021)",
    ],
    [
      "/add?id=3&name=toolong&email=c@x",
      "Query parameter $2 (url.name) was refused by the database: value too long for type character varying(5) (SQLSTATE 22001)",
    ],
    [
      "/add?id=3&name=dup&email=a@x",
      "Query parameter $3 (url.email) was refused by the database: duplicate key value violates unique constraint &#34;item_email_key&#34; (SQLSTATE 23505)",
    ],
    // queryExecute's values are named as its SQL marks them.
    [
      "/exec?id=abc",
      "Query parameter $1 (:id) was refused by the database: invalid input syntax for type integer: &#34;abc&#34; (SQLSTATE 22P02)",
    ],
    [
      "/execpos?id=abc",
      "Query parameter $2 (#…# number 1) was refused by the database: invalid input syntax for type integer: &#34;abc&#34; (SQLSTATE 22P02)",
    ],
  ])("%s answers 400 naming the parameter, in both modes", async (path, message) => {
    expect(await get(path)).toEqual([400, message]);
  });

  it("a mistake in the SQL stays a 500", async () => {
    expect((await get("/typo?id=1"))[0]).toBe(500);
  });

  it("the dev page shows Postgres's hint and a caret under the position in the SQL", async () => {
    const dev = await startServer({ root, dev: true, database: database(url) });
    try {
      const html = await (await fetch(`${dev.base}/typo?id=1`)).text();
      expect(html).toContain(
        `<p class="hint"><b>Hint</b>: Perhaps you meant to reference the column &#34;item.name&#34;.</p>`,
      );
      expect(html).toContain(`<pre class="sql">SELECT nme FROM item\n       ^\nWHERE id = $1</pre>`);
      const dup = await (await fetch(`${dev.base}/add?id=3&name=dup&email=b@x`)).text();
      expect(dup).toContain(`<p class="detail"><b>Detail</b>: Key (email)=(b@x) already exists.</p>`);
    } finally {
      await dev.close();
    }
  });
});
