// The deliberate differences between Quarry and Lucee, in one list: `npm run compat:lucee`
// counts a case that differs from Lucee as "known" (not a disagreement) when one of these
// explains it. Each has its reason; docs/language.md's "Differences from CFML" is where a user
// reads them. Keep every test narrow: it must not hide an unrelated bug.

/** What one engine made of a case: its text, or its error. */
export type Outcome =
  { out: string; error?: undefined } | { out?: undefined; error: { type: string; message: string } };

export interface KnownDifference {
  name: string;
  reason: string;
  /** Does this difference explain why the outputs differ? `source` is the case's CFML. */
  applies(source: string, lucee: Outcome, quarry: Outcome): boolean;
}

const decodeHtml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** A JSON value with every struct key in upper case (Lucee's unquoted keys). */
function upperKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(upperKeys);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.toUpperCase(), upperKeys(x)]));
  return v;
}
const json = (s: string): unknown => {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
};

export const known: KnownDifference[] = [
  {
    name: "html-escape",
    reason:
      "Quarry HTML-escapes every `#expr#` it prints in dbt:output (safe by default); CFML prints " +
      "the text as it is. The case agrees once Quarry's entities are decoded.",
    applies: (_s, l, q) => l.out !== undefined && q.out !== undefined && decodeHtml(q.out) === l.out,
  },
  {
    name: "struct-key-case",
    reason:
      "Lucee upper-cases the unquoted keys of a struct literal (`{b: 1}` has the key `B`); Quarry " +
      "keeps them as written, as a JavaScript reader of serializeJSON expects. Equal once both " +
      "sides' struct keys are upper-cased (JSON), or once both are upper-cased when the source has " +
      "an unquoted key (key lists).",
    applies: (s, l, q) => {
      if (l.out === undefined || q.out === undefined) return false;
      const a = json(l.out);
      const b = json(q.out);
      if (a !== undefined && b !== undefined && typeof a === "object" && typeof b === "object")
        return JSON.stringify(upperKeys(a)) === JSON.stringify(upperKeys(b));
      return /[{,]\s*[A-Za-z_]\w*\s*[:=]/.test(s) && l.out.toUpperCase() === q.out.toUpperCase();
    },
  },
];
