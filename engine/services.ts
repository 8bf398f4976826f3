// What a site lends its pages beyond the datasources: the log (dbt:log), the locks
// (dbt:lock), the fragment cache (dbt:cache), the object cache (cachePut) and the mail transport (dbt:mail). The server
// builds one set per site; a page rendered without a server (quarry render, tests) gets its
// own set on first use: a log on standard error, locks and a cache that live as long as the
// page, and no mail.
import { LockManager, type AcquireOptions, type LockMode } from "./locks.js";
import { FragmentCache } from "./fragment-cache.js";
import { ObjectCache } from "./object-cache.js";
import type { PageState } from "./page.js";
import { OutboundPolicy } from "./outbound.js";

/** The levels of dbt:log, named as pino names them. */
export const LOG_LEVELS = ["debug", "info", "warn", "error", "fatal"] as const;
export type PageLogLevel = (typeof LOG_LEVELS)[number];

/** One dbt:log line: the text, and where it was written (`page.dbt:3:1`) with its log name. */
export interface PageLogEntry {
  level: PageLogLevel;
  text: string;
  at: string;
  /** The CFML `log`/`file` name, kept as a field (Quarry writes no log files of its own). */
  log: string | null;
}

export interface MailMessage {
  from: string;
  to: string;
  cc: string;
  bcc: string;
  replyTo: string;
  subject: string;
  /** Exactly one of text and html is set. */
  text: string | null;
  html: string | null;
}

export interface MailReceipt {
  messageId: string;
  accepted: string[];
  rejected: string[];
}

export interface Mailer {
  /** The default sender (the config's mail.from), or null. */
  readonly from: string | null;
  send(message: MailMessage): Promise<MailReceipt>;
}

/** A flush one process tells the others of (server/cluster.ts): `key` or `ids` null means all. */
export type CacheEvent =
  | { kind: "fragments"; key: string | null }
  | { kind: "queries"; key: string | null }
  | { kind: "objects"; ids: string[] }
  | { kind: "objects-filter"; filter: string };

/** What the processes of a site share beyond the database (server/cluster.ts). */
export interface ClusterLink {
  /** Tells every other process of the site to apply a flush this one already applied. */
  publish(event: CacheEvent): void;
  /** The scope of a named dbt:lock that gives none (the config's cluster.lockScope). */
  readonly lockScope: "node" | "cluster";
  /** Takes a lock of the whole site; its release resolves once the lock is given back. */
  lock(name: string, owner: object, mode: LockMode, opts: AcquireOptions): Promise<() => Promise<void>>;
}

export interface SiteServices {
  log(entry: PageLogEntry): void;
  locks: LockManager;
  fragments: FragmentCache;
  /** cachePut/cacheGet's values. */
  objects: ObjectCache;
  /** null when the site config has no `mail` section. */
  mailer: Mailer | null;
  /** What dbt:http may reach (the config's `http` section; outbound.ts). */
  outbound: OutboundPolicy;
  /** null: one process is the whole site (no server, or a page rendered on its own). */
  cluster: ClusterLink | null;
}

/** One readable line of a dbt:log entry: `[warn] page.dbt:3:1 text`. */
export function logLine(e: PageLogEntry): string {
  return `[${e.level}] ${e.at}${e.log ? ` (${e.log})` : ""} ${e.text}`;
}

/** The services of a page that no server runs. */
export function localServices(): SiteServices {
  return {
    log: (e) => process.stderr.write(`${logLine(e)}\n`),
    locks: new LockManager(),
    fragments: new FragmentCache({ maxEntries: 100, maxChars: 4 * 1024 * 1024 }),
    objects: new ObjectCache(100),
    mailer: null,
    outbound: new OutboundPolicy(),
    cluster: null,
  };
}

/** The page's services: the server's, or its own made on first use. */
export function siteServices(page: PageState): SiteServices {
  return (page.services ??= localServices());
}
