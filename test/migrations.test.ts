// _db/*.sql as migrations on a real Postgres: applied once each, in name order, each in its own
// transaction and recorded with a checksum; an edited applied file is an error naming it; an
// old "seeded once" database is adopted; dev applies a saved file, and start a new one.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { startServer, until } from "./http.js";
import { dropOwned, migrate, migrationStatus, MigrationError } from "../server/migrations.js";
import { build } from "../server/build.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");

const NOTES = "CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL);\n";
const SEED = "INSERT INTO note (body) VALUES ('first'), ('second');\n";
const ADD_COLUMN = "ALTER TABLE note ADD COLUMN stars int NOT NULL DEFAULT 3;\n";

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

function siteWith(files: Record<string, string>): string {
  const root = site(files);
  made.push(root);
  return root;
}

const failure = async (p: Promise<unknown>): Promise<MigrationError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MigrationError);
  return err as MigrationError;
};

const states = async (url: string, dir: string) => (await migrationStatus(url, dir)).map((s) => `${s.name} ${s.state}`);

describe("migrate", () => {
  it("applies every file once, in name order, recording name, checksum and time", async () => {
    const url = await createDatabase([], "mig");
    const root = siteWith({ "_db/002_seed.sql": SEED, "_db/001_notes.sql": NOTES });
    const dir = join(root, "_db");
    expect(await states(url, dir)).toEqual(["001_notes.sql pending", "002_seed.sql pending"]);
    expect(await sql(url, "SELECT to_regclass('quarry_migrations') AS t")).toEqual([{ t: null }]);
    const lines: string[] = [];
    expect(await migrate(url, dir, (l) => lines.push(l))).toEqual({
      applied: ["001_notes.sql", "002_seed.sql"],
      adopted: [],
    });
    expect(lines).toEqual(["applied _db/001_notes.sql", "applied _db/002_seed.sql"]);
    const rows = await sql<{ name: string; checksum: string; adopted: boolean; recent: boolean }>(
      url,
      "SELECT name, checksum, adopted, applied_at > now() - interval '1 minute' AS recent FROM quarry_migrations ORDER BY name",
    );
    expect(rows).toEqual([
      { name: "001_notes.sql", checksum: expect.stringMatching(/^[0-9a-f]{64}$/), adopted: false, recent: true },
      { name: "002_seed.sql", checksum: expect.stringMatching(/^[0-9a-f]{64}$/), adopted: false, recent: true },
    ]);
    expect(await migrate(url, dir)).toEqual({ applied: [], adopted: [] });
    expect(await sql(url, "SELECT body FROM note ORDER BY id")).toEqual([{ body: "first" }, { body: "second" }]);

    writeFileSync(join(dir, "003_add_column.sql"), ADD_COLUMN);
    const status = await migrationStatus(url, dir);
    expect(status.map((s) => [s.name, s.state, s.appliedAt instanceof Date])).toEqual([
      ["001_notes.sql", "applied", true],
      ["002_seed.sql", "applied", true],
      ["003_add_column.sql", "pending", false],
    ]);
    expect(await migrate(url, dir)).toEqual({ applied: ["003_add_column.sql"], adopted: [] });
    expect(await sql(url, "SELECT body, stars FROM note ORDER BY id")).toEqual([
      { body: "first", stars: 3 },
      { body: "second", stars: 3 },
    ]);
  });

  it("refuses an applied file that was edited, naming it, and applies nothing", async () => {
    const url = await createDatabase([], "mig");
    const root = siteWith({ "_db/001_notes.sql": NOTES, "_db/002_seed.sql": SEED });
    const dir = join(root, "_db");
    await migrate(url, dir);
    writeFileSync(join(dir, "001_notes.sql"), NOTES.replace("text NOT NULL", "varchar(200) NOT NULL"));
    writeFileSync(join(dir, "003_add_column.sql"), ADD_COLUMN);
    const err = await failure(migrate(url, dir));
    expect(err.code).toBe("QRY_ERR_MIGRATION_CHANGED");
    expect(err.format()).toMatch(
      /^QRY_ERR_MIGRATION_CHANGED: _db\/001_notes\.sql was changed after it was applied on \d{4}-\d\d-\d\dT[\d:.]+Z \(checksum [0-9a-f]{12}…, now [0-9a-f]{12}…\)\. An applied migration never runs again: restore the file and put the change in a new one \(e\.g\. _db\/004_change\.sql\); on a development database, quarry db reset runs every file again$/,
    );
    expect(await states(url, dir)).toEqual([
      "001_notes.sql changed",
      "002_seed.sql applied",
      "003_add_column.sql pending",
    ]);
    expect(
      await sql(
        url,
        "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'note' AND column_name = 'stars'",
      ),
    ).toEqual([{ n: 0 }]);
  });

  it("rolls a failing file back whole, naming its line and column, and keeps the ones before it", async () => {
    const url = await createDatabase([], "mig");
    const root = siteWith({
      "_db/001_notes.sql": NOTES,
      "_db/002_bad.sql": "CREATE TABLE tag (name text);\nINSERT INTO tag SELECT nam FROM note;\n",
      "_db/003_later.sql": "CREATE TABLE later (x int);\n",
    });
    const dir = join(root, "_db");
    const err = await failure(migrate(url, dir));
    expect(err.format().split("\n")[0]).toBe(
      '_db/002_bad.sql:2:24 QRY_ERR_MIGRATION: column "nam" does not exist (SQLSTATE 42703); nothing of _db/002_bad.sql was applied',
    );
    expect(err.frame).toContain("> 2 | INSERT INTO tag SELECT nam FROM note;");
    expect(await states(url, dir)).toEqual(["001_notes.sql applied", "002_bad.sql pending", "003_later.sql pending"]);
    expect(await sql(url, "SELECT to_regclass('tag') AS tag, to_regclass('later') AS later")).toEqual([
      { tag: null, later: null },
    ]);
    // Fixed, it runs on the next migrate (it was never recorded, so editing it is fine).
    writeFileSync(join(dir, "002_bad.sql"), "CREATE TABLE tag (name text);\n");
    expect((await migrate(url, dir)).applied).toEqual(["002_bad.sql", "003_later.sql"]);
  });

  it("runs a file marked quarry:no-transaction outside a transaction", async () => {
    const url = await createDatabase([], "mig");
    const root = siteWith({
      "_db/001_notes.sql": NOTES,
      "_db/002_index.sql": "-- quarry: no-transaction\nCREATE INDEX CONCURRENTLY note_body ON note (body);\n",
    });
    expect((await migrate(url, join(root, "_db"))).applied).toEqual(["001_notes.sql", "002_index.sql"]);
    expect(await sql(url, "SELECT to_regclass('note_body') IS NOT NULL AS ok")).toEqual([{ ok: true }]);
  });

  it("adopts a database seeded by the old run-once logic without running its files again", async () => {
    const root = siteWith({ "_db/001_notes.sql": NOTES, "_db/002_seed.sql": SEED });
    const dir = join(root, "_db");
    const url = await createDatabase([join(dir, "001_notes.sql"), join(dir, "002_seed.sql")], "mig");
    const lines: string[] = [];
    expect(await migrate(url, dir, (l) => lines.push(l))).toEqual({
      adopted: ["001_notes.sql", "002_seed.sql"],
      applied: [],
    });
    expect(lines).toEqual([
      "adopted an existing database: recorded _db/001_notes.sql, _db/002_seed.sql as applied without running them (see quarry db status)",
    ]);
    expect(await sql(url, "SELECT count(*)::int AS n FROM note")).toEqual([{ n: 2 }]);
    expect(await states(url, dir)).toEqual(["001_notes.sql adopted", "002_seed.sql adopted"]);
    writeFileSync(join(dir, "003_add_column.sql"), ADD_COLUMN);
    expect((await migrate(url, dir)).applied).toEqual(["003_add_column.sql"]);
  });

  it("touches nothing for a site without _db/, and lists a recorded file that is gone as missing", async () => {
    const url = await createDatabase([], "mig");
    const root = siteWith({ "index.dbt": "x" });
    expect(await migrate(url, join(root, "_db"))).toEqual({ applied: [], adopted: [] });
    expect(await sql(url, "SELECT to_regclass('quarry_migrations') AS t")).toEqual([{ t: null }]);
    const other = siteWith({ "_db/001_notes.sql": NOTES });
    await migrate(url, join(other, "_db"));
    rmSync(join(other, "_db", "001_notes.sql"));
    expect(await states(url, join(other, "_db"))).toEqual(["001_notes.sql missing"]);
  });

  it("lets concurrent starts apply each file exactly once", async () => {
    const url = await createDatabase([], "mig");
    const root = siteWith({ "_db/001_notes.sql": NOTES, "_db/002_seed.sql": SEED });
    const results = await Promise.all([1, 2, 3, 4].map(() => migrate(url, join(root, "_db"))));
    expect(results.flatMap((r) => r.applied).sort()).toEqual(["001_notes.sql", "002_seed.sql"]);
    expect(await sql(url, "SELECT count(*)::int AS n FROM note")).toEqual([{ n: 2 }]);
  });

  it("dropOwned empties the database so every file runs again", async () => {
    const url = await createDatabase([], "mig");
    const root = siteWith({
      "_db/001_notes.sql": "CREATE SCHEMA app; CREATE TABLE app.t (x int);\n" + NOTES,
      "_db/002_seed.sql": SEED,
    });
    const dir = join(root, "_db");
    await migrate(url, dir);
    await sql(url, "INSERT INTO note (body) VALUES ('added later')");
    expect(await dropOwned(url)).toEqual(["app", "public"]);
    expect(await states(url, dir)).toEqual(["001_notes.sql pending", "002_seed.sql pending"]);
    expect((await migrate(url, dir)).applied).toEqual(["001_notes.sql", "002_seed.sql"]);
    expect(await sql(url, "SELECT body FROM note ORDER BY id")).toEqual([{ body: "first" }, { body: "second" }]);
  });
});

describe("migrations in quarry dev and quarry start", () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill("SIGKILL")));

  const PAGE =
    '<dbt:query name="n">SELECT * FROM note ORDER BY id</dbt:query><dbt:output>#n.columnList#</dbt:output>|<dbt:output query="n">#body#;</dbt:output>';

  it("dev applies a new _db file on save, and reports an edited applied one naming it", async () => {
    const url = await createDatabase([], "migdev");
    const root = siteWith({
      "quarry.config.json": JSON.stringify({ datasources: { main: { url } } }),
      "_db/001_notes.sql": NOTES,
      "_db/002_seed.sql": SEED,
      "index.dbt": PAGE,
    });
    const lines: string[] = [];
    const server = await startServer({ root, dev: true, log: (l) => lines.push(l) });
    try {
      expect(lines).toContain("applied _db/002_seed.sql");
      expect(await (await fetch(`${server.base}/`)).text()).toBe("ID,BODY|first;second;");
      // A change made before the watcher's first scan ends is not reported: write until it is.
      expect(
        await until(
          () => {
            writeFileSync(join(root, "_db", "003_add_column.sql"), ADD_COLUMN);
            return lines.includes("applied _db/003_add_column.sql");
          },
          (ok) => ok,
        ),
      ).toBe(true);
      expect(lines).toContain("changed _db/003_add_column.sql: applying new migrations");
      // The page's SELECT * sees the new column at once (its prepared plan is replaced).
      expect(await (await fetch(`${server.base}/`)).text()).toBe("ID,BODY,STARS|first;second;");

      writeFileSync(join(root, "_db", "001_notes.sql"), NOTES + "-- edited\n");
      const error = await until(
        () => lines.find((l) => l.startsWith("QRY_ERR_MIGRATION_CHANGED")),
        (l) => l !== undefined,
      );
      expect(error).toMatch(/^QRY_ERR_MIGRATION_CHANGED: _db\/001_notes\.sql was changed after it was applied/);
    } finally {
      await server.close();
    }
    // Restarting with the edited file refuses to serve, naming it.
    await expect(startServer({ root, dev: true })).rejects.toMatchObject({
      code: "QRY_ERR_MIGRATION_CHANGED",
      message: expect.stringMatching(/^_db\/001_notes\.sql was changed/),
    });
  });

  it("quarry start applies a new file at the next start, and refuses an edited applied one", async () => {
    const url = await createDatabase([], "migstart");
    const root = siteWith({ "_db/001_notes.sql": NOTES, "_db/002_seed.sql": SEED, "index.dbt": PAGE });
    const dist = join(mkdtempSync(join(tmpdir(), "quarry-migdist-")), "dist");
    made.push(dist);
    const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: "info" };
    const start = () =>
      new Promise<{ child: ChildProcess; base: string; out: () => string }>((resolve, reject) => {
        const child = spawn(process.execPath, [bin, "start", dist, "--port", "0"], { env });
        children.push(child);
        let out = "";
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
          if (m) resolve({ child, base: m[1]!, out: () => out });
        });
        child.stderr.on("data", (d: Buffer) => (out += d.toString()));
        child.on("exit", (code) => reject(Object.assign(new Error(`exited ${code}`), { code, out })));
      });
    const stop = (child: ChildProcess) =>
      new Promise<void>((resolve) => {
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      });
    build(root, dist);
    let server = await start();
    expect(await (await fetch(`${server.base}/`)).text()).toBe("ID,BODY|first;second;");
    await stop(server.child);

    writeFileSync(join(root, "_db", "003_add_column.sql"), ADD_COLUMN);
    build(root, dist);
    server = await start();
    expect(server.out()).toContain("applied _db/003_add_column.sql");
    expect(await (await fetch(`${server.base}/`)).text()).toBe("ID,BODY,STARS|first;second;");
    await stop(server.child);

    writeFileSync(join(root, "_db", "002_seed.sql"), SEED.replace("second", "2nd"));
    build(root, dist);
    const err = await start().then(
      () => null,
      (e: { code: number; out: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.out).toMatch(/QRY_ERR_MIGRATION_CHANGED: _db\/002_seed\.sql was changed after it was applied/);
    expect(await sql(url, "SELECT body FROM note ORDER BY id")).toEqual([{ body: "first" }, { body: "second" }]);
  });

  it.each([1, 2])(
    "quarry start --workers %i stopped with SIGTERM in the middle of a migration: says so, exits 1, the file is rolled back and its backend gone; the next start applies it",
    async (workers) => {
      const url = await createDatabase([], "migterm");
      const root = siteWith({ "_db/001_notes.sql": `${NOTES}SELECT pg_sleep(600);\n${SEED}`, "index.dbt": PAGE });
      const dist = join(mkdtempSync(join(tmpdir(), "quarry-migdist-")), "dist");
      made.push(dist);
      build(root, dist);
      const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: "info" };
      const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", "--workers", String(workers)], { env });
      children.push(child);
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      const sleeping = () =>
        sql<{ pid: number }>(
          url,
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%pg_sleep(600)%' AND pid <> pg_backend_pid()",
        );
      expect(await until(sleeping, (r) => r.length === 1, 30_000)).toHaveLength(1);
      child.kill("SIGTERM");
      expect(await exited).toBe(1);
      expect(out).toContain(
        "SIGTERM while starting: stopping before serving anything (a migration in progress is rolled back; the embedded Postgres, if any, stops)\n",
      );
      // The backend notices its client is gone within a second or so, not when pg_sleep ends.
      expect(await until(sleeping, (r) => r.length === 0, 30_000)).toEqual([]);
      expect(await sql(url, "SELECT to_regclass('note') AS t")).toEqual([{ t: null }]);
      expect(await states(url, join(dist, "_db"))).toEqual(["001_notes.sql pending"]);

      writeFileSync(join(root, "_db", "001_notes.sql"), NOTES + SEED);
      build(root, dist);
      expect((await migrate(url, join(dist, "_db"))).applied).toEqual(["001_notes.sql"]);
      expect(await sql(url, "SELECT body FROM note ORDER BY id")).toEqual([{ body: "first" }, { body: "second" }]);
    },
    90_000,
  );
});
