// Requests within bounds, over real HTTP: body size, field count, JSON nesting and upload limits
// answer 413/400 naming the `server.*` setting; uploads stream to temporary files that are gone
// once the response is sent; load shedding answers 503 + Retry-After.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { database, startServer, until, type Server } from "./http.js";
import { parseConfig } from "../config/site.js";

const uploads = mkdtempSync(join(tmpdir(), "quarry-uploads-"));
const SERVER = {
  uploadDir: uploads,
  maxBodyBytes: 2000,
  maxFields: 5,
  maxFieldBytes: 100,
  maxFiles: 2,
  maxFileBytes: 1000,
  maxBodyDepth: 4,
};

const PAGES: Record<string, string> = {
  // These posts test body limits like a script would, without forms: no CSRF tokens.
  "quarry.config.json": JSON.stringify({ server: SERVER, csrf: { enabled: false } }),
  "form.dbt": `<dbt:output>#jsonEncode(form)#</dbt:output>`,
  // Waits for the advisory lock the test holds, so the test can look at the upload meanwhile.
  "held.dbt": `<dbt:query name="l">SELECT pg_advisory_lock(4242) AS a, pg_advisory_unlock(4242) AS b</dbt:query><dbt:output>#form.f.size# #form.f.fileName#</dbt:output>`,
};

let url: string;
let server: Server;

beforeAll(async () => {
  url = await createDatabase([], "limits");
  server = await startServer({ root: site(PAGES), database: database(url) });
});
afterAll(async () => {
  await server.close();
  rmSync(uploads, { recursive: true, force: true });
});

const post = async (path: string, body: RequestInit["body"], headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.base}${path}`, { method: "POST", body, headers });
  return { status: res.status, body: await res.text() };
};

const upload = (files: [string, number][], fields: Record<string, string> = {}) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [name, size] of files)
    fd.append(name, new Blob(["x".repeat(size)], { type: "text/plain" }), `${name}.txt`);
  return fd;
};

const leftovers = () =>
  until(
    async () => readdirSync(uploads),
    (l) => l.length === 0,
  );

describe("request bodies within bounds", () => {
  it("streams an upload to a temporary file that is gone once the response is sent", async () => {
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    try {
      await lock.query("SELECT pg_advisory_lock(4242)");
      const pending = post("/held", upload([["f", 600]]));
      // While the page waits, the file is on disk at its full size, in a folder of its own.
      const dirs = await until(
        async () => readdirSync(uploads),
        (l) => l.length === 1 && readdirSync(join(uploads, l[0]!)).length === 1,
      );
      const file = join(uploads, dirs[0]!, readdirSync(join(uploads, dirs[0]!))[0]!);
      await until(
        async () => statSync(file).size,
        (n) => n === 600,
      );
      expect(statSync(file).size).toBe(600);
      await lock.query("SELECT pg_advisory_unlock(4242)");
      expect(await pending).toEqual({ status: 200, body: "600 f.txt" });
    } finally {
      await lock.end();
    }
    expect(await leftovers()).toEqual([]);
  });

  it("refuses an upload over server.maxFileBytes with 413 and leaves no file behind", async () => {
    const res = await post(
      "/form",
      upload([
        ["a", 10],
        ["b", 5000],
      ]),
    );
    expect(res.status).toBe(413);
    expect(res.body).toContain("Uploaded file is larger than server.maxFileBytes allows (1000 bytes)");
    expect(await leftovers()).toEqual([]);
  });

  it.each([
    [
      "too many files",
      () =>
        upload([
          ["a", 1],
          ["b", 1],
          ["c", 1],
        ]),
      413,
      "Request has more files than server.maxFiles allows (2)",
    ],
    [
      "too many multipart fields",
      () => upload([], { a: "1", b: "2", c: "3", d: "4", e: "5", f: "6" }),
      413,
      "Request has more fields than server.maxFields allows (5)",
    ],
    [
      "a multipart field too large",
      () => upload([], { a: "y".repeat(101) }),
      413,
      "Form field &#34;a&#34; is larger than server.maxFieldBytes allows (100 bytes)",
    ],
    [
      "too many urlencoded fields",
      () => new URLSearchParams("a=1&b=2&c=3&d=4&e=5&f=6"),
      413,
      "Request has more fields than server.maxFields allows (5)",
    ],
    [
      "an urlencoded body too large",
      () => new URLSearchParams({ a: "z".repeat(2100) }),
      413,
      "Request body is larger than server.maxBodyBytes allows (2000 bytes)",
    ],
  ])("refuses %s", async (_what, body, status, message) => {
    const res = await post("/form", body());
    expect(res.status).toBe(status);
    expect(res.body).toContain(message);
    expect(await leftovers()).toEqual([]);
  });

  it("refuses JSON nested deeper than server.maxBodyDepth with 400, and takes it at the limit", async () => {
    const deep = await post("/form", JSON.stringify({ a: { b: { c: { d: { e: 1 } } } } }), {
      "content-type": "application/json",
    });
    expect(deep.status).toBe(400);
    expect(deep.body).toContain("Request body is nested deeper than server.maxBodyDepth allows (4)");
    const ok = await post("/form", JSON.stringify({ a: { b: { c: 1 } } }), { "content-type": "application/json" });
    expect(ok).toEqual({ status: 200, body: "{&quot;a&quot;:{&quot;b&quot;:{&quot;c&quot;:1}}}" });
  });

  it.each([
    ["no boundary", "multipart/form-data", "--x\r\n"],
    ["an empty boundary", "multipart/form-data; boundary=", "--\r\n"],
    ["a boundary over 70 characters", `multipart/form-data; boundary=${"b".repeat(71)}`, "--x\r\n"],
  ])("answers a multipart body with %s with a 400 page, no stack", async (_what, type, body) => {
    const res = await post("/form", body, { "content-type": type });
    expect(res.status).toBe(400);
    expect(res.body).toContain("<h1>400 Bad request</h1>");
    expect(res.body).not.toContain("    at ");
    expect(await leftovers()).toEqual([]);
  });

  it("answers malformed JSON with a 400 page, not Fastify's JSON", async () => {
    const res = await post("/form", "{nope", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body).toContain("<h1>400 Bad request</h1>");
  });

  it("takes a form within every limit", async () => {
    expect(await post("/form", new URLSearchParams("a=1&b=2&c=3&d=4&e=5"))).toEqual({
      status: 200,
      body: "{&quot;a&quot;:&quot;1&quot;,&quot;b&quot;:&quot;2&quot;,&quot;c&quot;:&quot;3&quot;,&quot;d&quot;:&quot;4&quot;,&quot;e&quot;:&quot;5&quot;}",
    });
  });
});

describe("load shedding", () => {
  // The thresholds cannot go below 64 MiB: ballast in this process (which serves the test's
  // server) takes it over, whatever the test runner itself holds.
  const MIB = 1024 * 1024;
  const ballast: unknown[] = [];
  afterEach(() => {
    ballast.length = 0;
  });

  it("answers 503 + Retry-After naming the threshold once the heap is over server.maxHeapUsedBytes", async () => {
    ballast.push(new Array<number>(12 * MIB).fill(0.5)); // 96 MiB of heap
    const shed = await startServer({
      root: site({
        "quarry.config.json": JSON.stringify({ server: { maxHeapUsedBytes: 64 * MIB, retryAfterSeconds: 7 } }),
        "index.dbt": "ok",
      }),
      database: database(url),
    });
    try {
      // under-pressure samples once a second; until then the page is served.
      const res = await until(
        () => fetch(`${shed.base}/`),
        (r) => r.status === 503,
      );
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("7");
      expect(await res.text()).toContain("The server is busy. Try again shortly.");
    } finally {
      await shed.close();
    }
  });

  it("sheds while the event loop lags past server.maxEventLoopDelayMs, then serves again by itself", async () => {
    // (Given as options: the test helper turns event-loop shedding off unless told otherwise.)
    const shed = await startServer({
      root: site({ "index.dbt": "ok" }),
      database: database(url),
      dev: true,
      server: { maxEventLoopDelayMs: 100, retryAfterSeconds: 3 },
    });
    try {
      expect((await fetch(`${shed.base}/`)).status).toBe(200);
      // The server's one thread is stuck (as under a CPU-bound handler or a frozen process):
      // under-pressure's next sample sees the lag, and requests are shed until it passes.
      const stuck = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
      const res = await until(
        async () => {
          stuck();
          return fetch(`${shed.base}/`);
        },
        (r) => r.status === 503,
      );
      expect(res.headers.get("retry-after")).toBe("3");
      expect(await res.text()).toMatch(
        /QRY_ERR_OVERLOADED[\s\S]*Server overloaded: event-loop delay \d+ ms is over server\.maxEventLoopDelayMs \(100 ms\)/,
      );
      // Nothing more blocks it: the lag is gone at the next sample and the page is served.
      expect(
        (
          await until(
            () => fetch(`${shed.base}/`),
            (r) => r.status === 200,
          )
        ).status,
      ).toBe(200);
    } finally {
      await shed.close();
    }
  });

  it("sheds once resident memory is over server.maxRssBytes, naming it", async () => {
    ballast.push(Buffer.alloc(96 * MIB, 1)); // written, so resident
    const shed = await startServer({
      root: site({
        "quarry.config.json": JSON.stringify({ server: { maxRssBytes: 64 * MIB, maxHeapUsedBytes: 0 } }),
        "index.dbt": "ok",
      }),
      database: database(url),
      dev: true,
    });
    try {
      const res = await until(
        () => fetch(`${shed.base}/`),
        (r) => r.status === 503,
      );
      expect(res.headers.get("retry-after")).toBe("10");
      expect(await res.text()).toMatch(
        /Server overloaded: resident memory \d+ bytes is over server\.maxRssBytes \(67108864 bytes\)/,
      );
    } finally {
      await shed.close();
    }
  });
});

describe("server settings", () => {
  it.each([
    [{ server: { maxFiles: -1 } }, "f: server.maxFiles must be an integer from 0 to 10000, got -1"],
    [
      { server: { heartbeatTimeoutMs: 5 } },
      "f: server.heartbeatTimeoutMs must be an integer from 100 to 3600000, got 5",
    ],
    [
      { server: { maxRssBytes: 1 } },
      "f: server.maxRssBytes must be an integer from 67108864 to 1099511627776 (or 0: never), got 1",
    ],
    [
      { server: { maxHeapUsedBytes: 1e20 } },
      "f: server.maxHeapUsedBytes must be an integer from 67108864 to 1099511627776 (or 0: never), got 100000000000000000000",
    ],
    [{ server: { maxBodyDepth: 0 } }, "f: server.maxBodyDepth must be an integer from 1 to 1000, got 0"],
    [{ server: { uploadDir: 3 } }, "f: server.uploadDir must be a folder path"],
    [
      { server: { threads: 2 } },
      "f: unknown setting server.threads (known: shutdownGraceMs, drainMs, idleCloseMs, heartbeatTimeoutMs, maxEventLoopDelayMs, maxHeapUsedBytes, maxRssBytes, retryAfterSeconds, maxBodyBytes, maxFields, maxFieldBytes, maxFiles, maxFileBytes, maxBodyDepth, uploadDir, workers, warmupPaths, warmupRequests, warmupMaxMs)",
    ],
    [
      { server: { workers: 0 } },
      "f: server.workers must be a whole number from 1 to 1024 (or null: one per CPU), got 0",
    ],
    [
      { server: { workers: 2.5 } },
      "f: server.workers must be a whole number from 1 to 1024 (or null: one per CPU), got 2.5",
    ],
    [
      { server: { warmupPaths: "/" } },
      'f: server.warmupPaths must be a list of paths such as ["/", "/report?year=2025"], got "/"',
    ],
    ...["mandelbrot", "//evil.example/", "/a b", "/#top", "/a\\b", 7].map((bad) => [
      { server: { warmupPaths: ["/", bad] } },
      `f: server.warmupPaths.1 must be a path of this server starting with one / (such as "/" or "/report?year=2025"; no spaces, # or \\), got ${JSON.stringify(bad)}`,
    ]),
    [{ server: { warmupRequests: 0 } }, "f: server.warmupRequests must be an integer from 1 to 10000, got 0"],
    [{ server: { warmupMaxMs: 50 } }, "f: server.warmupMaxMs must be an integer from 100 to 600000, got 50"],
  ] as [Parameters<typeof parseConfig>[0], string][])("refuses %j", (raw, message) => {
    expect(() => parseConfig(raw, "f", {})).toThrow(message);
  });

  it("has documented defaults", () => {
    expect(parseConfig({}, "f", {}).server).toEqual({
      shutdownGraceMs: 10_000,
      drainMs: 0,
      idleCloseMs: 2000,
      heartbeatTimeoutMs: 30_000,
      maxEventLoopDelayMs: 1000,
      maxHeapUsedBytes: null,
      maxRssBytes: 0,
      retryAfterSeconds: 10,
      maxBodyBytes: 1024 * 1024,
      maxFields: 1000,
      maxFieldBytes: 100 * 1024,
      maxFiles: 10,
      maxFileBytes: 10 * 1024 * 1024,
      maxBodyDepth: 32,
      uploadDir: null,
      workers: null,
      warmupPaths: [],
      warmupRequests: 20,
      warmupMaxMs: 10_000,
    });
  });
});
