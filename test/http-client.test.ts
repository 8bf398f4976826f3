// dbt:http's client against a real local HTTP server: methods, headers and bodies both ways,
// CFML's result struct, redirects, the timeout, the size limit, the page's signal, and the
// refusal of anything but http and https.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cfhttpResult, contentType, httpFetch, type HttpRequest } from "../tags/http-client.js";
import { OutboundPolicy } from "../engine/outbound.js";

let server: Server;
let base: string;
const hanging = new Set<IncomingMessage>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      const url = new URL(req.url!, "http://x");
      if (url.pathname === "/echo") {
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.setHeader("set-cookie", ["a=1", "b=2"]);
        res.end(JSON.stringify({ method: req.method, body, auth: req.headers["x-token"] ?? null }));
      } else if (url.pathname === "/latin1") {
        res.setHeader("content-type", "text/plain; charset=iso-8859-1");
        res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
      } else if (url.pathname === "/moved") {
        res.statusCode = 302;
        res.setHeader("location", "/echo");
        res.end();
      } else if (url.pathname === "/gz") {
        res.setHeader("content-type", "text/plain");
        res.setHeader("content-encoding", "gzip");
        res.end(gzipSync(`${req.headers["accept-encoding"]} | ${req.headers["user-agent"]} | ${"z".repeat(3000)}`));
      } else if (url.pathname === "/big") {
        res.end("x".repeat(5000));
      } else if (url.pathname === "/never") {
        // Never answers: the client's timeout or signal must end the wait.
        hanging.add(req);
      } else {
        res.statusCode = 404;
        res.end("no");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const req = (over: Partial<HttpRequest>): HttpRequest => ({
  url: `${base}/echo`,
  method: "GET",
  headers: [],
  body: null,
  timeoutMs: 10_000,
  maxBytes: 1 << 20,
  redirect: true,
  signal: null,
  // The test server is on loopback, which is refused unless allowed.
  policy: new OutboundPolicy({ allow: ["127.0.0.0/8"], deny: [] }),
  ...over,
});

describe("httpFetch and the cfhttp result", () => {
  it("sends method, headers and body, and returns CFML's result struct", async () => {
    const r = cfhttpResult(await httpFetch(req({ method: "POST", headers: [["x-token", "t1"]], body: "a=1" })));
    expect(r).toMatchObject({
      statusCode: "200 OK",
      status_code: 200,
      status_text: "OK",
      mimetype: "application/json",
      charset: "utf-8",
      text: true,
      errorDetail: "",
      fileContent: '{"method":"POST","body":"a=1","auth":"t1"}',
    });
    const h = r.responseHeader as Record<string, unknown>;
    expect([h.Status_Code, h.Explanation, h["content-type"], h["set-cookie"]]).toEqual([
      "200",
      "OK",
      "application/json; charset=utf-8",
      ["a=1", "b=2"],
    ]);
    // Names in lower case, sorted, set-cookie once per cookie; one connection per request.
    expect(String(r.header).replace(/\r\ndate: [^\r]+/, "")).toBe(
      "HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 42\r\ncontent-type: application/json; charset=utf-8\r\nset-cookie: a=1\r\nset-cookie: b=2\r\n",
    );
  });

  it("decodes the body in the charset the answer names", async () => {
    expect(cfhttpResult(await httpFetch(req({ url: `${base}/latin1` }))).fileContent).toBe("café");
  });

  it("follows redirects, or returns the 3xx itself with redirect off; a 404 is an answer, not a failure", async () => {
    expect(cfhttpResult(await httpFetch(req({ url: `${base}/moved` }))).status_code).toBe(200);
    const r = cfhttpResult(await httpFetch(req({ url: `${base}/moved`, redirect: false })));
    expect([r.statusCode, (r.responseHeader as Record<string, unknown>).location]).toEqual(["302 Found", "/echo"]);
    expect(cfhttpResult(await httpFetch(req({ url: `${base}/nothing` })))).toMatchObject({
      statusCode: "404 Not Found",
      fileContent: "no",
      mimetype: "",
      text: true,
    });
  });

  it("refuses URLs that are not http or https, and text that is no URL", async () => {
    await expect(httpFetch(req({ url: "file:///etc/passwd" }))).rejects.toMatchObject({
      reason: "url",
      message: "only http and https URLs are fetched, not file",
    });
    await expect(httpFetch(req({ url: "data:text/plain,hi" }))).rejects.toMatchObject({
      reason: "url",
      message: "only http and https URLs are fetched, not data",
    });
    await expect(httpFetch(req({ url: "/relative" }))).rejects.toMatchObject({
      reason: "url",
      message: '"/relative" is not an absolute URL (write http://… or https://…)',
    });
  });

  it("gives up after the timeout (not before it), and at once when the page's signal aborts", async () => {
    const started = Date.now();
    await expect(httpFetch(req({ url: `${base}/never`, timeoutMs: 200 }))).rejects.toMatchObject({
      reason: "timeout",
      message: `no answer from ${base} within 0.2 s`,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const ac = new AbortController();
    const p = httpFetch(req({ url: `${base}/never`, signal: ac.signal }));
    ac.abort(new Error("the client disconnected"));
    await expect(p).rejects.toMatchObject({ reason: "aborted" });
  });

  it("refuses an answer larger than maxBytes, and reports a connection that fails", async () => {
    await expect(httpFetch(req({ url: `${base}/big`, maxBytes: 4999 }))).rejects.toMatchObject({
      reason: "size",
      message: `the answer from ${base} has 5000 bytes, more than maxbytes (4999)`,
    });
    expect((await httpFetch(req({ url: `${base}/big`, maxBytes: 5000 }))).body.byteLength).toBe(5000);
    // A port nothing listens on any more: a server's, once closed.
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, "127.0.0.1", r));
    const port = (gone.address() as AddressInfo).port;
    await new Promise((r) => gone.close(r));
    await expect(httpFetch(req({ url: `http://127.0.0.1:${port}/` }))).rejects.toMatchObject({
      reason: "network",
      message: `GET http://127.0.0.1:${port} failed: ECONNREFUSED`,
    });
  });

  it("asks for compressed answers, decodes them, and counts the decoded bytes against maxBytes", async () => {
    const text = cfhttpResult(await httpFetch(req({ url: `${base}/gz` }))).fileContent as string;
    expect(text).toBe(`gzip, deflate, br | Quarry | ${"z".repeat(3000)}`);
    await expect(httpFetch(req({ url: `${base}/gz`, maxBytes: 3000 }))).rejects.toMatchObject({
      reason: "size",
      message: `the answer from ${base} is larger than maxbytes (3000 bytes)`,
    });
  });

  it("reads a Content-Type", () => {
    expect(contentType('text/html; Charset="ISO-8859-1"')).toEqual({ mimetype: "text/html", charset: "ISO-8859-1" });
    expect(contentType(undefined)).toEqual({ mimetype: "", charset: "" });
  });
});
