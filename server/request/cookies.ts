// Cookies without @fastify/cookie's hooks: its onRequest hook parsed every request's Cookie
// header (a Map and an object a request, needed or not) and its onSend hook put every reply
// through Fastify's onSend hook runner. Here a request's cookies are parsed when first read,
// and a response's Set-Cookie lines are written once, by the stage that sets them. A host app
// that registered @fastify/cookie keeps it: its parsed req.cookies are read, and its onSend
// hook adds its own Set-Cookie lines to these.
import { parseCookie, stringifySetCookie, type SetCookie } from "cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Where the parsed Cookie header is kept: `cookies`, as @fastify/cookie names it (whose typings
 * say it is always set; here it is null until read).
 */
export function registerCookies(app: FastifyInstance): void {
  if (!app.hasRequestDecorator("cookies")) app.decorateRequest("cookies", null as unknown as Record<string, string>);
}

/** The request's cookies, parsed from its Cookie header the first time they are read. */
export function cookiesOf(req: FastifyRequest): Record<string, string | undefined> {
  const parsed = req.cookies;
  if (parsed) return parsed;
  const header = req.headers.cookie;
  return (req.cookies = header ? parseCookie(header) : {});
}

export type CookieOptions = Omit<SetCookie, "name" | "value">;

/**
 * The Set-Cookie lines of one response: one per name, domain and path, the last set winning
 * (as @fastify/cookie kept them). SameSite is Lax unless the options say otherwise.
 */
export class CookieJar {
  private readonly lines = new Map<string, string>();

  set(name: string, value: string, options: CookieOptions): void {
    this.lines.set(`${name};${options.domain};${options.path ?? "/"}`, setCookieLine(name, value, options));
  }

  /** Tells the browser to forget the cookie: empty, expired, at the path it was set for (default /). */
  clear(name: string, options: CookieOptions): void {
    this.set(name, "", { path: "/", ...options, expires: new Date(0), maxAge: 0 });
  }

  /** Adds the lines to the reply's Set-Cookie header (after any it has). */
  writeTo(reply: FastifyReply): void {
    for (const line of this.lines.values()) reply.header("set-cookie", line);
  }
}

/** One cookie on the reply (for a response that sets only one). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.header("set-cookie", setCookieLine(name, value, options));
}

/** A Set-Cookie line; SameSite=Lax unless the options say otherwise (an explicit undefined: none). */
function setCookieLine(name: string, value: string, options: CookieOptions): string {
  return stringifySetCookie(Object.assign({ sameSite: "lax" as const }, options, { name, value }));
}
