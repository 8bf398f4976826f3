// XML values (CFML's xmlParse, xmlNew, xmlSearch, <dbt:xml>): a document parsed by
// @xmldom/xmldom, searched with the `xpath` package, and seen from templates as Lucee shows it
// (lucee.runtime.text.xml.XMLUtil getProperty/setProperty): a node's xmlName, xmlText,
// xmlAttributes, xmlChildren… and its child elements by name (`doc.root.item[2].xmlText`).
//
// A template reaches a node only through `xmlGet`/`xmlSet`, which answer a fixed set of
// CFML names and child element names: no JavaScript property of a node or of the library is
// ever looked up by a name a template wrote (so `__proto__`, `constructor`, `ownerDocument`
// reach nothing). Safer than Lucee: a string is never read as a file path or URL, no DTD or
// external entity is ever fetched, and a document that declares entities (<!ENTITY …>, the
// way to XXE and to "billion laughs") is refused (docs/language.md, "XML").
import type { Attr, Document, Element, Node as DomNode } from "@xmldom/xmldom";
import { createRequire } from "node:module";
import type { Loc } from "../parser/ast.js";
import { RuntimeError, codes } from "./errors.js";
import { isStruct, newStruct, toStr, typeName, type Struct } from "./values.js";
import { XmlValue } from "./xml-value.js";
import { hold, work, type Metered } from "./work.js";
import { isForbiddenKey } from "./keys.js";

/** The longest text xmlParse reads (UTF-16 code units): a page's XML, not a data dump. */
export const MAX_XML_CHARS = 8 * 1024 * 1024;
/** Deepest element nesting accepted: the serialiser and XPath recurse along it. */
export const MAX_XML_DEPTH = 512;

// The DOM and XPath libraries are loaded by the first page that uses XML, not by every server
// start (a worker of `quarry start` is ready sooner without them: issue 23).
type XmlDom = typeof import("@xmldom/xmldom");
let dom: XmlDom | null = null;
const xmldom = (): XmlDom => (dom ??= createRequire(import.meta.url)("@xmldom/xmldom") as XmlDom);

const ELEMENT = 1;
const ATTRIBUTE = 2;
const TEXT = 3;
const CDATA = 4;
const PI = 7;
const COMMENT = 8;
const DOCUMENT = 9;

const TYPE_NAMES: Record<number, string> = {
  1: "ELEMENT",
  2: "ATTRIBUTE",
  3: "TEXT",
  4: "CDATA_SECTION",
  5: "ENTITY_REFERENCE",
  6: "ENTITY",
  7: "PROCESSING_INSTRUCTION",
  8: "COMMENT",
  9: "DOCUMENT",
  10: "DOCUMENT_TYPE",
  11: "DOCUMENT_FRAGMENT",
  12: "NOTATION",
};

/**
 * A node of an XML document as a template holds it: the document, an element, an attribute,
 * text or a comment. `group` is set for `parent.name` that matched several elements (Lucee's
 * XMLMultiElementStruct): it reads as the first, `[n]` picks the n-th, arrayLen counts them.
 */
export class XmlNode extends XmlValue {
  constructor(
    readonly node: DomNode,
    readonly caseSensitive: boolean,
    readonly group: readonly Element[] | null = null,
  ) {
    super();
  }
  toText(): string {
    return xmlText(this);
  }
  /** JSON (serializeJSON, jsonEncode) writes a node as its XML text, as Lucee does. */
  toJSON(): string {
    return xmlText(this);
  }
}

export const isXmlNode = (v: unknown): v is XmlNode => v instanceof XmlNode;

/** Arrays that are a node's xmlChildren or xmlNodes: the array functions that change them change the document. */
const CHILD_VIEWS = new WeakMap<unknown[], { parent: DomNode; elementsOnly: boolean; caseSensitive: boolean }>();
/** Structs that are an element's xmlAttributes: a member set or deleted sets or removes the attribute. */
const ATTR_VIEWS = new WeakMap<Struct, Element>();

const xmlError = (message: string, loc: Loc | null = null) => new RuntimeError(codes.XML, message, loc);

// ---- parsing ----

interface ParseFailure {
  message: string;
  line: number | undefined;
  column: number | undefined;
}

/**
 * A document from XML text (Lucee's xmlParse): located parse errors, bounded. A DOCTYPE is refused unless `allowDoctype` (Lucee 6.2's default
 * disallowDoctypeDecl: xmlParse's options turn it off); an allowed one is never fetched, and a
 * DOCTYPE that declares entities is refused always (XXE, expansion without bound).
 */
export function parseXml(m: Metered | null, text: string, caseSensitive: boolean, allowDoctype = false): XmlNode {
  text = text.trim();
  if (text.length > MAX_XML_CHARS)
    throw xmlError(`The XML text is ${text.length} characters long, more than ${MAX_XML_CHARS}`);
  work(m, text.length);
  let failure: ParseFailure | null = null;
  let doc: Document;
  try {
    doc = new (xmldom().DOMParser)({
      onError: (level, message, builder: { locator?: { lineNumber?: number; columnNumber?: number } }) => {
        if (level === "warning") return;
        failure ??= { message, line: builder.locator?.lineNumber, column: builder.locator?.columnNumber };
        throw new Error(message);
      },
    }).parseFromString(text, "text/xml");
  } catch (err) {
    failure ??= { message: err instanceof Error ? err.message : String(err), line: undefined, column: undefined };
    // An entity a DOCTYPE declares is never expanded: say why rather than "entity not found".
    if (/<!ENTITY/.test(text)) throw entitiesRefused();
    const at = failure.line ? ` at line ${failure.line}${failure.column ? `, column ${failure.column}` : ""}` : "";
    throw xmlError(`The XML cannot be parsed${at}: ${failure.message}`);
  }
  if (doc.doctype && /<!ENTITY/.test(doc.doctype.internalSubset ?? "")) throw entitiesRefused();
  if (doc.doctype && !allowDoctype)
    throw xmlError(
      "The XML has a DOCTYPE, which is refused unless asked for, as Lucee does: xmlParse(text, false, {disallowDoctypeDecl: false}) reads it (its DTD is never fetched)",
    );
  const depth = deepest(doc);
  if (depth > MAX_XML_DEPTH) throw xmlError(`The XML nests elements ${depth} deep, more than ${MAX_XML_DEPTH}`);
  // The DOM holds several times the text's size (nodes, names, positions).
  hold(m, text.length * 4);
  return new XmlNode(doc, caseSensitive);
}

const entitiesRefused = () =>
  xmlError(
    "The XML declares entities (<!ENTITY …> in its DOCTYPE), which Quarry refuses: they can read files or URLs (XXE) or expand without bound",
  );

/** How deeply elements nest, walked without recursion. */
function deepest(doc: Document): number {
  let max = 0;
  const stack: [DomNode, number][] = [[doc, 0]];
  while (stack.length > 0) {
    const [n, d] = stack.pop()!;
    if (d > max) max = d;
    if (d > MAX_XML_DEPTH) return d;
    for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT) stack.push([c, d + 1]);
  }
  return max;
}

/** An empty document (xmlNew). */
export function newXml(caseSensitive: boolean): XmlNode {
  return new XmlNode(new (xmldom().DOMImplementation)().createDocument(null, ""), caseSensitive);
}

// ---- names ----

const docOf = (n: DomNode): Document => (n.nodeType === DOCUMENT ? (n as Document) : n.ownerDocument!);

function nameEqual(n: DomNode, name: string, cs: boolean): boolean {
  const local = (n as Element).localName ?? null;
  if (cs) return n.nodeName === name || local === name;
  const l = name.toLowerCase();
  return n.nodeName.toLowerCase() === l || (local !== null && local.toLowerCase() === l);
}

function childElements(n: DomNode): Element[] {
  const out: Element[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT) out.push(c as Element);
  return out;
}

const wrap = (n: DomNode, cs: boolean) => new XmlNode(n, cs);

/** The keys a struct function sees on a node (Lucee's XMLNodeStruct.keys): its child elements' names, repeats included. */
export function xmlKeys(x: XmlNode): string[] {
  const n = x.node.nodeType === DOCUMENT ? (x.node as Document).documentElement : x.node;
  if (x.node.nodeType === DOCUMENT) return n ? [n.nodeName] : [];
  return n ? childElements(n).map((e) => e.nodeName) : [];
}

/** The elements `x` stands for as an array (arrayLen, a loop over it): a group's, else the one. */
export function xmlElements(x: XmlNode): XmlNode[] {
  return x.group ? x.group.map((e) => wrap(e, x.caseSensitive)) : [x];
}

export const xmlIsElement = (x: XmlNode): boolean => x.node.nodeType === ELEMENT;

/** Is `x` a document or element (a struct to CFML's isStruct)? */
export const xmlIsStructLike = (x: XmlNode): boolean => x.node.nodeType === ELEMENT || x.node.nodeType === DOCUMENT;

// ---- reading ----

function undefinedOnDocument(key: string, n: DomNode, loc: Loc | null): void {
  if (n.nodeType === DOCUMENT)
    throw new RuntimeError(
      codes.UNDEFINED,
      `The document has no ${key}: read it from its root element (doc.xmlRoot.${key})`,
      loc,
    );
}

function textOf(n: DomNode): string {
  if (n.nodeType === TEXT || n.nodeType === CDATA) return (n as unknown as { data: string }).data;
  let s = "";
  for (let c = n.firstChild; c; c = c.nextSibling)
    if (c.nodeType === TEXT || c.nodeType === CDATA) s += (c as unknown as { data: string }).data;
  return s;
}

/** `node.key` (and `node[key]`) as Lucee reads it. */
export function xmlGet(m: Metered | null, x: XmlNode, key: string, loc: Loc | null): unknown {
  if (isForbiddenKey(key)) throw new RuntimeError(codes.FORBIDDEN, `Access to "${key}" is not allowed`, loc);
  const n = x.node;
  const cs = x.caseSensitive;
  const lower = key.toLowerCase();
  if (lower.startsWith("xml")) {
    const v = xmlProperty(m, x, key, lower, loc);
    if (v !== NOT_A_PROPERTY) return v;
  }
  if (n.nodeType === DOCUMENT) {
    const root = (n as Document).documentElement;
    if (root && nameEqual(root, key, cs)) return wrap(root, cs);
  } else if (n.nodeType === ELEMENT && /^\d+$/.test(key)) {
    // `item[2]`: the second element of that name among the siblings (or of the group).
    const i = Number(key);
    const same =
      x.group ??
      (n.parentNode ? childElements(n.parentNode).filter((e) => nameEqual(e, n.nodeName, cs)) : [n as Element]);
    if (i >= 1 && i <= same.length) return wrap(same[i - 1]!, cs);
    throw new RuntimeError(
      codes.UNDEFINED,
      `Index ${i} is out of range: there ${same.length === 1 ? "is 1 element" : `are ${same.length} elements`} named "${n.nodeName}"`,
      loc,
    );
  } else if (n.nodeType === ELEMENT) {
    const found = childElements(n).filter((e) => nameEqual(e, key, cs));
    work(m, found.length);
    if (found.length === 1) return wrap(found[0]!, cs);
    if (found.length > 1) return new XmlNode(found[0]!, cs, found);
  }
  throw new RuntimeError(codes.UNDEFINED, `Element "${key}" is undefined in the XML ${typeLabel(n)}`, loc);
}

/** What xmlProperty answers for a key of no property (`xmlFoo`): then it names a child element. */
const NOT_A_PROPERTY = Symbol("not a property");

/** `n.xmlName`, `n.xmlChildren` …: the node's property of that name (lower-cased), else NOT_A_PROPERTY. */
function xmlProperty(m: Metered | null, x: XmlNode, key: string, lower: string, loc: Loc | null): unknown {
  const n = x.node;
  const cs = x.caseSensitive;
  switch (lower) {
    case "xmlcomment": {
      let s = "";
      for (let c = n.firstChild; c; c = c.nextSibling)
        if (c.nodeType === COMMENT) s += (c as unknown as { data: string }).data;
      return s;
    }
    case "xmlnsuri":
      undefinedOnDocument(key, n, loc);
      return n.namespaceURI ?? "";
    case "xmlnsprefix":
      undefinedOnDocument(key, n, loc);
      return n.prefix ?? "";
    case "xmlroot": {
      const root = docOf(n).documentElement;
      if (!root) throw new RuntimeError(codes.UNDEFINED, "The XML document has no root element", loc);
      return wrap(root, cs);
    }
    case "xmlparent": {
      const p = n.nodeType === ATTRIBUTE ? (n as Attr).ownerElement : n.parentNode;
      if (!p) throw new RuntimeError(codes.UNDEFINED, `The XML ${typeLabel(n)} has no parent`, loc);
      return wrap(p, cs);
    }
    case "xmlname":
      return n.nodeName;
    case "xmlvalue":
      return n.nodeValue ?? "";
    case "xmltype":
      return TYPE_NAMES[n.nodeType] ?? "UNKNOW";
    case "xmlattributes": {
      if (n.nodeType !== ELEMENT) {
        undefinedOnDocument(key, n, loc);
        throw new RuntimeError(codes.UNDEFINED, `An XML ${typeLabel(n)} has no xmlAttributes`, loc);
      }
      const el = n as Element;
      const s = newStruct();
      for (let i = 0; i < el.attributes.length; i++) {
        const a = el.attributes.item(i)!;
        s[a.name] = a.value;
      }
      work(m, el.attributes.length);
      ATTR_VIEWS.set(s, el);
      return s;
    }
    case "xmltext":
    case "xmlcdata":
      undefinedOnDocument(key, n, loc);
      return textOf(n);
    case "xmlchildren":
    case "xmlnodes": {
      const elementsOnly = lower === "xmlchildren";
      const a: unknown[] = [];
      for (let c = n.firstChild; c; c = c.nextSibling) if (!elementsOnly || c.nodeType === ELEMENT) a.push(wrap(c, cs));
      work(m, a.length);
      CHILD_VIEWS.set(a, { parent: n, elementsOnly, caseSensitive: cs });
      return a;
    }
  }
  return NOT_A_PROPERTY;
}

/** Does `node.key` read something (structKeyExists, isDefined)? */
export function xmlHas(x: XmlNode, key: string): boolean {
  try {
    xmlGet(null, x, key, null);
    return true;
  } catch {
    return false;
  }
}

function typeLabel(n: DomNode): string {
  if (n.nodeType === ELEMENT) return `element "${n.nodeName}"`;
  return (TYPE_NAMES[n.nodeType] ?? "node").toLowerCase().replace(/_/g, " ");
}

// ---- writing ----

/** A value as a node of `doc`: a node (imported when it is another document's), or a string as a new element of that name. */
function toNode(doc: Document, v: unknown, loc: Loc | null): DomNode {
  if (v instanceof XmlNode) {
    if (v.node.nodeType === DOCUMENT) {
      const root = (v.node as Document).documentElement;
      if (!root) throw xmlError("An empty XML document cannot be added to another", loc);
      return root.ownerDocument === doc ? root : doc.importNode(root, true);
    }
    return v.node.ownerDocument === doc ? v.node : doc.importNode(v.node, true);
  }
  const name = toStr(v, loc);
  return doc.createElement(name === "" ? "Empty" : checkName(name, loc));
}

function checkName(name: string, loc: Loc | null): string {
  if (
    !/^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*)?$/.test(
      name,
    )
  )
    throw xmlError(`${JSON.stringify(name)} is not an XML name`, loc);
  return name;
}

function removeChildren(n: DomNode, keep: (c: DomNode) => boolean): void {
  for (let c = n.firstChild; c;) {
    const next = c.nextSibling;
    if (!keep(c)) n.removeChild(c);
    c = next;
  }
}

function appendChecked(parent: DomNode, child: DomNode, loc: Loc | null): void {
  for (let p: DomNode | null = parent; p; p = p.parentNode)
    if (p === child) throw xmlError("An XML node cannot be added inside itself", loc);
  try {
    parent.appendChild(child);
  } catch (err) {
    throw xmlError(`The XML node cannot be added there: ${err instanceof Error ? err.message : String(err)}`, loc);
  }
}

/** `node.key = value` as Lucee writes it (XMLUtil.setProperty). */
export function xmlSet(m: Metered | null, x: XmlNode, key: string, value: unknown, loc: Loc | null): void {
  if (isForbiddenKey(key)) throw new RuntimeError(codes.FORBIDDEN, `Access to "${key}" is not allowed`, loc);
  const n = x.node;
  const doc = docOf(n);
  const lower = key.toLowerCase();
  const str = () => {
    const s = toStr(value, loc);
    hold(m, s.length);
    return s;
  };
  switch (lower) {
    case "xmlcomment":
      removeChildren(n, (c) => c.nodeType !== COMMENT);
      appendChecked(n, doc.createComment(str()), loc);
      return;
    case "xmlnsuri":
    case "xmlnsprefix":
    case "xmlname":
    case "xmltype":
    case "xmlparent":
      throw xmlError(`The ${key} of an XML node cannot be set`, loc);
    case "xmlroot": {
      if (n.nodeType !== DOCUMENT) throw xmlError("xmlRoot can be set on a document only", loc);
      const root = toNode(doc, value, loc);
      if (root.nodeType !== ELEMENT) throw xmlError("The root of an XML document must be an element", loc);
      const old = doc.documentElement;
      if (old) doc.replaceChild(root, old);
      else appendChecked(doc, root, loc);
      return;
    }
    case "xmlvalue": {
      if (n.nodeType === ELEMENT || n.nodeType === DOCUMENT)
        throw xmlError(`The ${key} of an XML ${typeLabel(n)} cannot be set`, loc);
      const v = str();
      if (n.nodeType === ATTRIBUTE) (n as Attr).ownerElement?.setAttribute((n as Attr).name, v);
      else (n as unknown as { data: string }).data = v;
      n.nodeValue = v;
      return;
    }
    case "xmlattributes": {
      if (n.nodeType !== ELEMENT) throw xmlError(`An XML ${typeLabel(n)} has no xmlAttributes`, loc);
      if (!isStruct(value)) throw xmlError(`xmlAttributes must be set to a struct, got ${typeName(value)}`, loc);
      for (const k of Object.keys(value)) setAttribute(m, n as Element, k, value[k], loc);
      return;
    }
    case "xmltext":
    case "xmlcdata": {
      if (n.nodeType !== ELEMENT) throw xmlError(`The ${key} of an XML ${typeLabel(n)} cannot be set`, loc);
      removeChildren(n, (c) => c.nodeType !== TEXT && c.nodeType !== CDATA);
      const s = str();
      appendChecked(n, lower === "xmltext" ? doc.createTextNode(s) : doc.createCDATASection(s), loc);
      return;
    }
    case "xmlchildren":
    case "xmlnodes": {
      if (!Array.isArray(value))
        throw xmlError(`${key} must be set to an array of XML nodes, got ${typeName(value)}`, loc);
      const nodes = value.map((v) => toNode(doc, v, loc));
      removeChildren(n, (c) => lower === "xmlchildren" && c.nodeType !== ELEMENT);
      for (const c of nodes) appendChecked(n, c, loc);
      return;
    }
  }
  setChild(m, x, key, value, loc);
}

/** `n.child = node`, `n.item[2] = node`: the child element of that name (or that index among its like) set or added. */
function setChild(m: Metered | null, x: XmlNode, key: string, value: unknown, loc: Loc | null): void {
  const n = x.node;
  const doc = docOf(n);
  if (n.nodeType !== ELEMENT && n.nodeType !== DOCUMENT)
    throw xmlError(`Cannot set "${key}" on an XML ${typeLabel(n)}`, loc);
  const child = toNode(doc, value, loc);
  const isIndex = /^\d+$/.test(key);
  if (!isIndex && !nameEqual(child, key, x.caseSensitive))
    throw xmlError(`An XML element set as "${key}" must have that name, not "${child.nodeName}"`, loc);
  if (isIndex) {
    const same =
      x.group ??
      (n.parentNode ? childElements(n.parentNode).filter((e) => nameEqual(e, n.nodeName, x.caseSensitive)) : []);
    const i = Number(key);
    if (i >= 1 && i <= same.length) same[i - 1]!.parentNode!.replaceChild(child, same[i - 1]!);
    else if (i === same.length + 1 && n.parentNode) appendChecked(n.parentNode, child, loc);
    else throw xmlError(`Index ${i} is out of range 1..${same.length + 1}`, loc);
    return;
  }
  if (n.nodeType === DOCUMENT) {
    xmlSet(m, x, "xmlRoot", value, loc);
    return;
  }
  const old = childElements(n).find((e) => nameEqual(e, key, x.caseSensitive));
  if (old) n.replaceChild(child, old);
  else appendChecked(n, child, loc);
}

function setAttribute(m: Metered | null, el: Element, name: string, v: unknown, loc: Loc | null): void {
  const s = toStr(v, loc);
  hold(m, s.length);
  // An attribute already there in another case keeps its spelling (CFML's names are case-insensitive).
  const existing = Array.from({ length: el.attributes.length }, (_, i) => el.attributes.item(i)!.name).find(
    (a) => a.toLowerCase() === name.toLowerCase(),
  );
  el.setAttribute(existing ?? checkName(name, loc), s);
}

/** A struct member written through assignment: when the struct is an xmlAttributes view, the attribute too. */
export function attrViewSet(m: Metered | null, s: Struct, key: string, value: unknown, loc: Loc | null): void {
  const el = ATTR_VIEWS.get(s);
  if (el) setAttribute(m, el, key, value, loc);
}

/** structDelete on an xmlAttributes view removes the attribute. */
export function attrViewDelete(s: Struct, key: string): void {
  const el = ATTR_VIEWS.get(s);
  if (!el) return;
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (a.name.toLowerCase() === key.toLowerCase()) {
      el.removeAttribute(a.name);
      return;
    }
  }
}

export const isChildView = (a: unknown[]): boolean => CHILD_VIEWS.has(a);

/**
 * An array function's change to an xmlChildren or xmlNodes array, made in the document too:
 * `at` is the 0-based position an element is inserted at (arrayAppend, arrayPrepend,
 * arrayInsertAt) or, with `remove`, removed from (arrayDeleteAt); the array itself is changed
 * by the caller. The value inserted is returned as the node the array should hold.
 */
export function childViewInsert(a: unknown[], at: number, value: unknown, loc: Loc | null): unknown {
  const view = CHILD_VIEWS.get(a);
  if (!view) return value;
  const doc = docOf(view.parent);
  const node = toNode(doc, value, loc);
  const before = a[at];
  if (before instanceof XmlNode && before.node.parentNode === view.parent) {
    for (let p: DomNode | null = view.parent; p; p = p.parentNode)
      if (p === node) throw xmlError("An XML node cannot be added inside itself", loc);
    view.parent.insertBefore(node, before.node);
  } else appendChecked(view.parent, node, loc);
  return wrap(node, view.caseSensitive);
}

export function childViewRemove(a: unknown[], at: number): void {
  if (!CHILD_VIEWS.has(a)) return;
  const x = a[at];
  if (x instanceof XmlNode && x.node.parentNode) x.node.parentNode.removeChild(x.node);
}

export function childViewClear(a: unknown[]): void {
  const view = CHILD_VIEWS.get(a);
  if (view) removeChildren(view.parent, (c) => view.elementsOnly && c.nodeType !== ELEMENT);
}

/** `xmlChildren[i] = el`: replaces that child in the document. */
export function childViewSet(a: unknown[], i: number, value: unknown, loc: Loc | null): unknown {
  const view = CHILD_VIEWS.get(a);
  if (!view) return value;
  const old = a[i];
  if (old instanceof XmlNode && old.node.parentNode === view.parent) {
    const node = toNode(docOf(view.parent), value, loc);
    view.parent.replaceChild(node, old.node);
    return wrap(node, view.caseSensitive);
  }
  return childViewInsert(a, a.length, value, loc);
}

// ---- new nodes ----

/** xmlElemNew(doc, [namespace], name). */
export function newElement(x: XmlNode, ns: string | null, name: string, loc: Loc | null): XmlNode {
  const doc = docOf(x.node);
  let el: Element;
  if (ns) el = doc.createElementNS(ns, checkName(name, loc));
  else if (name.includes(":")) {
    const prefix = name.slice(0, name.indexOf(":"));
    const uri = doc.documentElement?.getAttribute(`xmlns:${prefix}`) ?? "";
    el = uri ? doc.createElementNS(uri, checkName(name, loc)) : doc.createElement(checkName(name, loc));
  } else el = doc.createElement(checkName(name, loc));
  return new XmlNode(el, false);
}

// ---- text ----

let serializerMade: InstanceType<XmlDom["XMLSerializer"]> | null = null;
const serializer = () => (serializerMade ??= new (xmldom().XMLSerializer)());

/**
 * A node as text (toString, output), as Lucee's XMLCaster.toString writes it: an XML
 * declaration, then the node; an attribute is its value.
 */
export function xmlText(x: XmlNode): string {
  const n = x.node;
  if (n.nodeType === ATTRIBUTE) return (n as Attr).value;
  if (n.nodeType === DOCUMENT) {
    let body = "";
    for (let c = n.firstChild; c; c = c.nextSibling) {
      // The text's own declaration is written anew.
      if (c.nodeType === PI && c.nodeName === "xml") continue;
      body += serializer().serializeToString(c);
    }
    return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${body}`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>${serializer().serializeToString(n)}`;
}

/** xmlGetNodeType: Lucee's names with _NODE. */
export const xmlNodeType = (x: XmlNode): string => `${TYPE_NAMES[x.node.nodeType] ?? "UNKNOW"}_NODE`;

export const xmlKind = (x: XmlNode): number => x.node.nodeType;
export const XML_KINDS = { ELEMENT, ATTRIBUTE, TEXT, CDATA, COMMENT, DOCUMENT } as const;

/** xmlChildPos(elem, name, n): the 1-based position among elem's child elements of the n-th named `name`, or -1. */
export function childPos(x: XmlNode, name: string, n: number): number {
  let count = 1;
  const kids = childElements(x.node);
  for (let i = 0; i < kids.length; i++) if (nameEqual(kids[i]!, name, x.caseSensitive) && count++ === n) return i + 1;
  return -1;
}

// ---- XPath ----

interface XResult {
  toArray?: () => DomNode[];
  numberValue(): number;
  stringValue(): string;
  booleanValue(): boolean;
}
interface XPathLib {
  parse(expr: string): { evaluate(options: object): XResult };
  XNodeSet: new (...a: never[]) => XResult;
  XNumber: new (...a: never[]) => XResult;
  XBoolean: new (...a: never[]) => XResult;
  XString: new (...a: never[]) => XResult;
  PathExpr: { applyStep: (step: unknown, xpc: unknown, node: unknown) => unknown[] };
}
// The page an XPath evaluation counts its steps against (evaluation is synchronous, so one at a
// time): each location step applied to a node counts the nodes it yields, so an expression
// that walks the document over and over (`//*[count(//*) > 0]`) stops at the page's time limit.
let meter: Metered | null = null;
let xpLib: XPathLib | null = null;
/** The xpath package, loaded by the first search (untyped: its declarations pull in the browser's DOM types for the whole build). */
function xpath(): XPathLib {
  if (xpLib) return xpLib;
  const xp = createRequire(import.meta.url)("xpath") as XPathLib;
  const applyStep = xp.PathExpr.applyStep;
  xp.PathExpr.applyStep = (step, xpc, node) => {
    const r = applyStep(step, xpc, node);
    work(meter, 1 + r.length);
    return r;
  };
  return (xpLib = xp);
}

/** Every `xmlns:prefix` the document declares, first one wins (Lucee's UniversalNamespaceResolver). */
function namespaces(m: Metered | null, doc: Document): Map<string, string> {
  const map = new Map<string, string>();
  const stack: DomNode[] = doc.documentElement ? [doc.documentElement] : [];
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    work(m, 1);
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes.item(i)!;
      if (a.prefix === "xmlns" && !map.has(a.localName!)) map.set(a.localName!, a.value);
    }
    for (let c = el.lastChild; c; c = c.previousSibling) if (c.nodeType === ELEMENT) stack.push(c);
  }
  return map;
}

/** xmlSearch: the nodes an XPath selects, or its number, string or boolean. */
export function xmlSearch(
  m: Metered | null,
  x: XmlNode,
  expr: string,
  params: Struct | null,
  loc: Loc | null,
): unknown {
  if (expr.endsWith("/")) expr = expr.slice(0, -1);
  const xp = xpath();
  let parsed: ReturnType<XPathLib["parse"]>;
  try {
    parsed = xp.parse(expr);
  } catch (err) {
    throw xmlError(
      `The XPath ${JSON.stringify(expr)} is not valid: ${err instanceof Error ? err.message : String(err)}`,
      loc,
    );
  }
  const ns = namespaces(m, docOf(x.node));
  const vars = newStruct();
  if (params) for (const k of Object.keys(params)) vars[k] = toStr(params[k], loc);
  let r: XResult;
  meter = m;
  try {
    r = parsed.evaluate({
      node: x.node,
      namespaces: (prefix: string) => ns.get(prefix) ?? null,
      variables: (name: string) => vars[name],
    });
  } catch (err) {
    if (err instanceof RuntimeError) throw err;
    throw xmlError(
      `The XPath ${JSON.stringify(expr)} failed: ${err instanceof Error ? err.message : String(err)}`,
      loc,
    );
  } finally {
    meter = null;
  }
  const is = (c: XPathLib["XNumber"]) => (r as object) instanceof c;
  if (is(xp.XNumber)) return r.numberValue();
  if (is(xp.XBoolean)) return r.booleanValue();
  if (is(xp.XString)) return r.stringValue();
  const nodes: DomNode[] = r.toArray?.() ?? [];
  return nodes.map((n) => wrap(n, x.caseSensitive));
}
