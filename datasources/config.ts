// The site's config file (quarry.config.json or quarry.config.js in the site folder): named
// datasources, one of them the default, and a few server settings. DATABASE_URL overrides the
// default datasource's URL; a default with no URL at all gets the embedded Postgres.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError } from "../engine/errors.js";

export type Strategy = "pool" | "single" | "per-request";
export const STRATEGIES: readonly Strategy[] = ["pool", "single", "per-request"];

export interface DatasourceConfig {
  name: string;
  /** postgres://… ; null means "the embedded Postgres". */
  url: string | null;
  strategy: Strategy;
  min: number;
  max: number;
  /** How long a query may wait for a connection before the datasource counts as unavailable. */
  acquireTimeoutMs: number;
  idleTimeoutMs: number;
  /** Requests that may wait for a connection at once; more are refused at once (503). */
  maxWaiting: number;
  /** Postgres statement_timeout for every connection (0: none). */
  statementTimeoutMs: number;
}

export interface SiteConfig {
  datasources: Record<string, DatasourceConfig>;
  defaultDatasource: string;
  /** Minutes of inactivity after which a session is forgotten. */
  sessionTimeoutMinutes: number;
  /** Secret that signs the session cookie; random per process when not set. */
  secret: string | null;
  /** Wall-clock limit of one page render. */
  renderTimeoutMs: number;
  /** Query results kept by cachedwithin. */
  queryCacheSize: number;
  /** Server log level (pino's levels); --log-level and $LOG_LEVEL win over it. */
  logLevel: string | null;
  /** The embedded Postgres's data folder, relative to the site (see data-dir.ts); null: the default. */
  dataDir: string | null;
}

export const CONFIG_FILES = ["quarry.config.json", "quarry.config.js"] as const;

const DATASOURCE_DEFAULTS: Omit<DatasourceConfig, "name" | "url"> = {
  strategy: "pool", min: 0, max: 10, acquireTimeoutMs: 5000, idleTimeoutMs: 30_000, maxWaiting: 1000, statementTimeoutMs: 30_000,
};

type Raw = Record<string, unknown>;

function num(file: string, where: string, v: unknown, dflt: number, min = 0): number {
  if (v === undefined) return dflt;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) throw new ConfigError(`${file}: ${where} must be an integer of ${min} or more, got ${JSON.stringify(v)}`);
  return v;
}

function datasource(file: string, name: string, raw: Raw): DatasourceConfig {
  const at = `datasources.${name}`;
  const known = ["url", ...Object.keys(DATASOURCE_DEFAULTS)];
  for (const k of Object.keys(raw)) if (!known.includes(k)) throw new ConfigError(`${file}: unknown setting ${at}.${k} (known: ${known.join(", ")})`);
  if (raw.url !== undefined && raw.url !== null && typeof raw.url !== "string") throw new ConfigError(`${file}: ${at}.url must be a string`);
  const strategy = raw.strategy ?? "pool";
  if (!STRATEGIES.includes(strategy as Strategy)) throw new ConfigError(`${file}: ${at}.strategy must be one of ${STRATEGIES.join(", ")}, got ${JSON.stringify(strategy)}`);
  const d = DATASOURCE_DEFAULTS;
  const c: DatasourceConfig = {
    name,
    url: (raw.url as string | undefined) ?? null,
    strategy: strategy as Strategy,
    min: num(file, `${at}.min`, raw.min, d.min),
    max: num(file, `${at}.max`, raw.max, d.max, 1),
    acquireTimeoutMs: num(file, `${at}.acquireTimeoutMs`, raw.acquireTimeoutMs, d.acquireTimeoutMs, 1),
    idleTimeoutMs: num(file, `${at}.idleTimeoutMs`, raw.idleTimeoutMs, d.idleTimeoutMs, 1),
    maxWaiting: num(file, `${at}.maxWaiting`, raw.maxWaiting, d.maxWaiting),
    statementTimeoutMs: num(file, `${at}.statementTimeoutMs`, raw.statementTimeoutMs, d.statementTimeoutMs),
  };
  if (c.min > c.max) throw new ConfigError(`${file}: ${at}.min (${c.min}) is larger than max (${c.max})`);
  return c;
}

/** Builds a SiteConfig from the parsed config object (`file` names it in errors). */
export function parseConfig(raw: Raw, file: string, env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const known = ["datasources", "defaultDatasource", "sessionTimeoutMinutes", "secret", "renderTimeoutMs", "queryCacheSize", "logLevel", "dataDir"];
  for (const k of Object.keys(raw)) if (!known.includes(k)) throw new ConfigError(`${file}: unknown setting ${k} (known: ${known.join(", ")})`);
  const rawSources = (raw.datasources ?? { main: {} }) as Record<string, Raw>;
  if (typeof rawSources !== "object" || Array.isArray(rawSources)) throw new ConfigError(`${file}: datasources must be an object of named datasources`);
  const datasources: Record<string, DatasourceConfig> = Object.create(null);
  for (const [name, ds] of Object.entries(rawSources)) {
    if (!/^[A-Za-z_]\w*$/.test(name)) throw new ConfigError(`${file}: datasource name ${JSON.stringify(name)} must be letters, digits and _`);
    datasources[name] = datasource(file, name, ds ?? {});
  }
  const names = Object.keys(datasources);
  if (names.length === 0) throw new ConfigError(`${file}: datasources is empty`);
  const defaultDatasource = (raw.defaultDatasource as string | undefined) ?? names[0]!;
  const dflt = datasources[defaultDatasource];
  if (!dflt) throw new ConfigError(`${file}: defaultDatasource ${JSON.stringify(defaultDatasource)} is not one of the datasources (${names.join(", ")})`);
  if (env.DATABASE_URL) dflt.url = env.DATABASE_URL;
  if (raw.dataDir !== undefined && (typeof raw.dataDir !== "string" || raw.dataDir === "")) throw new ConfigError(`${file}: dataDir must be a folder path`);
  if (raw.secret !== undefined && (typeof raw.secret !== "string" || raw.secret.length < 16)) throw new ConfigError(`${file}: secret must be a string of 16 or more characters`);
  return {
    datasources,
    defaultDatasource,
    sessionTimeoutMinutes: num(file, "sessionTimeoutMinutes", raw.sessionTimeoutMinutes, 30, 1),
    secret: (raw.secret as string | undefined) ?? null,
    renderTimeoutMs: num(file, "renderTimeoutMs", raw.renderTimeoutMs, 10_000, 1),
    queryCacheSize: num(file, "queryCacheSize", raw.queryCacheSize, 500),
    logLevel: logLevelOf(file, raw.logLevel),
    dataDir: (raw.dataDir as string | undefined) ?? null,
  };
}

export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

function logLevelOf(file: string, v: unknown): string | null {
  if (v === undefined) return null;
  if (typeof v !== "string" || !(LOG_LEVELS as readonly string[]).includes(v)) throw new ConfigError(`${file}: logLevel must be one of ${LOG_LEVELS.join(", ")}, got ${JSON.stringify(v)}`);
  return v;
}

/** The config's logLevel, read before the server (and its logger) exists. */
export async function configuredLogLevel(root: string): Promise<string | undefined> {
  return (await loadConfig(root)).logLevel ?? undefined;
}

/** Reads the config file of a site folder (defaults when it has none). */
export async function loadConfig(root: string, env: NodeJS.ProcessEnv = process.env): Promise<SiteConfig> {
  const json = join(root, CONFIG_FILES[0]);
  const js = join(root, CONFIG_FILES[1]);
  if (existsSync(json)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(json, "utf8"));
    } catch (err) {
      throw new ConfigError(`${json}: ${(err as Error).message}`);
    }
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new ConfigError(`${json}: must hold a JSON object`);
    return parseConfig(raw as Raw, json, env);
  }
  if (existsSync(js)) {
    const mod = (await import(pathToFileURL(js).href)) as { default?: unknown };
    if (mod.default === null || typeof mod.default !== "object") throw new ConfigError(`${js}: must export default an object`);
    return parseConfig(mod.default as Raw, js, env);
  }
  return parseConfig({}, "(default config)", env);
}
