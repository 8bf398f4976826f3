// Property: no input, however broken, makes the parser throw anything but a located
// TemplateError, or run for long. Inputs are random strings over the template alphabet and
// mutations of the fixture templates.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseTemplate } from "../engine/template.js";
import { TemplateError } from "../engine/errors.js";

const fixtures = join(import.meta.dirname, "fixtures");
const corpus = readdirSync(fixtures)
  .map((d) => join(fixtures, d, "page.dbt"))
  .filter(existsSync)
  .map((f) => readFileSync(f, "utf8"));

const resolve = (_from: string, path: string) => path;

// No bound on parse time here (it would depend on the machine's load): a grammar that
// backtracks exponentially would not finish the run within the test's timeout.
function check(source: string): void {
  try {
    parseTemplate("fuzz.dbt", source, resolve);
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    const { line, column, start } = err.loc!;
    expect(line).toBeGreaterThanOrEqual(1);
    expect(column).toBeGreaterThanOrEqual(1);
    expect(start).toBeLessThanOrEqual(source.length);
  }
}

const pieces = [
  "<dbt:",
  "</dbt:",
  "if",
  "output",
  "loop",
  "set",
  "else",
  "elseif",
  "switch",
  "case",
  "try",
  "catch",
  "include",
  ">",
  "/>",
  "=",
  '"',
  "'",
  "#",
  "##",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  " ",
  "\n",
  "x",
  "1",
  ".",
  ",",
  "&",
  "?",
  ":",
  "<!---",
  "--->",
  "GT",
  "AND",
  "NOT",
  "-",
  "+",
  "__proto__",
  "<",
  "query",
  "from",
  "to",
  "index",
];

describe("parser fuzz", () => {
  it("handles random token soup", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 80 }).map((a) => a.join("")),
        (s) => check(s),
      ),
      { numRuns: 1500 },
    );
  });

  it("handles random strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => check(s)),
      { numRuns: 1000 },
    );
  });

  it("handles mutated fixtures (deletions, insertions, swaps)", () => {
    const mutated = fc
      .tuple(
        fc.constantFrom(...corpus),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 6 }),
      )
      .map(([src, edits]) =>
        edits.reduce((s, [pos, del, ins]) => {
          const p = pos % (s.length + 1);
          return s.slice(0, p) + ins + s.slice(p + del);
        }, src),
      );
    fc.assert(
      fc.property(mutated, (s) => check(s)),
      { numRuns: 1500 },
    );
  });

  it("parses deep nesting in linear time", () => {
    check(`<dbt:output>#${"(".repeat(300)}1${")".repeat(300)}#</dbt:output>`);
    check(`<dbt:set x = ${"[".repeat(300)}${"]".repeat(300)}>`);
    check(`<dbt:if ${"a ? ".repeat(100)}1${" : 2".repeat(100)}>x</dbt:if>`);
    check("<dbt:if true>".repeat(500));
  });
});
