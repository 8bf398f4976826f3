// A client that disconnects stops its page and its query: the statement is cancelled on
// Postgres (its backend idle again in pg_stat_activity) and the connection is back in the pool
// for the next request, in both modes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { site } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { database, startServer, until, type Server } from "./http.js";

let url: string;
const servers: Server[] = [];
const root = site({
  "sleep.dbt": `<dbt:query name="s">SELECT pg_sleep(30) AS s, 'disconnect-test' AS tag</dbt:query>slept`,
  "quick.dbt": `<dbt:query name="q">SELECT 1 AS n</dbt:query><dbt:output>#q.n#</dbt:output>`,
});

beforeAll(async () => {
  url = await createDatabase([], "disconnect");
});
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe.each(["compiled", "interpreted"] as const)("a client that disconnects (%s)", (mode) => {
  it("cancels its running query and gives the connection back to the pool", async () => {
    // One connection: the next request can only be served if the first one gave it back.
    const db = database(url, { max: 1, acquireTimeoutMs: 2000 });
    const server = await startServer({ root, mode, database: db });
    servers.push(server);
    const u = new URL(server.base);
    const req = request({ host: u.hostname, port: u.port, path: "/sleep", agent: false });
    req.on("error", () => {});
    req.end();
    const running = await until(
      () =>
        sql<{ pid: number }>(
          url,
          "SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30)%' AND state = 'active'",
        ),
      (r) => r.length === 1,
    );
    expect(running).toHaveLength(1);
    const pid = running[0]!.pid;
    req.destroy();
    const after = await until(
      () => sql<{ state: string }>(url, "SELECT state FROM pg_stat_activity WHERE pid = $1", [pid]),
      (r) => r[0]?.state === "idle",
    );
    expect(after).toEqual([{ state: "idle" }]);
    // The page gives its lease back once its abort has unwound (on a loaded machine that can
    // come after Postgres shows the backend idle): wait for the pool to say so, not a fixed time.
    // On the pipeline strategy (the default) the connection stays shared, idle, for a while
    // (validateAfterIdleMs) before it goes back to the pool: no statement in flight on it is
    // what lets the next request through.
    const pool = db.datasources.get(undefined);
    expect(pool.strategy).toBe("pipeline");
    expect(
      (
        await until(
          () => pool.stats(),
          (s) => s.inFlight === 0,
          20_000,
        )
      ).inFlight,
    ).toBe(0);
    const next = await fetch(`${server.base}/quick`);
    expect([next.status, await next.text()]).toEqual([200, "1"]);
  });
});
