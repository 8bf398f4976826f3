// docs/deploy.md's layout on several hosts (network namespaces made by run.sh), with its configs
// and recipes taken from the document itself: the site config, nginx's server blocks, each
// machine's pgbouncer.ini, the systemd unit (run by a small service manager of this file that
// speaks the sd_notify protocol as systemd does) with its environment file, and the rolling
// deploy run verbatim by bash (ssh and systemctl are this folder's bin/ shims). Visitors are a
// load generator writing (a CSRF-checked form that INSERTs) and reading through nginx over TLS.
// Scenarios: all nodes starting, kill -9 of a node (restarted after RestartSec), the rolling
// deploy, a PgBouncer restart, a Postgres restart, three nodes starting together, then
// dbt:lock scope="cluster" and a dbt:cache flush across the three. Asserted: no acknowledged
// write lost, no failed request in the rolling deploy, every node ready after each start, no
// update lost under the cluster lock, the flush seen on every node. Reported against its target
// (MISS, results.json's `met`), as the other durations are: three nodes starting together each
// ready (READY=1) within 5 s of its start (docs/deploy.md; met on a quiet 2-core machine, missed
// on a loaded one: the start is CPU-bound). Measured (results.json; docs/deploy.md quotes them): errors and their window,
// time from a node's start to READY=1 and to /readyz 200.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, chmodSync, existsSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { Agent, request } from "node:https";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const WORK = process.env.MH_WORK!;
process.env.MH_REPO = REPO;
const PREFIX = process.env.MH_PREFIX!;
const RESULTS = process.env.MH_RESULTS ?? join(REPO, "test", "multihost", "results.json");
const PGBIN = "/usr/lib/postgresql/15/bin";
const NODES = ["10.0.0.11", "10.0.0.12", "10.0.0.13"] as const;
const NS: Record<string, string> = {
  "10.0.0.10": "lb",
  "10.0.0.11": "n1",
  "10.0.0.12": "n2",
  "10.0.0.13": "n3",
  "10.0.0.20": "db",
  "10.0.0.21": "db2",
};
/** Workers per node: deploy.md's unit says 4; three nodes of 4 on a 2-core CI machine only queue. */
const WORKERS = 2;
/** docs/deploy.md's target: a node ready (READY=1) at most 5 s after its start, three starting together. */
const READY_TARGET_MS = 5000;
const SITE = "https://shop.example";
const T0 = Date.now();
const now = () => Date.now() - T0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => process.stdout.write(`[${(now() / 1000).toFixed(1)}s] ${line}\n`);
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  say(`${ok ? "ok  " : "FAIL"} ${what}`);
};
/** A duration against its target (issue 23: durations are reported, counts asserted): recorded in results.json and printed, not a failure. */
const missedTargets: string[] = [];
const target = (ok: boolean, what: string) => {
  if (!ok) missedTargets.push(what);
  say(`${ok ? "ok  " : "MISS"} ${what}`);
  return ok;
};

// ---- docs/deploy.md, as written ------------------------------------------------------------

const deploy = readFileSync(join(REPO, "docs", "deploy.md"), "utf8");
const blocks = [...deploy.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, text: m[2]! }));
const block = (lang: string, has: string) => {
  const b = blocks.find((x) => x.lang === lang && x.text.includes(has));
  if (!b) throw new Error(`docs/deploy.md has no ${lang} block with ${has}`);
  return b.text;
};
const siteConfig = block("json", '"datasources"');
const nginxBlock = block("nginx", "upstream quarry");
const bouncerIni = block("ini", "[pgbouncer]");
const unit = block("ini", "[Service]");
const envFile = block("sh", "DATABASE_URL=");
const recipe = block("sh", "quarry db migrate");

/** The [Service] lines of the unit, by key (Environment may repeat). */
const service = unit
  .split("\n")
  .filter((l) => /^\w+=/.test(l))
  .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)] as const);
const unitValue = (k: string) => service.find(([key]) => key === k)?.[1];
const envOf = (text: string) =>
  Object.fromEntries(
    text
      .split("\n")
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

// ---- processes in their hosts' namespaces ---------------------------------------------------

const children = new Set<ChildProcess>();
function inHost(
  host: string,
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; log: string },
) {
  // `ip netns exec` executes the command in place: the child's pid is the command's.
  const child = spawn("ip", ["netns", "exec", `${PREFIX}-${NS[host]}`, cmd, ...args], {
    env: opts.env ?? process.env,
    cwd: opts.cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (d: Buffer) => {
    out += d.toString();
    writeFileSync(opts.log, d, { flag: "a" });
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  children.add(child);
  const exited = new Promise<number | string | null>((r) =>
    child.on("exit", (code, sig) => {
      children.delete(child);
      r(sig ?? code);
    }),
  );
  return { child, exited, output: () => out };
}
const run = (cmd: string, args: string[], env?: NodeJS.ProcessEnv) =>
  execFileSync(cmd, args, { env: env ?? process.env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** Thrown inside `until` to stop waiting at once. */
class Fatal extends Error {}
async function until<T>(what: string, fn: () => Promise<T> | T, ok: (v: T) => boolean, limitMs = 60_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    let v: T | undefined;
    try {
      v = await fn();
      if (ok(v)) return v;
    } catch (err) {
      // Not yet, unless it can no longer come.
      if (err instanceof Fatal) throw err;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs} ms (last: ${JSON.stringify(v)})`);
    await sleep(50);
  }
}

// ---- Postgres: the primary (10.0.0.20) and a streaming replica (10.0.0.21) -------------------

/** One Postgres server of the test, run as the postgres user in its host's namespace. */
class PgServer {
  proc: ReturnType<typeof inHost> | null = null;
  constructor(
    readonly host: string,
    readonly dir: string,
  ) {}
  get sock() {
    return join(this.dir, "sock");
  }
  start() {
    this.proc = inHost(
      this.host,
      "setpriv",
      [
        "--reuid=postgres",
        "--regid=postgres",
        "--clear-groups",
        `${PGBIN}/postgres`,
        "-D",
        join(this.dir, "data"),
        "-c",
        `listen_addresses=${this.host}`,
        "-c",
        "port=5432",
        "-c",
        `unix_socket_directories=${this.sock}`,
        // A restart, a kill or a failover loses nothing without fsync; only a machine crash would.
        "-c",
        "fsync=off",
      ],
      { log: join(this.dir, "postgres.log") },
    );
    const proc = this.proc;
    return until(
      `postgres on ${this.host} accepting`,
      () => {
        if (proc.child.exitCode !== null) throw new Fatal(`postgres on ${this.host} exited: ${proc.output()}`);
        return run(`${PGBIN}/pg_isready`, ["-q", "-h", this.sock, "-p", "5432"]);
      },
      () => true,
    );
  }
  async stop(signal: NodeJS.Signals) {
    this.proc!.child.kill(signal);
    await this.proc!.exited;
  }
  psql(sqlText: string, db = "postgres") {
    return run("psql", [
      "-X",
      "-q",
      "-v",
      "ON_ERROR_STOP=1",
      "-h",
      this.sock,
      "-U",
      "postgres",
      "-d",
      db,
      "-tAc",
      sqlText,
    ]);
  }
}
const primary = new PgServer("10.0.0.20", join(WORK, "pg"));
const replica = new PgServer("10.0.0.21", join(WORK, "pg2"));
/** Straight to the writable server (the replica once it was promoted). */
let DIRECT = "postgres://app:secret@10.0.0.20:5432/app";

async function direct<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: DIRECT });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

// ---- PgBouncer on each Quarry machine (127.0.0.1:6432, as deploy.md's ini says) -------------

const bouncers = new Map<string, ReturnType<typeof inHost>>();
function startBouncer(host: string) {
  const dir = join(WORK, "hosts", host, "pgbouncer");
  const b = inHost(host, "pgbouncer", ["-u", "nobody", join(dir, "pgbouncer.ini")], { log: join(dir, "out.log") });
  bouncers.set(host, b);
  return until(
    `pgbouncer on ${host}`,
    () => {
      if (b.child.exitCode !== null) throw new Fatal(`pgbouncer on ${host} exited: ${b.output()}`);
      return run("ip", [
        "netns",
        "exec",
        `${PREFIX}-${NS[host]}`,
        `${PGBIN}/pg_isready`,
        "-q",
        "-h",
        "127.0.0.1",
        "-p",
        "6432",
      ]);
    },
    () => true,
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n${b.output()}`);
  });
}
async function stopBouncer(host: string) {
  const b = bouncers.get(host)!;
  b.child.kill("SIGTERM");
  await b.exited;
}

// ---- the systemd unit, run by a service manager of our own -----------------------------------

interface DgramSocket {
  bind(path: string): void;
  close(): void;
}
const dgram = createRequire(import.meta.url)("unix-dgram") as {
  createSocket(type: "unix_dgram", onMessage: (buf: Buffer) => void): DgramSocket;
};

class Unit {
  proc: ReturnType<typeof inHost> | null = null;
  messages: string[] = [];
  sock: DgramSocket;
  notify: string;
  constructor(readonly host: string) {
    this.notify = join(WORK, "hosts", host, "notify");
    this.sock = dgram.createSocket("unix_dgram", (buf) => this.messages.push(buf.toString()));
    this.sock.bind(this.notify);
  }
  /** ExecStart as the unit gives it, on this host; `migrate: true` drops --no-migrate. */
  command(migrate = false): string[] {
    const srv = join(WORK, "hosts", this.host, "srv", "shop");
    return unitValue("ExecStart")!
      .split(/\s+/)
      .map((a) =>
        a === "/usr/bin/node"
          ? process.execPath
          : a === "/srv/shop/node_modules/.bin/quarry"
            ? join(REPO, "bin", "quarry.js")
            : a.replace("/srv/shop", srv),
      )
      .map((a, i, all) => (all[i - 1] === "--workers" ? String(WORKERS) : a))
      .filter((a) => !(migrate && a === "--no-migrate"));
  }
  /**
   * `systemctl start`: returns once READY=1 came (Type=notify), with the times to it and to
   * /readyz 200. `bouncerOnly`: without the env file's DATABASE_DIRECT_URL, so that migrations
   * at start go through PgBouncer (as the issue measured them).
   */
  async start(migrate = false, bouncerOnly = false): Promise<{ readyMs: number; readyzMs: number }> {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NOTIFY_SOCKET: this.notify };
    for (const [k, v] of service) if (k === "Environment") Object.assign(env, envOf(v));
    Object.assign(env, envOf(envFile));
    // The environment file names both Postgres hosts: it stays as it is after the failover.
    if (bouncerOnly) delete env.DATABASE_DIRECT_URL;
    const [cmd, ...args] = this.command(migrate);
    const t = Date.now();
    this.messages = [];
    const limit = Number(unitValue("TimeoutStartSec")) * 1000;
    this.proc = inHost(this.host, cmd!, args, {
      env,
      cwd: unitValue("WorkingDirectory")!.replace("/srv/shop", join(WORK, "hosts", this.host, "srv", "shop")),
      log: join(WORK, "hosts", this.host, "quarry.log"),
    });
    const proc = this.proc;
    await until(
      `${this.host} READY=1`,
      () => (proc.child.exitCode !== null ? "exited" : this.messages.some((m) => m.startsWith("READY=1"))),
      (v) => v === true || v === "exited",
      limit,
    );
    if (proc.child.exitCode !== null) throw new Error(`${this.host} exited while starting: ${proc.output()}`);
    const ready = this.messages.find((m) => m.startsWith("READY=1"))!;
    if (!ready.includes(`MAINPID=${proc.child.pid}`))
      throw new Error(`${this.host}: READY=1 names another pid: ${ready}`);
    const readyMs = Date.now() - t;
    await until(
      `${this.host} /readyz`,
      () => httpStatus(`http://${this.host}:3000/readyz`),
      (s) => s === 200,
    );
    return { readyMs, readyzMs: Date.now() - t };
  }
  /** `systemctl stop`: KillSignal, then SIGKILL after TimeoutStopSec. */
  async stop(): Promise<void> {
    const p = this.proc!;
    p.child.kill(unitValue("KillSignal") as NodeJS.Signals);
    const hard = setTimeout(() => p.child.kill("SIGKILL"), Number(unitValue("TimeoutStopSec")) * 1000);
    await p.exited;
    clearTimeout(hard);
    if (!this.messages.includes("STOPPING=1")) throw new Error(`${this.host} stopped without STOPPING=1`);
  }
}

const httpStatus = (url: string) =>
  fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) }).then(
    (r) => r.status,
    () => 0,
  );

// ---- visitors: writes and reads through nginx ------------------------------------------------

const tlsAgent = () =>
  new Agent({ keepAlive: true, ca: readFileSync(join(WORK, "tls", "fullchain.pem")), servername: "shop.example" });

function visit(
  agent: Agent,
  method: string,
  path: string,
  jar: Map<string, string>,
  body?: string,
  from = "10.0.0.10",
): Promise<{ status: number | string; body: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      host: "shop.example",
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    };
    if (body !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = SITE;
    }
    const req = request(
      { host: from, port: 443, method, path, headers, agent, servername: "shop.example", timeout: 15_000 },
      (res) => {
        for (const c of res.headers["set-cookie"] ?? []) {
          const kv = c.split(";")[0]!;
          jar.set(kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1));
        }
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body: text }));
        res.on("error", (e: NodeJS.ErrnoException) => resolve({ status: `ERR ${e.code ?? e.message}`, body: "" }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ status: `ERR ${e.code ?? e.message}`, body: "" }));
    req.end(body);
  });
}

interface Rec {
  t: number;
  end: number;
  path: string;
  status: number | string;
}
function startLoad(label: string, clients = 4) {
  const recs: Rec[] = [];
  const acked = new Set<string>();
  let stopping = false;
  const agent = tlsAgent();
  const one = async (path: string, jar: Map<string, string>, body?: string) => {
    const t = now();
    const r = await visit(agent, body === undefined ? "GET" : "POST", path, jar, body);
    recs.push({ t, end: now(), path, status: r.status });
    return r;
  };
  const client = async (c: number) => {
    const jar = new Map<string, string>();
    let token = "";
    let seq = 0;
    while (!stopping) {
      if (!token) {
        const r = await one("/tok", jar);
        if (r.status === 200) token = r.body.trim();
        else await sleep(100);
        continue;
      }
      const k = `${label}-${c}-${seq++}`;
      const w = await one("/write", jar, `_csrf=${encodeURIComponent(token)}&k=${k}`);
      if (w.status === 200 && w.body.trim() === `ok ${k}`) acked.add(k);
      await one("/read", jar);
    }
  };
  const running = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return {
    async stop(faultAt: number) {
      stopping = true;
      await running;
      agent.destroy();
      const rows = await direct<{ k: string }>(`SELECT k FROM mh_write WHERE k LIKE '${label}-%'`);
      const stored = new Set(rows.map((r) => r.k));
      const failed = recs.filter((r) => r.status !== 200);
      const byStatus: Record<string, number> = {};
      for (const f of failed) byStatus[`${f.path} ${f.status}`] = (byStatus[`${f.path} ${f.status}`] ?? 0) + 1;
      return {
        requests: recs.length,
        failed: failed.length,
        byStatus,
        writesAcked: acked.size,
        ackedLost: [...acked].filter((k) => !stored.has(k)).length,
        errorWindowMs: failed.length ? Math.max(...failed.map((f) => f.end)) - Math.min(...failed.map((f) => f.t)) : 0,
        firstErrorAfterFaultMs: failed.length ? Math.min(...failed.map((f) => f.t)) - faultAt : null,
      };
    },
  };
}

// ---- set-up -----------------------------------------------------------------------------------

function buildSite(version: number): string {
  const src = join(WORK, "src", `v${version}`);
  const files: Record<string, string> = {
    "quarry.config.json": siteConfig,
    "_db/001_writes.sql":
      "CREATE TABLE mh_write (k text PRIMARY KEY, at timestamptz NOT NULL DEFAULT now());\n" +
      "CREATE TABLE mh_counter (n int NOT NULL);\nINSERT INTO mh_counter VALUES (0);\n" +
      "CREATE TABLE mh_kv (v text NOT NULL);\nINSERT INTO mh_kv VALUES ('one');\n",
    "tok.dbt": "<dbt:output>#csrfToken()#</dbt:output>",
    "write.dbt":
      '<dbt:query name="w">INSERT INTO mh_write (k) VALUES (<dbt:queryparam value="#form.k#">) RETURNING k</dbt:query><dbt:output>ok #w.k#</dbt:output>',
    "read.dbt":
      '<dbt:query name="r">SELECT count(*)::int AS n FROM mh_write</dbt:query><dbt:output>n=#r.n#</dbt:output>',
    "version.dbt": `v${version}`,
    // Which server answered a read (a replica is in recovery), and whether it has the visitor's row.
    "side.dbt":
      "<dbt:query name=\"r\">SELECT CASE WHEN pg_is_in_recovery() THEN 'replica' ELSE 'primary' END AS side</dbt:query><dbt:output>#r.side#</dbt:output>",
    "mine.dbt":
      "<dbt:query name=\"r\">SELECT count(*)::int AS n, CASE WHEN pg_is_in_recovery() THEN 'replica' ELSE 'primary' END AS side FROM mh_write WHERE k = #url.k#</dbt:query><dbt:output>#r.n# #r.side#</dbt:output>",
    // Read-modify-write under a cluster lock (the sleep widens the window another node could use).
    "rmw.dbt":
      '<dbt:lock name="counter" scope="cluster" timeout="30"><dbt:query name="r">SELECT n FROM mh_counter</dbt:query><dbt:query name="s">SELECT pg_sleep(0.01)</dbt:query><dbt:query name="w">UPDATE mh_counter SET n = #r.n + 1#</dbt:query></dbt:lock>ok',
    "frag.dbt":
      '<dbt:cache key="kv" cachedwithin="1h"><dbt:query name="r">SELECT v FROM mh_kv</dbt:query><dbt:output>#r.v#</dbt:output></dbt:cache>',
    "frag-flush.dbt": '<dbt:cache action="flush" key="kv" />flushed',
    // Its second part waits on an advisory lock the test holds.
    "flush.dbt":
      'part one <dbt:flush><dbt:query name="w">SELECT pg_advisory_xact_lock(4242)::text AS x</dbt:query>part two',
  };
  // A migration that suits the old build and the new one: a table the old build does not use.
  if (version >= 2) files["_db/002_notes.sql"] = "CREATE TABLE mh_note (id int);\n";
  // Slow enough that three nodes starting together overlap in it.
  if (version >= 3) files["_db/003_seed.sql"] = "INSERT INTO mh_note VALUES (3);\nSELECT pg_sleep(0.5);\n";
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(src, name, ".."), { recursive: true });
    writeFileSync(join(src, name), text);
  }
  const out = join(WORK, "builds", `v${version}`);
  run(process.execPath, [join(REPO, "bin", "quarry.js"), "build", src, "--out", out]);
  return out;
}
/** `quarry build` output copied to a machine as /srv/shop/<name>. */
function copyTo(host: string, build: string, name: string) {
  const dest = join(WORK, "hosts", host, "srv", "shop", name);
  rmSync(dest, { recursive: true, force: true });
  cpSync(build, dest, { recursive: true });
}

async function setUp(): Promise<Unit[]> {
  say("Postgres on 10.0.0.20, a streaming replica on 10.0.0.21");
  const asPostgres = ["--reuid=postgres", "--regid=postgres", "--clear-groups"];
  for (const server of [primary, replica]) mkdirSync(server.sock, { recursive: true });
  run("chown", ["-R", "postgres:postgres", primary.dir, replica.dir]);
  run("setpriv", [
    ...asPostgres,
    `${PGBIN}/initdb`,
    "-D",
    join(primary.dir, "data"),
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
  ]);
  writeFileSync(
    join(primary.dir, "data", "pg_hba.conf"),
    "local all postgres trust\nhost all all 10.0.0.0/16 scram-sha-256\nhost replication replicator 10.0.0.0/16 scram-sha-256\n",
  );
  await primary.start();
  primary.psql("CREATE ROLE app LOGIN PASSWORD 'secret'");
  primary.psql("CREATE DATABASE app OWNER app");
  // deploy.md: the server-side default limit, given to the database user.
  primary.psql("ALTER ROLE app SET statement_timeout = '30s'");
  primary.psql("CREATE ROLE replicator REPLICATION LOGIN PASSWORD 'rep'");
  run(
    "ip",
    [
      "netns",
      "exec",
      `${PREFIX}-db2`,
      "setpriv",
      ...asPostgres,
      `${PGBIN}/pg_basebackup`,
      "-h",
      "10.0.0.20",
      "-U",
      "replicator",
      "-D",
      join(replica.dir, "data"),
      "-R",
      "-X",
      "stream",
      "--checkpoint=fast",
    ],
    { ...process.env, PGPASSWORD: "rep" },
  );
  await replica.start();
  // deploy.md: a commit is acknowledged once the replica has it, so a failover loses none.
  // (Set after the copy: the promoted replica, alone, must not wait for a standby of its own.)
  primary.psql("ALTER SYSTEM SET synchronous_standby_names = '*'");
  primary.psql("SELECT pg_reload_conf()");
  await until(
    "the replica streaming synchronously",
    () => primary.psql("SELECT sync_state FROM pg_stat_replication").trim(),
    (v) => v === "sync",
  );

  say("builds, TLS, PgBouncer, nginx");
  const v1 = buildSite(1);
  for (const host of NODES) {
    copyTo(host, v1, "dist-v1");
    symlinkSync(join(WORK, "hosts", host, "srv", "shop", "dist-v1"), join(WORK, "hosts", host, "srv", "shop", "dist"));
    const dir = join(WORK, "hosts", host, "pgbouncer");
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    writeFileSync(join(dir, "userlist.txt"), '"app" "secret"\n');
    writeFileSync(
      join(dir, "pgbouncer.ini"),
      `${bouncerIni.replace("/etc/pgbouncer/userlist.txt", join(dir, "userlist.txt"))}
; the test's own files (no unix socket: the machines share one /tmp)
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
unix_socket_dir =
`,
    );
    await startBouncer(host);
  }
  const tls = join(WORK, "tls");
  mkdirSync(tls);
  run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=shop.example",
    "-addext",
    "subjectAltName=DNS:shop.example",
    "-keyout",
    join(tls, "privkey.pem"),
    "-out",
    join(tls, "fullchain.pem"),
  ]);
  const lb = join(WORK, "lb");
  mkdirSync(lb);
  chmodSync(lb, 0o777);
  const temp = (n: string) => `${n}_temp_path ${lb}/${n};`;
  writeFileSync(
    join(lb, "nginx.conf"),
    `worker_processes 2;
pid ${lb}/nginx.pid;
error_log ${lb}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
${nginxBlock.replaceAll("/etc/letsencrypt/live/shop.example/", `${tls}/`)}
}
`,
  );
  inHost(
    "10.0.0.10",
    "nginx",
    ["-p", lb, "-c", join(lb, "nginx.conf"), "-e", join(lb, "error.log"), "-g", "daemon off;"],
    {
      log: join(lb, "out.log"),
    },
  );
  await until(
    "nginx",
    () => httpStatus("http://10.0.0.10/"),
    (s) => s === 301,
  );

  // deploy.md: migrations first, once, from the deploy host, past the pooler.
  mkdirSync(join(WORK, "hosts", "deploy", "srv", "shop"), { recursive: true });
  copyTo("deploy", v1, "dist");
  run(join(REPO, "test", "multihost", "bin", "quarry"), ["db", "migrate", "/srv/shop/dist"], {
    ...process.env,
    DATABASE_DIRECT_URL: DIRECT,
  });
  return NODES.map((h) => new Unit(h));
}

// ---- scenarios --------------------------------------------------------------------------------

const results: Record<string, unknown> = {};

async function main(): Promise<void> {
  const units = await setUp();
  const [n1, n2, n3] = units as [Unit, Unit, Unit];

  say("scenario: two nodes start");
  const started = await Promise.all([n1.start(), n2.start()]);
  results.start = started;
  check(started.length === 2, "both nodes ready after start (READY=1, then /readyz 200)");
  {
    const agent = tlsAgent();
    const jar = new Map<string, string>();
    const r = await visit(agent, "GET", "/readyz", jar);
    check(r.status === 403, `nginx's /readyz is closed to visitors (got ${r.status})`);
    const inside = run("ip", [
      "netns",
      "exec",
      `${PREFIX}-n3`,
      "curl",
      "-sS",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code}",
      "--cacert",
      join(WORK, "tls", "fullchain.pem"),
      "--resolve",
      "shop.example:443:10.0.0.10",
      `${SITE}/readyz`,
    ]);
    check(inside === "200", `nginx's /readyz answers the machines of 10.0.0.0/24 (got ${inside})`);
    agent.destroy();
  }

  {
    // deploy.md: with proxy_http_version 1.1 a flushed part reaches the visitor while the page runs.
    const lock = new pg.Client({ connectionString: DIRECT });
    await lock.connect();
    await lock.query("SELECT pg_advisory_lock(4242)");
    const agent = tlsAgent();
    const seen = await new Promise<{ first: string; all: string }>((resolve, reject) => {
      const req = request(
        {
          host: "10.0.0.10",
          port: 443,
          path: "/flush",
          headers: { host: "shop.example" },
          agent,
          servername: "shop.example",
        },
        (res) => {
          let first: string | null = null;
          let all = "";
          res.on("data", (d: Buffer) => {
            all += d.toString();
            if (first === null) {
              first = all;
              void lock.query("SELECT pg_advisory_unlock(4242)");
            }
          });
          res.on("end", () => resolve({ first: first ?? "", all }));
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error("no part of /flush within 30 s: held back by nginx?")));
      req.on("error", reject);
      req.end();
    }).finally(() => lock.end());
    agent.destroy();
    check(
      seen.first === "part one " && seen.all === "part one part two",
      `a flushed part reaches the visitor through nginx while the page waits (${JSON.stringify(seen)})`,
    );
  }

  results.replicas = await replicaChecks();

  say("scenario: kill -9 one node, restarted after RestartSec");
  {
    const load = startLoad("kill9");
    await sleep(2000);
    const at = now();
    n1.proc!.child.kill("SIGKILL");
    await n1.proc!.exited;
    await sleep(Number(unitValue("RestartSec")) * 1000);
    // Migrating at start through PgBouncer, as the issue's 83.5 s were measured.
    const back = await n1.start(true, true);
    await sleep(3000);
    const r = { ...(await load.stop(at)), nodeBack: back };
    results.kill9 = r;
    check(r.ackedLost === 0, `kill -9: no acknowledged write lost (${r.writesAcked} acknowledged)`);
    check(r.requests > 0 && back.readyzMs > 0, `kill -9: the node is ready again (${back.readyMs} ms to READY=1)`);
  }

  say("scenario: the rolling deploy of docs/deploy.md, run as written");
  {
    const v2 = buildSite(2);
    copyTo("deploy", v2, "dist-new");
    for (const host of NODES) copyTo(host, v2, "dist-new");
    const control = await controlServer({ "10.0.0.11": n1, "10.0.0.12": n2 });
    const load = startLoad("rolling");
    await sleep(2000);
    const at = now();
    const script = recipe.replace(/^for host in .*; do$/m, (l) => {
      if (!l.includes("10.0.0.11 10.0.0.12")) throw new Error(`deploy.md's loop changed: ${l}`);
      return l;
    });
    const bash = spawn("bash", ["-euo", "pipefail", "-c", script], {
      env: {
        ...process.env,
        PATH: `${join(REPO, "test", "multihost", "bin")}:${process.env.PATH}`,
        MH_REPO: REPO,
        MH_CONTROL_PORT: String((control.address() as { port: number }).port),
        DATABASE_DIRECT_URL: DIRECT,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    bash.stdout.on("data", (d: Buffer) => (out += d.toString()));
    bash.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((r) => bash.on("exit", r));
    const doneAt = now();
    await sleep(2000);
    const r = { ...(await load.stop(at)), recipeMs: doneAt - at, restarts: control.restarts };
    control.close();
    results.rolling = r;
    check(code === 0, `rolling deploy: the recipe succeeded (exit ${code}) ${code === 0 ? "" : out}`);
    check(out.includes("applied _db/002_notes.sql"), "rolling deploy: quarry db migrate applied the new file");
    const versions = new Set<string>();
    const agent = tlsAgent();
    for (let i = 0; i < 6; i++) versions.add((await visit(agent, "GET", "/version", new Map())).body);
    agent.destroy();
    check(
      versions.size === 1 && versions.has("v2"),
      `rolling deploy: every node serves the new build (${[...versions].join(", ")})`,
    );
    check(
      r.failed === 0,
      `rolling deploy: no failed request (${r.failed} of ${r.requests}: ${JSON.stringify(r.byStatus)})`,
    );
    check(r.ackedLost === 0, `rolling deploy: no acknowledged write lost (${r.writesAcked} acknowledged)`);
  }

  say("scenario: PgBouncer restart on one machine");
  {
    const load = startLoad("pgbouncer");
    await sleep(2000);
    const at = now();
    await stopBouncer("10.0.0.11");
    await startBouncer("10.0.0.11");
    const back = now() - at;
    await sleep(3000);
    const r = { ...(await load.stop(at)), bouncerDownMs: back };
    results.pgbouncer = r;
    check(r.ackedLost === 0, `PgBouncer restart: no acknowledged write lost (${r.writesAcked} acknowledged)`);
  }

  say("scenario: Postgres restart");
  {
    const load = startLoad("postgres");
    await sleep(2000);
    const at = now();
    await primary.stop("SIGINT"); // fast shutdown, as pg_ctl restart -m fast
    await primary.start();
    const back = now() - at;
    await sleep(4000);
    const r = { ...(await load.stop(at)), postgresDownMs: back };
    results.postgres = r;
    check(r.ackedLost === 0, `Postgres restart: no acknowledged write lost (${r.writesAcked} acknowledged)`);
    const ready = await Promise.all([n1, n2].map((u) => httpStatus(`http://${u.host}:3000/readyz`)));
    check(
      ready.every((s) => s === 200),
      `Postgres restart: both nodes ready afterwards (${ready.join(", ")})`,
    );
  }

  say("scenario: failover to the replica (primary killed, replica promoted, PgBouncer repointed)");
  {
    const load = startLoad("failover");
    await sleep(2000);
    const at = now();
    await primary.stop("SIGQUIT"); // immediate shutdown, as pg_ctl stop -m immediate
    run("ip", [
      "netns",
      "exec",
      `${PREFIX}-db2`,
      "setpriv",
      "--reuid=postgres",
      "--regid=postgres",
      "--clear-groups",
      `${PGBIN}/pg_ctl`,
      "promote",
      "-w",
      "-D",
      join(replica.dir, "data"),
    ]);
    for (const host of NODES) {
      const ini = join(WORK, "hosts", host, "pgbouncer", "pgbouncer.ini");
      writeFileSync(ini, readFileSync(ini, "utf8").replace("host=10.0.0.20 ", "host=10.0.0.21 "));
      bouncers.get(host)!.child.kill("SIGHUP");
    }
    DIRECT = DIRECT.replace("10.0.0.20", "10.0.0.21");
    const switched = now() - at;
    // DATABASE_DIRECT_URL names both hosts: every worker's LISTEN session finds the new
    // primary by itself (nothing restarted, nothing repointed on the direct path).
    const listeners = await until(
      "every worker listening on the promoted replica",
      () =>
        direct<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'quarry:main:listen'",
        ).then((x) => x[0]!.n),
      (n) => n === 2 * WORKERS,
      20_000,
    ).catch(() => -1);
    const listeningMs = now() - at;
    await sleep(Math.max(0, 4000 - (now() - at - switched)));
    const r = { ...(await load.stop(at)), switchedMs: switched, listeningAgainMs: listeners > 0 ? listeningMs : null };
    results.failover = r;
    check(r.ackedLost === 0, `failover: no acknowledged write lost (${r.writesAcked} acknowledged)`);
    check(
      listeners === 2 * WORKERS,
      `failover: every worker listens on the promoted replica without a restart (${listeningMs} ms after the kill)`,
    );
    const ready = await Promise.all([n1, n2].map((u) => httpStatus(`http://${u.host}:3000/readyz`)));
    check(
      ready.every((s) => s === 200),
      `failover: both nodes ready afterwards (${ready.join(", ")})`,
    );
  }

  say("scenario: three nodes starting together, migrating (a build with a new _db file)");
  {
    await Promise.all([n1.stop(), n2.stop()]);
    const v3 = buildSite(3);
    for (const host of NODES) {
      copyTo(host, v3, "dist-new");
      const link = join(WORK, "hosts", host, "srv", "shop", "dist");
      rmSync(link, { force: true });
      symlinkSync(join(WORK, "hosts", host, "srv", "shop", "dist-new"), link);
    }
    const loadBefore = readFileSync("/proc/loadavg", "utf8").trim();
    const all = await Promise.all([n1, n2, n3].map((u) => u.start(true)));
    const slowest = Math.max(...all.map((r) => r.readyMs));
    results.threeTogether = {
      nodes: all,
      slowestReadyMs: slowest,
      slowestReadyzMs: Math.max(...all.map((r) => r.readyzMs)),
      targetMs: READY_TARGET_MS,
      loadBefore,
      loadAfter: readFileSync("/proc/loadavg", "utf8").trim(),
    };
    check(all.length === 3, "three nodes together: every one ready (READY=1, then /readyz 200)");
    (results.threeTogether as Record<string, unknown>).met = target(
      slowest <= READY_TARGET_MS,
      `three nodes together: every one ready within ${READY_TARGET_MS} ms of its start (READY=1 after ${all.map((r) => r.readyMs).join(", ")} ms; /readyz 200 after ${all.map((r) => r.readyzMs).join(", ")} ms)`,
    );
    const notes = await direct<{ n: number }>("SELECT count(*)::int AS n FROM mh_note WHERE id = 3");
    check(notes[0]!.n === 1, `three nodes together: the new migration applied once (${notes[0]!.n} rows)`);
    const applied = [n1, n2, n3].map((u) => (u.proc!.output().match(/applied _db\/003_seed\.sql/g) ?? []).length);
    check(applied.reduce((a, b) => a + b) === 1, `three nodes together: one node applied it (${applied.join(", ")})`);
    results.cluster = await clusterChecks([n1, n2, n3]);
    await Promise.all([n1, n2, n3].map((u) => u.stop()));
  }
}

/**
 * docs/deploy.md "Read replicas": through nginx, reads reach the replica (10.0.0.21); with its
 * replay paused, a visitor who wrote reads their row (from the primary) on whichever node nginx
 * picks, while another visitor reads the replica without it; once replay resumes, the writer
 * reads the replica again.
 */
async function replicaChecks(): Promise<Record<string, unknown>> {
  say("scenario: reads on the replica, and read-your-writes through nginx");
  const agent = tlsAgent();
  // The first reads may come before a worker's first poll of the replica (the primary answers):
  // wait for 12 in a row from the replica, so that every worker (2 nodes × 2) has polled it.
  let inRow = 0;
  await until(
    "12 reads in a row on the replica",
    async () => {
      const side = (await visit(agent, "GET", "/side", new Map())).body.trim();
      inRow = side === "replica" ? inRow + 1 : 0;
      return inRow;
    },
    (n) => n >= 12,
  );
  const sides: Record<string, number> = {};
  for (let i = 0; i < 40; i++) {
    const b = (await visit(agent, "GET", "/side", new Map())).body.trim();
    sides[b] = (sides[b] ?? 0) + 1;
  }
  check(sides.replica === 40, `replicas: 40 reads through nginx, on the replica (${JSON.stringify(sides)})`);
  replica.psql("SELECT pg_wal_replay_pause()");
  const seen: Record<string, number> = {};
  const count = (k: string) => (seen[k] = (seen[k] ?? 0) + 1);
  try {
    for (let i = 0; i < 10; i++) {
      const writer = new Map<string, string>();
      const token = (await visit(agent, "GET", "/tok", writer)).body.trim();
      const k = `ryw-${i}`;
      const w = await visit(agent, "POST", "/write", writer, `_csrf=${encodeURIComponent(token)}&k=${k}`);
      if (w.body.trim() !== `ok ${k}`) count(`write ${w.status}`);
      // Two reads each, so both nodes serve the writer's reads (nginx takes turns).
      for (let j = 0; j < 2; j++) count(`writer: ${(await visit(agent, "GET", `/mine?k=${k}`, writer)).body.trim()}`);
      count(`other: ${(await visit(agent, "GET", `/mine?k=${k}`, new Map())).body.trim()}`);
    }
  } finally {
    replica.psql("SELECT pg_wal_replay_resume()");
  }
  check(
    seen["writer: 1 primary"] === 20 && seen["other: 0 replica"] === 10,
    `replicas: with the replica's replay paused, 10 writers read their row 20 times of 20 (from the primary), others read the replica without it (${JSON.stringify(seen)})`,
  );
  const writer = new Map<string, string>();
  const token = (await visit(agent, "GET", "/tok", writer)).body.trim();
  await visit(agent, "POST", "/write", writer, `_csrf=${encodeURIComponent(token)}&k=ryw-after`);
  const t = Date.now();
  const back = await until(
    "the writer reading the replica again",
    async () => (await visit(agent, "GET", "/mine?k=ryw-after", writer)).body.trim(),
    (v) => v === "1 replica",
    10_000,
  ).catch((err: Error) => err.message);
  const afterMs = Date.now() - t;
  check(back === "1 replica", `replicas: replay going, a writer reads their row on the replica (after ${afterMs} ms)`);
  agent.destroy();
  return { reads: sides, pausedReplay: seen, writerOnReplicaAfterMs: afterMs };
}

/**
 * docs/deploy.md "What the nodes share": through nginx, 60 read-modify-write updates under
 * dbt:lock scope="cluster" (6 visitors at once) lose none; a dbt:cache flush on one node is
 * seen by every worker of every node.
 */
async function clusterChecks(units: Unit[]): Promise<Record<string, unknown>> {
  say("scenario: cluster locks and cache flushes across three nodes");
  await direct("UPDATE mh_counter SET n = 0");
  const agent = tlsAgent();
  let next = 0;
  const statuses: Record<string, number> = {};
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < 60) {
        next++;
        const r = await visit(agent, "GET", "/rmw", new Map());
        const k = `${r.status} ${r.body.trim().slice(0, 40)}`;
        statuses[k] = (statuses[k] ?? 0) + 1;
      }
    }),
  );
  const lockMs = Date.now() - t0;
  agent.destroy();
  const [{ n }] = (await direct<{ n: number }>("SELECT n FROM mh_counter")) as [{ n: number }];
  check(
    n === 60 && statuses["200 ok"] === 60,
    `cluster lock: 60 read-modify-write updates through nginx and three nodes, ${60 - n} lost (${JSON.stringify(statuses)})`,
  );
  // Every node keeps the fragment, then one flushes it. Each read on a connection of its own,
  // so that the reads of one node reach its workers as the kernel hands them out.
  const read = (u: Unit) =>
    new Promise<string>((resolve) => {
      const req = httpRequest({ host: u.host, port: 3000, path: "/frag", agent: false, timeout: 5000 }, (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve(text));
      });
      req.on("error", () => resolve("unreachable"));
      req.end();
    });
  for (const u of units) for (let i = 0; i < 8; i++) await read(u);
  await direct("UPDATE mh_kv SET v = 'two'");
  const before = (await Promise.all(units.map(async (u) => [await read(u), await read(u), await read(u)]))).flat();
  check(
    before.every((v) => v === "one"),
    `cluster flush: every node kept the fragment (${before.join(", ")})`,
  );
  const flushed = await fetch(`http://${units[0]!.host}:3000/frag-flush`).then((r) => r.text());
  const t1 = Date.now();
  // Four reads a node in a row, all new: every worker dropped it.
  const seen = await until(
    "every node without the flushed fragment",
    async () =>
      (await Promise.all(units.map(async (u) => [await read(u), await read(u), await read(u), await read(u)]))).flat(),
    (vs) => vs.every((v) => v === "two"),
    5000,
  ).catch((err: Error) => err.message);
  const flushMs = Date.now() - t1;
  check(
    flushed.trim() === "flushed" && Array.isArray(seen),
    `cluster flush: a flush on one node is seen on every node (${flushMs} ms; ${JSON.stringify(seen)})`,
  );
  await direct("UPDATE mh_kv SET v = 'one'");
  await fetch(`http://${units[0]!.host}:3000/frag-flush`).then((r) => r.text());
  const listeners = await direct<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'quarry:main:listen'",
  );
  check(
    listeners[0]!.n === units.length * WORKERS,
    `cluster: every worker of every node listens, on DATABASE_DIRECT_URL (${listeners[0]!.n} sessions)`,
  );
  return { updates: 60, lost: 60 - n, lockMs, flushSeenMs: flushMs, listeners: listeners[0]!.n };
}

/** What the systemctl shim talks to: POST /<host>/restart/quarry → stop, start, answer once READY=1. */
async function controlServer(units: Record<string, Unit>): Promise<Server & { restarts: unknown[] }> {
  const restarts: unknown[] = [];
  const srv = createServer((req, res) => {
    const [, host, verb] = (req.url ?? "").split("/");
    const u = units[host!];
    if (!u || verb !== "restart") {
      res.writeHead(404).end("no such unit\n");
      return;
    }
    u.stop()
      .then(() => u.start())
      .then(
        (t) => {
          restarts.push({ host, ...t });
          res.end("restarted\n");
        },
        (err: Error) => res.writeHead(500).end(`${err.message}\n`),
      );
  }) as Server & { restarts: unknown[] };
  srv.restarts = restarts;
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  return srv;
}

let code: number;
try {
  await main();
} catch (err) {
  failures.push(`stopped: ${(err as Error).stack ?? String(err)}`);
  say(`FAIL ${(err as Error).stack ?? String(err)}`);
} finally {
  for (const c of children) c.kill("SIGKILL");
  if (existsSync(join(WORK, "hosts"))) {
    for (const host of NODES) {
      const log = join(WORK, "hosts", host, "quarry.log");
      if (failures.length > 0 && existsSync(log))
        say(`--- ${host} log (last 2000 chars)\n${readFileSync(log, "utf8").slice(-2000)}`);
    }
  }
  const nginxLog = join(WORK, "lb", "error.log");
  if (failures.length > 0 && existsSync(nginxLog))
    say(
      `--- nginx error log, refused connections (retried) left out\n${readFileSync(nginxLog, "utf8")
        .split("\n")
        .filter((l) => !l.includes("(111: Connection refused)"))
        .join("\n")
        .slice(-4000)}`,
    );
  const out = {
    ran: new Date().toISOString(),
    machine: run("sh", ["-c", "nproc; cat /proc/loadavg"]).trim().split("\n"),
    workersPerNode: WORKERS,
    failures,
    missedTargets,
    results,
  };
  writeFileSync(RESULTS, `${JSON.stringify(out, null, 2)}\n`);
  say(`results in ${RESULTS}`);
  code = failures.length > 0 ? 1 : 0;
  say(failures.length ? `${failures.length} failed:\n${failures.join("\n")}` : "all checks passed");
  if (missedTargets.length)
    say(`${missedTargets.length} target(s) missed (not failures):\n${missedTargets.join("\n")}`);
}
process.exit(code);
