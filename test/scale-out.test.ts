// The deployment docs/deploy.md describes, run for real on 127.0.0.1: PgBouncer in transaction
// mode in front of the test Postgres, two Quarry servers of one built site (sessions in
// Postgres, the datasource config left at its defaults) and nginx balancing between them.
// PgBouncer gets no `ignore_startup_parameters` (Quarry must need none) and a small server pool,
// so that consecutive transactions of one client reach different server connections: three
// nodes migrating at once, a query cancel, per-query timeouts and prepared statements are run
// against it. Skipped, saying so, when the nginx or pgbouncer binaries are missing (.ci/run
// installs them where it can).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { build } from "../server/build.js";
import { createApp } from "../server/app.js";
import { cancel, connect as pgConnect, disconnect } from "../datasources/postgres/client.js";
import { configFor, createDatabase, datasourcesFor, sql } from "./db.js";
import { Browser, SAMPLE_SEED, TEMPLATES, database, until } from "./http.js";
import { site } from "./helpers.js";

const bin = (name: string) =>
  ["/usr/sbin", "/usr/local/sbin", "/usr/bin", "/usr/local/bin"].map((d) => join(d, name)).find((p) => existsSync(p)) ??
  null;
const NGINX = bin("nginx");
const PGBOUNCER = bin("pgbouncer");
const missing = [!NGINX && "nginx", !PGBOUNCER && "pgbouncer"].filter(Boolean);
if (missing.length > 0)
  console.warn(`scale-out test skipped: ${missing.join(" and ")} not installed (apt-get install nginx pgbouncer)`);

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = connect(port, "127.0.0.1");
    c.on("connect", () => {
      c.end();
      resolve(true);
    });
    c.on("error", () => resolve(false));
  });

/** PgBouncer's server connections per database and user: fewer than the clients that use them. */
const SERVER_POOL = 3;

describe.skipIf(missing.length > 0)("two servers behind nginx and PgBouncer", () => {
  let dir: string;
  let dist: string;
  let bouncerUrl: string;
  /** The same database, straight to Postgres. */
  let directUrl: string;
  let bouncer: ChildProcess;
  const children: ChildProcess[] = [];
  let stopping = false;
  const quarries = new Map<number, FastifyInstance>();
  let ports: { bouncer: number; nginx: number; a: number; b: number };
  let base: string;

  function daemon(cmd: string, args: string[], name: string): ChildProcess {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => {
      if (!stopping) console.error(`${name} exited ${code}: ${err}`);
    });
    children.push(child);
    return child;
  }

  async function startQuarry(port: number): Promise<void> {
    const app = await createApp({
      dist,
      log: () => {},
      database: database(bouncerUrl),
      server: { maxEventLoopDelayMs: 0 },
    });
    await app.listen({ port, host: "127.0.0.1" });
    quarries.set(port, app);
  }
  async function stopQuarry(port: number): Promise<void> {
    const app = quarries.get(port)!;
    quarries.delete(port);
    await app.close();
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "quarry-scale-"));
    // Root runs PgBouncer as nobody (it refuses root), who must read its config and write its log.
    chmodSync(dir, 0o777);
    const url = new URL(await createDatabase(SAMPLE_SEED, "scale"));
    ports = { bouncer: await freePort(), nginx: await freePort(), a: await freePort(), b: await freePort() };
    directUrl = url.toString();
    const db = url.pathname.slice(1);
    // Any database of the test Postgres by its name (the migration test makes its own).
    writeFileSync(
      join(dir, "pgbouncer.ini"),
      `[databases]
* = host=127.0.0.1 port=${url.port} user=${decodeURIComponent(url.username)} password=${decodeURIComponent(url.password)}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${ports.bouncer}
unix_socket_dir =
auth_type = any
pool_mode = transaction
default_pool_size = ${SERVER_POOL}
max_client_conn = 100
server_login_retry = 1
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`,
    );
    chmodSync(join(dir, "pgbouncer.ini"), 0o644);
    const asRoot = process.getuid?.() === 0;
    bouncer = daemon(PGBOUNCER!, [...(asRoot ? ["-u", "nobody"] : []), join(dir, "pgbouncer.ini")], "pgbouncer");
    bouncerUrl = `postgres://${url.username}@127.0.0.1:${ports.bouncer}/${db}`;

    dist = join(dir, "dist");
    expect(build(TEMPLATES, dist).errors).toEqual([]);
    expect(
      await until(
        () => listening(ports.bouncer),
        (ok) => ok,
      ),
    ).toBe(true);
    await startQuarry(ports.a);
    await startQuarry(ports.b);

    const temp = (n: string) => `${n}_temp_path ${dir}/${n};`;
    writeFileSync(
      join(dir, "nginx.conf"),
      `worker_processes 1;
error_log ${dir}/nginx-error.log;
pid ${dir}/nginx.pid;
events { worker_connections 64; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  upstream quarry { server 127.0.0.1:${ports.a}; server 127.0.0.1:${ports.b}; }
  server {
    listen 127.0.0.1:${ports.nginx};
    add_header X-Upstream $upstream_addr always;
    location / {
      proxy_pass http://quarry;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
    );
    daemon(
      NGINX!,
      ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "nginx-error.log"), "-g", "daemon off;"],
      "nginx",
    );
    expect(
      await until(
        () => listening(ports.nginx),
        (ok) => ok,
      ),
    ).toBe(true);
    base = `http://127.0.0.1:${ports.nginx}`;
  }, 60_000);

  afterAll(async () => {
    for (const port of [...quarries.keys()]) await stopQuarry(port);
    stopping = true;
    for (const c of children) c.kill("SIGTERM");
    await Promise.all(
      children.map((c) => (c.exitCode !== null ? Promise.resolve() : new Promise((r) => c.on("exit", r)))),
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it("nginx spreads requests over both servers, and pages work through PgBouncer", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${base}/authors`);
      expect(res.status).toBe(200);
      expect((await res.text()).match(/<tr>/g)).toHaveLength(10);
      seen.add(res.headers.get("x-upstream")!);
    }
    expect([...seen].sort()).toEqual([`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`].sort());
    expect(readFileSync(join(dir, "pgbouncer.log"), "utf8")).toContain("login attempt");
  });

  it("a session written through one server is read through the other", async () => {
    const b = new Browser(`http://127.0.0.1:${ports.a}`);
    await b.get("/cart");
    expect((await b.post("/cart", { add: "2" })).status).toBe(303);
    const other = new Browser(`http://127.0.0.1:${ports.b}`);
    for (const [k, v] of b.cookies) other.cookies.set(k, v);
    expect(await other.get("/cart")).toContain("<p>Total: 4.75 (1 products)</p>");
    // The form token from server b is good on server a too.
    expect((await other.post("/cart", { add: "2" })).status).toBe(303);
    expect(await b.get("/cart")).toContain("<tr><td>Marble coaster</td><td>2</td><td>9.50</td>");
  });

  it("a cart made through nginx survives a restart of both servers", async () => {
    const b = new Browser(base);
    await b.get("/cart");
    for (const id of ["1", "5", "5"]) expect((await b.post("/cart", { add: id })).status).toBe(303);
    const before = await b.get("/cart");
    expect(before).toContain("<p>Total: 25.00 (2 products)</p>");
    await stopQuarry(ports.a);
    await stopQuarry(ports.b);
    await startQuarry(ports.a);
    await startQuarry(ports.b);
    // Form tokens are salted per page; everything else is the same page.
    const untokened = (html: string) => html.replace(/name="_csrf" value="[^"]+"/g, "");
    for (let i = 0; i < 2; i++) expect(untokened(await b.get("/cart"))).toBe(untokened(before));
  });

  it("with the datasource config left at its defaults, pages work through PgBouncer: no startup parameter, no named statement", async () => {
    // Named statements would be unknown on the next server connection (26000) or already there (42P05).
    for (const strategy of ["pool", "pipeline"]) {
      const d = datasourcesFor(bouncerUrl, { strategy, max: 8 });
      try {
        const texts = ["SELECT id, message FROM fortune ORDER BY id", "SELECT count(*)::int AS n FROM fortune"];
        const counts = await Promise.all(
          Array.from({ length: 8 }, async (_, w) => {
            let ok = 0;
            for (let i = 0; i < 25; i++) {
              const r = await d.query(d.get(undefined), null, texts[(w + i) % 2]!, []);
              if (r.recordCount > 0) ok++;
            }
            return ok;
          }),
        );
        expect([strategy, counts.reduce((a, b) => a + b, 0)]).toEqual([strategy, 200]);
      } finally {
        await d.close();
      }
    }
    for (let i = 0; i < 10; i++) expect((await fetch(`${base}/fortunes`)).status).toBe(200);
  });

  it("three nodes starting together through PgBouncer apply each migration exactly once, and none hangs", async () => {
    const url = new URL(await createDatabase([], "three"));
    const db = url.pathname.slice(1);
    const root = site({
      "quarry.config.json": JSON.stringify({
        datasources: { main: { url: `postgres://${url.username}@127.0.0.1:${ports.bouncer}/${db}` } },
      }),
      // Slow enough that the three overlap.
      "_db/001_table.sql": "CREATE TABLE hits (n int);\nSELECT pg_sleep(0.3);\n",
      "_db/002_seed.sql": "INSERT INTO hits SELECT generate_series(1, 10);\nSELECT pg_sleep(0.3);\n",
      "_db/003_more.sql": "INSERT INTO hits VALUES (11);\n",
      "index.dbt": '<dbt:query name="q">SELECT count(*)::int AS n FROM hits</dbt:query><dbt:output>#q.n#</dbt:output>',
    });
    const lines: string[] = [];
    const apps = await Promise.all(
      [1, 2, 3].map((i) =>
        createApp({ root, log: (l) => lines.push(`${i} ${l}`), server: { maxEventLoopDelayMs: 0 } }),
      ),
    );
    try {
      const applied = lines
        .filter((l) => / applied _db\//.test(l))
        .map((l) => l.replace(/^\d /, ""))
        .sort();
      expect(applied).toEqual(["applied _db/001_table.sql", "applied _db/002_seed.sql", "applied _db/003_more.sql"]);
      expect(await sql(directUrl.replace(/\/[^/]+$/, `/${db}`), "SELECT count(*)::int AS n FROM hits")).toEqual([
        { n: 11 },
      ]);
      // No lock stays behind on a server connection that then serves pages.
      // (Its database's: other test files hold advisory locks of their own meanwhile.)
      expect(
        await sql(
          directUrl.replace(/\/[^/]+$/, `/${db}`),
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        ),
      ).toEqual([{ n: 0 }]);
      for (const app of apps) {
        expect((await app.inject("/")).body).toBe("11");
        expect((await app.inject("/readyz")).body).toBe("ready\n");
      }
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  }, 60_000);

  it("a query cancelled through PgBouncer, 30 times over: each is cancelled and PgBouncer lives on", async () => {
    const config = configFor(bouncerUrl).datasources.main!;
    const text = "SELECT pg_sleep(30) AS cancel_me";
    for (let i = 0; i < 30; i++) {
      const conn = await pgConnect(config, bouncerUrl, () => {});
      try {
        const running = conn.client.query(text).then(
          () => "finished",
          (err: pg.DatabaseError) => err.code,
        );
        await until(
          () =>
            sql<{ n: number }>(directUrl, "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = $1", [text]),
          (r) => r[0]!.n === 1,
        );
        await cancel(conn);
        expect(await running).toBe("57014");
      } finally {
        await disconnect(conn);
      }
    }
    expect(bouncer.exitCode).toBe(null);
    expect(readFileSync(join(dir, "pgbouncer.log"), "utf8")).not.toContain("FATAL");
    expect((await fetch(`${base}/authors`)).status).toBe(200);
  }, 60_000);

  it("a per-query timeout stays with its statement: no server connection keeps it for another page", async () => {
    for (const strategy of ["pool", "pipeline"]) {
      const d = datasourcesFor(bouncerUrl, { strategy, max: 8 });
      try {
        await Promise.all(
          Array.from({ length: 16 }, async () => {
            for (let i = 0; i < 25; i++)
              await d.query(d.get(undefined), null, "SELECT 1 AS one", [], { timeoutMs: 1000 });
          }),
        );
        // The limit still acts on its own statement.
        await expect(
          d.query(d.get(undefined), null, "SELECT pg_sleep(5)", [], { timeoutMs: 100 }),
        ).rejects.toMatchObject({ sqlState: "57014" });
      } finally {
        await d.close();
      }
      // Every server connection PgBouncer has, each held by a transaction of its own: its setting.
      const clients = Array.from({ length: SERVER_POOL }, () => new pg.Client({ connectionString: bouncerUrl }));
      try {
        const seen: string[] = [];
        for (const c of clients) {
          await c.connect();
          await c.query("BEGIN");
          seen.push(
            (await c.query<{ statement_timeout: string }>("SHOW statement_timeout")).rows[0]!.statement_timeout,
          );
        }
        const own = (await sql<{ statement_timeout: string }>(directUrl, "SHOW statement_timeout"))[0]!
          .statement_timeout;
        expect([strategy, seen]).toEqual([strategy, Array(SERVER_POOL).fill(own)]);
      } finally {
        for (const c of clients) await c.end().catch(() => {});
      }
    }
  }, 60_000);

  it("cluster flushes and locks through PgBouncer: a warning and a refusal without directUrl, both working with it", async () => {
    const root = site({
      "quarry.config.json": JSON.stringify({ cluster: { notify: true } }),
      "lock.dbt": `<dbt:try><dbt:lock name="x" scope="cluster" timeout="5">inside</dbt:lock><dbt:catch type="lock"><dbt:output>#error.code#: #error.message#</dbt:output></dbt:catch></dbt:try>`,
    });
    for (const direct of [false, true]) {
      const lines: string[] = [];
      const db = database(bouncerUrl, direct ? { directUrl } : {});
      const app = await createApp({
        root,
        log: (l) => lines.push(l),
        database: db,
        server: { maxEventLoopDelayMs: 0 },
      });
      try {
        await app.listen({ port: 0, host: "127.0.0.1" });
        const at = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
        const body = await (await fetch(`${at}/lock`)).text();
        const warned = await until(
          () => lines.filter((l) => l.startsWith("WARNING: cluster:")),
          (w) => w.length > 0,
          direct ? 500 : 8000,
        );
        if (direct) {
          expect(body.trim()).toBe("inside");
          expect(warned).toEqual([]);
        } else {
          expect(body.trim()).toBe(
            "QRY_ERR_LOCK: A cluster lock needs a session of its own: datasource main reaches Postgres through a pooler, where a session advisory lock would stay on a server connection other clients use: give the datasource a directUrl (or DATABASE_DIRECT_URL) straight to Postgres",
          );
          expect(warned).toEqual([
            "WARNING: cluster: datasource main reaches Postgres through a pooler, where LISTEN does not work: this process sends its cache flushes to the others but hears none of theirs. Give the datasource a directUrl (or DATABASE_DIRECT_URL) straight to Postgres",
          ]);
        }
      } finally {
        await app.close();
        await db.stop();
      }
    }
  });
});
