// dbt:http's outbound rules over real HTTP, in both modes: a page that fetches a visitor's URL
// reaches no loopback, private, link-local or metadata address in any spelling (decimal, hex,
// octal, short forms, IPv4-mapped IPv6, NAT64, names that resolve there) nor through a redirect
// from a server it may reach; a refused address is never connected to, and the refusal reads
// the same for an open and a closed port. The site's http.allow reaches an internal service.
import { createServer, type Server as NodeServer } from "node:http";
import type { AddressInfo } from "node:net";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { database, startServer, type Server } from "./http.js";

/** A loopback server that counts the connections made to it. */
async function listen(
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: NodeServer; port: number; connections: () => number }> {
  const server = createServer(handler);
  let n = 0;
  server.on("connection", () => n++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as AddressInfo).port, connections: () => n };
}

async function close(server: NodeServer): Promise<void> {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

// The page fetches what the visitor asks for and prints the outcome, or the error it caught.
const PAGE = `<dbt:param name="url.m" default="get"><dbt:try><dbt:if url.m EQ "post"><dbt:http url="#url.u#" method="post"><dbt:httpparam type="body" value="b"></dbt:http><dbt:else><dbt:http url="#url.u#" /></dbt:if><dbt:output>#cfhttp.status_code# #cfhttp.fileContent#</dbt:output><dbt:catch type="http"><dbt:output>#error.code# #error.message#</dbt:output></dbt:catch></dbt:try>`;

let secret: Awaited<ReturnType<typeof listen>>;
let allowed: Awaited<ReturnType<typeof listen>>;
let closedPort: number;
let url: string;

beforeAll(async () => {
  // Nothing may reach it: every connection is a break.
  secret = await listen((_req, res) => res.end("SECRET"));
  // The internal service the site allows: answers, and redirects wherever it is told to.
  allowed = await listen((req, res) => {
    const u = new URL(req.url!, "http://x");
    const to = u.searchParams.get("to");
    if (u.pathname === "/redirect" && to) {
      res.writeHead(Number(u.searchParams.get("code") ?? "302"), { location: to });
      return res.end();
    }
    res.end(`allowed ${req.method} ${u.pathname}`);
  });
  const gone = await listen(() => {});
  closedPort = gone.port;
  await close(gone.server);
  url = await createDatabase([]);
});
afterAll(async () => {
  await close(secret.server);
  await close(allowed.server);
});

/** The forms of a loopback address the secret server listens on (port S). */
const loopbackForms = (s: number): string[] => [
  `http://127.0.0.1:${s}/`,
  `http://localhost:${s}/`,
  `http://LOCALHOST:${s}/`,
  `http://localhost.:${s}/`,
  `http://[::1]:${s}/`,
  `http://2130706433:${s}/`,
  `http://0x7f000001:${s}/`,
  `http://0177.0.0.1:${s}/`,
  `http://017700000001:${s}/`,
  `http://0x7f.0x0.0x0.0x1:${s}/`,
  `http://127.000.000.001:${s}/`,
  `http://127.1:${s}/`,
  `http://127.0.1:${s}/`,
  `http://127.127.127.127:${s}/`,
  `http://%31%32%37.0.0.1:${s}/`,
  `http://①②⑦.0.0.1:${s}/`,
  `http://0:${s}/`,
  `http://0.0.0.0:${s}/`,
  `http://[::]:${s}/`,
  `http://[::ffff:127.0.0.1]:${s}/`,
  `http://[::ffff:7f00:1]:${s}/`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${s}/`,
  `http://[::127.0.0.1]:${s}/`,
  `http://[64:ff9b::127.0.0.1]:${s}/`,
  `http://[2002:7f00:1::]:${s}/`,
  `http://user:pw@127.0.0.1:${s}/`,
  `https://127.0.0.1:${s}/`,
];

/** Private, link-local, unique-local, CGNAT, multicast and metadata addresses (no port needed: never connected). */
const otherForms = [
  "http://10.0.0.1/",
  "http://172.16.0.1/",
  "http://172.31.255.255/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::ffff:169.254.169.254]/",
  "http://100.100.100.200/",
  "http://192.0.0.192/",
  "http://metadata.google.internal/computeMetadata/v1/",
  "http://[fe80::1]/",
  "http://[fd00:ec2::254]/",
  "http://[fc00::1]/",
  "http://224.0.0.1/",
  "http://[ff02::1]/",
  "http://255.255.255.255/",
];

describe.each(MODES)("dbt:http's outbound rules over HTTP (%s)", (mode) => {
  let server: Server;
  let root: string;
  const get = async (u: string, m = "get") => {
    const res = await fetch(`${server.base}/fetch?u=${encodeURIComponent(u)}&m=${m}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  beforeAll(async () => {
    root = site({ "fetch.dbt": PAGE });
    // The internal service is allowed by address and port; the secret server's port is not.
    writeFileSync(
      join(root, "quarry.config.json"),
      JSON.stringify({ http: { allow: [`127.0.0.1:${allowed.port}`], deny: ["8.8.8.0/24", "*.blocked.example"] } }),
    );
    server = await startServer({ root, mode, database: database(url) });
  });
  afterAll(async () => {
    await server.close();
  });

  it("reaches the service http.allow names", async () => {
    expect(await get(`http://127.0.0.1:${allowed.port}/hello`)).toBe("200 allowed GET /hello");
    // A redirect that stays on the allowed service is followed.
    expect(await get(`http://127.0.0.1:${allowed.port}/redirect?to=/there`)).toBe("200 allowed GET /there");
  });

  it("refuses every spelling of loopback without connecting, and reads the same for an open and a closed port", async () => {
    const before = secret.connections();
    const forms = loopbackForms(secret.port);
    for (const u of forms) {
      const out = await get(u);
      expect(out, u).toMatch(/^QRY_ERR_HTTP_DENIED dbt:http: http(s)?:\/\/\S+ may not be reached from this site: /);
      // The same words for a port nothing listens on.
      const closed = await get(u.replace(`:${secret.port}/`, `:${closedPort}/`));
      expect(closed.replaceAll(String(closedPort), "PORT"), u).toBe(out.replaceAll(String(secret.port), "PORT"));
    }
    expect(secret.connections()).toBe(before);
    expect(await get(`http://127.0.0.1:${secret.port}/`)).toBe(
      `QRY_ERR_HTTP_DENIED dbt:http: http://127.0.0.1:${secret.port} may not be reached from this site: 127.0.0.1 is loopback (127.0.0.0/8); http.allow in the site config can allow it`,
    );
    expect(await get(`http://localhost:${secret.port}/`)).toBe(
      `QRY_ERR_HTTP_DENIED dbt:http: http://localhost:${secret.port} may not be reached from this site: localhost resolves to 127.0.0.1, loopback (127.0.0.0/8); http.allow in the site config can allow it`,
    );
    expect(await get(`http://[::ffff:127.0.0.1]:${secret.port}/`)).toBe(
      `QRY_ERR_HTTP_DENIED dbt:http: http://[::ffff:7f00:1]:${secret.port} may not be reached from this site: ::ffff:7f00:1 is loopback (127.0.0.0/8); http.allow in the site config can allow it`,
    );
  });

  it("refuses private, link-local, unique-local, CGNAT, multicast and metadata addresses", async () => {
    for (const u of otherForms) expect(await get(u), u).toMatch(/^QRY_ERR_HTTP_DENIED /);
    expect(await get("http://169.254.169.254/latest/meta-data/")).toBe(
      "QRY_ERR_HTTP_DENIED dbt:http: http://169.254.169.254 may not be reached from this site: 169.254.169.254 is link-local (169.254.0.0/16); http.allow in the site config can allow it",
    );
  });

  it("refuses what http.deny names, before any lookup or connection", async () => {
    expect(await get("http://8.8.8.8/")).toBe(
      "QRY_ERR_HTTP_DENIED dbt:http: http://8.8.8.8 may not be reached from this site: 8.8.8.8 is named by http.deny; http.allow in the site config can allow it",
    );
    expect(await get("http://api.blocked.example/")).toMatch(
      /^QRY_ERR_HTTP_DENIED .*api\.blocked\.example is named by http\.deny/,
    );
  });

  it("checks every redirect: 301, 302, 303, 307 and 308 from the allowed service to loopback are refused", async () => {
    const before = secret.connections();
    const targets = [
      `http://127.0.0.1:${secret.port}/`,
      `http://localhost:${secret.port}/`,
      `http://[::1]:${secret.port}/`,
      `http://2130706433:${secret.port}/`,
      `//127.0.0.1:${secret.port}/`,
      `http://[::ffff:127.0.0.1]:${secret.port}/`,
    ];
    for (const code of [301, 302, 303, 307, 308]) {
      for (const to of targets) {
        const hop = `http://127.0.0.1:${allowed.port}/redirect?code=${code}&to=${encodeURIComponent(to)}`;
        for (const m of ["get", "post"])
          expect(await get(hop, m), `${code} ${to} ${m}`).toMatch(/^QRY_ERR_HTTP_DENIED /);
      }
    }
    // Two hops: allowed → allowed → loopback.
    const inner = `/redirect?code=307&to=${encodeURIComponent(`http://127.0.0.1:${secret.port}/`)}`;
    expect(await get(`http://127.0.0.1:${allowed.port}/redirect?code=302&to=${encodeURIComponent(inner)}`)).toMatch(
      /^QRY_ERR_HTTP_DENIED dbt:http: http:\/\/127\.0\.0\.1:\d+ may not be reached/,
    );
    expect(secret.connections()).toBe(before);
  });
});

describe("http.allow reaches an internal service by range or by name", () => {
  it("a CIDR allow and a host:port allow", async () => {
    for (const allow of [["127.0.0.0/8"], [`localhost:${secret.port}`], ["127.0.0.1"]]) {
      const root = site({ "fetch.dbt": PAGE });
      writeFileSync(join(root, "quarry.config.json"), JSON.stringify({ http: { allow } }));
      const server = await startServer({ root, mode: "compiled", database: database(url) });
      try {
        const u = allow[0]!.startsWith("localhost")
          ? `http://localhost:${secret.port}/`
          : `http://127.0.0.1:${secret.port}/`;
        const res = await fetch(`${server.base}/fetch?u=${encodeURIComponent(u)}`);
        expect(await res.text(), allow[0]).toBe("200 SECRET");
      } finally {
        await server.close();
      }
    }
  });
});

describe("quarry render", () => {
  it("keeps the same rules, with the site config's http.allow", async () => {
    const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
    const root = site({
      "fetch.dbt": PAGE,
      "data.json": JSON.stringify({ url: { u: `http://127.0.0.1:${secret.port}/` } }),
    });
    const render = () =>
      promisify(execFile)(process.execPath, [
        bin,
        "render",
        join(root, "fetch.dbt"),
        "--data",
        join(root, "data.json"),
      ]);
    expect((await render()).stdout).toMatch(/^QRY_ERR_HTTP_DENIED /);
    writeFileSync(join(root, "quarry.config.json"), JSON.stringify({ http: { allow: [`127.0.0.1:${secret.port}`] } }));
    expect((await render()).stdout).toBe("200 SECRET");
  });
});
