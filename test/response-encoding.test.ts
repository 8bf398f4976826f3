// Header, cookie and redirect values beyond what HTTP carries, over real HTTP in both modes: a
// redirect URL is percent-encoded, anything else is refused at the tag with a located
// QRY_ERR_HEADER and a proper error page, never a malformed "500 OK".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site, MODES } from "./helpers.js";
import { createDatabase } from "./db.js";
import { database, startServer, type Server } from "./http.js";

const PAGES: Record<string, string> = {
  "go.dbt": `<dbt:location url="/café/☺?q=#url.q#&x=%41">`,
  "header.dbt": `<dbt:header name="X-Name" value="#url.v#">ok`,
  "cookie.dbt": `<dbt:cookie name="c" value="☺ ok" path="#url.p#">ok`,
  "domain.dbt": `<dbt:cookie name="c" value="v" domain="#url.d#">ok`,
  "type.dbt": `<dbt:content type="text/plain; charset=☺">ok`,
};

describe.each(MODES)("%s mode", (mode) => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({
      root: site(PAGES),
      mode,
      dev: true,
      database: database(await createDatabase([], "headers")),
    });
  });
  afterAll(() => server.close());

  it("percent-encodes a redirect URL beyond ASCII as UTF-8, keeping what is already encoded", async () => {
    const res = await fetch(`${server.base}/go?q=${encodeURIComponent("ü")}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/caf%C3%A9/%E2%98%BA?q=%C3%BC&x=%41");
  });

  it("sets a cookie with a good path and domain", async () => {
    const [a, b] = await Promise.all([
      fetch(`${server.base}/cookie?p=/shop/a-b_c`),
      fetch(`${server.base}/domain?d=.example.com`),
    ]);
    expect([a.status, a.headers.get("set-cookie"), b.status, b.headers.get("set-cookie")]).toEqual([
      200,
      "c=%E2%98%BA%20ok; Path=/shop/a-b_c; HttpOnly; SameSite=Lax",
      200,
      "c=v; Domain=.example.com; Path=/; HttpOnly; SameSite=Lax",
    ]);
  });

  it.each([
    [
      "/header?v=%E2%98%BA",
      "header.dbt:1:1",
      "The value of header X-Name must be Latin-1 text without control characters; it has U+263A at position 1",
    ],
    [
      "/header?v=a%07b",
      "header.dbt:1:1",
      "The value of header X-Name must be Latin-1 text without control characters; it has U+0007 at position 2",
    ],
    [
      "/cookie?p=/%E2%98%BA",
      "cookie.dbt:1:1",
      "The cookie path must be Latin-1 text without control characters; it has U+263A at position 2",
    ],
    // Latin-1 but not what the cookie serializer takes: it refused them only while sending (a bare JSON 500 naming the value).
    [
      "/cookie?p=/%3B%20Domain%3Devil",
      "cookie.dbt:1:1",
      "The cookie path &#34;/; Domain=evil&#34; may hold only printable ASCII other than &#34;;&#34; (encode it, e.g. with urlEncodedFormat)",
    ],
    [
      "/cookie?p=/caf%C3%A9",
      "cookie.dbt:1:1",
      "The cookie path &#34;/café&#34; may hold only printable ASCII other than &#34;;&#34; (encode it, e.g. with urlEncodedFormat)",
    ],
    ["/domain?d=ex%20ample.com", "domain.dbt:1:1", "The cookie domain &#34;ex ample.com&#34; is not a host name"],
    [
      "/type",
      "type.dbt:1:1",
      "The content type must be Latin-1 text without control characters; it has U+263A at position 21",
    ],
  ])("%s: refused at the tag with a located QRY_ERR_HEADER and an error page", async (path, where, message) => {
    const res = await fetch(`${server.base}${path}`, { redirect: "manual" });
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const body = await res.text();
    // The dev error page: the code, the message and the template place.
    expect(body).toContain(`<p><b>QRY_ERR_HEADER</b>: ${message}`);
    expect(body).toContain(`<p>at <code>${where}</code></p>`);
  });
});
