// Connects a site to its databases: every datasource with a URL uses it; those without one
// (the default, when neither the config nor DATABASE_URL names a server) share one embedded
// Postgres, started here and stopped by stop().
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../engine/errors.js";
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
  /** The folder whose .quarry/ keeps the embedded cluster and whose _db/ seeds it. */
  siteDir: string;
  log?: LogFn;
}

/**
 * The folder that keeps a site's embedded cluster: SITE/.quarry/postgres. A build uses the one
 * of the site it was built from (its manifest records where), so no database lives in a build
 * and a rebuild cannot touch it.
 */
export function embeddedDataDir(dir: string, log: LogFn = () => {}): string {
  const own = join(dir, ".quarry", "postgres");
  const manifest = join(dir, "manifest.json");
  if (!existsSync(manifest)) return own;
  const { site } = JSON.parse(readFileSync(manifest, "utf8")) as { site?: unknown };
  if (typeof site !== "string") {
    // An older build kept its cluster inside itself: keep serving it, and say how to move it.
    if (existsSync(own)) {
      log(`WARNING: the embedded database lives inside the build folder (${own}); move it to the site's .quarry/postgres and build again, or a deploy could lose it`);
      return own;
    }
    throw new ConfigError(`${dir} was built by an older quarry build that does not record its site folder: build it again`);
  }
  if (!existsSync(site)) throw new ConfigError(`${dir} was built from ${site}, which no longer exists: the embedded Postgres keeps its data in the site folder (never in the build). Set DATABASE_URL or a datasource url`);
  return join(site, ".quarry", "postgres");
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
      const dataDir = embeddedDataDir(opts.siteDir, log);
      log(`starting the embedded Postgres (data in ${dataDir})`);
      embedded = await startEmbedded({ dataDir, seedDir: join(opts.siteDir, "_db"), log });
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
