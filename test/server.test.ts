// The server over real HTTP on small sites written for each case: scopes, injection through
// every scope, transactions, response tags, error pages in dev and production, the plugin
// inside a host app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import fastifyCookie from "@fastify/cookie";
import { rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { site } from "./helpers.js";
import { createDatabase, sql } from "./db.js";
import { database, raw, startServer, type Server } from "./http.js";
import quarry from "../server/plugin.js";

const SCHEMA = `CREATE TABLE item (id serial PRIMARY KEY, name text NOT NULL CHECK (length(name) <= 10));
INSERT INTO item (name) VALUES ('one'), ('two'), ('three');`;

const PAGES: Record<string, string> = {
  "_db/001.sql": SCHEMA,
  "scopes.dbt": `<dbt:output>url=#jsonEncode(url)# form=#jsonEncode(form)# cookie=#jsonEncode(cookie)# method=#cgi.request_method# path=#cgi.path_info# qs=#cgi.query_string# ua=#cgi.http_user_agent#</dbt:output>`,
  "find.dbt": `<dbt:param name="url.scope" type="string" pattern="url|form|cookie|cgi">
<dbt:set term = url.scope eq "url" ? url.q : url.scope eq "form" ? form.q : url.scope eq "cookie" ? cookie.q : cgi.http_x_q>
<dbt:query name="hits">SELECT count(*) AS n FROM item WHERE name = #term# OR name IN (#listToArray(term)#)</dbt:query>
<dbt:query name="all">SELECT count(*) AS n FROM item</dbt:query>
<dbt:output>#hits.n# of #all.n# for #term#</dbt:output>`,
  "order.dbt": `<dbt:param name="url.sort" type="string" pattern="id|name">
<dbt:query name="q">SELECT name FROM item ORDER BY #url.sort#::text</dbt:query><dbt:output>#valueList(q, "name")#</dbt:output>`,
  "tx.dbt": `<dbt:param name="url.second" type="string">
<dbt:transaction>
<dbt:query>INSERT INTO item (name) VALUES ('four')</dbt:query>
<dbt:query>INSERT INTO item (name) VALUES (#url.second#)</dbt:query>
</dbt:transaction>
<dbt:query name="n">SELECT count(*) AS n FROM item</dbt:query><dbt:output>#n.n#</dbt:output>`,
  "response.dbt": `<dbt:param name="url.h" type="string" default="ok">
<dbt:header name="X-Test" value="#url.h#"><dbt:cookie name="pref" value="a b;c" expires="1" secure><dbt:content type="application/json">{"ok": true}`,
  "go.dbt": `<dbt:location url="/scopes?from=go">`,
  "broken.dbt": `<p>\n<dbt:query name="q">SELECT nosuch FROM item WHERE id = #url.id#</dbt:query>`,
  "slow.dbt": `<dbt:query name="q">SELECT pg_sleep(#url.s#) AS s</dbt:query>slept`,
  "typo.dbt": `<dbt:output>#nosuchvar#</dbt:output>`,
  "bad-syntax.dbt": `<dbt:if 1 +>x</dbt:if>`,
  "_request.dbt": `<dbt:if structKeyExists(url, "deny")><dbt:location url="/login" statuscode="303"></dbt:if><dbt:set request.seen = true>`,
  "seen.dbt": `<dbt:output>#request.seen#</dbt:output>`,
  "token.dbt": `<dbt:output>#csrfToken()#</dbt:output>`,
};

/** A CSRF token and the cookie it belongs to, for POSTs from this test. */
async function csrf(base: string): Promise<{ token: string; cookie: string }> {
  const res = await fetch(`${base}/token`);
  return { token: await res.text(), cookie: res.headers.getSetCookie()[0]!.split(";")[0]! };
}

let url: string;
let root: string;
let dev: Server;
let prod: Server;
let interpreted: Server;

beforeAll(async () => {
  root = site(PAGES);
  symlinkSync("/etc", join(root, "etc"));
  symlinkSync("/etc/hostname", join(root, "hostname.txt"));
  url = await createDatabase([join(root, "_db/001.sql")], "server");
  dev = await startServer({ root, dev: true, database: database(url) });
  prod = await startServer({ root, database: database(url) });
  interpreted = await startServer({ root, mode: "interpreted", database: database(url) });
});
afterAll(async () => {
  await dev.close();
  await prod.close();
  await interpreted.close();
});

/** The production server of each mode: response tags must shape responses alike in both. */
const byMode = () =>
  [
    ["compiled", prod],
    ["interpreted", interpreted],
  ] as const;

const text = async (res: Response | Promise<Response>) => (await res).text();

describe("scopes", () => {
  it("fills url, form (urlencoded and multipart), cookie and cgi", async () => {
    const q = await text(
      fetch(`${prod.base}/scopes?a=1&a=2&b=%3Cx%3E`, { headers: { cookie: "c=3", "user-agent": "t/1" } }),
    );
    expect(q).toBe(
      `url={&quot;a&quot;:[&quot;1&quot;,&quot;2&quot;],&quot;b&quot;:&quot;&lt;x&gt;&quot;} form={} cookie={&quot;c&quot;:&quot;3&quot;} method=GET path=/scopes qs=a=1&amp;a=2&amp;b=%3Cx%3E ua=t/1`,
    );
    // cgi.path_info is decoded as the router decodes it: an auth check on it sees the page it guards.
    expect(await text(fetch(`${prod.base}/%73copes?x=%2F`))).toContain(" path=/scopes qs=x=%2F ");
    const { token, cookie } = await csrf(prod.base);
    // The token field is the server's, not the page's: form shows only the page's fields.
    const posted = await text(
      fetch(`${prod.base}/scopes`, {
        method: "POST",
        body: new URLSearchParams({ f: "v", _csrf: token }),
        headers: { cookie },
      }),
    );
    expect(posted).toContain("form={&quot;f&quot;:&quot;v&quot;}");
    const fd = new FormData();
    fd.append("m", "multi");
    fd.append("file", new Blob(["hello"], { type: "text/plain" }), "h.txt");
    fd.append("_csrf", token);
    const multi = await text(fetch(`${prod.base}/scopes`, { method: "POST", body: fd, headers: { cookie } }));
    expect(multi).toMatch(
      /form=\{&quot;m&quot;:&quot;multi&quot;,&quot;file&quot;:\{&quot;fileName&quot;:&quot;h.txt&quot;,&quot;contentType&quot;:&quot;text\/plain&quot;,&quot;size&quot;:5,&quot;tempFile&quot;:&quot;[^&]+\/quarry-upload-\w+\/1&quot;\}\}/,
    );
  });

  it("keeps prototype keys sent by a client as plain data", async () => {
    const out = await text(fetch(`${prod.base}/scopes?__proto__=1&constructor=2`));
    expect(out).toContain("url={&quot;__proto__&quot;:&quot;1&quot;,&quot;constructor&quot;:&quot;2&quot;}");
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each(["compiled", "interpreted"])(
    "runs _request.dbt before every page, which can redirect away (%s)",
    async (mode) => {
      const server = byMode().find(([m]) => m === mode)![1];
      expect(await text(fetch(`${server.base}/seen`))).toBe("true");
      const res = await fetch(`${server.base}/seen?deny=1`, { redirect: "manual" });
      expect([res.status, res.headers.get("location")]).toEqual([303, "/login"]);
    },
  );
});

describe("SQL injection", () => {
  const attacks = [
    "' OR '1'='1",
    "one'; DROP TABLE item; --",
    "one,two",
    "$1",
    "'; SELECT pg_sleep(5); --",
    "\\'; DELETE FROM item; --",
  ];
  it.each(["url", "form", "cookie", "cgi"])("through %s: values stay data", async (scope) => {
    const { token, cookie } = await csrf(prod.base);
    for (const attack of attacks) {
      const init: RequestInit =
        scope === "form"
          ? { method: "POST", body: new URLSearchParams({ q: attack }), headers: { cookie, "x-csrf-token": token } }
          : scope === "cookie"
            ? { headers: { cookie: `q=${encodeURIComponent(attack)}` } }
            : scope === "cgi"
              ? { headers: { "x-q": attack } }
              : {};
      const qs = scope === "url" ? `&q=${encodeURIComponent(attack)}` : "";
      const out = await text(fetch(`${prod.base}/find?scope=${scope}${qs}`, init));
      const hits = attack === "one,two" ? 2 : 0;
      expect(out).toBe(
        `${hits} of 3 for ${attack.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/</g, "&lt;")}`,
      );
    }
    expect(await sql(url, "SELECT count(*)::int AS n FROM item")).toEqual([{ n: 3 }]);
  });

  it("an identifier is bound as a value, so ORDER BY #url.sort# cannot inject", async () => {
    expect(await text(fetch(`${prod.base}/order?sort=name`))).toBe("one,two,three");
    const bad = await fetch(`${prod.base}/order?sort=${encodeURIComponent("name; DROP TABLE item")}`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Parameter url.sort does not match the pattern id|name");
  });
});

describe("transactions", () => {
  it.each(["compiled", "interpreted"])(
    "commit both rows, or roll both back when the second fails (%s)",
    async (mode) => {
      const server = byMode().find(([m]) => m === mode)![1];
      const before = (await sql<{ n: number }>(url, "SELECT count(*)::int AS n FROM item"))[0]!.n;
      expect(await text(fetch(`${server.base}/tx?second=five`))).toBe(String(before + 2));
      const failed = await fetch(`${server.base}/tx?second=${"x".repeat(11)}`);
      expect(failed.status).toBe(500);
      expect(await sql(url, "SELECT count(*)::int AS n FROM item")).toEqual([{ n: before + 2 }]);
      await sql(url, "DELETE FROM item WHERE name IN ('four', 'five')");
    },
  );
});

describe("response tags", () => {
  it.each(["compiled", "interpreted"])(
    "set headers, cookies (URL-encoded, HttpOnly by default) and the content type (%s)",
    async (mode) => {
      const server = byMode().find(([m]) => m === mode)![1];
      const res = await fetch(`${server.base}/response`);
      expect(res.headers.get("x-test")).toBe("ok");
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("set-cookie")).toMatch(
        /^pref=a%20b%3Bc; Path=\/; Expires=[^;]+ GMT; HttpOnly; Secure; SameSite=Lax$/,
      );
      expect(await res.text()).toBe('{"ok": true}');
    },
  );

  it("refuse CR/LF in a header value (no response splitting)", async () => {
    const res = await fetch(`${dev.base}/response?h=${encodeURIComponent("a\r\nSet-Cookie: evil=1")}`);
    expect(res.status).toBe(500);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.text()).toContain("QRY_ERR_HEADER</b>: The value of header X-Test must not contain CR, LF or NUL");
  });

  it.each(["compiled", "interpreted"])("dbt:location redirects (%s)", async (mode) => {
    const server = byMode().find(([m]) => m === mode)![1];
    const res = await fetch(`${server.base}/go`, { redirect: "manual" });
    expect([res.status, res.headers.get("location")]).toEqual([302, "/scopes?from=go"]);
  });
});

describe("error pages", () => {
  it("dev shows the message, the code frame, the SQL and its parameters", async () => {
    const res = await fetch(`${dev.base}/broken?id=7`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toContain(
      "<b>QRY_ERR_QUERY</b>: Query failed: column &#34;nosuch&#34; does not exist (SQLSTATE 42703)",
    );
    expect(body).toContain("at <code>broken.dbt:2:1</code>");
    expect(body).toContain(
      '<pre class="frame">  1 | &#60;p&#62;\n&#62; 2 | &#60;dbt:query name=&#34;q&#34;&#62;SELECT nosuch',
    );
    expect(body).toContain('<pre class="sql">SELECT nosuch FROM item WHERE id = $1\n       ^</pre>');
    expect(body).toContain('<pre class="params">[\n  &#34;7&#34;\n]</pre>');
  });

  it("production shows nothing internal, only the request id", async () => {
    const res = await fetch(`${prod.base}/broken?id=7`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toMatch(
      /<h1>500 Internal server error<\/h1>\n<p>Something went wrong on our side.<\/p>\n<p><small>Request id: req-\w+<\/small><\/p>/,
    );
    expect(body).not.toContain("nosuch");
    expect(body).not.toContain("SELECT");
  });

  it("a template syntax error is a 500 with its code frame in dev", async () => {
    const body = await text(fetch(`${dev.base}/bad-syntax`));
    expect(body).toContain("at <code>bad-syntax.dbt:1:");
    expect(body).toContain("QRY_ERR_SYNTAX");
    expect(await text(fetch(`${dev.base}/typo`))).toContain("QRY_ERR_UNDEFINED");
  });

  it("a symlink out of the site is never followed", async () => {
    expect((await raw(prod.base, "/etc/passwd")).status).toBe(404);
    expect((await raw(prod.base, "/hostname.txt")).status).toBe(404);
  });
});

describe("the plugin inside a host app", () => {
  it("serves the site under a prefix beside the host's own routes", async () => {
    const app = Fastify();
    app.get("/health", () => Promise.resolve({ ok: true }));
    await app.register(quarry, { root, database: database(url), prefix: "/site" } as never);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      expect(await text(fetch(`${base}/health`))).toBe('{"ok":true}');
      expect(await text(fetch(`${base}/site/find?scope=url&q=two`))).toBe("1 of 3 for two");
      expect((await fetch(`${base}/find?scope=url&q=two`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("shares the host's @fastify/cookie: its parsed cookies are the page's, its Set-Cookie lines go beside the page's", async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    // The host's own hook sets a cookie on every reply, the site's pages' too.
    app.addHook("onRequest", (_req, reply, done) => {
      reply.setCookie("host", "1", { path: "/" });
      done();
    });
    await app.register(quarry, { root, database: database(url), prefix: "/site" } as never);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const found = await fetch(`${base}/site/find?scope=cookie`, { headers: { cookie: "q=two; other=x" } });
      expect(await found.text()).toBe("1 of 3 for two");
      const res = await fetch(`${base}/site/response`);
      expect(res.headers.getSetCookie().map((c) => c.split(";")[0])).toEqual(["pref=a%20b%3Bc", "host=1"]);
    } finally {
      await app.close();
    }
  });
});

describe("cookies", () => {
  it("a page that sets the same cookie twice sends it once, the last value; clearing expires it at its path", async () => {
    const pages = site({
      "twice.dbt":
        '<dbt:cookie name="a" value="1"><dbt:cookie name="b" value="x" path="/p"><dbt:cookie name="a" value="2">',
    });
    const app = Fastify();
    await app.register(quarry, { root: pages, database: database(url) } as never);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const res = await fetch(`${base}/twice`);
      expect(res.headers.getSetCookie()).toEqual([
        "a=2; Path=/; HttpOnly; SameSite=Lax",
        "b=x; Path=/p; HttpOnly; SameSite=Lax",
      ]);
    } finally {
      await app.close();
      rmSync(pages, { recursive: true, force: true });
    }
  });
});
