// GET /healthz and GET /readyz, for load balancers, orchestrators and deploy scripts:
// - /healthz: the process answers (200 "ok"), nothing else is looked at;
// - /readyz: this node should get traffic: the default datasource answers a query, no _db/*.sql
//   migration is pending (a node started with --no-migrate waits for `quarry db migrate`), and
//   the node is not shutting down. 503 with the reason otherwise; while draining after SIGTERM,
//   the requests already accepted still finish.
// Routes of the app itself, outside the site's plugin: no session, no _request.dbt, no log line.
import type { FastifyInstance } from "fastify";
import type { Datasources } from "../datasources/registry.js";
import { migrationFiles, MIGRATIONS_TABLE } from "./migrations.js";

export interface Readiness {
  /** Set once a shutdown has begun: /readyz answers 503 from then on. */
  draining: boolean;
  /** Set once the server stopped accepting: every response then closes its connection. */
  closing: boolean;
}

export function registerHealth(app: FastifyInstance, datasources: Datasources, dbDir: string): Readiness {
  const state: Readiness = { draining: false, closing: false };
  const files = migrationFiles(dbDir);
  // Applied migrations stay applied: once every file was seen recorded, that is not asked again.
  let migrated = files.length === 0;
  const plain = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };

  app.get("/healthz", (_req, reply) => {
    void reply.headers(plain).send("ok\n");
  });

  app.get("/readyz", async (_req, reply) => {
    const notReady = (why: string) => reply.code(503).headers(plain).send(`not ready: ${why}\n`);
    if (state.draining) return notReady("shutting down");
    const ds = datasources.get(undefined);
    let recorded: Map<string, string>;
    try {
      if (migrated) {
        await datasources.query(ds, null, "SELECT 1", []);
        return reply.headers(plain).send("ready\n");
      }
      const r = await datasources.query(ds, null, `SELECT name, checksum FROM ${MIGRATIONS_TABLE}`, []);
      recorded = new Map(r.rows.map((row) => [String(row.name), String(row.checksum)]));
    } catch (err) {
      // No migrations table yet: nothing is applied.
      if ((err as { sqlState?: unknown }).sqlState === "42P01") recorded = new Map();
      else return notReady(`database: ${(err as Error).message}`);
    }
    const pending = files.filter((f) => recorded.get(f.name) !== f.checksum).map((f) => `_db/${f.name}`);
    if (pending.length > 0) return notReady(`migrations not applied: ${pending.join(", ")}`);
    migrated = true;
    return reply.headers(plain).send("ready\n");
  });
  return state;
}
