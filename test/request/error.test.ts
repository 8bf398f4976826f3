// server/request/error.ts: every status a request fails with answered by the site's _404.dbt or
// _error.dbt (with its `error` struct, without _request.dbt), else by the built-in page, also
// when the site's own error page fails; 503 with Retry-After. errorPageData's struct exactly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorPage } from "../../server/error-page.js";
import { errorPageData } from "../../server/request/error.js";
import { codes, RequestError, RuntimeError } from "../../engine/errors.js";
import { site } from "../helpers.js";
import { createDatabase } from "../db.js";
import { database, raw, startServer, type Server } from "../http.js";
import { stageServer, type StageServer } from "./harness.js";
import { openTestSite } from "./site.js";

const FAILING: Record<string, string> = {
  "fail.dbt": `<dbt:throw message="internal detail">`,
  "conflict.dbt": `<dbt:throw message="Sold out" status="409">`,
  "busy.dbt": `<dbt:throw message="later" status="503">`,
};

let url: string;
const servers: Server[] = [];
async function serve(files: Record<string, string>): Promise<Server> {
  const s = await startServer({ root: site(files), database: database(url) });
  servers.push(s);
  return s;
}
beforeAll(async () => {
  url = await createDatabase([], "error_stage");
});
afterAll(async () => {
  for (const s of servers) await s.close();
});

/** The request id the built-in page shows. */
const idOf = (body: string) => /Request id: ([^<]+)</.exec(body)![1]!;

describe("the error stage, with the site's _404.dbt and _error.dbt", () => {
  let s: Server;
  beforeAll(async () => {
    s = await serve({
      ...FAILING,
      "_request.dbt": "R;",
      "_404.dbt": `<dbt:output>404 page: #error.status# #error.code# #error.title# #error.message#</dbt:output>`,
      "_error.dbt": `<dbt:output>#error.status#|#error.code#|#error.title#|#error.message#</dbt:output>`,
    });
  });

  it("answers a missing page with _404.dbt", async () => {
    const r = await raw(s.base, "/missing");
    expect([r.status, r.body]).toEqual([404, "404 page: 404 QRY_ERR_NOT_FOUND Not found No page at /missing"]);
  });

  it("answers every other status with _error.dbt, without _request.dbt, with a public message for a 5xx", async () => {
    const r = async (path: string, init = {}) => {
      const res = await raw(s.base, path, init);
      return [res.status, res.body, res.headers["retry-after"]];
    };
    expect(await r("/fail")).toEqual([
      500,
      "500|QRY_ERR_THROW|Internal server error|Something went wrong on our side.",
      undefined,
    ]);
    expect(await r("/conflict")).toEqual([409, "409|QRY_ERR_THROW|Error 409|Sold out", undefined]);
    expect(await r("/busy")).toEqual([
      503,
      "503|QRY_ERR_THROW|Service unavailable|The site&#39;s database is unavailable. Try again shortly.",
      "5",
    ]);
    // Fastify refuses a path that does not percent-decode before any route: still the site's page.
    expect(await r("/fail%zz?a=1")).toEqual([
      400,
      "400|QRY_ERR_BAD_PATH|Bad request|The path segment &quot;fail%zz&quot; is not valid percent-encoding",
      undefined,
    ]);
    expect(await r("/fail", { method: "PUT" })).toEqual([
      405,
      "405|QRY_ERR_METHOD|Method not allowed|PUT is not allowed here: pages answer GET, HEAD and POST",
      undefined,
    ]);
  });
});

describe("the error stage's built-in page", () => {
  /** Asks `path` of `s`: its status and whether its body is exactly the built-in page for `err`. */
  async function builtIn(s: Server, path: string, err: Error, status: number) {
    const r = await raw(s.base, path);
    expect([path, r.status]).toEqual([path, status]);
    expect(r.body).toBe(errorPage(err, status, idOf(r.body), false));
  }
  const notFound = new RequestError(codes.NOT_FOUND, 404, "No page at /missing");

  it("answers when the site has no error pages", async () => {
    const s = await serve(FAILING);
    await builtIn(s, "/missing", notFound, 404);
    await builtIn(s, "/fail", new Error("internal detail"), 500);
    const badUrl = new RequestError(codes.BAD_PATH, 400, 'The path segment "%E0%A4%A" is not valid percent-encoding');
    await builtIn(s, "/%E0%A4%A", badUrl, 400);
  });

  it("answers when the site's own _404.dbt or _error.dbt fails, with the status of the first failure", async () => {
    const s = await serve({
      ...FAILING,
      "_404.dbt": `<dbt:throw message="broken 404">`,
      "_error.dbt": `<dbt:throw message="broken">`,
    });
    await builtIn(s, "/missing", notFound, 404);
    await builtIn(s, "/conflict", new RequestError(codes.THROW, 409, "Sold out"), 409);
  });
});

describe("errorPageData", () => {
  let st: StageServer;
  let closeSite: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestSite({});
    closeSite = opened.close;
    st = await stageServer((app) => {
      app.get("/data", async (req) => {
        const dev = (req.query as { dev?: string }).dev === "1";
        const err = new RuntimeError(codes.UNDEFINED, "x is undefined", {
          file: "p.dbt",
          line: 2,
          column: 3,
          start: 10,
          end: 11,
        });
        const data = errorPageData({ ...opened.served, dev }, req, err, 500, null);
        return { struct: data.struct, dev: data.dev.length > 0, id: req.id };
      });
    });
  });
  afterAll(async () => {
    await st?.close();
    await closeSite?.();
  });

  it("gives an error page the status, title, code, public message and request id; under dev the message and detail too", async () => {
    const prod = (await (await fetch(`${st.base}/data`)).json()) as { struct: object; dev: boolean; id: string };
    expect(prod).toEqual({
      struct: {
        status: 500,
        title: "Internal server error",
        code: "QRY_ERR_UNDEFINED",
        message: "Something went wrong on our side.",
        requestId: prod.id,
      },
      dev: false,
      id: prod.id,
    });
    const dev = (await (await fetch(`${st.base}/data?dev=1`)).json()) as {
      struct: Record<string, unknown>;
      dev: boolean;
    };
    expect(dev.struct.message).toBe("x is undefined");
    expect(dev.struct.detail).toEqual({ file: "p.dbt", line: 2, column: 3 });
    expect(dev.dev).toBe(true);
  });
});
