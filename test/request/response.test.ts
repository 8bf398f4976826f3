// server/request/response.ts over HTTP: the head a page sets (status, headers, its cookies and
// the server's, each with its attributes), the answer it ends with (a redirect, dbt:content's
// bytes, its output), dbt:flush's streamed answer and what is refused once the head has gone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../helpers.js";
import { createDatabase } from "../db.js";
import { database, raw, startServer, type Server } from "../http.js";

const PAGES: Record<string, string> = {
  "head.dbt": `<dbt:header statuscode="201"><dbt:header name="X-Stage" value="response"><dbt:cookie name="theme" value="dark blue"><dbt:content type="text/plain">body`,
  "session.dbt": `<dbt:set session.seen = 1>kept`,
  "token.dbt": `<dbt:output>#len(csrfToken()) GT 0#</dbt:output>`,
  "redirect.dbt": `dropped<dbt:location url="/next" statuscode="303">`,
  "bytes.dbt": `dropped<dbt:header name="X-Kept" value="yes"><dbt:content type="application/octet-stream" variable="#toBinary(toBase64('hi'))#">`,
  "flush.dbt": `<dbt:header name="X-Before" value="1">one<dbt:flush>two`,
  "late.dbt": `one<dbt:flush><dbt:try><dbt:output>#csrfToken()#</dbt:output><dbt:catch><dbt:output>[#error.code#] #error.message#</dbt:output></dbt:catch></dbt:try>`,
  "late-header.dbt": `one<dbt:flush><dbt:try><dbt:header name="X-Late" value="1"><dbt:catch><dbt:output>[#error.code#]</dbt:output></dbt:catch></dbt:try>`,
};

let s: Server;
beforeAll(async () => {
  s = await startServer({ root: site(PAGES), database: database(await createDatabase([], "response")) });
});
afterAll(() => s.close());

describe("the response stage", () => {
  it("puts the page's status, headers, content type and cookies on the reply", async () => {
    const r = await raw(s.base, "/head");
    expect(r.status).toBe(201);
    expect(r.headers["x-stage"]).toBe("response");
    expect(r.headers["content-type"]).toBe("text/plain");
    expect(r.headers["set-cookie"]).toEqual(["theme=dark%20blue; Path=/; HttpOnly; SameSite=Lax"]);
    expect(r.body).toBe("body");
  });

  it("sets the session cookie signed, HttpOnly and SameSite=Lax, for a page that stored a session", async () => {
    const r = await raw(s.base, "/session");
    expect(r.headers["set-cookie"]).toEqual([
      expect.stringMatching(
        /^quarry_sid=[A-Za-z0-9_-]{32}\.(?:[A-Za-z0-9_-]|%2B|%2F|%3D)+; Path=\/; HttpOnly; SameSite=Lax$/,
      ),
    ]);
    expect(r.body).toBe("kept");
  });

  it("sets the CSRF secret's cookie when csrfToken() made one, and only then", async () => {
    const r = await raw(s.base, "/token");
    expect(r.headers["set-cookie"]).toEqual([
      expect.stringMatching(/^quarry_csrf=[A-Za-z0-9_-]{16,64}; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);
    const secret = /^quarry_csrf=([^;]+)/.exec((r.headers["set-cookie"] as string[])[0]!)![1]!;
    const again = await raw(s.base, "/token", { headers: { cookie: `quarry_csrf=${secret}` } });
    expect(again.headers["set-cookie"]).toBe(undefined);
    expect(again.body).toBe("true");
  });

  it("answers a redirect with its location and no body; dbt:content's bytes are the whole answer", async () => {
    const r = await raw(s.base, "/redirect");
    expect([r.status, r.headers.location, r.body]).toEqual([303, "/next", ""]);
    const b = await raw(s.base, "/bytes");
    expect([b.status, b.headers["content-type"], b.headers["x-kept"], b.body]).toEqual([
      200,
      "application/octet-stream",
      "yes",
      "hi",
    ]);
  });

  it("streams after dbt:flush: the head with the first flush (unbuffered by a proxy), chunked, then the rest", async () => {
    const r = await raw(s.base, "/flush");
    expect(r.status).toBe(200);
    expect(r.headers["x-before"]).toBe("1");
    expect(r.headers["x-accel-buffering"]).toBe("no");
    expect(r.headers["transfer-encoding"]).toBe("chunked");
    expect(r.body).toBe("onetwo");
  });

  it("refuses what needs the head once it has gone, with QRY_ERR_FLUSH and where the flush was", async () => {
    expect((await raw(s.base, "/late")).body).toBe(
      "one[QRY_ERR_FLUSH] csrfToken() for a visitor without a CSRF cookie after dbt:flush (at late.dbt:1:4): the cookie it needs can no longer be sent; call it before the first flush",
    );
    expect((await raw(s.base, "/late-header")).body).toBe("one[QRY_ERR_FLUSH]");
  });
});
