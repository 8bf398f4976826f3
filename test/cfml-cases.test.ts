// CFML engine assertions, translated: test/cfml-cases.json holds [expression, expected] pairs
// that scripts/cfml-cases.mjs took from Lucee's function tests (calls on literals only) and that
// Quarry passes. Every case renders in both modes and must print exactly what is recorded, or
// fail with the recorded error code. A script case (an assertion on variables its test sets)
// carries the test's statements before it: they run as the body of a function in a
// <dbt:script>, which returns the expression's value.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { render, renderError } from "./helpers.js";

/** [expression, what it prints or its error, the setLocale/setTimeZone calls that come first, a script case's statements]. */
type Case = [string, string | { error: string }, string?, string?];
const cases = JSON.parse(readFileSync(join(import.meta.dirname, "cfml-cases.json"), "utf8")) as Case[];
const printed = cases.filter((c): c is [string, string, string?, string?] => typeof c[1] === "string");
const failing = cases.filter((c): c is [string, { error: string }, string?] => typeof c[1] !== "string");
// A case's setLocale/setTimeZone holds for it alone: the defaults come back after it.
const before = (prelude?: string) => (prelude ? `<dbt:set r = ${prelude}>` : "");
const after = (prelude?: string) => (prelude ? '<dbt:set r = setLocale("en-US") & setTimeZone("UTC")>' : "");
// A script case's statements are a function's body (each case its own function, so no case
// sees another's variables); the expression is what it returns.
const value = (expr: string, script: string | undefined, id: number) =>
  script === undefined
    ? `<dbt:set r = ${expr}>`
    : `<dbt:script>\nfunction cfmlCase${id}() {\n${script}\nreturn (${expr});\n}\n</dbt:script><dbt:set r = cfmlCase${id}()>`;

const SEPARATOR = "\u241e";
const unescape = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("CFML engine assertions (test/cfml-cases.json)", () => {
  it("has the translated cases", () => {
    expect(printed.length).toBeGreaterThan(1000);
    expect(failing.length).toBeGreaterThan(20);
    expect(printed.filter((c) => c[3] !== undefined).length).toBeGreaterThan(400);
  });

  // In pages of 200 cases, so a failure names few expressions.
  for (let start = 0; start < printed.length; start += 200) {
    const chunk = printed.slice(start, start + 200);
    it(`cases ${start + 1}-${start + chunk.length} print what CFML prints`, async () => {
      const page = chunk
        .map(
          ([expr, , prelude, script], i) =>
            `${before(prelude)}${value(expr, script, i)}<dbt:output>#isSimpleValue(r) ? toString(r) : jsonEncode(r)#</dbt:output>${after(prelude)}`,
        )
        .join(SEPARATOR);
      const got = (await render(page)).split(SEPARATOR).map(unescape);
      expect(chunk.map(([e, , p], i) => [e, got[i], p])).toEqual(chunk.map(([e, w, p]) => [e, w, p]));
    });
  }

  it("cases that CFML refuses are errors", async () => {
    for (const [expr, { error }, prelude] of failing) {
      const err = await renderError(`${before(prelude)}<dbt:set r = ${expr}>`);
      expect([expr, err.code]).toEqual([expr, error]);
    }
  });
});
