// The deliberate differences between Quarry and Lucee, in one list. `npm run compat:lucee`
// counts a case that differs from Lucee as "known" (not a disagreement) when these explain it:
// each entry either rewrites both outputs the same way (`normalize`; the case is known when the
// rewritten outputs are equal once every entry has been applied in order) or recognises a whole
// case (`explains`). Each has its reason; docs/language.md's "Differences from CFML" is where a
// user reads the deliberate ones. Keep every entry narrow: it must not hide an unrelated bug.
// Each entry pins how many cases it explains (`count`): compat:lucee fails, naming the cases that
// came or went, when a run finds another number, so a rule never widens (or outlives its cases)
// unseen. After a change that is meant, set the new count here.

/** What one engine made of a case: its text, or its error. */

/** The text without every run of white space that holds a line break (split, not a regex: linear whatever the input). */
function squeezeLines(s: string): string {
  const parts = s.split("\n");
  return parts
    .map((p, i) => (i > 0 ? p.trimStart() : p))
    .map((p, i) => (i < parts.length - 1 ? p.trimEnd() : p))
    .join("");
}
export type Outcome =
  { out: string; error?: undefined } | { out?: undefined; error: { type: string; message: string } };

/**
 * What an entry may look at: the case's id (group:name), its CFML, whether its fixture expects an
 * error, and for a case from Lucee's own tests (test/cfml-cases.json) what that test asserts:
 * the text, or the Quarry error code it is recorded with.
 */
export interface CaseInfo {
  id: string;
  source: string;
  expectsError: boolean;
  asserted?: string | { error: string };
}

/** Tells whether a case is one kind of an entry's cases (see KnownDifference.kinds). */
export type CaseTest = (c: CaseInfo, lucee: Outcome, quarry: Outcome) => boolean;

export interface KnownDifference {
  name: string;
  reason: string;
  /** How many cases of the whole corpus the entry explains (compat:lucee fails on another number). */
  count: number;
  /**
   * For an entry that explains several kinds of case: each kind and how to tell it; the report
   * lists the ids of the entry's cases under the first kind that takes each ("no kind listed" else).
   */
  kinds?: [string, CaseTest][];
  /** Rewrites both printed outputs (only when both printed). */
  normalize?: (c: CaseInfo, lucee: string, quarry: string) => [string, string];
  /** Explains the whole case, whatever it printed. */
  explains?: (c: CaseInfo, lucee: Outcome, quarry: Outcome) => boolean;
}

const decodeHtml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** A JSON value with every struct key in upper case. */
function upperKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(upperKeys);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.toUpperCase(), upperKeys(x)]));
  return v;
}
const parse = (s: string): unknown => {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
};
/** An unquoted struct key in CFML source: `{b: 1`, `, b = 2`, `[b: 1` (ordered), `s.b = 1`. */
const UNQUOTED_KEY = /[{[,]\s*[A-Za-z_]\w*\s*[:=][^=]|\b[A-Za-z_]\w*\.[A-Za-z_]\w*\s*=[^=]/;

/** Whether Quarry gives exactly what the Lucee test the case comes from asserts. */
function asTestAsserts(c: CaseInfo, q: Outcome): boolean {
  const a = c.asserted;
  if (a === undefined) return false;
  return typeof a === "string" ? q.out === a : q.error?.type === a.error;
}

/**
 * Fixtures written with what Quarry accepts and Lucee 6.2.0 refuses: the construct, and the
 * error Lucee stops with (checked with scripts/lucee-eval.mjs, one construct at a time). A
 * case stays explained only while Lucee fails with that error.
 */
const LUCEE_REFUSES: Record<string, [string, RegExp]> = {
  "fixtures:expressions": [
    "`>` and `>=` inside `#…#` in a tag body (`#(3 > 2) && (2 >= 2)#`)",
    /Closing \[\)\] not found/,
  ],
  "fixtures:operators-cfml": ["`NE`, `>` and `>=` inside `#…#` in a tag body", /missing terminating \[#\]/],
  "fixtures:safe-navigation": [
    "`.5` after `?` (`true ? .5 : 1`, which Lucee reads as `?.`)",
    /missing terminating \[#\]/,
  ],
  "fixtures:script-closure-in-set": [
    "a `//` comment inside a closure written in a set tag",
    /Missing \[;\] or \[line feed\]/,
  ],
  "fixtures:script-closures": [
    "an arrow function whose one parameter has no parentheses (`v => v != 2`)",
    /Invalid Construct/,
  ],
  "fixtures:script-control": [
    "several expressions in a for loop's parts (`for (a = 0, b = 10; …; a++, b -= 2)`)",
    /invalid syntax in for statement/,
  ],
  "fixtures:script-step-expressions": ["a minus twice (`- -x`)", /Invalid Construct/],
  "fixtures:named-arguments": [
    "argumentCollection in a call of a built-in function",
    /missing required argument \[list\]/,
  ],
  "fixtures:function-callbacks": [
    "queryNew(columns, rows) with the rows as structs and no types",
    /Can't cast Complex Object Type Struct to String/,
  ],
  "fixtures:member-functions": [
    'a number\'s member function on a numeric string (`"-5.5".abs()`: Lucee finds it, then fails to call it)',
    /No matching method for lucee\.runtime\.functions\.math\.Abs/,
  ],
  "fixtures:query-access-cfml": ["`q[2]` as the query's row 2 (docs/language.md, Queries)", /Column \[2\] not found/],
  "fixtures:xml-search": [
    "xmlSearch's third argument, the XPath's variables (Lucee 6.2.0 takes two)",
    /Too many arguments \(2:3\)/,
  ],
};

/**
 * Fixtures whose output differs in a known way: for each, the text Lucee prints and what Quarry
 * prints there instead (Lucee's output is rewritten, nothing else of it).
 */
const REWRITES: Record<string, Record<string, [string, string][]>> = {
  "struct-hash-order": {
    "fixtures:loop-cfml-names": [["B A \nB=2", "b a \nb=2"]],
    "fixtures:loop-forms": [["B=2 A=1", "b=2 a=1"]],
    "fixtures:loop-variables-settle": [["b=2 a=1 after: a 1", "a=1 b=2 after: b 2"]],
    "fixtures:member-functions-chain": [["b,a 2", "a,b 2"]],
    "fixtures:component-basics": [['{"KIND":"person"', '{"kind":"person"']],
    "fixtures:struct-ordered-literal": [
      [
        '{"ID":102,"name":"x","B":2} ID,name,B {"Z":1} [1,[2],{"A":[3]}]',
        '{"Id":102,"name":"x","b":2} Id,name,b {"z":1} [1,[2],{"a":[3]}]',
      ],
    ],
    "fixtures:typed-arrays": [
      [
        '{"datatype":"numeric","dimensions":1,"type":"unsynchronized"}',
        '{"type":"unsynchronized","dimensions":1,"datatype":"numeric"}',
      ],
    ],
  },
  "error-wording": {
    "fixtures:typed-arrays": [
      ["can't cast [seven] string to a number value", 'Cannot convert "seven" to a number'],
      [
        "Can't cast String [not a struct] to a value of type [Struct]",
        'An array of type struct cannot hold "not a struct"',
      ],
    ],
    "fixtures:string-callbacks": [
      ["there is no property with name [4]  found in [string]", "Index 4 is out of range 1..3"],
    ],
    "fixtures:binary-decode-precise": [["Key [3] doesn't exist in Native Array", "Index 3 is out of range 1..2"]],
  },
  "identity-java-types": {
    "fixtures:operators-identity": [["true true true\n\n", "true true true\ntwo\n"]],
  },
};
const rewrite =
  (name: string) =>
  (c: CaseInfo, l: string, q: string): [string, string] => {
    for (const [from, to] of REWRITES[name]![c.id] ?? []) l = l.split(from).join(to);
    return [l, q];
  };

/** The kinds of lucee-fails-its-test, told by the case's source (one by the two outputs). */
const FAILS_ITS_TEST: [string, CaseTest][] = [
  [
    "preciseMath=false: the bit functions on 64-bit longs, inputBaseN, a decimal string compared with its abs()",
    (c) => /\bbit\w+\s*\(|\binputBaseN\s*\(|\beq\s+abs\s*\(/i.test(c.source),
  ],
  [
    'a time without a date read in UTC whatever the zone (lsParseDateTime("01:02") in CET)',
    (c) => /lsParseDateTime\(\s*"\d{1,2}:\d\d/i.test(c.source),
  ],
  ["Feb 30 turned into Feb 29", (c) => /\b30\.?[\s-]*Feb|\bFeb\w*\s+30\b/i.test(c.source)],
  ['isDate and isValid("email") take more', (c) => /\bisDate\s*\(|\bisValid\s*\(\s*"email"/i.test(c.source)],
  ["isNull of a missing element throws", (c) => /\bisNull\s*\(/i.test(c.source)],
  [
    "nulls dropped by duplicate and arrayMap, a null element not read back",
    (c) => /\bjavacast\s*\(\s*['"]null/i.test(c.source),
  ],
  ["htmlCodeFormat's <pre> in lower case", (c) => /\bhtmlCodeFormat\s*\(/i.test(c.source)],
  ['chr above U+FFFF is "" (a Java char)', (c) => /\bchr\s*\(\s*\d{6,}\s*\)/i.test(c.source)],
  [
    "a key upper-cased where the test expects it as written (structGet, structFindValue, a query's columns)",
    (_c, l, q) =>
      l.out !== undefined && q.out !== undefined && l.out !== q.out && l.out.toUpperCase() === q.out.toUpperCase(),
  ],
  ["lsParseNumber(250.000) in pt-BR read as 250000", (c) => /\blsParseNumber\s*\(/i.test(c.source)],
  ['lsParseDateTime("2011-03-24") refused in english (uk)', (c) => /lsParseDateTime\(\s*"\d{4}-/i.test(c.source)],
  ["a continue inside cfsilent ends the for loop", (c) => /\bcfsilent\b/i.test(c.source)],
];

/** The cases whose difference is only the function-local-mode entry's. */
const LOCAL_MODE_CASES = new Set(["snippets:script-function-unscoped-write"]);

export const known: KnownDifference[] = [
  {
    name: "struct-hash-order",
    count: 7,
    reason:
      "Lucee's struct is a hash map: its keys come out in their hash order ({a: 1, b: 2} loops b " +
      "then a) and an unquoted key is upper-cased; Quarry keeps keys as written, in the order " +
      "they were set (docs/language.md). The fixtures listed in bench/compat-known.ts show it, " +
      "each with the exact text.",
    normalize: rewrite("struct-hash-order"),
  },
  {
    name: "error-wording",
    count: 3,
    reason:
      "A page that prints a caught error's message prints Quarry's own wording (docs/errors.md), " +
      "not Lucee's Java exception text; the pairs are listed in bench/compat-known.ts.",
    normalize: rewrite("error-wording"),
  },
  {
    name: "identity-java-types",
    count: 1,
    reason:
      "Lucee's `===` is false for two equal numbers of different Java types (a literal 2 is an " +
      "Integer, 1 + 1 a Double: `1 + 1 === 2` is false), a difference JavaScript numbers do not " +
      "carry; Quarry's `===` compares two numbers by value (docs/language.md, Differences).",
    normalize: rewrite("identity-java-types"),
  },
  {
    name: "lucee-no-object-cache",
    count: 13,
    reason:
      "The oracle's environment, not Quarry: Lucee run headless has no default object cache (an " +
      "administrator setting), so cachePut/cacheGet/cacheCount… throw there.",
    explains: (_c, l) => l.error !== undefined && /there is no default object cache defined/.test(l.error.message),
  },
  {
    name: "function-lucee-lacks",
    count: 2,
    reason:
      "Quarry has functions that Lucee 6.2.0 does not (arrayRange, reEscape…: from Adobe " +
      "ColdFusion or later Lucee releases); Lucee refuses the call, Quarry runs it.",
    explains: (_c, l, q) =>
      q.out !== undefined &&
      l.error !== undefined &&
      /^No matching function \[(?!ORACLE)\w+\] found$/.test(l.error.message),
  },
  {
    name: "quarry-refuses-by-design",
    count: 26,
    reason:
      "A test/fixtures/err-* page records an error Quarry raises on purpose (checked before the " +
      "page runs, or a limit); CFML runs the page. docs/language.md (Differences from CFML) and " +
      "docs/errors.md give each reason.",
    explains: (c, _l, q) => c.expectsError && q.error !== undefined,
  },
  {
    name: "lucee-refuses-quarry-syntax",
    count: 12,
    reason:
      "The fixture uses what Quarry accepts and Lucee 6.2.0 refuses (each fixture's construct is " +
      "listed in bench/compat-known.ts with Lucee's error: `>` or `NE` inside `#…#` in a tag " +
      "body, `v => …` without parentheses, `- -x`, commas in a for loop's parts, " +
      "argumentCollection for a built-in, xmlSearch's variables…). Quarry's pages need not run on " +
      "Lucee; its CFML does what CFML does where both run it.",
    explains: (c, l) => {
      const r = LUCEE_REFUSES[c.id];
      return r !== undefined && l.error !== undefined && r[1].test(l.error.message);
    },
  },
  {
    name: "lucee-fails-its-test",
    count: 64,
    reason:
      "The case is an assertion of Lucee's own tests (test/functions, test/tickets of the Lucee " +
      "sources at 6.2.0.130-SNAPSHOT, scripts/cfml-cases.mjs) and Quarry gives exactly what it " +
      "asserts; the released Lucee 6.2.0.321 fails it. The kinds, each with its cases' ids in " +
      "bench/COMPAT.md: it ships preciseMath=false (the bit functions on 64-bit longs, clamped " +
      "beyond; inputBaseN; a decimal string compared with its abs()), reads a time without a date " +
      'in UTC whatever the zone (lsParseDateTime("01:02") in CET is 02:02), turns Feb 30 into ' +
      'Feb 29, takes more as a date (isDate("8.8")) or an address (isValid("email", "a@b.com,")), ' +
      "throws for isNull of a missing element, drops nulls in duplicate and arrayMap and does not " +
      "read a null element back, writes htmlCodeFormat's <pre> in lower case and chr above U+FFFF " +
      'as "" (a Java char), upper-cases a key the test expects as written (structGet, ' +
      "structFindValue, a query's columns), reads lsParseNumber(250.000) in pt-BR as 250000, " +
      'refuses lsParseDateTime("2011-03-24") in english (uk), and ends a for loop at a continue ' +
      "inside cfsilent.",
    explains: (c, l, q) =>
      c.id.startsWith("cfml-cases:") && asTestAsserts(c, q) && (l.error !== undefined || l.out !== q.out),
    kinds: FAILS_ITS_TEST,
  },
  {
    name: "function-local-mode",
    count: 1,
    reason:
      "Inside a function an unscoped assignment writes the function's `local` in Quarry (Lucee's " +
      'localmode="modern"), `variables` in Lucee\'s default: a method of a component kept in the ' +
      "application scope would otherwise share its temporaries between concurrent requests " +
      "(docs/language.md, Differences). The cases listed here show it: the page reads such a " +
      "variable from outside the function.",
    explains: (c) => LOCAL_MODE_CASES.has(c.id),
  },
  {
    name: "html-escape",
    count: 9,
    reason:
      "Quarry HTML-escapes every `#expr#` it prints in dbt:output (safe by default); CFML prints the text as it is.",
    normalize: (_c, l, q) => [l, decodeHtml(q)],
  },
  {
    name: "tag-line-whitespace",
    count: 52,
    reason:
      "A line that holds only tags, comments and whitespace leaves nothing in Quarry's output " +
      "(docs/language.md); CFML keeps its line break and indentation. Compared with every run of " +
      "white space that holds a line break removed, on both sides.",
    normalize: (c, l, q) =>
      c.id.startsWith("fixtures:") || c.source.includes("<dbt:") ? [squeezeLines(l), squeezeLines(q)] : [l, q],
  },
  {
    name: "elvis-string-index",
    count: 1,
    reason:
      "A string's character read by index (`s[2]`) is that character, in Lucee and Quarry alike; " +
      "but Lucee 6.2's `s[2] ?: x` gives x, as if the string had no such element. Quarry gives " +
      "the character there too (checked with scripts/lucee-eval.mjs).",
    explains: (c) => /\w\[\d+\]\s*\?:/.test(c.source),
  },
  {
    name: "json-script-safe",
    count: 1,
    reason:
      "serializeJSON writes `<!--` as `\\u003c!--` (the same JSON decoded) so that it can stand " +
      "inside a <script> element; Lucee writes it as it is (docs/language.md, Differences).",
    normalize: (c, l, q) => (/serializeJSON/i.test(c.source) ? [l, q.split("\\u003c!--").join("<!--")] : [l, q]),
  },
  {
    name: "struct-key-case",
    count: 3,
    reason:
      "Lucee upper-cases the unquoted keys of a struct literal (`{b: 1}` has the key `B`) and keys " +
      "set with dot notation (`s.b = 1`); Quarry " +
      "keeps them as written. JSON is compared with every key upper-cased; the text of an expression " +
      "(a key list) upper-cased when its source has an unquoted key.",
    normalize: (c, l, q) => {
      const a = parse(l);
      const b = parse(q);
      if (a !== undefined && b !== undefined && typeof a === "object" && typeof b === "object")
        return [JSON.stringify(upperKeys(a)), JSON.stringify(upperKeys(b))];
      const expression = !c.id.startsWith("fixtures:") && !c.source.includes("<dbt:");
      return expression && UNQUOTED_KEY.test(c.source) ? [l.toUpperCase(), q.toUpperCase()] : [l, q];
    },
  },
];

/** The names of the entries that explain why `lucee` and `quarry` differ, or undefined when none do. */
export function explain(c: CaseInfo, lucee: Outcome, quarry: Outcome): string[] | undefined {
  const whole = known.find((k) => k.explains?.(c, lucee, quarry));
  if (whole) return [whole.name];
  if (lucee.out === undefined || quarry.out === undefined) return undefined;
  const normalizers = known.filter((k) => k.normalize !== undefined);
  const equalWith = (entries: KnownDifference[]) => {
    let [l, q] = [lucee.out, quarry.out];
    for (const k of entries) [l, q] = k.normalize!(c, l, q);
    return l === q;
  };
  if (!equalWith(normalizers)) return undefined;
  // Name only the entries the match needs: drop each one that it holds without.
  let used = normalizers;
  for (const k of normalizers) {
    const without = used.filter((x) => x !== k);
    if (equalWith(without)) used = without;
  }
  return used.map((k) => k.name);
}

/** The ids of the cases each entry of bench/compat-known.ts explains, by entry name, sorted. */
export function knownIds(rows: { id: string; verdict: string; why: string }[]): Record<string, string[]> {
  const ids: Record<string, string[]> = Object.fromEntries(known.map((k) => [k.name, []]));
  for (const r of rows) if (r.verdict === "known") for (const name of r.why.split(" + ")) ids[name]!.push(r.id);
  for (const list of Object.values(ids)) list.sort();
  return ids;
}

/**
 * Each entry whose number of cases is not the count pinned in bench/compat-known.ts: the cases
 * that came and went since the recorded run (all of them when none is recorded).
 */
export function pinFailures(
  ids: Record<string, string[]>,
  recorded: Record<string, string[]> | undefined,
  entries: KnownDifference[] = known,
): string[] {
  const list = (xs: string[]) => `${xs.slice(0, 30).join(", ")}${xs.length > 30 ? ` and ${xs.length - 30} more` : ""}`;
  return entries
    .filter((k) => (ids[k.name] ?? []).length !== k.count)
    .map((k) => {
      const now = ids[k.name] ?? [];
      const before = recorded?.[k.name];
      const changes: [string, string[]][] = before
        ? [
            ["new", now.filter((id) => !before.includes(id))],
            ["missing", before.filter((id) => !now.includes(id))],
          ]
        : [];
      const detail = before
        ? changes
            .filter(([, xs]) => xs.length > 0)
            .map(([what, xs]) => `${what}: ${list(xs)}`)
            .join("; ")
        : `its cases: ${list(now)}`;
      return `known difference \`${k.name}\` explains ${now.length} case(s), its count in bench/compat-known.ts is ${k.count} (${detail || "the same cases as recorded"}); set the count there if this is meant`;
    });
}
