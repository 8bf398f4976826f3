// The site's config file (quarry.config.json or quarry.config.js in the site folder): named
// datasources, one of them the default, and a few server settings. DATABASE_URL overrides the
// default datasource's URL; a default with no URL at all gets the embedded Postgres.
// A new setting reports its mistakes with problem() (or is wrapped in checked()), so every
// mistake in a file is listed at once and placed at its line by locate.ts.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError } from "../engine/errors.js";
import { parseServerSettings, SERVER_DEFAULTS, type ServerSettings } from "./server-settings.js";
import { defaultLimits, limitRanges, type Limits } from "../engine/limits.js";
import { integerRange } from "../engine/errors.js";
import { isIP } from "node:net";
import { OUTBOUND_DEFAULTS, parseRule, type OutboundSettings } from "../engine/outbound.js";
import { parseMailSettings, type MailSettings } from "./mail-settings.js";
import { parseDevSettings, type DevSettings } from "./dev-settings.js";

export type Strategy = "pool" | "single" | "per-request" | "pipeline";
export const STRATEGIES: readonly Strategy[] = ["pool", "single", "per-request", "pipeline"];

export interface DatasourceConfig {
  name: string;
  /** postgres://… ; null means "the embedded Postgres". */
  url: string | null;
  /**
   * Straight to Postgres when `url` goes through a pooler (PgBouncer): what needs a session of
   * its own uses it (migrations); null: `url`.
   */
  directUrl: string | null;
  /**
   * Streaming replicas of the primary (postgres://… each): a dbt:query outside a transaction
   * that is a plain read goes to one that has replayed the visitor's writes (replicas.ts).
   */
  replicas: string[];
  /** A replica further behind the primary than this (ms) gets no reads. */
  replicaMaxLagMs: number;
  /** How often each replica's replay position (and the primary's WAL position) is read. */
  replicaPollMs: number;
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
  /**
   * Client-side limit of one statement: past it the connection is destroyed (a network that
   * drops packets never delivers the server's timeout). Default statementTimeoutMs + 1 s; 0: none.
   */
  queryTimeoutMs: number;
  /** A pooled connection idle longer than this is checked with SELECT 1 before it is handed out. */
  validateAfterIdleMs: number;
  /**
   * Named prepared statements (planned once per connection). null (the default): on a direct
   * connection to Postgres, off on one through a pooler (detected when it connects), where
   * consecutive statements may reach different server connections.
   */
  preparedStatements: boolean | null;
  /** strategy "pipeline": how many connections the requests' queries share (taken from max; default 2, at most max). */
  pipelineConnections: number;
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
  /** Outputs kept by dbt:cache. */
  fragmentCacheSize: number;
  /** Values kept by cachePut. */
  objectCacheSize: number;
  /** Server log level (pino's levels); --log-level and $LOG_LEVEL win over it. */
  logLevel: string | null;
  /** The embedded Postgres's data folder, relative to the site (see data-dir.ts); null: the default. */
  dataDir: string | null;
  /** The embedded Postgres's port on 127.0.0.1 (a GUI client can keep its connection); null: a free port each start. */
  dataPort: number | null;
  /** What one render may use: loop iterations, call depth, string, array and output sizes, JSON depth. */
  limits: Limits;
  /** Process, load-shedding and request-size settings (config/server-settings.ts). */
  server: ServerSettings;
  session: SessionSettings;
  csrf: CsrfSettings;
  /** Passed to Fastify: which proxies' X-Forwarded-For/-Proto/-Host headers to believe. */
  trustProxy: TrustProxy;
  /** Run _request.dbt before static files too. */
  requestTemplateForStatic: boolean;
  /** Time zone of the date functions (IANA name). */
  timezone: string;
  /** Locale of the ls* formatting functions (BCP 47 tag). */
  locale: string;
  /** The SMTP server of dbt:mail (config/mail-settings.ts); null: the site sends no mail. */
  mail: MailSettings | null;
  /** What dbt:http may reach beyond (allow) or besides (deny) the default rules (engine/outbound.ts). */
  http: OutboundSettings;
  /** What the nodes of a site share through its default datasource's Postgres (server/cluster.ts). */
  cluster: ClusterSettings;
  /** What only quarry dev reads: the dev dashboard's access and mail capture (config/dev-settings.ts). */
  dev: DevSettings;
}

export interface ClusterSettings {
  /**
   * Cache flushes reach every process of the site (LISTEN/NOTIFY). null (the default): on when
   * a build is served (quarry start: several processes or machines), off for a site folder.
   */
  notify: boolean | null;
  /** The scope of a named dbt:lock that says none: "node" (this process) or "cluster" (the site). */
  lockScope: "node" | "cluster";
  /** Connections this process may hold for cluster locks (one per lock held or waited for). */
  lockConnections: number;
  /** Tells apart sites that share one database: their channel and lock keys differ. */
  name: string;
}

export type TrustProxy = boolean | number | string | string[];

export interface SessionSettings {
  /** null: the server's default (postgres when serving a build, memory for a site folder). */
  store: "memory" | "postgres" | null;
  /** New sessions one client address may create per minute (per process). */
  createPerMinute: number;
  /**
   * The memory store's bounds, in sessions and in bytes (each session counted as its JSON's
   * size plus its key and 160 bytes); past either, the sessions nobody came back with go first.
   */
  maxSessions: number;
  maxBytes: number;
}

export interface CsrfSettings {
  enabled: boolean;
  /** Page paths whose POSTs need no token: exact (`/hooks/pay`) or a prefix ending in `*`. */
  exempt: string[];
}

export const CONFIG_FILES = ["quarry.config.json", "quarry.config.js"] as const;

const DATASOURCE_DEFAULTS: Omit<DatasourceConfig, "name" | "url"> = {
  directUrl: null,
  replicas: [],
  replicaMaxLagMs: 10_000,
  replicaPollMs: 100,
  strategy: "pipeline",
  min: 0,
  max: 10,
  acquireTimeoutMs: 5000,
  idleTimeoutMs: 30_000,
  maxWaiting: 1000,
  statementTimeoutMs: 30_000,
  queryTimeoutMs: 31_000,
  validateAfterIdleMs: 10_000,
  preparedStatements: null,
  pipelineConnections: 2,
};

type Raw = Record<string, unknown>;

// Problems found while one config is parsed: each check records its own and parsing goes on,
// so the user sees every mistake at once (loadConfig places each in the file).
let problems: ConfigError[] | null = null;
function problem(err: ConfigError): void {
  if (!problems) throw err;
  problems.push(err);
}
/** Runs a check; a ConfigError it throws is recorded and `fallback` used instead. */
function checked<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof ConfigError) || !problems) throw err;
    problems.push(err);
    return fallback;
  }
}

/** An integer setting within [min, max]; the message gives the range. */
function num(file: string, where: string, v: unknown, dflt: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (v === undefined) return dflt;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    problem(new ConfigError(`${file}: ${where} must be ${integerRange(min, max)}, got ${JSON.stringify(v)}`));
    return dflt;
  }
  return v;
}

/** Timeouts longer than a day are mistakes (a unit read as seconds, say). */
const DAY_MS = 86_400_000;

/** A datasource's settings are all known, its URLs strings (`at`: where it is in the file). */
function checkDatasourceKeys(file: string, at: string, raw: Raw): void {
  const known = ["url", ...Object.keys(DATASOURCE_DEFAULTS)];
  for (const k of Object.keys(raw))
    if (!known.includes(k))
      problem(new ConfigError(`${file}: unknown setting ${at}.${k} (known: ${known.join(", ")})`));
  if (raw.url !== undefined && raw.url !== null && typeof raw.url !== "string")
    problem(new ConfigError(`${file}: ${at}.url must be a string`));
  if (raw.directUrl !== undefined && raw.directUrl !== null && typeof raw.directUrl !== "string")
    problem(new ConfigError(`${file}: ${at}.directUrl must be a string`));
}

function datasource(file: string, name: string, raw: Raw): DatasourceConfig {
  const at = `datasources.${name}`;
  checkDatasourceKeys(file, at, raw);
  const replicas = raw.replicas ?? [];
  const replicasOk = Array.isArray(replicas) && replicas.every((r) => typeof r === "string" && r !== "");
  if (!replicasOk) problem(new ConfigError(`${file}: ${at}.replicas must be a list of postgres:// URLs`));
  const strategy = raw.strategy ?? DATASOURCE_DEFAULTS.strategy;
  if (!STRATEGIES.includes(strategy as Strategy))
    problem(
      new ConfigError(
        `${file}: ${at}.strategy must be one of ${STRATEGIES.join(", ")}, got ${JSON.stringify(strategy)}`,
      ),
    );
  const d = DATASOURCE_DEFAULTS;
  const c: DatasourceConfig = {
    name,
    url: (raw.url as string | undefined) ?? null,
    directUrl: typeof raw.directUrl === "string" ? raw.directUrl : null,
    replicas: replicasOk ? (replicas as string[]) : [],
    replicaMaxLagMs: num(file, `${at}.replicaMaxLagMs`, raw.replicaMaxLagMs, d.replicaMaxLagMs, 0, DAY_MS),
    replicaPollMs: num(file, `${at}.replicaPollMs`, raw.replicaPollMs, d.replicaPollMs, 10, 60_000),
    strategy: STRATEGIES.includes(strategy as Strategy) ? (strategy as Strategy) : DATASOURCE_DEFAULTS.strategy,
    min: num(file, `${at}.min`, raw.min, d.min, 0, 10_000),
    max: num(file, `${at}.max`, raw.max, d.max, 1, 10_000),
    acquireTimeoutMs: num(file, `${at}.acquireTimeoutMs`, raw.acquireTimeoutMs, d.acquireTimeoutMs, 1, DAY_MS),
    idleTimeoutMs: num(file, `${at}.idleTimeoutMs`, raw.idleTimeoutMs, d.idleTimeoutMs, 1, DAY_MS),
    maxWaiting: num(file, `${at}.maxWaiting`, raw.maxWaiting, d.maxWaiting, 0, 1_000_000),
    statementTimeoutMs: num(file, `${at}.statementTimeoutMs`, raw.statementTimeoutMs, d.statementTimeoutMs, 0, DAY_MS),
    queryTimeoutMs: 0,
    validateAfterIdleMs: num(
      file,
      `${at}.validateAfterIdleMs`,
      raw.validateAfterIdleMs,
      d.validateAfterIdleMs,
      0,
      DAY_MS,
    ),
    preparedStatements: d.preparedStatements,
    pipelineConnections: 0,
  };
  c.queryTimeoutMs = num(
    file,
    `${at}.queryTimeoutMs`,
    raw.queryTimeoutMs,
    c.statementTimeoutMs > 0 ? c.statementTimeoutMs + 1000 : 0,
    0,
    DAY_MS + 1000,
  );
  if (c.queryTimeoutMs > 0 && c.queryTimeoutMs <= c.statementTimeoutMs) {
    problem(
      new ConfigError(
        `${file}: ${at}.queryTimeoutMs (${c.queryTimeoutMs}) must be above statementTimeoutMs (${c.statementTimeoutMs}), so Postgres's own limit acts first`,
      ),
    );
  }
  if (raw.preparedStatements !== undefined) {
    if (typeof raw.preparedStatements !== "boolean")
      problem(new ConfigError(`${file}: ${at}.preparedStatements must be true or false`));
    else c.preparedStatements = raw.preparedStatements;
  }
  // Unset, it follows a small max down (a pool of one shares that one).
  c.pipelineConnections = num(
    file,
    `${at}.pipelineConnections`,
    raw.pipelineConnections,
    Math.min(d.pipelineConnections, c.max),
    1,
  );
  if (c.strategy === "pipeline" && c.pipelineConnections > c.max)
    problem(
      new ConfigError(`${file}: ${at}.pipelineConnections (${c.pipelineConnections}) is larger than max (${c.max})`),
    );
  if (c.min > c.max) problem(new ConfigError(`${file}: ${at}.min (${c.min}) is larger than max (${c.max})`));
  return c;
}

/**
 * Builds a SiteConfig from the parsed config object (`file` names it in errors). Every problem
 * is reported, in one ConfigError whose `problems` lists them.
 */
export function parseConfig(raw: Raw, file: string, env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const outer = problems;
  problems = [];
  try {
    const config = parseSettings(raw, file, env);
    if (problems.length === 1) throw problems[0]!;
    if (problems.length > 1)
      throw Object.assign(new ConfigError(problems.map((p) => p.message).join("\n")), {
        problems: problems.map((p) => p.message),
      });
    return config;
  } finally {
    problems = outer;
  }
}

function parseSettings(raw: Raw, file: string, env: NodeJS.ProcessEnv): SiteConfig {
  const known = [
    "datasources",
    "defaultDatasource",
    "sessionTimeoutMinutes",
    "secret",
    "renderTimeoutMs",
    "queryCacheSize",
    "fragmentCacheSize",
    "objectCacheSize",
    "logLevel",
    "dataDir",
    "dataPort",
    "timezone",
    "locale",
    "server",
    "mail",
    "limits",
    "http",
    "cluster",
    "dev",
    ...SERVER_KEYS,
  ];
  for (const k of Object.keys(raw))
    if (!known.includes(k)) problem(new ConfigError(`${file}: unknown setting ${k} (known: ${known.join(", ")})`));
  const rawSources = (raw.datasources ?? { main: {} }) as Record<string, Raw>;
  if (typeof rawSources !== "object" || Array.isArray(rawSources))
    throw new ConfigError(`${file}: datasources must be an object of named datasources`);
  const datasources = Object.create(null) as Record<string, DatasourceConfig>;
  for (const [name, ds] of Object.entries(rawSources)) {
    if (!/^[A-Za-z_]\w*$/.test(name))
      problem(new ConfigError(`${file}: datasource name ${JSON.stringify(name)} must be letters, digits and _`));
    datasources[name] = checked(() => datasource(file, name, ds ?? {}), { name, url: null, ...DATASOURCE_DEFAULTS });
  }
  const names = Object.keys(datasources);
  if (names.length === 0) throw new ConfigError(`${file}: datasources is empty`);
  const defaultDatasource = (raw.defaultDatasource as string | undefined) ?? names[0]!;
  const dflt = datasources[defaultDatasource];
  if (!dflt)
    problem(
      new ConfigError(
        `${file}: defaultDatasource ${JSON.stringify(defaultDatasource)} is not one of the datasources (${names.join(", ")})`,
      ),
    );
  else {
    if (env.DATABASE_URL) dflt.url = env.DATABASE_URL;
    if (env.DATABASE_DIRECT_URL) dflt.directUrl = env.DATABASE_DIRECT_URL;
    // Space-separated (a URL may hold commas: several hosts).
    if (env.DATABASE_REPLICA_URLS) dflt.replicas = env.DATABASE_REPLICA_URLS.split(/\s+/).filter(Boolean);
  }
  if (raw.dataDir !== undefined && (typeof raw.dataDir !== "string" || raw.dataDir === ""))
    problem(new ConfigError(`${file}: dataDir must be a folder path`));
  if (raw.secret !== undefined && (typeof raw.secret !== "string" || raw.secret.length < 16))
    problem(new ConfigError(`${file}: secret must be a string of 16 or more characters`));
  if (raw.secret === undefined && env.QUARRY_SECRET !== undefined && env.QUARRY_SECRET.length < 16)
    problem(new ConfigError("QUARRY_SECRET must be 16 or more characters"));
  return {
    datasources,
    defaultDatasource,
    sessionTimeoutMinutes: num(file, "sessionTimeoutMinutes", raw.sessionTimeoutMinutes, 30, 1, 366 * 24 * 60),
    secret: (raw.secret as string | undefined) ?? (env.QUARRY_SECRET || null),
    renderTimeoutMs: num(file, "renderTimeoutMs", raw.renderTimeoutMs, 10_000, 1, DAY_MS),
    queryCacheSize: num(file, "queryCacheSize", raw.queryCacheSize, 500, 0, 10_000_000),
    fragmentCacheSize: num(file, "fragmentCacheSize", raw.fragmentCacheSize, 500, 0, 10_000_000),
    objectCacheSize: num(file, "objectCacheSize", raw.objectCacheSize, 1000, 0, 10_000_000),
    logLevel: checked(() => logLevelOf(file, raw.logLevel), null),
    dataDir: (raw.dataDir as string | undefined) ?? null,
    dataPort: raw.dataPort === undefined ? null : num(file, "dataPort", raw.dataPort, 0, 1024, 65535) || null,
    timezone: checked(() => timezoneOf(file, raw.timezone), "UTC"),
    locale: checked(() => localeOf(file, raw.locale), "en-US"),
    server: checked(() => parseServerSettings(raw.server, file), { ...SERVER_DEFAULTS }),
    limits: limitsOf(file, raw.limits),
    mail: parseMailSettings(raw.mail, file, problem),
    http: httpOf(file, raw.http),
    cluster: clusterOf(file, raw.cluster),
    dev: parseDevSettings(raw.dev, file, problem),
    ...serverSettings(raw, file),
  };
}

/** The `limits` section: what one render may use (engine/context.ts); every key optional, at least 1. */
function limitsOf(file: string, raw: unknown): Limits {
  const out: Limits = { ...defaultLimits };
  if (raw === undefined) return out;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    problem(new ConfigError(`${file}: limits must be an object`));
    return out;
  }
  const known = Object.keys(defaultLimits);
  for (const [k, v] of Object.entries(raw as Raw)) {
    if (!known.includes(k))
      problem(new ConfigError(`${file}: unknown setting limits.${k} (known: ${known.join(", ")})`));
    else {
      const [min, max] = limitRanges[k as keyof Limits];
      out[k as keyof Limits] = num(file, `limits.${k}`, v, defaultLimits[k as keyof Limits], min, max);
    }
  }
  return out;
}

export const CLUSTER_DEFAULTS: ClusterSettings = { notify: null, lockScope: "node", lockConnections: 4, name: "" };

/** The `cluster` section: see ClusterSettings. */
function clusterOf(file: string, raw: unknown): ClusterSettings {
  const out: ClusterSettings = { ...CLUSTER_DEFAULTS };
  if (raw === undefined) return out;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    problem(new ConfigError(`${file}: cluster must be an object`));
    return out;
  }
  const r = raw as Raw;
  const known = Object.keys(CLUSTER_DEFAULTS);
  for (const k of Object.keys(r))
    if (!known.includes(k))
      problem(new ConfigError(`${file}: unknown setting cluster.${k} (known: ${known.join(", ")})`));
  if (r.notify !== undefined) {
    if (typeof r.notify === "boolean" || r.notify === null) out.notify = r.notify;
    else problem(new ConfigError(`${file}: cluster.notify must be true or false, got ${JSON.stringify(r.notify)}`));
  }
  if (r.lockScope !== undefined) {
    if (r.lockScope === "node" || r.lockScope === "cluster") out.lockScope = r.lockScope;
    else
      problem(
        new ConfigError(`${file}: cluster.lockScope must be "node" or "cluster", got ${JSON.stringify(r.lockScope)}`),
      );
  }
  out.lockConnections = num(file, "cluster.lockConnections", r.lockConnections, out.lockConnections, 1, 1000);
  if (r.name !== undefined) {
    if (typeof r.name === "string" && r.name.length <= 100) out.name = r.name;
    else problem(new ConfigError(`${file}: cluster.name must be a string of at most 100 characters`));
  }
  return out;
}

/** The `http` section: dbt:http's `allow` and `deny` lists of ranges, addresses and host names. */
function httpOf(file: string, raw: unknown): OutboundSettings {
  const out: OutboundSettings = { allow: [], deny: [] };
  if (raw === undefined) return { ...OUTBOUND_DEFAULTS };
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    problem(new ConfigError(`${file}: http must be an object with allow and deny lists`));
    return out;
  }
  for (const [k, v] of Object.entries(raw as Raw)) {
    if (k !== "allow" && k !== "deny") {
      problem(new ConfigError(`${file}: unknown setting http.${k} (known: allow, deny)`));
      continue;
    }
    if (!Array.isArray(v)) {
      problem(new ConfigError(`${file}: http.${k} must be a list, got ${JSON.stringify(v)}`));
      continue;
    }
    v.forEach((entry: unknown, i) => {
      const rule = parseRule(entry);
      if (typeof rule === "string") problem(new ConfigError(`${file}: http.${k}.${i} ${rule}`));
      else out[k].push(entry as string);
    });
  }
  return out;
}

// Sessions, CSRF, proxies and static files: the server's keys of the config file.
const SERVER_KEYS = ["session", "csrf", "trustProxy", "requestTemplateForStatic"];

function serverSettings(
  raw: Raw,
  file: string,
): Pick<SiteConfig, "session" | "csrf" | "trustProxy" | "requestTemplateForStatic"> {
  const obj = (key: string): Raw => {
    const v = raw[key] ?? {};
    if (v !== null && typeof v === "object" && !Array.isArray(v)) return v as Raw;
    problem(new ConfigError(`${file}: ${key} must be an object`));
    return {};
  };
  const only = (key: string, o: Raw, known: string[]) => {
    for (const k of Object.keys(o))
      if (!known.includes(k))
        problem(new ConfigError(`${file}: unknown setting ${key}.${k} (known: ${known.join(", ")})`));
  };
  const bool = (where: string, v: unknown, dflt: boolean): boolean => {
    if (v === undefined) return dflt;
    if (typeof v === "boolean") return v;
    problem(new ConfigError(`${file}: ${where} must be true or false, got ${JSON.stringify(v)}`));
    return dflt;
  };
  const session = obj("session");
  only("session", session, ["store", "createPerMinute", "maxSessions", "maxBytes"]);
  const storeOk = session.store === undefined || session.store === "memory" || session.store === "postgres";
  if (!storeOk) {
    problem(
      new ConfigError(`${file}: session.store must be "memory" or "postgres", got ${JSON.stringify(session.store)}`),
    );
  }
  const csrf = obj("csrf");
  only("csrf", csrf, ["enabled", "exempt"]);
  const exempt = csrf.exempt ?? [];
  const exemptOk = Array.isArray(exempt) && exempt.every((p) => typeof p === "string" && p.startsWith("/"));
  if (!exemptOk) {
    problem(
      new ConfigError(`${file}: csrf.exempt must be a list of paths starting with /, got ${JSON.stringify(exempt)}`),
    );
  }
  const tp = raw.trustProxy ?? false;
  const tpOk =
    typeof tp === "boolean" ||
    (typeof tp === "number" && Number.isInteger(tp) && tp >= 0 && tp <= 100) ||
    (typeof tp === "string" && tp.split(",").every(proxyAddress)) ||
    (Array.isArray(tp) && tp.length > 0 && tp.every((x) => typeof x === "string" && proxyAddress(x)));
  if (!tpOk)
    problem(
      new ConfigError(
        `${file}: trustProxy must be true, false, a number of hops (0 to 100), or proxy addresses (an address, a CIDR range, loopback, linklocal or uniquelocal; a string or a list), got ${JSON.stringify(tp)}`,
      ),
    );
  return {
    session: {
      store: storeOk ? ((session.store as "memory" | "postgres" | undefined) ?? null) : null,
      createPerMinute: num(file, "session.createPerMinute", session.createPerMinute, 60, 1, 1_000_000),
      maxSessions: num(file, "session.maxSessions", session.maxSessions, 100_000, 1, 100_000_000),
      maxBytes: num(file, "session.maxBytes", session.maxBytes, 64 * 1024 * 1024, 64 * 1024, 1024 ** 4),
    },
    csrf: { enabled: bool("csrf.enabled", csrf.enabled, true), exempt: exemptOk ? (exempt as string[]) : [] },
    trustProxy: tpOk ? tp : false,
    requestTemplateForStatic: bool("requestTemplateForStatic", raw.requestTemplateForStatic, true),
  };
}

/** What proxy-addr (Fastify's trustProxy) reads: an address, a CIDR range or a named range. */
function proxyAddress(entry: string): boolean {
  const e = entry.trim();
  if (e === "loopback" || e === "linklocal" || e === "uniquelocal") return true;
  const [ip, bits, ...rest] = e.split("/");
  const family = isIP(ip ?? "");
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  // proxy-addr also takes an IPv4 netmask after the slash.
  if (family === 4 && isIP(bits) === 4) return true;
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

function timezoneOf(file: string, v: unknown): string {
  if (v === undefined) return "UTC";
  if (typeof v === "string") {
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: v }).resolvedOptions().timeZone;
    } catch {
      // reported below
    }
  }
  throw new ConfigError(
    `${file}: timezone must be a time zone name such as "Europe/Oslo" or "UTC", got ${JSON.stringify(v)}`,
  );
}

function localeOf(file: string, v: unknown): string {
  if (v === undefined) return "en-US";
  if (typeof v === "string") {
    try {
      return Intl.getCanonicalLocales(v.replace(/_/g, "-"))[0]!;
    } catch {
      // reported below
    }
  }
  throw new ConfigError(`${file}: locale must be a language tag such as "en-US" or "de-CH", got ${JSON.stringify(v)}`);
}

export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

function logLevelOf(file: string, v: unknown): string | null {
  if (v === undefined) return null;
  if (typeof v !== "string" || !(LOG_LEVELS as readonly string[]).includes(v))
    throw new ConfigError(`${file}: logLevel must be one of ${LOG_LEVELS.join(", ")}, got ${JSON.stringify(v)}`);
  return v;
}

/** Reads the config file of a site folder (defaults when it has none). */
export async function loadConfig(root: string, env: NodeJS.ProcessEnv = process.env): Promise<SiteConfig> {
  const json = join(root, CONFIG_FILES[0]);
  const js = join(root, CONFIG_FILES[1]);
  if (existsSync(json)) {
    const text = readFileSync(json, "utf8");
    // A well-formed file with good settings needs nothing more than JSON.parse; the parser that
    // places problems at their line and column (jsonc-parser) is loaded only for a file that
    // has one, so a server start does not pay for it (issue 23).
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      try {
        return parseConfig(parsed as Raw, json, env);
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
      }
    }
    const { locateProblem, parseJsonConfig } = await import("./locate.js");
    const { value, tree, errors } = parseJsonConfig(json, text);
    if (errors.length > 0) throw Object.assign(new ConfigError(errors.join("\n")), { problems: errors });
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw new ConfigError(`${json}: must hold a JSON object`);
    try {
      return parseConfig(value as Raw, json, env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      // Every problem, placed at its line and column with a code frame.
      const list = ((err as ConfigError & { problems?: string[] }).problems ?? [err.message]).map((p) =>
        locateProblem(json, text, tree, p),
      );
      const place = (p: string) =>
        (/^[^\n]*?:(\d+):(\d+) /.exec(p.slice(json.length)) ?? ["", "0", "0"]).slice(1).map(Number) as [number, number];
      list.sort((a, b) => place(a)[0] - place(b)[0] || place(a)[1] - place(b)[1]);
      throw Object.assign(new ConfigError(list.join("\n")), { problems: list });
    }
  }
  if (existsSync(js)) {
    const mod = (await import(pathToFileURL(js).href)) as { default?: unknown };
    if (mod.default === null || typeof mod.default !== "object")
      throw new ConfigError(`${js}: must export default an object`);
    return parseConfig(mod.default as Raw, js, env);
  }
  return parseConfig({}, "(default config)", env);
}
