// The deliberate differences between Quarry and Lucee, in one list. `npm run compat:lucee`
// counts a case that differs from Lucee as "known" (not a disagreement) when these explain it:
// each entry either rewrites both outputs the same way (`normalize`; the case is known when the
// rewritten outputs are equal once every entry has been applied in order) or recognises a whole
// case (`explains`). Each has its reason; docs/language.md's "Differences from CFML" is where a
// user reads the deliberate ones. Keep every entry narrow: it must not hide an unrelated bug.

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

/** What an entry may look at: the case's id (group:name), its CFML, and whether its fixture expects an error. */
export interface CaseInfo {
  id: string;
  source: string;
  expectsError: boolean;
}

export interface KnownDifference {
  name: string;
  reason: string;
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

/** The cases whose difference is only the function-local-mode entry's. */
const LOCAL_MODE_CASES = new Set(["snippets:script-function-unscoped-write"]);

export const known: KnownDifference[] = [
  {
    name: "lucee-no-object-cache",
    reason:
      "The oracle's environment, not Quarry: Lucee run headless has no default object cache (an " +
      "administrator setting), so cachePut/cacheGet/cacheCount… throw there.",
    explains: (_c, l) => l.error !== undefined && /there is no default object cache defined/.test(l.error.message),
  },
  {
    name: "function-lucee-lacks",
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
    reason:
      "A test/fixtures/err-* page records an error Quarry raises on purpose (checked before the " +
      "page runs, or a limit); CFML runs the page. docs/language.md (Differences from CFML) and " +
      "docs/errors.md give each reason.",
    explains: (c, _l, q) => c.expectsError && q.error !== undefined,
  },
  {
    name: "function-local-mode",
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
    reason:
      "Quarry HTML-escapes every `#expr#` it prints in dbt:output (safe by default); CFML prints the text as it is.",
    normalize: (_c, l, q) => [l, decodeHtml(q)],
  },
  {
    name: "tag-line-whitespace",
    reason:
      "A line that holds only tags, comments and whitespace leaves nothing in Quarry's output " +
      "(docs/language.md); CFML keeps its line break and indentation. Compared with every run of " +
      "white space that holds a line break removed, on both sides.",
    normalize: (c, l, q) =>
      c.id.startsWith("fixtures:") || c.source.includes("<dbt:") ? [squeezeLines(l), squeezeLines(q)] : [l, q],
  },
  {
    name: "elvis-string-index",
    reason:
      "A string's character read by index (`s[2]`) is that character, in Lucee and Quarry alike; " +
      "but Lucee 6.2's `s[2] ?: x` gives x, as if the string had no such element. Quarry gives " +
      "the character there too (checked with scripts/lucee-eval.mjs).",
    explains: (c) => /\w\[\d+\]\s*\?:/.test(c.source),
  },
  {
    name: "json-script-safe",
    reason:
      "serializeJSON writes `<!--` as `\\u003c!--` (the same JSON decoded) so that it can stand " +
      "inside a <script> element; Lucee writes it as it is (docs/language.md, Differences).",
    normalize: (c, l, q) => (/serializeJSON/i.test(c.source) ? [l, q.split("\\u003c!--").join("<!--")] : [l, q]),
  },
  {
    name: "struct-key-case",
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
