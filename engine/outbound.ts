// Which addresses dbt:http may reach. By default every public address and none of the
// machine's or its network's own: loopback, private, link-local, unique-local, carrier-grade
// NAT, multicast, reserved, and the cloud metadata services (169.254.169.254, fd00:ec2::254,
// 100.100.100.200, 192.0.0.192 all lie in those ranges). The site config's `http.allow` lets a
// site reach a named internal service, `http.deny` closes more. The rules are applied to every
// address a host name resolves to, and tags/http-client.ts connects only to those addresses.
// A leaf (node:net only): the config parser validates the rules with it.
import { BlockList, isIP, isIPv4, isIPv6 } from "node:net";

export interface OutboundSettings {
  /** Reachable even where the defaults or `deny` refuse: CIDR, address[:port] or host[:port]. */
  allow: string[];
  /** Refused, unless `allow` names it: the same forms. */
  deny: string[];
}

export const OUTBOUND_DEFAULTS: OutboundSettings = { allow: [], deny: [] };

/** The ranges refused by default, with the name an error gives them. */
const BLOCKED: [string, number, string][] = [
  ["0.0.0.0", 8, "this network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
  ["::", 96, "unspecified, loopback or IPv4-compatible"],
  ["64:ff9b:1::", 48, "local-use NAT64"],
  ["100::", 64, "discard-only"],
  ["2001::", 32, "Teredo"],
  ["fc00::", 7, "unique-local"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
];

/** Names refused before any lookup (a metadata service by its name, wherever it resolves). */
const BLOCKED_NAMES = ["metadata.google.internal", "metadata.goog", "instance-data"];

const blocked = new BlockList();
for (const [net, prefix] of BLOCKED) blocked.addSubnet(net, prefix, isIPv4(net) ? "ipv4" : "ipv6");

/** A rule of `allow` or `deny`: a range (any port), or a host name or address on one port or any. */
type Rule =
  | { kind: "range"; net: string; prefix: number; family: "ipv4" | "ipv6" }
  | { kind: "address"; address: string; port: number | null }
  | { kind: "name"; name: string; suffix: boolean; port: number | null };

const NAME = /^(\*\.)?([a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)(\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*$/;

/** Parses one rule; a string (why it is not one) for anything else. */
export function parseRule(text: unknown): Rule | string {
  const bad = `must be a CIDR range ("10.0.0.0/8"), an address ("10.1.2.3", "[fd00::1]:8080") or a host name ("api.internal", "*.corp.example:443"), got ${JSON.stringify(text)}`;
  if (typeof text !== "string") return bad;
  const t = text.trim().toLowerCase();
  const slash = /^\[?([0-9a-f.:]+)\]?\/(\d{1,3})$/.exec(t);
  if (slash) {
    const family = isIP(slash[1]!);
    const prefix = Number(slash[2]);
    if (family === 0 || prefix > (family === 4 ? 32 : 128)) return bad;
    return { kind: "range", net: slash[1]!, prefix, family: family === 4 ? "ipv4" : "ipv6" };
  }
  let host = t;
  let port: number | null = null;
  const bracketed = /^\[([0-9a-f.:]+)\](?::(\d+))?$/.exec(t);
  const withPort = /^([^:]+):(\d+)$/.exec(t);
  if (bracketed) [host, port] = [bracketed[1]!, bracketed[2] === undefined ? null : Number(bracketed[2])];
  else if (withPort) [host, port] = [withPort[1]!, Number(withPort[2])];
  if (port !== null && !(port >= 1 && port <= 65535)) return bad;
  if (isIP(host)) return { kind: "address", address: canonical(host), port };
  if (bracketed) return bad;
  const name = host.replace(/\.$/, "");
  if (!NAME.test(name) || /^[\d.]+$/.test(name.replace(/^\*\./, ""))) return bad;
  return name.startsWith("*.")
    ? { kind: "name", name: name.slice(1), suffix: true, port }
    : { kind: "name", name, suffix: false, port };
}

/** An address in one spelling: IPv6 as the URL parser writes it ("::ffff:7f00:1"). */
function canonical(address: string): string {
  return isIPv6(address) ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
}

/** The 16 bytes of an IPv6 address. */
function v6Bytes(address: string): number[] {
  const [head, tail] = canonical(address).split("::") as [string, string | undefined];
  const words = (s: string | undefined) => (s ? s.split(":").map((w) => parseInt(w, 16)) : []);
  const a = words(head);
  const b = words(tail);
  const all = tail === undefined ? a : [...a, ...Array<number>(8 - a.length - b.length).fill(0), ...b];
  return all.flatMap((w) => [w >> 8, w & 255]);
}

/**
 * The IPv4 address an IPv6 address carries to an IPv4 host (IPv4-mapped ::ffff:a.b.c.d, NAT64
 * 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::), or null: those are judged as that IPv4 address.
 */
export function embeddedIPv4(address: string): string | null {
  if (!isIPv6(address)) return null;
  const b = v6Bytes(address);
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 10) && b[10] === 255 && b[11] === 255) return b.slice(12).join(".");
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return b.slice(12).join(".");
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6).join(".");
  return null;
}

/** Why an address is refused by default (the range's name), or null. */
export function defaultRefusal(address: string): string | null {
  const v4 = embeddedIPv4(address);
  const a = v4 ?? address;
  const family = isIPv4(a) ? "ipv4" : "ipv6";
  if (!blocked.check(a, family)) return null;
  for (const [net, prefix, name] of BLOCKED) {
    const one = new BlockList();
    if ((isIPv4(net) ? "ipv4" : "ipv6") !== family) continue;
    one.addSubnet(net, prefix, family);
    if (one.check(a, family)) return `${name} (${net}/${prefix})`;
  }
  return "reserved";
}

/** The host as a rule compares it: lower case, no brackets, no final dot. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}

export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

class Rules {
  private readonly ranges = new BlockList();
  private readonly rules: Rule[];
  constructor(texts: string[]) {
    this.rules = texts.map((t) => {
      const r = parseRule(t);
      if (typeof r === "string") throw new Error(`http rule ${r}`);
      if (r.kind === "range") this.ranges.addSubnet(r.net, r.prefix, r.family);
      return r;
    });
  }
  /** Does a rule name this host (before any lookup)? */
  name(host: string, port: number): boolean {
    return this.rules.some(
      (r) =>
        r.kind === "name" &&
        (r.port === null || r.port === port) &&
        (r.suffix ? host.endsWith(r.name) : host === r.name),
    );
  }
  /** Does a rule take this address (a range, or the address on its port)? */
  address(address: string, port: number): boolean {
    const forms = [canonical(address)];
    const v4 = embeddedIPv4(address);
    if (v4) forms.push(v4);
    return forms.some(
      (a) =>
        this.ranges.check(a, isIPv4(a) ? "ipv4" : "ipv6") ||
        this.rules.some((r) => r.kind === "address" && r.address === a && (r.port === null || r.port === port)),
    );
  }
}

/** The site's outbound rules: what dbt:http may connect to. */
export class OutboundPolicy {
  private readonly allow: Rules;
  private readonly deny: Rules;
  constructor(settings: OutboundSettings = OUTBOUND_DEFAULTS) {
    this.allow = new Rules(settings.allow);
    this.deny = new Rules(settings.deny);
  }

  /** Why this host may not be asked at all (a name `deny` or the defaults refuse), or null. */
  refuseName(host: string, port: number): string | null {
    if (this.allow.name(host, port)) return null;
    if (this.deny.name(host, port)) return "named by http.deny";
    if (BLOCKED_NAMES.includes(host)) return "a cloud metadata service";
    return null;
  }

  /**
   * Why `host` (as the URL names it) on `port` may not be reached at `address` (one it
   * resolves to), or null. An allow rule wins over deny, and both over the defaults.
   */
  refuseAddress(host: string, port: number, address: string): string | null {
    if (this.allow.name(host, port) || this.allow.address(address, port)) return null;
    if (this.deny.address(address, port)) return "named by http.deny";
    return defaultRefusal(address);
  }
}
