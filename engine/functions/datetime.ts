// Reading, building and formatting dates the way CFML does, in one time zone (UTC unless the
// site sets `timezone`). A Date is an instant; every field a template sees is its wall-clock
// value in the zone.
// The date core: imports the errors leaf only, so values.ts can read dates without a cycle.
import { argError } from "../errors.js";

export interface Wall {
  y: number;
  mo: number; // 1-12
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
  dow: number; // 0 = Sunday
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
/** Zone names given a formatter kept in partsFormat, at most. */
const KEPT_FORMATS = 1000;

// Recent time-zone data made CET and MET aliases of Europe/Brussels, which kept GMT before 1914;
// CFML (Java) reads them as Central European time all the way back, as Europe/Berlin does since
// 1893: CFML's day zero, 1899-12-30, is then at +01:00 there too. Before Berlin took it up
// (its local mean time), they are +01:00, as Java's are.
const LEGACY_ZONES: Record<string, string> = { CET: "Europe/Berlin", MET: "Europe/Berlin", CEST: "Europe/Berlin" };
// Summer-time abbreviations the runtime does not know, read as the zone Lucee 6.2 reads them as
// (checked against it: "PDT" in January is -08:00, "AEST" is +10:00 all year).
const ABBREVIATIONS: Record<string, string> = {
  PDT: "America/Los_Angeles",
  MDT: "America/Denver",
  CDT: "America/Chicago",
  EDT: "America/New_York",
  AEST: "Australia/Brisbane",
  AEDT: "Australia/Sydney",
  EEST: "EET",
  WEST: "WET",
};
const BERLIN_CET = Date.UTC(1893, 2, 31, 23, 6, 32);

/** The zone Intl is given for a name a template uses (CET's and the summer abbreviations' own). */
export const zoneId = (tz: string): string => LEGACY_ZONES[tz.toUpperCase()] ?? ABBREVIATIONS[tz.toUpperCase()] ?? tz;

function formatter(tz: string): Intl.DateTimeFormat {
  let f = partsFormat.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zoneId(tz),
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      era: "short",
    });
    // Zone names are case-insensitive, so a template passing a visitor's could name one zone
    // in many ways: the map stops growing at its bound (later names get a formatter each time).
    if (partsFormat.size < KEPT_FORMATS) partsFormat.set(tz, f);
  }
  return f;
}

/** Whether the runtime knows a time-zone name (IANA, e.g. "Europe/Oslo"). */
export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
export function wall(date: Date, tz = "UTC"): Wall {
  const t = date.getTime();
  if (tz === "UTC") {
    return {
      y: date.getUTCFullYear(),
      mo: date.getUTCMonth() + 1,
      d: date.getUTCDate(),
      h: date.getUTCHours(),
      mi: date.getUTCMinutes(),
      s: date.getUTCSeconds(),
      ms: date.getUTCMilliseconds(),
      dow: date.getUTCDay(),
    };
  }
  if (t < BERLIN_CET && LEGACY_ZONES[tz.toUpperCase()]) return wall(new Date(t + 3_600_000), "UTC");
  const p: Record<string, string> = {};
  for (const part of formatter(tz).formatToParts(date)) p[part.type] = part.value;
  const y = p.era === "BC" || p.era === "B" ? 1 - Number(p.year) : Number(p.year);
  const ms = ((t % 1000) + 1000) % 1000;
  const w = {
    y,
    mo: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour) % 24,
    mi: Number(p.minute),
    s: Number(p.second),
    ms,
    dow: 0,
  };
  w.dow = new Date(utcOf(w)).getUTCDay();
  return w;
}

function utcOf(w: Omit<Wall, "dow">): number {
  const d = new Date(0);
  d.setUTCFullYear(w.y, w.mo - 1, w.d);
  d.setUTCHours(w.h, w.mi, w.s, w.ms);
  return d.getTime();
}

/** The instant whose wall clock in the zone shows these fields (fields may overflow, as in Date.UTC). */
export function fromWall(w: Omit<Wall, "dow">, tz = "UTC"): Date {
  const guess = utcOf(w);
  if (tz === "UTC") return new Date(guess);
  // Two rounds find the offset, also across a DST change.
  let t = guess;
  for (let i = 0; i < 2; i++) t = guess - (utcOf(wall(new Date(t), tz)) - t);
  return new Date(t);
}

/** Minutes east of UTC in the zone at that instant. */
export function offsetMinutes(date: Date, tz: string): number {
  return Math.round((utcOf(wall(date, tz)) - date.getTime()) / 60_000);
}

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const daysIn = (y: number, mo: number) =>
  [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;

/** Checks and builds a date from fields, refusing 2024-02-30. */
export function makeDate(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
  tz: string,
): Date {
  const ok =
    mo >= 1 &&
    mo <= 12 &&
    d >= 1 &&
    d <= daysIn(y, mo) &&
    h >= 0 &&
    h <= 23 &&
    mi >= 0 &&
    mi <= 59 &&
    s >= 0 &&
    s <= 59 &&
    ms >= 0 &&
    ms <= 999;
  if (!ok) throw argError(`Invalid date ${y}-${mo}-${d} ${h}:${mi}:${s}`);
  return fromWall({ y, mo, d, h, mi, s, ms }, tz);
}

// CFML's numeric dates count days from 1899-12-30 00:00; the fraction is the time of day.
const EPOCH = { y: 1899, mo: 12, d: 30 };

export function fromDayNumber(n: number, tz: string): Date {
  const whole = Math.floor(n);
  const ms = Math.round((n - whole) * 86_400_000);
  return fromWall({ ...EPOCH, d: EPOCH.d + whole, h: 0, mi: 0, s: 0, ms }, tz);
}

const MONTH_INDEX = new Map<string, number>();
MONTHS.forEach((m, i) => {
  MONTH_INDEX.set(m.toLowerCase(), i + 1);
  MONTH_INDEX.set(m.slice(0, 3).toLowerCase(), i + 1);
});
MONTH_INDEX.set("sept", 9);

// The white space before AM/PM and before a zone is taken only together with them, and once
// at the end: no run of spaces can be split between two \s* (a quadratic backtrack on input).
const TIME = String.raw`(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.:](\d{1,3})\d*)?)?(?:\s*([AaPp]\.?[Mm]\.?))?`;
// A zone: Z, GMT, UTC, an offset (GMT+05:30 too), or a zone name with a slash (Etc/GMT+1,
// Europe/Berlin); JavaScript's Date text adds the zone's name in parentheses, which is dropped.
const ZONE = String.raw`(?:\s*(Z|(?:GMT|UTC)(?:[+-]\d{1,2}(?::?\d{2})?)?|Coordinated Universal Time|Greenwich Mean Time|[+-]\d{1,2}(?::?\d{2}|:\d)?|[A-Za-z]+\/[\w+\-/]+)(?: \([^()]*\))?)?\s*`;
const ISO = new RegExp(String.raw`^(-?\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:T|\s+)${TIME})?${ZONE}$`);
const US = new RegExp(String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:,?\s+${TIME})?${ZONE}$`);
const NAMED = new RegExp(
  String.raw`^(?:[A-Za-z]+,?\s+)?(?:([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?|(\d{1,2})\s+([A-Za-z]+)\.?,?)\s+(\d{4})(?:,?\s+(?:at\s+)?${TIME})?${ZONE}$`,
);
const TIME_ONLY = new RegExp(String.raw`^${TIME}${ZONE}$`);
// 10-Oct-2010 (dateTimeFormat's default form), september/14/2018.
const DAY_NAMED = new RegExp(String.raw`^(\d{1,2})([-/])([A-Za-z]+)\.?\2(\d{4}|\d{2})(?:\s+${TIME})?${ZONE}$`);
const NAMED_SLASH = new RegExp(String.raw`^([A-Za-z]+)([-/])(\d{1,2})\2(\d{4})(?:\s+${TIME})?${ZONE}$`);
// A month and a year, as CFML reads them: 6/2007 and 2007-06 are the first of June 2007 (the
// number beyond 31 is the year; CFML reads two numbers that could be a day in the current year).
const MONTH_YEAR = /^(\d{1,2})[/.-](\d{2,4})$/;
const YEAR_MONTH = /^(\d{2,4})[/.-](\d{1,2})$/;
const ODBC = /^\{\s*(ts|d|t)\s+'([^']*)'\s*\}$/i;

function hour12(h: number, ampm: string | undefined): number {
  if (!ampm) return h;
  const pm = ampm[0]!.toLowerCase() === "p";
  if (h > 12) return -1;
  return (h % 12) + (pm ? 12 : 0);
}

function zoned(w: Omit<Wall, "dow">, zone: string | undefined, tz: string): Date | null {
  const ok =
    w.mo >= 1 && w.mo <= 12 && w.d >= 1 && w.d <= daysIn(w.y, w.mo) && w.h >= 0 && w.h <= 23 && w.mi <= 59 && w.s <= 59;
  if (!ok) return null;
  if (!zone) return fromWall(w, tz);
  if (zone.includes("/")) return isTimeZone(zone) ? fromWall(w, zone) : null;
  // +1, +01, +0100, +01:00 and CFML's +1:0: hours, then minutes after a colon or as the last two digits.
  const z = /^([+-])(\d{1,2})(?::(\d{1,2})|(\d{2}))?$/.exec(zone.replace(/^(GMT|UTC)(?=[+-])/, ""));
  const off = !z ? 0 : (z[1] === "-" ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3] ?? z[4] ?? 0));
  return new Date(utcOf(w) - off * 60_000);
}

const timeOf = (m: RegExpExecArray, i: number) => ({
  h: hour12(Number(m[i] ?? 0), m[i + 4]),
  mi: Number(m[i + 1] ?? 0),
  s: Number(m[i + 2] ?? 0),
  ms: m[i + 3] ? Number(m[i + 3]!.padEnd(3, "0")) : 0,
});

/** Reads the date forms CFML reads; null when the text is not one. */
export function parseDate(text: string, tz = "UTC"): Date | null {
  let s = text.trim();
  const odbc = ODBC.exec(s);
  if (odbc) {
    s = odbc[2]!.trim();
    if (odbc[1]!.toLowerCase() === "t") {
      const t = TIME_ONLY.exec(s);
      return t ? zoned({ ...EPOCH, ...timeOf(t, 1) }, t[6], tz) : null;
    }
  }
  let m = ISO.exec(s);
  if (m) return zoned({ y: Number(m[1]), mo: Number(m[2]), d: Number(m[3]), ...timeOf(m, 4) }, m[9], tz);
  m = US.exec(s);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) - (Number(m[3]) >= 30 ? 100 : 0) : Number(m[3]);
    // A first number beyond 12 can only be the day (30/06/2001), as CFML reads it.
    const [a, b] = [Number(m[1]), Number(m[2])];
    const [mo, d] = a > 12 && b <= 12 ? [b, a] : [a, b];
    return zoned({ y, mo, d, ...timeOf(m, 4) }, m[9], tz);
  }
  m = NAMED.exec(s);
  if (m) {
    const mo = MONTH_INDEX.get((m[1] ?? m[4])!.toLowerCase());
    if (mo === undefined) return null;
    return zoned({ y: Number(m[5]), mo, d: Number(m[2] ?? m[3]), ...timeOf(m, 6) }, m[11], tz);
  }
  m = DAY_NAMED.exec(s) ?? NAMED_SLASH.exec(s);
  if (m) {
    const dayFirst = /^\d/.test(s);
    const mo = MONTH_INDEX.get((dayFirst ? m[3]! : m[1]!).toLowerCase());
    if (mo === undefined) return null;
    const yy = m[4]!;
    const y = yy.length === 2 ? 2000 + Number(yy) - (Number(yy) >= 30 ? 100 : 0) : Number(yy);
    return zoned({ y, mo, d: Number(dayFirst ? m[1] : m[3]), ...timeOf(m, 5) }, m[10], tz);
  }
  m = TIME_ONLY.exec(s);
  if (m) return zoned({ ...EPOCH, ...timeOf(m, 1) }, m[6], tz);
  const my = MONTH_YEAR.exec(s);
  const ym = YEAR_MONTH.exec(s);
  const [mo, y] = my ? [Number(my[1]), my[2]!] : ym ? [Number(ym[2]), ym[1]!] : [0, "0"];
  if (mo >= 1 && mo <= 12 && Number(y) > 31) {
    const year = y.length === 2 ? 1900 + Number(y) : Number(y);
    return zoned({ y: year, mo, d: 1, h: 0, mi: 0, s: 0, ms: 0 }, undefined, tz);
  }
  return null;
}

// ---- formatting ----

const p2 = (n: number) => String(n).padStart(2, "0");

function zoneName(tz: string, date: Date, long: boolean): string {
  if (tz === "UTC") return long ? "Coordinated Universal Time" : "UTC";
  const f = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: long ? "long" : "short" });
  return f.formatToParts(date).find((p) => p.type === "timeZoneName")?.value ?? tz;
}

function offset(date: Date, tz: string, style: "Z" | "X" | "XX" | "XXX"): string {
  const off = offsetMinutes(date, tz);
  if (off === 0 && style !== "Z") return "Z";
  const sign = off < 0 ? "-" : "+";
  const a = Math.abs(off);
  const hh = p2(Math.floor(a / 60));
  const mm = p2(a % 60);
  return style === "X" ? sign + hh : style === "XXX" ? `${sign}${hh}:${mm}` : sign + hh + mm;
}

const NAMED_DATE: Record<string, string> = {
  short: "m/d/yy",
  medium: "mmm d, yyyy",
  long: "mmmm d, yyyy",
  full: "dddd, mmmm d, yyyy",
  iso: "yyyy-mm-dd",
  iso8601: "yyyy-mm-dd",
};
const NAMED_TIME: Record<string, string> = {
  short: "h:mm tt",
  medium: "h:mm:ss tt",
  long: "h:mm:ss tt z",
  full: "h:mm:ss tt zzzz",
  iso: "HH:mm:ss",
  iso8601: "HH:mm:ss",
};

type Token = (w: Wall, date: Date, tz: string) => string;

/** Month and day names a mask prints (English unless lsDateFormat passes a locale's). */
export interface Names {
  months: string[];
  days: string[];
  /** mmm and ddd: English's first three letters, else the locale's abbreviations. */
  shortMonths: string[];
  shortDays: string[];
}
const ENGLISH: Names = {
  months: MONTHS,
  days: DAYS,
  shortMonths: MONTHS.map((m) => m.slice(0, 3)),
  shortDays: DAYS.map((d) => d.slice(0, 3)),
};

/** A name as it stands in a date (Java's format forms: März, Jan.), without the abbreviation's dot, as Lucee prints it. */
function namePart(f: Intl.DateTimeFormat, date: Date, type: "month" | "weekday"): string {
  const part = f.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return part.endsWith(".") ? part.slice(0, -1) : part;
}
let names = ENGLISH;

/** The names of a locale's months and days, from Intl. */
export function localeNames(locale: string): Names {
  if (/^en(-|$)/i.test(locale)) return ENGLISH;
  const month = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  const day = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const shortMonth = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const shortDay = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", timeZone: "UTC" });
  return {
    months: MONTHS.map((_m, i) => month.format(new Date(Date.UTC(2023, i, 1)))),
    days: DAYS.map((_d, i) => day.format(new Date(Date.UTC(2023, 0, 1 + i)))),
    shortMonths: MONTHS.map((_m, i) => namePart(shortMonth, new Date(Date.UTC(2023, i, 1)), "month")),
    shortDays: DAYS.map((_d, i) => namePart(shortDay, new Date(Date.UTC(2023, 0, 1 + i)), "weekday")),
  };
}

function zoneToken(t: string): Token | null {
  if (/^z{1,3}$/.test(t)) return (_w, d, tz) => zoneName(tz, d, false);
  if (/^z{4,}$/.test(t)) return (_w, d, tz) => zoneName(tz, d, true);
  if (/^Z+$/.test(t)) return (_w, d, tz) => offset(d, tz, "Z");
  if (/^X+$/.test(t)) return (_w, d, tz) => offset(d, tz, t.length === 1 ? "X" : t.length === 2 ? "XX" : "XXX");
  return null;
}

function dateToken(t: string): Token | null {
  const l = t.toLowerCase();
  if (l[0] === "y")
    return l.length === 2
      ? (w) => p2(((w.y % 100) + 100) % 100)
      : (w) => String(w.y).padStart(l.length > 4 ? l.length : 1, "0");
  if (l[0] === "m") {
    if (l.length >= 4) return (w) => names.months[w.mo - 1]!;
    if (l.length === 3) return (w) => names.shortMonths[w.mo - 1]!;
    return l.length === 2 ? (w) => p2(w.mo) : (w) => String(w.mo);
  }
  if (l[0] === "d") {
    if (l.length >= 4) return (w) => names.days[w.dow]!;
    if (l.length === 3) return (w) => names.shortDays[w.dow]!;
    return l.length === 2 ? (w) => p2(w.d) : (w) => String(w.d);
  }
  // w: the week of the year; W: the week of the month (Lucee's DateFormat, weeks from Sunday).
  if (t[0] === "W") return (w) => String(weekOfMonth(w)).padStart(Math.min(l.length, 2), "0");
  if (l[0] === "w") return (w) => String(weekOfYear(w)).padStart(Math.min(l.length, 2), "0");
  if (t[0] === "e" || t[0] === "E") return l.length >= 4 ? (w) => DAYS[w.dow]! : (w) => DAYS[w.dow]!.slice(0, 3);
  if (l === "gg" || l === "g") return (w) => (w.y > 0 ? "AD" : "BC");
  return zoneToken(t);
}

function timeToken(t: string): Token | null {
  const c = t[0]!;
  if (c === "H") return t.length >= 2 ? (w) => p2(w.h) : (w) => String(w.h);
  if (c === "h") return t.length >= 2 ? (w) => p2(w.h % 12 || 12) : (w) => String(w.h % 12 || 12);
  if ("mMnN".includes(c)) return t.length >= 2 ? (w) => p2(w.mi) : (w) => String(w.mi);
  if (c === "s" || c === "S") return t.length >= 2 ? (w) => p2(w.s) : (w) => String(w.s);
  if (c === "l" || c === "L") return (w) => String(w.ms).padStart(t.length, "0");
  if (c === "t" || c === "T") return t.length >= 2 ? (w) => (w.h < 12 ? "AM" : "PM") : (w) => (w.h < 12 ? "A" : "P");
  return zoneToken(t);
}

// Masks are read by hand, each character once, not by regexes with back-references, whose
// backtracking a long mask could make quadratic.

/** Rewrites the tokens of `mask`: `tokenEnd(i)` is where the token starting at i ends (i: none). */
function scanMask(mask: string, tokenEnd: (i: number) => number, rewrite: (t: string) => string): string {
  let out = "";
  for (let i = 0; i < mask.length;) {
    const end = tokenEnd(i);
    if (end > i) {
      out += rewrite(mask.slice(i, end));
      i = end;
    } else out += mask[i++];
  }
  return out;
}

/** The end of the run of mask[i] repeated, when mask[i] is one of `letters`. */
function runEnd(mask: string, i: number, letters: string): number {
  if (!letters.includes(mask[i]!)) return i;
  let j = i + 1;
  while (mask[j] === mask[i]) j++;
  return j;
}

const DATE_LETTERS = "yYmMdDwWeEgGzZX";
const TIME_LETTERS = "hHmMnNsSlLtTzZX";
const MINUTE_LETTERS = "mMnN";

function applyMask(
  mask: string,
  tokenEnd: (i: number) => number,
  token: (t: string) => Token | null,
  date: Date,
  tz: string,
): string {
  const w = wall(date, tz);
  return scanMask(mask, tokenEnd, (t) => {
    const f = token(t);
    return f ? f(w, date, tz) : t;
  });
}

/** In time masks m and n (either case) are minutes, so a run such as "Nm" is a two-digit minute. */
function timeTokenEnd(mask: string, i: number): number {
  if (MINUTE_LETTERS.includes(mask[i]!) && i + 1 < mask.length && MINUTE_LETTERS.includes(mask[i + 1]!)) {
    let j = i + 2;
    while (j < mask.length && MINUTE_LETTERS.includes(mask[j]!)) j++;
    return j;
  }
  return runEnd(mask, i, TIME_LETTERS);
}

export function dateFormat(date: Date, mask: string, tz: string, localNames: Names = ENGLISH): string {
  const m = NAMED_DATE[mask.toLowerCase()] ?? mask;
  names = localNames;
  try {
    return applyMask(m, (i) => runEnd(m, i, DATE_LETTERS), dateToken, date, tz);
  } finally {
    names = ENGLISH;
  }
}

/** lsDateFormat / lsTimeFormat with a named mask: the locale's own short … full style. */
export function localeStyle(
  date: Date,
  style: string,
  locale: string,
  tz: string,
  part: "date" | "time",
): string | null {
  const s = style.toLowerCase();
  if (!["short", "medium", "long", "full"].includes(s)) return null;
  const opt = part === "date" ? { dateStyle: s } : { timeStyle: s };
  return new Intl.DateTimeFormat(locale, { ...(opt as Intl.DateTimeFormatOptions), timeZone: zoneId(tz) })
    .format(date)
    .replace(/[\u202f\u00a0]/g, " ");
}

export function timeFormat(date: Date, mask: string, tz: string): string {
  const m = NAMED_TIME[mask.toLowerCase()] ?? mask;
  return applyMask(m, (i) => timeTokenEnd(m, i), timeToken, date, tz);
}

// dateTimeFormat follows Java's SimpleDateFormat letters, with n for minutes (m and M are the
// month), 'quoted' literal text and '' for a quote.
const DT_LETTERS = "yYMmdDEHhKknNsSlLaAtTzZXGwWFu";

/**
 * A 'quoted' literal ('' inside is a quote), ending at the last quote that can close it, as a
 * greedy regex would; else a run of one letter.
 */
function dtTokenEnd(mask: string, i: number): number {
  if (mask[i] !== "'") return runEnd(mask, i, DT_LETTERS);
  let lastClose = i;
  for (let j = i + 1; j < mask.length; j++) {
    if (mask[j] !== "'") continue;
    if (mask[j + 1] !== "'") return j + 1;
    lastClose = j + 1;
    j++;
  }
  return lastClose;
}
// As Lucee 6.2 writes them on Java 17 (CLDR's forms: a comma or "at" between date and time).
const NAMED_DT: Record<string, string> = {
  short: "M/d/yy, h:nn a",
  medium: "MMM d, yyyy, h:nn:ss a",
  long: "MMMM d, yyyy 'at' h:nn:ss a z",
  full: "EEEE, MMMM d, yyyy 'at' h:nn:ss a zzzz",
  iso: "yyyy-MM-dd'T'HH:nn:ssXXX",
  iso8601: "yyyy-MM-dd'T'HH:nn:ssXXX",
  isoms: "yyyy-MM-dd'T'HH:nn:ss.SSSXXX",
  isomillis: "yyyy-MM-dd'T'HH:nn:ss.SSSXXX",
  javascript: "yyyy-MM-dd'T'HH:nn:ss.SSSXXX",
};

function dtToken(t: string): Token | null {
  const c = t[0]!;
  const n = t.length;
  const pad = (v: number) => String(v).padStart(n, "0");
  switch (c) {
    case "y":
    case "Y":
      return n === 2 ? (w) => p2(((w.y % 100) + 100) % 100) : (w) => pad(w.y);
    case "M":
    case "m":
      return n >= 4 ? (w) => MONTHS[w.mo - 1]! : n === 3 ? (w) => MONTHS[w.mo - 1]!.slice(0, 3) : (w) => pad(w.mo);
    case "d":
      return (w) => pad(w.d);
    case "D":
      return (w) => pad(dayOfYear(w));
    case "E":
      return n >= 4 ? (w) => DAYS[w.dow]! : (w) => DAYS[w.dow]!.slice(0, 3);
    case "u":
      return (w) => pad(w.dow === 0 ? 7 : w.dow);
    case "F":
      return (w) => pad(Math.ceil(w.d / 7));
    case "w":
      return (w) => pad(weekOfYear(w));
    case "W":
      return (w) => pad(weekOfMonth(w));
    case "H":
      return (w) => pad(w.h);
    case "k":
      return (w) => pad(w.h || 24);
    case "K":
      return (w) => pad(w.h % 12);
    case "h":
      return (w) => pad(w.h % 12 || 12);
    case "n":
    case "N":
      return (w) => pad(w.mi);
    case "s":
      return (w) => pad(w.s);
    case "S":
    case "l":
    case "L":
      return (w) =>
        n >= 3 ? String(w.ms).padStart(n, "0") : String(Math.floor(w.ms / 10 ** (3 - n))).padStart(n, "0");
    case "a":
    case "A":
      return (w) => (w.h < 12 ? "AM" : "PM");
    case "t":
    case "T":
      return n >= 2 ? (w) => (w.h < 12 ? "AM" : "PM") : (w) => (w.h < 12 ? "A" : "P");
    case "G":
      return (w) => (w.y > 0 ? "AD" : "BC");
    default:
      return zoneToken(t);
  }
}

export function dateTimeFormat(date: Date, mask: string, tz: string): string {
  // Lucee's epoch masks: seconds or milliseconds since 1970-01-01 UTC.
  if (mask.toLowerCase() === "epoch") return String(Math.floor(date.getTime() / 1000));
  if (mask.toLowerCase() === "epochms") return String(date.getTime());
  const m = NAMED_DT[mask.toLowerCase()] ?? mask;
  const w = wall(date, tz);
  return scanMask(
    m,
    (i) => dtTokenEnd(m, i),
    (t) => {
      if (t === "''") return "'";
      if (t[0] === "'") return t.slice(1, -1).replaceAll("''", "'");
      const f = dtToken(t);
      return f ? f(w, date, tz) : t;
    },
  );
}

export function dayOfYear(w: Pick<Wall, "y" | "mo" | "d">): number {
  let n = w.d;
  for (let m = 1; m < w.mo; m++) n += daysIn(w.y, m);
  return n;
}

/** The week of the month: week 1 holds the 1st, weeks start on Sunday (Java's WEEK_OF_MONTH, US). */
export function weekOfMonth(w: Wall): number {
  return Math.floor((w.d - 1 + ((w.dow - ((w.d - 1) % 7) + 7) % 7)) / 7) + 1;
}

/** CFML's week(): week 1 holds January 1st, weeks start on Sunday. */
export function weekOfYear(w: Wall): number {
  const jan1 = new Date(Date.UTC(2000, 0, 1));
  jan1.setUTCFullYear(w.y, 0, 1);
  return Math.floor((dayOfYear(w) - 1 + jan1.getUTCDay()) / 7) + 1;
}
