// DNS rebinding: a name that resolves to an allowed address when checked and to loopback when
// asked again must be connected to at the address that was checked. The resolver is replaced
// in this process (both node:dns's callback lookup, which a second lookup by net would use,
// and node:dns/promises's, which the check uses), so the test needs no DNS server.
import dns from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { syncBuiltinESMExports } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cfhttpResult, httpFetch } from "../tags/http-client.js";
import { OutboundPolicy } from "../engine/outbound.js";

const NAME = "rebind.quarry.test";
const real = { lookup: dns.lookup, promises: dns.promises.lookup };
let asked = 0;
const servers: Server[] = [];
let port = 0;

async function listen(host: string, body: string, at = 0): Promise<number> {
  const s = createServer((_req, res) => res.end(body));
  servers.push(s);
  await new Promise<void>((r) => s.listen(at, host, r));
  return (s.address() as AddressInfo).port;
}

beforeAll(async () => {
  // The checked address and the one a second lookup would give, on one port.
  port = await listen("127.0.0.3", "checked");
  await listen("127.0.0.1", "SECRET", port);
  const answer = () => (asked++ === 0 ? "127.0.0.3" : "127.0.0.1");
  const promisesLookup = (async (host: string, opts: unknown) => {
    if (host !== NAME) return (real.promises as (h: string, o: unknown) => Promise<unknown>)(host, opts);
    return [{ address: answer(), family: 4 }];
  }) as typeof dns.promises.lookup;
  const callbackLookup = ((host: string, opts: unknown, cb: (...a: unknown[]) => void) => {
    if (host !== NAME) return (real.lookup as (...a: unknown[]) => void)(host, opts, cb);
    const address = answer();
    const all = typeof opts === "object" && opts !== null && (opts as { all?: boolean }).all;
    process.nextTick(() => (all ? cb(null, [{ address, family: 4 }]) : cb(null, address, 4)));
  }) as typeof dns.lookup;
  dns.promises.lookup = promisesLookup;
  dns.lookup = callbackLookup;
  syncBuiltinESMExports();
});
afterAll(async () => {
  dns.lookup = real.lookup;
  dns.promises.lookup = real.promises;
  syncBuiltinESMExports();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe("dbt:http's client and DNS rebinding", () => {
  it("connects to the address it checked, never to what a second lookup answers", async () => {
    const policy = new OutboundPolicy({ allow: ["127.0.0.3"], deny: [] });
    const r = await httpFetch({
      url: `http://${NAME}:${port}/`,
      method: "GET",
      headers: [],
      body: null,
      timeoutMs: 10_000,
      maxBytes: 1000,
      redirect: true,
      signal: null,
      policy,
    });
    expect([cfhttpResult(r).fileContent, asked]).toEqual(["checked", 1]);
  });
});
