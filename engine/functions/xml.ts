// isXML and isWDDX: is a string a well-formed XML document (XML 1.0: one root element, tags
// that nest and match, quoted and unique attributes, valid references, comments, CDATA,
// processing instructions, a DOCTYPE)? One pass over the text, so no input can make it slow.
import { argError, category, int, str } from "./define.js";
import { isStruct, toBool, typeName, type Struct } from "../values.js";
import { XML_KINDS, XmlNode, childPos, newElement, newXml, parseXml, xmlKind, xmlNodeType, xmlSearch } from "../xml.js";

// XML 1.0's name characters, as code-unit ranges (surrogate pairs pass as their halves).
const START_RANGES = [
  [0x3a, 0x3a],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x2ff],
  [0x370, 0x37d],
  [0x37f, 0x1fff],
  [0x200c, 0x200d],
  [0x2070, 0x218f],
  [0x2c00, 0x2fef],
  [0x3001, 0xdfff],
  [0xf900, 0xfdcf],
  [0xfdf0, 0xfffd],
];
const MORE_RANGES = [
  [0x2d, 0x2e],
  [0x30, 0x39],
  [0xb7, 0xb7],
  [0x300, 0x36f],
  [0x203f, 0x2040],
];
const inRanges = (c: number, ranges: number[][]) => ranges.some(([a, b]) => c >= a! && c <= b!);
const nameStart = (c: number) => inRanges(c, START_RANGES);
const nameChar = (c: number) => nameStart(c) || inRanges(c, MORE_RANGES);
const PREDEFINED = new Set(["lt", "gt", "amp", "apos", "quot"]);

class NotXml extends Error {}

/** The root element's name when the text is a well-formed XML document, else null (also for a DOCTYPE not allowed). */
export function xmlRoot(text: string, allowDoctype = true): string | null {
  try {
    return new Reader(text, allowDoctype).document();
  } catch (err) {
    if (err instanceof NotXml) return null;
    throw err;
  }
}

class Reader {
  private i = 0;
  private hasDoctype = false;
  constructor(
    private readonly s: string,
    private readonly allowDoctype = true,
  ) {}

  private fail(): never {
    throw new NotXml();
  }
  private at(t: string): boolean {
    return this.s.startsWith(t, this.i);
  }
  private expect(t: string): void {
    if (!this.at(t)) this.fail();
    this.i += t.length;
  }
  private space(): boolean {
    const start = this.i;
    while (this.i < this.s.length && " \t\r\n".includes(this.s[this.i]!)) this.i++;
    return this.i > start;
  }
  /** Index of t at or after i, or a failure. */
  private until(t: string): number {
    const j = this.s.indexOf(t, this.i);
    if (j < 0) this.fail();
    return j;
  }
  private name(): string {
    const start = this.i;
    if (!nameStart(this.s.charCodeAt(this.i))) this.fail();
    this.i++;
    while (this.i < this.s.length && nameChar(this.s.charCodeAt(this.i))) this.i++;
    return this.s.slice(start, this.i);
  }

  document(): string {
    if (this.s.charCodeAt(0) === 0xfeff) this.i = 1;
    if (/^<\?xml[ \t\r\n]/.test(this.s.slice(this.i, this.i + 6))) this.i = this.until("?>") + 2;
    this.misc(true);
    if (!this.at("<")) this.fail();
    const root = this.element();
    this.misc(false);
    if (this.i !== this.s.length) this.fail();
    return root;
  }

  /** Comments, processing instructions and whitespace around the root (and one DOCTYPE before it). */
  private misc(before: boolean): void {
    for (;;) {
      this.space();
      if (this.at("<!--")) this.comment();
      else if (this.at("<?")) this.pi();
      else if (before && !this.hasDoctype && this.at("<!DOCTYPE")) this.doctype();
      else return;
    }
  }

  private comment(): void {
    this.i += 4;
    const end = this.until("--");
    if (this.s[end + 2] !== ">") this.fail();
    this.i = end + 3;
  }

  private pi(): void {
    this.i += 2;
    if (this.name().toLowerCase() === "xml") this.fail();
    this.i = this.until("?>") + 2;
  }

  /** <!DOCTYPE name …[internal subset]>: skipped, minding quotes and brackets. */
  private doctype(): void {
    if (!this.allowDoctype) this.fail();
    this.i += 9;
    if (!this.space()) this.fail();
    this.name();
    this.hasDoctype = true;
    let depth = 0;
    for (; this.i < this.s.length; this.i++) {
      const c = this.s[this.i]!;
      if (c === '"' || c === "'") {
        this.i = this.s.indexOf(c, this.i + 1);
        if (this.i < 0) this.fail();
      } else if (c === "[") depth++;
      else if (c === "]") depth--;
      else if (c === ">" && depth === 0) {
        this.i++;
        return;
      }
    }
    this.fail();
  }

  /** An element and everything in it, without recursion (a deep document cannot overflow the stack). */
  private element(): string {
    if (!nameStart(this.s.charCodeAt(this.i + 1))) this.fail();
    const open: string[] = [];
    let root = "";
    do {
      if (this.at("</")) {
        this.i += 2;
        if (this.name() !== open.pop()) this.fail();
        this.space();
        this.expect(">");
      } else if (this.at("<!--")) this.comment();
      else if (this.at("<![CDATA[")) this.i = this.until("]]>") + 3;
      else if (this.at("<?")) this.pi();
      else if (this.at("<")) {
        this.i++;
        const name = this.name();
        if (!root) root = name;
        if (!this.attributes()) open.push(name);
      } else if (this.at("&")) this.reference();
      else if (this.at("]]>")) this.fail();
      else this.i++;
      if (this.i >= this.s.length && open.length) this.fail();
    } while (open.length);
    return root;
  }

  /** The attributes of a start tag; true when it closes itself (/>). */
  private attributes(): boolean {
    const seen = new Set<string>();
    for (;;) {
      const spaced = this.space();
      if (this.at("/>")) {
        this.i += 2;
        return true;
      }
      if (this.at(">")) {
        this.i++;
        return false;
      }
      if (!spaced) this.fail();
      const name = this.name();
      if (seen.has(name)) this.fail();
      seen.add(name);
      this.space();
      this.expect("=");
      this.space();
      const q = this.s[this.i];
      if (q !== '"' && q !== "'") this.fail();
      const end = this.s.indexOf(q, this.i + 1);
      if (end < 0) this.fail();
      for (this.i++; this.i < end;) {
        if (this.s[this.i] === "<") this.fail();
        if (this.s[this.i] === "&") this.reference();
        else this.i++;
      }
      this.i = end + 1;
    }
  }

  /** &name; (the five XML predefines, any name after a DOCTYPE), &#nn; or &#xhh;. */
  private reference(): void {
    this.i++;
    if (this.at("#")) {
      const m = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}));/.exec(this.s.slice(this.i, this.i + 10));
      if (!m) this.fail();
      const code = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
      const ok =
        code === 0x9 ||
        code === 0xa ||
        code === 0xd ||
        (code >= 0x20 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) && code !== 0xfffe && code !== 0xffff);
      if (!ok) this.fail();
      this.i += m[0].length;
      return;
    }
    const name = this.name();
    if (!PREDEFINED.has(name) && !this.hasDoctype) this.fail();
    this.expect(";");
  }
}

/** The node argument of an XML function: an XML value, or a string parsed as xmlParse would (Lucee casts one). */
function node(c: Parameters<typeof parseXml>[0], v: unknown, fn: string): XmlNode {
  if (v instanceof XmlNode) return v;
  if (typeof v === "string" && v.trimStart().startsWith("<")) return parseXml(c, v, false);
  throw argError(`${fn} expects an XML document or node, got ${typeName(v)}`);
}

const kind = (v: unknown, ...kinds: number[]) => v instanceof XmlNode && kinds.includes(xmlKind(v));

/**
 * Lucee's xml features ({secure, disallowDoctypeDecl, externalGeneralEntities}): a DOCTYPE is
 * read when disallowDoctypeDecl or secure is false. External entities stay refused whatever
 * they say (Quarry's safer rule: docs/language.md).
 */
function doctypeAllowed(features: Record<string, unknown> | null): boolean {
  if (features === null) return false;
  const off = (k: string) => {
    const key = Object.keys(features).find((f) => f.toLowerCase() === k.toLowerCase());
    return key !== undefined && !toBool(features[key], null);
  };
  return off("disallowDoctypeDecl") || off("secure");
}

const xml = category("XML", {
  xmlParse: [
    {
      params: "xml, [caseSensitive], [validator]",
      doc: "Parses XML text into a document: its root element is doc.xmlRoot (or doc.<rootName>), each element has xmlName, xmlText, xmlAttributes, xmlChildren, xmlParent, xmlNsURI and its child elements by name. Names match case-insensitively unless caseSensitive is true. A DOCTYPE is refused (QRY_ERR_XML), as Lucee 6.2 does, unless the third argument is a struct of Lucee's xml features with disallowDoctypeDecl (or secure) false; even then its DTD is never fetched and entity declarations are refused. The text is never read as a file name or URL; a validator is not supported.",
      example: `xmlParse("<list><item>a</item><item>b</item></list>").list.item[2].xmlText`,
      result: "b",
    },
    (c, x: unknown, cs?: unknown, validator?: unknown) => {
      const features = isStruct(validator) ? validator : null;
      if (features === null && validator !== undefined && validator !== null && str(validator).trim() !== "")
        throw argError("xmlParse: validating against a DTD or schema is not supported");
      if (x instanceof XmlNode) return x;
      return parseXml(c, str(x), cs !== undefined && toBool(cs, null), doctypeAllowed(features));
    },
  ],
  xmlNew: [
    {
      params: "[caseSensitive]",
      doc: 'A new, empty XML document; give it a root with doc.xmlRoot = xmlElemNew(doc, "name") (or a name).',
      example: "xmlGetNodeType(xmlNew())",
      result: "DOCUMENT_NODE",
    },
    (_c, cs?: unknown) => newXml(cs !== undefined && toBool(cs, null)),
  ],
  xmlElemNew: [
    {
      params: "doc, [namespace], name",
      min: 2,
      doc: "A new element of the document, not yet in it: add it with arrayAppend(parent.xmlChildren, el) or parent.name = el.",
      example: 'xmlElemNew(xmlNew(), "item").xmlName',
      result: "item",
    },
    (_c, d: unknown, a: unknown, b?: unknown) => {
      const x = node(null, d, "xmlElemNew");
      const [ns, name] = b === undefined || b === null || str(b) === "" ? [null, str(a)] : [str(a) || null, str(b)];
      if (name === "") throw argError("xmlElemNew: the element needs a name");
      return newElement(x, ns, name, null);
    },
  ],
  xmlSearch: [
    {
      params: "xml, xpath, [params]",
      doc: "Evaluates an XPath 1.0 expression against a document or node: an array of the nodes it selects, or its number, string or boolean. Prefixes the document declares (xmlns:p) can be used; params is a struct of $variables.",
      example: `arrayLen(xmlSearch(xmlParse("<a><b/><b/></a>"), "/a/b")) & " " & xmlSearch(xmlParse("<a n='4'/>"), "/a/@n * 2")`,
      result: "2 8",
    },
    (c, x: unknown, expr: unknown, params?: unknown) => {
      if (params !== undefined && params !== null && !isStruct(params))
        throw argError(`xmlSearch: params must be a struct, got ${typeName(params)}`);
      return xmlSearch(c, node(c, x, "xmlSearch"), str(expr), (params as Struct | undefined) ?? null, null);
    },
  ],
  xmlChildPos: [
    {
      params: "elem, childName, n",
      doc: "The 1-based position, among elem's child elements, of the n-th one named childName; -1 when there is none.",
      example: `xmlChildPos(xmlParse("<a><b/><c/><b/></a>").a, "b", 2)`,
      result: "3",
    },
    (_c, e: unknown, name: unknown, n: unknown) =>
      childPos(node(null, e, "xmlChildPos"), str(name), int(n, "position")),
  ],
  xmlGetNodeType: [
    {
      params: "node",
      doc: "The node's type: DOCUMENT_NODE, ELEMENT_NODE, ATTRIBUTE_NODE, TEXT_NODE, CDATA_SECTION_NODE, COMMENT_NODE…",
      example: 'xmlGetNodeType(xmlParse("<a/>").xmlRoot)',
      result: "ELEMENT_NODE",
    },
    (_c, n: unknown) => xmlNodeType(node(null, n, "xmlGetNodeType")),
  ],
  xmlTransform: [
    {
      params: "xml, xsl, [parameters]",
      doc: "Not supported: XSLT is refused with QRY_ERR_FUNCTION (there is no well-kept XSLT processor in JavaScript; XSLT can also read files and URLs).",
      example: "isXmlDoc(xmlNew())",
      result: "true",
    },
    () => {
      throw argError("xmlTransform: XSLT is not supported");
    },
  ],
  xmlValidate: [
    {
      params: "xml, [validator]",
      doc: "Not supported: validating against a DTD or XML Schema is refused with QRY_ERR_FUNCTION (a DTD or schema is never fetched).",
      example: "isXmlDoc(xmlNew())",
      result: "true",
    },
    () => {
      throw argError("xmlValidate: validating against a DTD or schema is not supported");
    },
  ],
  isXmlDoc: [
    { params: "value", doc: "true for an XML document.", example: 'isXmlDoc(xmlParse("<a/>"))', result: "true" },
    (_c, v: unknown) => kind(v, XML_KINDS.DOCUMENT),
  ],
  isXmlElem: [
    { params: "value", doc: "true for an XML element.", example: 'isXmlElem(xmlParse("<a/>").a)', result: "true" },
    (_c, v: unknown) => kind(v, XML_KINDS.ELEMENT),
  ],
  isXmlNode: [
    {
      params: "value",
      doc: "true for an XML node of any kind: a document, an element, an attribute, text…",
      example: 'isXmlNode(xmlParse("<a/>").a)',
      result: "true",
    },
    (_c, v: unknown) => v instanceof XmlNode,
  ],
  isXmlRoot: [
    {
      params: "value",
      doc: "true for the root element of its document.",
      example: 'isXmlRoot(xmlParse("<a><b/></a>").a) & " " & isXmlRoot(xmlParse("<a><b/></a>").a.b)',
      result: "true false",
    },
    (_c, v: unknown) => kind(v, XML_KINDS.ELEMENT) && (v as XmlNode).node.parentNode?.nodeType === XML_KINDS.DOCUMENT,
  ],
  isXmlAttribute: [
    {
      params: "value",
      doc: "true for an XML attribute node (as xmlSearch returns for @name).",
      example: `isXmlAttribute(xmlSearch("<a b='1'/>", "//@b")[1])`,
      result: "true",
    },
    (_c, v: unknown) => kind(v, XML_KINDS.ATTRIBUTE),
  ],
});

const types = category("types", {
  isXML: [
    {
      params: "value, [features]",
      doc: "true for an XML document or node, or a string holding a well-formed XML document (one root element, matching tags, quoted attributes, valid references). A string with a DOCTYPE is false, as xmlParse refuses it, unless features (as xmlParse's) has disallowDoctypeDecl or secure false.",
      example: 'isXML("<a><b x=\'1\'/></a>") & " " & isXML("<a><b></a>") & " " & isXML("<!DOCTYPE a><a/>")',
      result: "true false false",
    },
    (_c, v: unknown, f?: unknown) =>
      v instanceof XmlNode || (typeof v === "string" && xmlRoot(v, doctypeAllowed(isStruct(f) ? f : null)) !== null),
  ],
  isWDDX: [
    {
      params: "value",
      doc: "true when the value is a string holding a well-formed XML document whose root is a wddxPacket.",
      example: "isWDDX(\"<wddxPacket version='1.0'><header/><data><string>hi</string></data></wddxPacket>\")",
      result: "true",
    },
    (_c, v: unknown) => typeof v === "string" && xmlRoot(v.trim()) === "wddxPacket",
  ],
});

export default [...types, ...xml];
