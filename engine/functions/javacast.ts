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

const LONG: [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];

function cast(type: string, v: unknown): unknown {
  const range = INTEGERS[type];
  // A long or BigInteger beyond a double's exact integers stays exact as its digits (Quarry's
  // exact form of such an integer, which the bit functions read; docs/language.md).
  if ((type === "long" || type === "biginteger") && typeof v === "string" && /^\s*[-+]?\d+\s*$/.test(v)) {
    const big = BigInt(v.trim());
    if (big < BigInt(Number.MIN_SAFE_INTEGER) || big > BigInt(Number.MAX_SAFE_INTEGER)) {
      if (type === "long" && (big < LONG[0] || big > LONG[1]))
        throw argError(`javaCast: ${big} does not fit in a long`);
      return big.toString();
    }
  }
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

/** A cast to a type, or to an array of a type (char[] of a string: its characters; String[][]…: nested arrays). */
function castTo(type: string, v: unknown): unknown {
  if (!type.endsWith("[]")) return cast(type, v);
  const inner = type.slice(0, -2);
  if (inner === "char" && typeof v === "string") return [...v];
  if (!Array.isArray(v)) throw argError(`javaCast: ${type} needs an array`);
  return v.map((x) => castTo(inner, x));
}

export default category("types", {
  javaCast: [
    {
      params: "type, value",
      doc: 'The value as Java\'s type holds it: int, long, short, byte (whole, in range: the fraction dropped; a long or biginteger written as digits beyond 2^53 stays those digits, exact), float, double, bigdecimal, boolean, char, string, "null" (null, whatever the value), or one of them with [] (or [][]…) for an array (char[] of a string: its characters).',
      example: 'javaCast("int", "41.9") + 1 & " " & isNull(javaCast("null", ""))',
      result: "42 true",
    },
    (_c, t: unknown, v: unknown) => {
      // Java's class names name the same types: java.lang.String, java.math.BigDecimal, Integer.
      const type = str(t)
        .trim()
        .toLowerCase()
        .replace(/^java\.(?:lang|math)\./, "")
        .replace(/^integer(?=$|\[)/, "int")
        .replace(/^character(?=$|\[)/, "char");
      if (type === "null") return null;
      return castTo(type, v);
    },
  ],
});
