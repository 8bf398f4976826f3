// Whether a browser says a request came from another origin: the Origin header names scheme,
// host and port, and all three must be this site's (https://host is another origin than
// http://host); the scheme is the one the visitor used, which behind a proxy only trustProxy
// tells (X-Forwarded-Proto). Used by the site's CSRF check and the dev dashboard's actions.
import type { FastifyRequest } from "fastify";

/** The Origin header when it names another origin ("null" and garbage count as another); else undefined. */
export function foreignOrigin(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  let from: string | null = null;
  try {
    from = new URL(origin).origin;
  } catch {
    // "null" (a sandboxed frame, a privacy redirect) or garbage: not this origin.
  }
  return from === null || from === "null" || from !== new URL(`${req.protocol}://${req.host}`).origin
    ? origin
    : undefined;
}
