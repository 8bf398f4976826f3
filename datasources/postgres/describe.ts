// What Postgres says of a statement without running it: the extended protocol's Parse and
// Describe (what PREPARE does, on the unnamed statement, which the next Parse replaces), then
// Sync. Postgres parses, resolves every table, column and function and types the parameters
// as node-postgres's Parse at run time lets it (no types given), and answers with the result's
// columns or an error with its position — nothing is executed. Used by `quarry check --db`
// (server/sql-check.ts), inside a read-only transaction rolled back at the end, or on a
// scratch database made for the check (`scratchDatabase`) and dropped after it.
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { connectClient, withDatabaseName } from "./hosts.js";

/** How the check's sessions show in pg_stat_activity. */
const APP = "quarry check";

interface Connection {
  parse(msg: { text: string; name: string; types: number[] }): void;
  describe(msg: { type: "S" | "P"; name: string }): void;
  sync(): void;
}

/** A node-postgres submittable (as pg-cursor is one) that sends Parse, Describe and Sync. */
class Describe {
  private columns: string[] = [];
  private error: Error | null = null;
  constructor(
    readonly text: string,
    private readonly done: (err: Error | null, columns: string[]) => void,
  ) {}
  submit(connection: Connection): void {
    connection.parse({ text: this.text, name: "", types: [] });
    connection.describe({ type: "S", name: "" });
    connection.sync();
  }
  handleRowDescription(msg: { fields: { name: string }[] }): void {
    this.columns = msg.fields.map((f) => f.name);
  }
  // node-postgres hands an error to the statement and forgets it: the ReadyForQuery that
  // follows goes to no one (the next statement waits for it all the same).
  handleError(err: Error): void {
    this.error ??= err;
    this.done(err, []);
  }
  handleReadyForQuery(): void {
    if (!this.error) this.done(null, this.columns);
  }
  // Not sent for a Describe; here so that a confused server cannot make node-postgres throw.
  handleDataRow(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
}

/**
 * The columns a statement returns (none for one without a result, an INSERT without
 * RETURNING), or Postgres's error (a pg DatabaseError: code, position, hint).
 */
export function describeStatement(client: pg.Client, sql: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const q = new Describe(sql, (err, columns) => (err ? reject(err) : resolve(columns)));
    // A submittable is accepted by pg.Client#query; its types do not say so.
    (client as unknown as { query(q: Describe): unknown }).query(q);
  });
}

/** Postgres's refusal of a statement: its message and what it added. */
export interface Refusal {
  message: string;
  state: string | null;
  detail: string;
  hint: string;
  /** 1-based, in characters of the SQL. */
  position: number | null;
}

/**
 * Describes each statement on `url`, in one read-only transaction rolled back at the end (a
 * savepoint around each, so one refused leaves the others to be described): the columns of
 * each, lower-cased, or Postgres's refusal.
 */
export async function describeAll(url: string, sqls: string[]): Promise<(string[] | Refusal)[]> {
  const out: (string[] | Refusal)[] = [];
  const client = await connectClient(url, { application_name: APP });
  try {
    await client.query("BEGIN READ ONLY");
    for (const sql of sqls) {
      await client.query("SAVEPOINT quarry_check");
      try {
        out.push((await describeStatement(client, sql)).map((n) => n.toLowerCase()));
      } catch (err) {
        await client.query("ROLLBACK TO SAVEPOINT quarry_check");
        const e = err as Partial<pg.DatabaseError> & Error;
        out.push({
          message: e.message,
          state: typeof e.code === "string" ? e.code : null,
          detail: e.detail ?? "",
          hint: e.hint ?? "",
          position: e.position ? Number(e.position) : null,
        });
      }
    }
    await client.query("ROLLBACK");
  } finally {
    await client.end().catch(() => {});
  }
  return out;
}

/** A database of its own for a check: created on the server `url` names, dropped by drop(). */
export interface Scratch {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function scratchDatabase(url: string): Promise<Scratch> {
  const admin = await connectClient(url, { application_name: APP });
  const name = `quarry_check_${randomBytes(6).toString("hex")}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (err) {
    await admin.end().catch(() => {});
    throw err;
  }
  return {
    url: withDatabaseName(url, name),
    name,
    async drop() {
      try {
        // WITH (FORCE) (Postgres 13+) ends a session a crashed check may have left; plain DROP before.
        await admin
          .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
          .catch(() => admin.query(`DROP DATABASE IF EXISTS ${name}`));
      } finally {
        await admin.end().catch(() => {});
      }
    },
  };
}
