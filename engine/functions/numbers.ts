import { category, num, int, argError } from "./define.js";
import { isNumeric } from "../values.js";

/** Formats with `,` grouping when the mask has one, and as many decimals as the mask shows. */
export function formatNumber(n: number, mask?: string): string {
  const m = mask ?? ",";
  const dot = m.indexOf(".");
  const decimals = dot < 0 ? 0 : m.length - dot - 1;
  const intMask = dot < 0 ? m : m.slice(0, dot);
  const minInt = (intMask.match(/0/g) ?? []).length;
  const fixed = Math.abs(n).toFixed(decimals);
  let [whole = "0", frac] = fixed.split(".");
  whole = whole.padStart(minInt, "0");
  if (intMask.includes(",")) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = n < 0 && Number(fixed) !== 0 ? "-" : "";
  return sign + whole + (frac !== undefined ? `.${frac}` : "");
}

export default category("numbers", {
  abs: [{ params: "number", doc: "Absolute value.", example: "abs(-3)", result: "3" }, (_c, n: unknown) => Math.abs(num(n))],
  ceiling: [{ params: "number", doc: "Smallest integer not below the number.", example: "ceiling(2.1)", result: "3" }, (_c, n: unknown) => Math.ceil(num(n))],
  floor: [{ params: "number", doc: "Largest integer not above the number.", example: "floor(2.9)", result: "2" }, (_c, n: unknown) => Math.floor(num(n))],
  int: [{ params: "number", doc: "Same as floor (CFML's int).", example: "int(-2.5)", result: "-3" }, (_c, n: unknown) => Math.floor(num(n))],
  fix: [{ params: "number", doc: "The integer part, towards zero.", example: "fix(-2.5)", result: "-2" }, (_c, n: unknown) => Math.trunc(num(n))],
  round: [{ params: "number, [places]", doc: "Rounds half away from zero, to places decimals (default 0).", example: "round(2.345, 2)", result: "2.35" },
    (_c, n: unknown, p?: unknown) => {
      const places = p === undefined ? 0 : int(p, "places");
      if (places < 0 || places > 15) throw argError("places must be between 0 and 15");
      const x = num(n);
      const r = Math.round(Number(`${Math.abs(x)}e${places}`));
      return Math.sign(x) * Number(`${r}e-${places}`);
    }],
  sgn: [{ params: "number", doc: "-1, 0 or 1.", example: "sgn(-4)", result: "-1" }, (_c, n: unknown) => Math.sign(num(n))],
  sqr: [{ params: "number", doc: "Square root.", example: "sqr(16)", result: "4" },
    (_c, n: unknown) => { const x = num(n); if (x < 0) throw argError("sqr of a negative number"); return Math.sqrt(x); }],
  max: [{ params: "a, b", doc: "The larger number.", example: "max(3, 7)", result: "7" }, (_c, a: unknown, b: unknown) => Math.max(num(a), num(b))],
  min: [{ params: "a, b", doc: "The smaller number.", example: "min(3, 7)", result: "3" }, (_c, a: unknown, b: unknown) => Math.min(num(a), num(b))],
  randRange: [{ params: "low, high", doc: "A random integer from low to high inclusive.", example: "randRange(4, 4)", result: "4" },
    (_c, a: unknown, b: unknown) => { const lo = int(a, "low"); const hi = int(b, "high"); if (hi < lo) throw argError("high must not be below low"); return lo + Math.floor(Math.random() * (hi - lo + 1)); }],
  numberFormat: [{ params: "number, [mask]", doc: 'Formats a number: "," groups thousands, digits after "." set the decimals, leading 0s pad.', example: 'numberFormat(1234.567, ",.00")', result: "1,234.57" },
    (_c, n: unknown, m?: unknown) => formatNumber(num(n), m === undefined ? undefined : String(m))],
  decimalFormat: [{ params: "number", doc: "Two decimals with thousands separators.", example: "decimalFormat(1234.5)", result: "1,234.50" }, (_c, n: unknown) => formatNumber(num(n), ",.00")],
  isNumeric: [{ params: "value", doc: "true when the value is a number or a numeric string.", example: 'isNumeric("1.5e3")', result: "true" }, (_c, v: unknown) => isNumeric(v)],
  bitAnd: [{ params: "a, b", doc: "Bitwise AND of two 32-bit integers.", example: "bitAnd(12, 10)", result: "8" }, (_c, a: unknown, b: unknown) => int(a) & int(b)],
});
