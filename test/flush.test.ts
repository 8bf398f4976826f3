// dbt:flush over real HTTP: the head and the output so far reach the client while the page is
// still waiting (on a Postgres advisory lock this test holds), in order through _request.dbt
// and includes; cookies, headers and the session go with the first flush; a page that fails
// after it cannot send an error status: the connection is cut (production) or the error page
// follows what was sent (quarry dev).
import { writeFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, site } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { database, startServer, until, type Server } from "./http.js";
import type { Database } from "../server/database.js";

const LOCK = 424242;
const FILES = {
  "_request.dbt": "<p>request</p>\n",
  "report.dbt": `<dbt:cookie name="seen" value="yes"><dbt:header name="x-report" value="1"><dbt:set session.who = "ann">
<p>head</p>
<dbt:include template="_part.dbt">
<dbt:query name="q">SELECT pg_advisory_lock(${LOCK}), pg_advisory_unlock(${LOCK})</dbt:query>
<dbt:set session.after = "kept">
<p>tail</p>
`,
  "_part.dbt": "<p>part</p><dbt:flush><p>after part</p>",
  "_whole.dbt": "<p>part</p><p>after part</p>",
  "tried.dbt": `<dbt:try><p>tried</p><dbt:flush><dbt:throw message="late"><dbt:catch><dbt:output><p>caught #error.message#</p></dbt:output></dbt:catch></dbt:try>`,
  "fails.dbt": `<p>sent</p><dbt:flush><dbt:set x = 1 / 0>`,
  "late-header.dbt": `<p>sent</p><dbt:flush><dbt:header name="x-late" value="1">`,
  "late-session.dbt": `<p>sent</p><dbt:flush><dbt:set session.late = 1>done`,
  "endless.dbt": `<dbt:output><dbt:loop condition="true">#repeatString("x", 100)#<dbt:flush></dbt:loop></dbt:output>`,
  // Megabytes a flush, more than the sockets hold: a client that does not read makes the page wait.
  "floods.dbt": `<dbt:setting requesttimeout="#url.limit#"><dbt:transaction><dbt:query name="q">INSERT INTO marks (id) VALUES (#url.id#)</dbt:query><dbt:set s = repeatString("x", 1000000)><dbt:loop from="1" to="25" index="i"><dbt:output>#s#</dbt:output><dbt:flush></dbt:loop></dbt:transaction>`,
  "aborts.dbt": `<p>start</p><dbt:try><dbt:include template="_aborts.dbt"><dbt:finally><p>finally</p></dbt:finally></dbt:try><p>never</p>`,
  "_aborts.dbt": `<p>inner</p><dbt:flush><p>flushed</p><dbt:abort>`,
  // The first flush ends between the two halves of a surrogate pair (left/right count UTF-16 units).
  "pair.dbt": `<dbt:set e = "x\u{1F600}"><dbt:output>#left(e, 2)#</dbt:output><dbt:flush><dbt:output>#right(e, 1)#</dbt:output>`,
  "me.dbt": `<dbt:output>#structKeyExists(session, "who") ? session.who : "-"# #structKeyExists(session, "after") ? session.after : "-"# #structKeyExists(session, "late") ? "late" : "-"#</dbt:output>`,
};

interface Streamed {
  res: IncomingMessage;
  /** Resolves with the text received once it holds `text`. */
  seen(text: string): Promise<string>;
  /** The whole body, or the error of a connection cut before its end. */
  done: Promise<string>;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      let body = "";
      const waiting: [string, (s: string) => void][] = [];
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
        for (const w of waiting.filter(([t]) => body.includes(t))) {
          waiting.splice(waiting.indexOf(w), 1);
          w[1](body);
        }
      });
      const done = new Promise<string>((ok, fail) => {
        res.on("end", () => ok(body));
        res.on("error", fail);
        res.on("aborted", () => fail(new Error(`cut after ${JSON.stringify(body)}`)));
      });
      done.catch(() => {});
      resolve({
        res,
        done,
        seen: (text) => (body.includes(text) ? Promise.resolve(body) : new Promise((ok) => waiting.push([text, ok]))),
      });
    })
      .on("error", reject)
      .end();
  });
}

const cookieOf = (res: IncomingMessage) => (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).join("; ");

let url: string;
beforeAll(async () => {
  url = await createDatabase([], "flush");
  await sql(url, "CREATE TABLE marks (id int)");
});

/** Requests `path` over a raw socket and stops reading once the head has come. */
async function stalled(base: string, path: string) {
  const socket = connect(Number(new URL(base).port), "127.0.0.1");
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  const first = await new Promise<string>((resolve) => socket.once("data", (b: Buffer) => resolve(b.toString())));
  socket.pause();
  return { first, socket };
}

/** Backends of the test database in an open transaction (a page holding one). */
const inTransaction = async () =>
  (
    await sql<{ n: number }>(
      url,
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
    )
  )[0]!.n;

describe.each(MODES)("dbt:flush over HTTP (%s)", (mode) => {
  let server: Server;
  let dev: Server;
  let root: string;
  let db: Database;
  const devLog: string[] = [];
  /** Connections lent to a page (a transaction's), beside those the pipeline shares. */
  const lent = () => {
    const s = db.datasources.get("main").stats();
    return s.borrowed - (s.shared ?? 0);
  };
  beforeAll(async () => {
    root = site(FILES);
    db = database(url);
    server = await startServer({ root, mode, database: db });
    dev = await startServer({ root, mode, dev: true, database: database(url), log: (l) => devLog.push(l) });
  });
  afterAll(async () => {
    await server.close();
    await dev.close();
  });

  it("sends the head and the output so far while the page waits, in order, then the rest", async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [LOCK]);
      const r = await get(server.base, "/report");
      // The page is blocked on the lock this test holds: what arrived came from the flush.
      expect(r.res.statusCode).toBe(200);
      expect(r.res.headers["x-report"]).toBe("1");
      expect(r.res.headers["transfer-encoding"]).toBe("chunked");
      expect(r.res.headers["content-type"]).toBe("text/html; charset=utf-8");
      // nginx passes each flushed part on instead of holding it in its buffers.
      expect(r.res.headers["x-accel-buffering"]).toBe("no");
      expect(cookieOf(r.res)).toMatch(/^quarry_sid=[^;]+; seen=yes$/);
      expect(await r.seen("<p>part</p>")).toBe("<p>request</p>\n<p>head</p>\n<p>part</p>");
      await holder.query("SELECT pg_advisory_unlock($1)", [LOCK]);
      const body = await r.done;
      expect(body).toBe("<p>request</p>\n<p>head</p>\n<p>part</p><p>after part</p><p>tail</p>\n");
      // The same bytes as the page gives without the flush.
      writeFileSync(join(root, "whole.dbt"), FILES["report.dbt"].replace("_part.dbt", "_whole.dbt"));
      expect(await (await get(server.base, "/whole")).done).toBe(body);
      // What the page stored in the session after the flush is kept too.
      const me = await get(server.base, "/me", { cookie: cookieOf(r.res) });
      expect(await me.done).toBe("<p>request</p>\nann kept -");
    } finally {
      await holder.end();
    }
  });

  it("cancels the waiting query of a page whose client leaves after a flush", async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    const waiting = async () =>
      (
        await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%pg_advisory_lock(${LOCK}), pg_advisory_unlock%' AND state = 'active' AND pid <> pg_backend_pid()`,
        )
      ).rows[0]!.n;
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [LOCK]);
      const r = await get(server.base, "/report");
      await r.seen("<p>part</p>");
      expect(await until(waiting, (n) => n === 1)).toBe(1);
      r.res.destroy();
      expect(await until(waiting, (n) => n === 0)).toBe(0);
      expect(await (await get(server.base, "/tried")).done).toBe("<p>request</p>\n<p>tried</p><p>caught late</p>");
    } finally {
      await holder.end();
    }
  });

  it("stops a page whose client stops reading at the time limit: its transaction rolls back, its connection goes back", async () => {
    const id = mode === "compiled" ? 1 : 2;
    const { first, socket } = await stalled(server.base, `/floods?limit=1&id=${id}`);
    try {
      expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      // The page waits on the client inside its transaction, then its time limit ends both.
      expect(await until(inTransaction, (n) => n === 0)).toBe(0);
      expect(await until(lent, (n) => n === 0)).toBe(0);
      expect(await sql(url, "SELECT id FROM marks WHERE id = $1", [id])).toEqual([]);
      expect(await (await get(server.base, "/me")).done).toBe("<p>request</p>\n- - -");
    } finally {
      socket.destroy();
    }
  });

  it("stops a page whose client leaves while it streams: no flush waits for a client that has gone", async () => {
    const id = mode === "compiled" ? 3 : 4;
    const { socket } = await stalled(server.base, `/floods?limit=60&id=${id}`);
    expect(await until(inTransaction, (n) => n === 1)).toBe(1);
    socket.destroy();
    // Well before its 60 s: the client's leaving ends the page, and its transaction with it.
    expect(await until(inTransaction, (n) => n === 0)).toBe(0);
    expect(await until(lent, (n) => n === 0)).toBe(0);
    expect(await sql(url, "SELECT id FROM marks WHERE id = $1", [id])).toEqual([]);
  });

  it("sends a dbt:finally's output after what an abort in an included template kept, flushed or not", async () => {
    const r = await get(server.base, "/aborts");
    expect(await r.done).toBe("<p>request</p>\n<p>start</p><p>inner</p><p>flushed</p><p>finally</p>");
  });

  it("never splits a character between two flushes: a surrogate pair arrives whole", async () => {
    expect(await (await get(server.base, "/pair")).done).toBe("<p>request</p>\nx\u{1F600}");
  });

  it("keeps what a flush sent inside dbt:try when the catch runs", async () => {
    expect(await (await get(server.base, "/tried")).done).toBe("<p>request</p>\n<p>tried</p><p>caught late</p>");
  });

  it("cuts the connection of a page that fails after its flush, in production", async () => {
    const r = await get(server.base, "/fails");
    expect(r.res.statusCode).toBe(200);
    await expect(r.done).rejects.toThrow('cut after "<p>request</p>\\n<p>sent</p>"');
    // The server goes on.
    expect(await (await get(server.base, "/me")).done).toBe("<p>request</p>\n- - -");
  });

  it("resets the connection of an HTTP/1.0 response that fails after its flush: its body, ended by the close, would look complete", async () => {
    const socket = connect(Number(new URL(server.base).port), "127.0.0.1");
    socket.write("GET /fails HTTP/1.0\r\n\r\n");
    let got = "";
    socket.on("data", (b: Buffer) => (got += b.toString()));
    const ending = await new Promise<string>((resolve) => {
      socket.on("end", () => resolve("closed"));
      socket.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    socket.destroy();
    // What arrived before the reset (if any) has no chunked framing: only the reset tells.
    expect(got).not.toContain("chunked");
    expect(ending).toBe("ECONNRESET");
  });

  it("refuses a header after the flush, and follows the output with the error page under quarry dev", async () => {
    const r = await get(dev.base, "/late-header");
    expect(r.res.statusCode).toBe(200);
    const body = await r.done;
    expect(body.startsWith("<p>request</p>\n<p>sent</p><!DOCTYPE html>")).toBe(true);
    expect(body).toContain("QRY_ERR_FLUSH");
    expect(body).toContain("dbt:header after dbt:flush (at late-header.dbt:1:12)");
    expect(body).toContain("late-header.dbt:1:23");
    expect(devLog.find((l) => l.includes("QRY_ERR"))).toMatch(
      /^late-header\.dbt:1:23 QRY_ERR_FLUSH: dbt:header after dbt:flush/,
    );
    // A browser gets the failed request's panel and the reload script, as on any dev page.
    const browser = await (await get(dev.base, "/late-header", { "sec-fetch-dest": "document" })).done;
    expect(browser.startsWith("<p>request</p>\n<p>sent</p><!DOCTYPE html>")).toBe(true);
    expect(browser).toContain(`<details id="quarry-debug" `);
    expect(
      browser.endsWith(
        `</details><script>(function(){var s=new EventSource("/_quarry/reload");s.onmessage=function(e){if(e.data==="reload")location.reload()};})();</script></body></html>\n`,
      ),
    ).toBe(true);
    expect(body).not.toContain("<script");
  });

  it("counts what was sent against maxOutputLength: a loop that flushes is stopped, the server goes on", async () => {
    const log: string[] = [];
    const small = await startServer({
      root,
      mode,
      dev: true,
      database: database(url),
      limits: { maxOutputLength: 1000 },
      log: (l) => log.push(l),
    });
    try {
      const body = await (await get(small.base, "/endless")).done;
      expect(body.startsWith(`<p>request</p>\n${"x".repeat(900)}<!DOCTYPE html>`)).toBe(true);
      expect(log.find((l) => l.includes("QRY_ERR"))).toMatch(
        /^endless\.dbt:1:\d+ QRY_ERR_OUTPUT_LIMIT: The page's output passed 1000 characters/,
      );
      expect(await (await get(small.base, "/tried")).done).toBe("<p>request</p>\n<p>tried</p><p>caught late</p>");
    } finally {
      await small.close();
    }
  });

  it("does not keep a session begun after the flush (its cookie could not be sent)", async () => {
    const r = await get(server.base, "/late-session");
    expect(await r.done).toBe("<p>request</p>\n<p>sent</p>done");
    expect(r.res.headers["set-cookie"]).toBeUndefined();
    // quarry dev says so where the developer looks.
    expect(await (await get(dev.base, "/late-session")).done).toBe("<p>request</p>\n<p>sent</p>done");
    expect(devLog.filter((l) => l.includes("session data set after dbt:flush"))).toEqual([
      "[warn] session data set after dbt:flush (at late-session.dbt:1:12) for a visitor without a session is not kept: set it before the first flush",
    ]);
  });
});

describe.each(MODES)("dbt:flush in the error pages (%s)", (mode) => {
  const fails = `<dbt:if structKeyExists(url, "fail")><dbt:set y = 1 / 0></dbt:if>`;
  let server: Server;
  let dev: Server;
  beforeAll(async () => {
    const root = site({
      "_error.dbt": `<dbt:output><p>error #error.status#</p></dbt:output><dbt:flush>${fails}<p>end</p>`,
      "_404.dbt": `<dbt:output><p>missing #error.status#</p></dbt:output><dbt:flush>${fails}<p>end</p>`,
      "throws.dbt": `<dbt:set x = 1 / 0>`,
    });
    server = await startServer({ root, mode, database: database(url) });
    dev = await startServer({ root, mode, dev: true, database: database(url) });
  });
  afterAll(async () => {
    await server.close();
    await dev.close();
  });

  it("streams _error.dbt and _404.dbt with their status", async () => {
    const e = await get(server.base, "/throws");
    expect([e.res.statusCode, e.res.headers["transfer-encoding"], await e.done]).toEqual([
      500,
      "chunked",
      "<p>error 500</p><p>end</p>",
    ]);
    const n = await get(server.base, "/nothing");
    expect([n.res.statusCode, await n.done]).toEqual([404, "<p>missing 404</p><p>end</p>"]);
  });

  it("cuts the connection of an error page that fails after its flush, instead of answering a second time", async () => {
    const e = await get(server.base, "/throws?fail");
    expect(e.res.statusCode).toBe(500);
    await expect(e.done).rejects.toThrow('cut after "<p>error 500</p>"');
    const n = await get(server.base, "/nothing?fail");
    expect(n.res.statusCode).toBe(404);
    await expect(n.done).rejects.toThrow('cut after "<p>missing 404</p>"');
    const d = await get(dev.base, "/nothing?fail");
    const body = await d.done;
    expect([d.res.statusCode, body.startsWith("<p>missing 404</p><!DOCTYPE html>")]).toEqual([404, true]);
    expect(body).toContain("QRY_ERR_TYPE");
    expect(body).toContain("_404.dbt:1:");
    expect(await (await get(server.base, "/throws")).done).toBe("<p>error 500</p><p>end</p>");
  });
});
