import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { instanceJson } from "../component.js";
import { TextDecoder } from "node:util";
import { category, str, int, argError } from "./define.js";
import {
  FunctionValue,
  SafeString,
  QueryResult,
  XmlValue,
  dateToStr,
  newStruct,
  isStruct,
  nestedDeeperThan,
  numToStr,
  toBool,
  toStr,
  typeName,
  type Struct,
} from "../values.js";
import { RuntimeError, codes } from "../errors.js";
import type { RenderContext } from "../context.js";
import { ELEMENT_BYTES, MEMBER_BYTES, hold, weigh, work, type Metered } from "../work.js";
import { dateTimeFormat, wall } from "./datetime.js";
import {
  ENCODINGS,
  encodeAs,
  encodeCss,
  encodeDn,
  encodeHtml,
  encodeHtmlAttribute,
  encodeJs,
  encodeLdap,
  encodeUrl,
  encodeXml,
} from "./esapi.js";

/** A function has no JSON form: its closure holds the page's scopes (and through them the request). */
const unencodable = (f: FunctionValue): RuntimeError => argError(`A function (${f.name}) cannot be written as JSON`);

/**
 * JSON for any language value: queries become {columns, data}, dates their string form,
 * binaries Base64. Each value written is a step of `m`'s work (a page that must stop throws
 * out of the replacer, which ends JSON.stringify).
 */
export function jsonEncode(v: unknown, m?: Metered): string {
  return (
    JSON.stringify(v, function (this: unknown, _k, val: unknown) {
      work(m, 1);
      if (val instanceof QueryResult) return { columns: val.columns, data: val.rows };
      if (val instanceof SafeString) return val.value;
      if (typeof val === "string" && (this as Record<string, unknown>)[_k] instanceof Date)
        return dateToStr((this as Record<string, Date>)[_k]!);
      if (typeof val === "bigint") return val.toString();
      // A binary value as its Base64 text.
      if (val instanceof Uint8Array) return Buffer.from(val).toString("base64");
      if (val instanceof FunctionValue) throw unencodable(val);
      // A component instance: its data, as serializeJSON writes it.
      return instanceJson(val) ?? val;
    }) ?? "null"
  );
}

/** JSON's values as the language's (structs without a prototype): a step each, held by the page. */
function fromJson(v: unknown, m: Metered): unknown {
  work(m, 1);
  if (Array.isArray(v)) {
    hold(m, v.length * ELEMENT_BYTES);
    return v.map((e) => fromJson(e, m));
  }
  if (v !== null && typeof v === "object") {
    const s = newStruct();
    const entries = Object.entries(v);
    hold(m, entries.length * MEMBER_BYTES);
    for (const [k, val] of entries) s[k] = fromJson(val, m);
    return s;
  }
  hold(m, weigh(v));
  return v;
}

/** The format argument of isJSON and deserializeJSON: "json5" (the default, as Lucee 6.2 has it) or "json". */
function jsonFormat(f: unknown, fn: string): "json" | "json5" {
  const t = f === undefined ? "json5" : str(f).trim().toLowerCase();
  if (t !== "json" && t !== "json5") throw argError(`${fn}: format must be json or json5, got ${JSON.stringify(t)}`);
  return t;
}

/**
 * JSON5 text (comments, unquoted member names, single-quoted strings, trailing commas) as
 * strict JSON, or null when it cannot be: what the format "json5" accepts. Everything else is
 * left to JSON.parse, which checks the result.
 */
// Sticky: matched where the scan stands, never on a copy of the rest of the text (that made a
// long text's conversion quadratic).
const NUMBER = /[\d.][\w.+-]*/y;
const NAME = /[A-Za-z_$][\w$]*/y;

export function json5ToJson(src: string, m: Metered | null = null): string | null {
  let out = "";
  let i = 0;
  let steps = 0;
  /** Index after white space and comments from j, or -1 for an unclosed comment. */
  const skip = (j: number): number => {
    for (;;) {
      while (j < src.length && /\s/.test(src[j]!)) j++;
      if (src.startsWith("//", j)) {
        const nl = src.indexOf("\n", j);
        j = nl < 0 ? src.length : nl;
      } else if (src.startsWith("/*", j)) {
        const end = src.indexOf("*/", j + 2);
        if (end < 0) return -1;
        j = end + 2;
      } else return j;
    }
  };
  while (i < src.length) {
    // A step a token: a long text is on the page's clock (engine/work.ts).
    if (++steps === 1024) work(m, (steps = 0) + 1024);
    const c = src[i]!;
    if (c === '"' || c === "'") {
      let text = "";
      let j = i + 1;
      for (; j < src.length && src[j] !== c; j++) {
        if (src[j] === "\\" && j + 1 < src.length) {
          const e = src[++j]!;
          // \' needs no escape in JSON; the rest are JSON's escapes (JSON.parse checks them).
          text += e === "'" ? "'" : `\\${e}`;
        } else text += src[j] === '"' ? '\\"' : src[j];
      }
      if (j >= src.length) return null;
      out += `"${text}"`;
      i = j + 1;
      continue;
    }
    if (/\s/.test(c) || c === "/") {
      const j = skip(i);
      if (j < 0 || j === i) return null;
      out += " ";
      i = j;
      continue;
    }
    if (c === ",") {
      const j = skip(i + 1);
      if (j < 0) return null;
      // A trailing comma before ] or }.
      if (src[j] !== "]" && src[j] !== "}") out += ",";
      i = i + 1;
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(src);
    if (number) {
      out += number[0];
      i += number[0].length;
      continue;
    }
    NAME.lastIndex = i;
    const name = NAME.exec(src);
    if (name) {
      const j = skip(i + name[0].length);
      if (j < 0) return null;
      const word = name[0];
      if (src[j] === ":") out += `"${word}"`;
      else if (["true", "false", "null"].includes(word)) out += word;
      else return null;
      i += word.length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** JSON.parse, of JSON5 text made strict for the format "json5". */
function readJson(text: string, format: "json" | "json5", m: Metered): unknown {
  if (format === "json") return JSON.parse(text);
  // Strict JSON is JSON5 and reads the same: most text is, and JSON.parse reads it fastest.
  try {
    return JSON.parse(text);
  } catch {
    // JSON5 only: made strict below.
  }
  const strict = json5ToJson(text, m);
  if (strict === null) throw new SyntaxError("not JSON5");
  return JSON.parse(strict);
}

/** Reads JSON for jsonDecode/deserializeJSON: no deeper than maxJsonDepth, so nothing after it can overflow the stack. */
function parseJson(ctx: RenderContext, s: unknown, fn: string, format: "json" | "json5" = "json"): unknown {
  let v: unknown;
  try {
    v = readJson(str(s), format, ctx);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e; // the time limit
    throw argError(`${fn}: the string is not valid JSON`);
  }
  const max = ctx.limits.maxJsonDepth;
  if (nestedDeeperThan(v, max))
    throw new RuntimeError(codes.JSON_DEPTH, `${fn}: the JSON is nested deeper than ${max} (limit maxJsonDepth)`);
  return fromJson(v, ctx);
}

/** %XX for every byte but the ASCII characters `keep` matches. */
function percentEncode(b: Uint8Array, keep: RegExp): string {
  return [...b]
    .map((x) =>
      x < 128 && keep.test(String.fromCharCode(x))
        ? String.fromCharCode(x)
        : `%${x.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

export default category("encoding", {
  jsonEncode: [
    { params: "value", doc: "The value as JSON.", example: 'jsonEncode({a: [1, "x"]})', result: '{"a":[1,"x"]}' },
    (c, v: unknown) => jsonEncode(v, c),
  ],
  jsonDecode: [
    { params: "string", doc: "Reads JSON into arrays and structs.", example: 'jsonDecode("[1,2]")[2]', result: "2" },
    (c, s: unknown) => parseJson(c, s, "jsonDecode"),
  ],
  isJSON: [
    {
      params: "string, [format]",
      doc: 'true when the string is valid JSON5 (as Lucee 6.2: comments, unquoted member names, single-quoted strings and trailing commas too); format "json" asks for strict JSON.',
      example: 'isJSON("{}") & " " & isJSON("{a: 1, /* n */}") & " " & isJSON("{a: 1, /* n */}", "json")',
      result: "true true false",
    },
    (c, s: unknown, f?: unknown) => {
      const format = jsonFormat(f, "isJSON");
      try {
        readJson(str(s), format, c);
        return true;
      } catch (e) {
        if (!(e instanceof SyntaxError)) throw e; // the time limit
        return false;
      }
    },
  ],
  encodeForHTML: [
    {
      params: "string, [canonicalize]",
      doc: "Escapes for HTML text as CFML's ESAPI encoder does: letters, digits, space and , . - _ pass, the rest become entities (&lt; &eacute; &#x2f;). Already escaped: output does not escape it again. With canonicalize true the input is canonicalized first.",
      example: 'encodeForHTML("<br/>")',
      result: "&lt;br&#x2f;&gt;",
    },
    (_c, s: unknown, c?: unknown) => new SafeString(encodeHtml(input(s, c))),
  ],
  encodeForHTMLAttribute: [
    {
      params: "string, [canonicalize]",
      doc: "Like encodeForHTML, escaping spaces too, for attribute values.",
      example: 'encodeForHTMLAttribute("a b")',
      result: "a&#x20;b",
    },
    (_c, s: unknown, c?: unknown) => new SafeString(encodeHtmlAttribute(input(s, c))),
  ],
  encodeForURL: [
    {
      params: "string, [canonicalize]",
      doc: "Form-encodes for a URL parameter, as CFML does: letters, digits and . - * _ pass, a space becomes +, the rest %HH of UTF-8.",
      example: 'encodeForURL("a b&c")',
      result: "a+b%26c",
    },
    (_c, s: unknown, c?: unknown) => encodeUrl(input(s, c)),
  ],
  encodeForJS: [
    {
      params: "string, [canonicalize]",
      doc: "Escapes for a JavaScript string: letters, digits and , . _ pass, the rest become \\xHH or \\uHHHH.",
      example: 'encodeForJS("it\'s")',
      result: "it\\x27s",
    },
    (_c, s: unknown, c?: unknown) => encodeJs(input(s, c)),
  ],
  urlDecode: [
    {
      params: "string, [charset]",
      doc: "Decodes percent-encoding (and + as space); charset utf-8 (default), iso-8859-1, or another the WHATWG encodings name (windows-31j, shift_jis, euc-kr, gbk…).",
      example: 'urlDecode("a%20b+c")',
      result: "a b c",
    },
    (_c, s: unknown, cs?: unknown) => urlDecode(s, cs),
  ],
  toBase64: [
    {
      params: "value, [charset]",
      doc: "Base64 of a binary value, or of a string's bytes (UTF-8, or iso-8859-1).",
      example: 'toBase64("hi")',
      result: "aGk=",
    },
    (_c, s: unknown, cs?: unknown) => bytes(s, cs).toString("base64"),
  ],
  hash: [
    {
      params: "string, [algorithm], [encoding], [iterations]",
      doc: "Upper-case hex digest, as in Lucee: MD5 (the default, also CFMX_COMPAT), SHA (SHA-1), SHA-224, SHA-256, SHA-384, SHA-512 (also written sha256 …), \"quick\" (Lucee's 64-bit non-cryptographic hash, lower-case hex of the text's UTF-16 code units). With iterations n (below 1 counts as 1), the digest of the digest's bytes, n digests in all.",
      example: 'left(hash("abc", "SHA-256"), 8) & " " & hash("abc", "quick")',
      result: "BA7816BF 11aceae3a7c7e963",
    },
    (c, s: unknown, a?: unknown, e?: unknown, n?: unknown) => {
      const name = a === undefined || str(a).trim() === "" ? "md5" : str(a).trim();
      const times = n === undefined ? 1 : Math.max(1, int(n, "iterations"));
      if (times > 100_000) throw argError("iterations must be at most 100000");
      if (name.toLowerCase() === "quick") {
        if (times > 1) throw argError('hash: the algorithm "quick" takes no iterations (it is no security hash)');
        return quickHash(str(s), c);
      }
      const alg = algorithmOf(name, HASHES, "hash");
      let digest = bytes(s, e);
      // A digest is a step of the page's work, and a step per 64 bytes hashed.
      for (let i = 0; i < times; i++) {
        work(c, 1 + (digest.length >> 6));
        digest = createHash(alg).update(digest).digest();
      }
      return digest.toString("hex").toUpperCase();
    },
  ],
  hash40: [
    {
      params: "string, [algorithm], [encoding], [iterations]",
      doc: "hash as Lucee 4.0 computed it (Lucee's hash40): MD5 and CFMX_COMPAT once are the MD5 of the UTF-8 text; otherwise the digest of the text's bytes in the encoding written iterations times over.",
      example: 'hash40("abc", "SHA", "utf-8", 2) EQ hash("abcabc", "SHA")',
      result: "true",
    },
    (c, s: unknown, a?: unknown, e?: unknown, n?: unknown) => {
      const name = a === undefined || str(a).trim() === "" ? "md5" : str(a).trim();
      const alg = algorithmOf(name, HASHES, "hash40");
      const times = n === undefined ? 1 : int(n, "iterations");
      if (times < 1 || times > 100_000) throw argError("iterations must be between 1 and 100000");
      if (times === 1 && alg === "md5") return createHash("md5").update(bytes(s)).digest("hex").toUpperCase();
      const data = bytes(s, e);
      const h = createHash(alg);
      for (let i = 0; i < times; i++) {
        work(c, 1 + (data.length >> 6));
        h.update(data);
      }
      return h.digest("hex").toUpperCase();
    },
  ],
  hmac: [
    {
      params: "message, key, [algorithm], [encoding]",
      doc: "Upper-case hex HMAC: HmacMD5 (the default), HmacSHA1, HmacSHA224, HmacSHA256, HmacSHA384, HmacSHA512; the message and key are binary or text in the encoding (utf-8 by default; utf-16 as Java writes it, big-endian after a byte-order mark; euc-cn, big5, shift_jis… as their decoders read them).",
      example: 'left(hmac("msg", "key", "HmacSHA256"), 8)',
      result: "2D93CBC1",
    },
    (_c, m: unknown, k: unknown, a?: unknown, e?: unknown) => {
      const alg = algorithmOf(
        a === undefined || str(a).trim() === ""
          ? "md5"
          : str(a)
              .toLowerCase()
              .replace(/^hmac-?/, ""),
        HASHES,
        "hmac",
      );
      return createHmac(alg, bytes(k, e)).update(bytes(m, e)).digest("hex").toUpperCase();
    },
  ],
  createUniqueId: [
    {
      params: "",
      doc: "An id unique within the server and beyond (22 URL-safe characters, random).",
      example: "len(createUniqueId())",
      result: "22",
    },
    () => randomBytes(16).toString("base64url").slice(0, 22),
  ],
  createUUID: [
    {
      params: "",
      doc: "A random UUID in CFML's 35-character form (8-4-4-16 upper-case hex digits).",
      example: "len(createUUID())",
      result: "35",
    },
    () => {
      const u = randomUUID().toUpperCase();
      return `${u.slice(0, 23)}${u.slice(24)}`;
    },
  ],
  createGUID: [
    {
      params: "",
      doc: "A random UUID in the standard 36-character form (version 4).",
      example: "len(createGUID())",
      result: "36",
    },
    () => randomUUID().toUpperCase(),
  ],
  serializeJSON: [
    {
      params: "value, [queryFormat], [useSecureJSONPrefix]",
      doc: 'JSON as Lucee writes it: a query as {"COLUMNS":[…],"DATA":[[…]]}, the column names as written (queryFormat "column": {"ROWCOUNT","COLUMNS","DATA":{COLUMN: […]}}, the DATA keys upper-cased; "struct": an array of row structs); dates as "March, 05 2024 14:07:09"; numbers as they print.',
      example: 'serializeJSON(queryNew("id", [[1]]))',
      result: '{"COLUMNS":["id"],"DATA":[[1]]}',
    },
    (ctx, v: unknown, f?: unknown, secure?: unknown) => {
      const format = f === undefined ? "row" : typeof f === "boolean" ? (f ? "column" : "row") : str(f).toLowerCase();
      if (!["row", "column", "struct", "true", "false"].includes(format))
        throw argError(`queryFormat must be row, column or struct, got ${JSON.stringify(format)}`);
      const json = serialize(
        v,
        format === "true" ? "column" : format === "false" ? "row" : format,
        ctx.page.timezone,
        ctx,
      );
      return secure !== undefined && toBool(secure, null) ? `//${json}` : json;
    },
  ],
  serialize: [
    {
      params: "value, [type]",
      doc: 'The value as CFML source text (type "json": as serializeJSON writes it), as Lucee\'s serialize writes it: strings quoted with " and # doubled, arrays [a,b], structs {"key":value}, queries query("column":[…]), dates createDateTime(y,m,d,h,n,s,ms,"zone") in the page\'s zone, an XML node xmlParse("…"), null nullValue() (also a value met again inside itself). Quarry never evaluates it; binary values and functions are refused.',
      example: 'serialize({"a": [1, "x##"]})',
      result: '{"a":[1,"x##"]}',
    },
    (ctx, v: unknown, type?: unknown) => {
      const t = type === undefined ? "cfml" : str(type).trim().toLowerCase();
      if (t === "json") return serialize(v, "row", ctx.page.timezone, ctx);
      if (t !== "cfml") throw argError(`serialize: type must be cfml or json, got ${JSON.stringify(t)}`);
      return cfmlSource(v, ctx.page.timezone, ctx);
    },
  ],
  toScript: [
    {
      params: "value, jsName, [outputFormat], [asFormat]",
      doc: "JavaScript statements that set the variable jsName to the value, as CFML's toScript writes them: jsName=new Array();jsName[0]=\"a\"; for arrays (objects for structs, their keys in lower case), a WDDX recordset for a query (outputFormat false: an array of row objects; asFormat true: [] and {} literals), new Date(…) for a date in the page's zone. Strings escape as JavaScript strings, </ as <\\/ (CFML only in </script). jsName must be a JavaScript variable name (a.b allowed).",
      example: 'toScript(["a", 1], "v")',
      result: 'v=new Array();v[0]="a";v[1]=1;',
    },
    (ctx, v: unknown, name: unknown, wddx?: unknown, shortcuts?: unknown) => {
      const n = str(name).trim();
      if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(n))
        throw argError(`toScript: ${JSON.stringify(n)} is not a JavaScript variable name`);
      const out = jsStatements(
        n,
        v,
        wddx === undefined || toBool(wddx, null),
        shortcuts !== undefined && toBool(shortcuts, null),
        ctx.page.timezone,
        ctx,
      ).trim();
      return `${n}=${out}${out.endsWith(";") ? "" : ";"}`;
    },
  ],
  deserializeJSON: [
    {
      params: "string, [strictMapping], [format]",
      doc: 'Reads JSON5 (as isJSON; format "json": strict JSON, as jsonDecode); with strictMapping false, CFML\'s query JSON becomes a query.',
      example: 'deserializeJSON(\'{"a":[1,2]}\').a[2] & deserializeJSON("{b: 3, /* n */}").b',
      result: "23",
    },
    (c, s: unknown, strict?: unknown, f?: unknown) => {
      const v = parseJson(c, s, "deserializeJSON", jsonFormat(f, "deserializeJSON"));
      return strict !== undefined && !toBool(strict, null) ? toQueries(v, c) : v;
    },
  ],
  urlEncodedFormat: [
    {
      params: "string, [charset]",
      doc: "Percent-encodes every character but letters and digits (UTF-8, or iso-8859-1), as CFML does.",
      example: 'urlEncodedFormat("a b-c")',
      result: "a%20b%2Dc",
    },
    (_c, s: unknown, cs?: unknown) => percentEncode(textBytes(s, cs), /[A-Za-z0-9]/),
  ],
  urlEncode: [
    {
      params: "string, [charset]",
      doc: "Encodes as an HTML form does (CFML's urlEncode): a space as +, every character but letters, digits and . - * _ percent-encoded (UTF-8, or iso-8859-1).",
      example: 'urlEncode("a b/c-d")',
      result: "a+b%2Fc-d",
    },
    (_c, s: unknown, cs?: unknown) => percentEncode(textBytes(s, cs), /[A-Za-z0-9.\-*_]/).replace(/%20/g, "+"),
  ],
  encodeForJavaScript: [
    {
      params: "string, [canonicalize]",
      doc: "Same as encodeForJS.",
      example: 'encodeForJavaScript("<b>")',
      result: "\\x3Cb\\x3E",
    },
    (_c, s: unknown, c?: unknown) => encodeJs(input(s, c)),
  ],
  encodeForCSS: [
    {
      params: "string, [canonicalize]",
      doc: "Escapes every character but letters and digits as a CSS escape (\\3c ).",
      example: 'encodeForCSS("a<b")',
      result: "a\\3c b",
    },
    (_c, s: unknown, c?: unknown) => encodeCss(input(s, c)),
  ],
  encodeForDN: [
    {
      params: "string, [canonicalize]",
      doc: 'Escapes for an LDAP distinguished name as ESAPI does: \\ , + " < > ; get a backslash, and so do a leading space or # and a trailing space.',
      example: 'encodeForDN("a,b<c")',
      result: "a\\,b\\<c",
    },
    (_c, s: unknown, c?: unknown) => encodeDn(input(s, c)),
  ],
  encodeForLDAP: [
    {
      params: "string, [canonicalize]",
      doc: "Escapes for an LDAP search filter as ESAPI does: \\ * ( ) and NUL become \\5c \\2a \\28 \\29 \\00.",
      example: 'encodeForLDAP("(cn=a*)")',
      result: "\\28cn=a\\2a\\29",
    },
    (_c, s: unknown, c?: unknown) => encodeLdap(input(s, c)),
  ],
  esapiEncode: [
    {
      params: "encodeFor, string",
      doc: "The encodeFor* function the first argument names (css, dn, html, html_attr, javascript, ldap, url, xml, xml_attr), as Lucee's ESAPI extension dispatches.",
      example: 'esapiEncode("url", "a b")',
      result: "a+b",
    },
    (_c, type: unknown, s: unknown) => encodeAs("esapiEncode", type, str(s)),
  ],
  encodeForXPath: [
    {
      params: "string, [canonicalize]",
      doc: "Escapes for a string in an XPath query as ESAPI does: as encodeForHTML (letters, digits, space and , . - _ pass, the rest become entities).",
      example: 'encodeForXPath("a/b\'c")',
      result: "a&#x2f;b&#x27;c",
    },
    (_c, s: unknown, c?: unknown) => new SafeString(encodeHtml(input(s, c))),
  ],
  encodeForXML: [
    {
      params: "string, [canonicalize]",
      doc: "Escapes every character but letters, digits, space and , . - _ as an XML character reference (already escaped: output does not escape it again).",
      example: 'encodeForXML("<a>")',
      result: "&#x3c;a&#x3e;",
    },
    (_c, s: unknown, c?: unknown) => new SafeString(encodeXml(input(s, c), false)),
  ],
  encodeForXMLAttribute: [
    {
      params: "string, [canonicalize]",
      doc: "Like encodeForXML, escaping spaces too.",
      example: 'encodeForXMLAttribute("a b")',
      result: "a&#x20;b",
    },
    (_c, s: unknown, c?: unknown) => new SafeString(encodeXml(input(s, c), true)),
  ],
  canonicalize: [
    {
      params: "string, restrictMultiple, restrictMixed, [throwOnError]",
      doc: "Decodes HTML entities and percent-encoding until nothing changes; with restrictMultiple (or restrictMixed) a value encoded more than once is an error.",
      example: 'canonicalize("%26lt;", false, false)',
      result: "<",
    },
    (_c, s: unknown, multiple: unknown, mixed: unknown, t?: unknown) => {
      const { value, rounds, kinds } = canonical(str(s));
      const strict =
        toBool(multiple, null) && rounds > 1 ? "multiple" : toBool(mixed, null) && kinds > 1 ? "mixed" : "";
      if (strict) {
        if (t === undefined || toBool(t, null)) throw argError(`canonicalize: the input has ${strict} encoding`);
        return "";
      }
      return value;
    },
  ],
  decodeForHTML: [
    {
      params: "string",
      doc: "Decodes HTML character references (&lt; &#60; &#x3c; …).",
      example: 'decodeForHTML("&lt;b&gt;")',
      result: "<b>",
    },
    (_c, s: unknown) => decodeEntities(str(s)),
  ],
  decodeFromURL: [
    {
      params: "string",
      doc: "Decodes percent-encoding (and + as space), as urlDecode.",
      example: 'decodeFromURL("a%20b")',
      result: "a b",
    },
    (_c, s: unknown) => urlDecode(s),
  ],
  jsStringFormat: [
    {
      params: "string",
      doc: "Escapes \\ ' \" and line breaks for a JavaScript string literal (prefer encodeForJS in HTML).",
      example: 'jsStringFormat("it\'s")',
      result: "it\\'s",
    },
    (_c, s: unknown) =>
      str(s).replace(
        /[\\'"\n\r\t]/g,
        (c) => ({ "\\": "\\\\", "'": "\\'", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t" })[c]!,
      ),
  ],
  encodeFor: [
    {
      params: "string, type, [canonicalize]",
      doc: "The text encoded for the context `type` names (css, dn, html, html_attr, javascript, ldap, url, xml, xml_attr), as Lucee's encodeFor; with the context first, as esapiEncode takes it, it is read that way too.",
      example: 'encodeFor("a b", "url") & " " & encodeFor("url", "a&b")',
      result: "a+b a%26b",
    },
    (_c, s: unknown, type: unknown, c?: unknown) => {
      // encodeFor(type, string) as well: the first argument a context name and the second not.
      const swap = ENCODINGS.has(str(s).trim().toLowerCase()) && !ENCODINGS.has(str(type).trim().toLowerCase());
      return encodeAs("encodeFor", swap ? s : type, input(swap ? type : s, c));
    },
  ],
});

/** An encoder's input: canonicalized first when asked (CFML's second argument). */
function input(s: unknown, canonicalize: unknown): string {
  return canonicalize !== undefined && toBool(canonicalize, null) ? canonical(str(s)).value : str(s);
}

/** The Buffer encoding of a charset name, or null for one Buffer does not write. */
function bufferCharset(cs: unknown): BufferEncoding | null {
  if (cs === undefined) return "utf8";
  const c = str(cs).trim().toLowerCase().replace(/_/g, "-");
  if (c === "utf-8" || c === "utf8") return "utf8";
  if (c === "iso-8859-1" || c === "latin1" || c === "us-ascii" || c === "windows-1252") return "latin1";
  if (c === "utf-16" || c === "utf-16le") return "utf16le";
  return null;
}

function charset(cs: unknown): BufferEncoding {
  const e = bufferCharset(cs);
  if (!e) throw argError(`Unsupported charset ${JSON.stringify(str(cs))} (utf-8, iso-8859-1, utf-16)`);
  return e;
}

/** Percent-encoding's bytes of a string, in a charset Buffer writes. */
const textBytes = (s: unknown, cs?: unknown): Buffer => Buffer.from(str(s), charset(cs));

/**
 * A value's bytes as Java's String.getBytes(charset) gives them, which CFML's hash, hmac and
 * toBase64 read (a binary value is its bytes): "utf-16" is big-endian after a byte-order mark;
 * a charset only the WHATWG encodings know (euc-cn, big5, shift_jis…) writes what its decoder
 * reads, and a character it cannot write as "?", as Java does.
 */
function bytes(s: unknown, cs?: unknown): Buffer {
  if (s instanceof Uint8Array) return Buffer.from(s);
  const text = str(s);
  const c = cs === undefined ? "utf-8" : str(cs).trim().toLowerCase().replace(/_/g, "-");
  if (c === "utf-16" || c === "utf-16be" || c === "unicode") {
    const be = Buffer.from(text, "utf16le").swap16();
    return c === "utf-16be" ? be : Buffer.concat([Buffer.from([0xfe, 0xff]), be]);
  }
  if (bufferCharset(cs)) return textBytes(text, cs);
  const table = encoderTable(JAVA_ALIASES[c] ?? c);
  if (!table) throw argError(`Unsupported charset ${JSON.stringify(str(cs))}`);
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else out.push(...(table.get(ch) ?? [0x3f]));
  }
  return Buffer.from(out);
}

// Java's names for charsets the WHATWG encodings know by another.
const JAVA_ALIASES: Record<string, string> = { "euc-cn": "gb2312", euccn: "gb2312", "x-euc-cn": "gb2312" };

/** Per encoding (its WHATWG name, whatever label named it), its table. */
const encoderTables = new Map<string, Map<string, number[]>>();

/**
 * The bytes of each character an ASCII-compatible charset writes in one or two bytes, read back
 * from its WHATWG decoder (made once per encoding, the first byte sequence for a character); null
 * for a label no decoder knows. Kept by the encoding's own name, so that neither its aliases nor
 * labels a visitor makes up (a charset from the URL) add entries: there are some forty.
 */
function encoderTable(label: string): Map<string, number[]> | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label.toLowerCase(), { fatal: true });
  } catch {
    return null;
  }
  let table = encoderTables.get(decoder.encoding);
  if (table) return table;
  const t = (table = new Map());
  const learn = (seq: number[]) => {
    try {
      const ch = decoder.decode(Uint8Array.from(seq));
      if ([...ch].length === 1 && ch.codePointAt(0)! >= 0x80 && !t.has(ch)) t.set(ch, seq);
    } catch {
      /* not a character in this charset */
    }
  };
  for (let b = 0x80; b <= 0xff; b++) learn([b]);
  for (let lead = 0x81; lead <= 0xfe; lead++) for (let trail = 0x40; trail <= 0xfe; trail++) learn([lead, trail]);
  encoderTables.set(decoder.encoding, table);
  return table;
}

/** A decoder for a charset only the WHATWG encodings know (shift_jis, windows-31j, euc-kr, gbk…), or null. */
function textDecoder(cs: unknown): TextDecoder | null {
  try {
    return new TextDecoder(str(cs).trim());
  } catch {
    return null;
  }
}

function urlDecode(s: unknown, cs?: unknown): string {
  const t = str(s).replace(/\+/g, " ");
  const out: number[] = [];
  const decoder = bufferCharset(cs) ? null : textDecoder(cs);
  if (decoder) return decodeWith(t, decoder);
  const enc = charset(cs);
  for (let i = 0; i < t.length; i++) {
    const m = /^%([0-9A-Fa-f]{2})/.exec(t.slice(i, i + 3));
    if (m) {
      out.push(parseInt(m[1]!, 16));
      i += 2;
    } else out.push(...Buffer.from(t[i]!, enc));
  }
  return Buffer.from(out).toString(enc);
}

/** Percent-decodes into bytes that the decoder reads; a character outside ASCII stands for itself. */
function decodeWith(t: string, decoder: TextDecoder): string {
  let text = "";
  let run: number[] = [];
  const flush = () => {
    text += decoder.decode(Uint8Array.from(run));
    run = [];
  };
  for (let i = 0; i < t.length; i++) {
    const m = /^%([0-9A-Fa-f]{2})/.exec(t.slice(i, i + 3));
    if (m) {
      run.push(parseInt(m[1]!, 16));
      i += 2;
    } else if (t.charCodeAt(i) < 128) run.push(t.charCodeAt(i));
    else {
      flush();
      text += t[i];
    }
  }
  flush();
  return text;
}

const HASHES: Record<string, string> = {
  md5: "md5",
  cfmx_compat: "md5",
  sha: "sha1",
  "sha-1": "sha1",
  sha1: "sha1",
  "sha-224": "sha224",
  sha224: "sha224",
  "sha-256": "sha256",
  sha256: "sha256",
  "sha-384": "sha384",
  sha384: "sha384",
  "sha-512": "sha512",
  sha512: "sha512",
};

// Lucee's HashUtil.create64BitHash: a 64-bit multiply-xor hash over each UTF-16 code unit's
// two bytes, through a table of 256 longs made by a xorshift from a fixed seed.
const QUICK_TABLE: bigint[] = (() => {
  const table: bigint[] = [];
  let h = 0x544b2fbacaaf1684n;
  for (let i = 0; i < 256; i++) {
    for (let j = 0; j < 31; j++) {
      h = (h >> 7n) ^ h;
      h = BigInt.asUintN(64, h << 11n) ^ h;
      h = (h >> 10n) ^ h;
    }
    table.push(h);
  }
  return table;
})();

/** hash(s, "quick"): Lucee's 64-bit hash as Java's Long.toString(h, 16) writes it. */
function quickHash(s: string, m: Metered): string {
  const mult = 7664345821815920749n;
  let h = 0xbb40e64da205b064n;
  for (let i = 0; i < s.length; i++) {
    // Two BigInt products a character (some 300 ns): four steps of the page's work.
    if ((i & 4095) === 0) work(m, 4 * 4096);
    const ch = s.charCodeAt(i);
    h = BigInt.asUintN(64, h * mult) ^ QUICK_TABLE[ch & 0xff]!;
    h = BigInt.asUintN(64, h * mult) ^ QUICK_TABLE[(ch >>> 8) & 0xff]!;
  }
  const signed = BigInt.asIntN(64, h);
  // A negative hash is negated (Long.MIN_VALUE stays negative, as in Java).
  return (signed < 0n && signed !== -(1n << 63n) ? -signed : signed).toString(16);
}

function algorithmOf(name: string, table: Record<string, string>, fn: string): string {
  const alg = table[name.toLowerCase()];
  if (!alg) throw argError(`${fn}: unknown algorithm ${JSON.stringify(name)} (${Object.keys(table).join(", ")})`);
  return alg;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(s: string): string {
  return s.replace(/&(#[xX][0-9A-Fa-f]+|#\d+|[A-Za-z]+);?/g, (whole, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e.toLowerCase()] ?? whole;
  });
}

function canonical(input: string): { value: string; rounds: number; kinds: number } {
  let value = input;
  let rounds = 0;
  const kinds = new Set<string>();
  for (let i = 0; i < 10; i++) {
    const html = decodeEntities(value);
    const url = html.replace(/%([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (html !== value) kinds.add("html");
    if (url !== html) kinds.add("url");
    if (url === value) break;
    value = url;
    rounds++;
  }
  return { value, rounds, kinds: kinds.size };
}

/** CFML's JSON: queries as COLUMNS/DATA, dates in its long form. */
function serialize(v: unknown, queryFormat: string, tz: string, m: Metered): string {
  const date = (d: Date) => dateTimeFormat(d, "MMMM, dd yyyy HH:nn:ss", tz);
  const prep = (x: unknown): unknown => {
    work(m, 1);
    if (x instanceof Date) return date(x);
    if (x instanceof SafeString) return x.value;
    if (x instanceof QueryResult) {
      const cell = (r: Struct, c: string) => prep(r[c] ?? null);
      if (queryFormat === "struct") return x.rows.map((r) => Object.fromEntries(x.columns.map((c) => [c, cell(r, c)])));
      if (queryFormat === "column") {
        return {
          ROWCOUNT: x.rows.length,
          COLUMNS: x.columns,
          DATA: Object.fromEntries(x.columns.map((c) => [c.toUpperCase(), x.rows.map((r) => cell(r, c))])),
        };
      }
      return { COLUMNS: x.columns, DATA: x.rows.map((r) => x.columns.map((c) => cell(r, c))) };
    }
    if (Array.isArray(x)) return x.map(prep);
    // A component instance: what `this` holds but its functions, then its properties (Lucee).
    const inst = instanceJson(x);
    if (inst !== undefined) return prep(inst);
    if (isStruct(x)) return Object.fromEntries(Object.keys(x).map((k) => [k, prep(x[k])]));
    if (typeof x === "bigint") return x.toString();
    if (x instanceof Uint8Array) return Buffer.from(x).toString("base64");
    if (x instanceof FunctionValue) throw unencodable(x);
    return x;
  };
  // "</" becomes "<\/" and "<!--" "\u003c!--", so the JSON can stand inside a <script> element.
  return jsonText(prep(v)).replace(/<\//g, "<\\/").replace(/<!--/g, "\\u003c!--");
}

/** JSON.stringify, except that numbers print as CFML prints them (Lucee: 0.1 + 0.2 is 0.3, 1e21 all digits). */
function jsonText(x: unknown): string {
  if (typeof x === "number") return Number.isFinite(x) ? numToStr(x) : "null";
  if (Array.isArray(x)) return `[${x.map((e) => (e === undefined ? "null" : jsonText(e))).join(",")}]`;
  if (isStruct(x)) {
    const parts: string[] = [];
    for (const [k, e] of Object.entries(x)) if (e !== undefined) parts.push(`${JSON.stringify(k)}:${jsonText(e)}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(x) ?? "null";
}

/** serialize(): CFML source for a value (Lucee's ScriptConverter). */
function cfmlSource(v: unknown, tz: string, m: Metered): string {
  const quote = (t: string) => `"${t.replace(/"/g, '""').replace(/#/g, "##")}"`;
  const open = new Set<unknown>();
  const write = (x: unknown): string => {
    work(m, 1);
    if (x === null || x === undefined) return "nullValue()";
    if (typeof x === "string") return quote(x);
    if (x instanceof SafeString) return quote(x.value);
    if (typeof x === "number" || typeof x === "boolean" || typeof x === "bigint") return toStr(x, null);
    if (x instanceof Date) {
      const w = wall(x, tz);
      return `createDateTime(${w.y},${w.mo},${w.d},${w.h},${w.mi},${w.s},${w.ms},${quote(tz)})`;
    }
    // An XML node as the call that makes it again (Lucee's ScriptConverter).
    if (x instanceof XmlValue) return `xmlParse(${quote(x.toText())})`;
    if (!(Array.isArray(x) || isStruct(x) || x instanceof QueryResult))
      throw argError(`serialize cannot write a ${typeName(x)} value as CFML source`);
    // A value met again inside itself is written as null, as Lucee does.
    if (open.has(x)) return "nullValue()";
    open.add(x);
    try {
      if (Array.isArray(x)) return `[${x.map(write).join(",")}]`;
      if (x instanceof QueryResult)
        return `query(${x.columns.map((c) => `${quote(c)}:[${x.rows.map((r) => write(r[c])).join(",")}]`).join(",")})`;
      return `{${Object.keys(x)
        .map((k) => `${quote(k)}:${write(x[k])}`)
        .join(",")}}`;
    } finally {
      open.delete(x);
    }
  };
  return write(v);
}

/** A JavaScript string literal as CFML's toScript writes one (every character beyond ASCII as \\uHHHH). */
function jsString(t: string): string {
  const named: Record<string, string> = {
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "\f": "\\f",
    "\b": "\\b",
    "\t": "\\t",
    '"': '\\"',
  };
  let out = '"';
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    const code = t.charCodeAt(i);
    if (named[c]) out += named[c];
    else if (c === "/" && t[i - 1] === "<") out += "\\/";
    else if (code < 0x20 || code >= 0x7f) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += c;
  }
  return `${out}"`;
}

/** toScript(): the value after `name=`, then the statements that fill it (Lucee's JSConverter). */
function jsStatements(name: string, v: unknown, wddx: boolean, shortcuts: boolean, tz: string, m: Metered): string {
  const open = new Set<unknown>();
  const write = (at: string, x: unknown): string => {
    work(m, 1);
    if (x === null || x === undefined) return "null;";
    if (typeof x === "string" || x instanceof SafeString) return `${jsString(str(x))};`;
    if (typeof x === "number" || typeof x === "bigint") return `${toStr(x, null)};`;
    if (typeof x === "boolean") return `"${x}";`;
    if (x instanceof Date) {
      const w = wall(x, tz);
      return `new Date(${w.y},${w.mo - 1},${w.d},${w.h},${w.mi},${w.s});`;
    }
    if (open.has(x) || !(Array.isArray(x) || isStruct(x) || x instanceof QueryResult)) return "null;";
    open.add(x);
    try {
      if (Array.isArray(x))
        return `${shortcuts ? "[];" : "new Array();"}${x.map((e, i) => `${at}[${i}]=${write(`${at}[${i}]`, e)}`).join("")}`;
      if (x instanceof QueryResult) {
        if (!wddx) {
          let out = shortcuts ? "[];" : "new Array();";
          x.rows.forEach((r, i) => {
            out += `${at}[${i}]=${shortcuts ? "{};" : "new Object();"}`;
            for (const c of x.columns)
              out += `${at}[${i}][${jsString(c)}]=${write(`${at}[${i}][${jsString(c)}]`, r[c])}`;
          });
          return out;
        }
        let out = "new WddxRecordset();";
        x.columns.forEach((c, i) => {
          out += shortcuts ? `col${i}=[];` : `col${i}=new Array();`;
          x.rows.forEach((r, y) => (out += `col${i}[${y}]=${write(`col${i}[${y}]`, r[c])}`));
          out += `${at}[${jsString(c.toLowerCase())}]=col${i};col${i}=null;`;
        });
        return out;
      }
      let out = shortcuts ? "{};" : "new Object();";
      for (const k of Object.keys(x)) {
        const key = jsString(k.toLowerCase());
        out += `${at}[${key}]=${write(`${at}[${key}]`, x[k])}`;
      }
      return out;
    } finally {
      open.delete(x);
    }
  };
  return write(name, v);
}

/** deserializeJSON(…, false): {COLUMNS, DATA} objects become queries. */
function toQueries(v: unknown, m: Metered): unknown {
  work(m, 1);
  if (Array.isArray(v)) return v.map((e) => toQueries(e, m));
  if (!isStruct(v)) return v;
  const keys = Object.keys(v).map((k) => k.toUpperCase());
  const cols = v.COLUMNS ?? v.columns;
  const data = v.DATA ?? v.data;
  if (
    Array.isArray(cols) &&
    cols.every((c) => typeof c === "string") &&
    // COLUMNS and DATA, and ROWCOUNT in the column form: another key makes it a struct.
    (keys.length === 2 || (keys.length === 3 && keys.includes("ROWCOUNT")))
  ) {
    const names = cols;
    if (Array.isArray(data))
      return new QueryResult(
        names,
        data.map((row) => {
          const r = newStruct();
          names.forEach((c, i) => {
            r[c] = Array.isArray(row) ? row[i] : null;
          });
          return r;
        }),
      );
    if (isStruct(data)) {
      const n = Number(v.ROWCOUNT ?? v.rowcount ?? 0);
      return new QueryResult(
        names,
        Array.from({ length: n }, (_x, i) => {
          const r = newStruct();
          for (const c of names) {
            const col = data[c] ?? data[c.toUpperCase()];
            r[c] = Array.isArray(col) ? col[i] : null;
          }
          return r;
        }),
      );
    }
  }
  const out = newStruct();
  for (const k of Object.keys(v)) out[k] = toQueries(v[k], m);
  return out;
}
