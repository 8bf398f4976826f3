// Starts one embedded Postgres for the whole run (a throwaway cluster in a temp folder) and
// hands its admin URL to the tests, which create their own databases in it (see db.ts).
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { startEmbedded } from "../datasources/postgres/embedded.js";

interface Backend {
  datname: string;
  application_name: string;
  state: string;
  query: string;
}

/** Client connections other than this one, on any database of the run's Postgres. */
async function leftBackends(url: string): Promise<Backend[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (
      await c.query<Backend>(
        "SELECT datname, application_name, state, query FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() ORDER BY datname",
      )
    ).rows;
  } finally {
    await c.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Everything a run puts in the temp folder (test sites, builds, the CLI's children, this
  // Postgres) goes into one folder of its own, removed at the end: test workers and the
  // processes they start inherit TMPDIR, which os.tmpdir() reads.
  const run = mkdtempSync(join(tmpdir(), "quarry-run-"));
  chmodSync(run, 0o755); // as root, Postgres runs as another user that must reach its folders
  process.env.TMPDIR = run;
  const dir = mkdtempSync(join(run, "quarry-pg-"));
  const server = await startEmbedded({ dataDir: dir, seedDir: null, ephemeral: true });
  project.provide("adminUrl", server.url.replace(/\/quarry$/, "/postgres"));
  return async () => {
    // Every test closes what it opened: a connection still open here is a leaked pool or client.
    const left = await leftBackends(server.url);
    if (left.length)
      process.stderr.write(
        `connections the tests left open (pg_stat_activity):\n${left.map((b) => `  ${b.datname} ${b.application_name || "(no application_name)"} ${b.state}: ${b.query.slice(0, 100)}`).join("\n")}\n`,
      );
    await server.stop();
    rmSync(run, { recursive: true, force: true });
  };
}
