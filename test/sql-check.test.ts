// quarry check --db and quarry build --db: the real command in a child process, against the
// run's embedded Postgres (a database of the test's own, given as --db URL or DATABASE_URL).
// Each test runs the command in a process of its own (a scratch database, migrations): minutes on a loaded machine.
import { execFile } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { adminUrl, createDatabase, sql } from "./db.js";
import { database, startServer, until } from "./http.js";
import { RELOAD_PATH } from "../server/dev.js";

const run = promisify(execFile);
const bin = join(import.meta.dirname, "..", "bin", "quarry.js");

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function quarry(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const { DATABASE_URL: _, ...rest } = process.env;
  try {
    const r = await run(process.execPath, [bin, ...args], { env: { ...rest, ...env } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const SCHEMA = `CREATE TABLE note (id serial PRIMARY KEY, title text NOT NULL, body text, created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO note (title, body) VALUES ('first', 'hello');
`;

const GOOD = `<dbt:param name="url.id" type="integer" default="0">
<dbt:query name="notes">
  SELECT id, title, created_at FROM note WHERE id > #url.id# ORDER BY id
</dbt:query>
<ul><dbt:output query="notes"><li>#Title# #created_at# #notes.id# #currentRow#</li></dbt:output></ul>
<dbt:set one = queryExecute("SELECT title, body FROM note WHERE id = ?", [url.id])>
<dbt:output>#one.title# #one.recordCount#</dbt:output>
<dbt:query name="tagged">SELECT id FROM note WHERE id IN (<dbt:queryparam value="#url.id#" type="integer" list="true">)</dbt:query>
<dbt:query name="some">SELECT id FROM note <dbt:if url.id GT 0>WHERE id = #url.id#</dbt:if></dbt:query>
<dbt:set label = "x">
<dbt:loop query="notes"><dbt:output>#label#</dbt:output></dbt:loop>
`;

/**
 * leftovers() once none is left, or after 30 s. test/examples.test.ts runs `quarry check --db` on
 * the same server at the same time (test files run side by side): its scratch database lives
 * while its check runs, so one seen now may be its; one this file's check left never goes.
 */
const noLeftovers = () => until(leftovers, (v) => v.databases.length === 0 && v.sessions === 0, 30_000);

/** Databases the check may have made and sessions it may have left, on the whole server. */
async function leftovers(): Promise<{ databases: string[]; sessions: number }> {
  const dbs = await sql<{ datname: string }>(
    adminUrl(),
    "SELECT datname FROM pg_database WHERE datname LIKE 'quarry_check_%'",
  );
  const s = await sql<{ n: number }>(
    adminUrl(),
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'quarry check' OR datname LIKE 'quarry_check_%'",
  );
  return { databases: dbs.map((d) => d.datname), sessions: s[0]!.n };
}

/** The tables of a database outside the catalogs. */
const tables = async (url: string) =>
  (
    await sql<{ t: string }>(
      url,
      "SELECT table_name AS t FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1",
    )
  ).map((r) => r.t);

describe("quarry check --db", { timeout: 120_000 }, () => {
  it("passes a good site, skipping and counting the statement built at run time, and leaves the database as it was", async () => {
    const url = await createDatabase([]);
    const root = site({
      "_db/001_schema.sql": SCHEMA,
      "index.dbt": GOOD,
      // Reads a check cannot tie to a column are not errors: a variable another template sets,
      // a catch's error, a function's argument, a query variable filled by two statements. A
      // queryExecute whose params or options struct has a key made by #…# is built at run time.
      "_request.dbt": '<dbt:set siteName = "Notes">',
      "more.dbt": `<dbt:query name="dup">SELECT id FROM note</dbt:query>
<dbt:if url.keyExists("all")><dbt:query name="dup">SELECT id, title FROM note</dbt:query></dbt:if>
<dbt:output query="dup">#siteName# #dup.title# #title#<dbt:try><dbt:throw message="x"><dbt:catch>#error.message#</dbt:catch></dbt:try></dbt:output>
<dbt:function name="shout"><dbt:argument name="words"><dbt:query name="n">SELECT count(*) AS total FROM note</dbt:query><dbt:return words & n.total></dbt:function>
<dbt:set byKey = queryExecute("SELECT title FROM note WHERE id = :id", {"#'i'#d": 1})>
<dbt:set byOption = queryExecute("SELECT title FROM note", [], {"#'return'#type": "array"})>`,
    });
    const r = await quarry(["check", root, "--db", url]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(
      /^3 templates checked in .*; 6 statements checked against a scratch database on postgres:\/\/.*\/t_[0-9a-f]+ with _db\/ applied \(dropped\), 3 skipped \(3 built at run time\): no errors\n$/,
    );
    expect(r.code).toBe(0);
    // The migrations went to the scratch database: the one given has no table, and the scratch one is gone.
    expect(await tables(url)).toEqual([]);
    expect(await noLeftovers()).toEqual({ databases: [], sessions: 0 });
  });

  it("fails on a SQL typo with the statement's file:line:col, Postgres's message and a code frame", async () => {
    const url = await createDatabase([]);
    const root = site({
      "_db/001_schema.sql": SCHEMA,
      "index.dbt": GOOD,
      "pages/typo.dbt": '<p>notes</p>\n<dbt:query name="q">\n  SELECT id, titel FROM note\n</dbt:query>\n',
    });
    const r = await quarry(["check", root, "--db", url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      [
        'pages/typo.dbt:2:1 QRY_ERR_QUERY: Query failed: column "titel" does not exist (SQLSTATE 42703)',
        "  1 | <p>notes</p>",
        '> 2 | <dbt:query name="q">',
        "    | ^",
        "  3 |   SELECT id, titel FROM note",
        "  4 | </dbt:query>",
        'Hint: Perhaps you meant to reference the column "note.title".',
        "SQL: SELECT id, titel FROM note",
        "                ^",
        "",
        "",
      ].join("\n"),
    );
    expect(r.stdout).toMatch(/^2 templates checked in .*; 4 statements checked against .*: 1 error\n$/);
    expect(await tables(url)).toEqual([]);
    expect(await noLeftovers()).toEqual({ databases: [], sessions: 0 });
  });

  it("fails on a wrong table, in dbt:query and in queryExecute", async () => {
    const url = await createDatabase([]);
    const root = site({
      "_db/001_schema.sql": SCHEMA,
      "a.dbt": '<dbt:query name="q">SELECT id FROM notes</dbt:query>',
      "b.dbt": '<dbt:script>\n  rows = queryExecute("SELECT id FROM nots WHERE id = :id", {id: 1});\n</dbt:script>',
    });
    const r = await quarry(["check", root, "--db", url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'a.dbt:1:1 QRY_ERR_QUERY: Query failed: relation "notes" does not exist (SQLSTATE 42P01)\n> 1 | <dbt:query name="q">SELECT id FROM notes</dbt:query>\n    | ^\nSQL: SELECT id FROM notes\n                    ^\n',
    );
    expect(r.stderr).toContain(
      'b.dbt:2:10 QRY_ERR_QUERY: Query failed: relation "nots" does not exist (SQLSTATE 42P01)\n',
    );
    expect(r.stderr).toContain("SQL: SELECT id FROM nots WHERE id = $1\n");
    expect(r.stdout).toMatch(/: 2 errors\n$/);
  });

  it("fails on a #column# in dbt:output query and a q.column that the statement does not return", async () => {
    const url = await createDatabase([]);
    const root = site({
      "_db/001_schema.sql": SCHEMA,
      "index.dbt":
        '<dbt:query name="notes">SELECT id, title FROM note</dbt:query>\n<dbt:output query="notes">\n  <li>#titel#</li>\n</dbt:output>\n<dbt:output>#notes.body#</dbt:output>\n',
    });
    const r = await quarry(["check", root, "--db", url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      [
        'index.dbt:3:8 QRY_ERR_QUERY_COLUMN: "titel" is not a column of query notes (dbt:query at index.dbt:1:1; its columns: id, title) and nothing in the site sets a variable of that name',
        '  1 | <dbt:query name="notes">SELECT id, title FROM note</dbt:query>',
        '  2 | <dbt:output query="notes">',
        "> 3 |   <li>#titel#</li>",
        "    |        ^",
        "  4 | </dbt:output>",
        "  5 | <dbt:output>#notes.body#</dbt:output>",
        "",
        'index.dbt:5:19 QRY_ERR_QUERY_COLUMN: "body" is not a column of query notes (dbt:query at index.dbt:1:1; its columns: id, title)',
        "  3 |   <li>#titel#</li>",
        "  4 | </dbt:output>",
        "> 5 | <dbt:output>#notes.body#</dbt:output>",
        "    |                   ^",
        "  6 |",
        "",
        "",
      ].join("\n"),
    );
  });

  it("checks a site without migrations on the database itself, read-only, and with --db alone uses the dev database (DATABASE_URL)", async () => {
    const url = await createDatabase([]);
    await sql(url, SCHEMA);
    const root = site({
      "index.dbt": GOOD,
      "bad.dbt": '<dbt:query name="q">DELETE FROM note WHERE idd = 1</dbt:query>',
    });
    const r = await quarry(["check", root, "--db"], { DATABASE_URL: url });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bad.dbt:1:1 QRY_ERR_QUERY: Query failed: column "idd" does not exist (SQLSTATE 42703)');
    expect(r.stdout).toMatch(
      /; 4 statements checked against datasource main \(postgres:\/\/.*\/t_[0-9a-f]+\), 1 skipped/,
    );
    // Described, never run: the row is still there, and no migrations table was made.
    expect(await sql(url, "SELECT title FROM note")).toEqual([{ title: "first" }]);
    expect(await tables(url)).toEqual(["note"]);
    expect(await noLeftovers()).toEqual({ databases: [], sessions: 0 });
  });

  it("without --db checks the templates only, as before", async () => {
    const root = site({ "a.dbt": '<dbt:query name="q">SELECT nothing FROM nowhere</dbt:query>' });
    const r = await quarry(["check", root]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^1 template checked in .*: no errors\n$/);
  });

  it("reports a migration that fails, on the scratch database", async () => {
    const url = await createDatabase([]);
    const root = site({
      "_db/001_schema.sql": "CREATE TABLE x (id int);\nCREATE TABEL y (id int);\n",
      "a.dbt": "<p>a</p>" + '<dbt:query name="q">SELECT id FROM x</dbt:query>',
    });
    const r = await quarry(["check", root, "--db", url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("QRY_ERR_MIGRATION");
    expect(r.stderr).toContain("001_schema.sql");
    expect(await tables(url)).toEqual([]);
    expect(await noLeftovers()).toEqual({ databases: [], sessions: 0 });
  });
});

describe("quarry build --db", { timeout: 120_000 }, () => {
  it("fails the build and writes nothing when a statement is refused; builds when all pass", async () => {
    const url = await createDatabase([]);
    const root = site({
      "_db/001_schema.sql": SCHEMA,
      "index.dbt": GOOD,
      "bad.dbt": '<dbt:query name="q">SELEC 1</dbt:query>',
    });
    const out = join(site({}), "dist");
    const r = await quarry(["build", root, "--out", out, "--db", url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'bad.dbt:1:1 QRY_ERR_QUERY: Query failed: syntax error at or near "SELEC" (SQLSTATE 42601)',
    );
    expect(r.stderr).toMatch(
      /build failed: 1 error in the SQL check \(4 statements checked against .*\); nothing written\n$/,
    );
    expect(existsSync(out)).toBe(false);
    const good = site({ "_db/001_schema.sql": SCHEMA, "index.dbt": GOOD });
    const out2 = join(site({}), "dist");
    const ok = await quarry(["build", good, "--out", out2, "--db", url]);
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toMatch(
      /^built 1 template and 0 static files into .*; 3 statements checked against a scratch database .*\n$/,
    );
    expect(existsSync(join(out2, "manifest.json"))).toBe(true);
    expect(await noLeftovers()).toEqual({ databases: [], sessions: 0 });
  });
});

describe("quarry dev", { timeout: 120_000 }, () => {
  it("checks a saved page's SQL on its database and shows the problems at the top of the page until fixed", async () => {
    const url = await createDatabase([]);
    await sql(url, SCHEMA);
    const root = site({
      "index.dbt":
        '<dbt:query name="q">SELECT id, title FROM note</dbt:query>\n<dbt:output query="q">#title#</dbt:output>\n</body>',
    });
    const lines: string[] = [];
    const server = await startServer({ root, dev: true, database: database(url), log: (l) => lines.push(l) });
    const browser = { headers: { "sec-fetch-dest": "document" } };
    const events = await fetch(server.base + RELOAD_PATH);
    const reader = events.body!.getReader();
    try {
      await reader.read();
      const saved = async (text: string) => {
        writeFileSync(join(root, "index.dbt"), text);
        // Open pages reload once the check is done.
        expect(new TextDecoder().decode((await reader.read()).value as Uint8Array)).toBe("data: reload\n\n");
      };
      await saved(
        '<dbt:query name="q">SELECT id, title FROM note</dbt:query>\n<dbt:output query="q">#titel#</dbt:output>\n</body>',
      );
      const page = await (await fetch(`${server.base}/`, browser)).text();
      expect(page).toContain(
        '<div id="quarry-sql-check" style="position:fixed;top:0;left:0;right:0;max-height:60vh;overflow:auto;z-index:2147483647;background:#fff3f3;color:#5a0000;border-bottom:3px solid #c00;padding:8px 12px;font:13px/1.4 ui-monospace,monospace"><strong>quarry dev: the SQL check found 1 problem (quarry build --db would fail)</strong><pre style="white-space:pre-wrap;margin:8px 0 0">index.dbt:2:24 QRY_ERR_QUERY_COLUMN: &#34;titel&#34; is not a column of query q (dbt:query at index.dbt:1:1; its columns: id, title) and nothing in the site sets a variable of that name\n',
      );
      expect(lines).toContain(
        'index.dbt:2:24 QRY_ERR_QUERY_COLUMN: "titel" is not a column of query q (dbt:query at index.dbt:1:1; its columns: id, title) and nothing in the site sets a variable of that name\n  1 | <dbt:query name="q">SELECT id, title FROM note</dbt:query>\n> 2 | <dbt:output query="q">#titel#</dbt:output>\n    |                        ^\n  3 | </body>',
      );
      await saved('<dbt:query name="q">SELECT id, titl FROM note</dbt:query>\n</body>');
      const typo = await (await fetch(`${server.base}/`, browser)).text();
      expect(typo).toContain(
        "index.dbt:1:1 QRY_ERR_QUERY: Query failed: column &#34;titl&#34; does not exist (SQLSTATE 42703)",
      );
      expect(typo).not.toContain("titel");
      await saved(
        '<dbt:query name="q">SELECT id, title FROM note</dbt:query>\n<dbt:output query="q">#title#</dbt:output>\n</body>',
      );
      const fixed = await (await fetch(`${server.base}/`, browser)).text();
      expect(fixed.startsWith("first\n<details")).toBe(true);
      expect(fixed).not.toContain("quarry-sql-check");
    } finally {
      await reader.cancel();
      await server.close();
    }
    expect(await tables(url)).toEqual(["note"]);
    expect(await noLeftovers()).toEqual({ databases: [], sessions: 0 });
  });
});
