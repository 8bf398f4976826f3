// The function library: every function's documented example gives its documented result in
// both modes, and docs/language.md documents exactly the functions that exist.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtins } from "../engine/functions/index.js";
import { ALL_MEMBERS as MEMBERS } from "../engine/functions/java-members.js";
import { render, renderError } from "./helpers.js";
import { escapeHtml } from "../engine/values.js";

// The functions the callback examples (arrayMap…) pass by name; docs/language.md describes them.
const CALLBACKS = [
  ["double", "n", "<dbt:return n * 2>"],
  ["isEven", "n", "<dbt:return n MOD 2 EQ 0>"],
  ["isNumericChar", "c", "<dbt:return isNumeric(c)>"],
  ["add", "a,b", "<dbt:return a + b>"],
  ["show", "x", "[#x#]"],
  ["showRowN", "row", "[#row.n#]"],
  ["keyTimesTwo", "k,v", "<dbt:return k & v * 2>"],
  ["valueIsEven", "k,v", "<dbt:return v MOD 2 EQ 0>"],
  ["addValue", "acc,k,v", "<dbt:return acc + v>"],
  ["rowNIsEven", "row", "<dbt:return row.n MOD 2 EQ 0>"],
  ["addRowN", "acc,row", "<dbt:return acc + row.n>"],
  ["rowNTimesTwo", "row", "<dbt:set row.n = row.n * 2><dbt:return row>"],
]
  .map(
    ([name, params, body]) =>
      `<dbt:function name="${name}">${params!
        .split(",")
        .map((p) => `<dbt:argument name="${p}">`)
        .join("")}${body}</dbt:function>`,
  )
  .join("");

describe("built-in functions", () => {
  it("has at least 60 functions, uniquely named", () => {
    expect(builtins.length).toBeGreaterThanOrEqual(60);
    expect(new Set(builtins.map((b) => b.name.toLowerCase())).size).toBe(builtins.length);
  });

  it.each(builtins.filter((b) => !b.server && !b.statement).map((b) => [b.name, b] as const))(
    "%s: example prints its result",
    async (_name, b) => {
      // Complex results print as JSON; toString makes raw and pre-escaped strings plain text, escaped once.
      const out = await render(
        `${b.awaits ? CALLBACKS : ""}<dbt:set r = ${b.example}><dbt:set s = isSimpleValue(r) ? r : jsonEncode(r)><dbt:output>#toString(s)#</dbt:output>`,
      );
      expect(out).toBe(escapeHtml(b.result));
    },
  );

  it("are called case-insensitively", async () => {
    expect(await render('<dbt:output>#UCASE("a")# #ListLen("a,b")#</dbt:output>')).toBe("A 2");
  });
});

describe("docs/language.md", () => {
  const doc = readFileSync(join(import.meta.dirname, "..", "docs", "language.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Function library"), doc.indexOf("## Differences from CFML"));
  const documented = [...section.matchAll(/^\| `([A-Za-z_][A-Za-z0-9_]*)\(/gm)].map((m) => m[1]!);

  it("documents every function, and no function that does not exist", () => {
    expect([...documented].sort()).toEqual(builtins.map((b) => b.name).sort());
  });

  it("lists every member function (scripts/function-docs.mjs writes the table)", () => {
    const table = doc.slice(doc.indexOf("| receiver | member functions |"), doc.indexOf("\n## Function library"));
    const rows = new Map(
      [...table.matchAll(/^\| (\w+) \| (.*) \|$/gm)].map((m) => [
        m[1]!,
        [...m[2]!.matchAll(/`(\w+)`/g)].map((x) => x[1]!),
      ]),
    );
    rows.delete("receiver");
    const lib = new Map(builtins.map((b) => [b.name.toLowerCase(), b]));
    const expected = new Map(
      Object.entries(MEMBERS).map(([type, ms]) => [
        type,
        Object.values(ms)
          .filter(([fn]) => lib.has(fn.toLowerCase()))
          .map(([, , , written]) => written),
      ]),
    );
    expect(rows).toEqual(expected);
    // Every entry reaches a built-in Quarry has: the generator keeps only those.
    for (const ms of Object.values(MEMBERS))
      for (const [fn] of Object.values(ms)) expect(lib.has(fn.toLowerCase())).toBe(true);
  });
});

// Behaviours Lucee's own function tests assert (scripts/cfml-cases.mjs), one render per table.
describe("as CFML (Lucee) does", () => {
  const cases: [string, string][] = [
    // Java's CET is +01:00 before Berlin took it up in 1893: whole hours apart a century back.
    [
      'setTimeZone("CET") & dateDiff("h", createDateTime(1975,1,9,1,1,30), createDateTime(1875,1,9,1,1,30))',
      "UTC-876576",
    ],
    ['setTimeZone("CET") & timeFormat(createDateTime(1875,1,9,1,1,30), "HH:mm:ss")', "UTC01:01:30"],
    // Java groups Swiss numbers with ’ (U+2019), where current CLDR has an apostrophe.
    ['lsCurrencyFormat(100000, "local", "de-CH")', "CHF 100\u2019000.00"],
    ['lsNumberFormat(1234567.5, ",.0", "German (Swiss)")', "1\u2019234\u2019567.5"],
    ['lsEuroCurrencyFormat(1.2, "international", "de-DE")', "EUR 1,20"],
    // Charsets beyond utf-8 and iso-8859-1, by their WHATWG names.
    ['urlDecode("%8eq", "windows-31j") & urlDecode("%82%A0", "Shift_JIS")', "\u5b50\u3042"],
    // CFMX_COMPAT gives what other engines' ports give (cf-encrypt, PHPCFEncrypt).
    ['encrypt("testit", "thisisatestkey", "CFMX_COMPAT", "hex")', "650C948E904A"],
    ['decrypt("518E77F112CD55A3FD5C", "secretkey", "CFMX_COMPAT", "hex")', "hello node"],
    ['encrypt("hello cf", "secretkey")', "(48YW\\1+-6*H \n"],
    ['len(encrypt("a", "YWJjZGVmZ2hpamtsbW5vcA==", "AES/CBC/PKCS5Padding", "hex"))', "64"],
    [
      'isValid("date", "6/2007") & " " & dateFormat("2007-06", "yyyy-mm-dd") & " " & isDate("6/31")',
      "true 2007-06-01 false",
    ],
    // Text becomes bytes as Java's getBytes(charset) makes them: utf-16 big-endian after a
    // byte-order mark, gb2312 (Java's euc-cn) and big5 through their tables, "?" for a character
    // the charset lacks; hmac's default is HmacMD5.
    ['toBase64("中", "utf-16") & " " & toBase64("中ä", "euc-cn") & " " & toBase64("中", "big5")', "/v9OLQ== 1tA/ pKQ="],
    // One table per encoding, whatever label or spelling names it (a visitor's charset adds none).
    ['toBase64("中", "GB2312") & " " & toBase64("中", "x-gbk") & " " & toBase64("中", " Big5 ")', "1tA= 1tA= pKQ="],
    [
      'hmac("this is a test", "ABC123") & " " & left(hmac("this is a test", "ABC123", "HMACSHA512", "utf-16"), 16)',
      "776770430C93778AD6F91B43A4A30B69 3D625C3F887D3D02",
    ],
    [
      'hash40("this is a test", "SHA", "utf-16", 3) & " " & hash40("this is a test", "MD5", "iso-8859-1", 2)',
      "1942EEE84635ACB46317C52109A1B75F338F9262 9F72B68572D3706B312213F2E4B0A818",
    ],
    // serialize writes CFML source as Lucee's ScriptConverter does.
    [
      'serialize(queryNew("a,b", [[1, "x"], [2, "y"]])) & serialize(createDateTime(2024,1,2,3,4,5)) & serialize(javaCast("null","")) & serialize([true, 1.5, "a""b"])',
      'query("a":[1,2],"b":["x","y"])createDateTime(2024,1,2,3,4,5,0,"UTC")nullValue()[true,1.5,"a""b"]',
    ],
    // Lucee's trimWhitespace keeps a line break of a run of white space, else its first character.
    ['trimWhitespace("a " & chr(9) & chr(10) & chr(10) & " b" & chr(9) & " ")', "a\nb\t"],
    // Weeks as Java's Calendar counts them in the locale's country; a locale without one counts from Sunday.
    [
      'lsWeek("2021-01-03", "de-CH") & lsWeek("2024-12-30", "de-CH") & lsWeek("2024-12-29", "en-US") & lsWeek("2022-01-17", "ca") & lsDayOfWeek(createDateTime(2022,11,20,12,0,0), "ar-IQ") & lsDayOfWeek(createDateTime(2022,11,20,23,0,0), "de-CH", "Asia/Tokyo")',
      "5311421",
    ],
    // Numbers read as Java's NumberFormat reads them in the locale.
    [
      'lsParseNumber("250.000", "pt-BR") & " " & lsParseNumber(" -1 234,5", "fr-FR") & " " & lsIsNumeric("1,2,3.5", "en-US") & lsIsNumeric("1.2.3", "en-US")',
      "250000 -1234.5 truefalse",
    ],
    // mmm and ddd are the locale's abbreviations without their dot (Java's Jan., Fr.), as Lucee prints them.
    [
      'lsDateFormat("2004-01-02", "ddd mmm", "de-CH") & " " & lsDateFormat("2004-03-02", "ddd mmm", "fr-FR")',
      "Fr Jan mar mars",
    ],
    // Lucee's column type names; one row's values as an array; a query's JSON with another key stays a struct.
    [
      'queryNew("id,n", "int,sql_varchar", [{"id": 1, "n": "a"}]).recordCount & queryAddRow(queryNew("a,b"), ["x", "y"]) & isQuery(deserializeJSON(\'{"COLUMNS":["A"],"DATA":[[1]],"X":1}\', false))',
      "11false",
    ],
    // ESAPI's DN and LDAP filter escapes; esapiEncode dispatches by name.
    [
      'encodeForDN(" a,b<c ") & "|" & encodeForLDAP("(cn=a*)\\") & "|" & esapiEncode("html", "<script>")',
      "\\ a\\,b\\<c\\ |\\28cn=a\\2a\\29\\5c|&lt;script&gt;",
    ],
    // toScript writes JavaScript statements as CFML's does; </ is escaped always.
    [
      'toScript(queryNew("name,age", "varchar,numeric", {"name": "Susi", "age": 20}), "Query") & toScript({"K": [true, "é</"]}, "o.v", true, true)',
      'Query=new WddxRecordset();col0=new Array();col0[0]="Susi";Query["name"]=col0;col0=null;col1=new Array();col1[0]=20;Query["age"]=col1;col1=null;o.v={};o.v["k"]=[];o.v["k"][0]="true";o.v["k"][1]="\\u00e9<\\/";',
    ],
    // A time of day prints as {t '…'} in the zone of the page that made it; date arithmetic on it gives a date.
    [
      'setTimeZone("Asia/Kolkata") & createTime(12, 11) & dateAdd("d", 1, createTime(1))',
      "UTC{t '12:11:00'}{ts '1899-12-31 01:00:00'}",
    ],
    // "numeric" counts a date in digits (CFML casts it to days), not one with a month's name.
    [
      'isValid("numeric", "6/2007") & isValid("number", "2007-06-01 10:00") & isValid("numeric", "Wednesday, January 30, 2002 7:02:12 AM") & isValid("float", "6/2007")',
      "truetruefalsefalse",
    ],
    [
      'isXML("xmlString") & isXML("<a><b></a></b>") & isXML("<a x=1/>") & isXML("<a>&foo;</a>") & isWDDX("I love lucee")',
      "falsefalsefalsefalsefalse",
    ],
    ['isXML(repeatString("<a>", 50000) & repeatString("</a>", 50000))', "true"],
    ['isObject(javaCast("null", "")) & " " & javaCast("long", -2.7)', "false -2"],
    ['metaphone("lucee") & " " & metaphone("coldfusion") & " " & metaphone("school")', "LS KLTF SKL"],
  ];
  it("toScript refuses a name that is not a JavaScript variable", async () => {
    const err = await renderError('<dbt:set s = toScript(1, "x;alert(1)")>');
    expect([err.code, err.message]).toEqual([
      "QRY_ERR_FUNCTION",
      'toScript: "x;alert(1)" is not a JavaScript variable name',
    ]);
  });
  it("refuses a date beyond JavaScript's years", async () => {
    const err = await renderError('<dbt:set d = dateAdd("yyyy", 300000, "2024-01-01")>');
    expect(err.code).toBe("QRY_ERR_FUNCTION");
    expect(err.message).toContain("beyond the years -271821 to 275760");
  });
  it("prints what Lucee prints", async () => {
    // Cases are apart by a separator no result holds (encrypt's UU text has line breaks).
    const page = cases
      .map(
        ([e]) => `<dbt:set r = ${e}><dbt:output>#r#</dbt:output><dbt:set r = setTimeZone("UTC") & setLocale("en-US")>`,
      )
      .join("\u241e");
    expect((await render(page)).split("\u241e")).toEqual(cases.map(([, want]) => escapeHtml(want)));
  });
});

describe("sleep", () => {
  it("waits, then the page goes on, in both modes", async () => {
    expect(
      await render(
        "<dbt:set t = getTickCount()><dbt:set sleep(20)><dbt:output>#getTickCount() - t GTE 20#</dbt:output>",
      ),
    ).toBe("true");
  });
  it("stops at the page's time limit, located, however long it was asked to wait", async () => {
    const err = await renderError('<dbt:setting requesttimeout="0.05">\n<dbt:set sleep(600000)>');
    expect([err.code, `${err.loc?.line}:${err.loc?.column}`]).toEqual(["QRY_ERR_TIMEOUT", "2:10"]);
  });
  it("refuses a negative time", async () => {
    const err = await renderError("<dbt:set sleep(-1)>");
    expect([err.code, err.message]).toEqual([
      "QRY_ERR_FUNCTION",
      "sleep takes a number of milliseconds of 0 or more, got -1",
    ]);
  });
});
