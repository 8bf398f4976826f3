// The site config file: defaults, DATABASE_URL, a .js config, and clear errors for bad ones.
import { describe, expect, it } from "vitest";
import { loadConfig, parseConfig } from "../config/site.js";
import { site } from "./helpers.js";

describe("site config", () => {
  it("defaults to one embedded datasource, main", async () => {
    const c = await loadConfig(site({}), {});
    expect(c.defaultDatasource).toBe("main");
    expect(c.datasources.main).toEqual({
      name: "main",
      url: null,
      directUrl: null,
      replicas: [],
      replicaMaxLagMs: 10000,
      replicaPollMs: 100,
      strategy: "pipeline",
      min: 0,
      max: 10,
      acquireTimeoutMs: 5000,
      idleTimeoutMs: 30000,
      maxWaiting: 1000,
      statementTimeoutMs: 30000,
      queryTimeoutMs: 31000,
      validateAfterIdleMs: 10000,
      // Unset: on for a direct connection, off behind a pooler (decided when it connects).
      preparedStatements: null,
      pipelineConnections: 2,
    });
  });

  it("queryTimeoutMs follows statementTimeoutMs (plus 1 s) unless set; none without a statement timeout", () => {
    const ds = (raw: Record<string, unknown>) =>
      parseConfig({ datasources: { main: raw } }, "f", {}).datasources.main!.queryTimeoutMs;
    expect([
      ds({ statementTimeoutMs: 2000 }),
      ds({ statementTimeoutMs: 0 }),
      ds({ statementTimeoutMs: 2000, queryTimeoutMs: 9000 }),
    ]).toEqual([3000, 0, 9000]);
  });

  it("DATABASE_URL overrides the default datasource only", async () => {
    const root = site({
      "quarry.config.json": JSON.stringify({
        datasources: { a: { url: "postgres://a/a" }, b: {} },
        defaultDatasource: "b",
      }),
    });
    const c = await loadConfig(root, { DATABASE_URL: "postgres://env/db" });
    expect([c.datasources.a!.url, c.datasources.b!.url]).toEqual(["postgres://a/a", "postgres://env/db"]);
  });

  it("directUrl: from the config, DATABASE_DIRECT_URL overriding the default datasource's; must be a string", async () => {
    const root = site({
      "quarry.config.json": JSON.stringify({
        datasources: { a: { url: "postgres://bouncer/a", directUrl: "postgres://pg/a" }, b: {} },
        defaultDatasource: "b",
      }),
    });
    const c = await loadConfig(root, { DATABASE_URL: "postgres://bouncer/b", DATABASE_DIRECT_URL: "postgres://pg/b" });
    expect([c.datasources.a!.directUrl, c.datasources.b!.directUrl]).toEqual(["postgres://pg/a", "postgres://pg/b"]);
    expect(() => parseConfig({ datasources: { main: { directUrl: 5 } } }, "f", {})).toThrow(
      "f: datasources.main.directUrl must be a string",
    );
  });

  it("replicas: a list of URLs from the config, DATABASE_REPLICA_URLS (space-separated) for the default datasource", async () => {
    const root = site({
      "quarry.config.json": JSON.stringify({
        datasources: { a: { replicas: ["postgres://r1/a"], replicaMaxLagMs: 500 }, b: {} },
        defaultDatasource: "b",
      }),
    });
    const c = await loadConfig(root, { DATABASE_REPLICA_URLS: " postgres://r1/b  postgres://r2:5432,r3:5432/b " });
    expect([c.datasources.a!.replicas, c.datasources.a!.replicaMaxLagMs, c.datasources.b!.replicas]).toEqual([
      ["postgres://r1/a"],
      500,
      ["postgres://r1/b", "postgres://r2:5432,r3:5432/b"],
    ]);
    expect(() => parseConfig({ datasources: { main: { replicas: "postgres://r1/a" } } }, "f", {})).toThrow(
      "f: datasources.main.replicas must be a list of postgres:// URLs",
    );
    expect(() => parseConfig({ datasources: { main: { replicaPollMs: 1 } } }, "f", {})).toThrow(
      "f: datasources.main.replicaPollMs must be an integer from 10 to 60000, got 1",
    );
  });

  it("reads quarry.config.js", async () => {
    const root = site({
      "quarry.config.js": 'export default { datasources: { main: { strategy: "single" } }, sessionTimeoutMinutes: 5 };',
    });
    const c = await loadConfig(root, {});
    expect([c.datasources.main!.strategy, c.sessionTimeoutMinutes]).toEqual(["single", 5]);
  });

  it.each([
    [
      { datasources: { main: { strategy: "fast" } } },
      'f: datasources.main.strategy must be one of pool, single, per-request, pipeline, got "fast"',
    ],
    [{ datasources: { main: { max: 0 } } }, "f: datasources.main.max must be an integer from 1 to 10000, got 0"],
    [
      { datasources: { main: { acquireTimeoutMs: 1e12 } } },
      "f: datasources.main.acquireTimeoutMs must be an integer from 1 to 86400000, got 1000000000000",
    ],
    [{ datasources: { main: { min: 5, max: 2 } } }, "f: datasources.main.min (5) is larger than max (2)"],
    [
      { datasources: { main: { strategy: "pipeline", max: 2, pipelineConnections: 3 } } },
      "f: datasources.main.pipelineConnections (3) is larger than max (2)",
    ],
    [
      { datasources: { main: { pool: 3 } } },
      "f: unknown setting datasources.main.pool (known: url, directUrl, replicas, replicaMaxLagMs, replicaPollMs, strategy, min, max, acquireTimeoutMs, idleTimeoutMs, maxWaiting, statementTimeoutMs, queryTimeoutMs, validateAfterIdleMs, preparedStatements, pipelineConnections)",
    ],
    [
      { datasources: { main: { statementTimeoutMs: 5000, queryTimeoutMs: 5000 } } },
      "f: datasources.main.queryTimeoutMs (5000) must be above statementTimeoutMs (5000), so Postgres's own limit acts first",
    ],
    [
      { datasources: { main: { preparedStatements: "no" } } },
      "f: datasources.main.preparedStatements must be true or false",
    ],
    [{ datasource: {} }, "f: unknown setting datasource (known: datasources, defaultDatasource, "],
    [{ dataDir: 3 }, "f: dataDir must be a folder path"],
    [{ dataPort: 80 }, "f: dataPort must be an integer from 1024 to 65535, got 80"],
    [{ dataPort: "5432" }, 'f: dataPort must be an integer from 1024 to 65535, got "5432"'],
    [{ defaultDatasource: "x" }, 'f: defaultDatasource "x" is not one of the datasources (main)'],
    [{ secret: "short" }, "f: secret must be a string of 16 or more characters"],
    [{ limits: { maxStringLength: 0 } }, "f: limits.maxStringLength must be an integer from 1 to 536870888, got 0"],
    [
      { limits: { maxStringLength: 1e20 } },
      "f: limits.maxStringLength must be an integer from 1 to 536870888, got 100000000000000000000",
    ],
    [{ limits: { maxCallDepth: 100000 } }, "f: limits.maxCallDepth must be an integer from 1 to 1000, got 100000"],
    [{ renderTimeoutMs: 0 }, "f: renderTimeoutMs must be an integer from 1 to 86400000, got 0"],
    ...["not-an-ip", "10.0.0.1, nope", "10.0.0.0/33", "::1/129", "1.2.3.4/8/8"].map((tp): [object, string] => [
      { trustProxy: tp },
      `f: trustProxy must be true, false, a number of hops (0 to 100), or proxy addresses (an address, a CIDR range, loopback, linklocal or uniquelocal; a string or a list), got ${JSON.stringify(tp)}`,
    ]),
    [
      { trustProxy: ["127.0.0.1", 3] },
      'f: trustProxy must be true, false, a number of hops (0 to 100), or proxy addresses (an address, a CIDR range, loopback, linklocal or uniquelocal; a string or a list), got ["127.0.0.1",3]',
    ],
    [
      { limits: { maxDepth: 3 } },
      "f: unknown setting limits.maxDepth (known: maxIterations, maxCallDepth, maxArrayLength, maxStringLength, maxOutputLength, maxJsonDepth, maxQueryRows, maxQueryBytes, maxPageBytes)",
    ],
    [{ limits: [] }, "f: limits must be an object"],
    [{ cluster: [] }, "f: cluster must be an object"],
    [
      { cluster: { locks: "node" } },
      "f: unknown setting cluster.locks (known: notify, lockScope, lockConnections, name)",
    ],
    [{ cluster: { lockScope: "site" } }, 'f: cluster.lockScope must be "node" or "cluster", got "site"'],
    [{ cluster: { notify: "yes" } }, 'f: cluster.notify must be true or false, got "yes"'],
    [{ cluster: { lockConnections: 0 } }, "f: cluster.lockConnections must be an integer from 1 to 1000, got 0"],
    [{ cluster: { name: 3 } }, "f: cluster.name must be a string of at most 100 characters"],
    [{ dev: [] }, "f: dev must be an object (known: dashboard, dashboardAllow, dashboardHosts, deliverMail)"],
    [
      { dev: { dashbord: false } },
      "f: unknown setting dev.dashbord (known: dashboard, dashboardAllow, dashboardHosts, deliverMail)",
    ],
    [{ dev: { dashboard: "no" } }, 'f: dev.dashboard must be true or false, got "no"'],
    [{ dev: { deliverMail: 1 } }, "f: dev.deliverMail must be true or false, got 1"],
    ...[["10.0.0.0/33"], "10.0.0.1", ["everyone"], ["::1/129"]].map((a): [object, string] => [
      { dev: { dashboardAllow: a } },
      `f: dev.dashboardAllow must be a list of client addresses or CIDR ranges ("192.168.1.20", "10.0.0.0/8", "fd00::/8"), got ${JSON.stringify(a)}`,
    ]),
    [
      { dev: { dashboardHosts: ["devbox.local:3000"] } },
      'f: dev.dashboardHosts must be a list of host names without a port ("devbox.local"), got ["devbox.local:3000"]',
    ],
  ])("refuses %j", (raw, message) => {
    expect(() => parseConfig(raw as Record<string, unknown>, "f", {})).toThrow(message);
  });

  it("takes the dev section, each key defaulted", () => {
    expect(parseConfig({}, "f", {}).dev).toEqual({
      dashboard: true,
      dashboardAllow: [],
      dashboardHosts: [],
      deliverMail: false,
    });
    expect(
      parseConfig(
        {
          dev: {
            dashboard: false,
            dashboardAllow: ["10.0.0.0/8", "::1"],
            dashboardHosts: ["DevBox.local"],
            deliverMail: true,
          },
        },
        "f",
        {},
      ).dev,
    ).toEqual({
      dashboard: false,
      dashboardAllow: ["10.0.0.0/8", "::1"],
      dashboardHosts: ["devbox.local"],
      deliverMail: true,
    });
  });

  it("takes the cluster section, each key defaulted", () => {
    expect(parseConfig({}, "f", {}).cluster).toEqual({ notify: null, lockScope: "node", lockConnections: 4, name: "" });
    expect(parseConfig({ cluster: { notify: false, lockScope: "cluster", name: "shop" } }, "f", {}).cluster).toEqual({
      notify: false,
      lockScope: "cluster",
      lockConnections: 4,
      name: "shop",
    });
  });

  it.each([["127.0.0.1"], ["10.0.0.0/8, loopback"], ["10.0.0.0/255.0.0.0"], [["::1", "fd00::/8", "uniquelocal"]], [2]])(
    "takes trustProxy %j",
    (tp) => {
      expect(parseConfig({ trustProxy: tp }, "f", {}).trustProxy).toEqual(tp);
    },
  );

  it("places a JSON syntax error at its line and column, with a code frame", async () => {
    const root = site({ "quarry.config.json": '{\n  "datasources": {\n    "main": { "max": 3, }\n  }\n}\n' });
    await expect(loadConfig(root, {})).rejects.toThrow(
      `${root}/quarry.config.json:3:25 JSON syntax: a property name in double quotes was expected (no trailing commas)\n` +
        '  1 | {\n  2 |   "datasources": {\n> 3 |     "main": { "max": 3, }\n    |                         ^\n  4 |   }\n  5 | }',
    );
  });

  it("lists every bad setting at once, each at its line and column", async () => {
    const root = site({
      "quarry.config.json":
        '{\n  "datasources": {\n    "main": { "max": 0, "strategy": "fast", "pool": 3 }\n  },\n  "renderTimeoutMs": "10s",\n  "logLevel": "loud"\n}\n',
    });
    const err = await loadConfig(root, {}).then(
      () => null,
      (e: unknown) => e as Error & { code: string; problems: string[] },
    );
    expect(err!.code).toBe("QRY_ERR_CONFIG");
    const f = `${root}/quarry.config.json`;
    expect(err!.problems.map((p) => p.split("\n")[0])).toEqual([
      `${f}:3:22 datasources.main.max must be an integer from 1 to 10000, got 0`,
      `${f}:3:37 datasources.main.strategy must be one of pool, single, per-request, pipeline, got "fast"`,
      `${f}:3:45 unknown setting datasources.main.pool (known: url, directUrl, replicas, replicaMaxLagMs, replicaPollMs, strategy, min, max, acquireTimeoutMs, idleTimeoutMs, maxWaiting, statementTimeoutMs, queryTimeoutMs, validateAfterIdleMs, preparedStatements, pipelineConnections)`,
      `${f}:5:22 renderTimeoutMs must be an integer from 1 to 86400000, got "10s"`,
      `${f}:6:15 logLevel must be one of trace, debug, info, warn, error, fatal, silent, got "loud"`,
    ]);
    expect(err!.problems[3]).toContain('> 5 |   "renderTimeoutMs": "10s",\n    |                      ^');
  });
});

describe("timezone and locale settings", () => {
  it("default to UTC and en-US, are canonicalised, and a bad one is a located config error", async () => {
    const ok = parseConfig({ timezone: "europe/oslo", locale: "de_CH" }, "f", {});
    expect([ok.timezone, ok.locale]).toEqual(["Europe/Oslo", "de-CH"]);
    const dflt = parseConfig({}, "f", {});
    expect([dflt.timezone, dflt.locale]).toEqual(["UTC", "en-US"]);
    expect(() => parseConfig({ timezone: "Mars/Base" }, "f", {})).toThrow(
      'f: timezone must be a time zone name such as "Europe/Oslo" or "UTC", got "Mars/Base"',
    );
    expect(() => parseConfig({ locale: 12 }, "f", {})).toThrow(
      'f: locale must be a language tag such as "en-US" or "de-CH", got 12',
    );
  });
});
