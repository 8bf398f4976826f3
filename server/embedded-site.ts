// The embedded Postgres of a site whose datasources name no server: started by a single
// server (database.ts) or by the guardian of `quarry start --workers N`, whose workers connect
// to it. A module of its own so that the guardian loads no datasource code to start it.
import { resolveDataDir } from "../datasources/data-dir.js";
import type { SiteConfig } from "../config/site.js";
import type { EmbeddedPostgresHandle } from "../datasources/postgres/embedded.js";
import type { LogFn } from "../datasources/datasource.js";

/** True when some datasource has no URL, so the site needs the embedded Postgres. */
export const needsEmbedded = (config: SiteConfig) => Object.values(config.datasources).some((ds) => !ds.url);

/** Starts the embedded Postgres of the site served from `opts.siteDir` (its data folder: see data-dir.ts). */
export async function startSiteEmbedded(
  config: SiteConfig,
  opts: { siteDir: string; built?: boolean; dataDir?: string | null },
  log: LogFn,
): Promise<EmbeddedPostgresHandle> {
  const data = resolveDataDir({
    root: opts.siteDir,
    built: opts.built,
    explicit: opts.dataDir,
    configured: config.dataDir,
  });
  for (const w of data.warnings) log(`WARNING: ${w}`);
  log(`embedded Postgres: data in ${data.dir} (${data.source})`);
  // Migrations, not the embedded runner, apply _db/ (on any database alike). Loaded only here:
  // a site whose datasources all have URLs never needs it.
  const { startEmbedded } = await import("../datasources/postgres/embedded.js");
  const embedded = await startEmbedded({ dataDir: data.dir, seedDir: null, log, port: config.dataPort ?? undefined });
  log(`embedded Postgres ready on port ${embedded.port}${embedded.created ? " (new cluster)" : ""}`);
  return embedded;
}
