// Smaller CFML functions that Lucee and Adobe ColdFusion code reaches for: last-occurrence
// search, radix conversion, bit masks, binary values (base64, hex, charsets), numeric dates.
import { componentMetadata, instanceOfName, isInstance } from "../component.js";
import { category, str, num, int, argError } from "./define.js";
import { listItems } from "../list-items.js";
import { metaphone } from "./metaphone.js";
import { cfmlLocaleName, localeArg, lsCurrency } from "./numbers.js";
import { zone } from "./dates.js";
import { isTimeZone, wall } from "./datetime.js";
import { arrayDims, arrayType, isDate, isNumeric, isStruct, newStruct, toBool, toDate, typeName } from "../values.js";

/** An integer that fits CFML's 32-bit bit functions. */
function int32(v: unknown, what: string): number {
  const n = int(v, what);
  if (n < -2147483648 || n > 4294967295) throw argError(`${what} must be a 32-bit integer, got ${n}`);
  return n | 0;
}

/** Start and length of a bit mask: 0 to 31 each, as in CFML. */
function bits(start: unknown, length: unknown): [number, number] {
  const s = int(start, "start");
  const l = int(length, "length");
  if (s < 0 || s > 31) throw argError(`start must be between 0 and 31, got ${s}`);
  if (l < 0 || l > 31) throw argError(`length must be between 0 and 31, got ${l}`);
  return [s, l];
}

const RADIX: Record<string, number> = { bin: 2, oct: 8, dec: 10, hex: 16 };

function radixOf(r: unknown): number {
  const radix =
    typeof r === "number" || /^\s*\d+\s*$/.test(str(r)) ? int(r, "radix") : RADIX[str(r).trim().toLowerCase()];
  if (radix === undefined || radix < 2 || radix > 36)
    throw argError(`radix must be bin, oct, dec, hex or 2 to 36, got ${JSON.stringify(str(r))}`);
  return radix;
}

/** The bytes of a binary value (toBinary, charsetDecode, binaryDecode). */
function binary(v: unknown, fn: string): Uint8Array {
  if (!(v instanceof Uint8Array))
    throw argError(`${fn} expects a binary value (from toBinary, charsetDecode or binaryDecode)`);
  return v;
}

const ENCODINGS: Record<string, BufferEncoding> = {
  "utf-8": "utf8",
  utf8: "utf8",
  "iso-8859-1": "latin1",
  latin1: "latin1",
  "us-ascii": "latin1",
  "windows-1252": "latin1",
  "utf-16": "utf16le",
  "utf-16le": "utf16le",
};

function encoding(cs: unknown): BufferEncoding {
  const e = ENCODINGS[str(cs).trim().toLowerCase().replace(/_/g, "-")];
  if (!e) throw argError(`Unsupported charset ${JSON.stringify(str(cs))} (utf-8, iso-8859-1, utf-16)`);
  return e;
}

/** The alphabets of precise base64 and base64url; lenient decoding reads both (Lucee's Apache codec). */
const ALPHABET = { base64: /[A-Za-z0-9+/]/, base64url: /[A-Za-z0-9_-]/ };
const SIXBITS = new Map([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));
SIXBITS.set("-", 62).set("_", 63);

/**
 * Base64 as Lucee 6.2 reads it (Apache Commons Codec's lenient decoder): characters outside both
 * alphabets are skipped, the first `=` ends the data, a last group of 2 or 3 characters gives 1 or
 * 2 bytes and a last lone character nothing. No bytes at all from a non-empty text is an error.
 */
function base64Lenient(s: string): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let n = 0;
  for (const c of s) {
    if (c === "=") break;
    const v = SIXBITS.get(c);
    if (v === undefined) continue;
    bits = ((bits << 6) | v) & 0xffffff;
    if (++n % 4 === 0) out.push(bits >> 16, (bits >> 8) & 255, bits & 255);
  }
  if (n % 4 === 2) out.push((bits >> 4) & 255);
  if (n % 4 === 3) out.push((bits >> 10) & 255, (bits >> 2) & 255);
  if (out.length === 0) throw argError("cannot convert the input to a binary");
  return Uint8Array.from(out);
}

/**
 * Precise base64 (binaryDecode's third argument true), Lucee's checks in its order: a length that
 * is a multiple of 4 (white space counts), at most 3 `=` at the end, then every other character in
 * the alphabet (the last one that is not is named, counted from 1); then read as lenient.
 */
function base64Precise(s: string, how: "base64" | "base64url"): void {
  if (s.length % 4 !== 0)
    throw argError(`cannot convert the input to a binary, invalid length (${s.length}) of the string`);
  let i = s.length - 1;
  while (i >= 0 && s[i] === "=") i--;
  const pad = s.length - 1 - i;
  if (pad > 3) throw argError(`invalid padding length [${pad}], maximal length is [3]`);
  for (; i >= 0; i--)
    if (!ALPHABET[how].test(s[i]!))
      throw argError(`invalid character [${s[i]}] in ${how} string at position [${i + 1}]`);
}

function binaryDecode(s: string, how: string, precise: boolean): Uint8Array {
  if (how === "hex") {
    if (!/^([0-9A-Fa-f]{2})*$/.test(s)) throw argError("binaryDecode: the string is not hex");
    return Uint8Array.from(Buffer.from(s, "hex"));
  }
  if (how === "base64" || how === "base64url") {
    if (s === "") return new Uint8Array(0);
    if (precise) base64Precise(s, how);
    return base64Lenient(s);
  }
  throw argError(`encoding must be hex, base64 or base64url, got ${JSON.stringify(how)}`);
}

function soundex(s: string): string {
  const letters = s.toUpperCase().replace(/[^A-Z]/g, "");
  if (!letters) return "";
  const code = (c: string) => "01230120022455012623010202"[c.charCodeAt(0) - 65]!;
  let out = letters[0]!;
  let last = code(letters[0]!);
  for (const c of letters.slice(1)) {
    const d = code(c);
    // H and W do not separate letters of the same code; vowels do.
    if (c === "H" || c === "W") continue;
    if (d !== "0" && d !== last) out += d;
    last = d;
  }
  return out.padEnd(4, "0").slice(0, 4);
}

/** CFML's numeric date: days since 1899-12-30, the fraction the time of day, in the page's zone. */
function numericDate(d: Date, tz: string): number {
  const w = wall(d, tz);
  return (Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s, w.ms) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

export default [
  ...category("strings", {
    findLast: [
      {
        params: "substring, string, [start]",
        doc: "1-based position of the last occurrence of substring (at or before start), 0 if absent; case-sensitive.",
        example: 'findLast("a", "banana")',
        result: "6",
      },
      (_c, sub: unknown, s: unknown, start?: unknown) =>
        str(s).lastIndexOf(str(sub), start === undefined ? Infinity : int(start, "start") - 1) + 1,
    ],
    findLastNoCase: [
      {
        params: "substring, string, [start]",
        doc: "Like findLast, ignoring case.",
        example: 'findLastNoCase("A", "banana")',
        result: "6",
      },
      (_c, sub: unknown, s: unknown, start?: unknown) =>
        str(s)
          .toLowerCase()
          .lastIndexOf(str(sub).toLowerCase(), start === undefined ? Infinity : int(start, "start") - 1) + 1,
    ],
    stringLen: [
      { params: "string", doc: "The length of the value as a string.", example: "stringLen(123)", result: "3" },
      (_c, s: unknown) => str(s).length,
    ],
    soundex: [
      {
        params: "string",
        doc: "The American Soundex code: a letter and three digits.",
        example: 'soundex("coldfusion")',
        result: "C431",
      },
      (_c, s: unknown) => soundex(str(s)),
    ],
    metaphone: [
      {
        params: "string",
        doc: "The Metaphone code of a word, as CFML's (Apache Commons Codec's): at most four letters, 0 for th.",
        example: 'metaphone("Knight") & " " & metaphone("thumb")',
        result: "NT 0M",
      },
      (_c, s: unknown) => metaphone(str(s)),
    ],
  }),
  ...category("arrays", {
    array: [
      {
        params: "[values...]",
        doc: "An array of the arguments (Lucee's array(1, 2), the same as [1, 2]).",
        example: 'array("a", "b")',
        result: '["a","b"]',
      },
      (_c, ...v: unknown[]) => v,
    ],
  }),
  ...category("lists", {
    listAvg: [
      {
        params: "list, [delimiters], [multiCharacterDelimiter]",
        doc: "The average of a list of numbers (empty items skipped).",
        example: 'listAvg("1,2,3,4")',
        result: "2.5",
      },
      (_c, l: unknown, d?: unknown, m?: unknown) => {
        const items = listItems(l, d, false, m);
        if (items.length === 0) return 0;
        return items.reduce((sum, x) => sum + num(x), 0) / items.length;
      },
    ],
    listTrim: [
      {
        params: "list, [delimiters]",
        doc: "Lucee's name for listCompact: drops empty items at both ends.",
        example: 'listTrim(",a,b,")',
        result: "a,b",
      },
      (_c, l: unknown, d?: unknown) => {
        const delims = d === undefined ? "," : str(d);
        const t = str(l);
        let a = 0;
        let b = t.length;
        while (a < b && delims.includes(t[a]!)) a++;
        while (b > a && delims.includes(t[b - 1]!)) b--;
        return t.slice(a, b);
      },
    ],
  }),
  ...category("numbers", {
    toNumeric: [
      {
        params: "value, [radix]",
        doc: "The value as a number; with a radix (bin, oct, dec, hex or 2 to 36) the string is read as an integer in that base.",
        example: 'toNumeric("ff", "hex")',
        result: "255",
      },
      (_c, v: unknown, r?: unknown) => {
        if (r === undefined) return num(v);
        const radix = radixOf(r);
        const s = str(v).trim();
        const digits = "0123456789abcdefghijklmnopqrstuvwxyz".slice(0, radix);
        const body = s.replace(/^[+-]/, "").toLowerCase();
        if (body === "" || [...body].some((c) => !digits.includes(c)))
          throw argError(`${JSON.stringify(s)} is not a number in base ${radix}`);
        return parseInt(s, radix);
      },
    ],
    bitMaskRead: [
      {
        params: "number, start, length",
        doc: "The length bits of number from bit start (0 to 31 each).",
        example: "bitMaskRead(31, 2, 4)",
        result: "7",
      },
      (_c, n: unknown, s: unknown, l: unknown) => {
        const [start, len] = bits(s, l);
        return (int32(n, "number") >> start) & ((1 << len) - 1);
      },
    ],
    bitMaskSet: [
      {
        params: "number, mask, start, length",
        doc: "number with its length bits from bit start set to mask.",
        example: "bitMaskSet(0, 15, 4, 4)",
        result: "240",
      },
      (_c, n: unknown, m: unknown, s: unknown, l: unknown) => {
        const [start, len] = bits(s, l);
        const ones = (1 << len) - 1;
        return (int32(n, "number") & ~(ones << start)) | ((int32(m, "mask") & ones) << start);
      },
    ],
    bitMaskClear: [
      {
        params: "number, start, length",
        doc: "number with its length bits from bit start cleared.",
        example: "bitMaskClear(255, 4, 4)",
        result: "15",
      },
      (_c, n: unknown, s: unknown, l: unknown) => {
        const [start, len] = bits(s, l);
        return int32(n, "number") & ~(((1 << len) - 1) << start);
      },
    ],
    getLocale: [
      {
        params: "",
        doc: 'The locale of the page\'s ls* functions, by its CFML name in lower case as Lucee gives it ("english (us)") when it has one.',
        example: "getLocale()",
        result: "english (us)",
      },
      (ctx) => {
        const name = cfmlLocaleName(ctx.page.locale);
        return name === ctx.page.locale ? name : name.toLowerCase();
      },
    ],
    setLocale: [
      {
        params: "locale",
        doc: 'Sets the locale of the rest of this page\'s ls* functions ("de-CH", "de_CH" or "German (Swiss)"); returns the previous one.',
        example: 'setLocale("de-DE") & " " & lsNumberFormat(1234.5, ",.00")',
        result: "English (US) 1.234,50",
      },
      (ctx, l: unknown) => {
        const old = cfmlLocaleName(ctx.page.locale);
        ctx.page.locale = localeArg(ctx, l);
        return old;
      },
    ],
    lsEuroCurrencyFormat: [
      {
        params: "number, [type], [locale]",
        doc: "Same as lsCurrencyFormat, as in Lucee: money in the locale's currency (CFML's older engines wrote euros).",
        example: 'lsEuroCurrencyFormat(1.2, "local", "de-CH")',
        result: "CHF 1.20",
      },
      lsCurrency,
    ],
  }),
  ...category("dates", {
    getNumericDate: [
      {
        params: "date",
        doc: "The date as CFML's numeric date: days since 1899-12-30, the fraction the time of day.",
        example: 'getNumericDate("1970-01-01 12:00")',
        result: "25569.5",
      },
      (ctx, d: unknown) => numericDate(toDate(d, zone(ctx)), zone(ctx)),
    ],
    isNumericDate: [
      {
        params: "value",
        doc: "true when the value is a date or a number (CFML reads numbers as dates).",
        example: "isNumericDate(25569)",
        result: "true",
      },
      (ctx, v: unknown) => isNumeric(v) || isDate(v, zone(ctx)),
    ],
    getTimeZone: [
      {
        params: "",
        doc: "The time zone the page's date functions use (the site's timezone setting, or what setTimeZone set).",
        example: "getTimeZone()",
        result: "UTC",
      },
      (ctx) => zone(ctx),
    ],
    setTimeZone: [
      {
        params: "timezone",
        doc: "Sets the time zone of the rest of this page's date functions (an IANA name such as Europe/Oslo); returns the previous one.",
        example: 'setTimeZone("Europe/Oslo") & " " & getTimeZone()',
        result: "UTC Europe/Oslo",
      },
      (ctx, tz: unknown) => {
        const name = str(tz).trim();
        const canonical = name.toUpperCase() === "UTC" || name.toUpperCase() === "GMT" ? "UTC" : name;
        if (!isTimeZone(canonical)) throw argError(`Unknown time zone ${JSON.stringify(name)}`);
        const old = ctx.page.timezone;
        ctx.page.timezone = canonical;
        return old;
      },
    ],
    beat: [
      {
        params: "[date]",
        doc: "Swatch Internet Time of the date (now by default): thousandths of a day in UTC+1, to three decimals.",
        example: 'beat("2001-01-01 11:00:00")',
        result: "500",
      },
      (ctx, d?: unknown) => {
        const t = d === undefined ? new Date() : toDate(d, zone(ctx));
        const ms = (((t.getTime() + 3_600_000) % 86_400_000) + 86_400_000) % 86_400_000;
        return Math.floor((ms * 10) / 864) / 1000;
      },
    ],
  }),
  ...category("encoding", {
    toBinary: [
      {
        params: "base64",
        doc: "The bytes a Base64 string encodes, as a binary value (for toString, toBase64, charsetEncode, binaryEncode, len).",
        example: 'toString(toBinary("aGk="))',
        result: "hi",
      },
      (_c, s: unknown) => {
        if (s instanceof Uint8Array) return s;
        const t = str(s).replace(/\s+/g, "");
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(t) || t.length % 4 === 1)
          throw argError("toBinary: the string is not Base64");
        return Uint8Array.from(Buffer.from(t, "base64"));
      },
    ],
    isBinary: [
      {
        params: "value",
        doc: "true for a binary value.",
        example: 'isBinary(toBinary("aGk=")) & "," & isBinary("aGk=")',
        result: "true,false",
      },
      (_c, v: unknown) => v instanceof Uint8Array,
    ],
    charsetDecode: [
      {
        params: "string, charset",
        doc: "The bytes of a string in a charset (utf-8, iso-8859-1, utf-16), as a binary value.",
        example: 'len(charsetDecode("é", "utf-8"))',
        result: "2",
      },
      (_c, s: unknown, cs: unknown) => Uint8Array.from(Buffer.from(str(s), encoding(cs))),
    ],
    charsetEncode: [
      {
        params: "binary, charset",
        doc: "The string that a binary value's bytes encode in a charset.",
        example: 'charsetEncode(charsetDecode("hé", "utf-8"), "utf-8")',
        result: "hé",
      },
      (_c, b: unknown, cs: unknown) => Buffer.from(binary(b, "charsetEncode")).toString(encoding(cs)),
    ],
    binaryEncode: [
      {
        params: "binary, encoding",
        doc: "A binary value as text: hex (upper case, as in CFML), base64 or base64url.",
        example: 'binaryEncode(charsetDecode("hi", "utf-8"), "hex")',
        result: "6869",
      },
      (_c, b: unknown, e: unknown) => {
        const how = str(e).toLowerCase();
        const buf = Buffer.from(binary(b, "binaryEncode"));
        if (how === "hex") return buf.toString("hex").toUpperCase();
        if (how === "base64" || how === "base64url") return buf.toString(how);
        throw argError(`encoding must be hex, base64 or base64url, got ${JSON.stringify(how)}`);
      },
    ],
    binaryDecode: [
      {
        params: "string, encoding, [precise]",
        doc: 'The bytes that hex, base64 or base64url text encodes, as a binary value; b[1] reads its first byte (-128 to 127, as Lucee\'s Java bytes). Base64 is read as Lucee 6.2 reads it: by default (precise false) a character outside the alphabet (white space too) is skipped, the first `=` ends the data (`"ab=c"` is one byte, 105), a missing padding is read and a last lone character dropped; text that gives no byte at all is an error ("" gives an empty binary). With precise true the text must be a multiple of 4 characters long, with at most 3 `=` at its end and every other character in the alphabet (base64url: `-` and `_` for `+` and `/`), or it is an error.',
        example: 'charsetEncode(binaryDecode("6869", "hex"), "utf-8")',
        result: "hi",
      },
      (_c, s: unknown, e: unknown, p?: unknown) =>
        binaryDecode(str(s), str(e).toLowerCase(), p !== undefined && toBool(p, null)),
    ],
  }),
  ...category("types", {
    isObject: [
      {
        params: "value",
        doc: "true for a component instance (`new Name()`); false for anything else (CFML's isObject is false for strings, numbers, arrays and structs too; Quarry has no Java objects).",
        example: "isObject({})",
        result: "false",
      },
      (_c, v: unknown) => isInstance(v),
    ],
    isInstanceOf: [
      {
        params: "value, typeName",
        doc: "true when value is an instance of the component typeName (its name, `Person`, or its full name, `models.Person`) or of one that component extends. A few Java class names answer for the values Lucee holds in them: java.lang.String (a string), java.lang.Number and Double (a number), java.lang.Boolean, java.util.Date, java.util.Map (a struct), java.util.List and Collection (an array), java.lang.Object.",
        example: 'isInstanceOf({}, "Person")',
        result: "false",
      },
      (_c, v: unknown, t: unknown) => instanceOfName(v, str(t)),
    ],
    getMetadata: [
      {
        params: "value",
        doc: "A component instance's metadata: name, fullname, path, type, accessors, hint, properties (name, type, default), functions (name, access) and extends (the base's metadata, or an empty struct). An array's, as Lucee gives it: type \"unsynchronized\", dimensions and datatype (arrayNew's type, else \"any\"); a struct's: ordered and type \"ordered\" (Quarry's structs keep the order keys were set in). Other values: a struct with their type name.",
        example: 'serializeJSON(getMetadata(arrayNew(1, "string")))',
        result: '{"type":"unsynchronized","dimensions":1,"datatype":"string"}',
      },
      (_c, v: unknown) => {
        const m = componentMetadata(v);
        if (m !== undefined) return m;
        const s = newStruct();
        if (Array.isArray(v)) {
          s.type = "unsynchronized";
          s.dimensions = arrayDims(v);
          s.datatype = arrayType(v);
        } else if (isStruct(v)) {
          s.ordered = "ordered";
          s.type = "ordered";
        } else s.type = typeName(v);
        return s;
      },
    ],
    isIPv6: [
      {
        params: "value",
        doc: "true for an IPv6 address (eight groups of hex digits, :: shortening, an IPv4 tail).",
        example: 'isIPv6("fe80::1")',
        result: "true",
      },
      (_c, v: unknown) => isIPv6(str(v)),
    ],
    isIPInRange: [
      {
        params: "ips, ip",
        doc: "true when the address ip is in one of ips (a list or an array): single addresses, ranges from-to, and * for any part (10.1.*.*; * alone: every address), IPv4 or IPv6, as Lucee reads them. Names are not looked up: an entry that is no address is an error.",
        example: 'isIPInRange("10.0.0.5-10.0.1.10,192.168.*.*", "10.0.1.1") & " " & isIPInRange(["::1"], "127.0.0.1")',
        result: "true false",
      },
      (_c, ranges: unknown, ip: unknown) => {
        const entries = Array.isArray(ranges) ? ranges.map(str) : listItems(ranges);
        const address = ipAddress(str(ip));
        return entries.some((e) => ipRanges(e.trim()).some(([from, to]) => inRange(address, from, to)));
      },
    ],
  }),
];

/** An IP address as its family and number, as Java's InetAddress reads a literal (no name lookup). */
interface Ip {
  v6: boolean;
  n: bigint;
}

function ipAddress(text: string): Ip {
  const t = text.trim();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(t);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    if (parts.every((p) => p <= 255)) return { v6: false, n: parts.reduce((a, p) => (a << 8n) | BigInt(p), 0n) };
  } else if (isIPv6(t.replace(/^\[(.*)\]$/, "$1"))) {
    const bare = t.replace(/^\[(.*)\]$/, "$1");
    let groups = bare.split(":");
    const tail = groups[groups.length - 1]!;
    if (tail.includes(".")) {
      const n = ipAddress(tail).n;
      groups = [...groups.slice(0, -1), (n >> 16n).toString(16), (n & 0xffffn).toString(16)];
    }
    const gap = groups.indexOf("");
    if (bare.includes("::")) {
      const head = groups.slice(0, gap).filter((g) => g !== "");
      const rest = groups.slice(gap).filter((g) => g !== "");
      groups = [...head, ...Array<string>(8 - head.length - rest.length).fill("0"), ...rest];
    }
    const n = groups.reduce((a, g) => (a << 16n) | BigInt(parseInt(g, 16)), 0n);
    // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the IPv4 address, as Java reads it.
    if (n >> 32n === 0xffffn) return { v6: false, n: n & 0xffffffffn };
    return { v6: true, n };
  }
  throw argError(`isIPInRange: ${JSON.stringify(text)} is not an IP address`);
}

/** The [from, to] ranges one entry of isIPInRange's list stands for. */
function ipRanges(entry: string): [Ip, Ip][] {
  if (entry === "") return [];
  if (entry === "*") return [...ipRanges("*.*.*.*"), ...ipRanges("*:*:*:*:*:*:*:*")];
  if (entry.includes("*")) {
    const from = ipAddress(entry.replace(/\*/g, "0"));
    return [[from, ipAddress(entry.replace(/\*/g, from.v6 ? "ffff" : "255"))]];
  }
  const dash = entry.indexOf("-");
  if (dash >= 0) return [[ipAddress(entry.slice(0, dash)), ipAddress(entry.slice(dash + 1))]];
  const one = ipAddress(entry);
  return [[one, one]];
}

function inRange(ip: Ip, from: Ip, to: Ip): boolean {
  return ip.v6 === from.v6 && ip.v6 === to.v6 && ip.n >= from.n && ip.n <= to.n;
}

function isIPv6(s: string): boolean {
  const t = s.trim();
  if (!/^[0-9A-Fa-f:.]+$/.test(t) || t.split("::").length > 2) return false;
  let groups = t.split(":");
  const last = groups[groups.length - 1]!;
  let need = 8;
  if (last.includes(".")) {
    if (!/^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(last)) return false;
    groups = groups.slice(0, -1);
    need = 6;
  }
  const filled = groups.filter((g) => g !== "");
  if (!filled.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  return t.includes("::") ? filled.length < need : filled.length === need && !groups.includes("");
}
