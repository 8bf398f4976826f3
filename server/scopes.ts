// Fills the request scopes of one page: url, form, cookie, cgi, request, session,
// application. Request data is copied into structs that inherit nothing (see toStructDeep), so
// no key a client sends can reach a prototype.
import type { FastifyRequest } from "fastify";
import { toStructDeep, type Scopes } from "../engine/context.js";
import { newStruct, type Struct } from "../engine/values.js";
import { cookiesOf } from "./request/cookies.js";
import { SESSION_COOKIE } from "./session.js";

/**
 * The path as the router read it (server/routes.ts): each segment percent-decoded, as CGI's
 * PATH_INFO is. A check such as `left(cgi.path_info, 9) EQ "/members/"` in _request.dbt then
 * sees `/%6Dembers/x` as the `/members/x` it serves (raw, the check was bypassed). A segment
 * that does not decode stays as sent (the router answers such a path 400).
 */
function decodedPath(path: string): string {
  return path
    .split("/")
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join("/");
}

function cgi(req: FastifyRequest): Struct {
  const c = newStruct();
  const [raw, query = ""] = req.url.split(/\?(.*)/s) as [string, string?];
  const path = decodedPath(raw);
  Object.assign(c, {
    request_method: req.method,
    path_info: path,
    script_name: path,
    query_string: query,
    remote_addr: req.ip,
    server_name: req.hostname,
    https: req.protocol === "https" ? "on" : "off",
    content_type: req.headers["content-type"] ?? "",
  });
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === "cookie") continue;
    c[`http_${name.toLowerCase().replace(/-/g, "_")}`] = Array.isArray(value) ? value.join(", ") : (value ?? "");
  }
  return c;
}

/**
 * The scopes of one request. url, form, cookie and cgi are built on first read: a page that
 * never reads `cookie` parses no cookies into a struct (the getters live on the prototype, so
 * every instance keeps one fast shape).
 */
class RequestScopes {
  variables: Struct = newStruct();
  request: Struct = newStruct();
  #url: Struct | undefined;
  #form: Struct | undefined;
  #cookie: Struct | undefined;
  #cgi: Struct | undefined;
  constructor(
    private readonly req: FastifyRequest,
    private readonly body: Record<string, unknown>,
    public session: Struct,
    public application: Struct,
  ) {}

  get url(): Struct {
    return (this.#url ??= toStructDeep(this.req.query ?? {}) as Struct);
  }
  set url(v: Struct) {
    this.#url = v;
  }
  get form(): Struct {
    return (this.#form ??= toStructDeep(this.body) as Struct);
  }
  set form(v: Struct) {
    this.#form = v;
  }
  get cookie(): Struct {
    if (!this.#cookie) {
      const cookies = { ...cookiesOf(this.req) };
      delete cookies[SESSION_COOKIE];
      this.#cookie = toStructDeep(cookies) as Struct;
    }
    return this.#cookie;
  }
  set cookie(v: Struct) {
    this.#cookie = v;
  }
  get cgi(): Struct {
    return (this.#cgi ??= cgi(this.req));
  }
  set cgi(v: Struct) {
    this.#cgi = v;
  }
}

/** The scopes of one request; `form` holds its body's fields (see request/body.ts). */
export function requestScopes(
  req: FastifyRequest,
  form: Record<string, unknown>,
  session: Struct,
  application: Struct,
): Scopes {
  return new RequestScopes(req, form, session, application);
}
