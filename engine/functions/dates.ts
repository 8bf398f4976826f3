// Dates are JavaScript Dates, read and printed in UTC so a page renders the same on any server.
import { category, str, int, argError } from "./define.js";

export function toDate(v: unknown): Date {
  if (v instanceof Date) return v;
  const s = str(v).trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (m) {
    const d = m[7]
      ? new Date(s.replace(" ", "T"))
      : new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)));
    // Date.UTC rolls 2024-13-01 over into 2025: accept only dates that exist.
    const exists = m[7] || (d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!);
    if (!Number.isNaN(d.getTime()) && exists) return d;
  }
  throw argError(`${JSON.stringify(s)} is not a date (use YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)`);
}

export function isDate(v: unknown): boolean {
  try {
    toDate(v);
    return true;
  } catch {
    return false;
  }
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const p2 = (n: number) => String(n).padStart(2, "0");

function format(d: Date, mask: string, tokens: RegExp, table: Record<string, (d: Date) => string>): string {
  return mask.replace(tokens, (t) => table[t.toLowerCase()]?.(d) ?? table[t]?.(d) ?? t);
}

const DATE_TOKENS = /yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d/gi;
const DATE_TABLE: Record<string, (d: Date) => string> = {
  yyyy: (d) => String(d.getUTCFullYear()),
  yy: (d) => p2(d.getUTCFullYear() % 100),
  mmmm: (d) => MONTHS[d.getUTCMonth()]!,
  mmm: (d) => MONTHS[d.getUTCMonth()]!.slice(0, 3),
  mm: (d) => p2(d.getUTCMonth() + 1),
  m: (d) => String(d.getUTCMonth() + 1),
  dddd: (d) => DAYS[d.getUTCDay()]!,
  ddd: (d) => DAYS[d.getUTCDay()]!.slice(0, 3),
  dd: (d) => p2(d.getUTCDate()),
  d: (d) => String(d.getUTCDate()),
};

const TIME_TOKENS = /HH|H|hh|h|mm|m|ss|s|tt/g;
const h12 = (d: Date) => d.getUTCHours() % 12 || 12;
const TIME_TABLE: Record<string, (d: Date) => string> = {
  HH: (d) => p2(d.getUTCHours()),
  H: (d) => String(d.getUTCHours()),
  hh: (d) => p2(h12(d)),
  h: (d) => String(h12(d)),
  mm: (d) => p2(d.getUTCMinutes()),
  m: (d) => String(d.getUTCMinutes()),
  ss: (d) => p2(d.getUTCSeconds()),
  s: (d) => String(d.getUTCSeconds()),
  tt: (d) => (d.getUTCHours() < 12 ? "AM" : "PM"),
};

const UNITS: Record<string, number> = { s: 1000, n: 60_000, h: 3_600_000, d: 86_400_000, ww: 604_800_000 };

function datePart(part: unknown): string {
  const p = str(part).toLowerCase();
  if (!["yyyy", "m", "ww", "d", "h", "n", "s"].includes(p)) throw argError(`Unknown date part ${JSON.stringify(p)} (yyyy, m, ww, d, h, n, s)`);
  return p;
}

export default category("dates", {
  now: [{ params: "", doc: "The current date and time.", example: "isDate(now())", result: "true" }, () => new Date()],
  createDate: [{ params: "year, month, day", doc: "A date at midnight UTC.", example: "createDate(2024, 2, 29)", result: "2024-02-29 00:00:00" },
    (_c, y: unknown, m: unknown, d: unknown) => createDateTime(int(y, "year"), int(m, "month"), int(d, "day"), 0, 0, 0)],
  createDateTime: [{ params: "year, month, day, hour, minute, second", doc: "A date and time (UTC).", example: "createDateTime(2024, 1, 2, 13, 4, 5)", result: "2024-01-02 13:04:05" },
    (_c, y: unknown, mo: unknown, d: unknown, h: unknown, mi: unknown, s: unknown) => createDateTime(int(y), int(mo), int(d), int(h), int(mi), int(s))],
  parseDateTime: [{ params: "string", doc: "Reads YYYY-MM-DD[ HH:MM[:SS]] or ISO 8601.", example: 'year(parseDateTime("2023-07-01 10:00"))', result: "2023" }, (_c, s: unknown) => toDate(s)],
  isDate: [{ params: "value", doc: "true when the value is a date or a string parseDateTime reads.", example: 'isDate("2024-13-01")', result: "false" }, (_c, v: unknown) => isDate(v)],
  dateFormat: [{ params: "date, [mask]", doc: "Formats a date: yyyy yy mmmm mmm mm m dddd ddd dd d (default yyyy-mm-dd).", example: 'dateFormat("2024-03-05", "mmm d, yyyy")', result: "Mar 5, 2024" },
    (_c, d: unknown, m?: unknown) => format(toDate(d), m === undefined ? "yyyy-mm-dd" : str(m), DATE_TOKENS, DATE_TABLE)],
  timeFormat: [{ params: "date, [mask]", doc: "Formats a time: HH H hh h mm m ss s tt (default HH:mm:ss).", example: 'timeFormat("2024-03-05 14:07:09", "h:mm tt")', result: "2:07 PM" },
    (_c, d: unknown, m?: unknown) => format(toDate(d), m === undefined ? "HH:mm:ss" : str(m), TIME_TOKENS, TIME_TABLE)],
  dateAdd: [{ params: "part, number, date", doc: "Adds whole units (yyyy, m, ww, d, h, n, s) to a date.", example: 'dateAdd("d", 3, "2024-02-27")', result: "2024-03-01 00:00:00" },
    (_c, part: unknown, n: unknown, d: unknown) => {
      const p = datePart(part); const k = int(n, "number"); const date = new Date(toDate(d).getTime());
      if (p === "yyyy") date.setUTCFullYear(date.getUTCFullYear() + k);
      else if (p === "m") date.setUTCMonth(date.getUTCMonth() + k);
      else date.setTime(date.getTime() + k * UNITS[p]!);
      return date;
    }],
  dateDiff: [{ params: "part, date1, date2", doc: "Whole units from date1 to date2.", example: 'dateDiff("d", "2024-01-01", "2024-03-01")', result: "60" },
    (_c, part: unknown, a: unknown, b: unknown) => {
      const p = datePart(part); const x = toDate(a); const y = toDate(b);
      if (p === "yyyy" || p === "m") {
        let months = (y.getUTCFullYear() - x.getUTCFullYear()) * 12 + (y.getUTCMonth() - x.getUTCMonth());
        const rest = (d: Date) => d.getTime() - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
        if (months > 0 && rest(y) < rest(x)) months--;
        if (months < 0 && rest(y) > rest(x)) months++;
        return p === "m" ? months : Math.trunc(months / 12);
      }
      return Math.trunc((y.getTime() - x.getTime()) / UNITS[p]!);
    }],
  year: [{ params: "date", doc: "The year.", example: 'year("2024-03-05")', result: "2024" }, (_c, d: unknown) => toDate(d).getUTCFullYear()],
  month: [{ params: "date", doc: "The month, 1–12.", example: 'month("2024-03-05")', result: "3" }, (_c, d: unknown) => toDate(d).getUTCMonth() + 1],
  day: [{ params: "date", doc: "The day of the month.", example: 'day("2024-03-05")', result: "5" }, (_c, d: unknown) => toDate(d).getUTCDate()],
  hour: [{ params: "date", doc: "The hour, 0–23.", example: 'hour("2024-03-05 14:07")', result: "14" }, (_c, d: unknown) => toDate(d).getUTCHours()],
  minute: [{ params: "date", doc: "The minute.", example: 'minute("2024-03-05 14:07")', result: "7" }, (_c, d: unknown) => toDate(d).getUTCMinutes()],
  second: [{ params: "date", doc: "The second.", example: 'second("2024-03-05 14:07:09")', result: "9" }, (_c, d: unknown) => toDate(d).getUTCSeconds()],
  dayOfWeek: [{ params: "date", doc: "1 (Sunday) to 7 (Saturday).", example: 'dayOfWeek("2024-03-05")', result: "3" }, (_c, d: unknown) => toDate(d).getUTCDay() + 1],
});

function createDateTime(y: number, mo: number, d: number, h: number, mi: number, s: number): Date {
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) {
    throw argError(`Invalid date ${y}-${mo}-${d} ${h}:${mi}:${s}`);
  }
  return date;
}
