// Connects a site to its databases: every datasource with a URL uses it; those without one
// (the default, when neither the config nor DATABASE_URL names a server) share one embedded
// Postgres, started here and stopped by stop(). The site's _db/*.sql migrations are applied
// to the default datasource's database before anything is served (see migrations.ts).
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../engine/errors.js";
import { resolveDataDir } from "../datasources/data-dir.js";
import { needsEmbedded, startSiteEmbedded } from "./embedded-site.js";
import { loadConfig, type SiteConfig } from "../config/site.js";
import { Datasources } from "../datasources/registry.js";
import type { EmbeddedPostgresHandle } from "../datasources/postgres/embedded.js";
import type { LogFn } from "../datasources/datasource.js";
import { migrate, type MigrateResult } from "./migrations.js";

export interface Database {
  datasources: Datasources;
  embedded: EmbeddedPostgresHandle | null;
  /**
   * The default datasource's database, as the migrations reach it: quarry dev describes a saved
   * page's statements there (server/sql-check.ts). A host's own Database may leave it out (no check on save).
   */
  url?: string;
  /** Applies new _db/*.sql files (dev calls it when one is saved); absent when the host owns the database. */
  migrate?(): Promise<MigrateResult>;
  stop(): Promise<void>;
}

export { needsEmbedded, startSiteEmbedded };

export interface DatabaseOptions {
  /** The folder served (a site, or a build when `built`): its _db/ holds the migrations. */
  siteDir: string;
  built?: boolean;
  /** `--data-dir`: the embedded cluster's folder (see datasources/data-dir.ts for the default). */
  dataDir?: string | null;
  log?: LogFn;
  /** Apply pending migrations on connecting (default true). */
  migrate?: boolean;
  /** An embedded Postgres already running for this site (the guardian's, in a worker process). */
  embeddedUrl?: string;
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
    if (opts.embeddedUrl) {
      urls[ds.name] = opts.embeddedUrl;
      continue;
    }
    embedded ??= await startSiteEmbedded(config, opts, log);
    urls[ds.name] = embedded.url;
  }
  const dbDir = join(opts.siteDir, "_db");
  // Past the pooler when the datasource names a way to (a no-transaction file needs a session).
  const url = config.datasources[config.defaultDatasource]!.directUrl ?? urls[config.defaultDatasource]!;
  const run = async () => {
    const r = await migrate(url, dbDir, log);
    if (r.applied.length === 0 && r.adopted.length === 0 && existsSync(dbDir)) log("migrations: up to date");
    return r;
  };
  if (opts.migrate !== false) {
    try {
      await run();
    } catch (err) {
      await embedded?.stop().catch(() => {});
      throw err;
    }
  }
  const datasources = new Datasources(config, urls, log);
  return {
    datasources,
    embedded,
    url,
    migrate: run,
    async stop() {
      await datasources.close();
      await embedded?.stop();
    },
  };
}

/** The default datasource's database of a site, as the `quarry db` commands use it. */
export interface SiteDatabase {
  url: string;
  /** True for the embedded Postgres (reset needs no --force there). */
  embedded: boolean;
  /** Where it is, for the user: "the embedded Postgres (data in …)", "datasource main (postgres://…)". */
  how: string;
  /** True when this call started the embedded Postgres (stop() stops it). */
  started: boolean;
  stop(): Promise<void>;
}

/**
 * The URL of the embedded cluster in `dataDir` when a Quarry server runs it now (its
 * quarry.lock names the live Postgres and its port): a second Postgres cannot open the same
 * folder, so the commands join the running one.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  let lock: { postgresPid?: unknown; port?: unknown };
  let state: { password?: unknown };
  try {
    lock = JSON.parse(readFileSync(join(dataDir, "quarry.lock"), "utf8")) as typeof lock;
    state = JSON.parse(readFileSync(join(dataDir, "quarry.json"), "utf8")) as typeof state;
  } catch {
    return null;
  }
  const { postgresPid: pid, port } = lock;
  if (typeof pid !== "number" || typeof port !== "number" || typeof state.password !== "string") return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, run by another user (the postgres user, when Quarry runs as root).
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  return `postgres://quarry:${encodeURIComponent(state.password)}@127.0.0.1:${port}/quarry`;
}

/**
 * Opens the database a site (or a build) uses, with the same config and data folder as
 * quarry dev and start: DATABASE_URL or the default datasource's url, else the embedded
 * Postgres — joined when a server runs it, else started here and stopped by stop().
 */
export async function openSiteDatabase(
  dir: string,
  opts: { built: boolean; dataDir?: string | null; log?: LogFn },
): Promise<SiteDatabase> {
  const log = opts.log ?? (() => {});
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new ConfigError(`${opts.built ? "Build" : "Site"} folder ${dir} does not exist`);
  const config = await loadConfig(dir);
  const ds = config.datasources[config.defaultDatasource]!;
  // The direct URL when there is one: migrations need no pooler, and psql is a session.
  const url = ds.directUrl ?? ds.url;
  if (url)
    return {
      url,
      embedded: false,
      how: `datasource ${ds.name} (${redact(url)})`,
      started: false,
      stop: async () => {},
    };
  const data = resolveDataDir({ root: dir, built: opts.built, explicit: opts.dataDir, configured: config.dataDir });
  for (const w of data.warnings) log(`WARNING: ${w}`);
  const running = runningEmbeddedUrl(data.dir);
  if (running)
    return {
      url: running,
      embedded: true,
      how: `the embedded Postgres already running for this site (data in ${data.dir})`,
      started: false,
      stop: async () => {},
    };
  const { startEmbedded } = await import("../datasources/postgres/embedded.js");
  const pg = await startEmbedded({ dataDir: data.dir, seedDir: null, log, port: config.dataPort ?? undefined });
  return {
    url: pg.url,
    embedded: true,
    how: `the embedded Postgres (data in ${data.dir})`,
    started: true,
    stop: () => pg.stop(),
  };
}

/** A connection URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    // Several hosts (h1:5432,h2:5432) make no WHATWG URL.
    const m = /^(postgres(?:ql)?:\/\/[^:@/]*:)[^@/]*@/.exec(url);
    return m ? url.replace(m[0], `${m[1]}***@`) : "(unparsable URL)";
  }
}
