// quarry dev's debugging output: the panel under a page a browser loads, the JSON at
// /_quarry/debug, and --trace lines; none of it under quarry start.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { build } from "../server/build.js";
import { site } from "./helpers.js";
import { listening } from "./process.js";
import { createDatabase } from "./db.js";
import { Browser, database, startServer, until, type Server } from "./http.js";

const PAGES: Record<string, string> = {
  "_db/001.sql":
    "CREATE TABLE pet (id int PRIMARY KEY, name text); INSERT INTO pet VALUES (1, 'Rex'), (2, 'Tom'), (3, 'Kit');",
  "index.dbt": `<html><body>
<dbt:param name="url.id" type="integer" default="2">
<dbt:query name="one">SELECT name FROM pet WHERE id = #url.id#</dbt:query>
<dbt:query name="all">SELECT id FROM pet ORDER BY id</dbt:query>
<dbt:query name="cnt" cachedwithin="1m">SELECT count(*) AS n FROM pet WHERE name <> #"<b>"#</dbt:query>
<dbt:include template="_part.dbt">
<dbt:set session.seen = true>
<dbt:output>#one.name# #all.recordCount# #cnt.n#</dbt:output>
</body></html>`,
  "_part.dbt": "<p>part</p>",
  "fail.dbt": `<dbt:query name="x">SELECT nosuch FROM pet</dbt:query>`,
  "secret.dbt": `<dbt:set session.secret = createUUID()><dbt:output>#session.secret#</dbt:output>`,
};

const roots: string[] = [];
let dev: Server;
let prod: Server;
const lines: string[] = [];

beforeAll(async () => {
  const root = site(PAGES);
  roots.push(root);
  const url = await createDatabase([`${root}/_db/001.sql`], "debug");
  dev = await startServer({ root, dev: true, trace: true, database: database(url), log: (l) => lines.push(l) });
  prod = await startServer({ root, database: database(url) });
});
afterAll(async () => {
  await dev.close();
  await prod.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

const browser = { headers: { "sec-fetch-dest": "document" } };

describe("quarry dev debugging output", () => {
  it("lists every query with its SQL, values, rows, time and cache hit, and every template", async () => {
    await fetch(`${dev.base}/?id=1`);
    const res = await fetch(`${dev.base}/?id=1`);
    expect(await res.text()).toBe("<html><body>\n<p>part</p>Rex 3 3\n</body></html>");
    const id = res.headers.get("x-quarry-request-id")!;
    // The visitor whose page it was (the session it started is theirs) sees its session too.
    const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
    const entry = (await (await fetch(`${dev.base}/_quarry/debug/${id}`, { headers: { cookie } })).json()) as Record<
      string,
      unknown
    >;
    const queries = (entry.queries as Record<string, unknown>[]).map(({ ms, ...q }) => {
      expect(typeof ms).toBe("number");
      return q;
    });
    expect(queries).toEqual([
      {
        datasource: "main",
        sql: "SELECT name FROM pet WHERE id = $1",
        params: [1],
        rows: 1,
        cached: false,
        at: "index.dbt:3:1",
      },
      {
        datasource: "main",
        sql: "SELECT id FROM pet ORDER BY id",
        params: [],
        rows: 3,
        cached: false,
        at: "index.dbt:4:1",
      },
      {
        datasource: "main",
        sql: "SELECT count(*) AS n FROM pet WHERE name <> $1",
        params: ["<b>"],
        rows: 1,
        cached: true,
        at: "index.dbt:5:1",
      },
    ]);
    expect((entry.templates as { name: string; depth: number }[]).map((t) => [t.name, t.depth])).toEqual([
      ["index.dbt", 0],
      ["_part.dbt", 1],
    ]);
    expect(entry).toMatchObject({ method: "GET", url: "/?id=1", status: 200, session: { seen: true } });
    expect((entry.scopes as Record<string, string[]>).url).toEqual(["id"]);
  });

  it("appends a collapsed panel to pages a browser loads, with values escaped", async () => {
    const body = await (await fetch(`${dev.base}/?id=3`, browser)).text();
    expect(body).toMatch(/^<html><body>\n<p>part<\/p>Kit 3 3\n<details id="quarry-debug" /);
    expect(body).toContain("<pre>SELECT name FROM pet WHERE id = $1</pre>");
    expect(body).toContain("<code>[&#34;&#60;b&#62;&#34;]</code>");
    expect(body).not.toContain('["<b>"]');
    expect(body.indexOf("</details>")).toBeLessThan(body.indexOf("<script>"));
  });

  it("records a failed page's queries, and --trace prints them in the terminal", async () => {
    const res = await fetch(`${dev.base}/fail`);
    expect(res.status).toBe(500);
    const entry = (await (
      await fetch(`${dev.base}/_quarry/debug/${res.headers.get("x-quarry-request-id")}`)
    ).json()) as { queries: { error: string }[]; status: number };
    expect(entry.status).toBe(500);
    expect(entry.queries[0]!.error).toBe('Query failed: column "nosuch" does not exist (SQLSTATE 42703)');
    const trace = lines.find((l) => l.startsWith("── GET /fail 500 "))!;
    expect(trace).toContain('[main] fail.dbt:1:1 failed: Query failed: column "nosuch" does not exist');
    expect(trace).toContain("     SELECT nosuch FROM pet");
    expect(lines).toContain(
      'fail.dbt:1:1 QRY_ERR_QUERY: Query failed: column "nosuch" does not exist (SQLSTATE 42703)\n> 1 | <dbt:query name="x">SELECT nosuch FROM pet</dbt:query>\n    | ^\nSQL: SELECT nosuch FROM pet\n            ^\nParameters: []',
    );
  });

  it("shows each visitor only their own session, never another's", async () => {
    const ann = new Browser(dev.base);
    const bob = new Browser(dev.base);
    // Ann's first page starts her session, her second (on her cookie) replaces the value.
    const annSecret = await ann.get("/secret");
    const second = await ann.fetch("/secret");
    const annId = second.headers.get("x-quarry-request-id")!;
    const annNow = await second.text();
    expect(JSON.parse(await ann.get(`/_quarry/debug/${annId}`))).toMatchObject({ session: { secret: annNow } });
    const bobSecret = await bob.get("/secret");
    const stranger = await (await fetch(`${dev.base}/_quarry/debug`)).text();
    const asBob = await bob.get("/_quarry/debug");
    const asAnn = await ann.get("/_quarry/debug");
    for (const s of [annSecret, annNow]) {
      expect(stranger).not.toContain(s);
      expect(asBob).not.toContain(s);
      expect(asAnn).toContain(s);
    }
    expect(stranger).not.toContain(bobSecret);
    expect(asAnn).not.toContain(bobSecret);
    expect(asBob).toContain(bobSecret);
    // Another visitor's record keeps its queries and templates, without the session or its keys.
    const other = JSON.parse(await bob.get(`/_quarry/debug/${annId}`)) as Record<string, unknown>;
    expect([other.url, other.session, (other.scopes as Record<string, string[]>).session]).toEqual([
      "/secret",
      null,
      [],
    ]);
  });

  it("is never there under quarry start", async () => {
    const res = await fetch(`${prod.base}/?id=1`, browser);
    expect(res.headers.get("x-quarry-request-id")).toBeNull();
    expect(await res.text()).toBe("<html><body>\n<p>part</p>Rex 3 3\n</body></html>");
    expect((await fetch(`${prod.base}/_quarry/debug`)).status).toBe(404);
  });
});

describe("query caches", () => {
  it("quarry dev flushes them when a template changes", async () => {
    const root = site({
      "_db/001.sql": "CREATE TABLE t (n int); INSERT INTO t VALUES (1);",
      "c.dbt": `<dbt:query name="q" cachedwithin="1h">SELECT max(n) AS n FROM t</dbt:query><dbt:output>#q.n#</dbt:output>`,
      "w.dbt": `<dbt:query>INSERT INTO t VALUES (2)</dbt:query>`,
    });
    roots.push(root);
    const url = await createDatabase([`${root}/_db/001.sql`], "cache");
    const log: string[] = [];
    const server = await startServer({ root, dev: true, database: database(url), log: (l) => log.push(l) });
    try {
      expect(await (await fetch(`${server.base}/c`)).text()).toBe("1");
      await fetch(`${server.base}/w`);
      expect(await (await fetch(`${server.base}/c`)).text()).toBe("1");
      // The server listens only once its watcher has scanned the site: one save is seen.
      writeFileSync(join(root, "c.dbt"), readFileSync(join(root, "c.dbt"), "utf8"));
      const flushed = await until(
        () => log.some((l) => l.startsWith("flushed 1 cached query")),
        (v) => v,
        60_000,
      );
      expect(flushed).toBe(true);
      expect(await (await fetch(`${server.base}/c`)).text()).toBe("2");
    } finally {
      await server.close();
    }
  });
});

describe("quarry start", () => {
  it("flushes query caches on SIGUSR2", async () => {
    const root = site({
      "_db/001.sql": "CREATE TABLE t (n int); INSERT INTO t VALUES (1);",
      "c.dbt": `<dbt:query name="q" cachedwithin="1h">SELECT max(n) AS n FROM t</dbt:query><dbt:output>#q.n#</dbt:output>`,
      "w.dbt": `<dbt:query>INSERT INTO t VALUES (2)</dbt:query>`,
    });
    const dist = join(root, "..", `${root.split("/").pop()}-dist`);
    roots.push(root, dist);
    const url = await createDatabase([`${root}/_db/001.sql`], "sigusr");
    expect(build(root, dist).errors).toEqual([]);
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, "..", "bin", "quarry.js"), "start", dist, "--port", "0"],
      { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" } },
    );
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    try {
      const base = await listening(child);
      expect(await (await fetch(`${base}/c`)).text()).toBe("1");
      await fetch(`${base}/w`);
      expect(await (await fetch(`${base}/c`)).text()).toBe("1");
      child.kill("SIGUSR2");
      await until(
        async () => out,
        (o) => o.includes("query caches flushed (1 entry)"),
      );
      expect(await (await fetch(`${base}/c`)).text()).toBe("2");
    } finally {
      child.kill("SIGKILL");
    }
  });
});
