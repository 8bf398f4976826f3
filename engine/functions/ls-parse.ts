// lsParseDateTime: reads a date or time as people of a locale write it ("31.12.2008",
// "Freitag, 29. Februar 2008 01:02 Uhr", "Feb 29, 2008 1:02 AM"). The text is split into
// numbers, words and punctuation (no regular expression scans it, so no input can make it
// backtrack); the time is taken out first, then month and weekday names in the locale's
// language or English and a zone name (CET, MESZ, PDT: its fixed offset), then the numbers in
// the locale's day/month order (or the order a format mask gives).
import { DAYS, MONTHS, daysIn } from "./datetime.js";

type Token =
  { kind: "num"; text: string; value: number } | { kind: "word"; text: string } | { kind: "punct"; text: string };

function tokens(s: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < s.length;) {
    const c = s[i]!;
    let j = i + 1;
    if (c >= "0" && c <= "9") {
      while (j < s.length && s[j]! >= "0" && s[j]! <= "9") j++;
      out.push({ kind: "num", text: s.slice(i, j), value: Number(s.slice(i, j)) });
    } else if (/\p{L}/u.test(c)) {
      while (j < s.length && /\p{L}/u.test(s[j]!)) j++;
      out.push({ kind: "word", text: s.slice(i, j).toLowerCase() });
    } else if (!/\s/.test(c)) out.push({ kind: "punct", text: c });
    i = j;
  }
  return out;
}

interface Names {
  months: Map<string, number>;
  days: Map<string, number>;
}
const namesCache = new Map<string, Names>();
/** Locales whose names are kept in namesCache, at most. */
const KEPT_LOCALES = 200;

/** Month and weekday names (long and short, without a final dot) of the locale, and English. */
export function names(locale: string): Names {
  let n = namesCache.get(locale);
  if (n) return n;
  n = { months: new Map(), days: new Map() };
  const add = (map: Map<string, number>, name: string, i: number) => {
    const key = name.toLowerCase().replace(/\.$/, "");
    if (!map.has(key)) map.set(key, i);
  };
  for (const style of ["long", "short"] as const) {
    const month = new Intl.DateTimeFormat(locale, { month: style, timeZone: "UTC" });
    const day = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: "UTC" });
    for (let i = 0; i < 12; i++) add(n.months, month.format(new Date(Date.UTC(2023, i, 1))), i + 1);
    // 2023-01-01 was a Sunday.
    for (let i = 0; i < 7; i++) add(n.days, day.format(new Date(Date.UTC(2023, 0, 1 + i))), i);
  }
  MONTHS.forEach((m, i) => (add(n.months, m, i + 1), add(n.months, m.slice(0, 3), i + 1)));
  add(n.months, "sept", 9);
  DAYS.forEach((d, i) => (add(n.days, d, i), add(n.days, d.slice(0, 3), i)));
  // Locales given by a visitor come in many spellings: the map stops growing at its bound.
  if (namesCache.size < KEPT_LOCALES) namesCache.set(locale, n);
  return n;
}

/** Does the locale write the day before the month (31.12.2008, 31/12/2008)? */
export function dayFirst(locale: string): boolean {
  const parts = new Intl.DateTimeFormat(locale, { day: "numeric", month: "numeric", year: "numeric", timeZone: "UTC" })
    .formatToParts(new Date(0))
    .map((p) => p.type);
  return parts.indexOf("day") < parts.indexOf("month");
}

// Words that say nothing about the instant: "Uhr", "h", "de" (6 de abril de 2008), "o'clock".
const FILLER = new Set([
  "uhr",
  "h",
  "de",
  "del",
  "at",
  "um",
  "à",
  "le",
  "den",
  "der",
  "o",
  "clock",
  "st",
  "nd",
  "rd",
  "th",
]);

/** Zone names a date text may end with, and their offsets in minutes east of UTC (as Java reads them). */
export const ZONES: Record<string, number> = {
  utc: 0,
  gmt: 0,
  z: 0,
  ut: 0,
  wet: 0,
  wez: 0,
  west: 60,
  wesz: 60,
  bst: 60,
  cet: 60,
  mez: 60,
  cest: 120,
  mesz: 120,
  eet: 120,
  oez: 120,
  eest: 180,
  oesz: 180,
  msk: 180,
  ist: 330,
  jst: 540,
  aest: 600,
  aedt: 660,
  nst: -210,
  ndt: -150,
  ast: -240,
  adt: -180,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
};

export interface Fields {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
  offset: number | null;
}

/** Takes the time out of the tokens: hh:mm[:ss[.ms]] [am|pm], or "01.02. h"; null when there is none. */
function takeTime(t: Token[]): { h: number; mi: number; s: number; ms: number } | null | "bad" {
  for (let i = 0; i + 2 < t.length; i++) {
    const [a, sep, b] = [t[i]!, t[i + 1]!, t[i + 2]!];
    if (a.kind !== "num" || b.kind !== "num" || sep.kind !== "punct") continue;
    const colon = sep.text === ":";
    // "1.02 h" and "01.02. h" (French and Italian, Java's style): a dot, and the word h after the minutes.
    const hAt = t[i + 3]?.text === "h" ? i + 4 : t[i + 3]?.text === "." && t[i + 4]?.text === "h" ? i + 5 : 0;
    const dotH = sep.text === "." && hAt > 0;
    if (!colon && !dotH) continue;
    let end = i + 3;
    let s = 0;
    let ms = 0;
    if (colon && t[end]?.text === ":" && t[end + 1]?.kind === "num") {
      s = (t[end + 1] as { value: number }).value;
      end += 2;
      if ((t[end]?.text === "." || t[end]?.text === ":") && t[end + 1]?.kind === "num") {
        ms = Number(t[end + 1]!.text.slice(0, 3).padEnd(3, "0"));
        end += 2;
      }
    }
    if (dotH) end = hAt;
    let h = a.value;
    const ampm = t[end]?.kind === "word" ? t[end]!.text : "";
    if (ampm === "am" || ampm === "pm" || ampm === "a" || ampm === "p") {
      if (h < 1 || h > 12) return "bad";
      h = (h % 12) + (ampm[0] === "p" ? 12 : 0);
      end++;
      if (t[end]?.text === "." && (ampm === "a" || ampm === "p")) end++;
    }
    if (h > 23 || b.value > 59 || s > 59) return "bad";
    t.splice(i, end - i);
    return { h, mi: b.value, s, ms };
  }
  return null;
}

/** The four-digit year of a two-digit one, as Java reads it: within 80 years before and 20 after now. */
function fullYear(tok: { text: string; value: number }): number {
  if (tok.text.length > 2) return tok.value;
  const now = new Date().getUTCFullYear();
  const y = Math.floor(now / 100) * 100 + tok.value;
  return y > now + 20 ? y - 100 : y;
}

/** The wall-clock fields the text names in the locale, or null when it is not a date or time there. */
export function lsParseFields(text: string, locale: string, order?: "dm" | "md"): Fields | null {
  const t = tokens(text);
  const time = takeTime(t);
  if (time === "bad") return null;
  const n = names(locale);
  const nums: { text: string; value: number }[] = [];
  let month: number | null = null;
  let weekday: number | null = null;
  let offset: number | null = null;
  for (const tok of t) {
    if (tok.kind === "num") nums.push(tok);
    else if (tok.kind === "word") {
      const w = tok.text;
      if (month === null && n.months.has(w)) month = n.months.get(w)!;
      else if (weekday === null && n.days.has(w)) weekday = n.days.get(w)!;
      else if (offset === null && ZONES[w] !== undefined) offset = ZONES[w];
      else if (!FILLER.has(w)) return null;
    }
  }
  let f: Fields;
  const clock = { ...(time ?? { h: 0, mi: 0, s: 0, ms: 0 }), offset };
  if (nums.length === 0 && month === null) {
    if (!time || weekday !== null) return null;
    return { y: 1899, mo: 12, d: 30, ...clock };
  }
  const dm = order ? order === "dm" : dayFirst(locale);
  if (month !== null) {
    if (nums.length !== 2) return null;
    // "Feb 29, 2008", "29 February 2008", "2008 Feb 29": the four-digit number is the year.
    const [a, b] = nums as [{ text: string; value: number }, { text: string; value: number }];
    const [day, year] = a.text.length === 4 ? [b, a] : [a, b];
    f = { y: fullYear(year), mo: month, d: day.value, ...clock };
  } else if (nums.length === 2) {
    // "1/1": a day of this year.
    const [a, b] = nums as [{ text: string; value: number }, { text: string; value: number }];
    const y = new Date().getUTCFullYear();
    f = dm ? { y, mo: b.value, d: a.value, ...clock } : { y, mo: a.value, d: b.value, ...clock };
  } else {
    if (nums.length !== 3) return null;
    const [a, b, c] = nums as [
      { text: string; value: number },
      { text: string; value: number },
      { text: string; value: number },
    ];
    if (a.text.length === 4) f = { y: a.value, mo: b.value, d: c.value, ...clock };
    else if (dm) f = { y: fullYear(c), mo: b.value, d: a.value, ...clock };
    else f = { y: fullYear(c), mo: a.value, d: b.value, ...clock };
  }
  if (f.mo < 1 || f.mo > 12 || f.d < 1 || f.d > daysIn(f.y, f.mo)) return null;
  if (weekday !== null && new Date(Date.UTC(f.y, f.mo - 1, f.d)).getUTCDay() !== weekday) return null;
  return f;
}
