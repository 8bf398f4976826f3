// What one page request carries beside its scopes: the datasources its queries use, the open
// transaction, the response the page shapes (status, headers, cookies, content type,
// redirect), its deadline and the signal that cancels it. The CLI's `quarry render` uses a
// page with no datasources.
import type { CancelSignal } from "./cancel.js";
import type { Loc } from "../parser/ast.js";
import type { Datasources } from "../datasources/registry.js";
import type { Lease } from "../datasources/datasource.js";
import type { WritePositions } from "../datasources/replicas.js";
import type { Trace } from "./trace.js";
import type { SiteServices } from "./services.js";
import type { PageStop } from "./clock.js";
import type { Struct } from "./values.js";
import type { BoundParams } from "../tags/queryparam.js";

/** Ticks before the first clock read; the stride then adapts (engine/clock.ts). */
export const FIRST_STRIDE = 64;
/** How long a page computes before it lets other requests run (it awaits setImmediate). */
export const SLICE_MS = 5;
/** Steps a synchronous built-in counts between two clock reads (engine/work.ts). */
export const WORK_STRIDE = 1 << 15;

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
  /** Set by dbt:content variable: the page ends and these bytes are the response's body. */
  body: Uint8Array | null;
}

export interface OpenTransaction {
  datasource: string;
  lease: Lease;
  savepoints: Set<string>;
}

/**
 * What cancels a page from outside: the server sets one per request (a client that
 * disconnects, a shutdown).
 */
export type PageSignal = CancelSignal;

/** What a served request lends the session functions; null when no server runs the page. */
export interface RequestHooks {
  csrfToken(): string;
  sessionRotate(): void;
  sessionInvalidate(): void;
  /** flash(): keeps `value` under `name` in the session for a later page to read once. */
  flash(name: string, value: unknown): void;
  /** getFlash(): the flash messages earlier requests set; reading them removes them from the session. */
  getFlash(): Struct;
  /** Names the visitor's session for scope="session" locks (a visitor without one: the request). */
  sessionKey(): string;
  /** fileReadBinary() and fileGetMimeType(): true when `path` is a file the server wrote for this request's upload. */
  isUpload(path: string): boolean;
  /**
   * dbt:flush: sends `text`, the page's output so far, to the client (the status, headers and
   * cookies first, at the first call); resolves once the client may take more, or rejects when
   * the page must stop while it waits (its time limit, its client gone: at `loc`). Absent where
   * nothing streams (a static file's _request.dbt): the output then stays in order in the page.
   */
  flush?(text: string, loc: Loc): Promise<void>;
}

export interface PageState {
  db: Datasources | null;
  tx: OpenTransaction | null;
  /** The visitor's write positions when the site has read replicas (datasources/replicas.ts); else null. */
  writes: WritePositions | null;
  /** Values bound while a dbt:query body renders ($1, $2, …), with their labels; null outside one. */
  sqlBound: BoundParams | null;
  response: ResponseState;
  /** Date.now() when the page started, and after which it is stopped with QRY_ERR_TIMEOUT (0: no deadline). */
  started: number;
  deadline: number;
  /** <dbt:setting enableoutputonly="true"> taken and not yet undone: while above 0, text outside dbt:output is dropped. */
  outputOnly: number;
  /** When it is aborted, the page stops at its next check with QRY_ERR_CANCELLED. */
  signal: PageSignal | null;
  /** The page's clock (see engine/clock.ts): ticks left before the next clock read, … */
  budget: number;
  /** … ticks between two clock reads (adapted to how long a tick takes), … */
  stride: number;
  /** … when the clock was last read, and when the page next lets other requests run. */
  lastCheck: number;
  yieldAt: number;
  /**
   * Above 0 while a compiled quiet loop's general version replays the run of its checked version
   * up to that run's error (tags/region.ts): a clock read then checks the deadline only.
   */
  replaying: number;
  /** Steps a synchronous built-in may still count before the clock is read (engine/work.ts). */
  work: number;
  /** About how many bytes of queries, arrays, structs and strings the page holds (engine/work.ts hold). */
  bytes: number;
  /**
   * Output of the templates that include the one running, not yet sent: each dbt:include
   * pushes its caller's output here while the included template runs, so that a dbt:flush
   * inside it sends everything before it, in order (tags/flush.ts).
   */
  held: string[];
  /** Bodies whose output goes elsewhere than the page (dbt:savecontent, a query's SQL, …) now running: dbt:flush is refused in them. */
  captures: number;
  /** Characters dbt:flush sent (they still count against maxOutputLength). */
  flushed: number;
  /** Where the first dbt:flush ran: from then on the response's status, headers and cookies are fixed. */
  flushedAt: string | null;
  /** Set when dbt:abort or dbt:location ended a template early. */
  aborted: boolean;
  /**
   * Set once a scope object was taken as a value (`<dbt:set v = variables>`, a host function
   * given the context): from then on a struct may be the variables scope itself, and compiled
   * loops write every variable through instead of keeping it in a local (tags/region.ts).
   */
  scopesShared: boolean;
  /** Time zone of the date functions (the site's `timezone`, IANA name). */
  timezone: string;
  /** Locale of the ls* formatting functions (the site's `locale`, BCP 47 tag). */
  locale: string;
  /** The page being rendered, relative to the site (expandPath resolves against its folder); "" before. */
  base: string;
  /** Queries and templates of this request, for quarry dev's debugging output; null elsewhere. */
  trace: Trace | null;
  /** Set by the server for a page it serves (csrfToken(), sessionRotate(), …). */
  hooks: RequestHooks | null;
  /** The site's log, locks, fragment cache and mail (services.ts siteServices()); null: made on first use. */
  services: SiteServices | null;
  /** What stops the page's waits (its signal, its deadline), made at its first wait (clock.ts pageStop). */
  stop: PageStop | null;
}

export function newPageState(
  db: Datasources | null = null,
  timeoutMs = 0,
  signal: PageSignal | null = null,
  zone: { timezone?: string; locale?: string } = {},
): PageState {
  const now = Date.now();
  return {
    db,
    tx: null,
    writes: null,
    sqlBound: null,
    response: { status: 200, headers: new Map(), cookies: [], contentType: null, location: null, body: null },
    started: now,
    deadline: timeoutMs > 0 ? now + timeoutMs : 0,
    outputOnly: 0,
    held: [],
    captures: 0,
    flushed: 0,
    flushedAt: null,
    signal,
    budget: FIRST_STRIDE,
    stride: FIRST_STRIDE,
    lastCheck: now,
    yieldAt: now + SLICE_MS,
    replaying: 0,
    work: WORK_STRIDE,
    bytes: 0,
    aborted: false,
    scopesShared: false,
    timezone: zone.timezone ?? "UTC",
    locale: zone.locale ?? "en-US",
    base: "",
    trace: null,
    hooks: null,
    services: null,
    stop: null,
  };
}
