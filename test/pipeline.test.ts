// The "pipeline" strategy against real Postgres: requests' short statements share a few
// connections, in flight together; a statement not known to be short (its SQL new, or slow last
// time) runs on a connection of its own, so slow statements run `max` at a time as with a pool
// and short ones never wait behind them; real faults on a shared connection (pg_terminate_backend
// of its backend, a statement timeout, a cancelled statement, a client that disconnects) stay
// with the one statement they concern; pg_stat_activity shows no backend left behind.
//
// Only a statement that already ran short on the datasource is written to a shared connection,
// so the tests below that are about sharing first run their SQL once (warm).
import { request } from "node:http";
import { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createDatabase, datasourcesFor, sql } from "./db.js";
import { database, startServer, until } from "./http.js";
import { site } from "./helpers.js";
import { DatasourceError, QueryError } from "../engine/errors.js";
import type { Datasources } from "../datasources/registry.js";
import { PIPELINE_FAST_MS, PIPELINE_STALL_MS } from "../datasources/datasource.js";

let url: string;
let dbName: string;
const LOCK = 4242;
/** Quarry's backends on the test database. */
const backends = () =>
  sql<{ pid: number; state: string; query: string }>(
    url,
    "SELECT pid, state, query FROM pg_stat_activity WHERE datname = $1 AND application_name = 'quarry:main' ORDER BY pid",
    [dbName],
  );
/** Statements that wait on the test's advisory lock (one active per shared connection). */
const lockWaiters = async () =>
  (await backends()).filter((b) => b.state === "active" && b.query.includes("pg_advisory_lock_shared"));

beforeAll(async () => {
  url = await createDatabase([], "pipeline");
  dbName = new URL(url).pathname.slice(1);
});

/** A client holding the advisory lock every test statement waits on, until it lets go. */
async function gate(): Promise<{ open(): Promise<void> }> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query("SELECT pg_advisory_lock($1)", [LOCK]);
  return {
    async open() {
      await holder.query("SELECT pg_advisory_unlock($1)", [LOCK]);
      await holder.end();
    },
  };
}

const WAITING = "SELECT pg_advisory_lock_shared($1) IS NULL AS x, $2::int AS n, pg_advisory_unlock_shared($1) AS u";

/** `n` statements, each waiting on the gate, then answering its own number. */
function waiting(ds: Datasources, n: number, opts: { signal?: AbortSignal } = {}) {
  const main = ds.get(undefined);
  return Array.from({ length: n }, (_, i) => ds.query(main, null, WAITING, [LOCK, i], opts).then((q) => q.rows[0]!.n));
}

/**
 * Runs `sql` (the gate open) until the datasource knows it as short: a statement's first run on
 * a fresh backend may take longer than PIPELINE_FAST_MS on a busy machine (catalog caches).
 */
async function warm(ds: Datasources, sql: string, params: unknown[] = []): Promise<void> {
  const main = ds.get(undefined);
  for (let i = 0; i < 20 && !main.fast(sql); i++) await ds.query(main, null, sql, params);
  expect(main.fast(sql)).toBe(true);
}

describe("pipeline", () => {
  it("a statement longer than 4,096 characters is never remembered, so never shared", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 3 });
    const main = ds.get(undefined);
    const short = "SELECT 1 AS one";
    // A text built from strings: a new one per value, each too long to keep as a key.
    const long = `SELECT 2 AS two /* ${"x".repeat(4_096)} */`;
    try {
      for (let i = 0; i < 20; i++) {
        expect((await ds.query(main, null, long, [])).rows).toEqual([{ two: 2 }]);
        expect((await ds.query(main, null, short, [])).rows).toEqual([{ one: 1 }]);
      }
      expect([main.fast(short), main.fast(long)]).toEqual([true, false]);
    } finally {
      await ds.close();
    }
  });

  it("statements of many requests are in flight together on pipelineConnections connections", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 5, pipelineConnections: 2 });
    await warm(ds, WAITING, [LOCK, 0]);
    const g = await gate();
    try {
      const results = waiting(ds, 10);
      // Two backends run the first statement of their pipeline; the other eight are written behind them.
      expect((await until(lockWaiters, (b) => b.length === 2)).length).toBe(2);
      expect(ds.get(undefined).stats()).toMatchObject({ shared: 2, inFlight: 10 });
      // The warm-up's connection is one of the two.
      expect((await backends()).length).toBe(2);
      await g.open();
      expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await ds.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("pg_terminate_backend of a shared connection mid-load: its statements run again on another, none fails, no backend left", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 5, pipelineConnections: 2 });
    await warm(ds, WAITING, [LOCK, 0]);
    const g = await gate();
    try {
      const results = waiting(ds, 10);
      const [victim] = await until(lockWaiters, (b) => b.length === 2);
      await sql(url, "SELECT pg_terminate_backend($1)", [victim!.pid]);
      // The terminated backend's statements are issued again on another connection.
      const after = await until(backends, (b) => !b.some((x) => x.pid === victim!.pid));
      expect(after.map((b) => b.pid)).not.toContain(victim!.pid);
      await g.open();
      expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const main = ds.get(undefined);
      expect(main.stats().inFlight).toBe(0);
      expect(main.stats().borrowed).toBe(main.stats().shared);
      // Nothing runs any more; every Quarry backend is one the pool knows of.
      const left = await backends();
      expect(left.every((b) => b.state === "idle")).toBe(true);
      expect(left.length).toBe(main.stats().size);
    } finally {
      await ds.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("a statement timeout on a shared connection ends that statement only, and the session's own limit is back", async () => {
    const ds = datasourcesFor(url, {
      strategy: "pipeline",
      max: 2,
      pipelineConnections: 1,
      statementTimeoutMs: 20_000,
    });
    const main = ds.get(undefined);
    // Lets go of the lock, so warming it up leaves the gate free.
    const SLOW =
      "SELECT pg_advisory_lock_shared($1) IS NULL AS x, pg_sleep($2) AS s, pg_advisory_unlock_shared($1) AS u";
    await warm(ds, SLOW, [LOCK, 0]);
    await warm(ds, WAITING, [LOCK, 0]);
    const g = await gate();
    try {
      const slow = ds.query(main, null, SLOW, [LOCK, 30], { timeoutMs: 300 });
      const neighbours = waiting(ds, 3);
      await until(lockWaiters, (b) => b.length === 1);
      await g.open();
      const err = await slow.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(QueryError);
      expect([(err as QueryError).sqlState, (err as QueryError).message]).toEqual([
        "57014",
        "Query failed: canceling statement due to statement timeout (SQLSTATE 57014)",
      ]);
      expect(await Promise.all(neighbours)).toEqual([0, 1, 2]);
      const shown = await ds.query(main, null, "SELECT current_setting('statement_timeout') AS t", []);
      expect(shown.rows[0]).toEqual({ t: "20s" });
      expect(main.stats().shared).toBe(1);
    } finally {
      await ds.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("a cancelled statement is stopped on Postgres, its neighbours on the connection are not", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 2, pipelineConnections: 1 });
    const main = ds.get(undefined);
    const SLEEP = "SELECT pg_sleep($1) AS s, 'cancel-me' AS tag";
    await warm(ds, SLEEP, [0]);
    await warm(ds, WAITING, [LOCK, 0]);
    const g = await gate();
    const ac = new AbortController();
    try {
      const before = waiting(ds, 2);
      // Its failure is taken at once: it may come while the gate opens, before the expect below.
      const cancelled = ds.query(main, null, SLEEP, [30], { signal: ac.signal }).then(
        () => null,
        (e: unknown) => e,
      );
      const after = waiting(ds, 2);
      await until(lockWaiters, (b) => b.length === 1);
      // Cancelled while still written behind the two before it: stopped once it runs.
      ac.abort(new Error("client went away"));
      await g.open();
      const err = await cancelled;
      expect([(err as QueryError).sqlState, (err as Error).message]).toEqual([
        "57014",
        "Query cancelled: client went away",
      ]);
      expect(await Promise.all([...before, ...after])).toEqual([0, 1, 0, 1]);
      const sleeping = await backends();
      expect(sleeping.filter((b) => b.state === "active")).toEqual([]);
      // All five shared the one connection.
      expect(sleeping.length).toBe(1);
    } finally {
      await ds.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("a column added under named prepared statements: the next statements on the shared connection see it", async () => {
    await sql(url, "CREATE TABLE pets_pipeline (id int); INSERT INTO pets_pipeline VALUES (1)");
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 2, pipelineConnections: 1 });
    const main = ds.get(undefined);
    const cols = () =>
      Promise.all(
        [1, 2, 3].map(() => ds.query(main, null, "SELECT * FROM pets_pipeline", []).then((q) => q.columns.join(","))),
      );
    try {
      expect(await cols()).toEqual(["id", "id", "id"]);
      await sql(url, "ALTER TABLE pets_pipeline ADD COLUMN name text DEFAULT 'rex'");
      expect(await cols()).toEqual(["id,name", "id,name", "id,name"]);
      expect(await cols()).toEqual(["id,name", "id,name", "id,name"]);
    } finally {
      await ds.close();
      await sql(url, "DROP TABLE pets_pipeline");
    }
  });

  it("a shared connection stalled behind a waiting statement: a new statement takes a connection of its own", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 3, pipelineConnections: 1 });
    const main = ds.get(undefined);
    await warm(ds, WAITING, [LOCK, 0]);
    await warm(ds, "SELECT 7 AS n");
    const g = await gate();
    try {
      const held = waiting(ds, 1);
      // Barrier on what Postgres reports: the waiting statement started longer ago than the stall limit.
      const age = () =>
        sql<{ ms: number }>(
          url,
          "SELECT (extract(epoch FROM clock_timestamp() - query_start) * 1000)::int AS ms FROM pg_stat_activity WHERE datname = $1 AND application_name = 'quarry:main' AND state = 'active'",
          [dbName],
        );
      expect((await until(age, (r) => r.length === 1 && r[0]!.ms > 2 * PIPELINE_STALL_MS)).length).toBe(1);
      const q = await ds.query(main, null, "SELECT 7 AS n", []).finally(() => g.open());
      expect(q.rows).toEqual([{ n: 7 }]);
      expect(await Promise.all(held)).toEqual([0]);
      expect(main.stats()).toMatchObject({ shared: 1, inFlight: 0 });
    } finally {
      await ds.close();
    }
  });

  it("statements written in one turn of the event loop leave in one write to the socket; one at a time, each is written at once", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 2, pipelineConnections: 1 });
    const main = ds.get(undefined);
    const port = Number(new URL(url).port || 5432);
    // Count what reaches the Postgres socket (a spy on the real socket, not a stand-in).
    type Writer = (this: Socket, ...a: unknown[]) => unknown;
    const proto = Socket.prototype as unknown as Record<"_write" | "_writev", Writer>;
    const original = { _write: proto._write, _writev: proto._writev };
    let writes = 0;
    for (const k of ["_write", "_writev"] as const) {
      proto[k] = function (this: Socket, ...a: unknown[]) {
        if (this.remotePort === port) writes++;
        return original[k].apply(this, a);
      };
    }
    const SQL = "SELECT $1::int AS n";
    const burst = async () => {
      // Still known short: on a busy machine (test files run side by side) a run may have been
      // timed long, and the burst would then take connections of their own.
      await warm(ds, SQL, [0]);
      expect(main.stats().shared).toBe(1);
      writes = 0;
      const all = Array.from({ length: 10 }, (_, i) => ds.query(main, null, SQL, [i]));
      expect((await Promise.all(all)).map((q) => q.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      return writes;
    };
    try {
      await warm(ds, SQL, [0]);
      await ds.query(main, null, SQL, [0]); // the shared connection is open
      // Ten statements one after another: each a write of its own, and the connection learns
      // that holding them for the end of the turn buys nothing.
      writes = 0;
      for (let i = 0; i < 10; i++) await ds.query(main, null, SQL, [i]);
      expect(writes).toBe(10);
      // So the first of a burst is written at once; the nine that come in the same turn show the
      // burst and leave together.
      expect(await burst()).toBe(2);
      // The next burst is held from its first statement: one write.
      expect(await burst()).toBe(1);
    } finally {
      Object.assign(proto, original);
      await ds.close();
    }
  });

  it("a transaction takes a connection of its own", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 3, pipelineConnections: 1 });
    const main = ds.get(undefined);
    try {
      await warm(ds, "SELECT pg_backend_pid() AS pid");
      const shared = await ds.query(main, null, "SELECT pg_backend_pid() AS pid", []);
      expect(main.stats().shared).toBe(1);
      const tx = await ds.begin(main, "serializable");
      const inside = await ds.query(
        main,
        tx,
        "SELECT pg_backend_pid() AS pid, current_setting('transaction_isolation') AS iso",
        [],
      );
      await ds.control(main, tx, "COMMIT");
      await tx.release();
      expect(inside.rows[0]!.iso).toBe("serializable");
      expect(inside.rows[0]!.pid).not.toBe(shared.rows[0]!.pid);
      expect(tx.shared).toBeUndefined();
    } finally {
      await ds.close();
    }
  });

  it("a client that disconnects over HTTP: its statement is cancelled, the shared connection serves the next request", async () => {
    const root = site({
      "sleep.dbt": `<dbt:query name="s">SELECT pg_sleep(<dbt:queryparam value="#url.s#" type="float">) AS s, 'pipeline-disconnect' AS tag</dbt:query>slept`,
      "quick.dbt": `<dbt:query name="q">SELECT 1 AS n</dbt:query><dbt:output>#q.n#</dbt:output>`,
    });
    const db = database(url, { strategy: "pipeline", max: 1, pipelineConnections: 1, acquireTimeoutMs: 2000 });
    const server = await startServer({ root, database: db });
    const main = db.datasources.get(undefined);
    try {
      // Warm: the page's statement is known short, so the 30 s one is written to the shared connection.
      for (let i = 0; i < 20 && main.stats().shared === 0; i++) {
        const warm = await fetch(`${server.base}/sleep?s=0`);
        expect([warm.status, await warm.text()]).toEqual([200, "slept"]);
      }
      expect(main.stats().shared).toBe(1);
      const u = new URL(server.base);
      const req = request({ host: u.hostname, port: u.port, path: "/sleep?s=30", agent: false });
      req.on("error", () => {});
      req.end();
      const running = await until(
        () =>
          sql<{ pid: number }>(
            url,
            "SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep($1::float8) AS s, ''pipeline-disconnect''%' AND state = 'active' AND datname = $1",
            [dbName],
          ),
        (r) => r.length === 1,
      );
      expect(running).toHaveLength(1);
      req.destroy();
      const after = await until(
        () => sql<{ state: string }>(url, "SELECT state FROM pg_stat_activity WHERE pid = $1", [running[0]!.pid]),
        (r) => r[0]?.state === "idle",
      );
      expect(after).toEqual([{ state: "idle" }]);
      // Postgres shows the backend idle before the client has read the cancel's error; until then
      // the shared connection counts the statement in flight and, stalled, would send /quick to
      // the one-connection pool. Barrier on the datasource's own count, as the disconnect test does.
      expect(
        (
          await until(
            () => main.stats(),
            (s) => s.inFlight === 0,
            20_000,
          )
        ).inFlight,
      ).toBe(0);
      const next = await fetch(`${server.base}/quick`);
      expect([next.status, await next.text()]).toEqual([200, "1"]);
    } finally {
      await server.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("a shared connection stays shared while statements use it, and leaves validateAfterIdleMs after its last use", async () => {
    const IDLE = 1000;
    const PID = "SELECT pg_backend_pid() AS pid";
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 2, pipelineConnections: 1, validateAfterIdleMs: IDLE });
    const main = ds.get(undefined);
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      await warm(ds, PID);
      const pid = (await ds.query(main, null, PID, [])).rows[0]!.pid;
      // A statement every 100 ms for 2.5 idle periods: the timer set when it was first given
      // back fires while it is in use or between two uses, and must leave it shared.
      const end = Date.now() + 2.5 * IDLE;
      let last = 0;
      while (Date.now() < end) {
        await pause(100);
        expect(main.stats().shared).toBe(1);
        await ds.query(main, null, PID, []);
        last = Date.now();
      }
      await pause(IDLE / 2);
      expect(main.stats().shared).toBe(1);
      expect(
        await until(
          () => main.stats().shared,
          (n) => n === 0,
          5000,
        ),
      ).toBe(0);
      expect(Date.now() - last).toBeGreaterThanOrEqual(IDLE);
      // Back in the pool, not closed. (A loaded machine may time one statement past
      // PIPELINE_FAST_MS and run it on a second connection of its own: count what the pool holds.)
      const { size } = main.stats();
      expect(main.stats()).toMatchObject({ borrowed: 0 });
      const open = (await backends()).map((b) => b.pid);
      expect(open).toContain(pid);
      expect(open.length).toBe(size);
    } finally {
      await ds.close();
    }
  });

  it("a shared connection lost outside any statement: the next request gets a new one", async () => {
    const ds = datasourcesFor(url, {
      strategy: "pipeline",
      max: 2,
      pipelineConnections: 1,
      validateAfterIdleMs: 60_000,
    });
    const main = ds.get(undefined);
    try {
      await warm(ds, "SELECT pg_backend_pid() AS pid");
      await warm(ds, WAITING, [LOCK, 0]);
      const first = await ds.query(main, null, "SELECT pg_backend_pid() AS pid", []);
      const pid = first.rows[0]!.pid as number;
      // Held by a running statement, so the slot is still shared when its backend goes.
      const g = await gate();
      const held = waiting(ds, 1);
      await until(lockWaiters, (b) => b.length === 1);
      await sql(url, "SELECT pg_terminate_backend($1)", [pid]);
      await g.open();
      expect(await Promise.all(held)).toEqual([0]);
      const next = await ds.query(main, null, "SELECT pg_backend_pid() AS pid", []);
      expect(next.rows[0]!.pid).not.toBe(pid);
    } finally {
      await ds.close();
    }
    await expect(Promise.reject(new DatasourceError("main", "x"))).rejects.toBeInstanceOf(DatasourceError);
  });
});

describe("pipeline: slow statements", () => {
  /** Settles each promise into `order` as it completes, labelled. */
  const track = (order: string[], label: string, p: Promise<unknown>) =>
    p.then(
      () => void order.push(label),
      (e: unknown) => void order.push(`${label} failed: ${(e as Error).message}`),
    );

  it("a short page is answered at once while slow ones fill the pool: the last shared connection stays shared (issue 26's mix)", async () => {
    const root = site({
      "slow.dbt": `<dbt:query name="s">SELECT pg_sleep(3) AS s, 'pipeline-mix' AS tag</dbt:query>done`,
      "quick.dbt": `<dbt:query name="q">SELECT 2 AS n</dbt:query><dbt:output>#q.n#</dbt:output>`,
    });
    const db = database(url);
    const server = await startServer({ root, database: db });
    const main = db.datasources.get(undefined);
    const quick = async () => {
      const r = await fetch(`${server.base}/quick`);
      return [r.status, await r.text()];
    };
    const slowRunning = async () =>
      (
        await sql<{ n: number }>(
          url,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'SELECT pg_sleep(3) AS s, ''pipeline-mix''%' AND datname = $1",
          [dbName],
        )
      )[0]!.n;
    // Stopped in `finally` too: a visitor still asking would keep server.close() waiting, and a
    // failed expectation below would show as the test's time running out.
    let mixing = true;
    let visitor: Promise<void> | undefined;
    try {
      // The short statement is known short: it ran here, fast.
      for (let i = 0; i < 3; i++) expect(await quick()).toEqual([200, "2"]);
      // Short pages keep coming while twelve slow ones arrive, as in a site's mix.
      visitor = (async () => {
        while (mixing) expect(await quick()).toEqual([200, "2"]);
      })();
      const slow = Promise.all(Array.from({ length: 12 }, () => fetch(`${server.base}/slow`).then((r) => r.status)));
      // Nine of the pool's ten run slow statements and three wait; the tenth stays shared.
      expect(await until(slowRunning, (n) => n === 9)).toBe(9);
      expect(main.stats()).toMatchObject({ size: 10, shared: 1 });
      expect(await quick()).toEqual([200, "2"]);
      // Answered while all nine still ran: not behind one of them (they take 3 s each).
      expect(await slowRunning()).toBe(9);
      mixing = false;
      await visitor;
      expect(await slow).toEqual(Array.from({ length: 12 }, () => 200));
    } finally {
      mixing = false;
      await visitor?.catch(() => {});
      await server.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("20 requests of a slow page at once, default config: all answered, `max` at a time as with a pool (issue 26)", async () => {
    const root = site({
      "slow.dbt": `<dbt:query name="s">SELECT pg_sleep(0.4) AS s, 'pipeline-slow' AS tag</dbt:query>done`,
    });
    const db = database(url);
    const server = await startServer({ root, database: db });
    const main = db.datasources.get(undefined);
    expect([main.strategy, main.config.max, main.config.pipelineConnections]).toEqual(["pipeline", 10, 2]);
    try {
      // The first wave finds the statement new, the second knows it is slow.
      for (const wave of [1, 2]) {
        const answering = Promise.all(
          Array.from({ length: 20 }, () => fetch(`${server.base}/slow`).then(async (r) => [r.status, await r.text()])),
        );
        // Written to the two shared connections they would run two at a time (20 / 2 × 0.4 s);
        // as with a pool, `max` run at once: seen in pg_stat_activity, not guessed from a clock.
        const atOnce = await until(
          async () =>
            (
              await sql<{ n: number }>(
                url,
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'SELECT pg_sleep(0.4) AS s, ''pipeline-slow''%'",
              )
            )[0]!.n,
          (n) => n === 10,
        );
        expect(atOnce, `wave ${wave}`).toBe(10);
        const answers = await answering;
        expect(answers, `wave ${wave}`).toEqual(Array.from({ length: 20 }, () => [200, "done"]));
        expect(main.fast("SELECT pg_sleep(0.4) AS s, 'pipeline-slow' AS tag")).toBe(false);
      }
    } finally {
      await server.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("slow and short statements at once: every short one is answered before any slow one", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 10, pipelineConnections: 2 });
    const main = ds.get(undefined);
    const FAST = "SELECT $1::int AS n";
    const SLOW = "SELECT pg_sleep($1) AS s, 'pipeline-mix' AS tag";
    await warm(ds, FAST, [0]);
    try {
      // First with the slow statement new to the datasource, then known slow.
      for (const round of ["new", "known slow"]) {
        const order: string[] = [];
        const all: Promise<void>[] = [];
        for (let i = 0; i < 36; i++)
          all.push(
            i % 6 === 0
              ? track(order, "slow", ds.query(main, null, SLOW, [0.5]))
              : track(order, "fast", ds.query(main, null, FAST, [i])),
          );
        await Promise.all(all);
        expect(order, round).toEqual([...Array<string>(30).fill("fast"), ...Array<string>(6).fill("slow")]);
        expect(main.fast(SLOW)).toBe(false);
      }
      expect(main.stats().size).toBeLessThanOrEqual(10);
    } finally {
      await ds.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("the pool full of slow statements: short ones wait for the first to finish, not for the queue of them", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 4, pipelineConnections: 1 });
    const main = ds.get(undefined);
    const FAST = "SELECT $1::int AS n";
    const SLOW = "SELECT pg_sleep($1) AS s, 'pipeline-full' AS tag";
    await warm(ds, FAST, [0]);
    await ds.query(main, null, SLOW, [(4 * PIPELINE_FAST_MS) / 1000]);
    expect(main.fast(SLOW)).toBe(false);
    try {
      const order: string[] = [];
      const all = [
        ...Array.from({ length: 8 }, () => track(order, "slow", ds.query(main, null, SLOW, [0.5]))),
        ...Array.from({ length: 10 }, (_, i) => track(order, "fast", ds.query(main, null, FAST, [i]))),
      ];
      await Promise.all(all);
      // Four slow ones run, four wait; the short ones go ahead of those four (a plain pool,
      // first come first served, answers them after all eight).
      expect(order.filter((o) => o !== "fast" && o !== "slow")).toEqual([]);
      expect(order.slice(0, order.lastIndexOf("fast")).filter((o) => o === "slow").length).toBeLessThanOrEqual(4);
      expect(order.slice(-4)).toEqual(Array<string>(4).fill("slow"));
      expect(main.stats()).toMatchObject({ inFlight: 0, pending: 0 });
    } finally {
      await ds.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("the pool full of slow statements: a short statement timed long once (under a stall) is written on the shared connection, not queued for the pool", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 3, pipelineConnections: 1 });
    const main = ds.get(undefined);
    const FAST = "SELECT $1::int AS n, pg_backend_pid() AS pid";
    const SLOW = "SELECT pg_sleep($1) AS s, 'pipeline-starved' AS tag";
    const KEEP = "SELECT $1::int AS k";
    await warm(ds, FAST, [0]);
    await warm(ds, KEEP, [0]);
    await ds.query(main, null, SLOW, [(4 * PIPELINE_FAST_MS) / 1000]);
    try {
      const sharedPid = (await ds.query(main, null, FAST, [0])).rows[0]!.pid;
      const order: string[] = [];
      const slow = [0, 1].map(() => track(order, "slow", ds.query(main, null, SLOW, [1.5])));
      expect(
        (
          await until(
            () => main.stats(),
            (s) => s.size === 3 && s.inFlight === 2,
          )
        ).inFlight,
      ).toBe(2);
      // As one run starved of CPU for a moment: 1.5 + (30 − 1.5) / 2 ≈ 16 ms, no longer short.
      main.observe(FAST, 30);
      expect(main.fast(FAST)).toBe(false);
      const next = await ds.query(main, null, FAST, [7]);
      order.push("short");
      expect([next.rows[0]!.n, next.rows[0]!.pid]).toEqual([7, sharedPid]);
      await Promise.all(slow);
      expect(order).toEqual(["short", "slow", "slow"]);
      // Known slower than a stall it waits for a connection of its own, as before (the shared
      // one stays shared: a short statement used it within the last second).
      main.observe(FAST, 100);
      const late = [0, 1].map(() => track(order, "slow", ds.query(main, null, SLOW, [1.5])));
      expect(
        (
          await until(
            () => main.stats(),
            (s) => s.inFlight === 2,
          )
        ).inFlight,
      ).toBe(2);
      expect((await ds.query(main, null, KEEP, [1])).rows).toEqual([{ k: 1 }]);
      const own = await ds.query(main, null, FAST, [8]);
      order.push("waited");
      expect(own.rows[0]!.pid).not.toBe(sharedPid);
      await Promise.all(late);
      // Answered only once a slow one had finished (the two finish together).
      expect(order[3]).toBe("slow");
      expect(order.slice(3).sort()).toEqual(["slow", "slow", "waited"]);
    } finally {
      await ds.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("a slow statement waiting for a connection is cancelled at once; the pool goes on", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 2, pipelineConnections: 1 });
    const main = ds.get(undefined);
    const SLOW = "SELECT pg_sleep($1) AS s, 'pipeline-queued' AS tag";
    await ds.query(main, null, SLOW, [(4 * PIPELINE_FAST_MS) / 1000]);
    try {
      const running = [ds.query(main, null, SLOW, [1.5]), ds.query(main, null, SLOW, [1.5])];
      const ac = new AbortController();
      const started = performance.now();
      const queued = ds.query(main, null, SLOW, [30], { signal: ac.signal }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(
        (
          await until(
            () => main.stats(),
            (s) => s.pending === 1,
          )
        ).pending,
      ).toBe(1);
      ac.abort(new Error("page time limit"));
      const err = await queued;
      expect([(err as QueryError).sqlState, (err as Error).message]).toEqual([
        "57014",
        "Query cancelled: page time limit",
      ]);
      // Long before either running statement could have given its connection up.
      expect(performance.now() - started).toBeLessThan(1400);
      expect((await Promise.all(running)).map((q) => q.rows[0]!.tag)).toEqual(["pipeline-queued", "pipeline-queued"]);
      expect((await ds.query(main, null, SLOW, [0])).rows[0]!.tag).toBe("pipeline-queued");
      expect(main.stats()).toMatchObject({ inFlight: 0, pending: 0 });
    } finally {
      await ds.close();
    }
    expect(await until(backends, (b) => b.length === 0)).toEqual([]);
  });

  it("runs cancelled early never make a slow statement look short: it keeps a connection of its own", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 3, pipelineConnections: 1 });
    const main = ds.get(undefined);
    const SQL = "SELECT pg_sleep($1) AS s, 'pipeline-left' AS tag";
    const running = async () => (await backends()).filter((b) => b.state === "active" && b.query === SQL).length;
    try {
      await ds.query(main, null, SQL, [0.05]);
      expect(main.fast(SQL)).toBe(false);
      // As when a slow page's visitors leave: each run is cancelled once Postgres runs it. Taken
      // as short runs (a quarter of the way down each), ten would bring 50 ms under 10 ms.
      for (let i = 0; i < 10; i++) {
        const ac = new AbortController();
        const q = ds.query(main, null, SQL, [5], { signal: ac.signal }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(await until(running, (n) => n === 1)).toBe(1);
        ac.abort(new Error("the client disconnected"));
        expect(((await q) as QueryError).sqlState).toBe("57014");
      }
      expect(main.fast(SQL)).toBe(false);
    } finally {
      await ds.close();
    }
  });

  it("one slow run takes a statement off the shared connections; short runs bring it back", async () => {
    const ds = datasourcesFor(url, { strategy: "pipeline", max: 3, pipelineConnections: 1 });
    const main = ds.get(undefined);
    const SQL = "SELECT pg_sleep($1) AS s, pg_backend_pid() AS pid";
    try {
      await warm(ds, SQL, [0]);
      const sharedPid = (await ds.query(main, null, SQL, [0])).rows[0]!.pid;
      await ds.query(main, null, SQL, [0.2]);
      expect(main.fast(SQL)).toBe(false);
      let runs = 0;
      while (!main.fast(SQL) && runs < 50) {
        await ds.query(main, null, SQL, [0]);
        runs++;
      }
      // Half way up to 200 ms, then a quarter of the way down each run: under 10 ms after 9 runs.
      expect(runs).toBeGreaterThanOrEqual(8);
      expect(runs).toBeLessThanOrEqual(12);
      expect((await ds.query(main, null, SQL, [0])).rows[0]!.pid).toBe(sharedPid);
    } finally {
      await ds.close();
    }
  });
});

afterAll(async () => {
  expect(await until(backends, (b) => b.length === 0)).toEqual([]);
});
