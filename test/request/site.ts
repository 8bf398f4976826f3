// An open site (server/site.ts) for the stage tests that call a stage with the site it serves:
// a site folder with `files`, its own database, its config as written; closed by `close()`.
import { writeFileSync } from "node:fs";
import Fastify from "fastify";
import { join } from "node:path";
import { createDatabase } from "../db.js";
import { site as siteFolder } from "../helpers.js";
import { database } from "../http.js";
import { openSite, type Served, type Site } from "../../server/site.js";

export async function openTestSite(
  files: Record<string, string>,
  config: Record<string, unknown> = {},
): Promise<{ site: Site; served: Served; close: () => Promise<void> }> {
  const root = siteFolder(files);
  writeFileSync(
    join(root, "quarry.config.json"),
    JSON.stringify({ secret: "stage tests of the request path", ...config }),
  );
  const db = database(await createDatabase([], "stages"));
  const site = await openSite({ root, database: db }, () => {});
  const served: Served = { site, dev: false, trace: false, log: () => {}, logger: Fastify({ logger: false }).log };
  return {
    site,
    served,
    close: async () => {
      await site.sessions.close();
      await site.cluster.close();
      await db.stop();
    },
  };
}
