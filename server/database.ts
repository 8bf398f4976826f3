// Connects a site to its databases: every datasource with a URL uses it; those without one
// (the default, when neither the config nor DATABASE_URL names a server) share one embedded
// Postgres, started here and stopped by stop().
import { join } from "node:path";
import { resolveDataDir } from "../datasources/data-dir.js";
import type { SiteConfig } from "../datasources/config.js";
import { Datasources } from "../datasources/registry.js";
import { startEmbedded, type EmbeddedPostgresHandle } from "../datasources/embedded.js";
import type { LogFn } from "../datasources/datasource.js";

export interface Database {
  datasources: Datasources;
  embedded: EmbeddedPostgresHandle | null;
  stop(): Promise<void>;
}

export interface DatabaseOptions {
  /** The folder served (a site, or a build when `built`): its _db/ seeds the embedded cluster. */
  siteDir: string;
  built?: boolean;
  /** `--data-dir`: the embedded cluster's folder (see datasources/data-dir.ts for the default). */
  dataDir?: string | null;
  log?: LogFn;
}

export async function connectDatabase(config: SiteConfig, opts: DatabaseOptions): Promise<Database> {
  const log = opts.log ?? (() => {});
  let embedded: EmbeddedPostgresHandle | null = null;
  const urls: Record<string, string> = {};
  for (const ds of Object.values(config.datasources)) {
    if (ds.url) {
      urls[ds.name] = ds.url;
      continue;
    }
    if (!embedded) {
      const data = resolveDataDir({ root: opts.siteDir, built: opts.built, explicit: opts.dataDir, configured: config.dataDir });
      for (const w of data.warnings) log(`WARNING: ${w}`);
      log(`embedded Postgres: data in ${data.dir} (${data.source})`);
      embedded = await startEmbedded({ dataDir: data.dir, seedDir: join(opts.siteDir, "_db"), log });
      log(`embedded Postgres ready on port ${embedded.port}${embedded.created ? " (new cluster, _db/*.sql applied)" : ""}`);
    }
    urls[ds.name] = embedded.url;
  }
  const datasources = new Datasources(config, urls, log);
  return {
    datasources,
    embedded,
    async stop() {
      await datasources.close();
      await embedded?.stop();
    },
  };
}
