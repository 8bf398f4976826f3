// One CGI request (see cgi.ts): load the precompiled site's runtime and templates, connect,
// render REQUEST_URI, print "Status: …\r\nContent-Type: …\r\n\r\n" and the body, close the
// connection, exit. Like a CGI script it loads only what rendering needs (no HTTP server), runs
// _application.dbt and _request.dbt as the server would, and keeps no session between requests.
import { loadConfig } from "../config/site.js";
import { Datasources } from "../datasources/registry.js";
import { PrecompiledSource } from "../server/sources.js";
import { resolvePath } from "../server/routes.js";
import { newPageState } from "../engine/page.js";
import { scopesFrom } from "../engine/context.js";
import { newStruct } from "../engine/values.js";

const dist = process.env.QUARRY_CGI_DIST!;
const uri = new URL(process.env.REQUEST_URI ?? "/", "http://cgi.invalid");
const config = await loadConfig(dist, {});
const urls: Record<string, string> = {};
for (const ds of Object.values(config.datasources)) {
  // One process, one request: a single connection, opened when the page first queries.
  ds.strategy = "single";
  urls[ds.name] = ds.url ?? process.env.DATABASE_URL!;
}
const datasources = new Datasources(config, urls);
let status = 404;
let type = "text/plain; charset=utf-8";
let body = `No page at ${uri.pathname}\n`;
try {
  const source = await PrecompiledSource.load(dist);
  const newPage = () => newPageState(datasources, config.renderTimeoutMs);
  const application = newStruct();
  const appPage = source.find(["_application.dbt"]);
  if (appPage) await source.render(appPage, { variables: newStruct(), application, request: newStruct() }, newPage());
  const r = resolvePath(uri.pathname);
  const name = r.kind === "ok" ? source.find(r.pages) : null;
  if (name) {
    const scopes = scopesFrom({
      url: Object.fromEntries(uri.searchParams),
      cgi: {
        request_method: "GET",
        path_info: uri.pathname,
        script_name: uri.pathname,
        query_string: uri.search.slice(1),
      },
    });
    scopes.application = application;
    const page = newPage();
    const before = source.find(["_request.dbt"]);
    body = before ? await source.render(before, scopes, page) : "";
    if (!page.aborted) body += await source.render(name, scopes, page);
    status = page.response.status;
    type = page.response.contentType ?? "text/html; charset=utf-8";
  }
} catch (err) {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  status = 500;
  type = "text/plain; charset=utf-8";
  body = "Internal error\n";
} finally {
  await datasources.close();
}
process.stdout.write(`Status: ${status}\r\nContent-Type: ${type}\r\n\r\n${body}`);
