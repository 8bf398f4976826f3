// A site's _db/*.sql files as ordered migrations. Each file runs once, in name order, in its
// own transaction, and is recorded in the table quarry_migrations (name, checksum, time) in
// the same transaction; a file changed after it ran is an error naming it, never a silent
// skip. A database made by the old "seed once" runner (tables, but no quarry_migrations) is
// adopted: its files are recorded without running them again. Each applied file's row also
// lists the objects it created (a catalog snapshot before and after it ran), so that
// `quarry db reset` on a database Quarry did not create drops those and nothing else.
//
// Safe through a transaction pooler (PgBouncer's pool_mode = transaction), where a session
// outlives nothing: the lock that keeps concurrent starts (several workers, several machines)
// from applying one file twice is pg_advisory_xact_lock, taken inside each file's transaction
// and released by its COMMIT, and what is applied is read again after taking it. (A session
// lock, released by closing the connection, stayed on a server connection that then served
// pages, and did not exclude: two clients on one server connection both held it.)
//
// Written here rather than taken from a library: node-pg-migrate keeps no checksums (an edited
// file would be skipped silently, the bug this replaces) and brings a CLI's dependencies;
// postgres-migrations (last release 2021) fixes the table name to `migrations` in the user's
// schema and wants consecutive ids; postgrator wants `001.do.name.sql` names and migrates by
// version number, skipping a new file that sorts below the newest.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { QuarryError, codeFrame, codes } from "../../engine/errors.js";
import type { Loc } from "../../parser/ast.js";
import { connectClient } from "./hosts.js";

export const MIGRATIONS_TABLE = "quarry_migrations";
/** Advisory lock key: "QUARRY" in ASCII, so concurrent starts (workers, nodes) migrate one at a time. */
const LOCK_KEY = "89227616367193";
/** First line of a file that must run outside a transaction (CREATE INDEX CONCURRENTLY, …). */
const NO_TRANSACTION = /^--\s*quarry:\s*no-transaction\b/;
const PROGRESS_MS = 5000;

export class MigrationError extends QuarryError {
  constructor(
    code: typeof codes.MIGRATION | typeof codes.MIGRATION_CHANGED | typeof codes.RESET,
    message: string,
    loc: Loc | null = null,
  ) {
    super(code, "database", message, loc);
  }
}

export interface MigrationFile {
  /** The file name inside _db/, as recorded. */
  name: string;
  sql: string;
  checksum: string;
  /** The name a change to this file should go into instead: after the folder's last file. */
  next?: string;
}

export type MigrationState = "applied" | "adopted" | "pending" | "changed" | "missing";

export interface MigrationStatus {
  name: string;
  state: MigrationState;
  /** When it was applied (or adopted); null while pending. */
  appliedAt: Date | null;
}

export interface MigrateResult {
  applied: string[];
  adopted: string[];
}

interface Row {
  name: string;
  checksum: string;
  applied_at: Date;
  adopted: boolean;
}

/** An object a migration created: its kind (as DROP names it) and its qualified, quoted name. */
export interface CreatedObject {
  kind: Kind;
  name: string;
}

/** The order reset drops in: what depends on others first, the schemas that hold them last. */
const DROP_ORDER = [
  "view",
  "materialized view",
  "index",
  "table",
  "foreign table",
  "sequence",
  "aggregate",
  "procedure",
  "function",
  "type",
  "domain",
  "extension",
  "schema",
] as const;
type Kind = (typeof DROP_ORDER)[number];

// Everything a migration can create that reset knows how to drop, outside the system schemas
// and not part of an extension (those go with their extension). Indexes that back a constraint
// go with their table. `public` itself is never listed: Postgres made it, not a migration.
const USER_NS = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'";
const NOT_EXT = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`;
const OBJECTS_SQL = `
SELECT 'schema' AS kind, quote_ident(n.nspname) AS name FROM pg_namespace n
  WHERE ${USER_NS} AND n.nspname <> 'public' AND ${NOT_EXT("pg_namespace", "n.oid")}
UNION ALL
SELECT 'extension', quote_ident(e.extname) FROM pg_extension e WHERE e.extname <> 'plpgsql'
UNION ALL
SELECT CASE c.relkind WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view' WHEN 'S' THEN 'sequence' WHEN 'f' THEN 'foreign table'
    WHEN 'i' THEN 'index' WHEN 'I' THEN 'index' ELSE 'table' END,
  quote_ident(n.nspname) || '.' || quote_ident(c.relname)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f', 'i', 'I') AND ${USER_NS} AND ${NOT_EXT("pg_class", "c.oid")}
    AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)
    AND c.relname <> '${MIGRATIONS_TABLE}'
UNION ALL
SELECT CASE p.prokind WHEN 'p' THEN 'procedure' WHEN 'a' THEN 'aggregate' ELSE 'function' END,
  quote_ident(n.nspname) || '.' || quote_ident(p.proname) || '(' || pg_get_function_identity_arguments(p.oid) || ')'
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE ${USER_NS} AND ${NOT_EXT("pg_proc", "p.oid")}
UNION ALL
SELECT CASE t.typtype WHEN 'd' THEN 'domain' ELSE 'type' END, quote_ident(n.nspname) || '.' || quote_ident(t.typname)
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
  WHERE t.typtype IN ('c', 'e', 'd', 'r') AND ${USER_NS} AND ${NOT_EXT("pg_type", "t.oid")}
    AND (t.typtype <> 'c' OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')`;

async function objects(client: pg.Client): Promise<Map<string, CreatedObject>> {
  const r = await client.query<CreatedObject>(OBJECTS_SQL);
  return new Map(r.rows.map((o) => [`${o.kind} ${o.name}`, o]));
}

/** What exists now and did not before. */
async function createdSince(client: pg.Client, before: Map<string, CreatedObject>): Promise<CreatedObject[]> {
  return [...(await objects(client))].filter(([k]) => !before.has(k)).map(([, o]) => o);
}

const checksum = (sql: string) => createHash("sha256").update(sql).digest("hex");

/** The *.sql files of a _db folder, in the order they run (byte order of their names). */
export function migrationFiles(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name, _i, names) => {
      const sql = readFileSync(join(dir, name), "utf8");
      return { name, sql, checksum: checksum(sql), next: nextName(names) };
    });
}

/** A session to `url`: with several hosts, the writable one (hosts.ts). */
const connect = (url: string): Promise<pg.Client> => connectClient(url);

async function tableExists(client: pg.Client): Promise<boolean> {
  const r = await client.query<{ t: string | null }>("SELECT to_regclass($1) AS t", [MIGRATIONS_TABLE]);
  return r.rows[0]!.t !== null;
}

/** Adds the `created` column to a table made before Quarry recorded what files create. */
async function ensureCreatedColumn(client: pg.Client): Promise<void> {
  const r = await client.query(
    "SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = 'created' AND table_schema = ANY (current_schemas(false))",
    [MIGRATIONS_TABLE],
  );
  if (r.rowCount === 0) await client.query(`ALTER TABLE ${MIGRATIONS_TABLE} ADD COLUMN IF NOT EXISTS created jsonb`);
}

async function recorded(client: pg.Client): Promise<Map<string, Row>> {
  if (!(await tableExists(client))) return new Map();
  const r = await client.query<Row>(
    `SELECT name, checksum, applied_at, adopted FROM ${MIGRATIONS_TABLE} ORDER BY name`,
  );
  return new Map(r.rows.map((row) => [row.name, row]));
}

/** SQLSTATEs of "already exists": a table, an object, a schema, a function, a database. */
const DUPLICATE = new Set(["42P07", "42710", "42P06", "42723", "42P04"]);

/**
 * Does this file create something that is already there? Tried in a transaction that is always
 * rolled back. A file that must run outside a transaction cannot be tried: assumed so.
 */
async function createsExisting(client: pg.Client, file: MigrationFile): Promise<boolean> {
  if (NO_TRANSACTION.test(file.sql)) return true;
  // Inside the caller's locked transaction: a savepoint, rolled back to.
  await client.query("SAVEPOINT quarry_try");
  try {
    await client.query(file.sql);
    return false;
  } catch (err) {
    return DUPLICATE.has((err as pg.DatabaseError).code ?? "");
  } finally {
    await client.query("ROLLBACK TO SAVEPOINT quarry_try");
  }
}

/** Does the database hold tables, views or sequences other than Quarry's own? */
async function hasUserRelations(client: pg.Client): Promise<boolean> {
  const r = await client.query(`
    SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      AND c.relname NOT LIKE 'quarry\\_%'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
    LIMIT 1`);
  return r.rowCount! > 0;
}

const label = (name: string) => `_db/${name}`;

function changedError(file: MigrationFile, row: Row): MigrationError {
  return new MigrationError(
    codes.MIGRATION_CHANGED,
    `${label(file.name)} was changed after it was applied on ${row.applied_at.toISOString()} (checksum ${row.checksum.slice(0, 12)}…, now ${file.checksum.slice(0, 12)}…). ` +
      `An applied migration never runs again: restore the file and put the change in a new one (e.g. _db/${file.next ?? nextName([file.name])}); on a development database, quarry db reset runs every file again`,
  );
}

/** A file name that runs after all of `names` (sorted): the highest number plus one. */
function nextName(names: string[]): string {
  let best: RegExpExecArray | null = null;
  for (const n of names) {
    const m = /^(\d+)/.exec(n);
    if (m && (!best || Number(m[1]) >= Number(best[1]))) best = m;
  }
  return best ? `${String(Number(best[1]) + 1).padStart(best[1]!.length, "0")}_change.sql` : "zz_change.sql";
}

/** A failed file as a located error: Postgres gives the character position inside the file. */
function failedError(file: MigrationFile, err: unknown): MigrationError {
  const e = err as pg.DatabaseError;
  let loc: Loc | null = null;
  const pos = Number(e.position);
  if (Number.isInteger(pos) && pos > 0) {
    const before = file.sql.slice(0, pos - 1);
    const lines = before.split("\n");
    loc = {
      file: label(file.name),
      line: lines.length,
      column: lines[lines.length - 1]!.length + 1,
      start: pos - 1,
      end: pos,
    };
  }
  const where = loc ? "" : `${label(file.name)}: `;
  const out = new MigrationError(
    codes.MIGRATION,
    `${where}${e.message}${e.code ? ` (SQLSTATE ${e.code})` : ""}; nothing of ${label(file.name)} was applied`,
    loc,
  );
  if (loc) out.frame = codeFrame(file.sql, loc);
  return out;
}

/** Every file and every recorded migration with its state, in name order. */
export async function migrationStatus(url: string, dir: string): Promise<MigrationStatus[]> {
  const files = migrationFiles(dir);
  const client = await connect(url);
  try {
    const rows = await recorded(client);
    const out: MigrationStatus[] = files.map((f) => {
      const row = rows.get(f.name);
      if (!row) return { name: f.name, state: "pending", appliedAt: null };
      return {
        name: f.name,
        state: row.checksum !== f.checksum ? "changed" : row.adopted ? "adopted" : "applied",
        appliedAt: row.applied_at,
      };
    });
    for (const row of rows.values())
      if (!files.some((f) => f.name === row.name))
        out.push({ name: row.name, state: "missing", appliedAt: row.applied_at });
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * BEGIN, the migrations lock (held until COMMIT or ROLLBACK), then `fn`; COMMIT when it
 * returns, ROLLBACK when it throws. Also asks Postgres (14+; older ones skip it) to check
 * during a long statement that the client is still there: a server stopped (or killed)
 * mid-migration closes the connection, and without the check the backend would keep running
 * the file, and its locks held, until the statement ends. Local to the transaction, so
 * nothing of it stays on a pooler's server connection.
 */
async function locked<T>(client: pg.Client, fn: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    await client.query(
      `SELECT pg_advisory_xact_lock(${LOCK_KEY}), CASE WHEN current_setting('server_version_num')::int >= 140000 THEN set_config('client_connection_check_interval', '1000', true) END`,
    );
    const out = await fn();
    await client.query("COMMIT");
    return out;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
}

/**
 * Is this connection a session of its own on the server, or does a pooler stand between (and
 * hand each transaction whichever server connection is free)? Postgres tells a client its
 * backend's pid at login; PgBouncer tells it a random key of its own instead.
 */
async function direct(client: pg.Client): Promise<boolean> {
  const pid = (client as unknown as { processID: number | null }).processID;
  const r = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  return r.rows[0]!.pid === pid;
}

/**
 * Applies the pending files of `dir` in name order, each in its own transaction. Refuses (and
 * applies nothing) when an applied file has changed. With no files at all it touches nothing,
 * so a site without _db/ never needs more than read access. Several processes may call it at
 * once, on one database, directly or through a transaction pooler: each file is applied by
 * exactly one of them (the others find it recorded once they hold the lock).
 */
export async function migrate(
  url: string,
  dir: string,
  log: (line: string) => void = () => {},
): Promise<MigrateResult> {
  const files = migrationFiles(dir);
  const result: MigrateResult = { applied: [], adopted: [] };
  if (files.length === 0) return result;
  const client = await connect(url);
  try {
    const adopted = await locked(client, async () => {
      if (await tableExists(client)) return false;
      // Tables but no record: a database the old runner seeded (or made by hand), whose files
      // are taken as applied, since running them again would fail or duplicate its rows; or a
      // shared database holding other tables, where the site's files must run. The first file,
      // tried and rolled back, tells them apart: it fails on what it would create twice.
      const adopt = (await hasUserRelations(client)) && (await createsExisting(client, files[0]!));
      await client.query(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        adopted boolean NOT NULL DEFAULT false,
        created jsonb
      )`);
      if (!adopt) return false;
      for (const f of files)
        await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (name, checksum, adopted) VALUES ($1, $2, true)`, [
          f.name,
          f.checksum,
        ]);
      return true;
    });
    if (adopted) {
      result.adopted = files.map((f) => f.name);
      log(
        `adopted an existing database: recorded ${result.adopted.map(label).join(", ")} as applied without running them (see quarry db status)`,
      );
      return result;
    }
    // Checked before anything runs, so a changed file stops the start with nothing applied.
    const pending = await locked(client, async () => {
      const rows = await recorded(client);
      for (const f of files) {
        const row = rows.get(f.name);
        if (row && row.checksum !== f.checksum) throw changedError(f, row);
      }
      const out = files.filter((f) => !rows.has(f.name));
      if (out.length > 0) await ensureCreatedColumn(client);
      return out;
    });
    let isDirect: boolean | null = null;
    for (const f of pending) {
      const tx = !NO_TRANSACTION.test(f.sql);
      if (!tx && !(isDirect ??= await direct(client))) throw sessionNeeded(f);
      // A long seed (a 50,000-row log) says it is still at work.
      const started = Date.now();
      const timer = setInterval(
        () => log(`still running ${label(f.name)} (${Math.round((Date.now() - started) / 1000)} s)…`),
        PROGRESS_MS,
      );
      try {
        const ran = tx ? await locked(client, () => applyOnce(client, f)) : await applyOutside(client, f);
        if (!ran) continue;
      } finally {
        clearInterval(timer);
      }
      result.applied.push(f.name);
      log(`applied ${label(f.name)}`);
    }
    return result;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether another process applied the file while this one waited for the lock (refused if it was changed since). */
async function appliedMeanwhile(client: pg.Client, f: MigrationFile): Promise<boolean> {
  const now = await client.query<Row>(
    `SELECT name, checksum, applied_at, adopted FROM ${MIGRATIONS_TABLE} WHERE name = $1`,
    [f.name],
  );
  const row = now.rows[0];
  if (row && row.checksum !== f.checksum) throw changedError(f, row);
  return row !== undefined;
}

/**
 * Runs one file and records it, inside the caller's transaction, unless another process
 * applied it while this one waited for the lock (false then).
 */
async function applyOnce(client: pg.Client, f: MigrationFile): Promise<boolean> {
  if (await appliedMeanwhile(client, f)) return false;
  try {
    const before = await objects(client);
    await client.query(f.sql);
    const created = await createdSince(client, before);
    await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (name, checksum, created) VALUES ($1, $2, $3)`, [
      f.name,
      f.checksum,
      JSON.stringify(created),
    ]);
  } catch (err) {
    throw failedError(f, err);
  }
  return true;
}

/**
 * A `-- quarry: no-transaction` file (CREATE INDEX CONCURRENTLY, …) cannot hold a transaction's
 * lock while it runs: it holds the session lock instead, which only a direct connection keeps
 * (the caller checked), and gives it back itself.
 */
async function applyOutside(client: pg.Client, f: MigrationFile): Promise<boolean> {
  await client.query(`SELECT pg_advisory_lock(${LOCK_KEY})`);
  try {
    if (await appliedMeanwhile(client, f)) return false;
    const before = await objects(client);
    try {
      await client.query(f.sql);
    } catch (err) {
      throw failedError(f, err);
    }
    const created = await createdSince(client, before);
    await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (name, checksum, created) VALUES ($1, $2, $3)`, [
      f.name,
      f.checksum,
      JSON.stringify(created),
    ]);
    return true;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`).catch(() => {});
  }
}

function sessionNeeded(f: MigrationFile): MigrationError {
  return new MigrationError(
    codes.MIGRATION,
    `${label(f.name)} runs outside a transaction (-- quarry: no-transaction), which needs a session of its own on the server, but this connection goes through a pooler; nothing of it was applied. Give the datasource a directUrl (or DATABASE_DIRECT_URL) that reaches Postgres directly: quarry db migrate and quarry start use it for migrations`,
  );
}

/**
 * Drops everything in the database that its user owns: every schema it owns (with all they
 * hold) and `public`, recreated empty, so the next migrate starts from nothing.
 */
export async function dropOwned(url: string): Promise<string[]> {
  const client = await connect(url);
  try {
    await client.query("BEGIN");
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    const r = await client.query<{ nspname: string }>(`
      SELECT n.nspname FROM pg_namespace n
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        AND (n.nspname = 'public' OR pg_has_role(current_user, n.nspowner, 'USAGE'))
      ORDER BY n.nspname`);
    const schemas = r.rows.map((row) => row.nspname);
    for (const s of schemas) await client.query(`DROP SCHEMA ${pg.escapeIdentifier(s)} CASCADE`);
    await client.query("CREATE SCHEMA public");
    await client.query("COMMIT");
    return schemas;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Quarry's own tables besides quarry_migrations (sessions and their signing secret). */
const OWN_TABLES = ["quarry_session", "quarry_meta"];

/**
 * Drops what the recorded migrations created (and Quarry's own tables), nothing else, in one
 * transaction: for a database Quarry did not create, where other tables may live beside the
 * site's. Refuses, dropping nothing, when a recorded file's objects are unknown (adopted, or
 * applied before Quarry recorded them) or when an object it did not create depends on one it
 * did (Postgres names it). Returns what was dropped, as "kind name".
 */
export async function dropCreated(url: string): Promise<string[]> {
  const client = await connect(url);
  try {
    await client.query("BEGIN");
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    const dropped: string[] = [];
    const all: CreatedObject[] = [];
    if (await tableExists(client)) {
      await ensureCreatedColumn(client);
      const r = await client.query<{ name: string; created: CreatedObject[] | null }>(
        `SELECT name, created FROM ${MIGRATIONS_TABLE} ORDER BY name`,
      );
      const unknown = r.rows.filter((row) => row.created === null).map((row) => label(row.name));
      if (unknown.length) {
        throw new MigrationError(
          codes.RESET,
          `quarry db reset cannot tell what ${unknown.join(", ")} created (adopted, or applied before Quarry recorded what each file creates), so it drops nothing on a database it did not create. Drop the site's objects by hand (quarry db psql), then run quarry db migrate`,
        );
      }
      for (const row of r.rows) all.push(...row.created!);
    }
    for (const kind of DROP_ORDER) {
      const names = [...new Set(all.filter((o) => o.kind === kind).map((o) => o.name))];
      if (names.length === 0) continue;
      // One statement per kind: objects of one kind that depend on each other go together;
      // no CASCADE, so an object Quarry did not create that depends on one of these stops it all.
      await client.query(`DROP ${kind.toUpperCase()} IF EXISTS ${names.join(", ")}`);
      dropped.push(...names.map((n) => `${kind} ${n}`));
    }
    for (const t of [...OWN_TABLES, MIGRATIONS_TABLE]) await client.query(`DROP TABLE IF EXISTS ${t}`);
    await client.query("COMMIT");
    return dropped;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    if (err instanceof QuarryError) throw err;
    const e = err as pg.DatabaseError;
    throw new MigrationError(
      codes.RESET,
      `quarry db reset dropped nothing: ${e.message}${e.detail ? ` (${e.detail})` : ""}${e.code ? ` (SQLSTATE ${e.code})` : ""}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}
