// One CGI request (see cgi.ts): load the precompiled site, connect, render REQUEST_URI, print
// "Status: …\r\nContent-Type: …\r\n\r\n" and the body, close the connection, exit.
import { loadConfig } from "../datasources/config.js";
import { Datasources } from "../datasources/registry.js";
import { createApp } from "../server/app.js";

const dist = process.env.QUARRY_CGI_DIST!;
const config = await loadConfig(dist, {});
const urls: Record<string, string> = {};
for (const ds of Object.values(config.datasources)) {
  // One process, one request: a single connection, opened when the page first queries.
  ds.strategy = "single";
  urls[ds.name] = ds.url ?? process.env.DATABASE_URL!;
}
const datasources = new Datasources(config, urls);
const app = await createApp({ dist, database: { datasources, embedded: null, stop: () => datasources.close() }, log: () => {} });
const res = await app.inject({ method: "GET", url: process.env.REQUEST_URI ?? "/" });
process.stdout.write(`Status: ${res.statusCode}\r\nContent-Type: ${String(res.headers["content-type"] ?? "text/html")}\r\n\r\n`);
process.stdout.write(res.rawPayload);
await app.close();
await datasources.close();
