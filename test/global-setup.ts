// Starts one embedded Postgres for the whole run (a throwaway cluster in a temp folder) and
// hands its admin URL to the tests, which create their own databases in it (see db.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbedded } from "../datasources/embedded.js";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "quarry-pg-"));
  const pg = await startEmbedded({ dataDir: dir, seedDir: null, ephemeral: true });
  project.provide("adminUrl", pg.url.replace(/\/quarry$/, "/postgres"));
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
