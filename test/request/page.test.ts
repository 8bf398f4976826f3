// server/request/page.ts over HTTP: _request.dbt runs before the page (and before a static
// file), with the same scopes, and may end the request; a flush sends its output first; a page
// that fails before its head went is answered by the error stage.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../helpers.js";
import { createDatabase } from "../db.js";
import { database, raw, startServer, type Server } from "../http.js";

const PAGES: Record<string, string> = {
  "_request.dbt": `<dbt:if structKeyExists(url, "stop")><dbt:header statuscode="403">stopped<dbt:abort></dbt:if><dbt:header name="X-Guard" value="ran"><dbt:set request.user = "ada">R;`,
  "who.dbt": `<dbt:output>#request.user#</dbt:output>`,
  "flush.dbt": `P<dbt:flush>Q`,
  "style.css": "b{}",
  "fail.dbt": `lost<dbt:throw message="internal detail">`,
  "conflict.dbt": `<dbt:throw message="Sold out" status="409">`,
};

let s: Server;
beforeAll(async () => {
  s = await startServer({ root: site(PAGES), database: database(await createDatabase([], "page")) });
});
afterAll(() => s.close());

const message = (body: string) => /<p>([^<]*)<\/p>/.exec(body)?.[1];

describe("the page stage", () => {
  it("runs _request.dbt first, its output before the page's, its request scope seen by the page", async () => {
    const r = await raw(s.base, "/who");
    expect([r.status, r.headers["x-guard"], r.body]).toEqual([200, "ran", "R;ada"]);
  });

  it("ends the request where _request.dbt aborts: the page does not run", async () => {
    const r = await raw(s.base, "/who?stop=1");
    expect([r.status, r.headers["x-guard"], r.body]).toEqual([403, undefined, "stopped"]);
  });

  it("sends _request.dbt's output ahead of the page's at a dbt:flush", async () => {
    const r = await raw(s.base, "/flush");
    expect([r.status, r.headers["transfer-encoding"], r.body]).toEqual([200, "chunked", "R;PQ"]);
  });

  it("runs _request.dbt before a static file, which answers unless it ended the request", async () => {
    const file = await raw(s.base, "/style.css");
    expect([file.status, file.headers["x-guard"], file.body]).toEqual([200, "ran", "b{}"]);
    const stopped = await raw(s.base, "/style.css?stop=1");
    expect([stopped.status, stopped.body]).toEqual([403, "stopped"]);
  });

  it("hands a failed page to the error stage: its output dropped, its status kept", async () => {
    const fail = await raw(s.base, "/fail");
    expect([fail.status, message(fail.body)]).toEqual([500, "Something went wrong on our side."]);
    expect(fail.body).not.toContain("lost");
    const conflict = await raw(s.base, "/conflict");
    expect([conflict.status, message(conflict.body)]).toEqual([409, "Sold out"]);
  });
});
