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
  const at = (i: number): string => w[i] ?? "";
  const is = (i: number, set: string): boolean => at(i) !== "" && set.includes(at(i));
  const from = (i: number, s: string): boolean => w.startsWith(s, i);
  const last = w.length - 1;
  let code = "";
  for (let n = 0; n <= last && code.length < MAX; n++) {
    const c = w[n]!;
    // A doubled letter counts once, except C (ACCESS is AKSS).
    if (c !== "C" && n > 0 && at(n - 1) === c) continue;
    switch (c) {
      case "A":
      case "E":
      case "I":
      case "O":
      case "U":
        if (n === 0) code += c;
        break;
      case "B":
        // Silent in a final MB (dumb).
        if (!(at(n - 1) === "M" && n === last)) code += "B";
        break;
      case "C":
        if (at(n - 1) === "S" && n < last && is(n + 1, FRONT)) break; // SCE, SCI, SCY
        if (from(n, "CIA")) code += "X";
        else if (n < last && is(n + 1, FRONT)) code += "S";
        else if (at(n - 1) === "S" && at(n + 1) === "H")
          code += "K"; // SCH
        else if (at(n + 1) === "H") code += n === 0 && w.length >= 3 && is(2, VOWELS) ? "K" : "X";
        else code += "K";
        break;
      case "D":
        if (at(n + 1) === "G" && is(n + 2, FRONT)) {
          code += "J"; // DGE, DGI, DGY
          n += 2;
        } else code += "T";
        break;
      case "G":
        if (n + 1 === last && at(n + 1) === "H") break; // final GH
        if (n + 1 < last && at(n + 1) === "H" && !is(n + 2, VOWELS)) break; // GH not before a vowel
        if (n > 0 && from(n, "GN")) break; // GN, GNED after the first letter
        code += n < last && is(n + 1, FRONT) && at(n - 1) !== "G" ? "J" : "K";
        break;
      case "H":
        if (n === last || (n > 0 && is(n - 1, SOFTENERS))) break;
        if (is(n + 1, VOWELS)) code += "H";
        break;
      case "K":
        if (at(n - 1) !== "C") code += "K";
        break;
      case "P":
        code += at(n + 1) === "H" ? "F" : "P";
        break;
      case "Q":
        code += "K";
        break;
      case "S":
        code += from(n, "SH") || from(n, "SIO") || from(n, "SIA") ? "X" : "S";
        break;
      case "T":
        if (from(n, "TIA") || from(n, "TIO")) code += "X";
        else if (from(n, "TH")) code += "0";
        else if (!from(n, "TCH")) code += "T";
        break;
      case "V":
        code += "F";
        break;
      case "W":
      case "Y":
        if (n < last && is(n + 1, VOWELS)) code += c;
        break;
      case "X":
        code += "KS";
        break;
      case "Z":
        code += "S";
        break;
      default:
        code += c; // F J L M N R
    }
  }
  return code.slice(0, MAX);
}
