// Error pages as visitors and developers see them: every error status goes through the site's
// _error.dbt (dev and production alike) with status, code and a public message; without one,
// dev's 404 page says which files it looked for instead of showing a stack. Under quarry dev a
// browser loading an error page gets the detail (code frame, SQL, parameters, hint) after the
// site's own page, the failed request's panel and the reload script; quarry start never does.
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
  "typo.dbt": `<p>notes</p>\n<dbt:query name="q">SELECT creatd FROM (SELECT 1 AS created) t WHERE created = #url.n#</dbt:query>`,
};
// What quarry dev adds before </body> of every page a browser loads (server/dev.ts).
const RELOAD_SCRIPT = `<script>(function(){var s=new EventSource("/_quarry/reload");s.onmessage=function(e){if(e.data==="reload")location.reload()};})();</script>`;
const BROWSER = { "sec-fetch-dest": "document" };
// The typo page's error as the detail shows it (Postgres's message, position and hint).
const TYPO_DETAIL = [
  `<p><b>QRY_ERR_QUERY</b>: Query failed: column &#34;creatd&#34; does not exist (SQLSTATE 42703)</p>`,
  `<p>at <code>typo.dbt:2:1</code></p>`,
  `<pre class="frame">  1 | &#60;p&#62;notes&#60;/p&#62;\n&#62; 2 | &#60;dbt:query name=&#34;q&#34;&#62;SELECT creatd FROM (SELECT 1 AS created) t WHERE created = #url.n#&#60;/dbt:query&#62;\n    | ^</pre>`,
  `<p class="hint"><b>Hint</b>: Perhaps you meant to reference the column &#34;t.created&#34;.</p>`,
  `<h2>SQL</h2><pre class="sql">SELECT creatd FROM (SELECT 1 AS created) t WHERE created = $1\n       ^</pre>`,
  `<h2>Parameters</h2><pre class="params">[\n  &#34;7&#34;\n]</pre>`,
].join("\n");

const roots: string[] = [];
let url: string;
let prod: Server;
let dev: Server;
let down: Server;
let plain: Server;
let plainProd: Server;

beforeAll(async () => {
  url = await createDatabase([], "errpages");
  const root = site(PAGES);
  const bare = site({ "index.dbt": "home", "notes/index.dbt": "notes", "typo.dbt": PAGES["typo.dbt"]! });
  roots.push(root, bare);
  prod = await startServer({ root, database: database(url) });
  dev = await startServer({ root, dev: true, database: database(url) });
  // A datasource nothing listens on: every query is a 503.
  down = await startServer({
    root,
    database: database("postgres://quarry@127.0.0.1:9/none", { acquireTimeoutMs: 200 }),
  });
  plain = await startServer({ root: bare, dev: true, database: database(url) });
  plainProd = await startServer({ root: bare, database: database(url) });
});
afterAll(async () => {
  for (const s of [prod, dev, down, plain, plainProd]) await s.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

const get = async (base: string, path: string, method = "GET") => {
  const res = await raw(base, path, { method });
  return [res.status, res.body];
};
/** A page as a browser loads it (Sec-Fetch-Dest: document): status, body, request id. */
const browse = async (base: string, path: string) => {
  const res = await raw(base, path, { headers: BROWSER });
  return { status: res.status, body: res.body, id: res.headers["x-quarry-request-id"] as string | undefined };
};
/** The failed request's debugging panel (server/debug.ts), up to its closing tag. */
const panelOf = (body: string) => {
  const at = body.indexOf(`<details id="quarry-debug" `);
  return at < 0 ? null : body.slice(at, body.indexOf("</details>", at) + "</details>".length);
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

describe("error.detail, for _error.dbt to lay out itself", () => {
  const DETAIL_PAGE = `<dbt:output>#structKeyExists(error, "detail")#<dbt:if structKeyExists(error, "detail")><dbt:loop collection="#error.detail#" item="k">|#k#=#isSimpleValue(error.detail[k]) ? error.detail[k] : serializeJSON(error.detail[k])#</dbt:loop></dbt:if></dbt:output>`;
  let detailDev: Server;
  let detailProd: Server;
  beforeAll(async () => {
    const root = site({ "_error.dbt": DETAIL_PAGE, "typo.dbt": PAGES["typo.dbt"]!, "index.dbt": "home" });
    roots.push(root);
    detailDev = await startServer({ root, dev: true, database: database(url) });
    detailProd = await startServer({ root, database: database(url) });
  });
  afterAll(async () => {
    for (const s of [detailDev, detailProd]) await s.close();
  });

  it("holds the location, frame, SQL, parameters and hint in dev, the files looked for on a 404, and nothing in production", async () => {
    const [status, body] = await get(detailDev.base, "/typo?n=7");
    expect(status).toBe(500);
    expect(body).toBe(
      [
        "true|file=typo.dbt|line=2|column=1",
        `|frame=  1 | &lt;p&gt;notes&lt;/p&gt;\n&gt; 2 | &lt;dbt:query name=&quot;q&quot;&gt;SELECT creatd FROM (SELECT 1 AS created) t WHERE created = #url.n#&lt;/dbt:query&gt;\n    | ^`,
        "|sql=SELECT creatd FROM (SELECT 1 AS created) t WHERE created = $1\n       ^",
        `|params=[&quot;7&quot;]`,
        "|hint=Perhaps you meant to reference the column &quot;t.created&quot;.",
      ].join(""),
    );
    expect(await get(detailDev.base, "/nope")).toEqual([
      404,
      `true|candidates=[&quot;nope.dbt&quot;,&quot;nope/index.dbt&quot;,&quot;nope&quot;]`,
    ]);
    expect(await get(detailProd.base, "/typo?n=7")).toEqual([500, "false"]);
    expect(await get(detailProd.base, "/nope")).toEqual([404, "false"]);
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

describe("quarry dev's error page in a browser", () => {
  it("is the site's _error.dbt followed by the detail, the failed request's panel and the reload script", async () => {
    const { status, body, id } = await browse(dev.base, "/typo?n=7");
    expect(status).toBe(500);
    const panel = panelOf(body)!;
    // The panel is the failed page's: its query, failed, with its bound value.
    expect(panel).toContain(`<summary><b>quarry dev</b> · 500 · `);
    expect(panel).toContain(`<b>Query failed: column &#34;creatd&#34; does not exist (SQLSTATE 42703)</b>`);
    expect(panel).toContain(`<code>[&#34;7&#34;]</code>`);
    expect(body).toBe(
      `[500 QRY_ERR_QUERY Internal server error] Query failed: column &quot;creatd&quot; does not exist (SQLSTATE 42703)` +
        `<section id="quarry-error" style="font:15px/1.5 system-ui,sans-serif;border-top:3px solid #a00;background:#fff;color:#222;padding:.5em 1em;margin-top:2em">\n` +
        `<style>#quarry-error pre{background:#f4f4f4;padding:1em;overflow:auto}</style>\n` +
        `<h2 style="color:#a00">500 Internal server error</h2>\n` +
        `${TYPO_DETAIL}\n` +
        `<p><small>Request id: ${id} · this detail is added by quarry dev only: quarry start shows the site's page alone</small></p>\n` +
        `</section>${panel}${RELOAD_SCRIPT}`,
    );
  });

  it("carries the same reload script as a normal page, before the page's </body>", async () => {
    const normal = await browse(dev.base, "/param?n=1");
    expect(normal.body.endsWith(`</details>${RELOAD_SCRIPT}`)).toBe(true);
    const notFound = await browse(dev.base, "/no/such/page");
    expect(notFound.status).toBe(404);
    // Nothing ran, so no panel: the detail says which files would have answered.
    expect(notFound.body.replace(/Request id: [^ ]+/, "Request id: ID")).toBe(
      `[404 QRY_ERR_NOT_FOUND Not found] No page at /no/such/page` +
        `<section id="quarry-error" style="font:15px/1.5 system-ui,sans-serif;border-top:3px solid #a00;background:#fff;color:#222;padding:.5em 1em;margin-top:2em">\n` +
        `<style>#quarry-error pre{background:#f4f4f4;padding:1em;overflow:auto}</style>\n` +
        `<h2 style="color:#a00">404 Not found</h2>\n` +
        `<p><b>QRY_ERR_NOT_FOUND</b>: No page at /no/such/page</p>\n` +
        `<p>Looked for these files in the site folder:</p>\n<ul class="candidates"><li><code>no/such/page.dbt</code></li><li><code>no/such/page/index.dbt</code></li><li><code>no/such/page</code></li></ul>\n` +
        `<p><small>Request id: ID · this detail is added by quarry dev only: quarry start shows the site's page alone</small></p>\n` +
        `</section>${RELOAD_SCRIPT}`,
    );
  });

  it("without _error.dbt is the built-in page with the detail, the panel and the reload script", async () => {
    const { status, body, id } = await browse(plain.base, "/typo?n=7");
    expect(status).toBe(500);
    const panel = panelOf(body)!;
    expect(panel).toContain(`<b>Query failed: column &#34;creatd&#34; does not exist (SQLSTATE 42703)</b>`);
    expect(
      body.endsWith(
        `</pre>\n<p><small>Request id: ${id} · this page is shown by quarry dev only</small></p>\n${panel}${RELOAD_SCRIPT}</body></html>\n`,
      ),
    ).toBe(true);
    expect(body).toContain(`<h1>500 Internal server error</h1>\n${TYPO_DETAIL}\n<p><small>Request id: ${id} `);
    // Not a browser (curl, a test): the page byte for byte, nothing added.
    const plainBody = (await raw(plain.base, "/typo?n=7")).body;
    expect(plainBody).toContain(`<h1>500 Internal server error</h1>\n${TYPO_DETAIL}\n<p><small>Request id: `);
    expect(plainBody).not.toContain("<script");
    expect(plainBody).not.toContain("quarry-debug");
  });
});

describe("quarry dev's JSON error page", () => {
  it("gets nothing added, browser or not", async () => {
    const root = site({
      "_error.dbt": `<dbt:content type="application/json"><dbt:output>{"code":"#error.code#"}</dbt:output>`,
      "typo.dbt": PAGES["typo.dbt"]!,
    });
    roots.push(root);
    const api = await startServer({ root, dev: true, database: database(url) });
    try {
      const res = await raw(api.base, "/typo?n=7", { headers: BROWSER });
      expect([res.status, res.headers["content-type"], res.body]).toEqual([
        500,
        "application/json; charset=utf-8",
        `{"code":"QRY_ERR_QUERY"}`,
      ]);
    } finally {
      await api.close();
    }
  });
});

describe("quarry start's error page in a browser", () => {
  it("is the site's _error.dbt alone: no detail, no SQL, no frame, no panel, no script", async () => {
    const { status, body } = await browse(prod.base, "/typo?n=7");
    expect([status, body]).toEqual([
      500,
      "[500 QRY_ERR_QUERY Internal server error] Something went wrong on our side.",
    ]);
  });
  it("is the built-in page with the request id only, without _error.dbt", async () => {
    const res = await raw(plainProd.base, "/typo?n=7", { headers: BROWSER });
    expect(res.status).toBe(500);
    expect(res.body.replace(/Request id: [^<]+/, "Request id: ID")).toBe(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Internal server error</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2em auto;max-width:60em;padding:0 1em}pre{background:#f4f4f4;padding:1em;overflow:auto}h1{color:#a00}</style>
</head><body>
<h1>500 Internal server error</h1>
<p>Something went wrong on our side.</p>
<p><small>Request id: ID</small></p>
</body></html>
`);
    expect(res.headers["x-quarry-request-id"]).toBeUndefined();
  });
});
