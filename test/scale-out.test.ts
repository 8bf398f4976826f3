// The deployment docs/deploy.md describes, run for real on 127.0.0.1: PgBouncer in transaction
// mode in front of the test Postgres, two Quarry servers of one built site (sessions in
// Postgres, preparedStatements off) and nginx balancing between them. Skipped, saying so, when
// the nginx or pgbouncer binaries are missing (.ci/run installs them where it can).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { build } from "../server/build.js";
import { createApp } from "../server/app.js";
import { createDatabase } from "./db.js";
import { Browser, SAMPLE_SEED, TEMPLATES, database, until } from "./http.js";

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

describe.skipIf(missing.length > 0)("two servers behind nginx and PgBouncer", () => {
  let dir: string;
  let dist: string;
  let bouncerUrl: string;
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
      database: database(bouncerUrl, { preparedStatements: false }),
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
    const db = url.pathname.slice(1);
    writeFileSync(
      join(dir, "pgbouncer.ini"),
      `[databases]
${db} = host=127.0.0.1 port=${url.port} dbname=${db} user=${decodeURIComponent(url.username)} password=${decodeURIComponent(url.password)}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${ports.bouncer}
unix_socket_dir =
auth_type = any
pool_mode = transaction
default_pool_size = 5
max_client_conn = 100
ignore_startup_parameters = extra_float_digits,statement_timeout,options
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`,
    );
    chmodSync(join(dir, "pgbouncer.ini"), 0o644);
    const asRoot = process.getuid?.() === 0;
    daemon(PGBOUNCER!, [...(asRoot ? ["-u", "nobody"] : []), join(dir, "pgbouncer.ini")], "pgbouncer");
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
});
