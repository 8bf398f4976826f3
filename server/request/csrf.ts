// The CSRF stage (double submit): a random secret in the visitor's cookie quarry_csrf, and
// tokens that are a salt and a hash of salt and secret. Another site can neither read the
// cookie nor forge a token; the Origin check stops the form of another site that plants its
// own cookie. A POST is checked here before its page runs (server/request/form.ts); a page's
// csrfToken() gets its token from PageCsrf (server/request/page.ts).
import type { FastifyRequest } from "fastify";
import Tokens from "@fastify/csrf";
import type { SiteConfig } from "../../config/site.js";
import { codes, RequestError } from "../../engine/errors.js";
import { foreignOrigin } from "../origin.js";
import { cookiesOf } from "./cookies.js";

export const CSRF_COOKIE = "quarry_csrf";
const CSRF_SECRET = /^[A-Za-z0-9_-]{16,64}$/;
const tokens = Tokens();

/** The CSRF token a POST carries: the form field _csrf (urlencoded, multipart or JSON) or the X-CSRF-Token header. */
export function postedToken(req: FastifyRequest, fields: Record<string, unknown>): string | null {
  const header = req.headers["x-csrf-token"];
  if (typeof header === "string") return header;
  let v = fields._csrf;
  if (Array.isArray(v)) v = v[0];
  return typeof v === "string" ? v : null;
}

/** Is `path` one of the config's csrf.exempt paths (a trailing * matches what starts so)? */
export function exempt(path: string, patterns: string[]): boolean {
  return patterns.some((p) => (p.endsWith("*") ? path.startsWith(p.slice(0, -1)) : path === p));
}

/** Why a POST to the page at `path` is refused as cross-site, or null when it may run. */
export function csrfRefusal(
  req: FastifyRequest,
  path: string,
  fields: Record<string, unknown>,
  csrf: SiteConfig["csrf"],
): RequestError | null {
  if (!csrf.enabled || exempt(path, csrf.exempt)) return null;
  const refuse = (why: string) => new RequestError(codes.CSRF, 403, why);
  // A cheap second line: a browser names the page that sent a form (server/origin.ts).
  const origin = foreignOrigin(req);
  if (origin !== undefined) return refuse(`A form from another site (Origin ${origin}) may not post here`);
  if (req.headers.origin === undefined && req.headers["sec-fetch-site"] === "cross-site") {
    return refuse("A form from another site may not post here");
  }
  const secret = cookiesOf(req)[CSRF_COOKIE];
  const token = postedToken(req, fields);
  if (!secret || !token || !CSRF_SECRET.test(secret) || !tokens.verify(secret, token)) {
    return refuse(
      "The request has no valid CSRF token (the form field _csrf or the header X-CSRF-Token, holding what csrfToken() gives); reload the page and send it again",
    );
  }
  return null;
}

/** A page's csrfToken(): one token a request, from the visitor's secret or one made for them. */
export class PageCsrf {
  private made: string | null = null;
  /** The secret made for a visitor without a valid cookie: the response sets it (null: none made). */
  newSecret: string | null = null;

  /** `cookie`: the visitor's quarry_csrf; `beforeFlush` throws once the head has gone. */
  constructor(
    private readonly cookie: string | undefined,
    private readonly beforeFlush: (what: string) => void,
  ) {}

  token(): string {
    if (this.made === null) {
      let secret = this.cookie;
      if (!secret || !CSRF_SECRET.test(secret)) {
        this.beforeFlush("csrfToken() for a visitor without a CSRF cookie");
        secret = this.newSecret = tokens.secretSync();
      }
      this.made = tokens.create(secret);
    }
    return this.made;
  }
}
