// One server under test, in its own process: the parent forks this file with the server's
// spec in QUARRY_BENCH_SERVER, and it answers { port } over IPC once it listens on 127.0.0.1.
import { resolve } from "node:path";
import type { ServerSpec } from "./spec.js";

const spec = JSON.parse(process.env.QUARRY_BENCH_SERVER ?? "null") as ServerSpec & { databaseUrl: string };
const url = spec.databaseUrl;
const poolMax = spec.poolMax ?? 10;

async function quarryApp() {
  const { loadConfig } = await import("../config/site.js");
  const { Datasources } = await import("../datasources/registry.js");
  const { createApp } = await import("../server/app.js");
  const dir = resolve(spec.dist ?? spec.root!);
  const config = await loadConfig(dir, {});
  // Every datasource the site leaves to the embedded Postgres uses the bench's shared database.
  const urls: Record<string, string> = {};
  for (const ds of Object.values(config.datasources)) urls[ds.name] = ds.url ?? url;
  const dflt = config.datasources[config.defaultDatasource]!;
  if (spec.strategy) dflt.strategy = spec.strategy;
  if (spec.poolMax) dflt.max = spec.poolMax;
  if (spec.queryCache === false) config.queryCacheSize = 0;
  const datasources = new Datasources(config, urls);
  return createApp({
    ...(spec.dist ? { dist: dir } : { root: dir, mode: spec.mode ?? "compiled" }),
    database: { datasources, embedded: null, stop: () => datasources.close() },
    // One load generator on 127.0.0.1 plays many cookieless visitors: no per-client session
    // limit, and sessions in memory like the hand-written baseline's.
    session: { store: "memory", createPerMinute: 1_000_000_000, maxSessions: 200_000 },
    log: () => {},
  });
}

async function handApp() {
  const { HandDb, handApp } = await import("./hand.js");
  const db = new HandDb(url, spec.strategy ?? "pool", poolMax, spec.named);
  await db.open();
  return handApp(resolve(spec.site!), db);
}

async function cgiApp() {
  const { cgiFront } = await import("./cgi.js");
  return cgiFront(resolve(spec.dist!), url);
}

// bench:request-path profiles each server from inside (bench/profile-child.ts).
if (process.env.QUARRY_BENCH_PROFILE) (await import("./profile-child.js")).profileOnMessages();

const app = spec.kind === "hand" ? await handApp() : spec.kind === "cgi" ? await cgiApp() : await quarryApp();
await app.listen({ port: 0, host: "127.0.0.1" });
process.send!({ port: (app.server.address() as { port: number }).port });
process.on("disconnect", () => void app.close().finally(() => process.exit(0)));
process.on("SIGTERM", () => void app.close().finally(() => process.exit(0)));
