// XML values (engine/xml.ts): the bounds a parsed document keeps (size, depth, the page's
// memory budget), what a DOCTYPE may and may not do, and how a node prints, serialises and
// dumps — in both modes. What templates read and write is in the fixtures xml-*.
import { describe, expect, it } from "vitest";
import { render, renderError } from "./helpers.js";
import { MAX_XML_CHARS, MAX_XML_DEPTH } from "../engine/xml.js";

const at = (e: { code: string; message: string; loc: { line: number; column: number } | null }) => ({
  code: e.code,
  message: e.message,
  at: `${e.loc?.line}:${e.loc?.column}`,
});

describe("XML values", () => {
  it("refuses XML text longer than MAX_XML_CHARS, at the call", async () => {
    const n = Math.ceil(MAX_XML_CHARS / 4096);
    const e = await renderError(
      `<dbt:set x = 1>\n<dbt:set doc = xmlParse("<r>" & repeatString(repeatString("<a/>", 1024), ${n}) & "</r>")>`,
    );
    expect(at(e)).toEqual({
      code: "QRY_ERR_XML",
      message: `The XML text is ${n * 4096 + 7} characters long, more than ${MAX_XML_CHARS}`,
      at: "2:16",
    });
  });

  it("refuses elements nested deeper than MAX_XML_DEPTH", async () => {
    const d = MAX_XML_DEPTH + 1;
    const e = await renderError(`<dbt:set doc = xmlParse(repeatString("<a>", ${d}) & repeatString("</a>", ${d}))>`);
    expect(at(e)).toEqual({
      code: "QRY_ERR_XML",
      message: `The XML nests elements ${d} deep, more than ${MAX_XML_DEPTH}`,
      at: "1:16",
    });
    // One level less is a document.
    expect(
      await render(
        `<dbt:output>#xmlParse(repeatString("<a>", ${d - 1}) & repeatString("</a>", ${d - 1})).xmlRoot.xmlName#</dbt:output>`,
      ),
    ).toBe("a");
  });

  it("counts a parsed document against the page's memory budget (four bytes a character)", async () => {
    const e = await renderError(
      `<dbt:set doc = xmlParse("<r>" & repeatString("<a/>", 70000) & "</r>")>`,
      {},
      {},
      { maxPageBytes: 1024 * 1024 },
    );
    expect(e.code).toBe("QRY_ERR_MEMORY_LIMIT");
    expect(`${e.loc?.line}:${e.loc?.column}`).toBe("1:16");
    // 60,000 characters (240,000 bytes) fit.
    expect(
      await render(`<dbt:output>#arrayLen(xmlParse("<r>" & repeatString("<a/>", 15000) & "</r>").r.a)#</dbt:output>`),
    ).toBe("15000");
  });

  it("refuses a DOCTYPE unless asked (Lucee 6.2's disallowDoctypeDecl), and isXML says false", async () => {
    const e = await renderError(
      `<dbt:set doc = xmlParse('<?xml version="1.0" encoding="ISO-8859-1"?><!DOCTYPE m PUBLIC "-//H//EN" "http://192.0.2.1/m.dtd"><m></m>')>`,
    );
    expect([e.code, e.message]).toEqual([
      "QRY_ERR_XML",
      "The XML has a DOCTYPE, which is refused unless asked for, as Lucee does: xmlParse(text, false, {disallowDoctypeDecl: false}) reads it (its DTD is never fetched)",
    ]);
    expect(
      await render(
        `<dbt:output>#isXML('<!DOCTYPE m><m/>')# #isXML('<!DOCTYPE m><m/>', {disallowDoctypeDecl: false})# #isXML('<!DOCTYPE m><m/>', {secure: false})# #isXML('<!DOCTYPE m><m/>', {secure: true})#</dbt:output>`,
      ),
    ).toBe("false true true false");
  });

  it("keeps an allowed DOCTYPE without entities and never fetches its DTD", async () => {
    const page = `<dbt:set doc = xmlParse('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://192.0.2.1/xhtml1-strict.dtd"><html><p>&amp;&##233;</p></html>', false, {disallowDoctypeDecl: false})>
<dbt:output>#doc.html.p.xmlText#|#toString(doc)#</dbt:output>`;
    expect(await render(page)).toBe(
      "&amp;é|&lt;?xml version=&quot;1.0&quot; encoding=&quot;UTF-8&quot; standalone=&quot;no&quot;?&gt;&lt;!DOCTYPE html PUBLIC &quot;-//W3C//DTD XHTML 1.0 Strict//EN&quot; &quot;http://192.0.2.1/xhtml1-strict.dtd&quot;&gt;&lt;html&gt;&lt;p&gt;&amp;amp;é&lt;/p&gt;&lt;/html&gt;",
    );
    // An entity the DTD would define is not known.
    const e = await renderError(
      `<dbt:set doc = xmlParse('<!DOCTYPE html SYSTEM "http://192.0.2.1/x.dtd"><html>&nbsp;</html>', false, {secure: false})>`,
    );
    expect(e.code).toBe("QRY_ERR_XML");
    expect(e.message).toMatch(/^The XML cannot be parsed at line 1, column \d+: entity not found:&nbsp;$/);
  });

  it("prints, serialises and dumps a node as its XML text", async () => {
    const page = `<dbt:set doc = xmlParse("<a><b n='1'>x &amp; y</b></a>")>
<dbt:output>#doc.a.b#|#serializeJSON(doc.a.b)#|#serializeJSON({k: doc.a.b.xmlAttributes})#|#jsonEncode([doc.a.b])#</dbt:output>
<dbt:dump var="#doc.a.b#">`;
    expect(await render(page)).toBe(
      `&lt;?xml version=&quot;1.0&quot; encoding=&quot;UTF-8&quot;?&gt;&lt;b n=&quot;1&quot;&gt;x &amp;amp; y&lt;/b&gt;|&quot;&lt;?xml version=\\&quot;1.0\\&quot; encoding=\\&quot;UTF-8\\&quot;?&gt;&lt;b n=\\&quot;1\\&quot;&gt;x &amp;amp; y&lt;\\/b&gt;&quot;|{&quot;k&quot;:{&quot;n&quot;:&quot;1&quot;}}|[&quot;&lt;?xml version=\\&quot;1.0\\&quot; encoding=\\&quot;UTF-8\\&quot;?&gt;&lt;b n=\\&quot;1\\&quot;&gt;x &amp;amp; y&lt;/b&gt;&quot;]\n<div class="dbt-dump-block"><span class="dbt-dump-xml">&lt;?xml version=&quot;1.0&quot; encoding=&quot;UTF-8&quot;?&gt;&lt;b n=&quot;1&quot;&gt;x &amp;amp; y&lt;/b&gt;</span></div>`,
    );
  });

  it("refuses prototype keys when a node is written to", async () => {
    const e = await renderError(`<dbt:set doc = xmlParse("<a/>")><dbt:set k = "__proto__"><dbt:set doc.a[k] = 1>`);
    expect(at(e)).toEqual({ code: "QRY_ERR_FORBIDDEN", message: 'Access to "__proto__" is not allowed', at: "1:58" });
  });

  it("says that XSLT and validation are not supported", async () => {
    const t = await renderError(`<dbt:set x = xmlTransform("<a/>", "<xsl:stylesheet/>")>`);
    expect(at(t)).toEqual({ code: "QRY_ERR_FUNCTION", message: "xmlTransform: XSLT is not supported", at: "1:14" });
    const v = await renderError(`<dbt:set x = xmlParse("<a/>", false, "schema.xsd")>`);
    expect(at(v)).toEqual({
      code: "QRY_ERR_FUNCTION",
      message: "xmlParse: validating against a DTD or schema is not supported",
      at: "1:14",
    });
  });
});
