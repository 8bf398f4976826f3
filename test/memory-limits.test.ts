// One page's memory never refuses other visitors (issue 22's attack sequence, over real HTTP
// against `quarry start --workers 1`): a page doing queryNew + 999,999 queryAddRow, then two
// requests to a 2,000,000-row SELECT of 1,000-character values, while other visitors keep
// asking for a small page and a static file. The heavy pages get coded errors
// (QRY_ERR_MEMORY_LIMIT, QRY_ERR_QUERY_LIMIT), every other request a 200, during and after.
// And the page budget in both modes: dbt:set, arrays, structs and query rows count against it.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../server/build.js";
import { createDatabase } from "./db.js";
import { listening } from "./process.js";
import { MODES, outcome, renderError, site } from "./helpers.js";

const BIN = join(import.meta.dirname, "..", "bin", "quarry.js");

describe("a page's memory budget (limits.maxPageBytes)", () => {
  it.each([
    [
      "queryAddRow",
      `<dbt:set q = queryNew("id,name")><dbt:loop from="1" to="999999" index="i"><dbt:set queryAddRow(q, {id: i, name: "visitor " & i})></dbt:loop>`,
      "queryAddRow(",
    ],
    [
      "arrayResize",
      `<dbt:set a = []><dbt:loop from="1" to="100" index="i"><dbt:set arrayAppend(a, arrayResize([], 999999))></dbt:loop>`,
      "arrayResize(",
    ],
    [
      "dbt:set of struct members",
      `<dbt:set s = {}><dbt:loop from="1" to="999999" index="i"><dbt:set s["k" & i] = repeatString("v", 200)></dbt:loop>`,
      '<dbt:set s["k"',
    ],
    [
      "listToArray",
      `<dbt:set a = []><dbt:loop from="1" to="10" index="i"><dbt:set arrayAppend(a, listToArray(repeatString("ab,", 1000000)))></dbt:loop>`,
      "listToArray(",
    ],
    [
      "deserializeJSON",
      // Few, long strings: the budget is passed in a few parses (500,000 nulls took 13 s a mode on a loaded machine).
      `<dbt:set j = serializeJSON(listToArray(repeatString(repeatString("x", 1000) & ",", 2000)))><dbt:set a = []><dbt:loop from="1" to="100" index="i"><dbt:set arrayAppend(a, deserializeJSON(j))></dbt:loop>`,
      "deserializeJSON(",
    ],
  ])("stops a page that holds too much through %s, in both modes, where it allocates", async (_what, source, at) => {
    const err = await renderError(source, {}, {}, { maxPageBytes: 64 * 1024 * 1024 });
    expect([err.code, `${err.loc?.line}:${err.loc?.column}`]).toEqual([
      "QRY_ERR_MEMORY_LIMIT",
      `1:${source.indexOf(at) + 1}`,
    ]);
    expect(err.message).toMatch(
      /^The page would hold about \d+ bytes of queries, arrays, structs and strings, more than 67108864 \(limit maxPageBytes\)$/,
    );
  });
});

describe("what the page budget leaves out", () => {
  it("a function's own variables, which go with each call", async () => {
    const root = site({
      "page.dbt": `<dbt:function name="row"><dbt:argument name="i"><dbt:set local.html = repeatString("<td>", 25) & i><dbt:return len(local.html)></dbt:function><dbt:set n = 0><dbt:loop from="1" to="20000" index="i"><dbt:set n = n + row(i)></dbt:loop><dbt:output>#n#</dbt:output>`,
    });
    // 20,000 calls of 100+ characters each: past 1 MiB if the calls' variables were counted.
    for (const mode of MODES)
      expect(await outcome(root, mode, "page.dbt", {}, { maxPageBytes: 1024 * 1024 })).toEqual({ output: "2088894" });
  });
});

describe("one heavy page and the other visitors (quarry start --workers 1)", () => {
  it("answers every other request 200 while the heavy pages get coded errors", async () => {
    const url = await createDatabase([], "memory");
    const root = site({
      "rows.dbt": `<dbt:set q = queryNew("id,name")><dbt:loop from="1" to="999999" index="i"><dbt:set queryAddRow(q, {id: i, name: "visitor " & i})></dbt:loop><dbt:output>#q.recordCount#</dbt:output>`,
      "big.dbt": `<dbt:query name="q">SELECT g, repeat('x', 1000) AS s FROM generate_series(1, 2000000) g</dbt:query><dbt:output>#q.recordCount#</dbt:output>`,
      "small.dbt": `<dbt:output>small #1 + 1#</dbt:output>`,
      "style.css": "body { color: #333 }\n",
      "_error.dbt": `<dbt:output>#error.status# #error.code#</dbt:output>`,
    });
    const dist = `${root}-dist`;
    expect(build(root, dist).errors).toEqual([]);
    const child = spawn(process.execPath, [BIN, "start", dist, "--workers", "1", "--port", "0"], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
    });
    try {
      const base = await listening(child);
      const get = (p: string) =>
        fetch(`${base}/${p}`).then(async (r) => ({ page: p, status: r.status, body: await r.text() }));
      const visitors: { page: string; status: number; body: string }[] = [];
      let heavyDone = false;
      // Other visitors, one request after another, until the heavy pages are done and 50 more.
      const others = (async () => {
        for (let after = 0; after < 50; after += heavyDone ? 1 : 0)
          for (const p of ["small", "style.css"]) visitors.push(await get(p));
      })();
      const heavy = [await get("rows")];
      heavy.push(...(await Promise.all([get("big"), get("big")])));
      heavyDone = true;
      await others;
      expect(heavy).toEqual([
        { page: "rows", status: 500, body: "500 QRY_ERR_MEMORY_LIMIT" },
        { page: "big", status: 500, body: "500 QRY_ERR_QUERY_LIMIT" },
        { page: "big", status: 500, body: "500 QRY_ERR_QUERY_LIMIT" },
      ]);
      expect(visitors.length).toBeGreaterThanOrEqual(100);
      const refused = visitors.filter((v) => v.status !== 200);
      expect(refused).toEqual([]);
      expect(new Set(visitors.map((v) => v.body))).toEqual(new Set(["small 2", "body { color: #333 }\n"]));
    } finally {
      child.kill("SIGKILL");
    }
  });
});
