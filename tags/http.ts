// <dbt:http url="…" method="post" timeout="5" result="r" throwonerror redirect maxbytes
// username password useragent>, with <dbt:httpparam type="header|body|formfield|url|cookie"
// name value> inside it: one outgoing request (tags/http-client.ts), stored as CFML's cfhttp
// struct (`result`, default `cfhttp`). Only http and https URLs; the wait ends at `timeout`,
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
import { cfhttpResult, httpFetch, HttpFailure } from "./http-client.js";
import { fixedArg, pathTarget, splitTarget } from "./helpers.js";

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
export function httpParamsBegin(ctx: RenderContext): HttpParam[] {
  const stack = collecting.get(ctx.page) ?? [];
  collecting.set(ctx.page, stack);
  const params: HttpParam[] = [];
  stack.push(params);
  return params;
}

export function httpParamsEnd(ctx: RenderContext): void {
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

export async function runHttp(ctx: RenderContext, spec: HttpSpec, params: HttpParam[], loc: Loc): Promise<void> {
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
      }),
    );
  } catch (err) {
    if (!(err instanceof HttpFailure)) throw err;
    if (err.reason === "aborted") stopIfDue(page, Date.now(), loc);
    if (err.reason === "timeout" && timeoutMs < seconds * 1000) stopIfDue(page, Infinity, loc);
    throw fail(err.message, loc);
  }
  if (spec.throwonerror !== undefined && rt.toBool(spec.throwonerror, loc) && (r.status_code as number) >= 400) {
    throw fail(`${method} ${url.origin}${url.pathname} answered ${String(r.statusCode)}`, loc);
  }
  const { base, steps } = splitTarget(pathTarget(spec.result ?? "cfhttp", loc));
  rt.assign(ctx, base, steps as string[], toStructDeep(r), loc);
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
  async interpret(node, it) {
    const ctx = it.ctx;
    let params: HttpParam[] = [];
    if (node.body) {
      params = httpParamsBegin(ctx);
      try {
        await it.capture(node.body);
      } finally {
        httpParamsEnd(ctx);
      }
    }
    const a = (n: string) => it.arg(node, n);
    await runHttp(
      ctx,
      {
        url: a("url"),
        method: fixedArg(node, "method"),
        timeout: a("timeout"),
        result: fixedArg(node, "result"),
        throwonerror: a("throwonerror"),
        redirect: a("redirect"),
        maxbytes: a("maxbytes"),
        username: a("username"),
        password: a("password"),
        useragent: a("useragent"),
      },
      params,
      node.loc,
    );
  },
  compile(node, c) {
    const a = (n: string) => c.arg(node, n) ?? "undefined";
    const s = (n: string) => (fixedArg(node, n) === undefined ? "undefined" : JSON.stringify(fixedArg(node, n)));
    const params = c.tmp("params");
    const ignored = c.tmp("ignored");
    const collect = node.body
      ? `${params} = T.httpParamsBegin(ctx);
try { let ${ignored} = "";
${c.capture(node.body, ignored)}} finally { T.httpParamsEnd(ctx); }
`
      : "";
    return `{ let ${params} = [];
${collect}await T.runHttp(ctx, { url: ${a("url")}, method: ${s("method")}, timeout: ${a("timeout")}, result: ${s("result")}, throwonerror: ${a("throwonerror")}, redirect: ${a("redirect")}, maxbytes: ${a("maxbytes")}, username: ${a("username")}, password: ${a("password")}, useragent: ${a("useragent")} }, ${params}, ${c.loc(node.loc)});
}
`;
  },
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
  interpret(node, it) {
    const type = fixedArg(node, "type")!;
    httpParam(it.ctx, type === "cgi" ? "header" : type, it.arg(node, "name"), it.arg(node, "value"), node.loc);
  },
  compile(node, c) {
    const type = fixedArg(node, "type")!;
    return `T.httpParam(ctx, ${JSON.stringify(type === "cgi" ? "header" : type)}, ${c.arg(node, "name") ?? "undefined"}, ${c.arg(node, "value") ?? "undefined"}, ${c.loc(node.loc)});\n`;
  },
};

export const runtime = { httpParamsBegin, httpParamsEnd, httpParam, runHttp };

export default { tags: [httpTag, httpparamTag], runtime } satisfies TagModule;
