// CFML compatibility: functions behave as in Adobe ColdFusion and Lucee (their own test
// assertions, translated), except where docs/language.md says why not. Each table renders as
// one template in both modes.
import { describe, expect, it } from "vitest";
import { at, render, renderError } from "./helpers.js";

/** Renders every expression (one per line) and returns what each printed. */
async function results(cases: [string, string][]): Promise<string[]> {
  const page = cases
    .map(([expr]) => `<dbt:set r = ${expr}><dbt:output>[#isSimpleValue(r) ? r : jsonEncode(r)#]</dbt:output>`)
    .join("\n");
  const out = await render(page);
  const unescape = (s: string) =>
    s
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return out.split("\n").map((l) => unescape(l.replace(/^\[|\]$/g, "")));
}

function table(name: string, cases: [string, string][]) {
  it(name, async () => {
    const got = await results(cases);
    expect(cases.map(([e], i) => [e, got[i]])).toEqual(cases.map(([e, want]) => [e, want]));
  });
}

describe("dates", () => {
  table("timeFormat masks", [
    ['timeFormat("2002-12-12 13:12:12", "HH:mm:ss")', "13:12:12"],
    ['timeFormat("2002-12-12 13:12:12", "hh:mm:ss")', "01:12:12"],
    ['timeFormat("2004-01-02 14:00:00", "hh:HH:h:H")', "02:14:2:14"],
    ['timeFormat("2004-01-02 14:00:00")', "02:00 PM"],
    ['timeFormat("2009-06-29 00:15:26", "h TT")', "12 AM"],
    ['timeFormat("2004-01-02 04:05:06", "t")', "A"],
    ['timeFormat("2000-01-02 03:05:06", "MM")', "05"],
    ['timeFormat("2000-01-02 03:05:06", "Nm")', "05"],
    ['timeFormat("2008-09-01 01:34:55.123", "HHmmsslll")', "013455123"],
    ['timeFormat("2004-01-02 14:00:00", "short")', "2:00 PM"],
    ['timeFormat("2004-01-02 14:00:00", "medium")', "2:00:00 PM"],
    ['timeFormat("2004-01-02 14:00:00", "long")', "2:00:00 PM UTC"],
    ['timeFormat("")', ""],
    ["timeFormat(0.5)", "12:00 PM"],
  ]);
  table("dateFormat masks", [
    ['dateFormat("2004-01-02", "medium")', "Jan 2, 2004"],
    ['dateFormat("2004-01-02", "short")', "1/2/04"],
    ['dateFormat("2004-01-02", "long")', "January 2, 2004"],
    ['dateFormat("2004-01-02", "full")', "Friday, January 2, 2004"],
    ['dateFormat("2004-01-02", "y")', "2004"],
    ['dateFormat("2004-01-02", "MMMM")', "January"],
    ['dateFormat("2004-01-02")', "02-Jan-04"],
    ['dateFormat("")', ""],
    ['dateFormat(" ", "dd.mm.yyyy") & "x"', "x"],
    ['dateFormat(0, "dd-mm-yyyy")', "30-12-1899"],
    ['dateFormat("2005/10/01 00:00:00", "dd.mm.yyyy")', "01.10.2005"],
    ['dateFormat("{ts \'2008-09-01 01:34:55\'}", "yymmdd")', "080901"],
    ['dateFormat("11/01/1975 12:01 PM", "yyyy-mm-dd")', "1975-11-01"],
  ]);
  table("dateAdd clamps to the end of the month", [
    ['dateAdd("m", 1, "1900-01-31")', "{ts '1900-02-28 00:00:00'}"],
    ['dateAdd("yyyy", 1, "2024-02-29")', "{ts '2025-02-28 00:00:00'}"],
    ['dateAdd("m", -1, "2024-03-31")', "{ts '2024-02-29 00:00:00'}"],
    ['dateAdd("q", 1, "2001-11-01 04:10:04")', "{ts '2002-02-01 04:10:04'}"],
    ['dateAdd("w", 10, "2001-11-01 04:10:04")', "{ts '2001-11-15 04:10:04'}"],
    ['dateAdd("y", 10, "2001-11-01 04:10:04")', "{ts '2001-11-11 04:10:04'}"],
    ['dateAdd("m", 1, 32)', "{ts '1900-02-28 00:00:00'}"],
  ]);
  table("offsets, day-first dates and time zones", [
    ['parseDateTime("01/01/2001 12:00:00+1")', "{ts '2001-01-01 11:00:00'}"],
    ['parseDateTime("30/06/2001 12:00:00+2")', "{ts '2001-06-30 10:00:00'}"],
    ['parseDateTime("2001-01-01 12:00:00 -0800")', "{ts '2001-01-01 20:00:00'}"],
    ['dateAdd("m", 1, "{t \'15:19:50+1:0\'}")', "{ts '1900-01-30 14:19:50'}"],
    ['createDateTime(2000, 1, 1, 12, 0, 0, 0, "Asia/Kolkata")', "{ts '2000-01-01 06:30:00'}"],
    ['beat(createDateTime(2000, 1, 1, 12, 0, 0, 0, "CET"))', "500"],
    ['getNumericDate("1970-01-01 06:00")', "25569.25"],
  ]);
  table("ls* functions read numeric dates in the locale's day/month order", [
    ['lsDateFormat("06.04.08", "short", "de-CH")', "06.04.08"],
    ['lsDateFormat("06/04/2008", "long", "en-GB")', "6 April 2008"],
    ['lsDateFormat("06/04/2008", "long")', "June 4, 2008"],
    [
      'setLocale("German (Swiss)") & " " & dayOfWeekAsString(1) & " " & getLocale()',
      "English (US) Sonntag german (swiss)",
    ],
  ]);
  table("lsParseDateTime reads what people of a locale write", [
    ['lsParseDateTime("31.12.2008 13:05", "de-CH")', "{ts '2008-12-31 13:05:00'}"],
    ['lsParseDateTime("Freitag, 29. Februar 2008 01:02 Uhr", "German (Swiss)")', "{ts '2008-02-29 01:02:00'}"],
    ['lsParseDateTime("Feb 29, 2008 1:02:03 PM", "en-US")', "{ts '2008-02-29 13:02:03'}"],
    ['lsParseDateTime("6 avr. 2008", "fr-FR")', "{ts '2008-04-06 00:00:00'}"],
    ['lsParseDateTime("06-Apr-2008", "en-GB")', "{ts '2008-04-06 00:00:00'}"],
    ['lsParseDateTime("12/30/08", "en-US")', "{ts '2008-12-30 00:00:00'}"],
    ['lsParseDateTime("2008-12-31", "en-GB")', "{ts '2008-12-31 00:00:00'}"],
    ['lsParseDateTime("01:02:03")', "{ts '1899-12-30 01:02:03'}"],
    [
      'setTimeZone("Europe/Berlin") & " " & lsParseDateTime("06 April 2008 01:02:03 o\'clock GMT", "en-GB")',
      "UTC {ts '2008-04-06 03:02:03'}",
    ],
    ['lsParseDateTime("1/30/02 7:02:33", "en", "m/dd/yy h:mm:ss")', "{ts '2002-01-30 07:02:33'}"],
    ['lsIsDate("12/31/2008", "en-GB") & " " & lsIsDate("31/12/2008", "en-GB")', "false true"],
    ['lsIsDate("Monday, February 29, 2008", "en-US") & " " & lsIsDate("Feb 30, 2008", "en-US")', "false false"],
    // Hostile input: read token by token, in one pass.
    ['lsIsDate(repeatString("1:2 ", 50000)) & " " & lsIsDate(repeatString("Feb ", 50000))', "false false"],
  ]);
  it("lsParseDateTime refuses what the locale does not read, with the locale in the message", async () => {
    const err = await renderError('<dbt:set d = lsParseDateTime("12/31/2008", "english (uk)")>');
    expect([err.code, err.message]).toEqual(["QRY_ERR_FUNCTION", '"12/31/2008" is not a date or time in locale en-GB']);
  });
  table("date parts and builders", [
    ["createDateTime(2000)", "{ts '2000-01-01 00:00:00'}"],
    ["createDate(2000, 12)", "{ts '2000-12-01 00:00:00'}"],
    ['datePart("y", "2001-12-01")', "335"],
    ['datePart("w", "2001-12-01")', "7"],
    ['dateDiff("q", "2000-01-01", "2030-01-01")', "120"],
    ['dateCompare("2007-10-10 00:00:00", "2007-10-09 23:59:59", "m")', "0"],
    ['week("2020-12-27")', "53"],
    ['dateTimeFormat("2000-01-02 03:04:05")', "02-Jan-2000 03:04:05"],
    ['dateTimeFormat("2000-01-02 03:04:05", "EEE, MMM d, \'\'yy")', "Sun, Jan 2, '00"],
    ["dateTimeFormat(\"2000-01-02 03:04:05\", \"hh 'o''clock' a\")", "03 o'clock AM"],
    ['createODBCDateTime("2001-11-01 04:10:04")', "{ts '2001-11-01 04:10:04'}"],
    ['year(createODBCDate("2001-11-01"))', "2001"],
  ]);
});

describe("lists", () => {
  table("listSetAt, listDeleteAt and listInsertAt keep the rest of the list", [
    ['listSetAt("http://localhost/", 2, "x", "/")', "http://x/"],
    ['listSetAt("http://localhost/", 1, "x", "/")', "x//localhost/"],
    ['listSetAt(",,aaa,,,bbb,,,ccc", 2, "xxx", ",", true)', ",xxx,aaa,,,bbb,,,ccc"],
    ['listDeleteAt(",,a,b,c,d,,", 3)', ",,a,b,d,,"],
    ['listDeleteAt(",,a,b,c,d,,", 3, ",", true)', ",,b,c,d,,"],
    ['listDeleteAt("a,b,c", 3)', "a,b"],
    ['listInsertAt("aaa,bbb,ccc", 2, "susi", ".,;")', "aaa,susi.bbb,ccc"],
    ['listInsertAt(",,,aaa,,bbb,ccc", 3, "susi", ",", true)', ",,susi,,aaa,,bbb,ccc"],
  ]);
  table("empty fields, delimiters and substrings", [
    ['listAppend("1,2", 3, "")', "1,2"],
    ['listAppend(",,1,,", 2)', ",,1,,,2"],
    ['listContains("evaluate,,expression", "")', "0"],
    ['listContainsNoCase("evaluate, ,expression", "EXPRESSION")', "3"],
    ['listLen(",,aaa,,", ",", true)', "5"],
    ['listLen("", ",", true)', "1"],
    ['listFind("a,,c", "c", ",", true)', "3"],
    ['listRest("//a/b/c", "/", true)', "/a/b/c"],
    ['listRest("aa////bb/cc", "/", false, 1)', "bb/cc"],
    ['arrayToList(listToArray(":-:-a:-b:-:-c:-:-", ":-", true, true), "*")', "**a*b**c**"],
    ['listSort("d,a,a,b,A", "textnocase", "desc")', "d,b,A,a,a"],
    ['listQualify(",,1,2,3,", ":", ",", "all")', ":1:,:2:,:3:"],
    ['listItemTrim(",,,,, , a ,, b ,c,d", ",")', ",a,b,c,d"],
    ['listChangeDelims("a,,b", ";", ",:;", true)', "a;;b"],
    ['listCompact(",;V1,V2,V3,;", ",;", true)', "V1,V2,V3"],
    ['listValueCount(",a,,b,", "", ",", true)', "3"],
    ['listRemoveDuplicates("1,7,,7,10,6,7,8")', "1,7,10,6,8"],
  ]);
});

describe("dates (Lucee's tests and tickets)", () => {
  table("W is the week of the month; named and epoch masks of dateTimeFormat", [
    ['dateFormat("09/14/2018", "W-mmmm")', "3-September"],
    ['dateFormat("04/24/2018", "W/m") & " " & dateFormat("07/31/2018", "WW@yyyy")', "4/4 05@2018"],
    ['dateFormat("03/22/2018", "WW/yyyy") & " " & dateFormat("09/14/2018", "ww")', "04/2018 37"],
    ['dateTimeFormat("2018-09-01", "W F") & " " & dateTimeFormat("2018-09-02", "W")', "1 1 2"],
    ['dateTimeFormat("2022/01/02 11:22:33.444", "isoMs")', "2022-01-02T11:22:33.444Z"],
    ['dateTimeFormat("2022/01/02 11:22:33.444", "javascript")', "2022-01-02T11:22:33.444Z"],
    [
      'dateTimeFormat("2022/01/02 11:22:33.444", "epoch") & " " & dateTimeFormat("2022/01/02 11:22:33.444", "epochms")',
      "1641122553 1641122553444",
    ],
  ]);
  table("dateCompare's precision", [
    [
      'dateCompare("2001-11-01 04:10:01", "2001-11-01 05:10:04", "y") & dateCompare("2001-11-01", "2001-11-02", "Y")',
      "0-1",
    ],
    ['dateCompare("2001-11-01 04:10:01", "2001-11-01 05:10:04", "h")', "-1"],
  ]);
  table("dateDiff: weekdays, and months to a month's last day", [
    ['dateDiff("wd", "2018-01-09", "2018-01-16")', "5"],
    ['dateDiff("wd", "2018-01-09", "2019-01-16")', "266"],
    ['dateDiff("wd", "2018-01-16", "2018-01-09")', "-5"],
    // Lucee's count, ends moved to their Monday first: Saturday to Monday is 1, Friday 10:00 to
    // Monday 09:00 is 2.
    ['dateDiff("wd", "2018-01-13", "2018-01-15") & dateDiff("wd", "2018-01-12 10:00", "2018-01-15 09:00")', "12"],
    ['dateDiff("m", createDate(2017, 1, 31), dateAdd("m", 3, createDate(2017, 1, 31)))', "3"],
    ['dateDiff("m", createDate(2017, 4, 30), createDate(2017, 1, 31))', "-3"],
    ['dateDiff("m", "2017-01-31 10:00", "2017-04-30 09:00") & dateDiff("m", "2017-01-30", "2017-04-29")', "22"],
    ['dateDiff("q", "2017-01-31", "2017-04-30")', "1"],
  ]);
  table("the date texts CFML reads back", [
    ['dateDiff("s", "10-Oct-2010 10:10:10", "10-Oct-2010 11:10:10")', "3600"],
    ['dateDiff("s", dateTimeFormat(now()), dateTimeFormat(now()))', "0"],
    [
      'parseDateTime("02-Jan-04") & dateFormat("september/14/2018", "yyyy-mm-dd")',
      "{ts '2004-01-02 00:00:00'}2018-09-14",
    ],
    ['parseDateTime("Mon Sep 23 2024 16:36:28 GMT+0530 (India Standard Time)")', "{ts '2024-09-23 11:06:28'}"],
    [
      'parseDateTime("2023-10-21 04:35:13 Etc/GMT+1") & parseDateTime("2023-10-21 04:35:13 Etc/GMT-1")',
      "{ts '2023-10-21 05:35:13'}{ts '2023-10-21 03:35:13'}",
    ],
    [
      'isDate("2023-10-21 04:35:13 Nowhere/Land") & isDate("foo-Jan-2004") & isDate("2024-01-01 GMT+01:00")',
      "falsefalsetrue",
    ],
    [
      'parseDateTime("05/06/2023", "dd/mm/yyyy") & parseDateTime("2022-01-02T11:22:33+01:00", "iso")',
      "{ts '2023-06-05 00:00:00'}{ts '2022-01-02 10:22:33'}",
    ],
    ['parseDateTime("05/06/2023 10:00", "mm/dd/yyyy", "Europe/Berlin") EQ "2023-05-06 08:00"', "true"],
    ['parseDateTime("Tue, 11 Dec 2018 00:00:00 GMT", "pop")', "{ts '2018-12-11 00:00:00'}"],
    // Last: the zone holds for the rest of the page.
    [
      'setTimeZone("Europe/Berlin") & dateTimeFormat(parseDateTime("March 5, 2024 10:00 PM"), "HH:nn XXX")',
      "UTC22:00 +01:00",
    ],
  ]);
});

describe("lists (Lucee's tests and tickets)", () => {
  table("listFirst and listLast with a count", [
    ['listLast("A,B,C,D,E,F,G", ",", false, 4)', "D,E,F,G"],
    ['listLast("A,B,C,D,E,F,G", ",", false, 10)', "A,B,C,D,E,F,G"],
    ['listLast("1%2,3%4,5%6,7", "%,", false, 4)', "4,5%6,7"],
    ['listLast("a,,b,,c,", ",", false, 2)', "b,c"],
    ['listLast("a,,b", ",", true, 2)', ",b"],
    ['listLast("a,b", ",", false, 0)', ""],
    ['listFirst("a,,b,c", ",", false, 2)', "a,b"],
    ['listFirst(",,a,b,c", ",", false, 2)', "a,b"],
    ['listFirst("a,,b", ",", true, 2)', "a,"],
  ]);
  table("listAppend and listPrepend with includeEmptyFields", [
    ['listAppend("", ",,,foo,,,bar", ",", false)', "foo,bar"],
    ['listAppend("", ",,,foo,,,bar", ",", true)', ",,,foo,,,bar"],
    ['listAppend("a,,b", ",,c", ",", false)', "a,b,c"],
    ['listAppend("test,,", ",,,foo", "", false)', "test,,"],
    ['listAppend("", "x", "")', ""],
    ['listPrepend("", ",,,foo,,,bar", ",", false)', "foo,bar"],
    ['listPrepend("b,,", ",a", ",", false)', "a,b"],
    ['listPrepend("test", ",,,foo,,,bar", "")', ",,,foo,,,bar"],
  ]);
  table("replaceList takes includeEmptyFields where a delimiter stands", [
    ['replaceList("{name}", "{,}", ",", false)', "name"],
    ['replaceList("{name}", "{,}", ",", true)', "name"],
    ['replaceList("{name}", "{,}", ",", ",", true)', "name"],
    ['replaceList("{name,,}", "{,}", ",", ",", ",", true)', "name,,"],
    ['replaceList("{name}", "{del}", "[,]", "del", ",", true)', "[name]"],
    ['replaceListNoCase("{NAME}", "{,}", "<;>", ",", ";", false)', "<NAME>"],
    ['replaceList("a-b", "a,b", "1")', "1-"],
  ]);
});

describe("strings", () => {
  table("left, right, chr and asc", [
    ['left("Peter", -1)', "Pete"],
    ['left("abcd", 5)', "abcd"],
    ['left("abcd", -5)', "abcd"],
    ['right("Peter", -1)', "eter"],
    ['right("abcd", 5)', "abcd"],
    ['"[" & chr(0) & "]"', "[]"],
    ['asc(" \t", 2)', "9"],
    ['asc("abc", 4)', "0"],
  ]);
  table("replace with a struct of replacements (Lucee)", [
    ['replace("abcabc", {"abc": "123"})', "123123"],
    ['replace("a-b", {"a": "b", "b": "c"})', "b-c"],
    ['replaceNoCase("ABCabc", {"abc": "x"})', "xx"],
    ['replace("xxabcxx", "abc", "def", "hans")', "xxdefxx"],
  ]);
  table("reFind with sub-expressions and scope", [
    ['reFind("b(c)", "abcd", 1, true)', '{"pos":[2,3],"len":[2,1],"match":["bc","c"]}'],
    ['reFind("(f)(oo)", "bar", 1, true)', '{"pos":[0],"len":[0],"match":[""]}'],
    ['reFind("(f)(oo)", "bar", 1, true, "all")', '[{"pos":[0],"len":[0],"match":[""]}]'],
    [
      'reFind("a(x)?", "ba axb", 1, true, "all")',
      '[{"pos":[2,0],"len":[1,0],"match":["a",null]},{"pos":[4,5],"len":[2,1],"match":["ax","x"]}]',
    ],
    // A group that took no part is null, as in Lucee (LDEV-3103).
    ['isNull(reFind("(a)|(b)", "b", 1, true).match[2])', "true"],
    ['reFind("b", "abcb", 1, false, "all")', "[2,4]"],
    ['reFind("z", "abcb", 1, false, "all")', "0"],
    ['reFind("^b", "abcb", 2)', "2"],
    ['reFind("b", "abcb", 9)', "0"],
    ['reFindNoCase("B", "abcb", 3)', "4"],
    ['reFindNoCase("(B)", "abcb", 3, true).pos[2]', "4"],
  ]);
  it("refuses a count of 0 in left and right, as CFML does", async () => {
    const err = await renderError('<dbt:output>#left("abc", 0)#</dbt:output>');
    expect([err.code, at(err), err.message]).toEqual(["QRY_ERR_FUNCTION", "1:14", "left's count cannot be 0"]);
  });
});

// What Lucee's Perl5Util gives on Jakarta ORO 2.0.8, the engine it runs CFML's regex functions on.
describe("regular expressions as in CFML", () => {
  table("a dot matches a line break; an empty match where the last one ended is skipped", [
    ['reFind(".", chr(10))', "1"],
    ['arrayLen(reMatch(".", chr(10)))', "1"],
    ['reMatchNoCase(".*", "123")', '["123"]'],
    ['reMatch("a*", "baaac")', '["","aaa",""]'],
    ['reFind("a*", "baaac", 1, false, "all")', "[1,2,6]"],
    ['reReplace("abc", ".*", "X", "all")', "X"],
    ['reReplace("baaac", "a*", "-", "all")', "-b-c-"],
    // Lucee's ticket LDEV-3703 (its own ORO build; Jakarta ORO 2.0.8 finds nothing here).
    ['reMatch(".*", "")', '[""]'],
    ['reReplace("", ".*", "X", "all") & reReplace("ab", "x*", "-", "all")', "X-a-b-"],
  ]);
  table("replacements: CFML's backslash forms and JavaScript's $ forms", [
    ['reReplace("abc", "(b)", "[\\1]")', "a[b]c"],
    ['reReplace("abc", "(b)", "[\\0|\\3]")', "a[b|]c"],
    ['reReplace("abc", "(b)", "[$1]")', "a[b]c"],
    ['reReplace("hello world", "(\\w+) (\\w+)", "\\u\\1 \\U\\2\\E!")', "Hello WORLD!"],
    ['reReplaceNoCase("ABC", "(b)", "\\L\\1x\\E-\\l\\1Y")', "Abx-bYC"],
    ['reReplace("a.b", "(\\w)", "$$-$&-$0-$9", "all")', "$-a-$0-$9.$-b-$0-$9"],
    ['reReplace("ab", "(?P<x>a)", "[$<x>]")', "[a]b"],
    ['reReplace("ab", "(a)", "[$<x>]")', "[$<x>]b"],
    ['reReplace("x", "(x)", "$10")', "x0"],
  ]);
});

describe("numbers", () => {
  table("numberFormat rounds the decimal digits and reads CFML masks", [
    ['numberFormat("11.985", ".00")', "11.99"],
    ['dollarFormat("11.986")', "$11.99"],
    ["numberFormat(123, '00000')", "00123"],
    ["numberFormat(123, '+')", "+123"],
    ["numberFormat(-123, '+')", "-123"],
    ["numberFormat(11.1, '__.00')", "11.10"],
    ["numberFormat(5, '___')", "  5"],
    ["numberFormat(-5, '(9.9)')", "(5.0)"],
    ['numberFormat("")', "0"],
    ["numberFormat(1234567.5)", "1,234,568"],
    ['decimalFormat("")', "0.00"],
    ["dollarFormat(-1)", "($1.00)"],
    ['lsNumberFormat(1234.5, ",.00", "de-DE")', "1.234,50"],
    ['lsCurrencyFormat(100000, "international", "English (Australian)")', "AUD 100,000.00"],
    ['lsCurrencyFormat(-1, "none")', "(1.00)"],
  ]);
  table("bits, bases and maths", [
    ["bitAnd(1, 0.999999999999999)", "1"],
    ["bitSHLN(2147483647, 1)", "4294967294"],
    ["bitSHRN(-255, 2)", "-64"],
    ['bitXor("18446744073709551615", "1")', "18446744073709551614"],
    ["formatBaseN(-1234, 16)", "fffffb2e"],
    ["formatBaseN(-1234, 8)", "-2322"],
    ['inputBaseN("1010", 2)', "10"],
    ["left(exp(1), 12)", "2.7182818284"],
    ["round(pi(), 3)", "3.142"],
  ]);
});

describe("arrays, structs and queries", () => {
  table("arrays", [
    ["arrayLen(arrayNew(1))", "0"],
    ['arrayFind(listToArray("abba,bb,AABBCC,BB"), "BB")', "4"],
    ['arrayFindNoCase(listToArray("abba,bb,AABBCC,BB"), "BB")', "2"],
    ['arrayContains(["a"], "A")', "0"],
    ['arrayContains(["a", "b"], "b")', "2"],
    ['arrayFindAll([1, "1", 2], 1)', "[1,2]"],
    // leaveIndex: array1 keeps its positions (issue 25), array2 fills only past its end.
    ["arrayMerge([1, 2], [3], true)", "[1,2]"],
    ['arrayPop([], "none")', "none"],
  ]);
  table("structs", [
    ['structCount(structGet("made.x.y"))', "0"],
    ['structSort({a: {n: 3}, b: {n: 1}}, "numeric", "desc", "n")', '["a","b"]'],
    ['structFindKey({s1: {id: 1}, s2: {id: 2}}, "id", "all")[2].path', ".s2.id"],
    ['structKeyTranslate({"a.b": 1, c: 2})', "1"],
    ['isEmpty(queryNew("a"))', "true"],
  ]);
  table("queries", [
    ['queryNew("id,name", "integer,varchar", [[1, "a"], [2, "b"]]).recordCount', "2"],
    ['queryAddRow(queryNew("a"), 3)', "3"],
    // An array of structs alone: every struct's keys are columns, in the order they first appear (Lucee).
    [
      'queryNew([["Id": 1, "Name": "a"], ["Id": 2, "Fullname": "c"], ["id": 3]]).columnList & valueList(queryNew([["a": 1], ["b": 2]]).b)',
      "ID,NAME,FULLNAME,2",
    ],
    // A struct is one row in queryAddRow, its array values kept (Lucee); queryNew reads {a: [..]} as rows.
    [
      'queryAddRow(queryNew("a,b"), {a: [1], b: ["x", "y"]}) & queryNew("a,b", "integer,varchar", {a: [1, 2], b: ["x", "y"]}).recordCount',
      "12",
    ],
    ['queryNew("a,b", "varchar,varchar", {a: "x"}).b', ""],
    ['valueList(queryNew("a", [[1], [2]]).a)', "1,2"],
    ['arrayToList(valueArray(queryNew("a", [[1], [2]]).a))', "1,2"],
    ['queryColumnList(querySlice(queryNew("a,b", [[1, 2], [3, 4]]), 2, 1))', "a,b"],
    ['serializeJSON(queryNew("id,name", [[1, "a"]]))', '{"COLUMNS":["id","name"],"DATA":[[1,"a"]]}'],
    ['serializeJSON(queryNew("id", [[1]]), "struct")', '[{"id":1}]'],
    ['deserializeJSON(serializeJSON(queryNew("id", [[1]])), false).ID', "1"],
  ]);
});

describe("encoding and validation", () => {
  table("hash, hmac and encoders", [
    ['hash("abc")', "900150983CD24FB0D6963F7D28E17F72"],
    ['hash("abc", "SHA")', "A9993E364706816ABA3E25717850C26C9CD0D89D"],
    ['left(hash("abc", "SHA-384"), 8)', "CB00753F"],
    ['len(hash("abc", "SHA-512"))', "128"],
    ['hmac("The quick brown fox", "key", "HmacSHA1")', "22F9E077A3CEBD09248154F85D9A56C79941FD96"],
    ['urlEncodedFormat(" ++--..__~*")', "%20%2B%2B%2D%2D%2E%2E%5F%5F%7E%2A"],
    ['encodeForCSS("<script>")', "\\3c script\\3e "],
    ['encodeForJavaScript("<script>")', "\\x3Cscript\\x3E"],
    ['canonicalize("%26lt; %26lt; %2526lt%253B", false, false)', "< < <"],
  ]);
  table("hash: Lucee's quick hash, iterations as Lucee counts them", [
    ['hash("abc", "quick")', "11aceae3a7c7e963"],
    ['hash("", "quick")', "44bf19b25dfa4f9c"],
    ['hash("MEANINGLESS_VALUE", "QUICK")', "12cf72f4511f2dc4"],
    ['hash("foo", "SHA-256", "UTF-8", -1) EQ hash("foo", "SHA-256")', "true"],
    ['hash("foo", "SHA-256", "UTF-8", 0) EQ hash("foo", "SHA-256", "UTF-8", 1)', "true"],
    ['hash("i love lucee", "SHA", "UTF-8", 10)', "25FFB00677A4F3F8AA80338E4152C009F758863A"],
    ['hash("i love lucee", "MD5", "UTF-8", 2)', "ED8EB9D72C5A5E9C80F9268758DF76DE"],
  ]);
  table("JSON5 by default, as Lucee 6.2", [
    ['isJSON("{a:1}")', "true"],
    ['isJSON("{a:1}", "json5")', "true"],
    ['isJSON("{a:1}", "json")', "false"],
    ['isJSON("{""a"": 1 // note" & chr(10) & "}", "json5")', "true"],
    ['isJSON("[1, 2,]", "json5")', "true"],
    ['isJSON("[abc]", "json5")', "false"],
    ['isJSON("/* open", "json5")', "false"],
    [`deserializeJSON("{'test': 'it\\'s ""ok""'}", true, "json5").test`, 'it\'s "ok"'],
    ['deserializeJSON("{a: [1, 2,], b: null}", true, "json5")', '{"a":[1,2],"b":null}'],
    ["deserializeJSON(\"{a: 'x', /* n */}\").a", "x"],
  ]);
  table("smaller functions from Lucee", [
    [
      'cfusion_decrypt(cfusion_encrypt("Lucee Association", "T5JalcfiANtOA+3V+02Ccw=="), "T5JalcfiANtOA+3V+02Ccw==")',
      "Lucee Association",
    ],
    ['cfusion_encrypt("testit", "thisisatestkey")', "650C948E904A"],
    ['encodeForXPath("/") & encodeForXPath("a b", true)', "&#x2f;a b"],
    ['isIPInRange("10.0.0.5-10.0.1.10", "10.0.1.1")', "true"],
    ['isIPInRange("10.0.0.5-10.0.1.10", "10.0.2.10")', "false"],
    ['isIPInRange("192.168.0.000-192.168.1.200", "192.168.1.111")', "true"],
    ['isIPInRange("1.2.3.4, 10.*.*.*", "10.200.3.4")', "true"],
    ['isIPInRange(["2001:db8::7000-2001:db8::8000"], "2001:0db8:0000:0000:0000:0000:0000:7334")', "true"],
    ['isIPInRange("2001:db8::7000-2001:db8::8000", "2001:db8::1:7334")', "false"],
    ['isIPInRange("*", "::1") & isIPInRange("*", "8.8.8.8") & isIPInRange("::1", "127.0.0.1")', "truetruefalse"],
    ['objectEquals({"id": 1, "name": ["engine", "Lucee"]}, {"id": 1, "name": ["engine", "lucee"]})', "true"],
    ['objectEquals({"id": 1}, {"id": 1, "type": "x"})', "false"],
    ['objectEquals([["a"], ["b"]], [["a"], ["c"]])', "false"],
    ['objectEquals("1.0", 1) & objectEquals(1, [1])', "truefalse"],
    ['arraySplice(["a", "b", "c", "d", "e"], 2, 2, [1, 2, 3])', '["b","c"]'],
    ['arraySplice(["a", "b", "c"], -2, 2, [1])', '["b","c"]'],
    ['arraySplice(["a", "b", "c"], 2)', '["b","c"]'],
    ['arraySplice(["a", "b", "c"], 2, -2)', "[]"],
    ['arraySplice(["a", "b", "c"], 8, 1)', "[]"],
    ['structDelete({a: 1}, "b") & structDelete({a: 1}, "b", true) & structDelete({a: 1}, "a", true)', "truefalsetrue"],
    ['structInsert({"save": "water"}, "save", "money", true) & structInsert({}, "count", "money")', "truetrue"],
    [
      'toString(javaCast("long", "136343001448919149")) & " " & javaCast("biginteger", "-99999999999999999999")',
      "136343001448919149 -99999999999999999999",
    ],
    ['javaCast("long", "12") + 1 & " " & arrayLen(javaCast("char[]", "Hello World"))', "13 11"],
    ['javaCast("java.math.BigDecimal[][][]", [[["1", "2.5"]]])', "[[[1,2.5]]]"],
    ['jsonEncode(javaCast("String[][]", [["a"], [1]])) & javaCast("java.lang.Integer", "5.5")', '[["a"],["1"]]5'],
    [
      'setLocale("Portuguese (Brazilian)") & lsCurrencyFormat(-250000) & " " & lsCurrencyFormat(-1, "local", "de-DE")',
      "English (US)(R$ 250.000,00) (1,00 €)",
    ],
    ['de("h""\'ello")', '"h""\'ello"'],
    ['iif(1 EQ 2, de("a"), de("b ""c"""))', 'b "c"'],
    ["iif(true, \"'it''s'\", 2) & iif(false, 1, 'x')", "it'sx"],
  ]);
  it("refuses what Lucee refuses: a key structInsert would overwrite, a precision dateCompare does not know", async () => {
    const insert = await renderError('<dbt:set s = {a: 1}>\n<dbt:set r = structInsert(s, "a", 2)>');
    expect([insert.code, at(insert), insert.message]).toEqual([
      "QRY_ERR_FUNCTION",
      "2:14",
      'structInsert: the key "a" is already there (allowOverwrite is false)',
    ]);
    const compare = await renderError('<dbt:set r = dateCompare(now(), now(), "ww")>');
    expect([compare.code, compare.message]).toEqual([
      "QRY_ERR_FUNCTION",
      'dateCompare: precision must be s, n, h, d, m, y or yyyy, got "ww"',
    ]);
  });
  table("isValid", [
    ['isValid("email", "user+foo@gmail.com")', "true"],
    ['isValid("email", "user.@gmail.com")', "false"],
    ['isValid("email", "dddd@abc-_fgdg.dfgd.")', "false"],
    ['isValid("email", "a@b")', "false"],
    // Lucee's LDEV-3800: letters of any script, in the local part and the domain.
    ['isValid("email", "test@müller.de") & isValid("email", "somthingçöm@çöm.com")', "truetrue"],
    [
      'isValid("email", "x@gmail..çöm") & isValid("email", "a@b.com 😄") & isValid("email", "a@bar.c1")',
      "falsefalsefalse",
    ],
    ['isValid("uuid", "858162ee-20fb-49d9-b39f9292de01572e")', "true"],
    // A standard GUID is not a CFML UUID (8-4-4-16): Lucee 6.2 answers false (scripts/lucee-eval.mjs).
    ['isValid("uuid", "858162ee-20fb-49d9-b39f-9292de01572e")', "false"],
    ['isValid("guid", "858162ee-20fb-49d9-b39f9292de01572e")', "false"],
    ['isValid("integer", "21474836470")', "false"],
    ['isValid("range", 5, 1, 5)', "true"],
    ['isValid("regex", "ABC", "[abc]{3}")', "false"],
    ['isValid("creditcard", "6011-2222-3333-4444")', "true"],
    ['isValid("usdate", "2/29/2001")', "false"],
    ['isDefined("variables")', "true"],
  ]);
  table("comparisons as in CFML", [
    ['listIndexExists("a,b", 2) EQ "yes"', "true"],
    ["1 EQ true", "true"],
    ["createDate(2000, 12, 1) EQ \"{ts '2000-12-01 00:00:00'}\"", "true"],
    ['dateAdd("d", 1, "2000-01-01") GT "2000-01-01 12:00"', "true"],
  ]);
});

it("reads an empty query cell as an empty string", async () => {
  const out = await render(
    '<dbt:set q = queryNew("a,b", [{a: 1}])><dbt:set n = queryAddRow(q)><dbt:output query="q">[#a#|#b#|#isNull(b)#]</dbt:output><dbt:output>#len(q.b)# #queryGetRow(q, 2).a#|</dbt:output>',
  );
  expect(out).toBe("[1||false][||false]0 |");
});

describe("the site's timezone and locale", () => {
  it("are honoured by the date and ls* functions in both modes", async () => {
    const { site, MODES } = await import("./helpers.js");
    const { Engine } = await import("../engine/engine.js");
    const { scopesFrom } = await import("../engine/context.js");
    const { newPageState } = await import("../engine/page.js");
    const root = site({
      "page.dbt":
        '<dbt:set d = createDateTime(2024, 7, 1, 12, 0, 0)><dbt:output>#hour(d)# #dateTimeFormat(d, "HH:nn XXX")# #dateTimeFormat(d, "HH:nn", "UTC")# #hour("2024-01-15 12:00")# #lsNumberFormat(1234.5, ",.00")# #lsCurrencyFormat(2)# #monthAsString(3, "de-DE")#</dbt:output>',
    });
    for (const mode of MODES) {
      const out = await new Engine({ root, mode }).render(
        "page.dbt",
        scopesFrom({}),
        newPageState(null, 0, null, { timezone: "Europe/Oslo", locale: "de-CH" }),
      );
      expect(out).toBe("12 12:00 +02:00 10:00 12 1’234.50 CHF 2.00 März");
    }
  });
});
