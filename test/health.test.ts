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
import { createDatabase } from "./db.js";
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

describe("quarry start draining after SIGTERM (server.drainMs)", () => {
  it.each([1, 2])(
    "--workers %i: a request on a kept-alive connection is served with Connection: close, new connections too, /readyz 503",
    async (workers) => {
      const url = await createDatabase([], "drain");
      // A drain long enough for the checks below; the second SIGTERM ends it.
      const root = site({
        "quarry.config.json": JSON.stringify({ server: { drainMs: 600_000 } }),
        "index.dbt": "hi",
      });
      const dist = join(mkdtempSync(join(tmpdir(), "quarry-drain-")), "dist");
      expect(build(root, dist).errors).toEqual([]);
      const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", "--workers", String(workers)], {
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" },
      });
      children.push(child);
      const base = await listening(child);
      let err = "";
      child.stderr.on("data", (d: Buffer) => (err += d.toString()));
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await get(agent, `${base}/`);
        expect([first.status, first.connection, first.body]).toEqual([200, "keep-alive", "hi"]);
        child.kill("SIGTERM");
        await until(
          () => (err.match(/draining for 600000 ms/g) ?? []).length,
          (n) => n === workers,
        );
        // The same socket, kept alive from before the signal: served, and told to close.
        const same = await get(agent, `${base}/`);
        expect([same.status, same.connection, same.body, same.socket]).toEqual([200, "close", "hi", first.socket]);
        const fresh = await get(agent, `${base}/`);
        expect([fresh.status, fresh.connection, fresh.body]).toEqual([200, "close", "hi"]);
        expect(fresh.socket).not.toBe(first.socket);
        const ready = await get(agent, `${base}/readyz`);
        expect([ready.status, ready.body]).toEqual([503, "not ready: shutting down\n"]);
      } finally {
        agent.destroy();
      }
      const exited = new Promise<number | null>((r) => child.on("exit", r));
      child.kill("SIGTERM");
      // A second signal ends the drain: the connections still open are cut, so exit 1.
      expect(await exited).toBe(1);
    },
    60_000,
  );
});
