// Date functions. Dates are instants (JavaScript Dates); their fields, masks and arithmetic use
// the page's time zone (the site's `timezone` setting, UTC by default).
import type { RenderContext } from "../context.js";
import { asNumber, isDate, toDate } from "../values.js";
import { category, str, num, int, argError } from "./define.js";
import { localeArg } from "./numbers.js";
import { lsParseFields } from "./ls-parse.js";
import { parseByMask } from "./date-mask.js";
import { markTime } from "../values.js";
import {
  DAYS,
  MONTHS,
  dateFormat,
  dateTimeFormat,
  dayOfYear,
  daysIn,
  fromDayNumber as fromDayNumberIn,
  fromWall,
  isLeap,
  isTimeZone,
  makeDate,
  parseDate,
  localeNames,
  localeStyle,
  timeFormat,
  wall,
  weekOfYear,
  type Wall,
} from "./datetime.js";

/** A date argument: a date, a date string, or (as in CFML) a number of days since 1899-12-30. */
export function dateArg(v: unknown, tz = "UTC"): Date {
  if (v instanceof Date) return v;
  if (typeof v === "number") return fromDayNumberIn(v, tz);
  const s = str(v);
  const d = parseDate(s, tz);
  if (d) return d;
  const n = asNumber(s);
  if (!Number.isNaN(n) && s.trim() !== "") return fromDayNumberIn(n, tz);
  throw argError(`${JSON.stringify(s)} is not a date (use YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)`);
}

/** The page's time zone. */
export const zone = (ctx: RenderContext): string => ctx.page.timezone;

/**
 * CFML's date type, as isValid("date") and a `type="date"` argument check it: a date, a day
 * number, or text that reads as a date or a number.
 */
export function isDateLike(v: unknown, tz = "UTC"): boolean {
  return (
    v instanceof Date ||
    (typeof v === "number" && Number.isFinite(v)) ||
    (typeof v === "string" && (isDate(v, tz) || (v.trim() !== "" && !Number.isNaN(Number(v)))))
  );
}

const PARTS = ["yyyy", "q", "m", "y", "d", "w", "ww", "wd", "h", "n", "s", "l"];

function datePart(part: unknown): string {
  const p = str(part).toLowerCase();
  if (!PARTS.includes(p)) throw argError(`Unknown date part ${JSON.stringify(p)} (${PARTS.join(", ")})`);
  return p;
}

const MS: Record<string, number> = { l: 1, s: 1000, n: 60_000, h: 3_600_000 };

/** dateAdd: months and years keep the day where it exists, else the month's last day. */
export function addTo(date: Date, part: string, k: number, tz: string): Date {
  if (MS[part]) return new Date(date.getTime() + k * MS[part]);
  const w = wall(date, tz);
  const months = part === "yyyy" ? 12 * k : part === "q" ? 3 * k : part === "m" ? k : 0;
  if (months !== 0 || part === "yyyy" || part === "q" || part === "m") {
    const total = w.y * 12 + (w.mo - 1) + months;
    const y = Math.floor(total / 12);
    const mo = total - y * 12 + 1;
    return fromWall({ ...w, y, mo, d: Math.min(w.d, daysIn(y, mo)) }, tz);
  }
  if (part === "w") {
    // Weekdays: step over Saturdays and Sundays.
    let d = w.d;
    let dow = w.dow;
    const step = k < 0 ? -1 : 1;
    for (let left = Math.abs(k); left > 0;) {
      d += step;
      dow = (dow + step + 7) % 7;
      if (dow !== 0 && dow !== 6) left--;
      if (Math.abs(d - w.d) > 10_000_000) throw argError("dateAdd: too many weekdays");
    }
    return fromWall({ ...w, d }, tz);
  }
  return fromWall({ ...w, d: w.d + (part === "ww" ? 7 * k : k) }, tz);
}

/** dateDiff: whole units from a to b, counted on the wall clock for calendar units. */
export function diff(part: string, a: Date, b: Date, tz: string): number {
  if (MS[part]) return Math.trunc((b.getTime() - a.getTime()) / MS[part]);
  const x = wall(a, tz);
  const y = wall(b, tz);
  if (part === "yyyy" || part === "m" || part === "q") {
    let months = (y.y - x.y) * 12 + (y.mo - x.mo);
    const clock = (w: Wall) => ((w.h * 60 + w.mi) * 60 + w.s) * 1000 + w.ms;
    // As in Lucee, months ending on a month's last day are whole when the earlier date's day
    // is later (Jan 31 to Apr 30 is 3 months); only the time of day then counts.
    const short = (early: Wall, late: Wall) =>
      late.d < early.d && late.d !== daysIn(late.y, late.mo)
        ? true
        : late.d < early.d || late.d === early.d
          ? clock(late) < clock(early)
          : false;
    if (months > 0 && short(x, y)) months--;
    if (months < 0 && short(y, x)) months++;
    return part === "m" ? months : Math.trunc(months / (part === "q" ? 3 : 12));
  }
  if (part === "wd") return a.getTime() > b.getTime() ? -weekdays(y, x) : weekdays(x, y);
  // Days on the wall clock, so a DST change does not lose one.
  const dayMs = (w: Wall) =>
    Date.UTC(2000, 0, 1, w.h, w.mi, w.s, w.ms) + (dayNumber(w) - dayNumber({ y: 2000, mo: 1, d: 1 })) * 86_400_000;
  const days = Math.trunc((dayMs(y) - dayMs(x)) / 86_400_000);
  return part === "w" || part === "ww" ? Math.trunc(days / 7) : days;
}

/**
 * Weekdays from the earlier wall time to the later, as Lucee counts them: a weekend day moves
 * back to the Friday, both ends then back to their week's Monday; whole days between (less one
 * when the later time of day is earlier), less two per whole week, plus the ends' offsets.
 */
function weekdays(x: Wall, y: Wall): number {
  const shift = (w: Wall) => (w.dow === 0 ? 2 : w.dow === 6 ? 1 : 0);
  const offset = (w: Wall) => (w.dow === 0 || w.dow === 6 ? 4 : w.dow - 1);
  const clock = (w: Wall) => ((w.h * 60 + w.mi) * 60 + w.s) * 1000 + w.ms;
  const from = dayNumber(x) - shift(x) - offset(x);
  const to = dayNumber(y) - shift(y) - offset(y);
  const days = to - from - (clock(y) < clock(x) ? 1 : 0);
  return days - 2 * Math.trunc(days / 7) + offset(y) - offset(x);
}

function dayNumber(w: Pick<Wall, "y" | "mo" | "d">): number {
  const d = new Date(0);
  d.setUTCFullYear(w.y, w.mo - 1, w.d);
  return Math.round(d.getTime() / 86_400_000);
}

const PRECISION = ["yyyy", "m", "d", "h", "n", "s"];

function fields(ctx: RenderContext, d: unknown): Wall {
  return wall(dateArg(d, zone(ctx)), zone(ctx));
}

const arg = (ctx: RenderContext, d: unknown) => dateArg(d, zone(ctx));
/** Does the locale write the day before the month (de-CH: 06.04.2008 is 6 April)? */
/** lsParseDateTime and lsIsDate: the locale's forms first, then every form parseDateTime reads. */
function lsParse(ctx: RenderContext, v: unknown, l: unknown, tz: unknown, mask: unknown): Date | null {
  if (v instanceof Date) return v;
  const text = str(v);
  // CFML code passes a format mask third (lsParseDateTime(s, "en", "m/dd/yy h:mm")): its day/month order is used.
  if (mask === undefined && tz !== undefined && !isTimeZone(str(tz)) && /[dDmM]/.test(str(tz)))
    [mask, tz] = [tz, undefined];
  const z = tz === undefined ? zone(ctx) : timeZoneArg(tz);
  const m = mask === undefined ? "" : str(mask).toLowerCase();
  const order = m.includes("d") && m.includes("m") ? (m.indexOf("d") < m.indexOf("m") ? "dm" : "md") : undefined;
  const locale = localeArg(ctx, l);
  // The mask as a layout first (yyyyMMdd, yyyy-MM-dd'T'HH:nn:ssX), else only its day/month order.
  const f = (mask === undefined ? null : parseByMask(text, str(mask), locale)) ?? lsParseFields(text, locale, order);
  if (f?.offset != null) return new Date(Date.UTC(f.y, f.mo - 1, f.d, f.h, f.mi, f.s, f.ms) - f.offset * 60_000);
  if (f) return makeDate(f.y, f.mo, f.d, f.h, f.mi, f.s, f.ms, z);
  // ISO 8601 and CFML's {ts '…'} read in every locale; 12/31/2008 is not a date in en-GB.
  const s = text.trimStart();
  return s.startsWith("{") || /^-?\d{4}[-/.]/.test(s) ? parseDate(text, z) : null;
}

/** A date argument of an ls* function: a date text is read as the locale writes it (lsParseDateTime). */
function lsArg(ctx: RenderContext, d: unknown, locale: string): Date {
  return (typeof d === "string" ? lsParse(ctx, d, locale, undefined, undefined) : null) ?? arg(ctx, d);
}

const blank = (v: unknown) => typeof v === "string" && v.trim() === "";

function nameOf(
  ctx: RenderContext,
  list: string[],
  n: unknown,
  what: string,
  locale: unknown,
  style: "long" | "short",
  kind: "weekday" | "month",
): string {
  const i = int(n, what);
  if (i < 1 || i > list.length) throw argError(`${what} must be between 1 and ${list.length}, got ${i}`);
  // The page's locale by default, as in CFML (the site's locale setting, or setLocale).
  const loc = localeArg(ctx, locale);
  if (/^en(-.*)?$/i.test(loc)) return style === "long" ? list[i - 1]! : list[i - 1]!.slice(0, 3);
  // 2023-01-01 was a Sunday.
  const date = kind === "weekday" ? new Date(Date.UTC(2023, 0, i)) : new Date(Date.UTC(2023, i - 1, 1));
  try {
    return new Intl.DateTimeFormat(loc, { timeZone: "UTC", [kind]: style }).format(date);
  } catch {
    throw argError(`Unknown locale ${JSON.stringify(str(locale))}`);
  }
}

function create(ctx: RenderContext, a: unknown[], timezone?: unknown): Date {
  // A part left out between named arguments (createDateTime(year=2000, day=23)) takes its default.
  const [y, mo = 1, d = 1, h = 0, mi = 0, s = 0, ms = 0] = a.map((v, i) =>
    v === undefined ? undefined : int(v, ["year", "month", "day", "hour", "minute", "second", "millisecond"][i]),
  );
  const tz = timezone === undefined ? zone(ctx) : str(timezone);
  if (!isTimeZone(tz)) throw argError(`Unknown time zone ${JSON.stringify(tz)}`);
  // As in CFML: a two-digit year is 19xx from 30 and 20xx below, and hour 24 is the next day's midnight.
  const year = y! >= 0 && y! < 100 ? y! + (y! < 30 ? 2000 : 1900) : y!;
  if (h !== 24) return makeDate(year, mo, d, h, mi, s, ms, tz);
  return new Date(makeDate(year, mo, d, 23, mi, s, ms, tz).getTime() + 3_600_000);
}

export default category("dates", {
  now: [{ params: "", doc: "The current date and time.", example: "isDate(now())", result: "true" }, () => new Date()],
  createDate: [
    {
      params: "year, [month], [day]",
      doc: "A date at midnight (month and day default to 1).",
      example: "createDate(2024, 2, 29)",
      result: "{ts '2024-02-29 00:00:00'}",
    },
    (ctx, ...a: unknown[]) => create(ctx, a),
  ],
  createDateTime: [
    {
      params: "year, [month], [day], [hour], [minute], [second], [millisecond], [timezone]",
      doc: "A date and time (missing parts default to their lowest value), read in the page's time zone or the one given.",
      example: "createDateTime(2024, 1, 2, 13, 4, 5)",
      result: "{ts '2024-01-02 13:04:05'}",
    },
    (ctx, ...a: unknown[]) => create(ctx, a.slice(0, 7), a[7]),
  ],
  createTime: [
    {
      params: "hour, [minute], [second], [millisecond]",
      doc: "A time of day (on CFML's day zero, 1899-12-30), which prints as {t 'HH:mm:ss'}.",
      example: 'createTime(14, 5) & " " & timeFormat(createTime(14, 5), "HH:mm")',
      result: "{t '14:05:00'} 14:05",
    },
    (ctx, ...a: unknown[]) => {
      // A part left out between named arguments (createTime(hour=12, second=33)) takes its default.
      const [h, mi = 0, s = 0, ms = 0] = a.map((v) => (v === undefined ? undefined : int(v)));
      return markTime(makeDate(1899, 12, 30, h!, mi, s, ms, zone(ctx)));
    },
  ],
  createTimeSpan: [
    {
      params: "days, hours, minutes, seconds",
      doc: "A time span as a number of days (what cachedwithin and dateAdd take).",
      example: "createTimeSpan(0, 12, 0, 0)",
      result: "0.5",
    },
    (_c, d: unknown, h: unknown, m: unknown, s: unknown) => num(d) + num(h) / 24 + num(m) / 1440 + num(s) / 86400,
  ],
  createODBCDate: [
    {
      params: "date",
      doc: "The date as CFML's ODBC date text {d 'yyyy-mm-dd'}, which every date function reads.",
      example: 'createODBCDate("2024-03-05 10:00")',
      result: "{d '2024-03-05'}",
    },
    (ctx, d: unknown) => `{d '${dateFormat(arg(ctx, d), "yyyy-mm-dd", zone(ctx))}'}`,
  ],
  createODBCDateTime: [
    {
      params: "date",
      doc: "The date as CFML's ODBC timestamp text {ts 'yyyy-mm-dd HH:mm:ss'}.",
      example: 'createODBCDateTime("2024-03-05 10:00")',
      result: "{ts '2024-03-05 10:00:00'}",
    },
    (ctx, d: unknown) => `{ts '${dateTimeFormat(arg(ctx, d), "yyyy-MM-dd HH:nn:ss", zone(ctx))}'}`,
  ],
  createODBCTime: [
    {
      params: "date",
      doc: "The time as CFML's ODBC time text {t 'HH:mm:ss'}.",
      example: 'createODBCTime("2024-03-05 10:00")',
      result: "{t '10:00:00'}",
    },
    (ctx, d: unknown) => `{t '${timeFormat(arg(ctx, d), "HH:mm:ss", zone(ctx))}'}`,
  ],
  parseDateTime: [
    {
      params: "string, [format], [timezone]",
      doc: "Reads a date: YYYY-MM-DD[ HH:MM[:SS]], ISO 8601 (with an offset or a zone name: 2023-10-21 04:35 Etc/GMT+1), m/d/yyyy, \"March 5, 2024\", 10-Oct-2010 (dateTimeFormat's default), JavaScript's date text, {ts '…'}. A format other than \"standard\" or \"pop\" is a mask laid out as Java's SimpleDateFormat (Lucee's) reads one — yyyy, MM or MMM(M), dd, HH or hh with a, nn minutes (m is the month, as in Lucee), ss, SSS, X offsets, 'quoted' text; fields side by side (yyyyMMdd) take their width — else its day/month order, as lsParseDateTime reads a mask (in en-US); the text's time is in timezone (the page's zone by default) unless it names its own.",
      example: 'year(parseDateTime("2023-07-01 10:00")) & " " & parseDateTime("05/06/2023", "dd/mm/yyyy", "UTC")',
      result: "2023 {ts '2023-06-05 00:00:00'}",
    },
    (ctx, s: unknown, f?: unknown, tz?: unknown) => {
      const format = f === undefined ? "" : str(f).trim().toLowerCase();
      const z = tz === undefined || str(tz).trim() === "" ? zone(ctx) : timeZoneArg(tz);
      if (format === "" || format === "standard" || format === "pop") return toDate(s, z);
      const d = lsParse(ctx, s, "en-US", z, str(f).trim());
      if (d) return d;
      throw argError(`${JSON.stringify(str(s))} is not a date in the format ${JSON.stringify(str(f))}`);
    },
  ],
  lsParseDateTime: [
    {
      params: "string, [locale], [timezone], [format]",
      doc: 'Reads a date or time as the locale writes it (31.12.2008 in de-CH, 12/31/2008 in en-US, "Freitag, 29. Februar 2008 01:02 Uhr", "Feb 29, 2008 1:02 AM"), month and weekday names in the locale\'s language or English; a time alone is on 1899-12-30; a zone name in the text (CET, MESZ, PDT, GMT) is read as its fixed offset, else the page\'s zone or the one given applies; a format mask is read as parseDateTime reads one (as a layout first, else for its day/month order). The site\'s locale unless one is given.',
      example: 'lsParseDateTime("31.12.2008 13:05", "de-CH")',
      result: "{ts '2008-12-31 13:05:00'}",
    },
    (ctx, v: unknown, l?: unknown, tz?: unknown, mask?: unknown) => {
      const d = lsParse(ctx, v, l, tz, mask);
      if (d) return d;
      throw argError(`${JSON.stringify(str(v))} is not a date or time in locale ${localeArg(ctx, l)}`);
    },
  ],
  lsIsDate: [
    {
      params: "value, [locale]",
      doc: "true when lsParseDateTime reads the value in the locale.",
      example: 'lsIsDate("31.12.2008", "de-CH")',
      result: "true",
    },
    (ctx, v: unknown, l?: unknown) => lsParse(ctx, v, l, undefined, undefined) !== null,
  ],
  isDate: [
    {
      params: "value",
      doc: "true when the value is a date or a string parseDateTime reads.",
      example: 'isDate("2024-13-01")',
      result: "false",
    },
    (ctx, v: unknown) => isDate(v, zone(ctx)),
  ],
  isLeapYear: [
    { params: "year", doc: "true for a leap year.", example: "isLeapYear(2024)", result: "true" },
    (_c, y: unknown) => isLeap(int(y, "year")),
  ],
  dateFormat: [
    {
      params: "date, [mask]",
      doc: 'Formats a date: yyyy yy mmmm mmm mm m dddd ddd dd d, or short, medium, long, full (default "dd-mmm-yy"); "" gives "".',
      example: 'dateFormat("2024-03-05", "mmm d, yyyy")',
      result: "Mar 5, 2024",
    },
    (ctx, d: unknown, m?: unknown) =>
      blank(d) ? "" : dateFormat(arg(ctx, d), m === undefined ? "dd-mmm-yy" : str(m), zone(ctx)),
  ],
  timeFormat: [
    {
      params: "date, [mask]",
      doc: 'Formats a time: HH H (24-hour) hh h (12-hour) mm m (also nn n) ss s l tt t, or short, medium, long, full (default "hh:mm tt").',
      example: 'timeFormat("2024-03-05 14:07:09", "h:mm tt")',
      result: "2:07 PM",
    },
    (ctx, d: unknown, m?: unknown) =>
      blank(d) ? "" : timeFormat(arg(ctx, d), m === undefined ? "hh:mm tt" : str(m), zone(ctx)),
  ],
  lsDateFormat: [
    {
      params: "date, [mask], [locale]",
      doc: "dateFormat with the locale's month and day names; short, medium (the default), long and full are the locale's own styles. The site's locale unless one is given.",
      example: 'lsDateFormat("2024-03-05", "d. mmmm yyyy", "de-DE")',
      result: "5. März 2024",
    },
    (ctx, d: unknown, m?: unknown, l?: unknown) => {
      if (blank(d)) return "";
      const loc = localeArg(ctx, l);
      const mask = m === undefined ? "medium" : str(m);
      const date = lsArg(ctx, d, loc);
      return localeStyle(date, mask, loc, zone(ctx), "date") ?? dateFormat(date, mask, zone(ctx), localeNames(loc));
    },
  ],
  lsTimeFormat: [
    {
      params: "date, [mask], [locale]",
      doc: "timeFormat, with short (the default), medium, long and full in the locale's own styles.",
      example: 'lsTimeFormat("2024-03-05 14:07:09", "short", "de-DE")',
      result: "14:07",
    },
    (ctx, d: unknown, m?: unknown, l?: unknown) => {
      if (blank(d)) return "";
      const loc = localeArg(ctx, l);
      const mask = m === undefined ? "short" : str(m);
      const date = lsArg(ctx, d, loc);
      return localeStyle(date, mask, loc, zone(ctx), "time") ?? timeFormat(date, mask, zone(ctx));
    },
  ],
  dateTimeFormat: [
    {
      params: "date, [mask], [timezone]",
      doc: "Formats with Java-style letters: yyyy MM MMM dd EEE HH hh nn (minutes) ss l a z, 'quoted text' (default \"dd-MMM-yyyy HH:nn:ss\").",
      example: 'dateTimeFormat("2024-03-05 14:07:09", "yyyy-MM-dd\'T\'HH:nn")',
      result: "2024-03-05T14:07",
    },
    (ctx, d: unknown, m?: unknown, tz?: unknown) => {
      if (blank(d)) return "";
      const z = tz === undefined ? zone(ctx) : timeZoneArg(tz);
      return dateTimeFormat(dateArg(d, zone(ctx)), m === undefined ? "dd-MMM-yyyy HH:nn:ss" : str(m), z);
    },
  ],
  dateAdd: [
    {
      params: "part, number, date",
      doc: "Adds units (yyyy, q, m, y or d days, w weekdays, ww, h, n, s, l) to a date; months and years stop at the month's last day.",
      example: 'dateAdd("m", 1, "2024-01-31")',
      result: "{ts '2024-02-29 00:00:00'}",
    },
    (ctx, part: unknown, n: unknown, d: unknown) => {
      const date = addTo(arg(ctx, d), datePart(part), Math.trunc(num(n)), zone(ctx));
      // JavaScript's dates end 275,760 years from 1970 (CFML's go further).
      if (Number.isNaN(date.getTime())) throw argError("dateAdd: the date is beyond the years -271821 to 275760");
      return date;
    },
  ],
  dateDiff: [
    {
      params: "part, date1, date2",
      doc: "Whole units from date1 to date2: yyyy, q, m, y or d (days), w or ww (weeks), wd (weekdays, Monday to Friday), h, n, s, l. Months to a month's last day are whole from a later day (January 31 to April 30: 3), as in Lucee.",
      example: 'dateDiff("d", "2024-01-01", "2024-03-01")',
      result: "60",
    },
    (ctx, part: unknown, a: unknown, b: unknown) => diff(datePart(part), arg(ctx, a), arg(ctx, b), zone(ctx)),
  ],
  dateCompare: [
    {
      params: "date1, date2, [precision]",
      doc: "-1, 0 or 1, comparing down to the precision (yyyy, m, d or y, h, n, s — the default; any other is an error, as in Lucee).",
      example: 'dateCompare("2024-01-01 10:00", "2024-01-01 11:00", "d")',
      result: "0",
    },
    (ctx, a: unknown, b: unknown, p?: unknown) => {
      const given = p === undefined ? "s" : str(p).trim().toLowerCase();
      // y (the day of the year) compares down to the day.
      const prec = given === "y" ? "d" : given;
      if (!PRECISION.includes(prec))
        throw argError(`dateCompare: precision must be s, n, h, d, m, y or yyyy, got ${JSON.stringify(given)}`);
      const x = fields(ctx, a);
      const y = fields(ctx, b);
      const keys: (keyof Wall)[] = ["y", "mo", "d", "h", "mi", "s"];
      const upto = PRECISION.indexOf(prec);
      for (let i = 0; i <= upto; i++) if (x[keys[i]!] !== y[keys[i]!]) return x[keys[i]!] < y[keys[i]!] ? -1 : 1;
      return 0;
    },
  ],
  datePart: [
    {
      params: "part, date",
      doc: "One part of a date: yyyy, q, m, y (day of year), d, w (day of week), ww (week), h, n, s, l.",
      example: 'datePart("q", "2024-08-01")',
      result: "3",
    },
    (ctx, part: unknown, d: unknown) => {
      const w = fields(ctx, d);
      switch (datePart(part)) {
        case "yyyy":
          return w.y;
        case "q":
          return Math.ceil(w.mo / 3);
        case "m":
          return w.mo;
        case "y":
          return dayOfYear(w);
        case "d":
          return w.d;
        case "w":
          return w.dow + 1;
        case "ww":
          return weekOfYear(w);
        case "h":
          return w.h;
        case "n":
          return w.mi;
        case "s":
          return w.s;
        default:
          return w.ms;
      }
    },
  ],
  year: [
    { params: "date", doc: "The year.", example: 'year("2024-03-05")', result: "2024" },
    (ctx, d: unknown) => fields(ctx, d).y,
  ],
  quarter: [
    { params: "date", doc: "The quarter, 1–4.", example: 'quarter("2024-08-01")', result: "3" },
    (ctx, d: unknown) => Math.ceil(fields(ctx, d).mo / 3),
  ],
  month: [
    { params: "date", doc: "The month, 1–12.", example: 'month("2024-03-05")', result: "3" },
    (ctx, d: unknown) => fields(ctx, d).mo,
  ],
  week: [
    {
      params: "date",
      doc: "The week of the year, 1–54 (week 1 holds January 1st; weeks start on Sunday).",
      example: 'week("2024-01-07")',
      result: "2",
    },
    (ctx, d: unknown) => weekOfYear(fields(ctx, d)),
  ],
  day: [
    { params: "date", doc: "The day of the month.", example: 'day("2024-03-05")', result: "5" },
    (ctx, d: unknown) => fields(ctx, d).d,
  ],
  hour: [
    { params: "date", doc: "The hour, 0–23.", example: 'hour("2024-03-05 14:07")', result: "14" },
    (ctx, d: unknown) => fields(ctx, d).h,
  ],
  minute: [
    { params: "date", doc: "The minute.", example: 'minute("2024-03-05 14:07")', result: "7" },
    (ctx, d: unknown) => fields(ctx, d).mi,
  ],
  second: [
    { params: "date", doc: "The second.", example: 'second("2024-03-05 14:07:09")', result: "9" },
    (ctx, d: unknown) => fields(ctx, d).s,
  ],
  millisecond: [
    { params: "date", doc: "The millisecond.", example: 'millisecond("2024-03-05 14:07:09.250")', result: "250" },
    (ctx, d: unknown) => fields(ctx, d).ms,
  ],
  dayOfWeek: [
    { params: "date", doc: "1 (Sunday) to 7 (Saturday).", example: 'dayOfWeek("2024-03-05")', result: "3" },
    (ctx, d: unknown) => fields(ctx, d).dow + 1,
  ],
  lsDayOfWeek: [
    {
      params: "date, [locale], [timezone]",
      doc: "The day of the week, 1 to 7, counted from the first day of the locale's week (Monday in de-CH, Sunday in en-US, Saturday in ar-IQ; Sunday for a locale without a country, as in Java).",
      example: 'lsDayOfWeek("2024-03-04", "de-CH")',
      result: "1",
    },
    (ctx, d: unknown, l?: unknown, tz?: unknown) => {
      const w = wallIn(ctx, d, tz);
      return ((w.dow - weekRule(localeArg(ctx, l)).first + 7) % 7) + 1;
    },
  ],
  lsWeek: [
    {
      params: "date, [locale], [timezone]",
      doc: "The week of the year as the locale counts weeks (Java's rule): weeks start on the locale's first day, and week 1 is the first with at least the locale's minimal days in the year (4 in most of Europe, 1 in the US).",
      example: 'lsWeek("2022-01-17", "de-CH") & " " & lsWeek("2022-01-17", "en-US")',
      result: "3 4",
    },
    (ctx, d: unknown, l?: unknown, tz?: unknown) => {
      const w = wallIn(ctx, d, tz);
      return localeWeek(w, weekRule(localeArg(ctx, l)));
    },
  ],
  dayOfYear: [
    { params: "date", doc: "The day of the year, 1–366.", example: 'dayOfYear("2024-03-01")', result: "61" },
    (ctx, d: unknown) => dayOfYear(fields(ctx, d)),
  ],
  daysInMonth: [
    { params: "date", doc: "Days in the date's month.", example: 'daysInMonth("2024-02-10")', result: "29" },
    (ctx, d: unknown) => {
      const w = fields(ctx, d);
      return daysIn(w.y, w.mo);
    },
  ],
  daysInYear: [
    { params: "date", doc: "Days in the date's year.", example: 'daysInYear("2023-05-01")', result: "365" },
    (ctx, d: unknown) => (isLeap(fields(ctx, d).y) ? 366 : 365),
  ],
  firstDayOfMonth: [
    {
      params: "date",
      doc: "The day of the year of the first day of the date's month.",
      example: 'firstDayOfMonth("2024-03-15")',
      result: "61",
    },
    (ctx, d: unknown) => {
      const w = fields(ctx, d);
      return dayOfYear({ y: w.y, mo: w.mo, d: 1 });
    },
  ],
  monthAsString: [
    {
      params: "month, [locale]",
      doc: "The month's name in the page's locale (the site's locale setting or setLocale; English by default) or the one given (\"de-DE\").",
      example: "monthAsString(3)",
      result: "March",
    },
    (ctx, n: unknown, l?: unknown) => nameOf(ctx, MONTHS, n, "month", l, "long", "month"),
  ],
  monthShortAsString: [
    { params: "month, [locale]", doc: "The month's short name.", example: "monthShortAsString(3)", result: "Mar" },
    (ctx, n: unknown, l?: unknown) => nameOf(ctx, MONTHS, n, "month", l, "short", "month"),
  ],
  dayOfWeekAsString: [
    {
      params: "dayOfWeek, [locale]",
      doc: "The name of day 1 (Sunday) to 7 (Saturday), in the page's locale or the one given.",
      example: "dayOfWeekAsString(2)",
      result: "Monday",
    },
    (ctx, n: unknown, l?: unknown) => nameOf(ctx, DAYS, n, "dayOfWeek", l, "long", "weekday"),
  ],
  dayOfWeekShortAsString: [
    {
      params: "dayOfWeek, [locale]",
      doc: "The short name of day 1 (Sunday) to 7 (Saturday).",
      example: "dayOfWeekShortAsString(2)",
      result: "Mon",
    },
    (ctx, n: unknown, l?: unknown) => nameOf(ctx, DAYS, n, "dayOfWeek", l, "short", "weekday"),
  ],
  getTickCount: [
    {
      params: "[unit]",
      doc: 'Milliseconds since 1970 ("nano", "micro", "second" for other units) — for timing parts of a page.',
      example: "getTickCount() GT 0",
      result: "true",
    },
    (_c, u?: unknown) => {
      const unit = u === undefined ? "milli" : str(u).toLowerCase();
      if (unit === "nano") return Number(process.hrtime.bigint());
      if (unit === "micro") return Math.floor(Number(process.hrtime.bigint()) / 1000);
      if (unit === "second") return Math.floor(Date.now() / 1000);
      if (unit === "milli") return Date.now();
      throw argError(`unit must be milli, micro, nano or second, got ${JSON.stringify(unit)}`);
    },
  ],
  getHttpTimeString: [
    {
      params: "[date]",
      doc: "The date as an HTTP date in GMT (now without one).",
      example: 'getHttpTimeString("2024-03-05 14:07:09")',
      result: "Tue, 05 Mar 2024 14:07:09 GMT",
    },
    (ctx, d?: unknown) => (d === undefined ? new Date() : arg(ctx, d)).toUTCString(),
  ],
});

/**
 * A locale's week: its first day (0 Sunday … 6 Saturday) and the days of the new year week 1
 * needs, from the locale's country (Intl's week data). Without a country Java counts from Sunday
 * with one day, so CFML does (Catalan weeks start on Sunday).
 */
function weekRule(locale: string): { first: number; minDays: number } {
  const loc = new Intl.Locale(locale);
  if (!loc.region) return { first: 0, minDays: 1 };
  const info = (loc as Intl.Locale & { weekInfo?: { firstDay: number; minimalDays: number } }).weekInfo;
  return info ? { first: info.firstDay % 7, minDays: info.minimalDays } : { first: 0, minDays: 1 };
}

/** The week of the year by a week rule, as Java's Calendar counts it (the last days of December may be week 1). */
function localeWeek(w: Pick<Wall, "y" | "mo" | "d" | "dow">, rule: { first: number; minDays: number }): number {
  const doy = dayOfYear(w);
  // Days from the start of its week to January 1st, and whether that week is week 1.
  const lead = (jan1Dow: number) => (jan1Dow - rule.first + 7) % 7;
  const jan1 = (((w.dow - (doy - 1)) % 7) + 7) % 7;
  const k = lead(jan1);
  const daysInYear = isLeap(w.y) ? 366 : 365;
  // Week 1 of next year when its first week starts on or before this date.
  const nextJan1 = (jan1 + daysInYear) % 7;
  const nk = lead(nextJan1);
  if (7 - nk >= rule.minDays && doy > daysInYear - nk) return 1;
  const week = Math.floor((doy - 1 + k) / 7) + (7 - k >= rule.minDays ? 1 : 0);
  if (week > 0) return week;
  // Before week 1: the last week of the year before.
  return localeWeek({ y: w.y - 1, mo: 12, d: 31, dow: (jan1 + 6) % 7 }, rule);
}

/** A date argument's wall-clock fields in the zone given, else the page's. */
function wallIn(ctx: RenderContext, d: unknown, tz: unknown): Wall {
  return wall(arg(ctx, d), tz === undefined ? zone(ctx) : timeZoneArg(tz));
}

function timeZoneArg(tz: unknown): string {
  const z = str(tz);
  if (!isTimeZone(z)) throw argError(`Unknown time zone ${JSON.stringify(z)}`);
  return z;
}
