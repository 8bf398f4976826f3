// Lucee's date setters (`d.setSecond(100)`, `d.setMonth(2)` …): member functions of a date
// that change it in place and return it. Lucee names them __setSecond … (its function library
// hides them: they are called as members), and so does Quarry. As Java's lenient calendar,
// a value past its field's range carries over (setSecond(100) is 1 minute 40 seconds).
import type { RenderContext } from "../context.js";
import { category, str, int, argError, type Spec } from "./define.js";
import { fromWall, isTimeZone, wall, type Wall } from "./datetime.js";
import { toDate } from "../values.js";
import { zone } from "./dates.js";

type Field = Exclude<keyof Wall, "dow">;

function setter(
  field: Field,
  what: string,
  example: string,
  result: string,
): [Spec, (ctx: RenderContext, d: unknown, v: unknown, tz?: unknown) => Date] {
  return [
    {
      params: `date, ${what}, [timezone]`,
      doc: `Sets the date's ${what} (in the page's time zone or the one given), changing the date, and returns it; a value past the ${what}'s range carries over into the next field. Called as a member: d.set${what[0]!.toUpperCase()}${what.slice(1)}(value).`,
      example,
      result,
    },
    (ctx: RenderContext, d: unknown, v: unknown, tz?: unknown): Date => {
      const z = tz === undefined ? zone(ctx) : str(tz);
      if (!isTimeZone(z)) throw argError(`Unknown time zone ${JSON.stringify(z)}`);
      const date = toDate(d, z);
      const w = wall(date, z);
      w[field] = int(v, what);
      const t = fromWall(w, z).getTime();
      if (Number.isNaN(t)) throw argError(`set ${what}: the date is beyond the years -271821 to 275760`);
      date.setTime(t);
      return date;
    },
  ];
}

export default category("dates", {
  __setYear: setter("y", "year", "createDate(2000, 1, 31).setYear(2024)", "{ts '2024-01-31 00:00:00'}"),
  __setMonth: setter("mo", "month", "createDate(2000, 1, 31).setMonth(2)", "{ts '2000-03-02 00:00:00'}"),
  __setDay: setter("d", "day", "createDate(2000, 1, 1).setDay(2)", "{ts '2000-01-02 00:00:00'}"),
  __setHour: setter("h", "hour", "createDate(2000, 1, 1).setHour(25)", "{ts '2000-01-02 01:00:00'}"),
  __setMinute: setter("mi", "minute", "createDate(2000, 1, 1).setMinute(5)", "{ts '2000-01-01 00:05:00'}"),
  __setSecond: setter("s", "second", "createDate(2000, 1, 1).setSecond(100)", "{ts '2000-01-01 00:01:40'}"),
  __setMilliSecond: setter(
    "ms",
    "millisecond",
    'timeFormat(createDate(2000, 1, 1).setMilliSecond(1500), "HH:mm:ss.l")',
    "00:00:01.500",
  ),
});
