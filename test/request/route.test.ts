// server/request/route.ts over HTTP: a path (after the plugin's prefix) to the page that answers
// it, a static file, or a 400/404; a POST's form read and its CSRF token checked before the page
// runs; methods other than GET, HEAD and POST answered 405 before any body is read. (A path
// with bad percent-encoding never gets here: Fastify answers it with its own 400.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import quarry from "../../server/plugin.js";
import { site } from "../helpers.js";
import { createDatabase } from "../db.js";
import { Browser, database, raw, startServer, type Server } from "../http.js";

const PAGES: Record<string, string> = {
  "index.dbt": "home",
  "a.dbt": "A",
  "b/index.dbt": "B",
  "style.css": "b{}",
  "_hidden.dbt": "hidden",
  "form.dbt": `<dbt:output>#csrfField()#</dbt:output>`,
  "echo.dbt": `<dbt:output>#cgi.request_method# #jsonEncode(form)#</dbt:output>`,
};

let url: string;
let s: Server;
beforeAll(async () => {
  url = await createDatabase([], "route");
  s = await startServer({ root: site(PAGES), database: database(url) });
});
afterAll(() => s.close());

/** The message of the built-in error page (production: a visitor's own mistakes are shown). */
const message = (body: string) => /<p>([^<]*)<\/p>/.exec(body)?.[1];

describe("the route stage", () => {
  it("answers a path with its page: x.dbt, else x/index.dbt; / with index.dbt", async () => {
    for (const [path, body] of [
      ["/", "home"],
      ["/a", "A"],
      ["/a?x=1", "A"],
      ["/b", "B"],
      ["/b/", "B"],
    ] as const)
      expect([path, (await raw(s.base, path)).body]).toEqual([path, body]);
  });

  it("serves a static file to GET and HEAD only", async () => {
    const r = await raw(s.base, "/style.css");
    expect([r.status, r.body]).toEqual([200, "b{}"]);
    expect((await raw(s.base, "/style.css", { method: "HEAD" })).status).toBe(200);
    const post = await raw(s.base, "/style.css", { method: "POST" });
    expect([post.status, message(post.body)]).toEqual([404, "No page at /style.css"]);
  });

  it("hides private and source paths behind a 404, as it does a missing page", async () => {
    for (const path of ["/_hidden", "/a.dbt", "/quarry.config.json", "/missing"]) {
      const r = await raw(s.base, path);
      expect([path, r.status, message(r.body)]).toEqual([path, 404, `No page at ${path}`]);
    }
  });

  it("answers PUT, DELETE and PATCH with 405 and Allow before reading the body (no 400 or 413 for it)", async () => {
    for (const [method, body] of [
      ["DELETE", undefined],
      ["PATCH", "{bad"],
      ["PUT", JSON.stringify({ x: "y".repeat(2 * 1024 * 1024) })],
    ] as const) {
      const res = await fetch(`${s.base}/a`, { method, headers: { "content-type": "application/json" }, body });
      expect([method, res.status, res.headers.get("allow"), message(await res.text())]).toEqual([
        method,
        405,
        "GET, HEAD, POST",
        `${method} is not allowed here: pages answer GET, HEAD and POST`,
      ]);
    }
  });

  it("runs a POST's page with its form once the CSRF token holds; the token is not part of the form", async () => {
    const b = new Browser(s.base);
    await b.get("/form");
    const res = await b.post("/echo", { a: "1" });
    expect([res.status, await res.text()]).toEqual([200, "POST {&quot;a&quot;:&quot;1&quot;}"]);
    const refused = await fetch(`${s.base}/echo`, { method: "POST", body: new URLSearchParams({ a: "1" }) });
    expect(refused.status).toBe(403);
  });

  it("routes the path after the plugin's prefix in a host app", async () => {
    const app: FastifyInstance = Fastify();
    app.get("/", async () => "host");
    await app.register(quarry, { prefix: "/site", root: site(PAGES), database: database(url), log: () => {} });
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      expect((await raw(base, "/")).body).toBe("host");
      expect((await raw(base, "/site/a")).body).toBe("A");
      expect((await raw(base, "/site/b/")).body).toBe("B");
      const missing = await raw(base, "/site/missing");
      expect([missing.status, message(missing.body)]).toEqual([404, "No page at /site/missing"]);
    } finally {
      await app.close();
    }
  });
});
