// dbt:http and dbt:httpparam in both modes against a real local HTTP server: the cfhttp result,
// headers, form fields, URL params, cookies and a raw body going out, basic auth, the timeout
// and throwonerror as located QRY_ERR_HTTP, and a page that catches them.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { render as renderAny, renderError as renderErrorAny } from "./helpers.js";
import { OutboundPolicy } from "../engine/outbound.js";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      const u = new URL(req.url!, "http://x");
      if (u.pathname === "/never") return; // no answer: the client's timeout ends the wait
      if (u.pathname === "/missing") {
        res.statusCode = 404;
        return res.end("gone");
      }
      res.setHeader("content-type", "application/json");
      res.setHeader("x-served-by", "test");
      const h = req.headers;
      res.end(
        JSON.stringify({
          method: req.method,
          path: u.pathname,
          query: u.search,
          body,
          type: h["content-type"] ?? null,
          token: h["x-token"] ?? null,
          cookie: h.cookie ?? null,
          auth: h.authorization ?? null,
          agent: h["user-agent"],
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
// The test server is on loopback, which dbt:http refuses unless the site allows it.
const allowed = () => ({ outbound: new OutboundPolicy({ allow: [new URL(base).host], deny: [] }) });
const render = (source: string, data: Record<string, unknown>) => renderAny(source, data, {}, null, allowed());
const renderError = (source: string, data: Record<string, unknown>) =>
  renderErrorAny(source, data, {}, undefined, null, allowed());

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("dbt:http", () => {
  it("stores CFML's cfhttp struct (default name cfhttp)", async () => {
    const out = await render(
      `<dbt:http url="#base#/api?x=1" /><dbt:output>#cfhttp.statusCode#|#cfhttp.status_code#|#cfhttp.mimetype#|#cfhttp.responseHeader["x-served-by"]#|#deserializeJSON(cfhttp.fileContent).query#</dbt:output>`,
      { variables: { base } },
    );
    expect(out).toBe("200 OK|200|application/json|test|?x=1");
  });

  it("sends headers, URL params, cookies and form fields with httpparam, and basic auth", async () => {
    const page = `<dbt:http url="#base#/form" method="post" result="r" username="ann" password="pw" useragent="quarry-test">
  <dbt:httpparam type="header" name="X-Token" value="t-#1 + 1#">
  <dbt:httpparam type="url" name="page" value="2">
  <dbt:httpparam type="cookie" name="sid" value="a b">
  <dbt:loop list="red,green" item="c"><dbt:httpparam type="formfield" name="colour" value="#c#"></dbt:loop>
</dbt:http><dbt:output>#raw(r.fileContent)#</dbt:output>`;
    const sent = JSON.parse(await render(page, { variables: { base } })) as Record<string, unknown>;
    expect(sent).toEqual({
      method: "POST",
      path: "/form",
      query: "?page=2",
      body: "colour=red&colour=green",
      type: "application/x-www-form-urlencoded",
      token: "t-2",
      cookie: "sid=a%20b",
      auth: `Basic ${Buffer.from("ann:pw").toString("base64")}`,
      agent: "quarry-test",
    });
  });

  it("sends a raw body with its own content type", async () => {
    const page = `<dbt:http url="#base#/raw" method="put" result="r"><dbt:httpparam type="header" name="content-type" value="application/json"><dbt:httpparam type="body" value="#serializeJSON({a: 1})#"></dbt:http><dbt:output>#raw(r.fileContent)#</dbt:output>`;
    expect(JSON.parse(await render(page, { variables: { base } }))).toMatchObject({
      method: "PUT",
      body: '{"a":1}',
      type: "application/json",
    });
  });

  it("answers a 404 as a result, and raises it with throwonerror", async () => {
    expect(
      await render(
        `<dbt:http url="#base#/missing" result="r" /><dbt:output>#r.statusCode# #r.fileContent#</dbt:output>`,
        { variables: { base } },
      ),
    ).toBe("404 Not Found gone");
    const err = await renderError(`<p>x</p>\n<dbt:http url="#base#/missing" throwonerror="true" />`, {
      variables: { base },
    });
    expect([err.code, err.loc?.line, err.loc?.column, err.message]).toEqual([
      "QRY_ERR_HTTP",
      2,
      1,
      "dbt:http: GET http://127.0.0.1:" + new URL(base).port + "/missing answered 404 Not Found",
    ]);
  });

  it("gives up at the timeout with a located QRY_ERR_HTTP a page can catch", async () => {
    const err = await renderError(`\n  <dbt:http url="#base#/never" timeout="0.2" />`, { variables: { base } });
    expect([err.code, err.type, err.loc?.line, err.loc?.column, err.message]).toEqual([
      "QRY_ERR_HTTP",
      "http",
      2,
      3,
      `dbt:http: no answer from ${base} within 0.2 s`,
    ]);
    const caught = await render(
      `<dbt:try><dbt:http url="#base#/never" timeout="0.2" /><dbt:catch type="http">fallback</dbt:catch></dbt:try>`,
      { variables: { base } },
    );
    expect(caught).toBe("fallback");
  });

  it("refuses a body on GET and CR/LF in a header, at the tag", async () => {
    const get = await renderError(
      `<dbt:http url="#base#/x"><dbt:httpparam type="formfield" name="a" value="1"></dbt:http>`,
      { variables: { base } },
    );
    expect([get.code, get.loc?.column, get.message]).toEqual([
      "QRY_ERR_HTTP",
      1,
      'dbt:http: a GET request has no body: use method="post" for formfield and body params',
    ]);
    const header = await renderError(
      `<dbt:http url="#base#/x">\n<dbt:httpparam type="header" name="x-a" value="#url.v#"></dbt:http>`,
      { variables: { base }, url: { v: "1\r\nHost: evil" } },
    );
    expect([header.code, header.loc?.line, header.loc?.column, header.message]).toEqual([
      "QRY_ERR_HTTP",
      2,
      1,
      "A header of dbt:http must not contain CR, LF or NUL",
    ]);
  });
});
