// <dbt:http url="…" method="post" timeout="5" result="r" throwonerror redirect maxbytes
// username password useragent>, with <dbt:httpparam type="header|body|formfield|url|cookie"
// name value> inside it: one outgoing request (tags/http-client.ts), stored as CFML's cfhttp
// struct (`result`, default `cfhttp`). Only http and https URLs, and only the addresses the
// site's outbound rules allow (engine/outbound.ts; QRY_ERR_HTTP_DENIED); the wait ends at `timeout`,
// at the page's time limit and when the page's client goes away. A failed request (no
// connection, no answer in time, too large) raises a located QRY_ERR_HTTP; an HTTP error
// status is an answer, unless throwonerror="true".
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import type { PageState } from "../engine/page.js";
import { toStructDeep } from "../engine/context.js";
import { RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { stopIfDue } from "../engine/clock.js";
import { siteServices } from "../engine/services.js";
import { cfhttpResult, httpFetch, HttpFailure } from "./http-client.js";
import { fixedArg, pathTarget, splitTarget } from "./helpers.js";
import { callTag, type CaptureBody } from "./call.js";

export interface HttpSpec {
  url: unknown;
  method: string | undefined;
  timeout: unknown;
  result: string | undefined;
  throwonerror: unknown;
  redirect: unknown;
  maxbytes: unknown;
  username: unknown;
  password: unknown;
  useragent: unknown;
}

export interface HttpParam {
  type: string;
  name: string;
  value: string;
}

const DEFAULT_TIMEOUT_S = 30;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

// The params of the dbt:http tags running on a page, innermost last (a param belongs to the nearest).
const collecting = new WeakMap<PageState, HttpParam[][]>();

/** Starts collecting the dbt:httpparam values of a dbt:http body. */
function httpParamsBegin(ctx: RenderContext): HttpParam[] {
  const stack = collecting.get(ctx.page) ?? [];
  collecting.set(ctx.page, stack);
  const params: HttpParam[] = [];
  stack.push(params);
  return params;
}

function httpParamsEnd(ctx: RenderContext): void {
  collecting.get(ctx.page)?.pop();
}

export function httpParam(ctx: RenderContext, type: string, name: unknown, value: unknown, loc: Loc): void {
  const params = collecting.get(ctx.page)?.at(-1);
  if (!params) throw new RuntimeError(codes.NESTING, "<dbt:httpparam> must stand inside <dbt:http>", loc);
  const n = name === undefined ? "" : rt.toStr(name, loc);
  const v = value === undefined ? "" : rt.toStr(value, loc);
  if (type !== "body" && n === "")
    throw new RuntimeError(codes.HTTP, `A dbt:httpparam of type ${type} needs a name`, loc, "http");
  if ((type === "header" || type === "cookie") && /[\r\n\0]/.test(n + v)) {
    throw new RuntimeError(codes.HTTP, `A ${type} of dbt:http must not contain CR, LF or NUL`, loc, "http");
  }
  params.push({ type, name: n, value: v });
}

function fail(message: string, loc: Loc): RuntimeError {
  return new RuntimeError(codes.HTTP, `dbt:http: ${message}`, loc, "http");
}

async function runHttp(ctx: RenderContext, spec: HttpSpec, params: HttpParam[], loc: Loc): Promise<void> {
  const page = ctx.page;
  const method = (spec.method ?? "get").toUpperCase();
  let url: URL;
  try {
    url = new URL(rt.toStr(spec.url, loc));
  } catch {
    throw fail(`${JSON.stringify(rt.toStr(spec.url, loc))} is not an absolute URL (write http://… or https://…)`, loc);
  }
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  const form = new URLSearchParams();
  let body: string | null = null;
  for (const p of params) {
    if (p.type === "url") url.searchParams.append(p.name, p.value);
    else if (p.type === "header") headers.push([p.name, p.value]);
    else if (p.type === "cookie") cookies.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`);
    else if (p.type === "formfield") form.append(p.name, p.value);
    else body = (body ?? "") + p.value;
  }
  if (cookies.length) headers.push(["cookie", cookies.join("; ")]);
  if ([...form.keys()].length > 0) {
    if (body !== null) throw fail("a request has either formfield params or a body param, not both", loc);
    body = form.toString();
    if (!headers.some(([k]) => k.toLowerCase() === "content-type"))
      headers.push(["content-type", "application/x-www-form-urlencoded"]);
  }
  if (body !== null && (method === "GET" || method === "HEAD"))
    throw fail(`a ${method} request has no body: use method="post" for formfield and body params`, loc);
  if (spec.username !== undefined) {
    const user = `${rt.toStr(spec.username, loc)}:${spec.password === undefined ? "" : rt.toStr(spec.password, loc)}`;
    headers.push(["authorization", `Basic ${Buffer.from(user, "utf8").toString("base64")}`]);
  }
  if (spec.useragent !== undefined) headers.push(["user-agent", rt.toStr(spec.useragent, loc)]);
  const seconds = spec.timeout === undefined ? DEFAULT_TIMEOUT_S : rt.toNum(spec.timeout, loc);
  if (!(seconds > 0)) throw fail(`timeout must be more than 0 seconds, got ${seconds}`, loc);
  const maxBytes = spec.maxbytes === undefined ? DEFAULT_MAX_BYTES : rt.toNum(spec.maxbytes, loc);
  stopIfDue(page, Date.now(), loc);
  // The page's own time limit ends the wait too, as QRY_ERR_TIMEOUT.
  const untilDeadline = page.deadline ? Math.max(1, page.deadline - Date.now() + 1) : Infinity;
  const timeoutMs = Math.min(seconds * 1000, untilDeadline);
  let r: Record<string, unknown>;
  try {
    r = cfhttpResult(
      await httpFetch({
        url: url.href,
        method,
        headers,
        body,
        timeoutMs,
        maxBytes,
        redirect: spec.redirect === undefined || rt.toBool(spec.redirect, loc),
        signal: page.signal,
        policy: siteServices(page).outbound,
      }),
    );
  } catch (err) {
    if (!(err instanceof HttpFailure)) throw err;
    if (err.reason === "aborted") stopIfDue(page, Date.now(), loc);
    if (err.reason === "timeout" && timeoutMs < seconds * 1000) stopIfDue(page, Infinity, loc);
    if (err.reason === "denied") throw new RuntimeError(codes.HTTP_DENIED, `dbt:http: ${err.message}`, loc, "http");
    throw fail(err.message, loc);
  }
  if (spec.throwonerror !== undefined && rt.toBool(spec.throwonerror, loc) && (r.status_code as number) >= 400) {
    throw fail(`${method} ${url.origin}${url.pathname} answered ${String(r.statusCode)}`, loc);
  }
  const { base, steps } = splitTarget(pathTarget(spec.result ?? "cfhttp", loc));
  rt.assign(ctx, base, steps as string[], toStructDeep(r), loc);
}

/**
 * dbt:http: runs the body, if any, for its dbt:httpparam values (its output is dropped), then
 * makes the request.
 */
export async function httpRequest(
  ctx: RenderContext,
  url: unknown,
  method: string | undefined,
  timeout: unknown,
  result: string | undefined,
  throwonerror: unknown,
  redirect: unknown,
  maxbytes: unknown,
  username: unknown,
  password: unknown,
  useragent: unknown,
  body: CaptureBody | null,
  loc: Loc,
): Promise<void> {
  let params: HttpParam[] = [];
  if (body) {
    params = httpParamsBegin(ctx);
    try {
      await body();
    } finally {
      httpParamsEnd(ctx);
    }
  }
  const spec = { url, method, timeout, result, throwonerror, redirect, maxbytes, username, password, useragent };
  await runHttp(ctx, spec, params, loc);
}

export const httpTag: TagDef = {
  name: "http",
  body: "optional",
  attributes: {
    url: { type: "string", required: true },
    method: { type: "enum", values: ["get", "post", "put", "delete", "patch", "head", "options"] },
    timeout: { type: "number" },
    result: { type: "variable" },
    throwonerror: { type: "boolean" },
    redirect: { type: "boolean" },
    maxbytes: { type: "integer" },
    username: { type: "string" },
    password: { type: "string" },
    useragent: { type: "string" },
  },
  ...callTag(
    "httpRequest",
    httpRequest,
    [
      "url",
      { fixed: (node) => fixedArg(node, "method") },
      "timeout",
      { fixed: (node) => fixedArg(node, "result") },
      "throwonerror",
      "redirect",
      "maxbytes",
      "username",
      "password",
      "useragent",
    ],
    { async: true, body: "capture" },
  ),
};

export const httpparamTag: TagDef = {
  name: "httpparam",
  body: "none",
  attributes: {
    type: { type: "enum", values: ["header", "body", "formfield", "url", "cookie", "cgi"], required: true },
    name: { type: "string" },
    value: { type: "string" },
  },
  validate(node, v) {
    if (!v.enclosing("http")) throw v.error("<dbt:httpparam> must stand inside <dbt:http>", node.loc, codes.NESTING);
  },
  // type="cgi" is a header, as in CFML.
  ...callTag("httpParam", httpParam, [
    { fixed: (node) => (fixedArg(node, "type") === "cgi" ? "header" : fixedArg(node, "type")) },
    "name",
    "value",
  ]),
};

export const runtime = { httpRequest, httpParam };

export default { tags: [httpTag, httpparamTag], runtime } satisfies TagModule;
