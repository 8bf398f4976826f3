// javaCast: CFML code casts values to Java's types before calling Java; Quarry has no Java, so
// the cast gives the value such a type holds (an int is a whole number in its range), and
// javaCast("null", "") is CFML's way to write null.
import { category, str, num, argError } from "./define.js";
import { toBool } from "../values.js";

/** The range of Java's integer types (long as far as a double is exact). */
const INTEGERS: Record<string, [number, number]> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  int: [-2147483648, 2147483647],
  long: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  biginteger: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function cast(type: string, v: unknown): unknown {
  const range = INTEGERS[type];
  if (range) {
    // Java's narrowing of a decimal drops the fraction.
    const n = Math.trunc(num(v));
    if (n < range[0] || n > range[1]) throw argError(`javaCast: ${n} does not fit in a ${type}`);
    return n;
  }
  if (type === "float" || type === "double" || type === "bigdecimal" || type === "number") return num(v);
  if (type === "boolean") return toBool(v, null);
  if (type === "string") return str(v);
  if (type === "char") {
    const s = str(v);
    if ([...s].length !== 1) throw argError(`javaCast: a char is one character, got ${JSON.stringify(s)}`);
    return s;
  }
  throw argError(
    `javaCast: unknown type ${JSON.stringify(type)} (null, boolean, byte, short, int, long, float, double, char, string, bigdecimal, biginteger, or one of them with [])`,
  );
}

export default category("types", {
  javaCast: [
    {
      params: "type, value",
      doc: 'The value as Java\'s type holds it: int, long, short, byte (whole, in range: the fraction dropped), float, double, bigdecimal, boolean, char, string, "null" (null, whatever the value), or one of them with [] for an array.',
      example: 'javaCast("int", "41.9") + 1 & " " & isNull(javaCast("null", ""))',
      result: "42 true",
    },
    (_c, t: unknown, v: unknown) => {
      const type = str(t).trim().toLowerCase();
      if (type === "null") return null;
      if (type.endsWith("[]")) {
        if (!Array.isArray(v)) throw argError(`javaCast: ${type} needs an array`);
        return v.map((x) => cast(type.slice(0, -2), x));
      }
      return cast(type, v);
    },
  ],
});
