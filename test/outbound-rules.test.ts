// dbt:http's outbound rules (engine/outbound.ts) on their own: embedded IPv4 addresses, the
// order of allow, deny and the defaults, the forms a rule may take, and located config errors.
// Over real HTTP: test/http-outbound.test.ts.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { OutboundPolicy, defaultRefusal, embeddedIPv4, parseRule } from "../engine/outbound.js";
import { loadConfig } from "../config/site.js";
import { codes } from "../engine/errors.js";

describe("the rules", () => {
  it("judges embedded IPv4 addresses as IPv4", () => {
    expect(embeddedIPv4("::ffff:7f00:1")).toBe("127.0.0.1");
    expect(embeddedIPv4("64:ff9b::a00:1")).toBe("10.0.0.1");
    expect(embeddedIPv4("2002:c0a8:101::1")).toBe("192.168.1.1");
    expect(embeddedIPv4("2606:4700::1")).toBe(null);
    expect(defaultRefusal("::ffff:a9fe:a9fe")).toBe("link-local (169.254.0.0/16)");
    expect(defaultRefusal("93.184.215.14")).toBe(null);
    expect(defaultRefusal("2606:4700::1111")).toBe(null);
  });

  it("an allow wins over deny and the defaults; deny closes a public address", () => {
    const p = new OutboundPolicy({
      allow: ["10.1.0.0/16", "[fd00::5]:8443", "*.corp.example:443"],
      deny: ["10.0.0.0/8", "1.1.1.1"],
    });
    expect(p.refuseAddress("x", 80, "10.1.2.3")).toBe(null);
    expect(p.refuseAddress("x", 80, "10.2.0.1")).toBe("named by http.deny");
    expect(p.refuseAddress("x", 8443, "fd00::5")).toBe(null);
    expect(p.refuseAddress("x", 8444, "fd00::5")).toBe("unique-local (fc00::/7)");
    expect(p.refuseAddress("api.corp.example", 443, "192.168.0.9")).toBe(null);
    expect(p.refuseAddress("api.corp.example", 80, "192.168.0.9")).toBe("private (192.168.0.0/16)");
    expect(p.refuseAddress("x", 443, "1.1.1.1")).toBe("named by http.deny");
  });

  it("refuses a rule that is none of the forms", () => {
    for (const bad of ["", "10.0.0.0/33", "::1/129", "host:0", "host:70000", "1.2.3", "[name]:80", "a b", 7])
      expect(typeof parseRule(bad), String(bad)).toBe("string");
  });

  it("a bad http section is a located QRY_ERR_CONFIG", async () => {
    const root = site({});
    writeFileSync(
      join(root, "quarry.config.json"),
      '{\n  "http": {\n    "allow": ["10.0.0.0/8", "10.0.0.0/99"],\n    "deny": "x",\n    "other": 1\n  }\n}\n',
    );
    const err = await loadConfig(root).then(
      () => null,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(err?.code).toBe(codes.CONFIG);
    const lines = err!.message.split("\n").filter((l) => l.startsWith(root));
    const file = join(root, "quarry.config.json");
    expect(lines).toEqual([
      `${file}:3:29 http.allow.1 must be a CIDR range ("10.0.0.0/8"), an address ("10.1.2.3", "[fd00::1]:8080") or a host name ("api.internal", "*.corp.example:443"), got "10.0.0.0/99"`,
      `${file}:4:13 http.deny must be a list, got "x"`,
      `${file}:5:5 unknown setting http.other (known: allow, deny)`,
    ]);
  });
});
