// Error pages as visitors and developers see them: every error status goes through the site's
// _error.dbt (dev and production alike) with status, code and a public message; without one,
// dev's 404 page says which files it looked for instead of showing a stack.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { database, raw, startServer, type Server } from "./http.js";

const ERROR_PAGE = `<dbt:output>[#error.status# #error.code# #error.title#] #error.message#</dbt:output>`;
const PAGES: Record<string, string> = {
  "_error.dbt": ERROR_PAGE,
  "param.dbt": `<dbt:param name="url.n" type="integer">ok`,
  "gone.dbt": `<dbt:throw status="404" message="That note was deleted">`,
  "private.dbt": `<dbt:throw status="403" message="Members only">`,
  "broken.dbt": `<dbt:query name="q">SELECT nosuch</dbt:query>`,
};

const roots: string[] = [];
let url: string;
let prod: Server;
let dev: Server;
let down: Server;
let plain: Server;

beforeAll(async () => {
  url = await createDatabase([], "errpages");
  const root = site(PAGES);
  const bare = site({ "index.dbt": "home", "notes/index.dbt": "notes" });
  roots.push(root, bare);
  prod = await startServer({ root, database: database(url) });
  dev = await startServer({ root, dev: true, database: database(url) });
  // A datasource nothing listens on: every query is a 503.
  down = await startServer({
    root,
    database: database("postgres://quarry@127.0.0.1:9/none", { acquireTimeoutMs: 200 }),
  });
  plain = await startServer({ root: bare, dev: true, database: database(url) });
});
afterAll(async () => {
  for (const s of [prod, dev, down, plain]) await s.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

const get = async (base: string, path: string, method = "GET") => {
  const res = await raw(base, path, { method });
  return [res.status, res.body];
};

describe("the site's _error.dbt", () => {
  it("renders every error status in production, with a public message", async () => {
    expect(await get(prod.base, "/param?n=x")).toEqual([
      400,
      "[400 QRY_ERR_PARAM Bad request] Parameter url.n must be an integer, got &quot;x&quot;",
    ]);
    expect(await get(prod.base, "/private")).toEqual([403, "[403 QRY_ERR_THROW Forbidden] Members only"]);
    expect(await get(prod.base, "/gone")).toEqual([404, "[404 QRY_ERR_THROW Not found] That note was deleted"]);
    expect(await get(prod.base, "/no/such/page")).toEqual([
      404,
      "[404 QRY_ERR_NOT_FOUND Not found] No page at /no/such/page",
    ]);
    expect(await get(prod.base, "/param", "PUT")).toEqual([
      405,
      "[405 QRY_ERR_METHOD Method not allowed] PUT is not allowed here: pages answer GET, HEAD and POST",
    ]);
    expect(await get(prod.base, "/broken")).toEqual([
      500,
      "[500 QRY_ERR_QUERY Internal server error] Something went wrong on our side.",
    ]);
    expect(await get(down.base, "/broken")).toEqual([
      503,
      "[503 QRY_ERR_DATASOURCE_UNAVAILABLE Service unavailable] The site&#39;s database is unavailable. Try again shortly.",
    ]);
  });

  it("renders them in dev too, with the full message", async () => {
    expect(await get(dev.base, "/no/such/page")).toEqual([
      404,
      "[404 QRY_ERR_NOT_FOUND Not found] No page at /no/such/page",
    ]);
    const [status, body] = await get(dev.base, "/broken");
    expect(status).toBe(500);
    expect(body).toBe(
      "[500 QRY_ERR_QUERY Internal server error] Query failed: column &quot;nosuch&quot; does not exist (SQLSTATE 42703)",
    );
  });
});

describe("dev's own 404 page", () => {
  it("lists the files that would have answered, and no stack", async () => {
    const [status, body] = await get(plain.base, "/notes/edit");
    expect(status).toBe(404);
    expect(body).toContain("<p><b>QRY_ERR_NOT_FOUND</b>: No page at /notes/edit</p>");
    expect(body).toContain(
      '<ul class="candidates"><li><code>notes/edit.dbt</code></li><li><code>notes/edit/index.dbt</code></li><li><code>notes/edit</code></li></ul>',
    );
    expect(body).not.toContain("    at ");
  });
});
