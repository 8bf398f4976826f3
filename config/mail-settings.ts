// The `mail` section of the site config: the SMTP server dbt:mail sends through. Without the
// section a site sends no mail (dbt:mail fails with QRY_ERR_MAIL). docs/server.md documents
// every key.
import { ConfigError } from "../engine/errors.js";

export interface MailSettings {
  host: string;
  /** Default 465 with `secure`, else 587. */
  port: number;
  /** TLS from the first byte (port 465); false: plain, upgraded with STARTTLS when offered. */
  secure: boolean;
  /** Refuse to send when the server offers no STARTTLS. */
  requireTLS: boolean;
  auth: { user: string; pass: string } | null;
  /** The sender when dbt:mail gives no `from`. */
  from: string | null;
  /** Connecting, the greeting and each SMTP command: how long each may take. */
  timeoutMs: number;
}

const KEYS = ["host", "port", "secure", "requireTLS", "auth", "from", "timeoutMs"];

/** Parses the section; `raw` undefined or null means no mail. Each problem goes to `problem`. */
export function parseMailSettings(
  raw: unknown,
  file: string,
  problem: (err: ConfigError) => void,
): MailSettings | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "object" || Array.isArray(raw)) {
    problem(
      new ConfigError(`${file}: mail must be an object with the SMTP server's host (and port, secure, auth, from)`),
    );
    return null;
  }
  const m = raw as Record<string, unknown>;
  for (const k of Object.keys(m))
    if (!KEYS.includes(k)) problem(new ConfigError(`${file}: unknown setting mail.${k} (known: ${KEYS.join(", ")})`));
  const bool = (k: string): boolean => {
    if (m[k] === undefined) return false;
    if (typeof m[k] === "boolean") return m[k];
    problem(new ConfigError(`${file}: mail.${k} must be true or false, got ${JSON.stringify(m[k])}`));
    return false;
  };
  let host = "";
  if (typeof m.host !== "string" || !/^[^\s/]+$/.test(m.host))
    problem(
      new ConfigError(
        `${file}: mail.host must be the SMTP server's host name or address, got ${JSON.stringify(m.host)}`,
      ),
    );
  else host = m.host;
  const secure = bool("secure");
  let port = secure ? 465 : 587;
  if (m.port !== undefined) {
    if (typeof m.port !== "number" || !Number.isInteger(m.port) || m.port < 1 || m.port > 65535)
      problem(
        new ConfigError(`${file}: mail.port must be a port number from 1 to 65535, got ${JSON.stringify(m.port)}`),
      );
    else port = m.port;
  }
  let auth: MailSettings["auth"] = null;
  if (m.auth !== undefined && m.auth !== null) {
    const a = m.auth as Record<string, unknown>;
    const ok =
      typeof a === "object" &&
      !Array.isArray(a) &&
      typeof a.user === "string" &&
      typeof a.pass === "string" &&
      Object.keys(a).every((k) => k === "user" || k === "pass");
    if (!ok) problem(new ConfigError(`${file}: mail.auth must be {"user": "…", "pass": "…"}`));
    else auth = { user: a.user as string, pass: a.pass as string };
  }
  let from: string | null = null;
  if (m.from !== undefined) {
    if (typeof m.from !== "string" || m.from.trim() === "" || /[\r\n\0]/.test(m.from))
      problem(new ConfigError(`${file}: mail.from must be an address such as "Shop <shop@example.com>", on one line`));
    else from = m.from;
  }
  let timeoutMs = 30_000;
  if (m.timeoutMs !== undefined) {
    if (typeof m.timeoutMs !== "number" || !Number.isInteger(m.timeoutMs) || m.timeoutMs < 1)
      problem(
        new ConfigError(`${file}: mail.timeoutMs must be an integer of 1 or more, got ${JSON.stringify(m.timeoutMs)}`),
      );
    else timeoutMs = m.timeoutMs;
  }
  return { host, port, secure, requireTLS: bool("requireTLS"), auth, from, timeoutMs };
}
