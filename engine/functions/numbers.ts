import { randomInt, randomBytes } from "node:crypto";
import type { RenderContext } from "../context.js";
import { category, str, num, int, argError } from "./define.js";
import { isNumeric } from "../values.js";

/**
 * The digits of |n| rounded half away from zero to `places` decimals. Rounding works on the
 * number's shortest decimal form, so 11.985 rounds to 11.99 as written (its binary double is
 * a little below).
 */
export function roundDigits(n: number, places: number): { whole: string; frac: string } {
  const a = Math.abs(n);
  let s = a.toString();
  if (s.includes("e")) s = a >= 1e21 ? BigInt(Math.round(a)).toString() : a.toFixed(Math.min(100, places + 30));
  let [whole = "0", frac = ""] = s.split(".");
  if (frac.length > places) {
    const up = frac.charCodeAt(places) >= 53; // "5"
    frac = frac.slice(0, places);
    if (up) {
      const digits = (whole + frac).split("");
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === "9") digits[i--] = "0";
      if (i < 0) digits.unshift("1");
      else digits[i] = String(Number(digits[i]) + 1);
      const joined = digits.join("");
      whole = joined.slice(0, joined.length - places);
      frac = joined.slice(joined.length - places);
    }
  }
  let lead = 0;
  while (lead < whole.length - 1 && whole[lead] === "0") lead++;
  return { whole: whole.slice(lead), frac: frac.padEnd(places, "0") };
}

/** "1234567" → "1,234,567" (a loop: the usual lookahead regex is quadratic in the digits). */
function group(digits: string, sep = ","): string {
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += sep + digits.slice(i, i + 3);
  return out;
}

/** A number from a formatting argument: "" reads as 0, as in CFML. */
function formatArg(v: unknown): number {
  if (typeof v === "string" && v.trim() === "") return 0;
  return num(v);
}

interface Mask {
  decimals: number;
  /** Decimals shown only when there are any (a mask without digit placeholders). */
  free: boolean;
  minInt: number;
  width: number;
  comma: boolean;
  plus: boolean;
  minus: boolean;
  brackets: boolean;
  dollar: boolean;
  justify: "left" | "center" | "right";
}

const MASKS = new Map<string, Mask>();

/** Reads a CFML numberFormat mask: _ 9 0 . , + - ( ) $ L C ^. */
function parseMask(mask: string): Mask {
  const cached = MASKS.get(mask);
  if (cached) return cached;
  if (mask === "") throw argError("The mask cannot be empty");
  const m: Mask = {
    decimals: 0,
    free: false,
    minInt: 0,
    width: 0,
    comma: false,
    plus: false,
    minus: false,
    brackets: false,
    dollar: false,
    justify: "right",
  };
  let dot = false;
  let intPlaces = 0;
  let zero = false;
  let placeholders = 0;
  for (const c of mask) {
    switch (c) {
      case "_":
      case "9":
      case "0":
        placeholders++;
        m.width++;
        if (dot) m.decimals++;
        else {
          intPlaces++;
          if (c === "0") zero = true;
        }
        break;
      case ".":
        if (!dot) m.width++;
        dot = true;
        break;
      case ",":
        // Grouping takes no place of its own in the width (Lucee: "9,999.99" pads 1.5 to "   1.50").
        m.comma = true;
        break;
      case "(":
      case ")":
        m.brackets = true;
        break;
      case "+":
        m.plus = true;
        break;
      case "-":
        m.minus = true;
        break;
      case "$":
        m.dollar = true;
        break;
      case "L":
        m.justify = "left";
        break;
      case "C":
        m.justify = "center";
        break;
      case "^":
        break;
      default:
        throw argError(`Invalid character ${JSON.stringify(c)} in the mask (valid: _ 9 . 0 ( ) + - , L C $ ^)`);
    }
  }
  m.minInt = zero ? intPlaces : 1;
  m.free = placeholders === 0;
  if (MASKS.size < 1000) MASKS.set(mask, m);
  return m;
}

function pad(s: string, width: number, justify: Mask["justify"]): string {
  const n = width - s.length;
  if (n <= 0) return s;
  if (justify === "left") return s + " ".repeat(n);
  if (justify === "center") return " ".repeat(Math.floor(n / 2) + 1) + s + " ".repeat(Math.floor(n / 2) + 1);
  return " ".repeat(n) + s;
}

/** Inserts a symbol after the leading spaces. */
const addSymbol = (s: string, sym: string) => {
  const i = s.length - s.trimStart().length;
  return s.slice(0, i) + sym + s.slice(i);
};

/** CFML's numberFormat: without a mask, a whole number with thousands separators. */
export function formatNumber(n: number, mask?: string, sep = { group: ",", decimal: "." }): string {
  if (mask === undefined || mask === ",") {
    const { whole } = roundDigits(n, 0);
    return (n < 0 && whole !== "0" ? "-" : "") + group(whole, sep.group);
  }
  const m = parseMask(mask);
  let whole: string;
  let frac: string;
  if (m.free) {
    ({ whole, frac } = roundDigits(n, 11));
    let end = frac.length;
    while (end > 0 && frac[end - 1] === "0") end--;
    frac = frac.slice(0, end);
  } else ({ whole, frac } = roundDigits(n, m.decimals));
  whole = whole.padStart(m.minInt, "0");
  if (m.comma) whole = group(whole, sep.group);
  let s = pad(whole + (frac ? sep.decimal + frac : ""), m.width, m.justify);
  const negative = n < 0 && /[1-9]/.test(whole + frac);
  if (m.brackets && negative) s = `${addSymbol(s, "(")})`;
  if (m.plus) s = addSymbol(s, negative ? "-" : "+");
  if (negative && !m.brackets && !m.plus) s = addSymbol(s, "-");
  else if (m.minus && !negative) s = addSymbol(s, " ");
  if (m.dollar) s = addSymbol(s, "$");
  return s;
}

// ---- locales ----

const CFML_LOCALES: Record<string, string> = {
  "english (us)": "en-US",
  "english (uk)": "en-GB",
  "english (australian)": "en-AU",
  "english (canadian)": "en-CA",
  "english (new zealand)": "en-NZ",
  "english (india)": "en-IN",
  "german (standard)": "de-DE",
  "german (swiss)": "de-CH",
  "german (austrian)": "de-AT",
  "french (standard)": "fr-FR",
  "french (swiss)": "fr-CH",
  "french (canadian)": "fr-CA",
  "french (belgian)": "fr-BE",
  "italian (standard)": "it-IT",
  "italian (swiss)": "it-CH",
  "spanish (standard)": "es-ES",
  "spanish (mexican)": "es-MX",
  "dutch (standard)": "nl-NL",
  "dutch (belgian)": "nl-BE",
  "portuguese (standard)": "pt-PT",
  "portuguese (brazilian)": "pt-BR",
  swedish: "sv-SE",
  "norwegian (bokmal)": "nb-NO",
  danish: "da-DK",
  finnish: "fi-FI",
  japanese: "ja-JP",
  albanian: "sq-AL",
  german: "de-DE",
  french: "fr-FR",
  italian: "it-IT",
  spanish: "es-ES",
  english: "en-US",
  "chinese (china)": "zh-CN",
  korean: "ko-KR",
  polish: "pl-PL",
  russian: "ru-RU",
};

/** CFML's name of a locale ("German (Swiss)" for de-CH), or the tag when it has none. */
export function cfmlLocaleName(tag: string): string {
  const name = Object.keys(CFML_LOCALES).find((k) => CFML_LOCALES[k] === tag && k.includes("("));
  return name
    ? name
        .replace(/(^|\()([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase())
        .replace(/\((Us|Uk)\)/, (_m, c: string) => `(${c.toUpperCase()})`)
    : tag;
}

/** A BCP 47 locale from "de-CH", "de_CH" or a CFML name such as "German (Swiss)". */
export function localeArg(ctx: RenderContext, l?: unknown): string {
  if (l === undefined) return ctx.page.locale;
  const raw = str(l).trim();
  const tag = CFML_LOCALES[raw.toLowerCase()] ?? raw.replace(/_/g, "-");
  try {
    return Intl.getCanonicalLocales(tag)[0]!;
  } catch {
    throw argError(`Unknown locale ${JSON.stringify(raw)} (use a tag such as "de-CH")`);
  }
}

// Java (CFML's locale data, CLDR 33-42) groups Swiss numbers with a right single quotation
// mark, 100’000; current CLDR, which Intl follows, has an apostrophe.
const javaGroup = (g: string): string => (g === "'" ? "\u2019" : g);

/** What Intl writes, with the group separators Java writes. */
const formatted = (f: Intl.NumberFormat, n: number): string =>
  f
    .formatToParts(n)
    .map((p) => (p.type === "group" ? javaGroup(p.value) : p.value))
    .join("");

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
  return {
    group: javaGroup(parts.find((p) => p.type === "group")?.value ?? ","),
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
  };
}

/** A number as Java's NumberFormat reads it in a locale, or null. */
export function lsNumber(text: string, locale: string): number | null {
  const { group, decimal } = separators(locale);
  const t = text.replace(/[\s+]/g, "");
  let i = 0;
  let digits = "";
  if (t[0] === "-") i++;
  for (; i < t.length; i++) {
    if (t[i]! >= "0" && t[i]! <= "9") digits += t[i];
    else if (!t.startsWith(group, i) || group === decimal) break;
  }
  let fraction = "";
  if (t.startsWith(decimal, i)) {
    for (i += decimal.length; i < t.length && t[i]! >= "0" && t[i]! <= "9"; i++) fraction += t[i];
  }
  if (i < t.length || digits + fraction === "") return null;
  const n = Number(`${digits || "0"}.${fraction || "0"}`);
  return t[0] === "-" ? -n : n;
}

const EURO = [
  "AT",
  "BE",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PT",
  "SI",
  "SK",
];
const CURRENCY: Record<string, string> = {
  US: "USD",
  GB: "GBP",
  AU: "AUD",
  CA: "CAD",
  NZ: "NZD",
  CH: "CHF",
  JP: "JPY",
  CN: "CNY",
  IN: "INR",
  BR: "BRL",
  MX: "MXN",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  RU: "RUB",
  KR: "KRW",
  ZA: "ZAR",
  SG: "SGD",
  HK: "HKD",
  TR: "TRY",
  IL: "ILS",
  AR: "ARS",
  CL: "CLP",
  CO: "COP",
};

/** lsCurrencyFormat (and Lucee's lsEuroCurrencyFormat, the same function). */
export function lsCurrency(ctx: RenderContext, n: unknown, t?: unknown, l?: unknown): string {
  const type = t === undefined ? "local" : str(t).toLowerCase();
  if (!["local", "international", "none"].includes(type))
    throw argError(`type must be local, international or none, got ${JSON.stringify(type)}`);
  return currencyFormat(formatArg(n), type, localeArg(ctx, l));
}

/** The currency of a locale's region (US dollars when the locale names no region). */
export function currencyOf(locale: string): string {
  const region = new Intl.Locale(locale).maximize().region ?? "US";
  return EURO.includes(region) ? "EUR" : (CURRENCY[region] ?? "USD");
}

export function currencyFormat(n: number, type: string, locale: string, currency = currencyOf(locale)): string {
  const digits =
    new Intl.NumberFormat(locale, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const rounded = Number(`${n < 0 ? "-" : ""}${Object.values(roundDigits(n, digits)).join(".")}`);
  if (type === "none" || type === "international") {
    const s = formatted(
      new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      Math.abs(rounded),
    );
    const plain = rounded < 0 ? `(${s})` : s;
    // As CFML writes it in every locale: the ISO code first, then the number as "none" has it.
    return type === "none" ? plain : `${currency} ${plain}`;
  }
  const f = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    currencySign: "accounting",
    currencyDisplay: "symbol",
  });
  const local = formatted(f, rounded).replace(/\u00a0/g, " ");
  // As Lucee does: a negative amount the locale writes with a leading minus goes in parentheses
  // (pt-BR's -R$ 1,00 is (R$ 1,00)), as the locales with an accounting form write it.
  return rounded < 0 && /^[-\u2212]/.test(local) ? `(${local.slice(1).trim()})` : local;
}

// ---- bits: arbitrary-size integers, as in current CFML engines ----

function big(v: unknown): bigint {
  if (typeof v === "string" && /^\s*-?\d+\s*$/.test(v)) return BigInt(v.trim());
  const n = num(v);
  if (!Number.isFinite(n)) throw argError(`${n} is not a finite number`);
  return BigInt(Math.round(n));
}

const fromBig = (b: bigint): number | string =>
  b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b.toString();

function shift(v: unknown): bigint {
  const s = int(v, "shift");
  if (s < 0 || s > 1024) throw argError(`Invalid shift value ${s} (0 to 1024)`);
  return BigInt(s);
}

const ALGORITHMS = ["cfmx_compat", "sha1prng", "ibmsecurerandom"];

function algorithm(a: unknown): void {
  if (a !== undefined && !ALGORITHMS.includes(str(a).toLowerCase()))
    throw argError(`Unknown algorithm ${JSON.stringify(str(a))} (CFMX_COMPAT, SHA1PRNG, IBMSecureRandom)`);
}

function trig(f: (x: number) => number, name: string) {
  return (_c: RenderContext, n: unknown) => {
    const r = f(num(n));
    if (Number.isNaN(r)) throw argError(`${name} is not defined for ${num(n)}`);
    return r;
  };
}

export default category("numbers", {
  abs: [
    { params: "number", doc: "Absolute value.", example: "abs(-3)", result: "3" },
    (_c, n: unknown) => Math.abs(num(n)),
  ],
  ceiling: [
    { params: "number", doc: "Smallest integer not below the number.", example: "ceiling(2.1)", result: "3" },
    (_c, n: unknown) => Math.ceil(num(n)),
  ],
  floor: [
    { params: "number", doc: "Largest integer not above the number.", example: "floor(2.9)", result: "2" },
    (_c, n: unknown) => Math.floor(num(n)),
  ],
  int: [
    { params: "number", doc: "Same as floor (CFML's int).", example: "int(-2.5)", result: "-3" },
    (_c, n: unknown) => Math.floor(num(n)),
  ],
  fix: [
    { params: "number", doc: "The integer part, towards zero.", example: "fix(-2.5)", result: "-2" },
    (_c, n: unknown) => Math.trunc(num(n)),
  ],
  round: [
    {
      params: "number, [places]",
      doc: "Rounds half away from zero, to places decimals (default 0).",
      example: "round(2.345, 2)",
      result: "2.35",
    },
    (_c, n: unknown, p?: unknown) => {
      const places = p === undefined ? 0 : int(p, "places");
      if (places < 0 || places > 15) throw argError("places must be between 0 and 15");
      const x = num(n);
      const { whole, frac } = roundDigits(x, places);
      return Math.sign(x) * Number(frac ? `${whole}.${frac}` : whole) || 0;
    },
  ],
  sgn: [
    { params: "number", doc: "-1, 0 or 1.", example: "sgn(-4)", result: "-1" },
    (_c, n: unknown) => Math.sign(num(n)),
  ],
  sqr: [
    { params: "number", doc: "Square root.", example: "sqr(16)", result: "4" },
    (_c, n: unknown) => {
      const x = num(n);
      if (x < 0) throw argError("sqr of a negative number");
      return Math.sqrt(x);
    },
  ],
  max: [
    { params: "a, b", doc: "The larger number.", example: "max(3, 7)", result: "7" },
    (_c, a: unknown, b: unknown) => Math.max(num(a), num(b)),
  ],
  min: [
    { params: "a, b", doc: "The smaller number.", example: "min(3, 7)", result: "3" },
    (_c, a: unknown, b: unknown) => Math.min(num(a), num(b)),
  ],
  pi: [{ params: "", doc: "π.", example: "round(pi(), 4)", result: "3.1416" }, () => Math.PI],
  exp: [
    { params: "number", doc: "e to the power of number.", example: "round(exp(1), 5)", result: "2.71828" },
    (_c, n: unknown) => Math.exp(num(n)),
  ],
  log: [
    { params: "number", doc: "Natural logarithm (number > 0).", example: "log(1)", result: "0" },
    trig((x) => (x > 0 ? Math.log(x) : NaN), "log"),
  ],
  log10: [
    { params: "number", doc: "Base-10 logarithm (number > 0).", example: "log10(1000)", result: "3" },
    trig((x) => (x > 0 ? Math.log10(x) : NaN), "log10"),
  ],
  sin: [{ params: "radians", doc: "Sine.", example: "sin(0)", result: "0" }, trig(Math.sin, "sin")],
  cos: [{ params: "radians", doc: "Cosine.", example: "cos(0)", result: "1" }, trig(Math.cos, "cos")],
  tan: [{ params: "radians", doc: "Tangent.", example: "tan(0)", result: "0" }, trig(Math.tan, "tan")],
  asin: [
    { params: "number", doc: "Arcsine, in radians (number from -1 to 1).", example: "asin(0)", result: "0" },
    trig(Math.asin, "asin"),
  ],
  acos: [
    { params: "number", doc: "Arccosine, in radians (number from -1 to 1).", example: "acos(1)", result: "0" },
    trig(Math.acos, "acos"),
  ],
  atn: [{ params: "number", doc: "Arctangent, in radians.", example: "atn(0)", result: "0" }, trig(Math.atan, "atn")],
  rand: [
    {
      params: "[algorithm]",
      doc: "A random number from 0 up to (not including) 1. Every algorithm name CFML knows uses a cryptographically strong generator.",
      example: "rand() LT 1",
      result: "true",
    },
    (_c, a?: unknown) => {
      algorithm(a);
      return randomBytes(6).readUIntBE(0, 6) / 2 ** 48;
    },
  ],
  randRange: [
    {
      params: "low, high, [algorithm]",
      doc: "A random integer from low to high inclusive.",
      example: "randRange(4, 4)",
      result: "4",
    },
    (_c, a: unknown, b: unknown, alg?: unknown) => {
      algorithm(alg);
      const lo = Math.trunc(num(a));
      const hi = Math.trunc(num(b));
      if (hi < lo) throw argError("high must not be below low");
      if (hi - lo >= 2 ** 48) throw argError("The range is too large (at most 2^48)");
      return lo + randomInt(0, hi - lo + 1);
    },
  ],
  randomize: [
    {
      params: "seed, [algorithm]",
      doc: "Accepted for CFML code; Quarry's generator cannot be seeded, so it returns a random number.",
      example: "randomize(1) LT 1",
      result: "true",
    },
    (_c, _s: unknown, a?: unknown) => {
      algorithm(a);
      return randomBytes(6).readUIntBE(0, 6) / 2 ** 48;
    },
  ],
  incrementValue: [
    { params: "number", doc: "number + 1.", example: "incrementValue(41)", result: "42" },
    (_c, n: unknown) => num(n) + 1,
  ],
  decrementValue: [
    { params: "number", doc: "number - 1.", example: "decrementValue(43)", result: "42" },
    (_c, n: unknown) => num(n) - 1,
  ],
  numberFormat: [
    {
      params: "number, [mask]",
      doc: 'Formats a number, rounding half up on its decimal digits. Mask: _ or 9 digit, 0 zero-padded digit, . decimals, "," thousands, + or - sign, ( ) negative in brackets, $, L/C justify; default: whole number with ",".',
      example: 'numberFormat(11.985, ",.00")',
      result: "11.99",
    },
    (_c, n: unknown, m?: unknown) => {
      const mask = m === undefined ? undefined : str(m);
      const x = formatArg(n);
      if (mask?.toLowerCase() === "hex") return (Math.trunc(x) >>> 0).toString(16);
      return formatNumber(x, mask);
    },
  ],
  lsNumberFormat: [
    {
      params: "number, [mask], [locale]",
      doc: "numberFormat with the locale's group and decimal separators (the site's locale by default).",
      example: 'lsNumberFormat(1234.5, ",.00", "de-DE")',
      result: "1.234,50",
    },
    (ctx, n: unknown, m?: unknown, l?: unknown) =>
      formatNumber(formatArg(n), m === undefined ? undefined : str(m), separators(localeArg(ctx, l))),
  ],
  lsParseNumber: [
    {
      params: "string, [locale]",
      doc: "Reads a number as the locale writes it, as Java's NumberFormat does: its group separators anywhere in the whole part, its decimal separator once, a leading minus; spaces and + are ignored. Anything else is an error.",
      example: 'lsParseNumber("1.234,5", "de-DE") + lsParseNumber("250.000", "de-CH")',
      result: "1484.5",
    },
    (ctx, v: unknown, l?: unknown) => {
      const locale = localeArg(ctx, l);
      const n = lsNumber(str(v), locale);
      if (n === null) throw argError(`Cannot read ${JSON.stringify(str(v))} as a number in locale ${locale}`);
      return n;
    },
  ],
  lsIsNumeric: [
    {
      params: "string, [locale]",
      doc: "Whether lsParseNumber reads the string in the locale.",
      example: 'lsIsNumeric("1.234,5", "de-DE") & " " & lsIsNumeric("1,234.5", "de-DE")',
      result: "true false",
    },
    (ctx, v: unknown, l?: unknown) => lsNumber(str(v), localeArg(ctx, l)) !== null,
  ],
  decimalFormat: [
    {
      params: "number",
      doc: "Two decimals with thousands separators.",
      example: "decimalFormat(1234.5)",
      result: "1,234.50",
    },
    (_c, n: unknown) => formatNumber(formatArg(n), ",.00"),
  ],
  dollarFormat: [
    {
      params: "number",
      doc: "US dollars: two decimals, thousands separators, negatives in brackets.",
      example: "dollarFormat(-1234.5)",
      result: "($1,234.50)",
    },
    (_c, n: unknown) => {
      const x = formatArg(n);
      const s = `$${formatNumber(Math.abs(x), ",.00")}`;
      return x < 0 && /[1-9]/.test(s) ? `(${s})` : s;
    },
  ],
  lsCurrencyFormat: [
    {
      params: "number, [type], [locale]",
      doc: 'Money in the locale\'s currency: type "local" (symbol, the default), "international" (the ISO code first, as CFML writes it in every locale: EUR 1.234,50, negatives in parentheses) or "none" (no currency).',
      example: 'lsCurrencyFormat(1234.5, "local", "de-DE")',
      result: "1.234,50 €",
    },
    lsCurrency,
  ],
  isNumeric: [
    {
      params: "value",
      doc: 'true for every number (NaN and ±Infinity, which arithmetic can make, too: `isNumeric(exp(1000))`) and for a numeric string; false for a string that names them ("NaN", "Infinity") or whose exponent is beyond a double\'s range ("1e400"), as in Lucee 6.2.',
      example: 'isNumeric("1.5e3")',
      result: "true",
    },
    (_c, v: unknown) => isNumeric(v),
  ],
  formatBaseN: [
    {
      params: "number, radix",
      doc: "The integer part of number in base radix (2–36); negative numbers in bases 2 and 16 as 32-bit two's complement, as in CFML.",
      example: "formatBaseN(255, 16)",
      result: "ff",
    },
    (_c, n: unknown, r: unknown) => {
      const radix = int(r, "radix");
      if (radix < 2 || radix > 36) throw argError("radix must be between 2 and 36");
      const x = Math.trunc(num(n));
      return x < 0 && (radix === 2 || radix === 16) ? (x >>> 0).toString(radix) : x.toString(radix);
    },
  ],
  inputBaseN: [
    {
      params: "string, radix",
      doc: "Reads an integer written in base radix (2–36).",
      example: 'inputBaseN("ff", 16)',
      result: "255",
    },
    (_c, s: unknown, r: unknown) => {
      const radix = int(r, "radix");
      if (radix < 2 || radix > 36) throw argError("radix must be between 2 and 36");
      const t = str(s)
        .trim()
        .replace(/^0x/i, radix === 16 ? "" : "0x");
      const digits = "0123456789abcdefghijklmnopqrstuvwxyz".slice(0, radix);
      if (!new RegExp(`^-?[${digits}]+$`, "i").test(t))
        throw argError(`${JSON.stringify(str(s))} is not a number in base ${radix}`);
      return parseInt(t, radix);
    },
  ],
  bitAnd: [
    { params: "a, b", doc: "Bitwise AND of two integers.", example: "bitAnd(12, 10)", result: "8" },
    (_c, a: unknown, b: unknown) => fromBig(big(a) & big(b)),
  ],
  bitOr: [
    { params: "a, b", doc: "Bitwise OR of two integers.", example: "bitOr(12, 10)", result: "14" },
    (_c, a: unknown, b: unknown) => fromBig(big(a) | big(b)),
  ],
  bitXor: [
    { params: "a, b", doc: "Bitwise exclusive OR of two integers.", example: "bitXor(12, 10)", result: "6" },
    (_c, a: unknown, b: unknown) => fromBig(big(a) ^ big(b)),
  ],
  bitNot: [
    { params: "number", doc: "Bitwise NOT (-n - 1).", example: "bitNot(12)", result: "-13" },
    (_c, a: unknown) => fromBig(~big(a)),
  ],
  bitSHLN: [
    { params: "number, count", doc: "Shifts left by count bits.", example: "bitSHLN(1, 4)", result: "16" },
    (_c, a: unknown, c: unknown) => fromBig(big(a) << shift(c)),
  ],
  bitSHRN: [
    {
      params: "number, count",
      doc: "Shifts right by count bits (keeping the sign).",
      example: "bitSHRN(128, 2)",
      result: "32",
    },
    (_c, a: unknown, c: unknown) => fromBig(big(a) >> shift(c)),
  ],
});
