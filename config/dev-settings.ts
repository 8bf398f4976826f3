// The `dev` section of the site config: what only `quarry dev` reads — who may open the dev
// dashboard at /_quarry/ (server/dashboard/) and whether dbt:mail is delivered or caught in the
// dashboard's outbox. Every key is optional; docs/server.md ("Dev dashboard") documents them.
import { isIP } from "node:net";
import { ConfigError } from "../engine/errors.js";

export interface DevSettings {
  /** Serve the dev dashboard at /_quarry/ under quarry dev (default true). */
  dashboard: boolean;
  /** Client addresses (an address or a CIDR range) that may open the dashboard besides loopback ones. */
  dashboardAllow: string[];
  /**
   * Host names the dashboard answers to besides localhost (and *.localhost) and IP addresses:
   * a name that is not listed may be a DNS-rebinding page in the developer's browser.
   */
  dashboardHosts: string[];
  /** Deliver dbt:mail through the `mail` section's SMTP server under quarry dev too (default false: caught). */
  deliverMail: boolean;
}

export const DEV_DEFAULTS: DevSettings = {
  dashboard: true,
  dashboardAllow: [],
  dashboardHosts: [],
  deliverMail: false,
};

/** An address or a CIDR range (address/bits) as node:net's BlockList takes it. */
export function addressRange(entry: string): { address: string; bits: number | null; family: 4 | 6 } | null {
  const [address, bits, ...rest] = entry.split("/");
  const f = isIP(address ?? "");
  if (f === 0 || rest.length > 0) return null;
  const family = f === 4 ? 4 : 6;
  if (bits === undefined) return { address: address!, bits: null, family };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)) return null;
  return { address: address!, bits: Number(bits), family };
}

/** Parses the section; each problem goes to `problem`. */
export function parseDevSettings(raw: unknown, file: string, problem: (err: ConfigError) => void): DevSettings {
  const out: DevSettings = { ...DEV_DEFAULTS, dashboardAllow: [], dashboardHosts: [] };
  if (raw === undefined) return out;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    problem(new ConfigError(`${file}: dev must be an object (known: ${Object.keys(DEV_DEFAULTS).join(", ")})`));
    return out;
  }
  const d = raw as Record<string, unknown>;
  for (const k of Object.keys(d))
    if (!(k in DEV_DEFAULTS))
      problem(new ConfigError(`${file}: unknown setting dev.${k} (known: ${Object.keys(DEV_DEFAULTS).join(", ")})`));
  for (const k of ["dashboard", "deliverMail"] as const) {
    if (d[k] === undefined) continue;
    if (typeof d[k] === "boolean") out[k] = d[k];
    else problem(new ConfigError(`${file}: dev.${k} must be true or false, got ${JSON.stringify(d[k])}`));
  }
  if (d.dashboardAllow !== undefined) {
    const list = d.dashboardAllow;
    if (Array.isArray(list) && list.every((e) => typeof e === "string" && addressRange(e.trim()) !== null))
      out.dashboardAllow = list.map((e: string) => e.trim());
    else
      problem(
        new ConfigError(
          `${file}: dev.dashboardAllow must be a list of client addresses or CIDR ranges ("192.168.1.20", "10.0.0.0/8", "fd00::/8"), got ${JSON.stringify(list)}`,
        ),
      );
  }
  if (d.dashboardHosts !== undefined) {
    const list = d.dashboardHosts;
    if (
      Array.isArray(list) &&
      list.every((e) => typeof e === "string" && /^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$/.test(e))
    )
      out.dashboardHosts = list.map((e: string) => e.toLowerCase());
    else
      problem(
        new ConfigError(
          `${file}: dev.dashboardHosts must be a list of host names without a port ("devbox.local"), got ${JSON.stringify(list)}`,
        ),
      );
  }
  return out;
}
