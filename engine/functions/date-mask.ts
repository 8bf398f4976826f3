// parseDateTime(text, mask) and lsParseDateTime(text, locale, mask): the text read field by
// field as the mask lays it out, as Java's SimpleDateFormat (Lucee's) reads one: yyyy, MM,
// MMM(M) names, dd, HH/hh with a/tt, nn minutes (m is the month, as Lucee reads it), ss, SSS/l
// milliseconds, X/Z offsets, z zone names, 'quoted' literals. Fields written next to each
// other with nothing between them ("yyyyMMdd") take their width in digits. One pass over the
// text, no regular expression over it: no input can make it slow.
import { daysIn } from "./datetime.js";
import { ZONES, names, type Fields } from "./ls-parse.js";

type Part = { field: string; count: number } | { literal: string };

const FIELDS = "yMmdHhKknsSlLtaXZxzEe";

function partsOf(mask: string): Part[] {
  const out: Part[] = [];
  for (let i = 0; i < mask.length;) {
    const c = mask[i]!;
    if (c === "'") {
      // 'T' is the text T; '' is a quote.
      let j = i + 1;
      let lit = "";
      while (j < mask.length) {
        if (mask[j] === "'" && mask[j + 1] === "'") {
          lit += "'";
          j += 2;
        } else if (mask[j] === "'") break;
        else lit += mask[j++];
      }
      out.push({ literal: i + 1 === j ? "'" : lit });
      i = j + 1;
    } else if (FIELDS.includes(c)) {
      let j = i;
      while (mask[j] === c) j++;
      out.push({ field: c, count: j - i });
      i = j;
    } else {
      out.push({ literal: c });
      i++;
    }
  }
  return out;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
const NUMERIC = new Set(["y", "M", "m", "d", "H", "h", "K", "k", "n", "s", "S", "l", "L"]);

/** Puts the number `v` read for a numeric field of the mask into f; true when it is a 12-hour clock's hour. */
function putNumber(f: Fields, field: string, count: number, v: number, width: number): boolean {
  if (field === "y") f.y = count === 2 && width <= 2 ? (v < 50 ? 2000 + v : 1900 + v) : v;
  else if (field === "M" || field === "m") f.mo = v;
  else if (field === "d") f.d = v;
  else if (field === "H" || field === "k") f.h = field === "k" && v === 24 ? 0 : v;
  else if (field === "h" || field === "K") {
    f.h = v % 12;
    return true;
  } else if (field === "n") f.mi = v;
  else if (field === "s") f.s = v;
  else f.ms = field === "S" && width !== 3 ? Math.round(v * 10 ** (3 - width)) : v;
  return false;
}

/** The offset at s[i] of an X, x or Z field: Z (UTC), or ±HH, ±HHMM, ±HH:MM; in minutes, with where it ends. */
function readOffset(s: string, i: number): [number, number] | null {
  if (s[i] === "Z" || s[i] === "z") return [0, i + 1];
  const sign = s[i] === "+" ? 1 : s[i] === "-" ? -1 : 0;
  if (sign === 0 || !isDigit(s[i + 1]) || !isDigit(s[i + 2])) return null;
  let off = Number(s.slice(i + 1, i + 3)) * 60;
  i += 3;
  if (s[i] === ":") i++;
  if (isDigit(s[i]) && isDigit(s[i + 1])) {
    off += Number(s.slice(i, i + 2));
    i += 2;
  }
  return [sign * off, i];
}

/** The fields the text gives in the mask's layout, or null when it does not follow it. */
export function parseByMask(text: string, mask: string, locale: string): Fields | null {
  const parts = partsOf(mask);
  const f: Fields = { y: 1970, mo: 1, d: 1, h: 0, mi: 0, s: 0, ms: 0, offset: null };
  let pm: boolean | null = null;
  let twelve = false;
  let i = 0;
  const s = text.trim();
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    if ("literal" in part) {
      if (/\s/.test(part.literal)) {
        while (/\s/.test(s[i] ?? "")) i++;
        continue;
      }
      if (s.slice(i, i + part.literal.length).toLowerCase() !== part.literal.toLowerCase()) return null;
      i += part.literal.length;
      continue;
    }
    const { field, count } = part;
    const next = parts[p + 1];
    // As Lucee reads a CFML mask: m is the month wherever it stands, n the minutes.
    const month = field === "M" || field === "m";
    if (NUMERIC.has(field) && !(month && count >= 3)) {
      // Beside another number field, a field takes exactly its width; else all the digits there.
      const fixed = next !== undefined && "field" in next && NUMERIC.has(next.field);
      let j = i;
      while (isDigit(s[j]) && (!fixed || j - i < Math.max(count, field === "y" && count !== 2 ? 4 : count))) j++;
      if (j === i) return null;
      const v = Number(s.slice(i, j));
      const width = j - i;
      i = j;
      if (putNumber(f, field, count, v, width)) twelve = true;
      continue;
    }
    if (month || field === "E" || field === "e") {
      let j = i;
      while (isLetter(s[j])) j++;
      const word = s.slice(i, j).toLowerCase();
      if (s[j] === ".") j++;
      const n = names(locale);
      const v = month ? n.months.get(word) : n.days.get(word);
      if (v === undefined) return null;
      if (month) f.mo = v;
      i = j;
      continue;
    }
    if (field === "a" || field === "t") {
      const w = s.slice(i, i + 2).toLowerCase();
      if (w[0] !== "a" && w[0] !== "p") return null;
      pm = w[0] === "p";
      i += w === "am" || w === "pm" ? 2 : 1;
      if (s[i] === ".") i++;
      continue;
    }
    if (field === "z") {
      let j = i;
      while (isLetter(s[j])) j++;
      const off = ZONES[s.slice(i, j).toLowerCase()];
      if (off === undefined) return null;
      f.offset = off;
      i = j;
      continue;
    }
    const read = readOffset(s, i);
    if (read === null) return null;
    [f.offset, i] = read;
  }
  if (i !== s.length) return null;
  if (twelve && pm) f.h += 12;
  else if (!twelve && pm === true && f.h < 12) f.h += 12;
  if (f.mo < 1 || f.mo > 12 || f.d < 1 || f.d > daysIn(f.y, f.mo)) return null;
  if (f.h > 23 || f.mi > 59 || f.s > 59) return null;
  return f;
}
