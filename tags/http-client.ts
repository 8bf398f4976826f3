// dbt:http's client: one request (and its redirects) with node:http, bounded by a timeout, the
// page's signal and a size limit on the answer, and CFML's cfhttp result struct built from the
// answer. Only http and https URLs are fetched (no file:, data: or anything else a URL can
// name), and only addresses the site's outbound rules allow (engine/outbound.ts): a host name
// is resolved once, every address it resolves to is checked, and the connection goes to those
// very addresses (a custom `lookup`), so a name cannot change between the check and the
// connection; each redirect is checked the same way. A refused address is never connected to.
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { toAbortSignal, type CancelSignal } from "../engine/cancel.js";
import { hostOf, OutboundPolicy, portOf } from "../engine/outbound.js";

export interface HttpRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: string | null;
  timeoutMs: number;
  /** Answers larger than this are refused. */
  maxBytes: number;
  /** Follow redirects (true) or return the 3xx answer itself. */
  redirect: boolean;
  signal: CancelSignal | null;
  /** What may be reached; the defaults (no loopback, private, link-local …) when absent. */
  policy?: OutboundPolicy;
}

export interface HttpAnswer {
  status: number;
  statusText: string;
  /** Header pairs as received (set-cookie may repeat). */
  headers: [string, string][];
  body: Uint8Array;
}

/** Why a request has no answer; the tag turns it into a located QRY_ERR_HTTP (or stops the page). */
export class HttpFailure extends Error {
  constructor(
    readonly reason: "url" | "network" | "timeout" | "size" | "aborted" | "denied",
    message: string,
  ) {
    super(message);
  }
}

/** The URL if it is an absolute http or https URL; otherwise an HttpFailure. */
export function httpUrl(text: string): URL {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new HttpFailure("url", `${JSON.stringify(text)} is not an absolute URL (write http://… or https://…)`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new HttpFailure("url", `only http and https URLs are fetched, not ${u.protocol.slice(0, -1)}`);
  return u;
}

const DEFAULT_POLICY = new OutboundPolicy();
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers not carried to another origin by a redirect. */
const CREDENTIALS = new Set(["authorization", "cookie", "proxy-authorization"]);

function denied(url: URL, why: string): HttpFailure {
  return new HttpFailure(
    "denied",
    `${url.origin} may not be reached from this site: ${why}; http.allow in the site config can allow it`,
  );
}

/** Resolves `p` unless `signal` aborts first. */
function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener("abort", stop, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/**
 * The addresses to connect to for `url`, each checked against the policy, or null for a URL
 * that names an address (checked here; Node connects to it without a lookup).
 */
async function checkedAddresses(
  url: URL,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<LookupAddress[] | null> {
  const host = hostOf(url);
  const port = portOf(url);
  const named = policy.refuseName(host, port);
  if (named) throw denied(url, `${host} is ${named}`);
  if (isIP(host)) {
    const why = policy.refuseAddress(host, port, host);
    if (why) throw denied(url, `${host} is ${why}`);
    return null;
  }
  const addresses = await abortable(dnsLookup(host, { all: true, verbatim: true }), signal);
  for (const a of addresses) {
    const why = policy.refuseAddress(host, port, a.address);
    if (why) throw denied(url, `${host} resolves to ${a.address}, ${why}`);
  }
  return addresses;
}

/** One exchange: the answer's head, its body still to be read. */
async function exchange(
  url: URL,
  method: string,
  headers: [string, string][],
  body: string | null,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const addresses = await checkedAddresses(url, policy, signal);
  // The checked addresses, and no others: Node asks this instead of resolving the name again.
  const lookup: LookupFunction | undefined = addresses
    ? (_host, options, done) => {
        if (options.all) done(null, addresses);
        else done(null, addresses[0]!.address, addresses[0]!.family);
      }
    : undefined;
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of headers) {
    const prev = out[k.toLowerCase()];
    out[k.toLowerCase()] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [String(prev)]), v];
  }
  if (body !== null) out["content-length"] = Buffer.byteLength(body);
  // A fresh connection per request (no pool): a pooled socket was checked under another site's rules.
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const r = send(url, { method, headers: out, agent: false, lookup, signal }, resolve);
    r.on("error", reject);
    r.end(body ?? undefined);
  });
}

export async function httpFetch(req: HttpRequest): Promise<HttpAnswer> {
  let url = httpUrl(req.url);
  const policy = req.policy ?? DEFAULT_POLICY;
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([timeout, toAbortSignal(req.signal)]) : timeout;
  const failed = (err: unknown): HttpFailure => {
    if (err instanceof HttpFailure) return err;
    if (req.signal?.aborted) return new HttpFailure("aborted", "the page was stopped");
    if (timeout.aborted)
      return new HttpFailure("timeout", `no answer from ${url.origin} within ${req.timeoutMs / 1000} s`);
    const e = err as { code?: string; message?: string; errors?: { code?: string }[] };
    return new HttpFailure("network", `${method} ${url.origin} failed: ${e.code ?? e.errors?.[0]?.code ?? e.message}`);
  };
  let method = req.method;
  let body = req.body;
  let headers = [...req.headers];
  const has = (name: string) => headers.some(([k]) => k.toLowerCase() === name);
  // What fetch sent: compressed answers are welcome (and decoded), a text body says so.
  if (!has("accept-encoding")) headers.push(["accept-encoding", "gzip, deflate, br"]);
  if (!has("accept")) headers.push(["accept", "*/*"]);
  if (!has("user-agent")) headers.push(["user-agent", "Quarry"]);
  if (body !== null && !has("content-type")) headers.push(["content-type", "text/plain;charset=UTF-8"]);
  let res: IncomingMessage;
  for (let hops = 0; ; hops++) {
    try {
      res = await exchange(url, method, headers, body, policy, signal);
    } catch (err) {
      throw failed(err);
    }
    const location = res.headers.location;
    if (!req.redirect || !REDIRECTS.has(res.statusCode!) || location === undefined) break;
    res.destroy();
    if (hops === MAX_REDIRECTS)
      throw new HttpFailure("network", `${method} ${url.origin} failed: more than ${MAX_REDIRECTS} redirects`);
    let next: URL;
    try {
      next = httpUrl(new URL(location, url).href);
    } catch (err) {
      throw err instanceof HttpFailure ? err : new HttpFailure("url", `a redirect to ${JSON.stringify(location)}`);
    }
    // As fetch: 303 (and 301/302 after a POST) goes on as a GET without the body.
    if (
      res.statusCode === 303
        ? method !== "HEAD"
        : (res.statusCode === 301 || res.statusCode === 302) && method === "POST"
    ) {
      method = "GET";
      body = null;
      headers = headers.filter(([k]) => !/^content-(type|length|encoding|language|location)$/i.test(k));
    }
    if (next.origin !== url.origin) headers = headers.filter(([k]) => !CREDENTIALS.has(k.toLowerCase()));
    url = next;
  }
  const body8 = await readBody(res, url, req.maxBytes, failed);
  return { status: res.statusCode!, statusText: res.statusMessage ?? "", headers: answerHeaders(res), body: body8 };
}

/** The answer's body, decoded as its content-encoding says, refused past maxBytes (declared or read). */
async function readBody(
  res: IncomingMessage,
  url: URL,
  maxBytes: number,
  failed: (err: unknown) => HttpFailure,
): Promise<Uint8Array> {
  const declared = Number(res.headers["content-length"] ?? "0");
  if (declared > maxBytes) {
    res.destroy();
    throw new HttpFailure(
      "size",
      `the answer from ${url.origin} has ${declared} bytes, more than maxbytes (${maxBytes})`,
    );
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const collect = async (source: AsyncIterable<Uint8Array>) => {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > maxBytes)
        throw new HttpFailure("size", `the answer from ${url.origin} is larger than maxbytes (${maxBytes} bytes)`);
      chunks.push(chunk);
    }
  };
  const encoding = String(res.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : null;
  try {
    await (decoder ? pipeline(res, decoder, collect) : pipeline(res, collect));
  } catch (err) {
    throw failed(err);
  }
  const body8 = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body8.set(c, at);
    at += c.byteLength;
  }
  return body8;
}

/** The answer's headers as fetch gives them. */
function answerHeaders(res: IncomingMessage): [string, string][] {
  // As fetch gives them: names in lower case and sorted, repeated ones joined, set-cookie apart.
  const seen = new Map<string, string[]>();
  const cookies: string[] = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const k = res.rawHeaders[i]!.toLowerCase();
    const v = res.rawHeaders[i + 1]!;
    if (k === "set-cookie") cookies.push(v);
    else seen.set(k, [...(seen.get(k) ?? []), v]);
  }
  const answer: [string, string][] = [...seen.keys()].sort().map((k) => [k, seen.get(k)!.join(", ")]);
  for (const c of cookies) answer.push(["set-cookie", c]);
  return answer;
}

/** The parts of a Content-Type: the MIME type and the charset ("" when absent). */
export function contentType(value: string | undefined): { mimetype: string; charset: string } {
  if (!value) return { mimetype: "", charset: "" };
  const [type, ...params] = value.split(";");
  const cs = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p)).find((m) => m);
  return { mimetype: type!.trim().toLowerCase(), charset: cs ? cs[1]! : "" };
}

const TEXTUAL = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|[\w.+-]+\+(json|xml)))|^$/;

/** The answer as CFML's cfhttp struct (plain object; the tag copies it into a struct). */
export function cfhttpResult(a: HttpAnswer): Record<string, unknown> {
  const first = (name: string) => a.headers.find(([k]) => k === name)?.[1];
  const { mimetype, charset } = contentType(first("content-type"));
  let text: string;
  try {
    text = new TextDecoder(charset || "utf-8").decode(a.body);
  } catch {
    // A charset TextDecoder does not know: read it as UTF-8.
    text = new TextDecoder("utf-8").decode(a.body);
  }
  const statusCode = `${a.status} ${a.statusText}`.trim();
  const responseHeader: Record<string, unknown> = {
    Status_Code: String(a.status),
    Explanation: a.statusText,
    Http_Version: "HTTP/1.1",
  };
  for (const [k, v] of a.headers) {
    const prev = responseHeader[k];
    responseHeader[k] = prev === undefined ? v : Array.isArray(prev) ? [...(prev as string[]), v] : [prev, v];
  }
  return {
    statusCode,
    status_code: a.status,
    status_text: a.statusText,
    fileContent: text,
    mimetype,
    charset,
    text: TEXTUAL.test(mimetype),
    responseHeader,
    header: [`HTTP/1.1 ${statusCode}`, ...a.headers.map(([k, v]) => `${k}: ${v}`)].join("\r\n") + "\r\n",
    errorDetail: "",
  };
}
