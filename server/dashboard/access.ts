// Who may open the dev dashboard: a client on this machine (loopback), or one the config's
// dev.dashboardAllow names; asking by a host name that is localhost, an IP address or one of
// dev.dashboardHosts (a page in the developer's browser whose own name was re-pointed at
// 127.0.0.1, DNS rebinding, must not read the dashboard as its own origin). A request that a
// proxy on this machine passes on names its client in X-Forwarded-For or Forwarded: every
// address named there must be allowed too, whether trustProxy believes them or not.
import { BlockList, isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import { addressRange, type DevSettings } from "../../config/dev-settings.js";

export class DashboardAccess {
  private readonly allowed = new BlockList();
  private readonly hosts: Set<string>;

  constructor(settings: Pick<DevSettings, "dashboardAllow" | "dashboardHosts">) {
    this.allowed.addSubnet("127.0.0.0", 8, "ipv4");
    this.allowed.addAddress("::1", "ipv6");
    for (const entry of settings.dashboardAllow) {
      const r = addressRange(entry)!;
      const type = r.family === 4 ? "ipv4" : "ipv6";
      if (r.bits === null) this.allowed.addAddress(r.address, type);
      else this.allowed.addSubnet(r.address, r.bits, type);
    }
    this.hosts = new Set(settings.dashboardHosts);
  }

  /** May this address open the dashboard? (IPv4-mapped IPv6 addresses count as their IPv4 address.) */
  allows(address: string | undefined): boolean {
    if (!address) return false;
    const family = isIP(address);
    if (family === 0) return false;
    return this.allowed.check(address, family === 4 ? "ipv4" : "ipv6");
  }

  /** Why `req` may not see the dashboard, or null when it may. */
  refusal(req: FastifyRequest): string | null {
    const named = [req.socket.remoteAddress, req.ip, ...forwarded(req)];
    const stranger = named.find((a) => !this.allows(a));
    if (stranger !== undefined)
      return `The dev dashboard answers only this machine (loopback) and the addresses of dev.dashboardAllow; not ${stranger ?? "an unknown client"}`;
    const host = hostName(req.headers.host);
    if (
      host === null ||
      !(host === "localhost" || host.endsWith(".localhost") || isIP(host) !== 0 || this.hosts.has(host))
    )
      return `The dev dashboard answers only to localhost, an IP address or a name of dev.dashboardHosts; not ${JSON.stringify(req.headers.host ?? "")}`;
    return null;
  }
}

/** The host name of a Host header, lower-case, without its port or an IPv6 address's brackets. */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const h = header.trim().toLowerCase();
  if (h.startsWith("[")) {
    const end = h.indexOf("]");
    return end > 0 ? h.slice(1, end) : null;
  }
  const colon = h.indexOf(":");
  return colon < 0 ? h : h.slice(0, colon);
}

/** Every client address a proxy named: X-Forwarded-For's list and Forwarded's for= values. */
function forwarded(req: FastifyRequest): string[] {
  const out: string[] = [];
  const xff = req.headers["x-forwarded-for"];
  for (const line of Array.isArray(xff) ? xff : xff ? [xff] : []) for (const a of line.split(",")) out.push(a.trim());
  const fwd = req.headers.forwarded;
  if (fwd)
    for (const part of fwd.split(/[,;]/)) {
      const [k, v] = part.split("=");
      if (k?.trim().toLowerCase() !== "for" || v === undefined) continue;
      let a = v.trim().replace(/^"|"$/g, "");
      // for="[2001:db8::1]:4711", for=192.0.2.60:8080
      if (a.startsWith("[")) a = a.slice(1, a.indexOf("]") > 0 ? a.indexOf("]") : undefined);
      else if (a.includes(".") && a.includes(":")) a = a.slice(0, a.indexOf(":"));
      out.push(a);
    }
  return out;
}
