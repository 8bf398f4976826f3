// Safe by default: escaped output, no prototype access, template text never becomes code.
import { describe, expect, it } from "vitest";
import { render, renderError, site } from "./helpers.js";
import { Engine } from "../engine/engine.js";
import { STRUCT_PROTO, newStruct } from "../engine/values.js";

describe("prototype access", () => {
  it.each([
    ['<dbt:set k = "constructor"><dbt:output>#"abc"[k]#</dbt:output>', "QRY_ERR_FORBIDDEN"],
    ['<dbt:set k = "__proto__"><dbt:set s = {}><dbt:set s[k] = 1>', "QRY_ERR_FORBIDDEN"],
    ['<dbt:set k = "prototype"><dbt:set s = {}><dbt:output>#s[k]#</dbt:output>', "QRY_ERR_FORBIDDEN"],
    ['<dbt:set s = {}><dbt:set x = structInsert(s, "__proto__", 1)>', "QRY_ERR_FUNCTION"],
    ['<dbt:set s = structNew()><dbt:output>#structGet(s, "constructor")#</dbt:output>', "QRY_ERR_FUNCTION"],
    // CFML's names are case-insensitive: so is the refusal.
    ['<dbt:set k = "CONSTRUCTOR"><dbt:output>#"abc"[k]#</dbt:output>', "QRY_ERR_FORBIDDEN"],
    ['<dbt:set k = "__PROTO__"><dbt:set s = {}><dbt:set s[k] = 1>', "QRY_ERR_FORBIDDEN"],
    ['<dbt:set k = "PROTOTYPE"><dbt:set s = {}><dbt:output>#s[k]#</dbt:output>', "QRY_ERR_FORBIDDEN"],
    ["<dbt:set s = {}><dbt:output>#s.Constructor#</dbt:output>", "QRY_ERR_FORBIDDEN"],
    ["<dbt:set s = {}><dbt:set s.__Proto__.x = 1>", "QRY_ERR_FORBIDDEN"],
    ["<dbt:set s = {Prototype: 1}>", "QRY_ERR_FORBIDDEN"],
    ["<dbt:set __PROTO__ = 1>", "QRY_ERR_FORBIDDEN"],
    ['<dbt:loop array="#[1]#" index="Constructor"></dbt:loop>', "QRY_ERR_ATTRIBUTE"],
    ['<dbt:set s = {}><dbt:set x = structInsert(s, "__Proto__", 1)>', "QRY_ERR_FUNCTION"],
    ['<dbt:set s = structNew()><dbt:output>#structGet(s, "CONSTRUCTOR")#</dbt:output>', "QRY_ERR_FUNCTION"],
  ])("%s fails with %s", async (source, code) => {
    expect((await renderError(source)).code).toBe(code);
  });

  // A member call reaches the member function table only, never a JavaScript method or property.
  it.each([
    '<dbt:set s = "x"><dbt:output>#s.constructor()#</dbt:output>',
    "<dbt:set s = {}><dbt:output>#s.__proto__()#</dbt:output>",
    "<dbt:set s = [1]><dbt:output>#s.toString()#</dbt:output>",
    '<dbt:set s = "x"><dbt:output>#s.valueOf()#</dbt:output>',
    '<dbt:set s = {}><dbt:output>#s.hasOwnProperty("a")#</dbt:output>',
    "<dbt:set s = [1]><dbt:output>#s.push.call()#</dbt:output>",
    '<dbt:set s = "x"><dbt:output>#s.prototype()#</dbt:output>',
    '<dbt:set s = "x"><dbt:output>#s.charAt(0)#</dbt:output>',
    '<dbt:set s = {}><dbt:output>#s.__defineGetter__("a", 1)#</dbt:output>',
    '<dbt:set s = "x"><dbt:output>#s.Constructor()#</dbt:output>',
    "<dbt:set s = {}><dbt:output>#s.__PROTO__()#</dbt:output>",
    "<dbt:set s = [1]><dbt:output>#s.ToString()#</dbt:output>",
  ])("%s is refused: no such member function", async (source) => {
    const err = await renderError(source);
    // A prototype name is refused as a name wherever it stands; any other is no member function
    // (found when the call runs: the receiver might have been a component instance).
    if (/\.(__proto__|constructor|prototype)\(/i.test(source))
      expect([err.code, err.message.slice(0, 10)]).toEqual(["QRY_ERR_FORBIDDEN", "Access to "]);
    // The receiver s.push is read first: an array has no such key.
    else if (source.includes("s.push.call"))
      expect([err.code, err.message]).toEqual(["QRY_ERR_TYPE", 'Cannot read "push" of array']);
    else expect([err.code, err.message.slice(0, 14)]).toEqual(["QRY_ERR_UNKNOWN_FUNCTION", "The function ["]);
  });

  it("does not see inherited properties of request data", async () => {
    const err = await renderError("<dbt:output>#url.toString#</dbt:output>", { url: { a: 1 } });
    expect(err.code).toBe("QRY_ERR_UNDEFINED");
    const folded = await renderError("<dbt:output>#URL.TOSTRING# #url.ValueOf#</dbt:output>", { url: { a: 1 } });
    expect(folded.code).toBe("QRY_ERR_UNDEFINED");
  });

  it("answers questions about prototype names, in any case, with no", async () => {
    const out = await render(
      '<dbt:set s = {}><dbt:output>#structKeyExists(s, "Constructor")# #isDefined("variables.__PROTO__.x")# #isDefined("S.PROTOTYPE")#</dbt:output>',
    );
    expect(out).toBe("false false false");
  });

  it("makes structs inherit one empty, frozen object with no prototype (STRUCT_PROTO)", async () => {
    const s = newStruct();
    expect(Object.getPrototypeOf(s)).toBe(STRUCT_PROTO);
    expect([Object.isFrozen(STRUCT_PROTO), Object.getPrototypeOf(STRUCT_PROTO), Reflect.ownKeys(STRUCT_PROTO)]).toEqual(
      [true, null, []],
    );
    expect(["toString" in s, "constructor" in s, "__proto__" in s, "hasOwnProperty" in s]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // A key set by a host (no template can name it) is the struct's own, and reaches no prototype.
    s["__proto__"] = { polluted: 1 };
    expect([Object.getPrototypeOf(s), Object.keys(s), (STRUCT_PROTO as Record<string, unknown>).polluted]).toEqual([
      STRUCT_PROTO,
      ["__proto__"],
      undefined,
    ]);
    // A struct from JSON is one too: len counts its keys.
    expect(await render('<dbt:output>#len(deserializeJSON(\'{"a":1,"b":2}\'))# #len({a: 1})#</dbt:output>')).toBe(
      "2 1",
    );
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

describe("components", () => {
  const files = {
    "C.cfc":
      'component { variables.secret = "s"; function get(k) { return variables[k]; } function me() { return this; } }',
    "sub/Up.cfc": 'component extends="../C" { }',
    "Proto.cfc": 'component { property name="Constructor"; }',
  };
  it.each([
    ["<dbt:set x = new __proto__()>", "QRY_ERR_COMPONENT"],
    ["<dbt:set x = new C.Constructor()>", "QRY_ERR_COMPONENT"],
    ['<dbt:set x = createObject("component", "../C")>', "QRY_ERR_COMPONENT"],
    ['<dbt:set x = createObject("component", "/etc/passwd")>', "QRY_ERR_COMPONENT"],
    ['<dbt:set x = createObject("java", "java.lang.Runtime")>', "QRY_ERR_FUNCTION"],
    ['<dbt:set n = "C"><dbt:set x = createObject("component", n)>', "QRY_ERR_FUNCTION"],
    ["<dbt:set x = new sub.Up()>", "QRY_ERR_COMPONENT"],
    ["<dbt:set x = new Proto()>", "QRY_ERR_ATTRIBUTE"],
    ["<dbt:set c = new C()><dbt:output>#c.__PROTO__()#</dbt:output>", "QRY_ERR_FORBIDDEN"],
    ['<dbt:set c = new C()><dbt:output>#c.get("__proto__")#</dbt:output>', "QRY_ERR_FORBIDDEN"],
    ['<dbt:set c = new C()><dbt:set t = c.me()><dbt:set k = "Prototype"><dbt:set t[k] = 1>', "QRY_ERR_FORBIDDEN"],
  ])("%s fails with %s", async (source, code) => {
    expect((await renderError(source, {}, files)).code).toBe(code);
  });
});
