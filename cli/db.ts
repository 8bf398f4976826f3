// `quarry db status|migrate|reset|psql`: the site's database, reached with the same config
// and data folder as quarry dev and start (see server/database.ts), and its _db/ migrations.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import type { Command } from "commander";
import { report } from "./shared.js";

const SITE_HELP = "the site folder, or a build made by quarry build (its _db/ copy, its site's data)";

type SiteDatabase = import("../server/database.js").SiteDatabase;

/** The signals a command handles itself while it runs (Ctrl-C in psql's shell, a wait for Ctrl-C). */
export const signalsTaken = new Set<NodeJS.Signals>();

/**
 * Opens the site's database, runs `fn`, and always stops what it started — also on Ctrl-C or
 * SIGTERM (exit 130), which otherwise left the embedded Postgres running (it runs in a session
 * of its own) and the next quarry dev refusing its data folder as in use.
 */
export async function withDatabase(
  site: string,
  dataDir: string | undefined,
  fn: (db: SiteDatabase, dir: string) => Promise<number>,
): Promise<void> {
  const { openSiteDatabase } = await import("../server/database.js");
  const dir = resolve(site);
  // A build (it has a manifest) finds its data folder through the site it records.
  const built = existsSync(join(dir, "manifest.json"));
  let db: SiteDatabase | null = null;
  let code: number;
  const opening = openSiteDatabase(dir, { built, dataDir, log: (line) => process.stderr.write(`${line}\n`) });
  let stopping = false;
  const interrupted = (signal: NodeJS.Signals) => {
    if (signalsTaken.has(signal) || stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: stopping what this command started…\n`);
    void (async () => {
      // A signal while the database starts: it is stopped once it has.
      await stopped(await opening.catch(() => null));
      process.exit(130);
    })();
  };
  process.on("SIGINT", interrupted).on("SIGTERM", interrupted);
  try {
    db = await opening;
    code = await fn(db, dir);
  } catch (err) {
    if (stopping) return;
    await stopped(db);
    return report(err);
  } finally {
    process.off("SIGINT", interrupted).off("SIGTERM", interrupted);
  }
  process.exitCode = code;
  await stopped(db);
}

/**
 * Stops what the command started and waits for it: the embedded Postgres runs detached and
 * unreferenced, so without a handle of our own the process could end before it has shut down.
 */
async function stopped(db: SiteDatabase | null): Promise<void> {
  const hold = setInterval(() => {}, 1000);
  try {
    await db?.stop();
  } catch {
    // Reported by the caller's error, or nothing more to do.
  } finally {
    clearInterval(hold);
  }
}

/** The site argument and --data-dir, which every db command (and quarry schedule) takes. */
export const common = (cmd: Command, siteHelp = SITE_HELP) =>
  cmd
    .argument("[site]", siteHelp, ".")
    .option(
      "--data-dir <dir>",
      "the embedded Postgres's data folder, as for quarry dev and start (default: dataDir in the config, else SITE/.quarry/postgres)",
    );

const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 19).replace("T", " ")} UTC` : "");

const STATE_NOTE: Record<string, string> = {
  changed: "  (edited after it was applied: restore it, put the change in a new file)",
  missing: "  (recorded as applied, the file is gone)",
  adopted: "  (recorded without running: the database existed before migrations)",
};

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/** Is psql on the PATH? */
function findPsql(): boolean {
  const r = spawnSync("psql", ["--version"], { stdio: "ignore" });
  return !r.error && r.status === 0;
}

export function register(program: Command): void {
  const db = program
    .command("db")
    .description(
      "the site's database: migration status, migrate, reset, a psql shell (same datasource and data folder as dev and start)",
    );

  common(db.command("status"))
    .description(
      "list every _db/*.sql migration as applied, adopted, pending, changed (edited after it was applied) or missing, with the time it was applied; exits 1 if one changed",
    )
    .action((site: string, o: { dataDir?: string }) => withDatabase(site, o.dataDir, status));

  common(db.command("migrate"))
    .description(
      "apply the pending _db/*.sql files in name order, each in its own transaction (quarry dev and start do this too when they start)",
    )
    .action((site: string, o: { dataDir?: string }) => withDatabase(site, o.dataDir, migrateNow));

  common(db.command("reset"))
    .description(
      "drop what the site put in its database and apply every _db/*.sql file again: everything in the embedded Postgres, which Quarry made; on any other database only what the migrations created; asks first on a terminal",
    )
    .option("--yes", "do not ask (required when not run from a terminal)")
    .option(
      "--force",
      "allow resetting a database other than the embedded one (only what the migrations created is dropped there)",
    )
    .action((site: string, opts: { yes?: boolean; force?: boolean; dataDir?: string }) =>
      withDatabase(site, opts.dataDir, (d, dir) => reset(d, dir, opts)),
    );

  common(db.command("psql"))
    .argument("[psql-args...]", "arguments for psql after --, e.g. quarry db psql mysite -- -c 'SELECT 1'")
    .description(
      "open a psql shell on the site's database (or run psql with the arguments after --); without psql installed, print the connection URL (and, for the embedded Postgres, keep it running until Ctrl-C)",
    )
    .action((site: string, psqlArgs: string[], o: { dataDir?: string }) =>
      withDatabase(site, o.dataDir, (d) => psql(d, psqlArgs)),
    );
}

/** quarry db status: every migration's state; 1 when one changed after it was applied. */
async function status(d: SiteDatabase, dir: string): Promise<number> {
  const { migrationStatus } = await import("../server/migrations.js");
  const list = await migrationStatus(d.url, join(dir, "_db"));
  process.stdout.write(`database: ${d.how}\n`);
  if (list.length === 0) {
    process.stdout.write(`no migrations: ${join(dir, "_db")} has no .sql files\n`);
    return 0;
  }
  for (const m of list)
    process.stdout.write(
      `${m.state.padEnd(8)} ${when(m.appliedAt).padEnd(23)} _db/${m.name}${STATE_NOTE[m.state] ?? ""}\n`,
    );
  const count = (s: string) => list.filter((m) => m.state === s).length;
  const parts = ["applied", "adopted", "pending", "changed", "missing"]
    .filter((s) => count(s) > 0)
    .map((s) => `${count(s)} ${s}`);
  process.stdout.write(`${parts.join(", ")}\n`);
  return count("changed") > 0 ? 1 : 0;
}

/** quarry db migrate: the pending migrations applied. */
async function migrateNow(d: SiteDatabase, dir: string): Promise<number> {
  const { migrate } = await import("../server/migrations.js");
  const r = await migrate(d.url, join(dir, "_db"), (line) => process.stdout.write(`${line}\n`));
  if (r.applied.length === 0 && r.adopted.length === 0) process.stdout.write("up to date: no pending migrations\n");
  return 0;
}

/** quarry db reset: what the site put in its database dropped (after asking), the migrations applied again. */
async function reset(d: SiteDatabase, dir: string, opts: { yes?: boolean; force?: boolean }): Promise<number> {
  const { dropCreated, dropOwned, migrate } = await import("../server/migrations.js");
  // No command deletes what it did not create: on a database Quarry did not make, only what
  // its migrations created goes, and only when --force says this database may be reset.
  if (!d.embedded && !opts.force) {
    process.stderr.write(
      `refusing to reset ${d.how}: it is not the embedded Postgres. The tables, rows and other objects its _db/*.sql migrations created would be dropped; add --force if that is what you want\n`,
    );
    return 1;
  }
  const everything = d.embedded;
  const what = everything ? `everything in ${d.how}` : `what the _db/*.sql migrations created in ${d.how}`;
  if (!opts.yes) {
    if (!process.stdin.isTTY) {
      process.stderr.write(`quarry db reset drops ${what}: add --yes to do it when not run from a terminal\n`);
      return 1;
    }
    if (!(await confirm(`Drop ${what} and apply every _db/*.sql file again? [y/N] `))) {
      process.stdout.write("nothing dropped\n");
      return 1;
    }
  }
  if (everything) {
    const dropped = await dropOwned(d.url);
    process.stdout.write(`dropped ${dropped.length === 1 ? "schema" : "schemas"} ${dropped.join(", ")}\n`);
  } else {
    const dropped = await dropCreated(d.url);
    process.stdout.write(
      dropped.length ? `dropped ${dropped.join(", ")}\n` : "nothing to drop: no migration had created anything\n",
    );
  }
  const r = await migrate(d.url, join(dir, "_db"), (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`reset done: ${r.applied.length} migration${r.applied.length === 1 ? "" : "s"} applied\n`);
  return 0;
}

/** quarry db psql: psql on the site's database, or its URL when psql is not installed. */
async function psql(d: SiteDatabase, psqlArgs: string[]): Promise<number> {
  if (!findPsql()) {
    process.stdout.write(
      `psql is not installed (on Debian or Ubuntu: apt-get install postgresql-client). Connect any Postgres client to:\n${d.url}\n`,
    );
    if (d.started) {
      // Started for this command: keep it up so the URL works, until the user is done.
      process.stdout.write("The embedded Postgres runs until you press Ctrl-C.\n");
      // Signal listeners do not keep a process alive (the Postgres child is unreferenced): a timer does.
      const hold = setInterval(() => {}, 60_000);
      signalsTaken.add("SIGINT").add("SIGTERM");
      await new Promise<void>((done) => process.once("SIGINT", done).once("SIGTERM", done));
      signalsTaken.clear();
      clearInterval(hold);
      return 0;
    }
    return 1;
  }
  process.stderr.write(`psql on ${d.how}\n`);
  // The password goes by environment, not on a command line others can list.
  // Taken out of the URL as written: one of several hosts (h1:5432,h2:5432) makes no
  // WHATWG URL, and psql (libpq) reads that form itself.
  const m = /^(postgres(?:ql)?:\/\/[^:@/]*):([^@/]*)@/.exec(d.url);
  const password = m ? decodeURIComponent(m[2]!) : "";
  const url = m ? d.url.replace(m[0], `${m[1]}@`) : d.url;
  const child = spawn("psql", [url, ...psqlArgs], {
    stdio: "inherit",
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  // Ctrl-C belongs to psql while it runs (it cancels the query, not the shell).
  const ignore = () => {};
  process.on("SIGINT", ignore);
  signalsTaken.add("SIGINT");
  const code = await new Promise<number>((done) => child.on("exit", (c) => done(c ?? 1)));
  signalsTaken.clear();
  process.off("SIGINT", ignore);
  return code;
}
