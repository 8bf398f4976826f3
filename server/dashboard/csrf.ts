// The dashboard's actions (apply migrations, flush caches, test a datasource, clear the mail)
// are POSTs that another website in the developer's browser must not be able to send: each
// needs a token tied to a secret in the dashboard's own cookie (double submit, as the site's
// forms), and a browser's Origin (or Sec-Fetch-Site) must say the form came from this origin.
import type { FastifyReply, FastifyRequest } from "fastify";
import Tokens from "@fastify/csrf";
import { DASHBOARD_PATH } from "./html.js";
import { foreignOrigin } from "../origin.js";
import { cookiesOf, setCookie } from "../request/cookies.js";

export const DASHBOARD_COOKIE = "quarry_dashboard";
const SECRET = /^[A-Za-z0-9_-]{16,64}$/;
const tokens = Tokens();

/** The token for the requester's forms; sets the secret cookie when they have none yet. */
export function dashboardToken(req: FastifyRequest, reply: FastifyReply): string {
  let secret = cookiesOf(req)[DASHBOARD_COOKIE];
  if (!secret || !SECRET.test(secret)) {
    secret = tokens.secretSync();
    setCookie(reply, DASHBOARD_COOKIE, secret, { path: `${DASHBOARD_PATH}/`, httpOnly: true, sameSite: "strict" });
  }
  return tokens.create(secret);
}

/** Why a POST to the dashboard is refused, or null when it came from the dashboard's own form. */
export function postRefusal(req: FastifyRequest, fields: Record<string, unknown>): string | null {
  const origin = foreignOrigin(req);
  if (origin !== undefined) return `A form from another origin (${origin}) may not use the dev dashboard`;
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin")
    return `A request from another site (${site}) may not use the dev dashboard`;
  const secret = cookiesOf(req)[DASHBOARD_COOKIE];
  const token = fields._csrf;
  if (!secret || !SECRET.test(secret) || typeof token !== "string" || !tokens.verify(secret, token))
    return "The form has no valid dashboard token: reload the dashboard page and try again";
  return null;
}
