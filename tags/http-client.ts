// dbt:http's client: one request with Node's fetch, bounded by a timeout, the page's signal
// and a size limit on the answer, and CFML's cfhttp result struct built from the answer.
// Only http and https URLs are fetched (no file:, data: or anything else a URL can name).
import { toAbortSignal, type CancelSignal } from "../engine/cancel.js";

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
    readonly reason: "url" | "network" | "timeout" | "size" | "aborted",
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

export async function httpFetch(req: HttpRequest): Promise<HttpAnswer> {
  const url = httpUrl(req.url);
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([timeout, toAbortSignal(req.signal)]) : timeout;
  const failed = (err: unknown): HttpFailure => {
    if (req.signal?.aborted) return new HttpFailure("aborted", "the page was stopped");
    if (timeout.aborted)
      return new HttpFailure("timeout", `no answer from ${url.origin} within ${req.timeoutMs / 1000} s`);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return new HttpFailure(
      "network",
      `${req.method} ${url.origin} failed: ${cause?.code ?? cause?.message ?? (err as Error).message}`,
    );
  };
  let res: Response;
  try {
    res = await fetch(url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      redirect: req.redirect ? "follow" : "manual",
      signal,
    });
  } catch (err) {
    throw failed(err);
  }
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > req.maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new HttpFailure(
      "size",
      `the answer from ${url.origin} has ${declared} bytes, more than maxbytes (${req.maxBytes})`,
    );
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    if (res.body) {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > req.maxBytes) {
          await res.body.cancel().catch(() => {});
          throw new HttpFailure(
            "size",
            `the answer from ${url.origin} is larger than maxbytes (${req.maxBytes} bytes)`,
          );
        }
        chunks.push(chunk);
      }
    }
  } catch (err) {
    throw err instanceof HttpFailure ? err : failed(err);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  const headers: [string, string][] = [];
  res.headers.forEach((v, k) => {
    if (k !== "set-cookie") headers.push([k, v]);
  });
  for (const c of res.headers.getSetCookie()) headers.push(["set-cookie", c]);
  return { status: res.status, statusText: res.statusText, headers, body };
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
