// CFML's object cache (cachePut, cacheGet, …): the store on a stepped clock, the wildcard
// filter, and over HTTP in both modes — shared by requests, copied in and out, bounded by
// objectCacheSize.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OBJECT_CACHE_DEFAULTS, ObjectCache, sizeOf } from "../engine/object-cache.js";
import { QueryResult } from "../engine/query-result.js";
import { newStruct } from "../engine/values.js";
import { wildcard } from "../engine/functions/cache.js";
import { MODES, site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { database, startServer, type Server } from "./http.js";

describe("the object cache store", () => {
  it("keeps a value for its time span, and while it is read within its idle time", () => {
    let t = 1_000;
    const c = new ObjectCache(10, () => t);
    c.put("span", 1, 500, null);
    c.put("idle", 2, null, 300);
    c.put("forever", 3, null, null);
    t += 299;
    expect([c.get("span")?.value, c.get("IDLE")?.value]).toEqual([1, 2]);
    t += 299; // 598 since the put, 299 since "idle" was read
    expect([c.has("span"), c.get("idle")?.value, c.has("forever")]).toEqual([false, 2, true]);
    t += 300;
    expect([c.has("idle"), c.ids()]).toEqual([false, ["FOREVER"]]);
  });

  it("pushes out the least recently used value past its size", () => {
    const c = new ObjectCache(2);
    c.put("a", 1, null, null);
    c.put("b", 2, null, null);
    c.get("a");
    c.put("c", 3, null, null);
    expect(c.ids().sort()).toEqual(["A", "C"]);
  });

  it("counts a value's size as the page's memory budget does", () => {
    const struct = Object.assign(newStruct(), { name: "abc", list: [1, "de"] });
    // name: 40 + 4 + 3; list: 40 + 4 + two elements (16) + 1 slot (8) + 2 characters.
    expect(sizeOf(struct)).toBe(47 + 44 + 16 + 8 + 2);
    // Two rows: 160 each, a member each (40 + 1 + its value).
    expect(sizeOf(new QueryResult(["a"], [{ a: "xyz" }, { a: 5 }]))).toBe(160 + 41 + 3 + 160 + 41 + 8);
    expect([sizeOf("hello"), sizeOf(7), sizeOf(null), sizeOf(new Date(0))]).toEqual([5, 8, 8, 8]);
  });

  it("keeps 64 MiB of values at most, the least recently used pushed out first", () => {
    expect(OBJECT_CACHE_DEFAULTS.maxBytes).toBe(64 * 1024 * 1024);
    const c = new ObjectCache(1000, Date.now, 1000);
    for (const id of ["a", "b", "c"]) c.put(id, "x".repeat(300), null, null);
    c.get("a");
    c.put("d", "y".repeat(300), null, null);
    expect(c.ids().sort()).toEqual(["A", "C", "D"]);
    // Larger than the whole store: not kept.
    c.put("e", "z".repeat(1001), null, null);
    expect(c.has("e")).toBe(false);
  });

  it("matches ids by wildcard, case-insensitively, without backtracking blow-up", () => {
    expect([
      wildcard("ab*", "abc"),
      wildcard("AB*", "abd"),
      wildcard("ab*", "def"),
      wildcard("a?c", "ABC"),
      wildcard("*", ""),
    ]).toEqual([true, true, false, true, true]);
    expect([
      wildcard("a*b*c", "axxbyyc"),
      wildcard("a*b*c", "axxbyy"),
      wildcard("*a*a*a*a*a*b", "a".repeat(20_000)),
    ]).toEqual([true, false, false]);
  });
});

describe.each(MODES)("cachePut and cacheGet over HTTP (%s)", (mode) => {
  let server: Server;
  beforeAll(async () => {
    const root = site({
      "quarry.config.json": JSON.stringify({ objectCacheSize: 2 }),
      "put.dbt": `<dbt:set cachePut(url.id, {n: url.n, list: [1, 2]})>put`,
      "get.dbt": `<dbt:set v = cacheGet(url.id)><dbt:if isNull(v)>none<dbt:else><dbt:set v.list[3] = 3><dbt:output>#v.n# #arrayLen(v.list)# #arrayLen(cacheGet(url.id).list)#</dbt:output></dbt:if>`,
      "ids.dbt": `<dbt:output>#listSort(arrayToList(cacheGetAllIds()), "text")# #cacheCount()#</dbt:output>`,
      "strict.dbt": `<dbt:set cacheGet("missing", true)>`,
      "big.dbt": `<dbt:set s = repeatString(repeatString("x", 100), 150000)><dbt:set cachePut("big", [s, s, s, s, s])>`,
    });
    server = await startServer({ root, mode, dev: true, database: database(await createDatabase([], "objcache")) });
  });
  afterAll(() => server.close());

  const get = async (path: string) => {
    const r = await fetch(`${server.base}${path}`);
    return [r.status, await r.text()];
  };

  it("shares a value between requests, as a copy each time, and keeps objectCacheSize values", async () => {
    expect(await get("/get?id=one")).toEqual([200, "none"]);
    expect(await get("/put?id=one&n=7")).toEqual([200, "put"]);
    // The second request changes its copy; the cached value keeps two items.
    expect(await get("/get?id=ONE")).toEqual([200, "7 3 2"]);
    expect(await get("/get?id=one")).toEqual([200, "7 3 2"]);
    await get("/put?id=two&n=2");
    await get("/get?id=one");
    await get("/put?id=three&n=3");
    expect(await get("/ids")).toEqual([200, "ONE,THREE 2"]);
  });

  it("cachePut of a value larger than the whole store is a located error, and nothing is kept", async () => {
    const [status, body] = await get("/big");
    expect(status).toBe(500);
    expect(body).toContain(
      "QRY_ERR_FUNCTION</b>: cachePut: the value (about 75000040 bytes) is larger than the whole object cache (67108864 bytes)",
    );
    expect(body).toContain("<p>at <code>big.dbt:1:68</code></p>");
  });

  it("cacheGet(id, true) of nothing is a located error", async () => {
    const [status, body] = await get("/strict");
    expect(status).toBe(500);
    expect(body).toContain("QRY_ERR_FUNCTION</b>: cacheGet: nothing is cached under &#34;missing&#34;");
    expect(body).toContain("<p>at <code>strict.dbt:1:10</code></p>");
  });
});
