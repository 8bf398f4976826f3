// dbt:cache over real HTTP in both modes: a fragment is kept per URL (path and query string)
// or per key across pages, action="flush" forgets, and quarry dev forgets every fragment when a
// template changes. The query cache's own flushes ride along: cachedwithin="0" refreshes one
// query, queryCacheFlush() forgets them all.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { database, sleep, startServer, until, type Server } from "./http.js";

const FILES = {
  "_db/001.sql": "CREATE TABLE t (n int); INSERT INTO t VALUES (1);",
  "_application.dbt": `<dbt:set application.runs = 0><dbt:set application.rest = 0>`,
  "rest.dbt": `<dbt:output>head #application.rest#|</dbt:output><dbt:cache cachedwithin="1h" /><dbt:set application.rest = application.rest + 1><dbt:output>rest #url.id# #application.rest#</dbt:output>`,
  "p.dbt": `<dbt:cache cachedwithin="1h"><dbt:set application.runs = application.runs + 1><dbt:output>id #url.id# run #application.runs#</dbt:output></dbt:cache>`,
  "a.dbt": `<dbt:cache key="nav"><dbt:output>nav by a</dbt:output></dbt:cache>`,
  "b.dbt": `<dbt:cache key="nav"><dbt:output>nav by b</dbt:output></dbt:cache>`,
  "flush.dbt": `<dbt:cache action="flush">flushed`,
  "q.dbt": `<dbt:query name="q" cachedwithin="#url.c#">SELECT max(n) AS n FROM t</dbt:query><dbt:output>#q.n#</dbt:output>`,
  "w.dbt": `<dbt:query>INSERT INTO t VALUES (#url.n#)</dbt:query>`,
  "qf.dbt": `<dbt:output>#queryCacheFlush()#</dbt:output>`,
};

const get = async (base: string, path: string) => (await fetch(base + path)).text();

describe.each(["compiled", "interpreted"] as const)("dbt:cache over HTTP (%s)", (mode) => {
  let server: Server;
  beforeAll(async () => {
    const root = site(FILES);
    server = await startServer({
      root,
      mode,
      database: database(await createDatabase([join(root, "_db/001.sql")], "cachetag")),
    });
  });
  afterAll(() => server.close());

  it("keeps a fragment per URL, shares one key between pages, and forgets them on flush", async () => {
    const b = server.base;
    expect([
      await get(b, "/p?id=1"),
      await get(b, "/p?id=1"),
      await get(b, "/p?id=2"),
      await get(b, "/p?id=1"),
    ]).toEqual(["id 1 run 1", "id 1 run 1", "id 2 run 2", "id 1 run 1"]);
    expect([await get(b, "/a"), await get(b, "/b")]).toEqual(["nav by a", "nav by a"]);
    expect(await get(b, "/flush")).toBe("flushed");
    expect([await get(b, "/p?id=1"), await get(b, "/b")]).toEqual(["id 1 run 3", "nav by b"]);
  });

  it("caches the rest of the page after <dbt:cache … />, per URL; what comes before runs every time", async () => {
    const b = server.base;
    expect([
      await get(b, "/rest?id=1"),
      await get(b, "/rest?id=1"),
      await get(b, "/rest?id=2"),
      await get(b, "/rest?id=1"),
    ]).toEqual(["head 0|rest 1 1", "head 1|rest 1 1", "head 1|rest 2 2", "head 2|rest 1 1"]);
  });

  it("refreshes one cached query with cachedwithin=0 and forgets all with queryCacheFlush()", async () => {
    const b = server.base;
    expect(await get(b, "/q?c=1h")).toBe("1");
    await get(b, "/w?n=2");
    expect(await get(b, "/q?c=1h")).toBe("1");
    expect(await get(b, "/q?c=0")).toBe("2");
    // The refresh forgot the entry; the next cached read fills it again.
    await get(b, "/w?n=3");
    expect(await get(b, "/q?c=1h")).toBe("3");
    await get(b, "/w?n=4");
    expect([await get(b, "/q?c=1h"), await get(b, "/qf"), await get(b, "/q?c=1h"), await get(b, "/qf")]).toEqual([
      "3",
      "1",
      "4",
      "1",
    ]);
  });
});

describe("dbt:cache under quarry dev", () => {
  it("forgets every fragment when a template changes", async () => {
    const root = site(FILES);
    const log: string[] = [];
    const server = await startServer({
      root,
      dev: true,
      database: database(await createDatabase([join(root, "_db/001.sql")], "cachedev")),
      log: (l) => log.push(l),
    });
    try {
      expect([await get(server.base, "/p?id=1"), await get(server.base, "/p?id=1")]).toEqual([
        "id 1 run 1",
        "id 1 run 1",
      ]);
      // Touch a template until the watcher reports it (its first scan may still be running).
      const flushed = await until(
        async () => {
          writeFileSync(join(root, "a.dbt"), readFileSync(join(root, "a.dbt"), "utf8"));
          await sleep(100);
          return log.some((l) => l === "flushed 1 cached fragment");
        },
        (v) => v,
      );
      expect(flushed).toBe(true);
      expect(await get(server.base, "/p?id=1")).toBe("id 1 run 2");
    } finally {
      await server.close();
    }
  });
});
