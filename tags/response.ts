// The tags that shape the HTTP response rather than the page: dbt:location, dbt:header,
// dbt:cookie and dbt:content. They write to the page's ResponseState; the server applies it
// (once dbt:flush has sent it, they are refused).
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import { RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { AbortSignal } from "../engine/signals.js";
import { toDate, typeName } from "../engine/values.js";
import { callTag } from "./call.js";
import { afterFlush } from "./flush.js";

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const REDIRECTS = [301, 302, 303, 307, 308];

/**
 * Text that goes into a header. HTTP sends header bytes as Latin-1, and Node refuses anything
 * else (or a control character) only while writing the response, too late for an error page:
 * refuse it here, at the tag. CR, LF and NUL would split or end the header.
 */
function headerText(v: unknown, what: string, loc: Loc): string {
  const s = rt.toStr(v, loc);
  if (/[\r\n\0]/.test(s)) throw new RuntimeError(codes.HEADER, `${what} must not contain CR, LF or NUL`, loc);
  const bad = /[^\t\x20-\x7e\x80-\xff]/.exec(s);
  if (bad) {
    const cp = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    throw new RuntimeError(
      codes.HEADER,
      `${what} must be Latin-1 text without control characters; it has U+${cp} at position ${bad.index + 1} (encode it, e.g. with urlEncodedFormat)`,
      loc,
    );
  }
  return s;
}

/**
 * A URL for the Location header: characters beyond ASCII are percent-encoded as UTF-8 (control
 * characters are left for the same-site check below to refuse).
 */
function locationUrl(v: unknown, loc: Loc): string {
  const s = rt.toStr(v, loc);
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    // A lone surrogate cannot be UTF-8: it is sent as U+FFFD, as a browser would.
    if (c <= 0x7e) out += ch;
    else
      for (const b of new TextEncoder().encode(c >= 0xd800 && c <= 0xdfff ? "\ufffd" : ch))
        out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * Is `url` a redirect within this site? A path or a relative URL is; anything with a scheme
 * (`https:`, `javascript:`), a protocol-relative `//host`, or a backslash or control
 * character that browsers may turn into one (`/\\host`, `/<TAB>/host`) is not.
 */
function sameSiteUrl(url: string): boolean {
  return (
    !/[\x00-\x1f\x7f\\]/.test(url) &&
    !/^\s/.test(url) &&
    !url.startsWith("//") &&
    !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)
  );
}

export function setLocation(ctx: RenderContext, url: unknown, status: unknown, external: unknown, loc: Loc): never {
  afterFlush(ctx, "dbt:location", loc);
  const code = status === undefined ? 302 : rt.toNum(status, loc);
  if (!REDIRECTS.includes(code))
    throw new RuntimeError(
      codes.HEADER,
      `statuscode of dbt:location must be one of ${REDIRECTS.join(", ")}, got ${code}`,
      loc,
    );
  const r = ctx.page.response;
  const target = locationUrl(url, loc);
  // Open redirects: another site only with external="true", and then only http(s).
  if (
    !sameSiteUrl(target) &&
    !(
      external !== undefined &&
      rt.toBool(external, loc) &&
      /^https?:\/\/[^/\\\s]+/i.test(target) &&
      !/[\x00-\x20\x7f\\]/.test(target)
    )
  ) {
    // Most often a visitor's ?next=https://evil.example/: their request is bad, 400.
    throw Object.assign(
      new RuntimeError(
        codes.REDIRECT,
        `dbt:location refuses ${JSON.stringify(target)}: not a path on this site (add external="true" to redirect to another site's http or https URL)`,
        loc,
      ),
      { status: 400 },
    );
  }
  r.location = target;
  r.status = code;
  throw new AbortSignal();
}

export function setHeader(ctx: RenderContext, name: unknown, value: unknown, status: unknown, loc: Loc): void {
  afterFlush(ctx, "dbt:header", loc);
  const r = ctx.page.response;
  if (status !== undefined) {
    const code = rt.toNum(status, loc);
    if (!Number.isInteger(code) || code < 100 || code > 599)
      throw new RuntimeError(codes.HEADER, `statuscode must be an HTTP status from 100 to 599, got ${code}`, loc);
    r.status = code;
  }
  if (name === undefined) return;
  const n = headerText(name, "A header name", loc);
  if (!TOKEN.test(n)) throw new RuntimeError(codes.HEADER, `${JSON.stringify(n)} is not a valid header name`, loc);
  r.headers.set(n.toLowerCase(), headerText(value ?? "", `The value of header ${n}`, loc));
}

/** "never", "now", a number of days or a date. */
function expiry(v: unknown, loc: Loc): Date | null {
  if (v === undefined || v === null || v === "") return null;
  const s = rt.toStr(v, loc).trim().toLowerCase();
  if (s === "never") return new Date(Date.now() + 20 * 365 * 86_400_000);
  if (s === "now") return new Date(0);
  if (/^\d+(\.\d+)?$/.test(s)) return new Date(Date.now() + Number(s) * 86_400_000);
  try {
    return toDate(v);
  } catch {
    throw new RuntimeError(
      codes.HEADER,
      `expires must be a number of days, a date, "never" or "now", got ${JSON.stringify(s)}`,
      loc,
    );
  }
}

/**
 * A cookie's path and domain go into Set-Cookie as they are, and the cookie serializer refuses
 * (while the response is being sent, too late for the error page: a bare JSON 500 that names
 * the value) a path with ";" or a character outside printable ASCII, and a domain that is not a
 * host name. Refuse the same here, at the tag.
 */
function cookiePath(v: unknown, loc: Loc): string {
  const s = headerText(v, "The cookie path", loc);
  if (!/^[\x20-\x3a\x3c-\x7e]*$/.test(s)) {
    throw new RuntimeError(
      codes.HEADER,
      `The cookie path ${JSON.stringify(s)} may hold only printable ASCII other than ";" (encode it, e.g. with urlEncodedFormat)`,
      loc,
    );
  }
  return s;
}

function cookieDomain(v: unknown, loc: Loc): string {
  const s = headerText(v, "The cookie domain", loc);
  if (s !== "" && !/^\.?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(s)) {
    throw new RuntimeError(codes.HEADER, `The cookie domain ${JSON.stringify(s)} is not a host name`, loc);
  }
  return s;
}

export function setCookie(
  ctx: RenderContext,
  rawName: unknown,
  value: unknown,
  expires: unknown,
  httponly: unknown,
  secure: unknown,
  samesite: unknown,
  path: unknown,
  domain: unknown,
  loc: Loc,
): void {
  afterFlush(ctx, "dbt:cookie", loc);
  const name = headerText(rawName, "A cookie name", loc);
  if (!TOKEN.test(name))
    throw new RuntimeError(codes.HEADER, `${JSON.stringify(name)} is not a valid cookie name`, loc);
  const bool = (v: unknown, dflt: boolean) => (v === undefined ? dflt : rt.toBool(v, loc));
  const sameSite = samesite === undefined ? "lax" : rt.toStr(samesite, loc).toLowerCase();
  ctx.page.response.cookies.push({
    name,
    // The value is URL-encoded when the header is written, so any text is safe here.
    value: value === undefined ? "" : rt.toStr(value, loc),
    expires: expiry(expires, loc),
    // Safe by default: scripts cannot read it, other sites do not get it.
    httpOnly: bool(httponly, true),
    secure: bool(secure, false),
    sameSite: sameSite as "lax" | "strict" | "none",
    path: path === undefined ? "/" : cookiePath(path, loc),
    domain: domain === undefined ? null : cookieDomain(domain, loc),
  });
}

export function setContentType(ctx: RenderContext, type: unknown, variable: unknown, loc: Loc): void {
  afterFlush(ctx, "dbt:content", loc);
  ctx.page.response.contentType = headerText(type, "The content type", loc);
  if (variable === undefined) return;
  // CFML's cfcontent variable: these bytes are the whole answer (an image from a bytea column,
  // an upload sent back); what the page printed before is dropped and the page ends here.
  if (!(variable instanceof Uint8Array))
    throw new RuntimeError(
      codes.TYPE,
      `variable of dbt:content must be a binary value (fileReadBinary(), a bytea column, toBinary()), got ${typeName(variable)}`,
      loc,
    );
  ctx.page.response.body = variable;
  throw new AbortSignal();
}

export const locationTag: TagDef = {
  name: "location",
  body: "none",
  attributes: {
    url: { type: "string", required: true },
    statuscode: { type: "integer" },
    external: { type: "boolean" },
  },
  ...callTag("setLocation", setLocation, ["url", "statuscode", "external"]),
};

export const headerTag: TagDef = {
  name: "header",
  body: "none",
  attributes: { name: { type: "string" }, value: { type: "string" }, statuscode: { type: "integer" } },
  validate(node, v) {
    if (!node.args.name && !node.args.statuscode)
      throw v.error('<dbt:header> needs "name" (with "value") or "statuscode"', node.loc);
  },
  ...callTag("setHeader", setHeader, ["name", "value", "statuscode"]),
};

const COOKIE_ATTRS = ["name", "value", "expires", "httponly", "secure", "samesite", "path", "domain"] as const;

export const cookieTag: TagDef = {
  name: "cookie",
  body: "none",
  attributes: {
    name: { type: "string", required: true },
    value: { type: "string" },
    expires: { type: "any" },
    httponly: { type: "boolean" },
    secure: { type: "boolean" },
    samesite: { type: "enum", values: ["lax", "strict", "none"] },
    path: { type: "string" },
    domain: { type: "string" },
  },
  ...callTag("setCookie", setCookie, COOKIE_ATTRS),
};

export const contentTag: TagDef = {
  name: "content",
  body: "none",
  attributes: { type: { type: "string", required: true }, variable: { type: "any" } },
  ...callTag("setContentType", setContentType, ["type", "variable"]),
};

export const runtime = { setLocation, setHeader, setCookie, setContentType };

export default { tags: [locationTag, headerTag, cookieTag, contentTag], runtime } satisfies TagModule;
