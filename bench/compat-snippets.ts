// The oracle's own corpus (group "snippets" of `npm run compat:lucee`): CFML that Lucee and
// Quarry both render, grown whenever a question about CFML's behaviour comes up. A case is an
// expression (printed as a string, or as serializeJSON of a complex value), an expression after
// script statements (the body of a function that returns it), or a page of tags (`dbt:` is
// written `cf` for Lucee). The name is the case's id in bench/compat-lucee.json: never reuse one.
export type Snippet = { name: string; expr: string; script?: string } | { name: string; tags: string };

export const snippets: Snippet[] = [
  // Issue 25, "To check against Lucee": another engine's tests disagree with Quarry here.
  { name: "listAppend-leading-delimiter", expr: 'listAppend(",1,2,3", 4)' },
  { name: "listAppend-trailing-delimiter", expr: 'listAppend("1,2,3,", 4)' },
  { name: "listItemTrim-multi-delimiter", expr: 'listItemTrim(" a ; b , c ", ",;")' },
  { name: "listQualify-multi-delimiter", expr: 'listQualify("a;b,c", "\'", ",;")' },
  { name: "listRemoveDuplicates-multi-delimiter", expr: 'listRemoveDuplicates("a;b,a;c", ",;")' },
  { name: "listSort-multi-delimiter", expr: 'listSort("c;b,a", "text", "asc", ",;")' },
  { name: "listSetAt-multi-delimiter", expr: 'listSetAt("a;b,c", 2, "X", ",;")' },
  { name: "listSetAt-value-holding-a-delimiter", expr: 'listSetAt("a;b,c", 2, "X;Y", ",;")' },
  { name: "listMap-multi-character", expr: 'listMap("a,;b,;c", function (x) { return x & 1; }, ",;")' },
  {
    name: "listFilter-multi-character",
    expr: 'listFilter("a;b,c", function (x) { return x != "b"; }, ",;", false, false)',
  },
  { name: "listReduce-multi-character", expr: 'listReduce("a,;b", function (acc, x) { return acc & x; }, "", ",;")' },
  {
    name: "arrayContains-position",
    expr: 'arrayContains([1, 2, 3], 3) & arrayContainsNoCase(["a", "B"], "b") & arrayContains([1], 4)',
  },
  { name: "numberFormat-underscore-mask", expr: 'numberFormat("12345", "_____.__")' },
  { name: "numberFormat-justify-right", expr: 'numberFormat(12.5, "_____.__")' },
  { name: "numberFormat-justify-left", expr: 'numberFormat(12.5, "L_____.__")' },
  { name: "numberFormat-justify-center", expr: 'numberFormat(12.5, "C_____.__")' },
  { name: "numberFormat-optional-nines", expr: 'numberFormat(3.14159, "9.999")' },
  { name: "numberFormat-zeros", expr: 'numberFormat(3.1, "000.00")' },
  { name: "numberFormat-comma", expr: 'numberFormat(1234567.891, ",.99")' },
  { name: "arraySplice-negative-start", script: 'var a = [1,2,3,4,5]; arraySplice(a, -2, 1, ["x"]);', expr: "a" },
  { name: "reFind-posix-lower", expr: 'reFind("[[:lower:]]", "ABcD")' },
  { name: "reFind-posix-bare-class", expr: 'reFind("[:lower:]", "ABcD")' },
  { name: "reReplace-posix-digit", expr: 'reReplace("a1b22c", "[[:digit:]]+", "-", "all")' },
  { name: "structFindKey-dotted", expr: 'arrayLen(structFindKey({a: {b: {c: 1}}}, "b.c", "all"))' },
  { name: "structFindKey-plain", expr: 'structFindKey({a: {b: {c: 1}}}, "c", "all")[1].path' },
  { name: "trim-second-argument", expr: 'trim("xxaxx", "x")' },
  { name: "ltrim-second-argument", expr: 'ltrim("xxaxx", "x")' },
  { name: "rtrim-second-argument", expr: 'rtrim("xxaxx", "x")' },
  // Issue 25's "wrong results": what CFML gives.
  { name: "arrayNew-2-serialised", script: 'var a = arrayNew(2); a[1][1] = "x";', expr: "a" },
  { name: "arrayMerge-leave-index", expr: "arrayMerge([1,2], [3,4,5], true)" },
  { name: "ucFirst-all-words", expr: 'ucFirst("hello big-world", true)' },
  { name: "isNull-out-of-range", script: "var a = [1,2,3];", expr: "isNull(a[6])" },
  { name: "serializeJSON-html-comment", expr: 'serializeJSON("<!-- x </script>")' },
  { name: "date-plus-one", expr: 'dateFormat(createDate(2024, 1, 31) + 1, "yyyy-mm-dd")' },
  { name: "date-minus-date", expr: "createDate(2024, 3, 1) - createDate(2024, 2, 1)" },
  { name: "isValid-date-iso", expr: 'isValid("date", "2024-01-05")' },
  // The optional arguments issue 25 lists.
  { name: "isArray-dimension", expr: "isArray([1,2], 1)" },
  { name: "arrayAppend-merge", script: "var a = [1,2,3]; arrayAppend(a, [4,5,6], true);", expr: "a" },
  { name: "arrayContains-substring", expr: 'arrayContains(["abc"], "b", true)' },
  { name: "replace-5-arguments", expr: 'replace("aXbxc", "x", "-", "all", false)' },
  { name: "structNew-ordered", script: 'var s = structNew("ordered"); s.z = 1; s.a = 2;', expr: "structKeyList(s)" },
  { name: "arraySlice-negative-offset", expr: "arraySlice([1,2,3,4,5], -3)" },
  // Missing functions issue 25 lists (present since then?).
  { name: "arrayRange", expr: 'arrayRange("1..4")' },
  { name: "reEscape", expr: 'reEscape("1+1=2?")' },
  { name: "stringSort", expr: 'stringSort("hello")' },
  { name: "parseNumber-hex", expr: 'parseNumber("ff", "hex")' },
  { name: "empty-string", expr: 'empty("")' },
  // Struct keys: Lucee upper-cases unquoted keys (a known difference); quoted keys keep their case.
  { name: "structKeyList-quoted-keys", expr: 'structKeyList({"b": 1, "A": 2})' },
  { name: "structKeyList-unquoted-keys", expr: "structKeyList({b: 1, A: 2})" },
  // Tags.
  {
    name: "tags-loop-list",
    tags: '<dbt:loop list="a,b,,c" index="x"><dbt:output>[#x#]</dbt:output></dbt:loop>',
  },
  {
    name: "tags-savecontent-trim",
    tags: '<dbt:savecontent variable="s"> hi </dbt:savecontent><dbt:output>[#trim(s)#]</dbt:output>',
  },
  {
    name: "tags-if-elseif",
    tags: "<dbt:set n = 5><dbt:if n GT 10>big<dbt:elseif n GT 3>mid<dbt:else>small</dbt:if>",
  },
  {
    name: "tags-try-catch-message",
    tags: '<dbt:try><dbt:throw message="boom" type="my.type"><dbt:catch type="my.type"><dbt:output>#cfcatch.message#|#cfcatch.type#</dbt:output></dbt:catch></dbt:try>',
  },
  // Issue 24: script as CFML developers write it.
  {
    name: "script-labelled-break",
    tags: '<dbt:script>outer: for (i = 1; i <= 3; i++) { for (j = 1; j <= 3; j++) { if (i == 2) break outer; writeOutput(i & j & " "); } } writeOutput(i & j);</dbt:script>',
  },
  {
    name: "script-labelled-continue",
    tags: '<dbt:script>outer: for (x in [1, 2, 3]) { k = 0; while (true) { k++; if (k == x) continue outer; writeOutput(x & k & " "); } }</dbt:script>',
  },
  {
    name: "script-for-in-query-current-row",
    tags: '<dbt:script>q = queryNew("a", "integer", [[1], [2], [3]]); for (r in q) { writeOutput(q.currentRow & r.a & q.a & " "); if (r.a == 2) break; } writeOutput(q.currentRow);</dbt:script>',
  },
  { name: "script-var-outside-function", tags: "<dbt:script>var x = 1; writeOutput(x);</dbt:script>" },
  {
    name: "script-function-unscoped-write",
    tags: '<dbt:script>function h() { z = 5; return z; } h(); writeOutput(isDefined("variables.z"));</dbt:script>',
  },
];
