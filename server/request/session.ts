// The session stage of a page: the visitor's session opened from their signed cookie (or a
// fresh one, without waiting for anything), the page's session functions (sessionRotate(),
// sessionInvalidate(), flash(), getFlash(), the session lock's key), and at the page's end what
// it did stored, giving the cookie the response must carry (server/session.ts holds the rules).
// Also the visitor's read-replica write positions, a signed cookie of their own.
import type { FastifyRequest } from "fastify";
import type { Signer } from "@fastify/cookie";
import { keyOf } from "../../engine/keys.js";
import { newStruct, type Struct } from "../../engine/values.js";
import { WritePositions } from "../../datasources/replicas.js";
import { SESSION_COOKIE, type CookieAction, type SessionState } from "../session.js";
import { storeKey } from "../session-store.js";
import type { Site } from "../site.js";
import { cookiesOf } from "./cookies.js";

/**
 * Read replicas: where the visitor's last writes end, per datasource (read-your-writes, see
 * datasources/replicas.ts), signed with the session secret. A cookie rather than the session:
 * it needs no session, no write of a session row, and reaches every node with the request.
 */
export const WRITES_COOKIE = "quarry_writes";
/** Seconds the write positions are kept: a replica further behind than this is skipped anyway (replicaMaxLagMs). */
export const WRITES_COOKIE_AGE = 300;

/** The session id of the visitor's cookie when its signature holds (else null). */
export async function unsignedSession(site: Site, req: FastifyRequest): Promise<string | null> {
  const raw = cookiesOf(req)[SESSION_COOKIE];
  if (!raw) return null;
  const u = (await site.signer()).unsign(raw);
  return u.valid ? u.value : null;
}

/** The key a session is stored under, for the visitor's cookie (null: none, or not signed by us). */
export async function sessionStoreKey(site: Site, req: FastifyRequest): Promise<string | null> {
  const id = await unsignedSession(site, req).catch(() => null);
  return id === null ? null : storeKey(id);
}

/** The visitor's session; a visitor without a session cookie gets a fresh one without waiting for anything. */
export async function openSession(site: Site, req: FastifyRequest): Promise<SessionState> {
  return cookiesOf(req)[SESSION_COOKIE] ? site.sessions.open(await unsignedSession(site, req)) : site.sessions.fresh();
}

/** The visitor's write positions, from their cookie when its signature holds (else none). */
export async function visitorWrites(site: Site, req: FastifyRequest): Promise<WritePositions> {
  const raw = cookiesOf(req)[WRITES_COOKIE];
  if (!raw) return new WritePositions();
  try {
    const u = (await site.signer()).unsign(raw);
    return WritePositions.parse(u.valid ? u.value : null);
  } catch {
    // The secret cannot be had now (the database is away): no positions known.
    return WritePositions.parse(null);
  }
}

/** One page's session: what the page does to it, and storing that at its end. */
export class PageSession {
  /** The cookie signer, fetched once the response has a cookie to sign (null: none yet). */
  signer: Signer | null = null;
  /** What finishing the session did last (a new id, or the cookie cleared): whose the debug record is. */
  private issued: CookieAction = null;
  private flashShown: Struct | null = null;

  /** `errorPage`: an error page, which does not change the session. */
  constructor(
    private readonly site: Site,
    private readonly req: FastifyRequest,
    readonly state: SessionState,
    private readonly errorPage: boolean,
  ) {}

  /** sessionRotate(): a new id when the page ends; `beforeFlush` throws once the head has gone (the cookie could not follow). */
  rotate(beforeFlush: (what: string) => void): void {
    beforeFlush("sessionRotate()");
    this.state.rotate = true;
  }

  /** sessionInvalidate(): the data gone now, the session and its cookie when the page ends. */
  invalidate(beforeFlush: (what: string) => void): void {
    beforeFlush("sessionInvalidate()");
    const session = this.state;
    session.invalidate = true;
    for (const k of Object.keys(session.data)) delete session.data[k];
    // Flash messages go with the session; one set after this is kept for the next page.
    session.flash = session.flashNext = null;
  }

  /** flash(): kept under `name` for a later page to read once. */
  flash(name: string, value: unknown): void {
    const next = (this.state.flashNext ??= newStruct());
    next[keyOf(next, name) ?? name] = value;
  }

  /** getFlash(): the first read takes what earlier requests stored; those are then not stored again. */
  getFlash(): Struct {
    if (this.flashShown === null) {
      this.flashShown = this.state.flash ?? newStruct();
      this.state.flashRead = true;
    }
    return this.flashShown;
  }

  /** The visitor's session for scope="session" locks: a visitor without a stored session yet has only this request. */
  key(): string {
    return this.state.id ?? `request ${this.req.id}`;
  }

  /** Whose session the request's debug record is (its store key), after what the page did. */
  owner(): string | null {
    const issued = this.issued;
    const id = issued && "set" in issued ? issued.set : issued && "clear" in issued ? null : this.state.id;
    return id === null ? null : storeKey(id);
  }

  /** Has the page changed nothing of the session (nothing to store, no cookie)? */
  untouched(): boolean {
    return this.site.sessions.untouched(this.state);
  }

  /** Stores what the page did to the session: the cookie the response must carry. */
  finish(): CookieAction | Promise<CookieAction> {
    // An error page does not change the session; a page that never stored anything in a
    // session it did not have has nothing to do (no promise).
    if (this.errorPage || this.untouched()) return null;
    return this.store();
  }

  private async store(): Promise<CookieAction> {
    // The signer is fetched before anything is stored, so a session is never saved without its cookie.
    if (this.site.sessions.holdsData(this.state)) this.signer = await this.site.signer();
    this.issued = await this.site.sessions.finish(this.state, this.req.ip);
    return this.issued;
  }

  /** For a page that changed the visitor's write positions: their cookie needs the signer. */
  async signWrites(): Promise<void> {
    this.signer ??= await this.site.signer();
  }
}
