/**
 * An XML document or node (engine/xml.ts XmlNode, which holds the parser's DOM), declared in a
 * module of its own so that engine/values.ts converts one without loading the XML library
 * (and without an import cycle through the function library).
 */
export abstract class XmlValue {
  /** The node as XML text, as toString and output show it. */
  abstract toText(): string;
}
