// Cross-site requests: POSTs need a CSRF token and a same-site Origin unless the config exempts
// the page or the site; dbt:location refuses to send visitors to another site unless told to;
// _request.dbt guards static files too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { site, renderError, at } from "./helpers.js";
import { createDatabase } from "./db.js";
import { Browser, database, raw, startServer, type Server } from "./http.js";

const PAGES: Record<string, string> = {
  "form.dbt": `<dbt:output>#csrfField()#</dbt:output>`,
  "post.dbt": `<dbt:output>#cgi.request_method# #jsonEncode(form)#</dbt:output>`,
  "hooks/pay.dbt": `paid`,
  "api/a.dbt": `api a`,
  "go.dbt": `<dbt:param name="url.to" type="string"><dbt:param name="url.ext" type="boolean" default="false"><dbt:location url="#url.to#" external="#url.ext#">`,
  "_request.dbt": `<dbt:if cgi.path_info eq "/members.css" and not structKeyExists(url, "member")><dbt:header statuscode="403">members only<dbt:abort></dbt:if><dbt:header name="X-Guarded" value="yes">`,
  "members.css": "b{}",
};

let url: string;
const servers: Server[] = [];
async function serve(config: Record<string, unknown>): Promise<Server> {
  const root = site(PAGES);
  writeFileSync(join(root, "quarry.config.json"), JSON.stringify(config));
  const s = await startServer({ root, database: database(url) });
  servers.push(s);
  return s;
}

let s: Server;
beforeAll(async () => {
  url = await createDatabase([], "csrf");
  s = await serve({ csrf: { exempt: ["/hooks/pay", "/api/*"] } });
});
afterAll(async () => {
  for (const x of servers) await x.close();
});

const post = (base: string, path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, { method: "POST", body: new URLSearchParams({ a: "1" }), ...init });

describe("CSRF", () => {
  it("a POST with the form's token (field or header) runs; the token is not part of form", async () => {
    const b = new Browser(s.base);
    await b.get("/form");
    expect(await (await b.post("/post", { a: "1" })).text()).toBe("POST {&quot;a&quot;:&quot;1&quot;}");
    const res = await b.fetch("/post", {
      method: "POST",
      body: new URLSearchParams({ a: "2" }),
      headers: { "x-csrf-token": b.token! },
    });
    expect(await res.text()).toBe("POST {&quot;a&quot;:&quot;2&quot;}");
    // A same-site Origin is fine.
    const origin = new URL(s.base).origin;
    expect((await b.post("/post", { a: "3" }, { headers: { origin } })).status).toBe(200);
  });

  it.each([
    ["no token and no cookie", {}],
    ["a token but no cookie", { body: "tok" }],
    ["a made-up token", { body: "made-up", cookie: true }],
  ])("a POST with %s is a 403 QRY_ERR_CSRF", async (_what, how: { body?: string; cookie?: boolean }) => {
    const b = new Browser(s.base);
    await b.get("/form");
    const body = new URLSearchParams({
      a: "1",
      ...(how.body ? { _csrf: how.body === "tok" ? b.token! : how.body } : {}),
    });
    const res = await fetch(`${s.base}/post`, {
      method: "POST",
      body,
      headers: how.cookie ? { cookie: b.cookieHeader } : {},
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(
      "The request has no valid CSRF token (the form field _csrf or the header X-CSRF-Token, holding what csrfToken() gives); reload the page and send it again",
    );
  });

  it("a POST from another Origin is refused even with a valid token", async () => {
    const b = new Browser(s.base);
    await b.get("/form");
    for (const origin of ["https://evil.example", "null"]) {
      const res = await b.post("/post", { a: "1" }, { headers: { origin } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(`A form from another site (Origin ${origin}) may not post here`);
    }
    const res = await b.post("/post", { a: "1" }, { headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
  });

  it("compares the Origin's scheme and port too: https://host is another site than http://host", async () => {
    const b = new Browser(s.base);
    await b.get("/form");
    const u = new URL(s.base);
    for (const origin of [`https://${u.host}`, `http://${u.hostname}:1`, `http://${u.hostname}`]) {
      const res = await b.post("/post", { a: "1" }, { headers: { origin } });
      expect([origin, res.status]).toEqual([origin, 403]);
      expect(await res.text()).toContain(`A form from another site (Origin ${origin}) may not post here`);
    }
    expect((await b.post("/post", { a: "1" }, { headers: { origin: `http://${u.host}` } })).status).toBe(200);
  });

  it("behind a proxy that terminated TLS (trustProxy), the visitor's https is the site's scheme", async () => {
    const proxied = await serve({ trustProxy: true });
    const b = new Browser(proxied.base);
    await b.get("/form");
    const host = new URL(proxied.base).host;
    const https = { "x-forwarded-proto": "https" };
    const post = (origin: string, headers: Record<string, string>) =>
      b.post("/post", { a: "1" }, { headers: { origin, ...headers } });
    expect((await post(`https://${host}`, https)).status).toBe(200);
    expect((await post(`http://${host}`, https)).status).toBe(403);
    expect((await post(`https://${host}`, {})).status).toBe(403);
    // Without trustProxy the header is not believed.
    const direct = new Browser(s.base);
    await direct.get("/form");
    const res = await direct.post(
      "/post",
      { a: "1" },
      { headers: { origin: `https://${new URL(s.base).host}`, ...https } },
    );
    expect(res.status).toBe(403);
  });

  it("exempt paths (exact, or a prefix ending in *) take POSTs without a token", async () => {
    expect(await (await post(s.base, "/hooks/pay")).text()).toBe("paid");
    expect(await (await post(s.base, "/api/a", { headers: { origin: "https://partner.example" } })).text()).toBe(
      "api a",
    );
    expect((await post(s.base, "/hooks/pay/x")).status).toBe(404);
    expect((await post(s.base, "/post")).status).toBe(403);
  });

  it("csrf.enabled false switches it off for the whole site", async () => {
    const off = await serve({ csrf: { enabled: false } });
    expect(await (await post(off.base, "/post")).text()).toBe("POST {&quot;a&quot;:&quot;1&quot;}");
  });
});

describe("dbt:location", () => {
  it.each(["/board/?id=3", "page?x=1", "../up", "#top"])("sends %s as a path on this site", async (to) => {
    const res = await raw(s.base, `/go?to=${encodeURIComponent(to)}`);
    expect([res.status, res.headers.location]).toEqual([302, to]);
  });

  it('sends an http(s) URL of another site only with external="true"', async () => {
    const res = await raw(s.base, `/go?ext=true&to=${encodeURIComponent("https://pay.example/checkout?x=1")}`);
    expect([res.status, res.headers.location]).toEqual([302, "https://pay.example/checkout?x=1"]);
  });

  it.each([
    ["//evil.example", false],
    ["https://evil.example", false],
    ["javascript:alert(1)", false],
    ["/\\evil.example", false],
    ["/\t/evil.example", false],
    [" //evil.example", false],
    ["JavaScript:alert(1)", true],
    ["data:text/html,x", true],
    ["https:/\\evil.example", true],
  ])("refuses %j (external: %s) with QRY_ERR_REDIRECT in both modes", async (to, external) => {
    const err = await renderError(`<p>\n<dbt:location url="#url.to#" external="${external}">`, { url: { to } });
    expect([err.code, at(err)]).toEqual(["QRY_ERR_REDIRECT", "2:1"]);
    expect(err.message).toBe(
      `dbt:location refuses ${JSON.stringify(to)}: not a path on this site (add external="true" to redirect to another site's http or https URL)`,
    );
  });
});

describe("_request.dbt before static files", () => {
  it("can refuse a static file, and its headers reach the file it lets through", async () => {
    const denied = await raw(s.base, "/members.css");
    expect([denied.status, denied.body]).toEqual([403, "members only"]);
    const ok = await raw(s.base, "/members.css?member=1");
    expect([ok.status, ok.body, ok.headers["x-guarded"], ok.headers["content-type"]]).toEqual([
      200,
      "b{}",
      "yes",
      "text/css; charset=utf-8",
    ]);
  });

  it("is skipped for static files with requestTemplateForStatic false", async () => {
    const off = await serve({ requestTemplateForStatic: false });
    const res = await raw(off.base, "/members.css");
    expect([res.status, res.body, res.headers["x-guarded"]]).toEqual([200, "b{}", undefined]);
  });
});
