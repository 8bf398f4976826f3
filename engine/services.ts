// What a site lends its pages beyond the datasources: the log (dbt:log), the locks
// (dbt:lock), the fragment cache (dbt:cache), the object cache (cachePut) and the mail transport (dbt:mail). The server
// builds one set per site; a page rendered without a server (quarry render, tests) gets its
// own set on first use: a log on standard error, locks and a cache that live as long as the
// page, and no mail.
import { LockManager } from "./locks.js";
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
  };
}

/** The page's services: the server's, or its own made on first use. */
export function siteServices(page: PageState): SiteServices {
  return (page.services ??= localServices());
}
