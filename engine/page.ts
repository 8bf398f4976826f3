// What one page request carries beside its scopes: the datasources its queries use, the open
// transaction, the response the page shapes (status, headers, cookies, content type,
// redirect) and its deadline. The CLI's `quarry render` uses a page with no datasources.
import type { Datasources } from "../datasources/registry.js";
import type { Lease } from "../datasources/datasource.js";
import type { Trace } from "./trace.js";

export interface CookieSpec {
  name: string;
  value: string;
  expires: Date | null;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "lax" | "strict" | "none";
  path: string;
  domain: string | null;
}

export interface ResponseState {
  status: number;
  headers: Map<string, string>;
  cookies: CookieSpec[];
  contentType: string | null;
  /** Set by dbt:location: the page ends and the server redirects. */
  location: string | null;
}

export interface OpenTransaction {
  datasource: string;
  lease: Lease;
  savepoints: Set<string>;
}

export interface PageState {
  db: Datasources | null;
  tx: OpenTransaction | null;
  /** Values bound while a dbt:query body renders ($1, $2, …); null outside one. */
  sqlParams: unknown[] | null;
  response: ResponseState;
  /** Date.now() after which long loops stop the page (0: no deadline). */
  deadline: number;
  /** Set when dbt:abort or dbt:location ended a template early. */
  aborted: boolean;
  /** Time zone of the date functions (the site's `timezone`, IANA name). */
  timezone: string;
  /** Locale of the ls* formatting functions (the site's `locale`, BCP 47 tag). */
  locale: string;
  /** Queries and templates of this request, for quarry dev's debugging output; null elsewhere. */
  trace: Trace | null;
}

export function newPageState(db: Datasources | null = null, timeoutMs = 0): PageState {
  return {
    db,
    tx: null,
    sqlParams: null,
    response: { status: 200, headers: new Map(), cookies: [], contentType: null, location: null },
    deadline: timeoutMs > 0 ? Date.now() + timeoutMs : 0,
    aborted: false,
    timezone: "UTC",
    locale: "en-US",
    trace: null,
  };
}
