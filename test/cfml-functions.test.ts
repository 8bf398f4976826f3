// CFML functions and arguments a ported page uses (issue 25): engine/functions/extras.ts, echo and
// writeOutput's encodeFor argument, encodeFor. Both modes agree on every case (render/renderError).
import { describe, expect, it } from "vitest";
import { realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { MODES, outcome, render, renderError, renderMode, site } from "./helpers.js";

describe("echo and writeOutput(value, encodeFor)", () => {
  it("echo writes escaped as writeOutput does; a second argument encodes for that context first", async () => {
    const out = await render(
      '<dbt:set echo("<b>")>|<dbt:set writeOutput("a b&c", "url")>|<dbt:set writeOutput("<i>", "html")>|<dbt:set writeOutput("\'x\'", "javascript")>|<dbt:output>#echo(1 + 1)#</dbt:output>',
    );
    expect(out).toBe("&lt;b&gt;|a+b%26c|&lt;i&gt;|\\x27x\\x27|2");
  });

  it("refuses an unknown context, located", async () => {
    const err = await renderError('<dbt:set writeOutput("x", "sql")>');
    expect([err.code, err.message, `${err.loc?.line}:${err.loc?.column}`]).toEqual([
      "QRY_ERR_FUNCTION",
      'writeOutput: unknown encoding "sql" (css, dn, html, html_attr, javascript, ldap, url, xml, xml_attr)',
      "1:10",
    ]);
  });
});

describe("encodeFor", () => {
  it("takes Lucee's (string, type) and esapiEncode's (type, string), and named arguments", async () => {
    const out = await render(
      '<dbt:output>#encodeFor("<x>", "html")#|#encodeFor("url", "a b")#|#encodeFor(type = "url", string = "c d")#</dbt:output>',
    );
    expect(out).toBe("&lt;x&gt;|a+b|c+d");
  });
});

describe("empty", () => {
  it("is true for an undefined, null or empty variable, by name", async () => {
    const out = await render(
      '<dbt:set s = ""><dbt:set a = []><dbt:set st = {k: 1}><dbt:set q = queryNew("a")><dbt:output>#empty("nope")# #empty("s")# #empty("a")# #empty("st")# #empty("st.k")# #empty("q")# #empty("url.x")#</dbt:output>',
      { url: { x: "1" } },
    );
    expect(out).toBe("true true true false false true false");
  });
});

describe("isSafeHTML", () => {
  it("accepts plain formatting and refuses scripts, handlers, styles, comments and javascript: links", async () => {
    const cases: [string, boolean][] = [
      ["plain text, 1 > 0", true],
      ['<p class="x">Hi <a href="https://example.org/?a=1" title="t">link</a><br/></p>', true],
      ["<script>alert(1)</script>", false],
      ['<img src="x" onerror="alert(1)">', false],
      ['<b onclick="x()">b</b>', false],
      ['<a href="javascript:alert(1)">x</a>', false],
      ['<a href="jav&#x61;script:alert(1)">x</a>', false],
      ['<p style="background:url(x)">x</p>', false],
      ["<!-- x --><p>y</p>", false],
      ["1 < 2", false],
      ["<svg><a>x</a></svg>", false],
    ];
    const page = cases.map((_, i) => `<dbt:output>#isSafeHTML(url.h${i})#</dbt:output>`).join(",");
    const url = Object.fromEntries(cases.map(([h], i) => [`h${i}`, h]));
    expect(await render(page, { url })).toBe(cases.map(([, ok]) => String(ok)).join(","));
  });
});

describe("numbers", () => {
  it("parseNumber reads each radix and refuses what is not a number", async () => {
    expect(
      await render(
        '<dbt:output>#parseNumber("-12.5")# #parseNumber("777", "oct")# #parseNumber("FF", "hex")# #parseNumber(string = "11", radix = "bin")#</dbt:output>',
      ),
    ).toBe("-12.5 511 255 3");
    const err = await renderError('<dbt:set n = parseNumber("12a")>');
    expect([err.code, err.message]).toEqual(["QRY_ERR_FUNCTION", 'parseNumber: "12a" is not a dec number']);
  });

  it("lsParseCurrency reads lsCurrencyFormat's output back, negatives in parentheses too", async () => {
    const out = await render(
      '<dbt:output>#lsParseCurrency(lsCurrencyFormat(-1234.5, "local", "en-US"), "en-US")# #lsParseCurrency("(€3,50)", "de-DE")# #lsParseCurrency("CHF 1’000.25", "de-CH")#</dbt:output>',
    );
    expect(out).toBe("-1234.5 -3.5 1000.25");
    const err = await renderError('<dbt:set n = lsParseCurrency("$", "en-US")>');
    expect(err.message).toBe('Cannot read "$" as an amount in locale en-US');
  });
});

describe("arrayRange", () => {
  it("counts up or down, and stops at maxArrayLength", async () => {
    expect(
      await render(
        "<dbt:output>#jsonEncode(arrayRange(2, 5))# #jsonEncode(arrayRange(from = 1, to = -1))#</dbt:output>",
      ),
    ).toBe("[2,3,4,5] [1,0,-1]");
    const err = await renderError("<dbt:set a = arrayRange(1, 1e12)>");
    expect(err.code).toBe("QRY_ERR_ARRAY_LIMIT");
  });
});

describe("isLocalHost, reEscape, stringSort", () => {
  it("answer as Lucee does", async () => {
    const out = await render(
      '<dbt:output>#isLocalHost("127.1.2.3")# #isLocalHost("::ffff:127.0.0.1")# #isLocalHost("[::1]")# #isLocalHost("::2")# #isLocalHost("example.org")#|#reFind(reEscape("a.c"), "abc a.c")#|#stringSort("dcba")#</dbt:output>',
    );
    expect(out).toBe("true true true false false|5|abcd");
  });
});

describe("queryCurrentRow", () => {
  it("follows the loop over the query", async () => {
    const out = await render(
      '<dbt:set q = queryNew("a", "integer", [[10], [20], [30]])><dbt:loop query="q"><dbt:output>#queryCurrentRow(q)#:#a# </dbt:output></dbt:loop><dbt:output>#queryCurrentRow(q)#</dbt:output>',
    );
    expect(out).toBe("1:10 2:20 3:30 1");
  });
});

describe("getLocaleDisplayName, getTimezoneInfo", () => {
  it("name a locale and describe a zone", async () => {
    const out = await render(
      '<dbt:set i = getTimezoneInfo("Asia/Kolkata")><dbt:output>#getLocaleDisplayName("fr-CA", "en-US")#|#i.utcTotalOffset# #i.utcHourOffset# #i.utcMinuteOffset# #i.isDSTOn#</dbt:output>',
    );
    expect(out).toBe("French (Canada)|-19800 -5 -30 false");
    const err = await renderError('<dbt:set i = getTimezoneInfo("Mars/Base")>');
    expect(err.message).toBe('getTimezoneInfo: unknown time zone "Mars/Base"');
  });
});

describe("optional arguments CFML code passes", () => {
  it("isArray(a, dims), arrayAppend merge, arrayContains substring, replace from a start", async () => {
    const out = await render(
      '<dbt:set a = arrayNew(2)><dbt:set b = [1]><dbt:set arrayAppend(b, [4, 5], true)><dbt:output>#isArray(a, 2)# #isArray(a, 1)# #isArray([[1]], 2)# #jsonEncode(b)# #arrayContains(["apple"], "pl", true)# #arrayContains(["apple"], "pl")# #replace("a-b-c-d", "-", "+", "all", 4)# #replaceNoCase("A-A-A", "a", "x", "one", 2)#</dbt:output>',
    );
    expect(out).toBe("true false true [1,4,5] 1 0 a-b+c+d A-x-A");
  });

  it("arraySlice with a negative start and a negative count, as Lucee 6.2 (checked with scripts/lucee-eval.mjs)", async () => {
    const out = await render(
      "<dbt:set a = [1, 2, 3, 4, 5]><dbt:output>#jsonEncode(arraySlice(a, -3))# #jsonEncode(arraySlice(a, 2, -1))# #jsonEncode(arraySlice(a, -2, 1))# #jsonEncode(arraySlice([1, 2], 2, -2))#</dbt:output>",
    );
    expect(out).toBe("[2,3,4,5] [2,3,4] [3] [2]");
    const err = await renderError("<dbt:set x = arraySlice([1, 2], 3)>");
    expect(err.message).toBe("arraySlice: offset 3 is past the array's 2 elements");
  });

  it('structNew\'s CFML types, serialize(x, "json"), queryDeleteRow without a row', async () => {
    const out = await render(
      '<dbt:set s = structNew("casesensitive")><dbt:set s.a = 1><dbt:set s.A = 2><dbt:set q = queryNew("n", "integer", [[1], [2], [3]])><dbt:set queryDeleteRow(q)><dbt:output>#structCount(s)# #structCount(structNew("ordered"))# #serialize({"k": [1, "x"]}, "json")# #q.recordCount#</dbt:output>',
    );
    expect(out).toBe("2 0 {&quot;k&quot;:[1,&quot;x&quot;]} 2");
    const err = await renderError('<dbt:set s = structNew("weak")>');
    expect(err.message).toBe(
      'structNew: type must be normal, ordered, linked, casesensitive or ordered-casesensitive, got "weak"',
    );
  });
});

describe("results CFML gives", () => {
  it("arrayNew(2) makes rows of arrays; arrayMerge with leaveIndex keeps the first array's positions", async () => {
    const out = await render(
      '<dbt:set a = arrayNew(2)><dbt:set a[1][1] = "x"><dbt:set a[2][2] = "y"><dbt:output>#serializeJSON(arrayMerge([1, 2], [7, 8, 9], true))# #isArray(a[1])#</dbt:output>',
    );
    expect(out).toBe("[1,2,9] true");
    expect(
      await render('<dbt:set a = arrayNew(2)><dbt:set a[1][1] = "x"><dbt:output>#serializeJSON(a)#</dbt:output>'),
    ).toBe("[[&quot;x&quot;]]");
  });

  it("ucFirst(s, true) starts words after white space, dots, dashes and parentheses; lowers only an all-capitals text", async () => {
    const out = await render(
      '<dbt:output>#ucFirst("susi q. sorglos-meier (jr)", true)#|#ucFirst("SUSI Q. SORGLOS", true, true)#|#ucFirst("ronald McDonald", true, true)#</dbt:output>',
    );
    expect(out).toBe("Susi Q. Sorglos-Meier (Jr)|Susi Q. Sorglos|Ronald McDonald");
  });

  it("isNull is true for what is not there, in both modes", async () => {
    const out = await render(
      "<dbt:set s = {}><dbt:output>#isNull([1, 2, 3][6])# #isNull(s.missing)# #isNull(nope)# #isNull(s)# #isNull(nullValue())#</dbt:output>",
    );
    expect(out).toBe("true true true false true");
  });

  it("refuses to write a function as JSON, and escapes <!-- in serializeJSON", async () => {
    const err = await renderError(
      '<dbt:function name="f"><dbt:return 1></dbt:function><dbt:set j = jsonEncode({a: f})>',
    );
    expect([err.code, err.message]).toEqual(["QRY_ERR_FUNCTION", "A function (f) cannot be written as JSON"]);
    const err2 = await renderError(
      '<dbt:function name="f"><dbt:return 1></dbt:function><dbt:set j = serializeJSON([f])>',
    );
    expect(err2.message).toBe("A function (f) cannot be written as JSON");
    expect(await render('<dbt:output>#raw(serializeJSON("<!--</script>"))#</dbt:output>')).toBe(
      '"\\u003c!--<\\/script>"',
    );
  });
});

describe("expandPath and getTempDirectory", () => {
  it("expand from the site's folder or the page's, never outside the site, in both modes", async () => {
    const root = site({
      "sub/page.dbt":
        '<dbt:output>#expandPath("/img/a.png")#|#expandPath("b.txt")#|#expandPath("../c.txt")#|#expandPath("./")#</dbt:output>',
      "out.dbt": '<dbt:set p = expandPath("sub/../../etc/passwd")>',
    });
    const real = realpathSync(root);
    for (const mode of MODES) {
      const out = await renderMode(root, mode, "sub/page.dbt");
      expect(out.replaceAll(real, "ROOT").replaceAll(root, "ROOT")).toBe(
        "ROOT/img/a.png|ROOT/sub/b.txt|ROOT/c.txt|ROOT/sub/",
      );
      const err = (await outcome(root, mode, "out.dbt")).error;
      expect(err).toBe(
        'out.dbt:1:14 QRY_ERR_FUNCTION: expandPath: "sub/../../etc/passwd" is outside the site\n> 1 | <dbt:set p = expandPath("sub/../../etc/passwd")>\n    |              ^',
      );
    }
  });

  it("gives each site its own temporary folder, readable by this user only", async () => {
    const a = await render("<dbt:output>#getTempDirectory()#</dbt:output>");
    const b = await render("<dbt:output>#getTempDirectory()#</dbt:output>");
    expect(a).not.toBe(b);
    expect(a.startsWith(tmpdir())).toBe(true);
    expect(statSync(a).mode & 0o777).toBe(0o700);
    rmSync(a, { recursive: true });
    rmSync(b, { recursive: true });
  });
});

describe("member forms and Lucee's parameter names", () => {
  it("reach the new functions and arguments", async () => {
    const out = await render(
      '<dbt:set a = [1]><dbt:set a.append([2, 3], true)><dbt:output>#jsonEncode(a)# #"dcba".sort()# #isArray(value = a, dimension = 1)# #parseNumber(number = "10", radix = "hex")# #getLocaleDisplayName(locale = "it-IT", dspLocale = "en-US")#</dbt:output>',
    );
    expect(out).toBe("[1,2,3] abcd true 16 Italian (Italy)");
  });
});
