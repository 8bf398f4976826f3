// Lawrence Philips' Metaphone, in the form CFML engines use (Apache Commons Codec's, which
// Lucee calls): a code of at most four letters, 0 standing for "th".
const VOWELS = "AEIOU";
const FRONT = "EIY";
/** Letters after which an H is silent. */
const SOFTENERS = "CSPTG";
const MAX = 4;

/** The Metaphone code of a word: letters outside A-Z are skipped. */
export function metaphone(input: string): string {
  let w = input.toUpperCase().replace(/[^A-Z]/g, "");
  if (w.length <= 1) return w;
  // Initial letter groups that sound as their second letter, or otherwise.
  if (/^(AE|GN|KN|PN|WR)/.test(w)) w = w.slice(1);
  else if (w[0] === "X") w = `S${w.slice(1)}`;
  else if (w.startsWith("WH")) w = `W${w.slice(2)}`;
  const word = new Word(w);
  let code = "";
  for (let n = 0; n < w.length && code.length < MAX; n++) {
    const c = w[n]!;
    // A doubled letter counts once, except C (ACCESS is AKSS).
    if (c !== "C" && n > 0 && w[n - 1] === c) continue;
    const sound = soundAt(word, n);
    code += sound;
    if (c === "D" && sound === "J") n += 2; // DGE, DGI, DGY: the G and the vowel are in the J
  }
  return code.slice(0, MAX);
}

/** A word's letters, read around a position (past either end: ""). */
class Word {
  readonly last: number;
  constructor(readonly w: string) {
    this.last = w.length - 1;
  }
  at(i: number): string {
    return this.w[i] ?? "";
  }
  /** Is the letter at i one of `set`? */
  is(i: number, set: string): boolean {
    return this.at(i) !== "" && set.includes(this.at(i));
  }
  from(i: number, s: string): boolean {
    return this.w.startsWith(s, i);
  }
}

/** The code of the letter at n of the word ("" when it is silent). */
function soundAt(word: Word, n: number): string {
  const { last } = word;
  const at = (i: number) => word.at(i);
  const is = (i: number, set: string) => word.is(i, set);
  const from = (i: number, t: string) => word.from(i, t);
  const c = at(n);
  switch (c) {
    case "A":
    case "E":
    case "I":
    case "O":
    case "U":
      return n === 0 ? c : "";
    case "B":
      // Silent in a final MB (dumb).
      return at(n - 1) === "M" && n === last ? "" : "B";
    case "C":
      if (at(n - 1) === "S" && n < last && is(n + 1, FRONT)) return ""; // SCE, SCI, SCY
      if (from(n, "CIA")) return "X";
      if (n < last && is(n + 1, FRONT)) return "S";
      if (at(n - 1) === "S" && at(n + 1) === "H") return "K"; // SCH
      if (at(n + 1) === "H") return n === 0 && word.w.length >= 3 && is(2, VOWELS) ? "K" : "X";
      return "K";
    case "D":
      return at(n + 1) === "G" && is(n + 2, FRONT) ? "J" : "T"; // DGE, DGI, DGY
    case "G":
      if (n + 1 === last && at(n + 1) === "H") return ""; // final GH
      if (n + 1 < last && at(n + 1) === "H" && !is(n + 2, VOWELS)) return ""; // GH not before a vowel
      if (n > 0 && from(n, "GN")) return ""; // GN, GNED after the first letter
      return n < last && is(n + 1, FRONT) && at(n - 1) !== "G" ? "J" : "K";
    case "H":
      if (n === last || (n > 0 && is(n - 1, SOFTENERS))) return "";
      return is(n + 1, VOWELS) ? "H" : "";
    case "K":
      return at(n - 1) !== "C" ? "K" : "";
    case "P":
      return at(n + 1) === "H" ? "F" : "P";
    case "Q":
      return "K";
    case "S":
      return from(n, "SH") || from(n, "SIO") || from(n, "SIA") ? "X" : "S";
    case "T":
      if (from(n, "TIA") || from(n, "TIO")) return "X";
      if (from(n, "TH")) return "0";
      return from(n, "TCH") ? "" : "T";
    case "V":
      return "F";
    case "W":
    case "Y":
      return n < last && is(n + 1, VOWELS) ? c : "";
    case "X":
      return "KS";
    case "Z":
      return "S";
    default:
      return c; // F J L M N R
  }
}
