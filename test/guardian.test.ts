// `quarry start --workers N` as a user runs it, a real process over HTTP: a worker killed with
// SIGKILL or frozen in synchronous work is replaced while the port keeps answering; the pools
// must fit in max_connections (the embedded Postgres's is raised to fit); with the embedded
// Postgres the guardian starts it once, and SIGTERM
// lets every request in flight finish before it stops Postgres and exits 0.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { until } from "./http.js";
import { build } from "../server/build.js";
import { connectionsPerWorker } from "../server/guardian.js";
import { parseConfig } from "../config/site.js";
import { PgServer, hasPg15 } from "./pg-cluster.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");

interface Quarry {
  child: ChildProcess;
  base: string;
  pids: number[];
  /** Everything the process printed so far (stdout and stderr). */
  out(): string;
  exited: Promise<number | null>;
}

const running: ChildProcess[] = [];
afterAll(() => running.forEach((c) => c.exitCode === null && c.kill("SIGKILL")));

function startQuarry(dist: string, args: string[], env: NodeJS.ProcessEnv): Promise<Quarry> {
  const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", ...args], {
    env: { ...env, LOG_LEVEL: "silent" },
  });
  running.push(child);
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\/(?: \(\d+ workers, pids ([\d ]+)\))?/.exec(out);
      if (m)
        resolve({
          child,
          base: m[1]!,
          pids: (m[2] ?? "").split(" ").filter(Boolean).map(Number),
          out: () => out,
          exited,
        });
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    void exited.then((code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

/** A process's command line, its arguments joined by spaces. */
const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");

/** `p`, or an error naming what did not finish within `ms`, with the server's output so far. */
function within<T>(p: Promise<T>, ms: number, what: string, out: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not finish within ${ms} ms; the server said:\n${out()}`)),
      ms,
    );
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** One GET on a fresh connection: the status and body, or the network error's code. */
function get(base: string, path: string): Promise<{ status: number; body: string } | string> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { agent: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

describe("quarry start --workers 2: the guardian", () => {
  let dist: string;
  let url: string;
  let q: Quarry;
  const roots: string[] = [];

  beforeAll(async () => {
    url = await createDatabase([], "guardian");
    await sql(url, "CREATE TABLE spun (x int)");
    const root = site({
      "quarry.config.json": JSON.stringify({
        renderTimeoutMs: 4000,
        server: { heartbeatTimeoutMs: 3000 },
        datasources: { main: { max: 3 } },
      }),
      "index.dbt": "ok",
      // Says it has started (a row the test can see), then spins.
      "spin.dbt": `<dbt:query>INSERT INTO spun VALUES (1)</dbt:query><dbt:loop from="1" to="1000000" index="i"><dbt:loop from="1" to="1000000" index="j"></dbt:loop></dbt:loop>done`,
    });
    dist = `${root}-dist`;
    roots.push(root, dist);
    expect(build(root, dist).errors).toEqual([]);
    q = await startQuarry(dist, ["--workers", "2"], { ...process.env, DATABASE_URL: url });
  });
  afterAll(async () => {
    q.child.kill("SIGTERM");
    expect(await q.exited).toBe(0);
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  it("starts two workers and says so, each with V8's young generation widened (server/v8-flags.ts)", () => {
    expect(q.pids).toHaveLength(2);
    expect(new Set(q.pids).size).toBe(2);
    for (const pid of q.pids) expect(commandLine(pid)).toContain("--max-semi-space-size=64");
  });

  it("replaces a worker killed with SIGKILL while the other keeps answering", async () => {
    const victim = q.pids[0]!;
    process.kill(victim, "SIGKILL");
    const answers: unknown[] = [];
    const replaced = new RegExp(
      `worker ${victim} exited \\(SIGKILL\\); starting a replacement\\n(?:.*\\n)*?quarry guardian: worker (\\d+) ready`,
    );
    const out = await until(
      async () => {
        answers.push(await get(q.base, "/"));
        return q.out();
      },
      (o) => replaced.test(o),
      20_000,
    );
    const fresh = Number(replaced.exec(out)![1]);
    expect(fresh).not.toBe(victim);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => typeof a === "string" || (a as { status: number }).status !== 200)).toEqual([]);
    q.pids[0] = fresh;
    expect(await get(q.base, "/")).toEqual({ status: 200, body: "ok" });
  });

  it("kills and replaces a worker whose event loop stops once its heartbeat is 3 s late, while the port keeps answering", async () => {
    // Pages yield while they compute (their time limit stops them), so a frozen event loop is
    // made from outside: SIGSTOP stops the whole process, as a stuck native call would.
    const stuck = q.pids[1]!;
    const before = q.out().length;
    process.kill(stuck, "SIGSTOP");
    const answers: unknown[] = [];
    const replaced = new RegExp(
      `worker ${stuck} sent no heartbeat for \\d+ ms \\(server\\.heartbeatTimeoutMs = 3000\\): killing it\\n(?:.*\\n)*?quarry guardian: worker ${stuck} was killed: its heartbeat stopped; starting a replacement\\n(?:.*\\n)*?quarry guardian: worker (\\d+) ready`,
    );
    const out = await until(
      async () => {
        answers.push(await get(q.base, "/"));
        return q.out().slice(before);
      },
      (o) => replaced.test(o),
      30_000,
    );
    const fresh = Number(replaced.exec(out)![1]);
    expect(fresh).not.toBe(stuck);
    q.pids[1] = fresh;
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.filter((a) => typeof a === "string" || (a as { status: number }).status !== 200)).toEqual([]);
    expect(await get(q.base, "/")).toEqual({ status: 200, body: "ok" });
  }, 60_000);

  it("keeps serving beside a page that computes until its time limit, with no heartbeat missed", async () => {
    // The spinning page yields while it computes (the engine's time slices): its worker stays
    // alive and keeps serving; the time limit, not the guardian, stops the page.
    const before = q.out().length;
    const spin = get(q.base, "/spin");
    await until(
      () => sql<{ n: number }>(url, "SELECT count(*)::int AS n FROM spun"),
      (r) => r[0]!.n === 1,
    );
    for (let i = 0; i < 4; i++) expect(await get(q.base, "/")).toEqual({ status: 200, body: "ok" });
    expect(await spin).toMatchObject({ status: 503 });
    expect(q.out().slice(before)).not.toContain("sent no heartbeat for");
  });

  it("refuses to start when the workers' pools exceed max_connections", async () => {
    const [{ max_connections }] = (await sql<{ max_connections: string }>(url, "SHOW max_connections")) as [
      { max_connections: string },
    ];
    const max = Number(max_connections);
    const workers = Math.floor(max / 3) + 1;
    const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", "--workers", String(workers)], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
    });
    running.push(child);
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    const where = new URL(url);
    expect(code).toBe(1);
    expect(err).toBe(
      `QRY_ERR_CONFIG: ${workers} workers × 4 connections each (datasources.main: 3, cluster.notify: 1) = ${workers * 4} connections to ${where.hostname}:${where.port}${where.pathname}, more than its max_connections (${max}): lower --workers or the datasources' max, or raise max_connections\n`,
    );
  });
});

describe("quarry start: max_connections with read replicas", () => {
  it("counts each replica's pools against that replica, and the lag poller's connection on the primary's directUrl", () => {
    const config = parseConfig(
      {
        datasources: {
          main: { max: 5, directUrl: "postgres://d/app", replicas: ["postgres://r1/app", "postgres://r2/app"] },
          other: { strategy: "single", replicas: ["postgres://r1/app"] },
        },
      },
      "quarry.config.json",
      {},
    );
    const urls = { main: "postgres://bouncer/app", other: "postgres://o/app" };
    expect(Object.fromEntries(connectionsPerWorker(config, urls))).toEqual({
      "postgres://bouncer/app": { total: 5, detail: ["datasources.main: 5"] },
      "postgres://r1/app": { total: 6, detail: ["datasources.main.replicas.0: 5", "datasources.other.replicas.0: 1"] },
      "postgres://r2/app": { total: 5, detail: ["datasources.main.replicas.1: 5"] },
      "postgres://d/app": { total: 2, detail: ["datasources.main replica lag polling: 1", "cluster.notify: 1"] },
      "postgres://o/app": { total: 2, detail: ["datasources.other: 1", "datasources.other replica lag polling: 1"] },
    });
  });

  it.skipIf(!hasPg15)(
    "refuses to start when the workers' replica pools exceed the replica's max_connections",
    async () => {
      // A server of its own with room for 20: only its max_connections is asked.
      const small = await PgServer.primary();
      try {
        await small.query("ALTER SYSTEM SET max_connections = 20");
        await small.stop();
        await small.start();
        const url = await createDatabase([], "replicamax");
        const [{ max_connections }] = (await sql<{ max_connections: string }>(url, "SHOW max_connections")) as [
          { max_connections: string },
        ];
        // 7 workers: 7 × (3 + lag poller + listening session) fit the primary, 7 × 3 do not fit in 20.
        expect(Number(max_connections)).toBeGreaterThanOrEqual(35);
        const root = site({
          "quarry.config.json": JSON.stringify({ datasources: { main: { max: 3 } } }),
          "index.dbt": "ok",
        });
        const dist = `${root}-dist`;
        expect(build(root, dist).errors).toEqual([]);
        const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", "--workers", "7"], {
          env: { ...process.env, DATABASE_URL: url, DATABASE_REPLICA_URLS: small.url(), LOG_LEVEL: "silent" },
        });
        running.push(child);
        let err = "";
        child.stderr.on("data", (d: Buffer) => (err += d.toString()));
        const code = await new Promise((resolve) => child.on("exit", resolve));
        expect(code).toBe(1);
        expect(err).toBe(
          `QRY_ERR_CONFIG: 7 workers × 3 connections each (datasources.main.replicas.0: 3) = 21 connections to 127.0.0.1:${small.port}/postgres, more than its max_connections (20): lower --workers or the datasources' max, or raise max_connections\n`,
        );
        rmSync(root, { recursive: true, force: true });
        rmSync(dist, { recursive: true, force: true });
      } finally {
        await small.stop();
      }
    },
    60_000,
  );
});

describe("quarry start: the number of workers from the config, and sessions they cannot share", () => {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const builtSite = (config: object): string => {
    const root = site({ "quarry.config.json": JSON.stringify(config), "index.dbt": "ok" });
    const dist = `${root}-dist`;
    made.push(root, dist);
    expect(build(root, dist).errors).toEqual([]);
    return dist;
  };
  const run = async (dist: string, args: string[]): Promise<{ code: number | null; err: string }> => {
    const url = await createDatabase([], "workers");
    const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", ...args], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
    });
    running.push(child);
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { code, err };
  };

  it("takes server.workers from the config, and --workers over it; a semi-space size in NODE_OPTIONS is kept", async () => {
    const dist = builtSite({ server: { workers: 2 } });
    const url = await createDatabase([], "workers");
    const env = { ...process.env, DATABASE_URL: url, NODE_OPTIONS: "--max-semi-space-size=16" };
    let q = await startQuarry(dist, [], env);
    expect(q.pids).toHaveLength(2);
    for (const pid of q.pids) expect(commandLine(pid)).not.toContain("--max-semi-space-size");
    expect(await get(q.base, "/")).toEqual({ status: 200, body: "ok" });
    q.child.kill("SIGTERM");
    expect(await q.exited).toBe(0);
    q = await startQuarry(dist, ["--workers", "1"], env);
    expect(q.pids).toEqual([]);
    expect(q.out()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/\n/);
    q.child.kill("SIGTERM");
    expect(await q.exited).toBe(0);
  }, 60_000);

  it("refuses memory sessions with more than one worker, before starting anything", async () => {
    const dist = builtSite({ session: { store: "memory" } });
    expect(await run(dist, ["--workers", "2"])).toEqual({
      code: 1,
      err: 'QRY_ERR_CONFIG: 2 workers with session.store "memory": each worker would keep its own sessions, so a visitor\'s session would come and go between requests. Use session.store "postgres" (the default for quarry start) or --workers 1\n',
    });
  });

  it("refuses a bad server.workers with its location in the config", async () => {
    const dist = builtSite({ server: { workers: 0 } });
    const r = await run(dist, []);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `QRY_ERR_CONFIG: ${dist}/quarry.config.json:1:22 server.workers must be a whole number from 1 to 1024 (or null: one per CPU), got 0\n> 1 | {"server":{"workers":0}}\n    |                      ^\n`,
    );
  });
});

describe("quarry start --workers 2 with the embedded Postgres, stopped with SIGTERM", () => {
  const parent = mkdtempSync(join(tmpdir(), "quarry-guardian-pg-"));
  // As root, Postgres runs as the postgres user, who must be able to enter the data folder.
  chmodSync(parent, 0o755);
  const data = join(parent, "db");
  let root: string;
  let dist: string;
  const env = { ...process.env };
  delete env.DATABASE_URL;

  beforeAll(() => {
    root = site({
      // 2 workers × (60 + a listening session) is more than a new cluster's max_connections (100): the guardian raises it.
      // A generous time limit: this is about shutdown, and a loaded machine must not turn a 2 s page into a 503.
      // Strategy pool: each request holds a connection of its own, so all six are inside Postgres
      // at once (on shared pipeline connections some would wait behind a neighbour's pg_sleep).
      "quarry.config.json": JSON.stringify({
        renderTimeoutMs: 60_000,
        datasources: { main: { max: 60, strategy: "pool" } },
      }),
      "slow.dbt": `<dbt:query name="s">SELECT pg_sleep(2) AS s</dbt:query>slept`,
    });
    dist = join(parent, "dist");
    expect(build(root, dist).errors).toEqual([]);
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(parent, { recursive: true, force: true });
  });

  it("starts Postgres for both workers, raising its max_connections to fit them; every request in flight finishes, then Postgres stops, exit 0", async () => {
    const q = await startQuarry(dist, ["--workers", "2", "--data-dir", data], env);
    expect(q.out()).toContain(
      "quarry guardian: 2 workers × 61 connections each = 122, more than the embedded Postgres's max_connections (100): raising it to 132 (restarting Postgres)\n",
    );
    // Started, then restarted once with the new setting; the workers share it.
    expect(q.out().match(/embedded Postgres ready/g)).toHaveLength(2);
    const lock = JSON.parse(readFileSync(join(data, "quarry.lock"), "utf8")) as {
      pid: number;
      port: number;
      postgresPid: number;
    };
    expect(lock.pid).toBe(q.child.pid);
    const { password } = JSON.parse(readFileSync(join(data, "quarry.json"), "utf8")) as { password: string };
    const db = `postgres://quarry:${encodeURIComponent(password)}@127.0.0.1:${lock.port}/quarry`;
    expect(await sql(db, "SHOW max_connections")).toEqual([{ max_connections: "132" }]);
    const inFlight = Array.from({ length: 6 }, () => get(q.base, "/slow"));
    // Every request is inside Postgres before the signal.
    const inside = await until(
      () =>
        sql<{ n: number }>(
          db,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%' AND state = 'active'",
        ),
      (r) => r[0]!.n === 6,
      20_000,
    );
    expect(inside).toEqual([{ n: 6 }]);
    q.child.kill("SIGTERM");
    // Bounded, so a stall says where it stood (the server's output) instead of the test's timeout.
    expect(await within(Promise.all(inFlight), 30_000, "the requests in flight", () => q.out())).toEqual(
      Array(6).fill({ status: 200, body: "slept" }),
    );
    const code = await within(q.exited, 30_000, "the server's exit", () => q.out());
    expect([code, code === 0 ? "" : q.out()]).toEqual([0, ""]);
    expect(q.out()).toContain("quarry guardian: stopping the embedded Postgres");
    expect(() => process.kill(lock.postgresPid, 0)).toThrow();
    expect(existsSync(join(data, "quarry.lock"))).toBe(false);
  }, 120_000);
});
