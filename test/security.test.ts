// Safe by default: escaped output, no prototype access, template text never becomes code.
import { describe, expect, it } from "vitest";
import { render, renderError, site } from "./helpers.js";
import { Engine } from "../engine/engine.js";

describe("prototype access", () => {
  it.each([
    ['<dbt:set k = "constructor"><dbt:output>#"abc"[k]#</dbt:output>', "QRY_ERR_FORBIDDEN"],
    ['<dbt:set k = "__proto__"><dbt:set s = {}><dbt:set s[k] = 1>', "QRY_ERR_FORBIDDEN"],
    ['<dbt:set k = "prototype"><dbt:set s = {}><dbt:output>#s[k]#</dbt:output>', "QRY_ERR_FORBIDDEN"],
    ['<dbt:set s = {}><dbt:set x = structInsert(s, "__proto__", 1)>', "QRY_ERR_FUNCTION"],
    ['<dbt:set s = structNew()><dbt:output>#structGet(s, "constructor")#</dbt:output>', "QRY_ERR_FUNCTION"],
  ])("%s fails with %s", async (source, code) => {
    expect((await renderError(source)).code).toBe(code);
  });

  it("does not see inherited properties of request data", async () => {
    const err = await renderError("<dbt:output>#url.toString#</dbt:output>", { url: { a: 1 } });
    expect(err.code).toBe("QRY_ERR_UNDEFINED");
  });

  it("leaves Object.prototype untouched", async () => {
    await renderError('<dbt:set a["__proto__"]["polluted"] = 1>');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("escaping", () => {
  it("escapes every printed value, however it got there", async () => {
    const evil = `<img src=x onerror="alert('1')">&`;
    const out = await render("<dbt:output>#url.q# #form.q# #[url.q][1]#</dbt:output>", {
      url: { q: evil },
      form: { q: evil },
    });
    expect(out).toBe(Array(3).fill("&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;").join(" "));
  });
});

describe("generated code", () => {
  const nasty = [
    '"; throw new Error("x"); "',
    "`${process.exit(1)}`",
    "</script><script>alert(1)</script>",
    "\u2028\u2029 line separators",
    "\\u0022 \\ backslashes \\",
  ];
  it.each(nasty)("keeps template text %j as text", async (text) => {
    const literal = `"${text.replace(/"/g, '""')}"`;
    const out = await render(`${text}|<dbt:set v = ${literal}><dbt:output>#raw(v)#</dbt:output>`);
    expect(out).toBe(`${text}|${text}`);
  });

  it("embeds names and text only as JSON string literals", () => {
    const root = site({ "p.dbt": `<dbt:set a['x"y'] = "</dbt:set>"><dbt:output>#a['x"y']#</dbt:output>` });
    // The engine compiles without evaluating anything from the template.
    const src = new Engine({ root }).compiledSource("p.dbt");
    expect(src).toContain('"x\\"y"');
    expect(src).not.toMatch(/eval\(|Function\(/);
  });
});
