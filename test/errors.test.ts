// Exact error locations: parse and validation errors carry file:line:column before anything
// runs; runtime errors point at the template, in both modes alike.
import { describe, expect, it } from "vitest";
import { at, render, renderError } from "./helpers.js";
import { TemplateError, RuntimeError, ParamError } from "../engine/errors.js";

describe("parse and validation errors", () => {
  const cases: [string, string, string, string][] = [
    ["unknown tag", "ab\n <dbt:nope>", "QRY_ERR_UNKNOWN_TAG", "2:2"],
    ["unknown attribute", '<dbt:include template="x.dbt" bogus="1">', "QRY_ERR_ATTRIBUTE", "1:31"],
    ["missing attribute", "\n\n<dbt:savecontent>x</dbt:savecontent>", "QRY_ERR_ATTRIBUTE", "3:1"],
    ["wrong attribute type", '<dbt:loop from="a" to="3" index="i">x</dbt:loop>', "QRY_ERR_ATTRIBUTE", "1:17"],
    ["static attribute given an expression", '<dbt:param name="#x#">', "QRY_ERR_ATTRIBUTE", "1:18"],
    ["mismatched close", "<dbt:if true>\n  </dbt:loop>", "QRY_ERR_NESTING", "2:3"],
    ["close without open", "x</dbt:if>", "QRY_ERR_NESTING", "1:2"],
    ["unclosed", "a\n<dbt:try>", "QRY_ERR_NESTING", "2:1"],
    ["else outside if", "<dbt:loop list='a' item='x'><dbt:else></dbt:loop>", "QRY_ERR_NESTING", "1:29"],
    ["elseif after else", "<dbt:if true><dbt:else><dbt:elseif false></dbt:if>", "QRY_ERR_NESTING", "1:24"],
    ["case outside switch", "<dbt:if true><dbt:case value='a'>x</dbt:case></dbt:if>", "QRY_ERR_NESTING", "1:14"],
    ["text inside switch", "<dbt:switch expression='a'>oops</dbt:switch>", "QRY_ERR_NESTING", "1:28"],
    ["break outside loop", "<dbt:if true><dbt:break></dbt:if>", "QRY_ERR_NESTING", "1:14"],
    ["try without catch", "<dbt:try>x</dbt:try>", "QRY_ERR_NESTING", "1:1"],
    ["bad expression in if", "<dbt:if 1 +>x</dbt:if>", "QRY_ERR_SYNTAX", "1:12"],
    ["unterminated interpolation", "<dbt:output>\n  #a</dbt:output>", "QRY_ERR_SYNTAX", "2:5"],
    ["unknown function", "<dbt:output>#nope(1)#</dbt:output>", "QRY_ERR_UNKNOWN_FUNCTION", "1:14"],
    ["wrong arity", "<dbt:set x = left('a')>", "QRY_ERR_ARITY", "1:14"],
    ["static __proto__", "<dbt:output>#a.__proto__#</dbt:output>", "QRY_ERR_FORBIDDEN", "1:15"],
    ["constructor variable", "<dbt:set constructor = 1>", "QRY_ERR_FORBIDDEN", "1:10"],
    ["prototype key in struct literal", "<dbt:set s = {prototype: 1}>", "QRY_ERR_FORBIDDEN", "1:14"],
    ["unclosed comment", "x\n<!--- never closed", "QRY_ERR_SYNTAX", "2:1"],
    ["loop with two forms", '<dbt:loop list="a" array="#[]#">x</dbt:loop>', "QRY_ERR_ATTRIBUTE", "1:1"],
    ["output group without query", '<dbt:output group="a">x</dbt:output>', "QRY_ERR_ATTRIBUTE", "1:20"],
  ];
  it.each(cases)("%s", async (_name, source, code, where) => {
    const err = await renderError(source);
    expect(err).toBeInstanceOf(TemplateError);
    expect(err.code).toBe(code);
    expect(at(err)).toBe(where);
    expect(err.loc!.file).toBe("page.dbt");
    expect(err.frame).toContain("^");
  });

  it("prints file:line:col, the code and a frame with a caret under the column", async () => {
    const err = await renderError("<p>ok</p>\n<dbt:if x GT>yes</dbt:if>\n");
    expect(err.format()).toBe(
      [
        'page.dbt:2:13 QRY_ERR_SYNTAX: Expected an expression but found ">"',
        "  1 | <p>ok</p>",
        "> 2 | <dbt:if x GT>yes</dbt:if>",
        "    |             ^",
        "  3 |",
      ].join("\n"),
    );
  });

  it("reports errors in an included file at that file's line", async () => {
    const err = await renderError(
      '<dbt:include template="inc/part.dbt">',
      {},
      { "inc/part.dbt": "ok\nok\n  <dbt:bad>" },
    );
    expect(`${err.loc!.file}:${at(err)}`).toBe("inc/part.dbt:3:3");
  });
});

describe("runtime errors", () => {
  it("names an undefined variable at its column", async () => {
    const err = await renderError("<dbt:output>\n  x #missing# y\n</dbt:output>");
    expect(err).toBeInstanceOf(RuntimeError);
    expect([err.code, err.message, at(err)]).toEqual(["QRY_ERR_UNDEFINED", 'Variable "missing" is undefined', "2:6"]);
  });

  it("points at the operator for a bad operand", async () => {
    const err = await renderError('<dbt:set x = 1 +\n  "abc">');
    expect([err.code, err.message, at(err)]).toEqual(["QRY_ERR_TYPE", 'Cannot convert "abc" to a number', "1:16"]);
  });

  it("locates errors raised inside built-in functions at the call", async () => {
    const err = await renderError("\n<dbt:set x = mid('abc', 0)>");
    expect([err.code, err.message, at(err)]).toEqual(["QRY_ERR_FUNCTION", "start must be 1 or more", "2:14"]);
  });

  it("stops a runaway loop at the configured limit", async () => {
    const err = await renderError(
      '<dbt:loop from="1" to="1000000" index="i"></dbt:loop>',
      {},
      {},
      { maxIterations: 50 },
    );
    expect([err.code, at(err)]).toEqual(["QRY_ERR_LOOP_LIMIT", "1:1"]);
  });

  it("stops modules that call themselves forever", async () => {
    const err = await renderError('<dbt:module template="m.dbt"/>', {}, { "m.dbt": 'x<dbt:module template="m.dbt"/>' });
    expect([err.code, err.loc!.file, at(err)]).toEqual(["QRY_ERR_CALL_DEPTH", "m.dbt", "1:2"]);
  });

  it("raises a ParamError naming the parameter, with status 400", async () => {
    const err = await renderError('<dbt:param name="url.n" type="integer" max="10">', { url: { n: "11" } });
    expect(err).toBeInstanceOf(ParamError);
    expect([(err as ParamError).param, err.status, err.message]).toEqual([
      "url.n",
      400,
      "Parameter url.n must be at most 10",
    ]);
  });

  it("carries the status of dbt:throw", async () => {
    const err = await renderError('<dbt:throw status="404" message="No such user">');
    expect([err.code, err.status, err.message, err.type]).toEqual([
      "QRY_ERR_THROW",
      404,
      "No such user",
      "application",
    ]);
  });

  it("lets a module recurse within the limit", async () => {
    const out = await render(
      '<dbt:module template="count.dbt" n="3"/>',
      {},
      {
        "count.dbt":
          '<dbt:output>#attributes.n#</dbt:output><dbt:if attributes.n GT 1><dbt:module template="count.dbt" n="#attributes.n - 1#"/></dbt:if>',
      },
    );
    expect(out).toBe("321");
  });
});
