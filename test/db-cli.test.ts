// `quarry db status|migrate|reset|psql` as a user runs them: real processes, on a database
// named by DATABASE_URL and on the embedded Postgres (joined while quarry dev runs it).
import { execFile, spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { listening } from "./process.js";
import { createDatabase, sql } from "./db.js";
import { until } from "./http.js";
import { build } from "../server/build.js";
import { freePort } from "../datasources/postgres/embedded.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
const exec = promisify(execFile);

const NOTES = "CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL);\n";
const SEED = "INSERT INTO note (body) VALUES ('first'), ('second');\n";

const made: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  children.forEach((c) => c.kill("SIGKILL"));
  made.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function siteDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "quarry-dbcli-"));
  made.push(dir);
  // As root the embedded Postgres runs as the postgres user, who must be able to enter it.
  chmodSync(dir, 0o755);
  const root = join(dir, "site");
  mkdirSync(join(root, "_db"), { recursive: true });
  writeFileSync(join(root, "_db", "001_notes.sql"), NOTES);
  writeFileSync(join(root, "_db", "002_seed.sql"), SEED);
  writeFileSync(
    join(root, "index.dbt"),
    '<dbt:query name="n">SELECT body FROM note ORDER BY id</dbt:query><dbt:output query="n">#body#;</dbt:output>',
  );
  return root;
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `quarry …` to the end; never throws on a non-zero exit. */
async function quarry(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Ran> {
  const child = execFile(process.execPath, [bin, ...args], { env: { ...env, LOG_LEVEL: "silent" } });
  if (input !== undefined) child.stdin!.end(input);
  else child.stdin!.end();
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? -1)));
  return { code, stdout, stderr };
}

/** A PATH with every command of this one except psql (links in one folder). */
function pathWithoutPsql(): string {
  const dir = mkdtempSync(join(tmpdir(), "quarry-nopsql-"));
  made.push(dir);
  for (const d of (process.env.PATH ?? "").split(":")) {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const n of names) {
      if (n === "psql" || existsSync(join(dir, n))) continue;
      symlinkSync(join(d, n), join(dir, n));
    }
  }
  return dir;
}

const TIME = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC";

describe("quarry db on DATABASE_URL", () => {
  it("status, migrate, status again; an edited applied file makes both exit 1 naming it", async () => {
    const url = await createDatabase([], "dbcli");
    const root = siteDir();
    const env = { ...process.env, DATABASE_URL: url };
    let r = await quarry(["db", "status", root], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `database: datasource main (${url.replace(/:[^:@/]+@/, ":***@")})\npending                          _db/001_notes.sql\npending                          _db/002_seed.sql\n2 pending\n`,
    );
    r = await quarry(["db", "migrate", root], env);
    expect(r).toMatchObject({ code: 0, stdout: "applied _db/001_notes.sql\napplied _db/002_seed.sql\n" });
    r = await quarry(["db", "migrate", root], env);
    expect(r).toMatchObject({ code: 0, stdout: "up to date: no pending migrations\n" });
    r = await quarry(["db", "status", root], env);
    expect(r.stdout).toMatch(
      new RegExp(`\napplied  ${TIME} _db/001_notes\\.sql\napplied  ${TIME} _db/002_seed\\.sql\n2 applied\n$`),
    );
    // A build answers for its copy of _db/.
    const dist = join(root, "..", "dist");
    build(root, dist);
    writeFileSync(join(root, "_db", "003_later.sql"), "SELECT 1;\n");
    r = await quarry(["db", "status", dist], env);
    expect(r.stdout).toMatch(
      new RegExp(`\napplied  ${TIME} _db/001_notes\\.sql\napplied  ${TIME} _db/002_seed\\.sql\n2 applied\n$`),
    );
    rmSync(join(root, "_db", "003_later.sql"));

    writeFileSync(join(root, "_db", "001_notes.sql"), `${NOTES}-- edited\n`);
    writeFileSync(join(root, "_db", "003_more.sql"), "CREATE TABLE more (x int);\n");
    r = await quarry(["db", "status", root], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(
        `\nchanged  ${TIME} _db/001_notes\\.sql  \\(edited after it was applied: restore it, put the change in a new file\\)\napplied  ${TIME} _db/002_seed\\.sql\npending                          _db/003_more\\.sql\n1 applied, 1 pending, 1 changed\n$`,
      ),
    );
    r = await quarry(["db", "migrate", root], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^QRY_ERR_MIGRATION_CHANGED: _db\/001_notes\.sql was changed after it was applied/);
    expect(await sql(url, "SELECT to_regclass('more') AS t")).toEqual([{ t: null }]);
  });

  it("reset on a database Quarry did not create drops only what the migrations created", async () => {
    // The user's own table, view and function were there before the site: they must survive.
    const url = await createDatabase([], "dbcli");
    await sql(
      url,
      "CREATE TABLE keep_me (id int PRIMARY KEY, v text); INSERT INTO keep_me VALUES (1, 'mine'); CREATE FUNCTION keep_fn() RETURNS int LANGUAGE sql AS 'SELECT 1'",
    );
    const root = siteDir();
    writeFileSync(
      join(root, "_db", "003_more.sql"),
      "CREATE SCHEMA extra;\nCREATE TABLE extra.tag (id serial PRIMARY KEY, note_id int REFERENCES public.note (id));\nCREATE INDEX note_body ON note (body);\nCREATE TYPE mood AS ENUM ('ok', 'meh');\nCREATE VIEW note_view AS SELECT body FROM note;\nCREATE FUNCTION note_count() RETURNS bigint LANGUAGE sql AS 'SELECT count(*) FROM note';\n",
    );
    const env = { ...process.env, DATABASE_URL: url };
    // Other tables are there, but the site's files create what does not exist yet: they run.
    expect(await quarry(["db", "migrate", root], env)).toMatchObject({
      code: 0,
      stdout: "applied _db/001_notes.sql\napplied _db/002_seed.sql\napplied _db/003_more.sql\n",
    });
    await sql(url, "INSERT INTO note (body) VALUES ('mine')");
    const how = `datasource main (${url.replace(/:[^:@/]+@/, ":***@")})`;
    let r = await quarry(["db", "reset", root, "--yes"], env);
    expect(r).toMatchObject({
      code: 1,
      stderr: `refusing to reset ${how}: it is not the embedded Postgres. The tables, rows and other objects its _db/*.sql migrations created would be dropped; add --force if that is what you want\n`,
    });
    r = await quarry(["db", "reset", root, "--force"], env);
    expect(r).toMatchObject({
      code: 1,
      stderr: `quarry db reset drops what the _db/*.sql migrations created in ${how}: add --yes to do it when not run from a terminal\n`,
    });
    expect(await sql(url, "SELECT count(*)::int AS n FROM note")).toEqual([{ n: 3 }]);
    r = await quarry(["db", "reset", root, "--force", "--yes"], env);
    expect(r.stderr).toBe("");
    expect(r).toMatchObject({
      code: 0,
      stdout:
        "dropped view public.note_view, index public.note_body, table public.note, table extra.tag, sequence public.note_id_seq, sequence extra.tag_id_seq, function public.note_count(), type public.mood, schema extra\n" +
        "applied _db/001_notes.sql\napplied _db/002_seed.sql\napplied _db/003_more.sql\nreset done: 3 migrations applied\n",
    });
    expect(await sql(url, "SELECT body FROM note ORDER BY id")).toEqual([{ body: "first" }, { body: "second" }]);
    expect(await sql(url, "SELECT v, keep_fn() AS f FROM keep_me")).toEqual([{ v: "mine", f: 1 }]);

    // A view of the user's on a table the site created: nothing is dropped, and Postgres names it.
    await sql(url, "CREATE VIEW users_view AS SELECT count(*) AS n FROM note");
    r = await quarry(["db", "reset", root, "--force", "--yes"], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^QRY_ERR_RESET: quarry db reset dropped nothing: cannot drop desired object\(s\) because other objects depend on them \(view users_view depends on table note\) \(SQLSTATE 2BP01\)\n$/,
    );
    expect(await sql(url, "SELECT n::int FROM users_view")).toEqual([{ n: 2 }]);
    expect(await sql(url, "SELECT count(*)::int AS n FROM quarry_migrations")).toEqual([{ n: 3 }]);
  });

  it("reset drops nothing on a database whose migrations were adopted (their objects unknown)", async () => {
    // Tables but no quarry_migrations: the files are adopted, and what they made is unknown.
    const url = await createDatabase([], "dbcli");
    await sql(url, `${NOTES}${SEED}CREATE TABLE keep_me (id int);`);
    const root = siteDir();
    const env = { ...process.env, DATABASE_URL: url };
    expect((await quarry(["db", "migrate", root], env)).code).toBe(0);
    const r = await quarry(["db", "reset", root, "--force", "--yes"], env);
    expect(r).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "QRY_ERR_RESET: quarry db reset cannot tell what _db/001_notes.sql, _db/002_seed.sql created (adopted, or applied before Quarry recorded what each file creates), so it drops nothing on a database it did not create. Drop the site's objects by hand (quarry db psql), then run quarry db migrate\n",
    });
    expect(await sql(url, "SELECT count(*)::int AS n FROM note")).toEqual([{ n: 2 }]);
    expect(await sql(url, "SELECT count(*)::int AS n FROM keep_me")).toEqual([{ n: 0 }]);
  });

  it("reset asks on a terminal: no keeps everything, yes resets", async () => {
    const url = await createDatabase([], "dbcli");
    const root = siteDir();
    const env = { ...process.env, DATABASE_URL: url };
    await quarry(["db", "migrate", root], env);
    await sql(url, "INSERT INTO note (body) VALUES ('mine')");
    // script(1) gives the command a terminal and types the answer into it.
    const command = `${process.execPath} ${bin} db reset ${root} --force`;
    const typed = async (answer: string) => {
      const child = spawn("script", ["-qec", command, "/dev/null"], { env });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stdin.end(`${answer}\n`);
      const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? -1)));
      return { code, out };
    };
    const no = await typed("n");
    expect(no.out).toContain("Drop what the _db/*.sql migrations created in datasource main (");
    expect(no.out).toContain("nothing dropped");
    expect(no.code).toBe(1);
    expect(await sql(url, "SELECT count(*)::int AS n FROM note")).toEqual([{ n: 3 }]);
    const yes = await typed("y");
    expect(yes.out).toContain("reset done: 2 migrations applied");
    expect(yes.code).toBe(0);
    expect(await sql(url, "SELECT count(*)::int AS n FROM note")).toEqual([{ n: 2 }]);
  });

  it("psql runs a shell on the site's database; without psql it says so and prints the URL", async () => {
    const url = await createDatabase([], "dbcli");
    const root = siteDir();
    const env = { ...process.env, DATABASE_URL: url };
    await quarry(["db", "migrate", root], env);
    let r = await quarry(["db", "psql", root], env, "SELECT string_agg(body, ',' ORDER BY id) FROM note;\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(" first,second\n");
    // Arguments after -- go to psql.
    r = await quarry(["db", "psql", root, "--", "-At", "-c", "SELECT count(*) FROM note"], env);
    expect([r.code, r.stdout]).toEqual([0, "2\n"]);
    r = await quarry(["db", "psql", root], { ...env, PATH: pathWithoutPsql() });
    expect(r).toMatchObject({
      code: 1,
      stdout: `psql is not installed (on Debian or Ubuntu: apt-get install postgresql-client). Connect any Postgres client to:\n${url}\n`,
    });
  });

  it("names a missing site folder", async () => {
    const r = await quarry(["db", "status", "/nonexistent-site"], process.env);
    expect(r).toMatchObject({ code: 1, stderr: "QRY_ERR_CONFIG: Site folder /nonexistent-site does not exist\n" });
  });
});

describe("quarry db on the embedded Postgres", () => {
  it("stops the embedded Postgres it started when SIGTERM comes during a slow migration, and exits 130", async () => {
    const root = siteDir();
    writeFileSync(join(root, "_db", "003_slow.sql"), "SELECT pg_sleep(60);\n");
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [bin, "db", "migrate", root], { env });
    children.push(child);
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    // The two quick migrations are applied: the slow one is running.
    await until(
      () => stdout,
      (out) => out.includes("applied _db/002_seed.sql"),
      60_000,
    );
    expect(stdout).toContain("applied _db/002_seed.sql");
    const lock = JSON.parse(readFileSync(join(root, ".quarry", "postgres", "quarry.lock"), "utf8")) as {
      postgresPid: number;
    };
    const exited = new Promise<number | null>((r) => child.once("exit", (c) => r(c)));
    child.kill("SIGTERM");
    expect(await exited).toBe(130);
    expect(stderr).toContain("SIGTERM: stopping what this command started…\n");
    expect(() => process.kill(lock.postgresPid, 0)).toThrow();
    expect(existsSync(join(root, ".quarry", "postgres", "quarry.lock"))).toBe(false);
  });

  it("listens on the config's dataPort, in quarry db and quarry dev alike", async () => {
    const root = siteDir();
    const port = await freePort();
    writeFileSync(join(root, "quarry.config.json"), JSON.stringify({ dataPort: port }));
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    const r = await quarry(["db", "psql", root, "--", "-At", "-c", "SHOW port"], env);
    expect([r.code, r.stdout]).toEqual([0, `${port}\n`]);
    const dev = spawn(process.execPath, [bin, "dev", root, "--port", "0"], { env: { ...env, LOG_LEVEL: "silent" } });
    children.push(dev);
    const base = await listening(dev);
    expect(await (await fetch(`${base}/`)).text()).toBe("first;second;");
    // quarry db joins the cluster dev started, and finds it on that port.
    const joined = await quarry(["db", "psql", root, "--", "-At", "-c", "SHOW port"], env);
    expect([joined.code, joined.stdout]).toEqual([0, `${port}\n`]);
    await new Promise<void>((resolve) => {
      dev.on("exit", () => resolve());
      dev.kill("SIGTERM");
    });
  });

  it("joins the cluster quarry dev is running, resets it without --force, and starts it when nothing runs", async () => {
    const root = siteDir();
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    const dev = spawn(process.execPath, [bin, "dev", root, "--port", "0"], { env: { ...env, LOG_LEVEL: "silent" } });
    children.push(dev);
    const base = await listening(dev);
    expect(await (await fetch(`${base}/`)).text()).toBe("first;second;");
    const dataDir = join(root, ".quarry", "postgres");
    let r = await quarry(["db", "status", root], env);
    expect(r.stdout).toMatch(
      new RegExp(
        `^database: the embedded Postgres already running for this site \\(data in ${dataDir}\\)\napplied  ${TIME} _db/001_notes\\.sql\napplied  ${TIME} _db/002_seed\\.sql\n2 applied\n$`,
      ),
    );
    r = await quarry(["db", "psql", root], env, "INSERT INTO note (body) VALUES ('third');\n");
    expect(r.code).toBe(0);
    expect(await (await fetch(`${base}/`)).text()).toBe("first;second;third;");
    r = await quarry(["db", "reset", root, "--yes"], env);
    expect(r).toMatchObject({
      code: 0,
      stdout:
        "dropped schema public\napplied _db/001_notes.sql\napplied _db/002_seed.sql\nreset done: 2 migrations applied\n",
    });
    expect(await (await fetch(`${base}/`)).text()).toBe("first;second;");
    await new Promise<void>((resolve) => {
      dev.on("exit", () => resolve());
      dev.kill("SIGTERM");
    });
    writeFileSync(join(root, "_db", "003_more.sql"), "INSERT INTO note (body) VALUES ('more');\n");
    r = await quarry(["db", "migrate", root], env);
    expect(r).toMatchObject({ code: 0, stdout: "applied _db/003_more.sql\n" });
    r = await quarry(["db", "status", root], env);
    expect(r.stdout).toMatch(new RegExp(`^database: the embedded Postgres \\(data in ${dataDir}\\)\n`));

    // No psql: the URL is printed, and the Postgres started for it runs until Ctrl-C.
    const shell = spawn(process.execPath, [bin, "db", "psql", root], { env: { ...env, PATH: pathWithoutPsql() } });
    children.push(shell);
    let out = "";
    shell.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const printed = await until(
      async () => out,
      (o) => o.includes("Ctrl-C"),
      30_000,
    );
    const m =
      /^psql is not installed \(on Debian or Ubuntu: apt-get install postgresql-client\)\. Connect any Postgres client to:\n(postgres:\/\/\S+)\nThe embedded Postgres runs until you press Ctrl-C\.\n$/.exec(
        printed,
      );
    expect(m, printed).not.toBeNull();
    expect(await sql(m![1]!, "SELECT count(*)::int AS n FROM note")).toEqual([{ n: 3 }]);
    const code = new Promise<number | null>((resolve) => shell.on("exit", (c) => resolve(c)));
    shell.kill("SIGINT");
    expect(await code).toBe(0);
    await expect(sql(m![1]!, "SELECT 1")).rejects.toThrow(/ECONNREFUSED/);
  }, 90_000);
});

describe("quarry db --help", () => {
  it("lists the four commands and reset's options", async () => {
    const { stdout } = await exec(process.execPath, [bin, "db", "--help"]);
    for (const cmd of ["status", "migrate", "reset", "psql"]) expect(stdout).toMatch(new RegExp(`^  ${cmd} `, "m"));
    const reset = await exec(process.execPath, [bin, "db", "reset", "--help"]);
    expect(reset.stdout).toMatch(/^ {2}--yes +do not ask \(required when not run from a terminal\)$/m);
    expect(reset.stdout).toMatch(/^ {2}--force +allow resetting a database other than the embedded one \(only$/m);
    expect(reset.stdout).toMatch(/^ {2}--data-dir <dir> +the embedded Postgres's data folder, as for quarry dev and$/m);
  });
});
