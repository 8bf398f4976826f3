import { createHash, randomUUID } from "node:crypto";
import { category, str, argError } from "./define.js";
import { escapeHtml, SafeString, QueryResult, dateToStr, newStruct } from "../values.js";

/** JSON for any language value: queries become {columns, data}, dates their string form. */
export function jsonEncode(v: unknown): string {
  return JSON.stringify(v, function (this: unknown, _k, val: unknown) {
    if (val instanceof QueryResult) return { columns: val.columns, data: val.rows };
    if (val instanceof SafeString) return val.value;
    if (typeof val === "string" && (this as Record<string, unknown>)[_k] instanceof Date) return dateToStr((this as Record<string, Date>)[_k]!);
    if (typeof val === "bigint") return val.toString();
    return val;
  }) ?? "null";
}

function fromJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(fromJson);
  if (v !== null && typeof v === "object") {
    const s = newStruct();
    for (const [k, val] of Object.entries(v)) s[k] = fromJson(val);
    return s;
  }
  return v;
}

export default category("encoding", {
  jsonEncode: [{ params: "value", doc: "The value as JSON.", example: 'jsonEncode({a: [1, "x"]})', result: '{"a":[1,"x"]}' }, (_c, v: unknown) => jsonEncode(v)],
  jsonDecode: [{ params: "string", doc: "Reads JSON into arrays and structs.", example: 'jsonDecode("[1,2]")[2]', result: "2" },
    (_c, s: unknown) => { try { return fromJson(JSON.parse(str(s))); } catch { throw argError("jsonDecode: the string is not valid JSON"); } }],
  isJSON: [{ params: "string", doc: "true when the string is valid JSON.", example: 'isJSON("{}")', result: "true" },
    (_c, s: unknown) => { try { JSON.parse(str(s)); return true; } catch { return false; } }],
  encodeForHTML: [{ params: "string", doc: "Escapes & < > \" ' for HTML text (already escaped: output does not escape it again).", example: 'encodeForHTML("<b>")', result: "&lt;b&gt;" },
    (_c, s: unknown) => new SafeString(escapeHtml(str(s)))],
  encodeForHTMLAttribute: [{ params: "string", doc: "Escapes every character but letters and digits as an entity, for attribute values.", example: 'encodeForHTMLAttribute("a b")', result: "a&#x20;b" },
    (_c, s: unknown) => new SafeString(str(s).replace(/[^A-Za-z0-9,._-]/gu, (c) => `&#x${c.codePointAt(0)!.toString(16)};`))],
  encodeForURL: [{ params: "string", doc: "Percent-encodes for a URL component.", example: 'encodeForURL("a b&c")', result: "a%20b%26c" },
    (_c, s: unknown) => encodeURIComponent(str(s)).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)],
  encodeForJS: [{ params: "string", doc: "Escapes for a JavaScript string literal (\\xHH / \\uHHHH).", example: "encodeForJS(\"it's\")", result: "it\\x27s" },
    // Without the u flag every match is one UTF-16 unit, so astral characters become two \\u escapes.
    (_c, s: unknown) => str(s).replace(/[^A-Za-z0-9 ,._]/g, (c) => {
      const code = c.charCodeAt(0);
      return code < 256 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
    })],
  urlDecode: [{ params: "string", doc: "Decodes percent-encoding (and + as space).", example: 'urlDecode("a%20b+c")', result: "a b c" },
    (_c, s: unknown) => { try { return decodeURIComponent(str(s).replace(/\+/g, " ")); } catch { throw argError("urlDecode: malformed percent-encoding"); } }],
  toBase64: [{ params: "string", doc: "Base64 of the UTF-8 bytes.", example: 'toBase64("hi")', result: "aGk=" }, (_c, s: unknown) => Buffer.from(str(s), "utf8").toString("base64")],
  hash: [{ params: "string, [algorithm]", doc: "Hex digest: md5, sha1, sha256 (default) or sha512.", example: 'left(hash("abc"), 8)', result: "ba7816bf" },
    (_c, s: unknown, a?: unknown) => {
      const alg = a === undefined ? "sha256" : str(a).toLowerCase();
      if (!["md5", "sha1", "sha256", "sha512"].includes(alg)) throw argError(`Unknown hash algorithm ${JSON.stringify(alg)}`);
      return createHash(alg).update(str(s), "utf8").digest("hex");
    }],
  createUUID: [{ params: "", doc: "A random UUID (version 4).", example: "len(createUUID())", result: "36" }, () => randomUUID()],
});
