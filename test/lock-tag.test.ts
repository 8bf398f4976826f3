// dbt:lock over real HTTP, in both modes: two requests racing for one exclusive section do not
// interleave (the first is held inside the section by an advisory lock this test owns, so the
// second can only wait at dbt:lock); a waiter that times out gets a located QRY_ERR_LOCK (or
// skips the body); a client that goes away leaves the queue, and one holding the lock gives
// it back. No sleeps: every wait is on pg_stat_activity or the lock manager's own counts.
import { request } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { Browser, database, startServer, until, type Server } from "./http.js";
import { LockManager } from "../engine/locks.js";

let url: string;
const servers: Server[] = [];
// Inside the section the page waits for advisory lock url.key, which the test holds.
const SECTION = `<dbt:lock name="counter" type="exclusive" timeout="30">
<dbt:set application.trail = application.trail & "[" & url.who>
<dbt:query name="w">SELECT pg_advisory_xact_lock_shared(#url.key#) AS held</dbt:query>
<dbt:set application.trail = application.trail & url.who & "]">
</dbt:lock>
<dbt:output>#application.trail#</dbt:output>`;
const root = site({
  "_application.dbt": `<dbt:set application.trail = "">`,
  "enter.dbt": SECTION,
  "wait.dbt": `<dbt:try><dbt:lock name="counter" type="exclusive" timeout="1"><p>inside</p></dbt:lock>
<dbt:catch type="lock"><dbt:output>#error.code#: #error.message#</dbt:output></dbt:catch></dbt:try>`,
  "skip.dbt": `<dbt:lock name="counter" type="readonly" timeout="1" throwontimeout="false"><p>inside</p></dbt:lock>skipped`,
  "fail.dbt": `<dbt:lock name="counter" timeout="1"><p>inside</p></dbt:lock>`,
  "quick.dbt": `<dbt:lock name="counter" timeout="5">free</dbt:lock>`,
  "login.dbt": `<dbt:set session.user = url.who>in`,
  "mine.dbt": `<dbt:lock scope="session" timeout="30"><dbt:query name="w">SELECT pg_advisory_xact_lock_shared(#url.key#) AS held</dbt:query><dbt:output>#session.user# #url.n#</dbt:output></dbt:lock>`,
});

/** The test's own connection holding advisory lock `key` until release(). */
async function hold(key: number): Promise<{ release(): Promise<void> }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query("SELECT pg_advisory_lock($1)", [key]);
  return {
    async release() {
      await c.query("SELECT pg_advisory_unlock($1)", [key]);
      await c.end();
    },
  };
}

/** Requests stuck on advisory lock `key`. */
const waitingOn = (key: number) =>
  sql<{ n: number }>(
    url,
    "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    [key],
  ).then((r) => r[0]!.n);

/** A GET whose client can be made to go away. */
function leaving(base: string, path: string): { gone(): void } {
  const u = new URL(base);
  const req = request({ host: u.hostname, port: u.port, path, agent: false });
  req.on("error", () => {});
  req.end();
  return { gone: () => req.destroy() };
}

beforeAll(async () => {
  url = await createDatabase([], "locktag");
});
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe.each([
  ["compiled", 1000],
  ["interpreted", 2000],
] as const)("dbt:lock over HTTP (%s)", (mode, key) => {
  let server: Server;
  const locks = new LockManager();
  beforeAll(async () => {
    server = await startServer({ root, mode, locks, database: database(url, { max: 4 }) });
    servers.push(server);
  });

  it("keeps a second request out of the exclusive section until the first has left it", async () => {
    const held = await hold(key);
    const a = fetch(`${server.base}/enter?who=A&key=${key}`).then((r) => r.text());
    expect(
      await until(
        () => waitingOn(key),
        (n) => n === 1,
      ),
    ).toBe(1);
    const b = fetch(`${server.base}/enter?who=B&key=${key}`).then((r) => r.text());
    expect(
      await until(
        () => locks.stats("name:counter"),
        (s) => s.waiting === 1,
      ),
    ).toEqual({ readers: 0, writer: true, waiting: 1 });
    // B waits at the lock, not inside the section.
    expect(await waitingOn(key)).toBe(1);
    await held.release();
    expect(await a).toBe("[AA]");
    expect(await b).toBe("[AA][BB]");
    expect(locks.stats("name:counter")).toEqual({ readers: 0, writer: false, waiting: 0 });
  });

  it("gives a waiter that times out a located QRY_ERR_LOCK (status 503), or skips the body with throwontimeout=false", async () => {
    const held = await hold(key + 1);
    const a = fetch(`${server.base}/enter?who=C&key=${key + 1}`).then((r) => r.text());
    await until(
      () => waitingOn(key + 1),
      (n) => n === 1,
    );
    const started = Date.now();
    expect(await (await fetch(`${server.base}/wait`)).text()).toBe(
      "QRY_ERR_LOCK: The exclusive lock &quot;counter&quot; was not free within 1 s (another request held it)",
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(await (await fetch(`${server.base}/skip`)).text()).toBe("skipped");
    const failed = await fetch(`${server.base}/fail`);
    expect(failed.status).toBe(503);
    await failed.text();
    expect(locks.stats("name:counter").waiting).toBe(0);
    await held.release();
    expect(await a).toMatch(/\[CC\]$/);
  });

  it("keeps one visitor's requests apart with scope=session, and not another visitor's", async () => {
    const [ann, bob] = [new Browser(server.base), new Browser(server.base)];
    expect([await ann.get("/login?who=ann"), await bob.get("/login?who=bob")]).toEqual(["in", "in"]);
    // The session id is the signed cookie's value before its signature.
    const sid = ann.cookies.get("quarry_sid")!.replace(/\.[^.]*$/, "");
    const held = await hold(key + 3);
    const first = ann.get(`/mine?n=1&key=${key + 3}`);
    await until(
      () => waitingOn(key + 3),
      (n) => n === 1,
    );
    const second = ann.get(`/mine?n=2&key=${key + 3}`);
    expect(
      await until(
        () => locks.stats(`scope:session:${sid}`),
        (s) => s.waiting === 1,
      ),
    ).toEqual({ readers: 0, writer: true, waiting: 1 });
    // Bob's session has its own lock: he goes as far as the advisory lock.
    const other = bob.get(`/mine?n=3&key=${key + 3}`);
    expect(
      await until(
        () => waitingOn(key + 3),
        (n) => n === 2,
      ),
    ).toBe(2);
    await held.release();
    expect([await first, await second, await other]).toEqual(["ann 1", "ann 2", "bob 3"]);
  });

  it("takes a client that goes away out of the queue, and frees the lock of one that held it", async () => {
    const held = await hold(key + 2);
    const a = leaving(server.base, `/enter?who=D&key=${key + 2}`);
    await until(
      () => waitingOn(key + 2),
      (n) => n === 1,
    );
    const b = leaving(server.base, `/enter?who=E&key=${key + 2}`);
    await until(
      () => locks.stats("name:counter"),
      (s) => s.waiting === 1,
    );
    b.gone();
    expect(
      await until(
        () => locks.stats("name:counter"),
        (s) => s.waiting === 0,
      ),
    ).toEqual({ readers: 0, writer: true, waiting: 0 });
    // The holder leaves while its query waits: the query is cancelled and the lock given back.
    a.gone();
    expect(
      await until(
        () => locks.stats("name:counter"),
        (s) => !s.writer,
      ),
    ).toEqual({ readers: 0, writer: false, waiting: 0 });
    expect(
      await until(
        () => waitingOn(key + 2),
        (n) => n === 0,
      ),
    ).toBe(0);
    await held.release();
    expect(await (await fetch(`${server.base}/quick`)).text()).toBe("free");
  });
});
