// Postgres servers of a test's own on 127.0.0.1, from Debian's Postgres 15 binaries (the run's
// embedded Postgres has no pg_basebackup): a primary, and streaming replicas made from it with
// pg_basebackup -R. Each lives in a temporary folder and is stopped (immediate shutdown) and
// removed by stopAll(), or at the latest when the test process exits. As root they run as the
// postgres user, as the embedded Postgres does.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort, postgresUser } from "../datasources/postgres/embedded.js";
import { until } from "./http.js";

export const PG15 = "/usr/lib/postgresql/15/bin";
export const hasPg15 = existsSync(join(PG15, "pg_basebackup"));

const ids = () => postgresUser(() => {});
const all = new Set<PgServer>();
process.on("exit", () => {
  for (const s of all) s.child?.kill("SIGQUIT");
});

function asPostgres(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(cmd, args, { ...(ids() ?? {}), env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export class PgServer {
  child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    all.add(this);
  }

  get data(): string {
    return join(this.dir, "data");
  }
  url(db = "postgres"): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${db}`;
  }

  private static async folder(): Promise<{ dir: string; port: number }> {
    const dir = mkdtempSync(join(tmpdir(), "quarry-pg15-"));
    const u = ids();
    if (u) chownSync(dir, u.uid, u.gid);
    return { dir, port: await freePort() };
  }

  /** A new primary (trust authentication on 127.0.0.1, replication connections included). */
  static async primary(): Promise<PgServer> {
    const { dir, port } = await PgServer.folder();
    const s = new PgServer(dir, port);
    asPostgres(join(PG15, "initdb"), ["-D", s.data, "-U", "postgres", "-A", "trust", "--no-sync"]);
    await s.start();
    return s;
  }

  /** A streaming replica of `primary` (pg_basebackup -R), started. */
  static async replicaOf(primary: PgServer): Promise<PgServer> {
    const { dir, port } = await PgServer.folder();
    const s = new PgServer(dir, port);
    asPostgres(join(PG15, "pg_basebackup"), [
      "-h",
      "127.0.0.1",
      "-p",
      String(primary.port),
      "-U",
      "postgres",
      "-D",
      s.data,
      "-R",
      "-X",
      "stream",
      "--checkpoint=fast",
    ]);
    await s.start();
    return s;
  }

  async start(): Promise<void> {
    const child = spawn(
      join(PG15, "postgres"),
      ["-D", this.data, "-p", String(this.port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      { ...(ids() ?? {}), stdio: "ignore" },
    );
    this.child = child;
    this.exited = new Promise((r) => child.on("exit", () => r()));
    const ok = await until(
      () =>
        this.query("SELECT 1").then(
          () => true,
          () => child.exitCode !== null,
        ),
      (v) => v,
      30_000,
    );
    if (!ok || child.exitCode !== null) throw new Error(`postgres 15 in ${this.dir} did not start`);
  }

  /** SIGINT: fast shutdown; SIGQUIT: immediate (as a crash). */
  async stop(signal: NodeJS.Signals = "SIGINT"): Promise<void> {
    if (this.child && this.child.exitCode === null) {
      this.child.kill(signal);
      await this.exited;
    }
    this.child = null;
  }

  promote(): void {
    asPostgres(join(PG15, "pg_ctl"), ["promote", "-w", "-D", this.data]);
  }

  async query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, db = "postgres"): Promise<T[]> {
    const c = new pg.Client({ connectionString: this.url(db) });
    c.on("error", () => {});
    await c.connect();
    try {
      return (await c.query<T>(text)).rows;
    } finally {
      await c.end().catch(() => {});
    }
  }

  async remove(): Promise<void> {
    await this.stop("SIGQUIT");
    rmSync(this.dir, { recursive: true, force: true });
    all.delete(this);
  }
}

/** Stops and removes every server this process made. */
export async function stopAll(): Promise<void> {
  await Promise.all([...all].map((s) => s.remove()));
}
