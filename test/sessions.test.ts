// Sessions over real HTTP, in memory and in Postgres: only written sessions are stored, a
// planted id is never adopted, sessionRotate()/sessionInvalidate() at login and logout, values
// keep their types, sessions survive a restart and are shared by two servers, a flood of
// cookieless writes cannot push out a real session, and the cookie is Secure over https.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Signer } from "@fastify/cookie";
import { createHmac } from "node:crypto";
import { site, renderError, at } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { Browser, database, startServer, type Server } from "./http.js";

const SECRET = "a test secret of some length";

const PAGES: Record<string, string> = {
  "login.dbt": `<dbt:param name="form.user" type="string"><dbt:set session.user = form.user><dbt:output>#sessionRotate()#</dbt:output>welcome`,
  "me.dbt": `<dbt:output>#structKeyExists(session, "user") ? session.user : "anonymous"#</dbt:output>`,
  "logout.dbt": `<dbt:output>#sessionInvalidate()##structCount(session)#</dbt:output> bye`,
  "count.dbt": `<dbt:set session.n = (structKeyExists(session, "n") ? session.n : 0) + 1><dbt:output>#session.n#</dbt:output>`,
  "read.dbt": `<dbt:output>#structKeyExists(session, "n") ? session.n : 0# #cgi.remote_addr# #cgi.https#</dbt:output>`,
  "form.dbt": `<form method="post"><dbt:output>#csrfField()#</dbt:output></form>`,
  // Pages that look at the session, or touch it and leave it empty: none may start one.
  "peek.dbt": `<dbt:output>#isDefined("session.user")# #session.user ?: "none"# #structCount(session)# #serializeJSON(session)#</dbt:output>`,
  "locked.dbt": `<dbt:lock scope="session" timeout="5"><dbt:output>#structKeyExists(session, "n")#</dbt:output></dbt:lock>`,
  "rotate-none.dbt": `<dbt:output>#sessionRotate()##sessionInvalidate()#</dbt:output>ok`,
  "set-and-clear.dbt": `<dbt:set session.tmp = 1><dbt:set structDelete(session, "tmp")><dbt:set session.other = 2><dbt:set structClear(session)>ok`,
  "set-then-fail.dbt": `<dbt:set session.n = 1><dbt:throw message="no">`,
  "big.dbt": `<dbt:param name="url.n" type="integer"><dbt:set session.s = repeatString("x", url.n)><dbt:output>#len(session.s)#</dbt:output>`,
  // Flash messages: set before a redirect, shown once by the page that reads them.
  "flash-set.dbt": `<dbt:param name="url.msg" type="string"><dbt:set flash("notice", url.msg)><dbt:location url="/flash-show" statuscode="303">`,
  "flash-more.dbt": `<dbt:set flash("Notice", "replaced")><dbt:set flash("extra", {n: 2, at: createDate(2024, 2, 29)})>kept for later`,
  "flash-show.dbt": `<dbt:set f = getFlash()><dbt:output>[#getFlash("notice")#] #structKeyList(f)# #structCount(session)#<dbt:if structKeyExists(f, "extra")> #f.extra.n# #dateFormat(f.extra.at, "yyyy-mm-dd")#</dbt:if></dbt:output>`,
  "flash-reread.dbt": `<dbt:set a = getFlash()><dbt:set flash("next", "for the next page")><dbt:output>#structKeyList(a)# #structKeyList(getFlash())#</dbt:output>`,
  "flash-fail.dbt": `<dbt:output>#getFlash("notice")#</dbt:output><dbt:throw message="no">`,
  "flash-logout.dbt": `<dbt:set session.user = "x"><dbt:set flash("stale", 1)><dbt:set sessionInvalidate()><dbt:set flash("notice", "Signed out")><dbt:location url="/flash-show">`,
  "flash-forge.dbt": `<dbt:set session["$flash"] = {notice: "forged"}><dbt:set session["flash"] = "data">ok`,
  "values.dbt": `<dbt:if structKeyExists(url, "set")>
<dbt:set session.v = { d: createDate(2024, 2, 29), q: queryNew("a,b", [{a: 1, b: "x"}, {a: 2, b: "$t"}]), "$t": "date", list: [1, "two", true, null], raw: raw("<b>") }>
</dbt:if><dbt:output>#dateFormat(session.v.d, "yyyy-mm-dd")# #session.v.q.recordCount# #valueList(session.v.q, "b")# #session.v["$t"]# #jsonEncode(session.v.list)# #session.v.raw# #typeOf(session.v.q)#</dbt:output>`,
};

function siteWith(config: Record<string, unknown>): string {
  const root = site(PAGES);
  writeFileSync(join(root, "quarry.config.json"), JSON.stringify(config));
  return root;
}

/** The cookie value a server with `secret` would set for session id `id`. */
const signed = (id: string, secret = SECRET) =>
  new Signer(createHmac("sha256", secret).update("quarry session cookie").digest("base64url")).sign(id);

let url: string;
const servers: Server[] = [];
async function serve(config: Record<string, unknown>, dist = false): Promise<Server> {
  const s = await startServer({ root: siteWith(config), database: database(url), ...(dist ? {} : {}) });
  servers.push(s);
  return s;
}

beforeAll(async () => {
  url = await createDatabase([], "sessions");
});
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe.each(["memory", "postgres"])("%s sessions", (store) => {
  let s: Server;
  beforeAll(async () => {
    s = await serve({ secret: SECRET, session: { store } });
  });

  it("are stored only once a page writes one", async () => {
    const b = new Browser(s.base);
    expect(await b.get("/read")).toBe("0 127.0.0.1 off");
    expect(b.cookies.has("quarry_sid")).toBe(false);
    expect(await b.get("/count")).toBe("1");
    expect(b.cookies.get("quarry_sid")).toMatch(/^[\w-]{32}\.[\w%+/=-]+$/);
    expect(await b.get("/count")).toBe("2");
  });

  it("are not started by a page that reads, locks, rotates or empties the session, or fails", async () => {
    const b = new Browser(s.base);
    const pages = ["/peek", "/locked", "/rotate-none", "/set-and-clear", "/set-then-fail"];
    const seen: [string, number, string[]][] = [];
    for (const p of pages) {
      const res = await b.fetch(p);
      seen.push([p, res.status, res.headers.getSetCookie().filter((c) => c.startsWith("quarry_sid"))]);
    }
    expect(seen).toEqual([
      ["/peek", 200, []],
      ["/locked", 200, []],
      ["/rotate-none", 200, []],
      ["/set-and-clear", 200, []],
      ["/set-then-fail", 500, []],
    ]);
    expect(await b.get("/peek")).toBe("false none 0 {}");
    if (store === "postgres") {
      // Nothing was written for this visitor: the table holds only the other tests' sessions.
      const rows = await sql<{ data: string }>(url, "SELECT data FROM quarry_session");
      expect(rows.filter((r) => r.data === "{}" || r.data.includes("tmp") || r.data.includes("other"))).toEqual([]);
    }
  });

  it("never adopt an id the server did not issue (session fixation)", async () => {
    const planted = "attacker-chosen-id-000000000000";
    const b = new Browser(s.base);
    b.cookies.set("quarry_sid", encodeURIComponent(signed(planted)));
    expect(await b.get("/count")).toBe("1");
    const issued = decodeURIComponent(b.cookies.get("quarry_sid")!);
    expect(issued.split(".")[0]).not.toBe(planted);
    // The attacker's planted id reads nothing of the victim's session.
    const attacker = new Browser(s.base);
    attacker.cookies.set("quarry_sid", encodeURIComponent(signed(planted)));
    expect(await attacker.get("/read")).toBe("0 127.0.0.1 off");
  });

  it("sessionRotate() at login gives a new id with the same data; the old id reads nothing", async () => {
    const b = new Browser(s.base);
    await b.get("/count");
    const before = b.cookies.get("quarry_sid")!;
    await b.get("/form");
    const login = await b.post("/login", { user: "ada" });
    expect([login.status, await login.text()]).toEqual([200, "welcome"]);
    const after = b.cookies.get("quarry_sid")!;
    expect(after).not.toBe(before);
    expect(await b.get("/me")).toBe("ada");
    expect(await b.get("/read")).toBe("1 127.0.0.1 off");
    const old = new Browser(s.base);
    old.cookies.set("quarry_sid", before);
    expect(await old.get("/me")).toBe("anonymous");
    expect(await old.get("/read")).toBe("0 127.0.0.1 off");
  });

  it("sessionInvalidate() at logout deletes the session and clears the cookie", async () => {
    const b = new Browser(s.base);
    await b.get("/form");
    await b.post("/login", { user: "bob" });
    const id = b.cookies.get("quarry_sid")!;
    const res = await b.fetch("/logout");
    expect(await res.text()).toBe("0 bye");
    expect(res.headers.getSetCookie()[0]).toMatch(
      /^quarry_sid=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    expect(b.cookies.has("quarry_sid")).toBe(false);
    const old = new Browser(s.base);
    old.cookies.set("quarry_sid", id);
    expect(await old.get("/me")).toBe("anonymous");
  });

  it("keep dates, queries, nulls, raw strings and $-keys as they were", async () => {
    const b = new Browser(s.base);
    const first = await b.get("/values?set=1");
    expect(first).toBe("2024-02-29 2 x,$t date [1,&quot;two&quot;,true,null] <b> query");
    expect(await b.get("/values")).toBe(first);
  });
});

describe.each(["memory", "postgres"])("flash messages in %s sessions", (store) => {
  let s: Server;
  beforeAll(async () => {
    s = await serve({ secret: SECRET, session: { store } });
  });

  it("survive one redirect, show once, and are gone after being read", async () => {
    const b = new Browser(s.base);
    const res = await b.fetch("/flash-set?msg=Saved%20%3Cb%3E");
    expect([res.status, res.headers.get("location")]).toEqual([303, "/flash-show"]);
    expect(b.cookies.has("quarry_sid")).toBe(true);
    // Escaped like any output; the session holds no data, only the message.
    expect(await b.get("/flash-show")).toBe("[Saved &lt;b&gt;] notice 0");
    expect(await b.get("/flash-show")).toBe("[]  0");
  });

  it("wait for a page that reads them; a failed page keeps them; a name set again replaces the message", async () => {
    const b = new Browser(s.base);
    await b.fetch("/flash-set?msg=first");
    expect(await b.get("/read")).toBe("0 127.0.0.1 off");
    expect((await b.fetch("/flash-fail")).status).toBe(500);
    expect(await b.get("/flash-more")).toBe("kept for later");
    expect(await b.get("/flash-show")).toBe("[replaced] notice,extra 0 2 2024-02-29");
    expect(await b.get("/flash-show")).toBe("[]  0");
  });

  it("read twice in one page are the same; one set by the reading page waits for the next", async () => {
    const b = new Browser(s.base);
    await b.fetch("/flash-set?msg=x");
    expect(await b.get("/flash-reread")).toBe("notice notice");
    expect(await b.get("/flash-show")).toBe("[] next 0");
    expect(await b.get("/flash-show")).toBe("[]  0");
  });

  it("set after sessionInvalidate() outlive the session they were set in; those set before do not", async () => {
    const b = new Browser(s.base);
    const res = await b.fetch("/flash-logout");
    expect(res.status).toBe(302);
    expect(await b.get("/flash-show")).toBe("[Signed out] notice 0");
  });

  it("cannot be forged through session data", async () => {
    const b = new Browser(s.base);
    expect(await b.get("/flash-forge")).toBe("ok");
    expect(await b.get("/flash-show")).toBe("[]  2");
  });
});

describe("postgres sessions across servers", () => {
  it("carry a flash message to a redirect answered by another server", async () => {
    const config = { secret: SECRET, session: { store: "postgres" } };
    const a = await serve(config);
    const b = await serve(config);
    const visitor = new Browser(a.base);
    expect((await visitor.fetch("/flash-set?msg=moved")).status).toBe(303);
    const onB = new Browser(b.base);
    onB.cookies.set("quarry_sid", visitor.cookies.get("quarry_sid")!);
    expect(await onB.get("/flash-show")).toBe("[moved] notice 0");
    expect(await visitor.get("/flash-show")).toBe("[]  0");
  });

  it("survive a restart and are shared by two servers, with the secret generated once and kept in the database", async () => {
    const config = { session: { store: "postgres" } };
    const a = await serve(config);
    const b = await serve(config);
    const visitor = new Browser(a.base);
    expect(await visitor.get("/count")).toBe("1");
    const onB = new Browser(b.base);
    onB.cookies.set("quarry_sid", visitor.cookies.get("quarry_sid")!);
    expect(await onB.get("/count")).toBe("2");
    await a.close();
    servers.splice(servers.indexOf(a), 1);
    const restarted = await serve(config);
    const again = new Browser(restarted.base);
    again.cookies.set("quarry_sid", visitor.cookies.get("quarry_sid")!);
    expect(await again.get("/count")).toBe("3");
    expect(await sql(url, "SELECT count(*)::int AS n FROM quarry_meta WHERE name = 'secret'")).toEqual([{ n: 1 }]);
    // Stored under a hash of the id: the table holds no usable cookie value.
    const id = decodeURIComponent(visitor.cookies.get("quarry_sid")!).split(".")[0]!;
    expect(await sql(url, "SELECT count(*)::int AS n FROM quarry_session WHERE id = $1", [id])).toEqual([{ n: 0 }]);
  });
});

describe("a flood of cookieless writes", () => {
  it("is limited per client address and never evicts a real session (rate limit)", async () => {
    const s = await serve({ secret: SECRET, session: { store: "memory", createPerMinute: 5 } });
    const real = new Browser(s.base);
    expect(await real.get("/count")).toBe("1");
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await fetch(`${s.base}/count`)).status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(4);
    expect(statuses.filter((x) => x === 429)).toHaveLength(26);
    const refused = await fetch(`${s.base}/count`);
    expect(await refused.text()).toContain("Too many new sessions from this address; try again in a minute");
    expect(await real.get("/count")).toBe("2");
  });

  it("never refuses a visitor when the memory store is full: sessions nobody came back with go first (capacity)", async () => {
    const s = await serve({ secret: SECRET, session: { store: "memory", createPerMinute: 1000, maxSessions: 3 } });
    const real = new Browser(s.base);
    expect(await real.get("/count")).toBe("1");
    expect(await real.get("/count")).toBe("2");
    const flood: Browser[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const b = new Browser(s.base);
      flood.push(b);
      statuses.push((await b.fetch("/count")).status);
    }
    expect(statuses).toEqual(Array<number>(20).fill(200));
    // The returning visitor kept theirs; of the flood, the two newest are held, the older ones forgotten.
    expect(await real.get("/count")).toBe("3");
    expect(await Promise.all(flood.slice(-3).map((b) => b.get("/read")))).toEqual([
      "0 127.0.0.1 off",
      "1 127.0.0.1 off",
      "1 127.0.0.1 off",
    ]);
  });

  it("are bounded in bytes (session.maxBytes): the oldest unreturned sessions make room, and one too large a session fails only its page", async () => {
    // 64 KiB, the least allowed: a session of 2,000 characters counts 2,000 + 8 (JSON) + 43 (key) + 160 = 2,211 bytes, so 29 fit.
    const s = await serve({
      secret: SECRET,
      session: { store: "memory", createPerMinute: 1000, maxBytes: 65536 },
    });
    const real = new Browser(s.base);
    expect(await real.get("/big?n=2000")).toBe("2000");
    expect(await real.get("/big?n=2000")).toBe("2000");
    const flood: Browser[] = [];
    for (let i = 0; i < 100; i++) {
      const b = new Browser(s.base);
      flood.push(b);
      expect((await b.fetch("/big?n=2000")).status).toBe(200);
    }
    // The returning visitor's session is held; of the flood, the 28 newest (29 in all fit).
    expect(await real.get("/peek")).toMatch(/^false none 1 /);
    const alive: boolean[] = [];
    for (const b of flood) alive.push((await b.get("/peek")).startsWith("false none 1 "));
    expect(alive.lastIndexOf(false)).toBe(71);
    expect(alive.slice(72)).toEqual(Array<boolean>(28).fill(true));
    // A 16th of maxBytes (4,096) is the most one session may take: 5,000 characters fail the page, nobody else's.
    const greedy = new Browser(s.base);
    const res = await greedy.fetch("/big?n=5000");
    expect(res.status).toBe(500);
    expect(greedy.cookies.has("quarry_sid")).toBe(false);
    expect(await real.get("/big?n=10")).toBe("10");
  });
});

describe("behind a proxy", () => {
  it("with trustProxy, the client address and https come from X-Forwarded-*, and the cookie is Secure", async () => {
    const s = await serve({ secret: SECRET, trustProxy: true });
    const headers = { "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https" };
    const res = await fetch(`${s.base}/count`, { headers });
    expect(res.headers.getSetCookie()[0]).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const read = await fetch(`${s.base}/read`, { headers });
    expect(await read.text()).toBe("0 203.0.113.7 on");
  });

  it("without it, X-Forwarded-* is ignored", async () => {
    const s = await serve({ secret: SECRET });
    const headers = { "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https" };
    const res = await fetch(`${s.base}/count`, { headers });
    expect(res.headers.getSetCookie()[0]).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await (await fetch(`${s.base}/read`, { headers })).text()).toBe("0 127.0.0.1 off");
  });
});

describe("the session functions", () => {
  it("need a served request: a plain render is QRY_ERR_SESSION in both modes", async () => {
    for (const call of [
      "csrfToken()",
      "csrfField()",
      "sessionRotate()",
      "sessionInvalidate()",
      'flash("a", 1)',
      "getFlash()",
    ]) {
      const fn = call.split("(")[0]!;
      const err = await renderError(`<p>\n  <dbt:set x = ${call}>`);
      expect([err.code, err.message, at(err)]).toEqual([
        "QRY_ERR_SESSION",
        `${fn}() needs a page served by the Quarry server (there is no request here)`,
        "2:16",
      ]);
    }
  });

  it("flash() and getFlash() refuse an empty name or one no struct may have, in both modes", async () => {
    for (const [call, message] of [
      ['flash("", 1)', "The name given to flash() is empty"],
      ['flash("__proto__", 1)', 'Access to "__proto__" is not allowed'],
      ['getFlash("constructor")', 'Access to "constructor" is not allowed'],
    ] as const) {
      const err = await renderError(`<p>\n  <dbt:set x = ${call}>`);
      expect([err.code, err.message, at(err)]).toEqual(["QRY_ERR_FUNCTION", message, "2:16"]);
    }
  });

  it("csrfField() prints a hidden field with the token that csrfToken() gives", async () => {
    const s = await serve({ secret: SECRET });
    const res = await fetch(`${s.base}/form`);
    expect(await res.text()).toMatch(
      /^<form method="post"><input type="hidden" name="_csrf" value="[\w-]{8}-[\w-]{43}"><\/form>$/,
    );
    expect(res.headers.getSetCookie()[0]).toMatch(/^quarry_csrf=[\w-]{24}; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});
