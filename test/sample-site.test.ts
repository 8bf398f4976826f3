// The sample site over real HTTP, against its own database seeded from templates/_db: every
// seed page, routing and the traversal corpus, error pages, sessions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, sql } from "./db.js";
import { Browser, SAMPLE_SEED, TEMPLATES, database, raw, startServer, type Server } from "./http.js";

let url: string;
let server: Server;

beforeAll(async () => {
  url = await createDatabase(SAMPLE_SEED, "sample");
  server = await startServer({ root: TEMPLATES, database: database(url) });
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(server.base + path, { redirect: "manual", ...init });

const FORTUNES =
  `<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>` +
  [
    [11, "&lt;script&gt;alert(&quot;This should not be displayed in a browser alert box.&quot;);&lt;/script&gt;"],
    [4, "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"],
    [5, "A computer program does what you tell it to do, not what you want it to do."],
    [2, "A computer scientist is someone who fixes things that aren&#39;t broken."],
    [8, "A list is only as strong as its weakest link. — Donald Knuth"],
    [0, "Additional fortune added at request time."],
    [3, "After enough decimal places, nobody gives a damn."],
    [7, "Any program that runs right is obsolete."],
    [10, "Computers make very fast, very accurate mistakes."],
    [6, "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen"],
    [9, "Feature: A bug with seniority."],
    [1, "fortune: No such file or directory"],
    [12, "フレームワークのベンチマーク"],
  ]
    .map(([id, m]) => `<tr><td>${id}</td><td>${m}</td></tr>`)
    .join("") +
  `</table></body></html>\n`;

describe("seed pages", () => {
  it("/fortunes follows TechEmpower's rules: the exact table, sorted, escaped, UTF-8", async () => {
    const res = await get("/fortunes");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe(FORTUNES);
  });

  it("/ links every seed page", async () => {
    const body = await (await get("/")).text();
    for (const p of ["/fortunes", "/authors", "/access-log", "/personalised", "/board/", "/cart", "/mandelbrot"])
      expect(body).toContain(`href="${p}`);
  });

  it("/authors shows 9 columns × 9 rows", async () => {
    const body = await (await get("/authors")).text();
    // The title's site name comes from the application scope, filled by _application.dbt.
    expect(body).toContain("<title>Authors · Quarry</title>");
    const rows = body.split("\n").filter((l) => l.startsWith("<tr><td>") && l.endsWith("</td></tr>"));
    expect(rows).toHaveLength(9);
    for (const r of rows) expect(r.match(/<td>/g)).toHaveLength(9);
    expect(rows[3]).toBe(
      "<tr><td>267-41-2394</td><td>Michael</td><td>O&#39;Leary</td><td>408 286-2428</td><td>22 Cleveland Av. #14</td><td>San Jose</td><td>CA</td><td>95128</td><td>Yes</td></tr>",
    );
  });

  it("/access-log totals bytes per address for status 200 in a ~5.6 KB page", async () => {
    const body = await (await get("/access-log")).text();
    const rows = [...body.matchAll(/<tr><td>([\d.]+)<\/td><td>(\d+)<\/td><\/tr>/g)];
    const expected = await sql<{ ip: string; bytes: string }>(
      url,
      "SELECT host(ip) AS ip, sum(bytes)::text AS bytes FROM access_log WHERE status = 200 GROUP BY ip ORDER BY ip",
    );
    expect(rows.map((m) => [m[1], m[2]])).toEqual(expected.map((r) => [r.ip, r.bytes]));
    expect(rows).toHaveLength(121);
    expect(body).toContain(`<link rel="stylesheet" href="/style.css">`);
    expect(Buffer.byteLength(body)).toBeGreaterThan(5400);
    expect(Buffer.byteLength(body)).toBeLessThan(5800);
  });

  it("/personalised checks the password and fills a 3,000-byte file with the user's attributes", async () => {
    const ok = await get("/personalised?user=7&password=secret7&file=2");
    expect(ok.status).toBe(200);
    const body = await ok.text();
    expect(body).toContain("<p>Dear Chen Wei, here is issue 2 of the Taipei newsletter for plus members.</p>");
    expect(body).not.toContain("{first_name}");
    const denied = await get("/personalised?user=7&password=secret8");
    expect(denied.status).toBe(403);
    const bad = await get("/personalised?user=abc&password=x");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Parameter url.user must be an integer, got &quot;abc&quot;");
  });

  it("/mandelbrot computes in template code and rejects oversized input", async () => {
    const body = await (await get("/mandelbrot?width=20&height=10&maxiter=50")).text();
    expect(body).toContain("<p>20 × 10 points, at most 50 iterations each: 44 points in the set.</p>");
    const big = await get("/mandelbrot?width=5000");
    expect(big.status).toBe(400);
    expect(await big.text()).toContain("Parameter url.width must be at most 1024");
  });

  it("/cart keeps a cart in a signed, HttpOnly, SameSite=Lax session cookie, changed by POSTs with a CSRF token", async () => {
    const b = new Browser(server.base);
    // Viewing the cart writes nothing: no session yet.
    expect(await b.get("/cart")).toContain("<p>Total: 0.00 (0 products)</p>");
    expect(b.cookies.has("quarry_sid")).toBe(false);
    const first = await b.post("/cart", { add: "2" });
    expect([first.status, first.headers.get("location")]).toEqual([303, "/cart"]);
    expect(first.headers.getSetCookie()[0]).toMatch(/^quarry_sid=[\w-]+\.[\w%+/=-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    await b.post("/cart", { add: "2" });
    await b.post("/cart", { add: "5" });
    const third = await b.get("/cart");
    expect(third).toContain("<tr><td>Marble coaster</td><td>2</td><td>9.50</td>");
    expect(third).toContain('<button name="remove" value="2">Remove</button>');
    expect(third).toContain("<p>Total: 15.75 (2 products)</p>");
    await b.post("/cart", { remove: "2" });
    expect(await b.get("/cart")).toContain("<p>Total: 6.25 (1 products)</p>");
    // A forged or unsigned id gives a fresh, empty session.
    const forged = await (
      await get("/cart", { headers: { cookie: `quarry_sid=${b.cookies.get("quarry_sid")!.split(".")[0]}` } })
    ).text();
    expect(forged).toContain("<p>Total: 0.00 (0 products)</p>");
    expect((await b.post("/cart", { add: "99" })).status).toBe(404);
    // Without the token, or with another visitor's, the POST is refused.
    expect((await b.post("/cart", { add: "2", _csrf: "" })).status).toBe(403);
    const other = new Browser(server.base);
    await other.get("/cart");
    expect((await b.post("/cart", { add: "2", _csrf: other.token! })).status).toBe(403);
    expect(await b.get("/cart")).toContain("<p>Total: 6.25 (1 products)</p>");
  });

  it("/board/ creates, reads in batches of 10 remembering the last read, and deletes", async () => {
    const ids: number[] = [];
    const b = new Browser(server.base);
    await b.get("/board/");
    for (let i = 1; i <= 12; i++) {
      const res = await b.post("/board/", { action: "create", author: `a${i}`, body: `message <${i}>` });
      expect(res.status).toBe(303);
      const loc = res.headers.get("location")!;
      ids.push(Number(/id=(\d+)/.exec(loc)![1]));
      const shown = await (await get(loc)).text();
      expect(shown).toContain(`<p>message &lt;${i}&gt;</p>`);
    }
    const reader = new Browser(server.base);
    expect((await reader.get("/board/?restart=true")).match(/<article/g)).toHaveLength(10);
    const page2 = await reader.get("/board/");
    expect(page2.match(/<article/g)).toHaveLength(2);
    expect(page2).toContain(`id="m${ids[11]}"`);
    const del = await b.post("/board/", { action: "delete", id: String(ids[0]) });
    expect(del.status).toBe(303);
    expect((await get(`/board/?id=${ids[0]}`)).status).toBe(404);
    const bad = await b.post("/board/", { action: "create", author: "", body: "x" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Parameter form.author must not be empty");
    // A cross-site form (no token, another Origin) creates and deletes nothing.
    const before = await sql(url, "SELECT count(*)::int AS n FROM board_message");
    const forged = await get("/board/", {
      method: "POST",
      body: new URLSearchParams({ action: "delete", id: String(ids[1]) }),
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("A form from another site (Origin https://evil.example) may not post here");
    const tokenless = await get("/board/", {
      method: "POST",
      body: new URLSearchParams({ action: "create", author: "x", body: "y" }),
    });
    expect(tokenless.status).toBe(403);
    expect(await sql(url, "SELECT count(*)::int AS n FROM board_message")).toEqual(before);
  });
});

describe("routing", () => {
  it("serves static files and keeps sources, private files and the config hidden", async () => {
    const css = await get("/style.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    for (const p of [
      "/fortunes.dbt",
      "/_layout/header.dbt",
      "/_layout/",
      "/_db/002_seed.sql",
      "/_404",
      "/.quarry/postgres/quarry.json",
      "/board/index.dbt",
      "/nope",
    ]) {
      const res = await raw(server.base, p);
      expect([p, res.status]).toEqual([p, 404]);
      expect(res.body).toContain("There is no page here.");
    }
  });

  it("refuses every path that could leave the site folder", async () => {
    const corpus = [
      "/../package.json",
      "/..%2fpackage.json",
      "/%2e%2e/package.json",
      "/%2e%2e%2fpackage.json",
      "/board/..%2f..%2fpackage.json",
      "/board/%2e%2e/%2e%2e/package.json",
      "/%5c..%5cpackage.json",
      "/..\\package.json",
      "/style.css%00.dbt",
      "/style%00.css",
      "/board/%2F..%2F..%2Fpackage.json",
      "//etc/passwd",
      "/%2fetc%2fpasswd",
      "/board/../../../etc/passwd",
      "/./style.css",
    ];
    for (const p of corpus) {
      const res = await raw(server.base, p);
      expect([p, res.status]).toEqual([p, 404]);
      expect(res.body).not.toContain('"name": "quarry"');
      expect(res.body).not.toContain("root:");
    }
    const bad = await raw(server.base, "/%E0%A4%A");
    expect(bad.status).toBe(400);
  });

  it("/board and /board/ both reach board/index.dbt", async () => {
    expect((await get("/board")).status).toBe(200);
    expect((await get("/board/")).status).toBe(200);
    const put = await get("/authors", { method: "PUT" });
    expect([put.status, put.headers.get("allow")]).toEqual([405, "GET, HEAD, POST"]);
    expect(await put.text()).toContain("<p>PUT is not allowed here: pages answer GET, HEAD and POST</p>");
    // The 405 comes before the body is read: an empty JSON body is not a 400, a large one not a 413.
    for (const [method, body] of [
      ["DELETE", undefined],
      ["PATCH", "{bad"],
      ["PUT", JSON.stringify({ x: "y".repeat(2 * 1024 * 1024) })],
    ] as const) {
      const res = await get("/authors", { method, headers: { "content-type": "application/json" }, body });
      expect([method, res.status, res.headers.get("allow")]).toEqual([method, 405, "GET, HEAD, POST"]);
      expect(await res.text()).toContain(`<p>${method} is not allowed here: pages answer GET, HEAD and POST</p>`);
    }
    const head = await get("/authors", { method: "HEAD" });
    expect([head.status, head.headers.get("content-type"), await head.text()]).toEqual([
      200,
      "text/html; charset=utf-8",
      "",
    ]);
  });
});
