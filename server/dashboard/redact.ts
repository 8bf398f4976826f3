// What the dashboard never shows: passwords in connection URLs (user:password@ and
// ?password=), and the value of any setting whose name looks like a secret (secret, password,
// pass, token, key, auth, credential …). Shown as "***" so the developer sees one is set.
export const REDACTED = "***";

/** A setting name whose value is a secret: the whole value is hidden. */
const SECRET_NAME = /secret|passw|^pass$|pwd|token|apikey|api_key|private|credential|^auth$|sslkey|signing/i;

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/** `scheme://user:password@` (up to the last @ before the query: a password may hold an unencoded @ or /), without a WHATWG URL (several hosts: h1:5432,h2:5432). */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*:)[^?#\s]*@/i;
/** libpq's keyword/value form: password=… */
const KEYWORD_PASSWORD = /\b(password\s*=\s*)('[^']*'|[^\s']\S*)/gi;

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const i = pair.indexOf("=");
      return i > 0 && isSecretName(decodeURIComponentSafe(pair.slice(0, i))) ? `${pair.slice(0, i)}=${REDACTED}` : pair;
    })
    .join("&");
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A string with any password in it replaced: a URL's user info and secret query values, a keyword password=. */
export function redactText(s: string): string {
  let out = s;
  // A URL's secrets are its user info and query values; anything else may be libpq's keyword form.
  if (out.includes("://")) {
    out = out.replace(USERINFO, `$1${REDACTED}@`);
    const q = out.indexOf("?");
    if (q >= 0) {
      const hash = out.indexOf("#", q);
      const end = hash < 0 ? out.length : hash;
      out = out.slice(0, q + 1) + redactQuery(out.slice(q + 1, end)) + out.slice(end);
    }
  } else if (/password/i.test(out)) out = out.replace(KEYWORD_PASSWORD, `$1${REDACTED}`);
  return out;
}

/** A copy of a settings value with every secret hidden (see above); `name` is the key it is under. */
export function redactValue(v: unknown, name = ""): unknown {
  if (v === null || v === undefined) return v;
  if (name !== "" && isSecretName(name)) return REDACTED;
  if (typeof v === "string") return redactText(v);
  if (Array.isArray(v)) return v.map((x) => redactValue(x));
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = redactValue(x, k);
    return out;
  }
  return v;
}
