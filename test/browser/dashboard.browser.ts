// The dev dashboard and the dev error page as a developer meets them: a real `quarry dev`
// process and Debian's chromium (playwright-core; --no-sandbox, as CI runs as root). Every
// panel opens from the navigation; the migrations' apply button and a cache's flush button
// work and the page says so (with JavaScript switched off too); a mail caught in dev opens in the viewer with its scripts kept
// from running; a form on another origin cannot use the dashboard; the dev error page shows
// the code frame and the debugging panel (under the site's own _error.dbt too), and reloads
// itself with the fixed page once the template is fixed on disk.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server as HttpServer } from "node:http";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../helpers.js";
import { createDatabase, sql } from "../db.js";
import { listening, stop } from "../process.js";
import { until } from "../http.js";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const bin = join(import.meta.dirname, "..", "..", "bin", "quarry.js");

let url: string;
let root: string;
let child: ChildProcess;
let base: string;
let browser: Browser;
let page: Page;
/** What the page reported that a Content-Security-Policy refused (must stay empty). */
const refused: string[] = [];

beforeAll(async () => {
  url = await createDatabase([], "browser");
  root = site({
    "quarry.config.json": JSON.stringify({ datasources: { main: { url } }, secret: "browser-secret-0123456789" }),
    "_db/001_guests.sql": "CREATE TABLE guests (id serial PRIMARY KEY, name text NOT NULL);\n",
    "_db/002_likes.sql": "CREATE TABLE likes (guest int NOT NULL);\n",
    "index.dbt":
      '<html><body><dbt:query name="g" cachedwithin="1h">SELECT count(*) AS n FROM guests</dbt:query><dbt:output><p>#g.n# guests</p></dbt:output></body></html>',
    "login.dbt": '<dbt:set session.user = "secret-of-" & url.name><p>hello</p>',
    "mail.dbt":
      '<dbt:mail to="guest@example.com" from="site@example.com" subject="Welcome" type="html"><p id="m">Hi <b>there</b></p><script>document.getElementById("m").textContent = "the script ran"</script></dbt:mail><p>sent</p>',
    "broken.dbt": "<html><body>\n<h1>Guests</h1>\n<dbt:output>#guestCount + 1#</dbt:output>\n</body></html>\n",
  });
  child = spawn(process.execPath, [bin, "dev", root, "--port", "0"], { env: { ...process.env, LOG_LEVEL: "silent" } });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  base = await listening(child);
  // quarry dev says where its dashboard is.
  await until(
    () => out,
    (o) => o.includes(`dev dashboard: ${base}/_quarry/\n`),
  );
  expect(out).toContain(`listening on ${base}/\ndev dashboard: ${base}/_quarry/\n`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  page.on("console", (m) => {
    if (/Content.Security.Policy/i.test(m.text())) refused.push(m.text());
  });
});

afterAll(async () => {
  await browser?.close();
  if (child) await stop(child);
});

/** The text of the panel's result line (role status or alert). */
const result = async (p: Page) => (await p.locator("main [role=status], main [role=alert]").textContent())?.trim();

describe("the dev dashboard in a browser", () => {
  it("opens every panel from the navigation", async () => {
    const res = await page.goto(`${base}/_quarry/`);
    expect(res?.status()).toBe(200);
    const titles = await page.locator("header a").allTextContents();
    expect(titles).toEqual([
      "Quarry dev",
      "Pages and routes",
      "Datasources",
      "Migrations",
      "Recent requests",
      "Caches",
      "Your session",
      "Config",
      "Mail",
      "Scheduled tasks",
    ]);
    for (const title of titles.slice(1)) {
      await page.locator("header").getByRole("link", { name: title, exact: true }).click();
      await page.waitForLoadState();
      expect(await page.locator("main h1").textContent()).toBe(title);
      expect(await page.locator("header a[aria-current=page]").textContent()).toBe(title);
    }
    await page.goto(`${base}/_quarry/config`);
    expect(await page.locator("main pre").textContent()).toContain('"secret": "***",');
    expect(refused).toEqual([]);
  });

  it("applies a pending migration with its button", async () => {
    // As if 002 had never run (quarry dev applies a saved file by itself).
    await sql(url, "DROP TABLE likes");
    await sql(url, "DELETE FROM quarry_migrations WHERE name = '002_likes.sql'");
    await page.goto(`${base}/_quarry/migrations`);
    expect(await page.locator("main tbody tr").allInnerTexts()).toEqual([
      expect.stringMatching(/^001_guests\.sql\tapplied\t\d{4}-/),
      "002_likes.sql\tpending\t",
    ]);
    await page.getByRole("button", { name: "Apply 1 pending" }).click();
    await page.waitForLoadState();
    expect(await result(page)).toBe("Applied 002_likes.sql");
    expect(await page.locator("main tbody tr").nth(1).innerText()).toMatch(/^002_likes\.sql\tapplied\t\d{4}-/);
    expect(await sql(url, "SELECT count(*)::int AS n FROM likes")).toEqual([{ n: 0 }]);
  });

  it("flushes a cache with its button", async () => {
    await page.goto(`${base}/`);
    expect(await page.locator("p").first().textContent()).toBe("0 guests");
    await page.goto(`${base}/_quarry/caches`);
    const entries = () => page.locator("main tbody tr").first().locator("td").nth(2).textContent();
    expect(await entries()).toBe("1");
    await page.getByRole("button", { name: "Flush query results" }).click();
    await page.waitForLoadState();
    expect(await result(page)).toBe("Flushed 1 query result");
    expect(await entries()).toBe("0");
  });

  it("works with JavaScript switched off: its buttons are plain forms", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const p = await context.newPage();
      p.setDefaultTimeout(10_000);
      await p.goto(`${base}/`);
      await p.goto(`${base}/_quarry/caches`);
      expect(await p.locator("main tbody tr").first().locator("td").nth(2).textContent()).toBe("1");
      await p.getByRole("button", { name: "Flush all" }).click();
      await p.waitForLoadState();
      expect(await result(p)).toBe("Flushed 1 query result, 0 fragments, 0 values");
      expect(await p.locator("main tbody tr").first().locator("td").nth(2).textContent()).toBe("0");
    } finally {
      await context.close();
    }
  });

  it("shows the recent requests with their queries, and the requester's session", async () => {
    await page.goto(`${base}/login?name=ann`);
    await page.goto(`${base}/_quarry/session`);
    expect(await page.locator("main pre").textContent()).toBe('{\n  "user": "secret-of-ann"\n}');
    await page.goto(`${base}/_quarry/requests`);
    const newest = page.locator("main details").first();
    expect(await newest.locator("summary code").textContent()).toBe("GET /login?name=ann");
    await page.goto(`${base}/`);
    await page.goto(`${base}/_quarry/requests`);
    const details = page.locator("main details").first();
    await details.locator("summary").click();
    expect(await details.locator("pre").first().textContent()).toBe("SELECT count(*) AS n FROM guests");
  });

  it("keeps the mail dbt:mail sent and shows it in the viewer, its scripts not run", async () => {
    await page.goto(`${base}/mail`);
    await page.goto(`${base}/_quarry/mail`);
    await page.getByRole("link", { name: "Welcome" }).click();
    await page.waitForLoadState();
    const frame = page.frameLocator("iframe");
    expect(await frame.locator("#m").textContent()).toBe("Hi there");
    expect(refused).toEqual([]);
  });

  it("refuses a form posted from another origin", async () => {
    const evil: HttpServer = createServer((_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(
        `<form method="post" action="${base}/_quarry/caches/flush"><input name="cache" value="all"><input name="_csrf" value="guessed"><button>go</button></form>`,
      );
    });
    await new Promise<void>((r) => evil.listen(0, "127.0.0.1", r));
    try {
      await page.goto(`${base}/`);
      const port = (evil.address() as { port: number }).port;
      await page.goto(`http://127.0.0.1:${port}/`);
      const [res] = await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "go" }).click()]);
      expect(res?.status()).toBe(403);
      expect(await result(page)).toBe(
        `A form from another origin (http://127.0.0.1:${port}) may not use the dev dashboard`,
      );
      await page.goto(`${base}/_quarry/caches`);
      expect(await page.locator("main tbody tr").first().locator("td").nth(2).textContent()).toBe("1");
    } finally {
      await new Promise((r) => evil.close(r));
    }
  });
});

describe("the dev error page in a browser", () => {
  it("shows the error's code frame and the debugging panel, and reloads itself once the template is fixed", async () => {
    // The page's live-reload connection is open before the file changes (else the change is missed).
    const connected = page.waitForResponse((r) => r.url() === `${base}/_quarry/reload`);
    const res = await page.goto(`${base}/broken`);
    expect(res?.status()).toBe(500);
    await connected;
    const frame = await page.locator("pre.frame").textContent();
    expect(frame).toContain("> 3 | <dbt:output>#guestCount + 1#</dbt:output>");
    expect(await page.locator("#quarry-debug summary").textContent()).toMatch(/^quarry dev · 500 · /);
    writeFileSync(join(root, "broken.dbt"), "<html><body>\n<h1>Fixed guests</h1>\n</body></html>\n");
    // No reload by hand: the page's live-reload connection brings the fixed page.
    await page.getByRole("heading", { name: "Fixed guests" }).waitFor({ timeout: 20_000 });
    expect(await page.locator("pre.frame").count()).toBe(0);
    expect(await page.locator("#quarry-debug summary").textContent()).toMatch(/^quarry dev · 200 · /);
  });

  it("keeps the detail, the debugging panel and the reload under the site's own _error.dbt", async () => {
    // Both saves are seen, and their reloads sent, before the visit below (a late one would
    // reload it); meanwhile the browser has no page of the site open that would reload.
    await page.goto("about:blank");
    const events = (await fetch(`${base}/_quarry/reload`)).body!.getReader();
    await events.read();
    writeFileSync(join(root, "_error.dbt"), "<html><body>\n<h1>Our error page</h1>\n</body></html>\n");
    writeFileSync(join(root, "broken.dbt"), "<html><body>\n<dbt:output>#guestTotal#</dbt:output>\n</body></html>\n");
    let sent = "";
    while ((sent.match(/data: reload/g) ?? []).length < 2)
      sent += new TextDecoder().decode((await events.read()).value as Uint8Array);
    await events.cancel();
    const connected = page.waitForResponse((r) => r.url() === `${base}/_quarry/reload`);
    const res = await page.goto(`${base}/broken`);
    expect(res?.status()).toBe(500);
    await connected;
    expect(await page.locator("h1").first().textContent()).toBe("Our error page");
    expect(await page.locator("pre.frame").textContent()).toContain("> 2 | <dbt:output>#guestTotal#</dbt:output>");
    expect(await page.locator("#quarry-debug summary").textContent()).toMatch(/^quarry dev · 500 · /);
    writeFileSync(join(root, "broken.dbt"), "<html><body>\n<h1>Fixed again</h1>\n</body></html>\n");
    await page.getByRole("heading", { name: "Fixed again" }).waitFor({ timeout: 20_000 });
    expect(await page.locator("pre.frame").count()).toBe(0);
  });
});
