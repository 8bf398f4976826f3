// GET /healthz and /readyz, and systemd readiness (the sd_notify protocol): `quarry start`
// with a NOTIFY_SOCKET of this test's own, as systemd's Type=notify runs it; --no-migrate
// leaves a node not ready until `quarry db migrate` has run.
import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import { createRequire } from "node:module";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../server/app.js";
import { build } from "../server/build.js";
import { site } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { database, until } from "./http.js";
import { listening } from "./process.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
const NOTES = "CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL);\n";
const PAGE = '<dbt:query name="q">SELECT count(*)::int AS n FROM note</dbt:query><dbt:output>#q.n#</dbt:output>';

interface DgramSocket {
  bind(path: string): void;
  close(): void;
}
const dgram = createRequire(import.meta.url)("unix-dgram") as {
  createSocket(type: "unix_dgram", onMessage: (buf: Buffer) => void): DgramSocket;
};

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => resolve({ code, out }));
  });

describe("quarry start under systemd (Type=notify) with --no-migrate", () => {
  it.each([1, 2])(
    "--workers %i: READY=1 once it serves, /readyz 503 until quarry db migrate ran, then 200; STOPPING=1 on SIGTERM",
    async (workers) => {
      const url = await createDatabase([], "health");
      const root = site({ "_db/001_notes.sql": NOTES, "index.dbt": PAGE });
      const dist = join(mkdtempSync(join(tmpdir(), "quarry-health-")), "dist");
      expect(build(root, dist).errors).toEqual([]);
      const socketPath = join(mkdtempSync(join(tmpdir(), "n-")), "notify");
      const messages: string[] = [];
      const sock = dgram.createSocket("unix_dgram", (buf) => messages.push(buf.toString()));
      sock.bind(socketPath);
      try {
        const env = { ...process.env, DATABASE_URL: url, NOTIFY_SOCKET: socketPath, LOG_LEVEL: "warn" };
        const child = spawn(
          process.execPath,
          [bin, "start", dist, "--port", "0", "--workers", String(workers), "--no-migrate"],
          { env },
        );
        children.push(child);
        const base = await listening(child);
        await until(
          () => messages.length,
          (n) => n > 0,
        );
        expect(messages[0]).toMatch(new RegExp(`^READY=1\\nSTATUS=.*listening on port \\d+\\nMAINPID=${child.pid}$`));

        let res = await fetch(`${base}/healthz`);
        expect([res.status, await res.text()]).toEqual([200, "ok\n"]);
        res = await fetch(`${base}/readyz`);
        expect([res.status, await res.text()]).toEqual([503, "not ready: migrations not applied: _db/001_notes.sql\n"]);

        const migrated = await run(["db", "migrate", dist], { ...process.env, DATABASE_URL: url });
        expect(migrated).toEqual({ code: 0, out: "applied _db/001_notes.sql\n" });
        res = await fetch(`${base}/readyz`);
        expect([res.status, await res.text()]).toEqual([200, "ready\n"]);
        expect(await (await fetch(`${base}/`)).text()).toBe("0");

        const exited = new Promise<number | null>((r) => child.on("exit", r));
        child.kill("SIGTERM");
        expect(await exited).toBe(0);
        await until(
          () => messages.length,
          (n) => n >= 2,
        );
        expect(messages).toEqual([messages[0], "STOPPING=1"]);
      } finally {
        sock.close();
      }
    },
    60_000,
  );
});

describe("/readyz", () => {
  it("answers 503 while the node drains, and when its database cannot be reached", async () => {
    const url = await createDatabase([], "ready");
    const root = site({ "index.dbt": "hi" });
    const { app, readiness } = await buildApp({ root, log: () => {}, database: database(url) });
    try {
      expect((await app.inject("/readyz")).body).toBe("ready\n");
      readiness.draining = true;
      const res = await app.inject("/readyz");
      expect([res.statusCode, res.body]).toEqual([503, "not ready: shutting down\n"]);
    } finally {
      await app.close();
    }
    const gone = await buildApp({
      root,
      log: () => {},
      database: database("postgres://nobody@127.0.0.1:1/none", { acquireTimeoutMs: 200 }),
    });
    try {
      const res = await gone.app.inject("/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/^not ready: database: Datasource main unavailable: /);
    } finally {
      await gone.app.close();
    }
  });
});

/** GET through `agent`: status, the Connection header and the local port (which socket carried it). */
const get = (agent: Agent, url: string) =>
  new Promise<{ status: number; connection: string | undefined; socket: number; body: string }>((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () =>
        resolve({ status: res.statusCode!, connection: res.headers.connection, socket: req.socket!.localPort!, body }),
      );
    });
    req.on("error", reject);
    req.end();
  });

/** `quarry start` of a one-page site with these server settings; resolves with the child, its URL and its stderr so far. */
async function startSite(server: Record<string, number>, workers: number, pages: Record<string, string> = {}) {
  const url = await createDatabase([], "drain");
  const root = site({ "quarry.config.json": JSON.stringify({ server }), "index.dbt": "hi", ...pages });
  const dist = join(mkdtempSync(join(tmpdir(), "quarry-drain-")), "dist");
  expect(build(root, dist).errors).toEqual([]);
  const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", "--workers", String(workers)], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" },
  });
  children.push(child);
  const base = await listening(child);
  const log = { text: "" };
  child.stderr.on("data", (d: Buffer) => (log.text += d.toString()));
  const exited = new Promise<number | null>((r) => child.on("exit", r));
  return { child, base, log, exited, url };
}

/** How many statements `SELECT pg_sleep(<seconds>)` are running on the database at `url`. */
const sleeping = async (url: string, seconds: string) =>
  (
    await sql<{ n: number }>(
      url,
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND datname = $1 AND query LIKE $2",
      [new URL(url).pathname.slice(1), `SELECT pg_sleep(${seconds}) AS s%`],
    )
  )[0]!.n;
const said = (log: { text: string }, line: RegExp, times: number) =>
  until(
    () => (log.text.match(line) ?? []).length,
    (n) => n === times,
  );

describe("quarry start shutting down behind a proxy", () => {
  it.each([1, 2])(
    "--workers %i, server.drainMs: until it ends, every request is served as usual (kept-alive and new connections) while /readyz answers 503",
    async (workers) => {
      const { child, base, log, exited } = await startSite({ drainMs: 600_000 }, workers);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await get(agent, `${base}/`);
        expect([first.status, first.connection, first.body]).toEqual([200, "keep-alive", "hi"]);
        child.kill("SIGTERM");
        await said(log, /draining for 600000 ms \(server\.drainMs\), still serving/g, workers);
        const same = await get(agent, `${base}/`);
        expect([same.status, same.connection, same.body, same.socket]).toEqual([200, "keep-alive", "hi", first.socket]);
        const ready = await get(agent, `${base}/readyz`);
        expect([ready.status, ready.body]).toEqual([503, "not ready: shutting down\n"]);
        const fresh = await get(new Agent(), `${base}/`);
        expect([fresh.status, fresh.body]).toEqual([200, "hi"]);
      } finally {
        agent.destroy();
      }
      // A second signal ends the drain and cuts what is open: exit 1.
      child.kill("SIGTERM");
      expect(await exited).toBe(1);
    },
    60_000,
  );

  it.each([1, 2])(
    "--workers %i: once it stopped accepting, a kept-alive connection it left open serves its next request with Connection: close, new ones are refused, and it exits 0 when the last one closed",
    async (workers) => {
      // Idle connections are left to their client for as long as this test needs.
      const { child, base, log, exited } = await startSite({ idleCloseMs: 600_000, shutdownGraceMs: 600_000 }, workers);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await get(agent, `${base}/`);
        expect([first.status, first.connection]).toEqual([200, "keep-alive"]);
        child.kill("SIGTERM");
        await said(log, /stopped accepting; finishing requests in flight/g, workers);
        // With workers the guardian's listening socket closes once every worker stopped accepting.
        await until(
          () =>
            get(new Agent(), `${base}/`).then(
              () => "served",
              (err: NodeJS.ErrnoException) => err.code,
            ),
          (r) => r === "ECONNREFUSED",
        );
        expect(child.exitCode).toBe(null);
        const same = await get(agent, `${base}/`);
        expect([same.status, same.connection, same.body, same.socket]).toEqual([200, "close", "hi", first.socket]);
      } finally {
        agent.destroy();
      }
      expect(await exited).toBe(0);
    },
    60_000,
  );

  it("a request in flight when it stops accepting is answered with Connection: close, and it exits 0 once that answer is sent, without waiting for idleCloseMs", async () => {
    const { child, base, log, exited, url } = await startSite({ idleCloseMs: 600_000, shutdownGraceMs: 600_000 }, 1, {
      "slow.dbt": '<dbt:query name="s">SELECT pg_sleep(1.5) AS s</dbt:query>slept',
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = get(agent, `${base}/slow`);
      expect(
        await until(
          () => sleeping(url, "1.5"),
          (n) => n === 1,
        ),
      ).toBe(1);
      child.kill("SIGTERM");
      await said(log, /stopped accepting; finishing requests in flight/g, 1);
      const slow = await answer;
      expect([slow.status, slow.connection, slow.body]).toEqual([200, "close", "slept"]);
      // Kept alive, the idle connection would hold the node up to idleCloseMs (600 s).
      const ended = await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), 10_000))]);
      expect(ended).toBe(0);
    } finally {
      agent.destroy();
    }
  }, 60_000);
});

describe("app.close() with a request in flight on a kept-alive connection", () => {
  it("answers it with Connection: close and closes as soon as it is sent", async () => {
    const url = await createDatabase([], "close_in_flight");
    const root = site({ "slow.dbt": '<dbt:query name="s">SELECT pg_sleep(1) AS s</dbt:query>slept' });
    const db = database(url);
    const { app } = await buildApp({ root, database: db, log: () => {} });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = get(agent, `${base}/slow`);
      expect(
        await until(
          () => sleeping(url, "1"),
          (n) => n === 1,
        ),
      ).toBe(1);
      const closed = app.close().then(() => "closed");
      const slow = await answer;
      expect([slow.status, slow.connection, slow.body]).toEqual([200, "close", "slept"]);
      // Before, the connection stayed idle and kept alive: the close waited for its keep-alive timeout (72 s).
      expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r("still open"), 5_000))])).toBe("closed");
    } finally {
      agent.destroy();
      await db.stop();
    }
  });
});
