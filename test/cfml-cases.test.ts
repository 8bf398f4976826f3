// CFML engine assertions, translated: test/cfml-cases.json holds [expression, expected] pairs
// that scripts/cfml-cases.mjs took from Lucee's function tests (calls on literals only) and that
// Quarry passes. Every case renders in both modes and must print exactly what is recorded, or
// fail with the recorded error code.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { render, renderError } from "./helpers.js";

type Case = [string, string | { error: string }];
const cases = JSON.parse(readFileSync(join(import.meta.dirname, "cfml-cases.json"), "utf8")) as Case[];
const printed = cases.filter((c): c is [string, string] => typeof c[1] === "string");
const failing = cases.filter((c): c is [string, { error: string }] => typeof c[1] !== "string");

const SEPARATOR = "\u241e";
const unescape = (s: string) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

describe("CFML engine assertions (test/cfml-cases.json)", () => {
  it("has the translated cases", () => {
    expect(printed.length).toBeGreaterThan(1000);
    expect(failing.length).toBeGreaterThan(20);
  });

  // In pages of 200 cases, so a failure names few expressions.
  for (let start = 0; start < printed.length; start += 200) {
    const chunk = printed.slice(start, start + 200);
    it(`cases ${start + 1}-${start + chunk.length} print what CFML prints`, async () => {
      const page = chunk.map(([expr]) => `<dbt:set r = ${expr}><dbt:output>#isSimpleValue(r) ? toString(r) : jsonEncode(r)#</dbt:output>`).join(SEPARATOR);
      const got = (await render(page)).split(SEPARATOR).map(unescape);
      expect(chunk.map(([e], i) => [e, got[i]])).toEqual(chunk);
    });
  }

  it("cases that CFML refuses are errors", async () => {
    for (const [expr, { error }] of failing) {
      const err = await renderError(`<dbt:set r = ${expr}>`);
      expect([expr, err.code]).toEqual([expr, error]);
    }
  });
});
