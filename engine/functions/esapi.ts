// The OWASP ESAPI encoders that CFML's encodeFor* functions are (Lucee and Adobe ColdFusion
// both ship ESAPI): letters and digits pass, a few punctuation characters pass per context, and
// every other character is escaped — so encodeForHTML("<br/>") is "&lt;br&#x2f;&gt;".
// encodeAs (a context's name → its encoder) lives here too, beside the encoders, for the runtime's
// writeOutput(value, context) as well as encoding.ts: importing it from encoding.ts made the runtime
// import the component module (through encoding.ts), which imports the runtime (through udf.ts).

import { argError } from "../errors.js";
import { SafeString, toStr } from "../values.js";

/** HTML 4's named entities (hex code point:name), which ESAPI's HTML encoder prefers. */
const NAMED = new Map<number, string>(
  (
    "22:quot 26:amp 3c:lt 3e:gt a0:nbsp a1:iexcl a2:cent a3:pound a4:curren a5:yen a6:brvbar a7:sect " +
    "a8:uml a9:copy aa:ordf ab:laquo ac:not ad:shy ae:reg af:macr b0:deg b1:plusmn b2:sup2 b3:sup3 " +
    "b4:acute b5:micro b6:para b7:middot b8:cedil b9:sup1 ba:ordm bb:raquo bc:frac14 bd:frac12 be:frac34 " +
    "bf:iquest c0:Agrave c1:Aacute c2:Acirc c3:Atilde c4:Auml c5:Aring c6:AElig c7:Ccedil c8:Egrave " +
    "c9:Eacute ca:Ecirc cb:Euml cc:Igrave cd:Iacute ce:Icirc cf:Iuml d0:ETH d1:Ntilde d2:Ograve d3:Oacute " +
    "d4:Ocirc d5:Otilde d6:Ouml d7:times d8:Oslash d9:Ugrave da:Uacute db:Ucirc dc:Uuml dd:Yacute " +
    "de:THORN df:szlig e0:agrave e1:aacute e2:acirc e3:atilde e4:auml e5:aring e6:aelig e7:ccedil " +
    "e8:egrave e9:eacute ea:ecirc eb:euml ec:igrave ed:iacute ee:icirc ef:iuml f0:eth f1:ntilde f2:ograve " +
    "f3:oacute f4:ocirc f5:otilde f6:ouml f7:divide f8:oslash f9:ugrave fa:uacute fb:ucirc fc:uuml " +
    "fd:yacute fe:thorn ff:yuml 152:OElig 153:oelig 160:Scaron 161:scaron 178:Yuml 192:fnof 2c6:circ " +
    "2dc:tilde 391:Alpha 392:Beta 393:Gamma 394:Delta 395:Epsilon 396:Zeta 397:Eta 398:Theta 399:Iota " +
    "39a:Kappa 39b:Lambda 39c:Mu 39d:Nu 39e:Xi 39f:Omicron 3a0:Pi 3a1:Rho 3a3:Sigma 3a4:Tau 3a5:Upsilon " +
    "3a6:Phi 3a7:Chi 3a8:Psi 3a9:Omega 3b1:alpha 3b2:beta 3b3:gamma 3b4:delta 3b5:epsilon 3b6:zeta " +
    "3b7:eta 3b8:theta 3b9:iota 3ba:kappa 3bb:lambda 3bc:mu 3bd:nu 3be:xi 3bf:omicron 3c0:pi 3c1:rho " +
    "3c2:sigmaf 3c3:sigma 3c4:tau 3c5:upsilon 3c6:phi 3c7:chi 3c8:psi 3c9:omega 3d1:thetasym 3d2:upsih " +
    "3d6:piv 2002:ensp 2003:emsp 2009:thinsp 200c:zwnj 200d:zwj 200e:lrm 200f:rlm 2013:ndash 2014:mdash " +
    "2018:lsquo 2019:rsquo 201a:sbquo 201c:ldquo 201d:rdquo 201e:bdquo 2020:dagger 2021:Dagger 2022:bull " +
    "2026:hellip 2030:permil 2032:prime 2033:Prime 2039:lsaquo 203a:rsaquo 203e:oline 2044:frasl " +
    "20ac:euro 2111:image 2118:weierp 211c:real 2122:trade 2135:alefsym 2190:larr 2191:uarr 2192:rarr " +
    "2193:darr 2194:harr 21b5:crarr 21d0:lArr 21d1:uArr 21d2:rArr 21d3:dArr 21d4:hArr 2200:forall " +
    "2202:part 2203:exist 2205:empty 2207:nabla 2208:isin 2209:notin 220b:ni 220f:prod 2211:sum " +
    "2212:minus 2217:lowast 221a:radic 221d:prop 221e:infin 2220:ang 2227:and 2228:or 2229:cap 222a:cup " +
    "222b:int 2234:there4 223c:sim 2245:cong 2248:asymp 2260:ne 2261:equiv 2264:le 2265:ge 2282:sub " +
    "2283:sup 2284:nsub 2286:sube 2287:supe 2295:oplus 2297:otimes 22a5:perp 22c5:sdot 2308:lceil " +
    "2309:rceil 230a:lfloor 230b:rfloor 2329:lang 232a:rang 25ca:loz 2660:spades 2663:clubs 2665:hearts " +
    "2666:diams"
  )
    .split(" ")
    .map((e) => {
      const [hex, name] = e.split(":");
      return [parseInt(hex!, 16), name!] as [number, string];
    }),
);

const ALNUM = /^[A-Za-z0-9]$/;

/** Each code point of s, escaped by `escape` unless it is an ASCII letter or digit or immune. */
function encode(s: string, immune: string, escape: (cp: number) => string): string {
  let out = "";
  for (const ch of s) {
    out += ALNUM.test(ch) || immune.includes(ch) ? ch : escape(ch.codePointAt(0)!);
  }
  return out;
}

const hex = (cp: number) => cp.toString(16);

function htmlEntity(cp: number): string {
  // Control characters HTML cannot carry become U+FFFD, as in ESAPI.
  if ((cp <= 0x1f && cp !== 9 && cp !== 10 && cp !== 13) || (cp >= 0x7f && cp <= 0x9f)) return "&#xfffd;";
  const name = NAMED.get(cp);
  return name ? `&${name};` : `&#x${hex(cp)};`;
}

/** encodeForHTML: space , . - _ pass. */
export const encodeHtml = (s: string): string => encode(s, " ,.-_", htmlEntity);

/** encodeForHTMLAttribute: , . - _ pass (a space is escaped too). */
export const encodeHtmlAttribute = (s: string): string => encode(s, ",.-_", htmlEntity);

/** encodeForJavaScript: , . _ pass; \xHH below 256, else \uHHHH (a pair of them beyond the BMP). */
export const encodeJs = (s: string): string =>
  encode(s, ",._", (cp) => {
    if (cp < 256) return `\\x${hex(cp).toUpperCase().padStart(2, "0")}`;
    return String.fromCodePoint(cp)
      .split("")
      .map((u) => `\\u${hex(u.charCodeAt(0)).toUpperCase().padStart(4, "0")}`)
      .join("");
  });

/** encodeForURL: Java's form encoding, as ESAPI uses it: . - * _ pass, a space is +, the rest %HH of UTF-8. */
export function encodeUrl(s: string): string {
  let out = "";
  for (const ch of s) {
    if (ALNUM.test(ch) || ".-*_".includes(ch)) out += ch;
    else if (ch === " ") out += "+";
    else for (const b of Buffer.from(ch, "utf8")) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** The contexts encodeAs knows, by the names encodeFor, esapiEncode and writeOutput take. */
export const ENCODINGS = new Set(["css", "dn", "html", "html_attr", "javascript", "ldap", "url", "xml", "xml_attr"]);

/** The text encoded for the context `type` names: esapiEncode, encodeFor and writeOutput(x, type). */
export function encodeAs(fn: string, type: unknown, text: string): unknown {
  const t = toStr(type, null).trim().toLowerCase();
  switch (t) {
    case "css":
      return encodeCss(text);
    case "dn":
      return encodeDn(text);
    case "html":
      return new SafeString(encodeHtml(text));
    case "html_attr":
      return new SafeString(encodeHtmlAttribute(text));
    case "javascript":
      return encodeJs(text);
    case "ldap":
      return encodeLdap(text);
    case "url":
      return encodeUrl(text);
    case "xml":
      return new SafeString(encodeXml(text, false));
    case "xml_attr":
      return new SafeString(encodeXml(text, true));
    default:
      throw argError(
        `${fn}: unknown encoding ${JSON.stringify(t)} (css, dn, html, html_attr, javascript, ldap, url, xml, xml_attr)`,
      );
  }
}

/** encodeForCSS: every character but letters and digits as a CSS escape. */
export function encodeCss(s: string): string {
  return s.replace(/[^A-Za-z0-9]/gu, (ch) => `\\${ch.codePointAt(0)!.toString(16)} `);
}

/** encodeForXML (and its attribute form, which escapes spaces too). */
export function encodeXml(s: string, attribute: boolean): string {
  const re = attribute ? /[^A-Za-z0-9,.\-_]/gu : /[^A-Za-z0-9 ,.\-_]/gu;
  return s.replace(re, (ch) => `&#x${ch.codePointAt(0)!.toString(16)};`);
}

/** ESAPI's encodeForDN. */
export function encodeDn(s: string): string {
  let out = s.startsWith(" ") || s.startsWith("#") ? "\\" : "";
  for (const ch of s) out += '\\,+"<>;'.includes(ch) ? `\\${ch}` : ch;
  return s.length > 1 && s.endsWith(" ") ? `${out.slice(0, -1)}\\ ` : out;
}

/** ESAPI's encodeForLDAP (wildcards encoded). */
export function encodeLdap(s: string): string {
  const map: Record<string, string> = { "\\": "\\5c", "*": "\\2a", "(": "\\28", ")": "\\29", "\0": "\\00" };
  return s.replace(/[\\*()\0]/g, (ch) => map[ch]!);
}
