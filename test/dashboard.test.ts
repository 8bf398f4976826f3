// quarry dev's dashboard at /_quarry/ over real HTTP: every panel's content, who may open it
// (loopback, dev.dashboardAllow, a loopback-looking Host), its actions refused without the
// dashboard's token or from another origin, migrations applied and caches flushed by its
// buttons, secrets never shown, only the requester's own session, mail caught in dev, and no
// dashboard under quarry start.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { Browser, raw, startServer, type Server } from "./http.js";
import { smtpSink, parseMessage } from "./smtp-sink.js";
import { build } from "../server/build.js";
import { listening, stop } from "./process.js";
import { redactText, redactValue } from "../server/dashboard/redact.js";
import { DashboardAccess, hostName } from "../server/dashboard/access.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
const SECRET = "session-secret-0123456789";
const MAIL_PASS = "mail-pass-SECRET";
const REPORT_PASS = "report-pass-SECRET";
const SSL_PASS = "ssl-SECRET";

/** The panel's content: what is inside <main>, after its heading. */
function main(html: string): string {
  const m = /<main id="panel"><h1>[^<]*<\/h1>\n([\s\S]*)\n<\/main>/.exec(html);
  if (!m) throw new Error(`no panel in ${html}`);
  return m[1]!;
}

let url: string;
let root: string;
let server: Server;
const lines: string[] = [];

const files = (dbUrl: string, extra: Record<string, unknown> = {}) => ({
  "quarry.config.json": JSON.stringify({
    datasources: {
      main: { url: dbUrl },
      reports: {
        url: `postgres://report:${REPORT_PASS}@127.0.0.1:1/reports?sslpassword=${SSL_PASS}&application_name=x`,
        acquireTimeoutMs: 1000,
      },
    },
    secret: SECRET,
    mail: { host: "127.0.0.1", port: 1, auth: { user: "mailer", pass: MAIL_PASS }, from: "Site <site@example.com>" },
    trustProxy: true,
    ...extra,
  }),
  "_db/001_guests.sql": "CREATE TABLE guests (id serial PRIMARY KEY, name text NOT NULL);\n",
  "_db/002_likes.sql": "CREATE TABLE likes (guest int NOT NULL);\n",
  "index.dbt":
    '<dbt:query name="g" cachedwithin="1h">SELECT count(*) AS n FROM guests</dbt:query><dbt:cache cachedwithin="1h">fragment</dbt:cache><dbt:set cachePut("answer", 42)><dbt:output>#g.n# guests</dbt:output>',
  "login.dbt": '<dbt:set session.user = "secret-of-" & url.name>hello',
  "mail.dbt":
    '<dbt:mail to="guest@example.com" subject="Welcome <in>">Hello & welcome.</dbt:mail><dbt:mail to="b@example.com" subject="Html" type="html"><p onclick="x()">Hi <b>there</b></p><script>alert(1)</script></dbt:mail>sent',
  "about/index.dbt": "about",
  "guests/list.dbt": '<dbt:include template="../_part.dbt">',
  "_part.dbt": "part",
  "_error.dbt": "<dbt:output>#error.message#</dbt:output>",
  "models/Guest.cfc": "component {}",
  "_schedule.json": '[{ "name": "new-year", "cron": "0 0 1 1 *", "page": "_tasks/new-year.dbt", "timezone": "UTC" }]\n',
  "_tasks/new-year.dbt": "happy new year",
  "style.css": "body{}",
});

beforeAll(async () => {
  url = await createDatabase([], "dashboard");
  root = site(files(url));
  server = await startServer({ root, dev: true, log: (l) => lines.push(l) });
});
afterAll(async () => {
  await server.close();
});

/** The panel with its forms' tokens as TOKEN (they are random). */
const tokenless = (html: string) => html.replace(/name="_csrf" value="[^"]+"/g, 'name="_csrf" value="TOKEN"');

const form = (action: string, label: string, fields: Record<string, string> = {}) =>
  `<form method="post" action="/_quarry/${action}"><input type="hidden" name="_csrf" value="TOKEN">${Object.entries(
    fields,
  )
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
    .join("")}<button type="submit">${label}</button></form>`;

/** Every panel's page as `b` sees it, with the mail viewer's. */
async function everyPanel(b: Browser): Promise<string[]> {
  const out: string[] = [];
  for (const p of [
    "",
    "pages",
    "datasources",
    "migrations",
    "requests",
    "caches",
    "session",
    "config",
    "mail",
    "schedule",
    "mail/1",
    "mail/2",
  ])
    out.push(await b.get(`/_quarry/${p}`));
  return out;
}

describe("quarry dev's dashboard", () => {
  it("the overview links every panel", async () => {
    const res = await fetch(`${server.base}/_quarry/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    // (no-referrer would make a browser send the dashboard's own forms with "Origin: null")
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(main(await res.text()))
      .toBe(`<p>quarry dev's view of the site. Only this machine may open it (see dev.dashboardAllow); it is never served by quarry start.</p>
<ul>
<li><a href="/_quarry/pages">Pages and routes</a>: which URL each page answers, the special templates, components and static files</li>
<li><a href="/_quarry/datasources">Datasources</a>: connections (passwords hidden), strategies, pool state, a connection test</li>
<li><a href="/_quarry/migrations">Migrations</a>: the _db/*.sql files with their status, and a button to apply the pending ones</li>
<li><a href="/_quarry/requests">Recent requests</a>: the last 50 page requests with their queries, templates and times</li>
<li><a href="/_quarry/caches">Caches</a>: query results, page fragments and values kept, with flush buttons</li>
<li><a href="/_quarry/session">Your session</a>: the session of this browser (only yours)</li>
<li><a href="/_quarry/config">Config</a>: the settings in force, defaults filled in, secrets hidden</li>
<li><a href="/_quarry/mail">Mail</a>: the mail dbt:mail sent, caught here instead of delivered, with a viewer</li>
<li><a href="/_quarry/schedule">Scheduled tasks</a>: the tasks of _schedule.json, when each runs next, and its latest runs</li>
</ul>`);
    for (const p of ["nope", "pages/x", "config/1", "nope/1"])
      expect((await fetch(`${server.base}/_quarry/${p}`)).status).toBe(404);
  });

  it("pages and routes: each page's URL, the special templates, includes, components, static files", async () => {
    const res = await fetch(`${server.base}/_quarry/pages`);
    expect(res.status).toBe(200);
    expect(main(await res.text())).toBe(`<h2>Pages (5)</h2>
<table><thead><tr><th>URL</th><th>template</th></tr></thead><tbody>
<tr><td><a href="/about/">/about/</a></td><td><code>about/index.dbt</code></td></tr>
<tr><td><a href="/guests/list">/guests/list</a></td><td><code>guests/list.dbt</code></td></tr>
<tr><td><a href="/">/</a></td><td><code>index.dbt</code></td></tr>
<tr><td><a href="/login">/login</a></td><td><code>login.dbt</code></td></tr>
<tr><td><a href="/mail">/mail</a></td><td><code>mail.dbt</code></td></tr>
</tbody></table>
<h2>Special templates</h2>
<table><thead><tr><th>template</th><th>role</th></tr></thead><tbody>
<tr><td><code>_error.dbt</code></td><td>the page of every error status</td></tr>
</tbody></table>
<h2>Included only, never a route (2)</h2>
<ul><li><code>_part.dbt</code></li><li><code>_tasks/new-year.dbt</code></li></ul>
<h2>Components (1)</h2>
<ul><li><code>models/Guest.cfc</code></li></ul>
<h2>Static files (1)</h2>
<ul><li><a href="/style.css">/style.css</a></li></ul>
<h2>quarry dev's own paths</h2>
<table><thead><tr><th>path</th><th>what</th></tr></thead><tbody>
<tr><td><a href="/_quarry/">/_quarry/</a></td><td>this dashboard</td></tr>
<tr><td><a href="/_quarry/debug">/_quarry/debug</a></td><td>the recent requests as JSON</td></tr>
<tr><td><code>/_quarry/reload</code></td><td>live reload (server-sent events)</td></tr>
</tbody></table>`);
  });

  it("datasources: connections without passwords, and a connection test", async () => {
    const b = new Browser(server.base);
    const page = tokenless(main(await b.get("/_quarry/datasources")));
    const shown = new URL(url);
    shown.password = "***";
    const stats = /<td>\d+ open, \d+ in use, \d+ idle, \d+ waiting, \d+ shared, \d+ in flight<\/td>/g;
    expect(page.replace(stats, "<td>STATS</td>"))
      .toBe(`<table><thead><tr><th>name</th><th>connection</th><th>strategy</th><th>pool</th><th>now</th><th></th></tr></thead><tbody>
<tr><td><b>main</b> (default)</td><td><code>${shown.toString()}</code></td><td>pipeline</td><td>0–10</td><td>STATS</td><td>${form("datasources/test", "Test connection", { name: "main" })}</td></tr>
<tr><td><b>reports</b></td><td><code>postgres://report:***@127.0.0.1:1/reports?sslpassword=***&amp;application_name=x</code></td><td>pipeline</td><td>0–10</td><td>STATS</td><td>${form("datasources/test", "Test connection", { name: "reports" })}</td></tr>
</tbody></table>`);
    const ok = await b.post("/_quarry/datasources/test", { name: "main" });
    expect(ok.status).toBe(200);
    expect(main(await ok.text())).toMatch(
      new RegExp(
        `^<p class="done" role="status">main: connected to database ${shown.pathname.slice(1)} in \\d+ ms \\(PostgreSQL \\d+\\.\\d+\\)</p>\\n<table>`,
      ),
    );
    const bad = main(await (await b.post("/_quarry/datasources/test", { name: "reports" })).text());
    expect(bad).toMatch(/^<p class="failed" role="alert">reports: [^<]+<\/p>\n<table>/);
    expect(bad).not.toContain(REPORT_PASS);
    const none = main(await (await b.post("/_quarry/datasources/test", { name: "toString" })).text());
    expect(none.split("\n")[0]).toBe('<p class="failed" role="alert">No datasource named &quot;toString&quot;</p>');
  });

  it("migrations: the status of each file, and the apply button applies the pending ones", async () => {
    const b = new Browser(server.base);
    const at = /<td>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/td>/g;
    const applied = `<table><thead><tr><th>file</th><th>status</th><th>applied at</th></tr></thead><tbody>
<tr><td><code>001_guests.sql</code></td><td>applied</td><td>AT</td></tr>
<tr><td><code>002_likes.sql</code></td><td>applied</td><td>AT</td></tr>
</tbody></table>`;
    expect(tokenless(main(await b.get("/_quarry/migrations"))).replace(at, "<td>AT</td>")).toBe(
      `<p>0 pending of 2. ${form("migrations/apply", "Apply pending")}</p>\n${applied}`,
    );
    // As if 002 had never run (quarry dev applies a saved file itself: the database is changed instead).
    await sql(url, "DROP TABLE likes");
    await sql(url, "DELETE FROM quarry_migrations WHERE name = '002_likes.sql'");
    expect(tokenless(main(await b.get("/_quarry/migrations"))).replace(at, "<td>AT</td>"))
      .toBe(`<p>1 pending of 2. ${form("migrations/apply", "Apply 1 pending")}</p>
<table><thead><tr><th>file</th><th>status</th><th>applied at</th></tr></thead><tbody>
<tr><td><code>001_guests.sql</code></td><td>applied</td><td>AT</td></tr>
<tr><td><code>002_likes.sql</code></td><td>pending</td><td></td></tr>
</tbody></table>`);
    const res = await b.post("/_quarry/migrations/apply", {});
    expect(res.status).toBe(200);
    expect(tokenless(main(await res.text())).replace(at, "<td>AT</td>")).toBe(
      `<p class="done" role="status">Applied 002_likes.sql</p>\n<p>0 pending of 2. ${form("migrations/apply", "Apply pending")}</p>\n${applied}`,
    );
    expect(await sql(url, "SELECT count(*)::int AS n FROM likes")).toEqual([{ n: 0 }]);
    expect(lines).toContain("dashboard: Applied 002_likes.sql");
    const again = main(await (await b.post("/_quarry/migrations/apply", {})).text());
    expect(again.split("\n")[0]).toBe('<p class="done" role="status">Nothing to apply: the database is up to date</p>');
  });

  it("recent requests: each with its queries, templates and times", async () => {
    const b = new Browser(server.base);
    expect(await b.get("/guests/list?x=<1>")).toBe("part");
    const page = main(await b.get("/_quarry/requests"));
    const first = page.split("\n<details>")[1]!;
    expect(first.replace(/\d+(\.\d+)? ms/g, "T ms").replace(/req-[\w-]+/, "ID"))
      .toBe(`<summary><code>GET /guests/list?x=%3C1%3E</code> · 200 · T ms · 0 queries · 2 templates · <a href="/_quarry/debug/ID">JSON</a></summary>
<h4>Queries</h4><p class="muted">no queries</p><h4>Templates</h4><table><thead><tr><th>template</th><th>time</th></tr></thead><tbody>
<tr><td>guests/list.dbt</td><td>T ms</td></tr>
<tr><td>&nbsp;&nbsp;_part.dbt</td><td>T ms</td></tr>
</tbody></table></details>`);
    await b.get("/");
    const second = main(await b.get("/_quarry/requests")).split("\n<details>")[1]!;
    expect(
      second
        .replace(/\d+(\.\d+)? ms/g, "T ms")
        .replace(/req-[\w-]+/, "ID")
        .replace(/<td>(yes)?<\/td><td>index/, "<td>C</td><td>index"),
    )
      .toBe(`<summary><code>GET /</code> · 200 · T ms · 1 query · 1 template · <a href="/_quarry/debug/ID">JSON</a></summary>
<h4>Queries</h4><table><thead><tr><th>datasource</th><th>SQL</th><th>values</th><th>rows</th><th>time</th><th>cached</th><th>at</th></tr></thead><tbody>
<tr><td>main</td><td><pre>SELECT count(*) AS n FROM guests</pre></td><td><code>[]</code></td><td>1</td><td>T ms</td><td>C</td><td>index.dbt:1:1</td></tr>
</tbody></table><h4>Templates</h4><table><thead><tr><th>template</th><th>time</th></tr></thead><tbody>
<tr><td>index.dbt</td><td>T ms</td></tr>
</tbody></table></details>`);
  });

  it("caches: what each holds, and the flush buttons", async () => {
    const b = new Browser(server.base);
    await b.get("/_quarry/caches");
    await b.post("/_quarry/caches/flush", { cache: "all" });
    expect(await b.get("/")).toBe("fragment0 guests");
    const table = (q: number, f: number, o: number) =>
      `<table><thead><tr><th>cache</th><th>filled by</th><th>entries</th><th></th></tr></thead><tbody>
<tr><td>Query results</td><td>dbt:query cachedwithin, queryExecute&#39;s cachedWithin</td><td>${q}</td><td>${form("caches/flush", "Flush query results", { cache: "queries" })}</td></tr>
<tr><td>Page fragments</td><td>dbt:cache</td><td>${f}</td><td>${form("caches/flush", "Flush page fragments", { cache: "fragments" })}</td></tr>
<tr><td>Values</td><td>cachePut / cacheGet</td><td>${o}</td><td>${form("caches/flush", "Flush values", { cache: "objects" })}</td></tr>
</tbody></table>
<p>${form("caches/flush", "Flush all", { cache: "all" })}</p>`;
    expect(tokenless(main(await b.get("/_quarry/caches")))).toBe(table(1, 1, 1));
    const res = await b.post("/_quarry/caches/flush", { cache: "queries" });
    expect(res.status).toBe(200);
    expect(tokenless(main(await res.text()))).toBe(
      `<p class="done" role="status">Flushed 1 query result</p>\n${table(0, 1, 1)}`,
    );
    expect(tokenless(main(await (await b.post("/_quarry/caches/flush", { cache: "all" })).text()))).toBe(
      `<p class="done" role="status">Flushed 0 query results, 1 fragment, 1 value</p>\n${table(0, 0, 0)}`,
    );
    expect(lines).toContain("dashboard: Flushed 0 query results, 1 fragment, 1 value");
    const none = main(await (await b.post("/_quarry/caches/flush", { cache: "constructor" })).text());
    expect(none.split("\n")[0]).toBe('<p class="failed" role="alert">No cache named &quot;constructor&quot;</p>');
  });

  it("your session: the requester's own, never another visitor's", async () => {
    const alice = new Browser(server.base);
    const bob = new Browser(server.base);
    const nobody = new Browser(server.base);
    expect(await alice.get("/login?name=alice")).toBe("hello");
    expect(await bob.get("/login?name=bob")).toBe("hello");
    expect(main(await alice.get("/_quarry/session"))).toBe(
      `<p>The session scope as this browser's pages see it (timeout 30 minutes, store memory).</p>\n<pre>{\n  &quot;user&quot;: &quot;secret-of-alice&quot;\n}</pre>`,
    );
    expect(main(await bob.get("/_quarry/session"))).toBe(
      `<p>The session scope as this browser's pages see it (timeout 30 minutes, store memory).</p>\n<pre>{\n  &quot;user&quot;: &quot;secret-of-bob&quot;\n}</pre>`,
    );
    expect(main(await nobody.get("/_quarry/session"))).toBe(
      '<p class="muted">This browser has no session: no page has stored anything in the session scope for it yet.</p>',
    );
    // The requests panel shows everyone's queries, but a session only to its owner.
    const seenByBob = await bob.get("/_quarry/requests");
    expect(seenByBob).toContain("<code>GET /login?name=alice</code>");
    expect(seenByBob).not.toContain("secret-of-alice");
    expect(seenByBob).toContain("secret-of-bob");
    expect(await alice.get("/_quarry/requests")).toContain("secret-of-alice");
    const forged = new Browser(server.base);
    forged.cookies.set(
      "quarry_sid",
      alice.cookies.get("quarry_sid")!.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    );
    expect(main(await forged.get("/_quarry/session"))).toContain("This browser has no session");
  });

  it("mail: caught under quarry dev, not delivered, with a viewer", async () => {
    const b = new Browser(server.base);
    await b.get("/_quarry/mail");
    await b.post("/_quarry/mail/clear", {});
    // The config's SMTP server (port 1) is never reached: a delivery would fail the page.
    expect(await b.get("/mail")).toBe("sent");
    expect(lines).toContain('mail caught (not sent): "Welcome <in>" to guest@example.com; see /_quarry/mail');
    const list = main(await b.get("/_quarry/mail")).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "DATE");
    const [one, two] = [
      /\/_quarry\/mail\/(\d+)">\1<\/a><\/td><td>DATE<\/td><td>Site &lt;site@example.com&gt;<\/td><td>guest@example.com/.exec(
        list,
      )?.[1],
      /\/_quarry\/mail\/(\d+)">\1<\/a><\/td><td>DATE<\/td><td>Site &lt;site@example.com&gt;<\/td><td>b@example.com/.exec(
        list,
      )?.[1],
    ];
    expect(tokenless(list))
      .toBe(`<p>Caught, not delivered (set dev.deliverMail to send through <code>127.0.0.1:1</code>). The last 50 are kept.</p>
<table><thead><tr><th>#</th><th>date</th><th>from</th><th>to</th><th>subject</th></tr></thead><tbody>
<tr><td><a href="/_quarry/mail/${two}">${two}</a></td><td>DATE</td><td>Site &lt;site@example.com&gt;</td><td>b@example.com</td><td><a href="/_quarry/mail/${two}">Html</a></td></tr>
<tr><td><a href="/_quarry/mail/${one}">${one}</a></td><td>DATE</td><td>Site &lt;site@example.com&gt;</td><td>guest@example.com</td><td><a href="/_quarry/mail/${one}">Welcome &lt;in&gt;</a></td></tr>
</tbody></table>
<p>${form("mail/clear", "Empty the outbox")}</p>`);
    const text = main(await b.get(`/_quarry/mail/${one}`)).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "DATE");
    expect(text).toBe(`<p><a href="/_quarry/mail">← all mail</a></p>
<table><thead><tr><th>field</th><th>value</th></tr></thead><tbody>
<tr><td>Date</td><td>DATE</td></tr>
<tr><td>From</td><td>Site &lt;site@example.com&gt;</td></tr>
<tr><td>To</td><td>guest@example.com</td></tr>
<tr><td>Subject</td><td>Welcome &lt;in&gt;</td></tr>
<tr><td>Message-ID</td><td>&lt;dev-${one}@quarry.invalid&gt;</td></tr>
<tr><td>Type</td><td>text</td></tr>
</tbody></table>
<pre class="mail-text">Hello &amp; welcome.</pre>`);
    const html = main(await b.get(`/_quarry/mail/${two}`));
    const body = '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script>';
    const escaped = body.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
    expect(html.slice(html.indexOf("<iframe"))).toBe(
      `<iframe sandbox="" title="the mail as HTML" srcdoc="${escaped}"></iframe>\n<details><summary>HTML source</summary><pre>${escaped}</pre></details>`,
    );
    expect((await fetch(`${server.base}/_quarry/mail/999`)).status).toBe(404);
    expect((await fetch(`${server.base}/_quarry/mail/x1`)).status).toBe(404);
    const cleared = main(await (await b.post("/_quarry/mail/clear", {})).text());
    expect(cleared).toBe(`<p class="done" role="status">Removed 2 messages</p>
<p>Caught, not delivered (set dev.deliverMail to send through <code>127.0.0.1:1</code>). The last 50 are kept.</p>
<p class="muted">No mail yet.</p>`);
  });

  it("scheduled tasks: each task of _schedule.json with its next run and its latest runs", async () => {
    const b = new Browser(server.base);
    const next = `${new Date().getUTCFullYear() + 1}-01-01T00:00:00Z`;
    expect(main(await b.get("/_quarry/schedule"))).toBe(
      `<p>Each slot runs once for the whole cluster; <code>quarry schedule run NAME</code> runs a task now.</p>\n` +
        `<table><thead><tr><th>task</th><th>cron</th><th>page</th><th>time zone</th><th>catch up</th><th>next run</th><th>latest runs (newest first)</th></tr></thead><tbody>\n` +
        `<tr><td><b>new-year</b></td><td><code>0 0 1 1 *</code></td><td>_tasks/new-year.dbt</td><td>UTC</td><td>no</td><td>${next}</td><td><span class="muted">none yet</span></td></tr>\n</tbody></table>`,
    );
  });

  it("never shows a secret: passwords in URLs, the session secret, mail auth", async () => {
    const b = new Browser(server.base);
    await b.get("/login?name=carol");
    await b.get("/mail");
    const pages = await everyPanel(b);
    const dbPassword = decodeURIComponent(new URL(url).password);
    expect(dbPassword.length).toBeGreaterThan(3);
    for (const page of pages)
      for (const secret of [SECRET, MAIL_PASS, REPORT_PASS, SSL_PASS, dbPassword]) expect(page).not.toContain(secret);
    const config = main(pages[7]!);
    const q = (s: string) => s.replace(/"/g, "&quot;");
    expect(config).toContain(q(`"secret": "***",`));
    expect(config).toContain(q(`"auth": "***",`));
    expect(config).toContain(
      q(`"url": "postgres://report:***@127.0.0.1:1/reports?sslpassword=***&amp;application_name=x",`),
    );
    const shown = new URL(url);
    shown.password = "***";
    expect(config).toContain(q(`"url": "${shown.toString()}",`));
    for (const line of lines)
      for (const secret of [SECRET, MAIL_PASS, REPORT_PASS, SSL_PASS]) expect(line).not.toContain(secret);
  });
});

describe("who may use the dashboard", () => {
  it("refuses a client that is not on this machine, and a host name that is not loopback's", async () => {
    const b = new Browser(server.base);
    await b.get("/_quarry/caches");
    await b.get("/");
    for (const headers of [
      { "x-forwarded-for": "203.0.113.7" } as Record<string, string>,
      { "x-forwarded-for": "127.0.0.1, 198.51.100.1" },
      { forwarded: 'for="[2001:db8::1]:4711"' },
    ]) {
      const res = await raw(server.base, "/_quarry/config", { headers });
      expect(res.status).toBe(403);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.body).toMatch(
        /^403 Forbidden: The dev dashboard answers only this machine \(loopback\) and the addresses of dev\.dashboardAllow; not (203\.0\.113\.7|198\.51\.100\.1|2001:db8::1)\n$/,
      );
    }
    const rebound = await raw(server.base, "/_quarry/config", {
      headers: { host: `evil.example:${new URL(server.base).port}` },
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toBe(
      `403 Forbidden: The dev dashboard answers only to localhost, an IP address or a name of dev.dashboardHosts; not "evil.example:${new URL(server.base).port}"\n`,
    );
    expect(
      (await raw(server.base, "/_quarry/", { headers: { host: `localhost:${new URL(server.base).port}` } })).status,
    ).toBe(200);
    // Its actions too, and before anything is done.
    const res = await b.post(
      "/_quarry/caches/flush",
      { cache: "all" },
      { headers: { "x-forwarded-for": "203.0.113.7" } },
    );
    expect(res.status).toBe(403);
    expect(tokenless(main(await b.get("/_quarry/caches")))).toContain(
      "<td>Values</td><td>cachePut / cacheGet</td><td>1</td>",
    );
  });

  it("guards the debug JSON and the reload stream the same way (they hold queries and bound values)", async () => {
    const port = new URL(server.base).port;
    await raw(server.base, "/");
    for (const path of ["/_quarry/debug", "/_quarry/reload"]) {
      const rebound = await raw(server.base, path, { headers: { host: `evil.example:${port}` } });
      expect([path, rebound.status, rebound.body]).toEqual([
        path,
        403,
        `403 Forbidden: The dev dashboard answers only to localhost, an IP address or a name of dev.dashboardHosts; not "evil.example:${port}"\n`,
      ]);
      const remote = await raw(server.base, path, { headers: { "x-forwarded-for": "203.0.113.7" } });
      expect([path, remote.status]).toEqual([path, 403]);
    }
    const own = await raw(server.base, "/_quarry/debug");
    expect(own.status).toBe(200);
    expect(Array.isArray(JSON.parse(own.body))).toBe(true);
  });

  it("lets in the addresses and host names the config's dev section allows", async () => {
    const root2 = site(files(url, { dev: { dashboardAllow: ["203.0.113.0/24"], dashboardHosts: ["devbox.test"] } }));
    const s = await startServer({ root: root2, dev: true });
    try {
      const port = new URL(s.base).port;
      expect((await raw(s.base, "/_quarry/pages", { headers: { "x-forwarded-for": "203.0.113.7" } })).status).toBe(200);
      expect((await raw(s.base, "/_quarry/pages", { headers: { "x-forwarded-for": "203.0.114.7" } })).status).toBe(403);
      expect((await raw(s.base, "/_quarry/pages", { headers: { host: `devbox.test:${port}` } })).status).toBe(200);
      expect((await raw(s.base, "/_quarry/pages", { headers: { host: `other.test:${port}` } })).status).toBe(403);
    } finally {
      await s.close();
    }
  });

  it("refuses an action without the dashboard's token, with a wrong one, or from another origin: nothing is done", async () => {
    const b = new Browser(server.base);
    await b.get("/_quarry/caches");
    await b.get("/");
    const values = "<td>Values</td><td>cachePut / cacheGet</td><td>1</td>";
    expect(await b.get("/_quarry/caches")).toContain(values);
    const token = b.token!;
    const tries: [Record<string, string>, Record<string, string>, string][] = [
      [{ cache: "all" }, {}, "The form has no valid dashboard token: reload the dashboard page and try again"],
      [
        // One character changed (an "x" in place of an "x" would be the token itself: 1 run in 64).
        { cache: "all", _csrf: (token.startsWith("x") ? "y" : "x") + token.slice(1) },
        {},
        "The form has no valid dashboard token: reload the dashboard page and try again",
      ],
      [
        { cache: "all", _csrf: token },
        { origin: "http://evil.example" },
        "A form from another origin (http://evil.example) may not use the dev dashboard",
      ],
      [
        { cache: "all", _csrf: token },
        { origin: "null" },
        "A form from another origin (null) may not use the dev dashboard",
      ],
      [
        { cache: "all", _csrf: token },
        { "sec-fetch-site": "cross-site" },
        "A request from another site (cross-site) may not use the dev dashboard",
      ],
    ];
    for (const [fields, headers, why] of tries) {
      const res = await b.fetch("/_quarry/caches/flush", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers,
      });
      expect(res.status).toBe(403);
      expect(main(await res.text())).toBe(`<p class="failed" role="alert">${why}</p>\n`);
    }
    // Another browser's token does not fit this browser's cookie.
    const other = new Browser(server.base);
    await other.get("/_quarry/caches");
    const foreign = await b.fetch("/_quarry/caches/flush", {
      method: "POST",
      body: new URLSearchParams({ cache: "all", _csrf: other.token! }),
    });
    expect(foreign.status).toBe(403);
    expect(await b.get("/_quarry/caches")).toContain(values);
    // The same form from the dashboard's own origin goes through.
    const ok = await b.post(
      "/_quarry/caches/flush",
      { cache: "objects" },
      { headers: { origin: server.base, "sec-fetch-site": "same-origin" } },
    );
    expect(ok.status).toBe(200);
    expect(await b.get("/_quarry/caches")).toContain("<td>Values</td><td>cachePut / cacheGet</td><td>0</td>");
  });
});

describe("where there is no dashboard", () => {
  it("quarry start (a build, a real process) has no /_quarry/: 404", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "quarry-dash-")), "dist");
    expect(build(root, out).errors).toEqual([]);
    const child = spawn(process.execPath, [bin, "start", out, "--workers", "1", "--port", "0"], {
      env: { ...process.env, LOG_LEVEL: "silent" },
    });
    try {
      const base = await listening(child);
      expect(await (await fetch(`${base}/about/`)).text()).toBe("about");
      for (const p of ["/_quarry", "/_quarry/", "/_quarry/config", "/_quarry/session", "/_quarry/mail/1"])
        expect((await fetch(`${base}${p}`)).status).toBe(404);
      const post = await fetch(`${base}/_quarry/caches/flush`, {
        method: "POST",
        body: new URLSearchParams({ cache: "all" }),
      });
      expect(post.status).toBe(404);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it("quarry dev with dev.dashboard false", async () => {
    const s = await startServer({ root: site(files(url, { dev: { dashboard: false } })), dev: true });
    try {
      expect((await fetch(`${s.base}/_quarry/`)).status).toBe(404);
      expect((await fetch(`${s.base}/_quarry/pages`)).status).toBe(404);
    } finally {
      await s.close();
    }
  });

  it("dev.deliverMail sends dbt:mail through the SMTP server under quarry dev too", async () => {
    const sink = await smtpSink();
    const s = await startServer({
      root: site({
        "quarry.config.json": JSON.stringify({
          datasources: { main: { url } },
          mail: { host: "127.0.0.1", port: sink.port, from: "Site <site@example.com>", timeoutMs: 10_000 },
          dev: { deliverMail: true },
        }),
        "mail.dbt": '<dbt:mail to="guest@example.com" subject="Real">Hello</dbt:mail>sent',
      }),
      dev: true,
    });
    try {
      expect(await (await fetch(`${s.base}/mail`)).text()).toBe("sent");
      expect(parseMessage((await sink.next()).raw).headers.subject).toBe("Real");
      expect(main(await (await fetch(`${s.base}/_quarry/mail`)).text())).toBe(
        "<p>dev.deliverMail is true: dbt:mail delivers through <code>127.0.0.1:" +
          sink.port +
          "</code>; nothing is caught here.</p>",
      );
    } finally {
      await s.close();
      await sink.close();
    }
  });
});

describe("what the dashboard hides and whom it lets in", () => {
  it.each([
    ["postgres://app:s3cret@db.internal:5432/shop", "postgres://app:***@db.internal:5432/shop"],
    [
      "postgres://app:s3cret@h1:5432,h2:5432/shop?sslmode=require",
      "postgres://app:***@h1:5432,h2:5432/shop?sslmode=require",
    ],
    [
      "postgresql://db/shop?user=app&password=s3cret&sslpassword=x",
      "postgresql://db/shop?user=app&password=***&sslpassword=***",
    ],
    ["postgres://app:p@ss/w@db.internal/shop", "postgres://app:***@db.internal/shop"],
    ["host=db user=app password=s3cret dbname=shop", "host=db user=app password=*** dbname=shop"],
    ["host=db password='s 3cret' dbname=shop", "host=db password=*** dbname=shop"],
    ["https://example.com/?q=1#password=x", "https://example.com/?q=1#password=x"],
    ["Shop <shop@example.com>", "Shop <shop@example.com>"],
  ])("redacts %s", (text, shown) => {
    expect(redactText(text)).toBe(shown);
  });

  it("hides the value of every setting named like a secret, at any depth", () => {
    expect(
      redactValue({
        secret: "x",
        mail: { auth: { user: "u", pass: "p" }, host: "mx" },
        api: { apiKey: "k", privateKey: "k", token: "t", password: "p", passwordHint: "h" },
        list: ["postgres://a:b@c/d"],
        port: 5432,
        none: null,
      }),
    ).toEqual({
      secret: "***",
      mail: { auth: "***", host: "mx" },
      api: { apiKey: "***", privateKey: "***", token: "***", password: "***", passwordHint: "***" },
      list: ["postgres://a:***@c/d"],
      port: 5432,
      none: null,
    });
  });

  it("takes loopback addresses (IPv4-mapped too) and the allowed ranges, nothing else", () => {
    const a = new DashboardAccess({ dashboardAllow: ["10.1.0.0/16", "fd00::5"], dashboardHosts: [] });
    const allowed = ["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1", "10.1.2.3", "::ffff:10.1.2.3", "fd00::5"];
    const refused = ["10.2.0.1", "0.0.0.0", "::", "fd00::6", "192.168.1.1", "localhost", "", undefined];
    expect(allowed.map((x) => a.allows(x))).toEqual(allowed.map(() => true));
    expect(refused.map((x) => a.allows(x))).toEqual(refused.map(() => false));
    expect(["localhost:3000", "[::1]:3000", "Example.COM", "127.0.0.1", "", undefined].map(hostName)).toEqual([
      "localhost",
      "::1",
      "example.com",
      "127.0.0.1",
      null,
      null,
    ]);
  });
});
