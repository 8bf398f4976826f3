// The embedded Postgres's home and lifecycle, as a user meets them: which folder holds the data
// (dev and a build of the same site share it; never inside the build; never a hidden temporary
// folder), `quarry dev` killed with SIGKILL then started again, and stopped with SIGTERM under load.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT_DATA_HOME, resolveDataDir } from "../datasources/data-dir.js";
import { ConfigError } from "../engine/errors.js";
import { site } from "./helpers.js";
import { sql } from "./db.js";
import { raw, until } from "./http.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");

describe("the data folder", () => {
  const parent = mkdtempSync(join(tmpdir(), "quarry-home-"));
  const root = join(parent, "mysite");
  const dist = join(parent, "dist");
  mkdirSync(root);
  mkdirSync(dist);
  writeFileSync(
    join(dist, "manifest.json"),
    JSON.stringify({ version: 1, templates: {}, statics: [], mode: "compiled", site: root }),
  );
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it("dev and a build of the same site use SITE/.quarry/postgres", () => {
    const dev = resolveDataDir({ root, uid: 1000 });
    const start = resolveDataDir({ root: dist, built: true, uid: 1000 });
    expect(dev.dir).toBe(join(root, ".quarry", "postgres"));
    expect(start.dir).toBe(dev.dir);
    expect(start.source).toBe(`default for the site ${root}`);
  });

  it("a build whose site is not on this machine needs --data-dir; an older build's own cluster is served, with a warning", () => {
    const moved = join(parent, "elsewhere");
    mkdirSync(moved);
    writeFileSync(
      join(moved, "manifest.json"),
      JSON.stringify({ version: 1, templates: {}, statics: [], mode: "compiled", site: "/no/such/site" }),
    );
    expect(() => resolveDataDir({ root: moved, built: true, uid: 1000 })).toThrow(
      `${moved} was built from /no/such/site, which is not on this machine, and the embedded Postgres keeps its data in the site folder: pass --data-dir (or an absolute dataDir in the config), or set DATABASE_URL`,
    );
    expect(resolveDataDir({ root: moved, built: true, explicit: join(parent, "db"), uid: 1000 }).dir).toBe(
      join(parent, "db"),
    );
    const old = join(parent, "old");
    mkdirSync(join(old, ".quarry", "postgres"), { recursive: true });
    writeFileSync(
      join(old, "manifest.json"),
      JSON.stringify({ version: 1, templates: {}, statics: [], mode: "compiled" }),
    );
    const d = resolveDataDir({ root: old, built: true, uid: 1000 });
    expect(d.dir).toBe(join(old, ".quarry", "postgres"));
    expect(d.warnings[0]).toBe(
      `the database lives inside the build folder (${d.dir}); move it to the site's .quarry/postgres (or pass --data-dir) and build again, or a deploy could lose it`,
    );
  });

  it("--data-dir wins over the config's dataDir, which is relative to the site", () => {
    expect(resolveDataDir({ root: dist, built: true, configured: "../db", uid: 1000 })).toMatchObject({
      dir: join(parent, "db"),
      source: "dataDir in the config",
    });
    expect(resolveDataDir({ root, configured: "../db", explicit: join(parent, "x"), uid: 1000 })).toMatchObject({
      dir: join(parent, "x"),
      source: "--data-dir",
    });
  });

  it("refuses a folder inside the build", () => {
    const err = (() => {
      try {
        resolveDataDir({ root: dist, built: true, explicit: join(dist, "db"), uid: 1000 });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(
      `The database folder ${join(dist, "db")} lies inside the build folder ${dist}, which quarry build replaces: choose another with --data-dir or dataDir`,
    );
  });

  it("says loudly when the folder is temporary", () => {
    expect(resolveDataDir({ root, uid: 1000 }).warnings).toEqual([
      expect.stringMatching(
        /^the database folder .*mysite\/\.quarry\/postgres is inside \S+, a temporary folder: a reboot or a cleaner may delete it and every row in it \(pass --data-dir or set dataDir to keep it\)$/,
      ),
    ]);
  });

  it("as root in a private folder: a persistent folder the postgres user can enter, said so; an explicit one is refused", () => {
    const priv = join(parent, "private");
    mkdirSync(join(priv, "site"), { recursive: true });
    chmodSync(priv, 0o700);
    const d = resolveDataDir({ root: join(priv, "site"), uid: 0 });
    expect(d.dir).toMatch(new RegExp(`^${ROOT_DATA_HOME}/site-[0-9a-f]{10}$`));
    expect(d.warnings[0]).toBe(
      `${join(priv, "site", ".quarry", "postgres")} lies inside a folder the postgres user cannot enter; the database is kept in ${d.dir} instead (pass --data-dir to choose)`,
    );
    expect(() => resolveDataDir({ root: join(priv, "site"), uid: 0, explicit: join(priv, "db") })).toThrow(
      /lies inside a folder the postgres user cannot enter/,
    );
  });
});

/** Every process started here, killed after the tests even when one fails midway. */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
});

/** A running `quarry` process and everything it has printed. */
function quarry(args: string[]): {
  proc: ChildProcess;
  out: () => string;
  waitFor(re: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
} {
  const proc = spawn(process.execPath, [bin, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: "0", LOG_LEVEL: "info" },
  });
  started.push(proc);
  let out = "";
  const waiters = new Set<() => void>();
  const add = (c: Buffer) => {
    out += c.toString();
    for (const w of waiters) w();
  };
  proc.stdout.on("data", add);
  proc.stderr.on("data", add);
  const exited = new Promise<number | null>((resolve) =>
    proc.on("exit", (code) => {
      for (const w of waiters) w();
      resolve(code);
    }),
  );
  return {
    proc,
    out: () => out,
    exited,
    waitFor: (re) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = re.exec(out);
          if (m) {
            waiters.delete(check);
            resolve(m);
          } else if (proc.exitCode !== null || proc.signalCode !== null) {
            waiters.delete(check);
            reject(new Error(`quarry exited before printing ${re}:\n${out}`));
          }
        };
        waiters.add(check);
        check();
      }),
  };
}

/** Running, not a zombie (PID 1 here may never reap what it inherits). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
};

describe("quarry dev and its embedded Postgres", () => {
  // One site and one cluster for both tests: creating a cluster is the slow part.
  const root = site({
    "index.dbt": '<dbt:query name="q">SELECT count(*) AS n FROM t</dbt:query><dbt:output>#q.n#</dbt:output>',
    "slow.dbt": '<dbt:query name="q">SELECT pg_sleep(0.5) AS s</dbt:query>slept',
    "_db/001.sql": "CREATE TABLE t (id int); INSERT INTO t VALUES (1), (2);",
  });
  const data = mkdtempSync(join(tmpdir(), "quarry-data-"));
  const args = ["dev", root, "--data-dir", data];
  afterAll(() => {
    rmSync(data, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });

  it("killed with SIGKILL: the next start stops the leftover Postgres, says so, and serves; a second server on the folder is refused, naming the first", async () => {
    const first = quarry(args);
    await first.waitFor(/listening on http/);
    const lock = JSON.parse(readFileSync(join(data, "quarry.lock"), "utf8")) as { pid: number; postgresPid: number };
    expect(lock.pid).toBe(first.proc.pid);
    first.proc.kill("SIGKILL");
    await first.exited;
    expect(alive(lock.postgresPid)).toBe(true);

    const second = quarry(args);
    const [, port] = await second.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)\//);
    expect(second.out()).toContain(`embedded Postgres: data in ${data} (--data-dir)\n`);
    expect(second.out()).toContain(
      `found Postgres (pid ${lock.postgresPid}) still running in ${join(data, "data")}, started by Quarry process ${first.proc.pid}, which ended without stopping it; stopping it\nstopped the leftover Postgres (pid ${lock.postgresPid})\n`,
    );
    expect(alive(lock.postgresPid)).toBe(false);
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect([res.status, await res.text()]).toEqual([200, "2"]);

    const third = quarry(args);
    expect(await third.exited).toBe(1);
    expect(third.out()).toMatch(
      new RegExp(
        `QRY_ERR_CONFIG: The database folder ${data} is in use by another Quarry, process ${second.proc.pid} \\(.*quarry\\.js dev .*\\), with Postgres \\(pid \\d+\\) on port \\d+: stop it first, or give this server another folder with --data-dir`,
      ),
    );

    const now = JSON.parse(readFileSync(join(data, "quarry.lock"), "utf8")) as { postgresPid: number };
    second.proc.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(alive(now.postgresPid)).toBe(false);
    expect(existsSync(join(data, "quarry.lock"))).toBe(false);

    // A postmaster.pid naming a live process that is not a Postgres for this folder (a pid
    // reused after a crash) is removed, not obeyed.
    writeFileSync(join(data, "data", "postmaster.pid"), `${process.pid}\n${join(data, "data")}\n`);
    const fourth = quarry(args);
    await fourth.waitFor(/listening on http/);
    expect(fourth.out()).toContain(
      `removed a stale postmaster.pid from ${join(data, "data")} (pid ${process.pid} is not a Postgres for this folder)\n`,
    );
    fourth.proc.kill("SIGTERM");
    expect(await fourth.exited).toBe(0);
  });

  it("stopped with SIGTERM: every request in flight finishes before the embedded Postgres stops (nothing else stops it first)", async () => {
    const server = quarry(args);
    const [, port] = await server.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)\//);
    const lock = JSON.parse(readFileSync(join(data, "quarry.lock"), "utf8")) as { port: number; postgresPid: number };
    const { password } = JSON.parse(readFileSync(join(data, "quarry.json"), "utf8")) as { password: string };
    const db = `postgres://quarry:${encodeURIComponent(password)}@127.0.0.1:${lock.port}/quarry`;
    // One connection per request, closed after it: what is measured is the requests, not how
    // the server treats idle keep-alive sockets.
    const inFlight = Array.from({ length: 10 }, () =>
      raw(`http://127.0.0.1:${port}`, "/slow", { headers: { connection: "close" } }).then((r) => [r.status, r.body]),
    );
    // Every request is inside Postgres before the signal.
    await until(
      () =>
        sql<{ n: number }>(
          db,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%' AND state = 'active'",
        ),
      (r) => r[0]!.n === 10,
      10_000,
    );
    server.proc.kill("SIGTERM");
    expect(await Promise.all(inFlight)).toEqual(Array.from({ length: 10 }, () => [200, "slept"]));
    const code = await server.exited;
    expect([code, code === 0 ? "" : server.out()]).toEqual([0, ""]);
    expect(alive(lock.postgresPid)).toBe(false);
  });
});
