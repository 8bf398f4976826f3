// Starts one embedded Postgres for the whole run (a throwaway cluster in a temp folder) and
// hands its admin URL to the tests, which create their own databases in it (see db.ts).
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbedded } from "../datasources/postgres/embedded.js";

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
  const pg = await startEmbedded({ dataDir: dir, seedDir: null, ephemeral: true });
  project.provide("adminUrl", pg.url.replace(/\/quarry$/, "/postgres"));
  return async () => {
    await pg.stop();
    rmSync(run, { recursive: true, force: true });
  };
}
