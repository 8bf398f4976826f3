// Uploaded files in a page, both modes over HTTP: fileReadBinary and fileGetMimeType read the
// files of this request's upload and no other path, a bytea column takes the bytes and gives
// them back, and dbt:content variable answers with them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { database, startServer, type Server } from "./http.js";

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0,
]);

const FILES = {
  "quarry.config.json": JSON.stringify({ csrf: { enabled: false } }),
  "read.dbt": `<dbt:set b = fileReadBinary(form.f)><dbt:output>#len(b)# #binaryEncode(b, "hex")# #fileGetMimeType(form.f)# #fileGetMimeType(form.f.tempFile)#</dbt:output>`,
  "forged.dbt": `<dbt:try><dbt:set b = fileReadBinary(form.path)><dbt:catch><dbt:output>#error.message#</dbt:output></dbt:catch></dbt:try>`,
  "forged-struct.dbt": `<dbt:try><dbt:set b = fileGetMimeType({tempFile: form.path})><dbt:catch><dbt:output>#error.message#</dbt:output></dbt:catch></dbt:try>`,
  "store.dbt": `<dbt:query name="r">INSERT INTO blob (data) VALUES (#fileReadBinary(form.f)#) RETURNING id</dbt:query><dbt:output>#r.id#</dbt:output>`,
  "send.dbt": `before<dbt:query name="r">SELECT data FROM blob WHERE id = #url.id#</dbt:query><dbt:content type="image/png" variable="#r.data#">after`,
  "text.dbt": `<dbt:try><dbt:content type="text/plain" variable="#url.x#"><dbt:catch><dbt:output>#error.code# #error.message#</dbt:output></dbt:catch></dbt:try>`,
  "path.dbt": `<dbt:output>#form.f.tempFile#</dbt:output>`,
};

const types = (m: string) => [m, m];

describe.each(["interpreted", "compiled"] as const)("uploads in a page (%s)", (mode) => {
  let s: Server;
  let old: string;
  beforeAll(async () => {
    const url = await createDatabase([], "uploads");
    const { sql } = await import("./db.js");
    await sql(url, "CREATE TABLE blob (id serial PRIMARY KEY, data bytea NOT NULL)");
    s = await startServer({ root: site(FILES), mode, database: database(url) });
    // A path of an earlier request's upload (removed once that page ran).
    const fd = new FormData();
    fd.append("f", new Blob([PNG]), "a.png");
    const res = await fetch(`${s.base}/path`, { method: "POST", body: fd });
    old = await res.text();
  });
  afterAll(() => s.close());

  const upload = (page: string, bytes: Uint8Array, extra: Record<string, string> = {}) => {
    const fd = new FormData();
    fd.append("f", new Blob([bytes], { type: "text/plain" }), "../../etc/passwd");
    for (const [k, v] of Object.entries(extra)) fd.append(k, v);
    return fetch(`${s.base}/${page}`, { method: "POST", body: fd });
  };

  it("reads the uploaded bytes and their media type from the content, whatever the browser said", async () => {
    expect(await (await upload("read", PNG)).text()).toBe(
      `18 89504E470D0A1A0A0000000D49484452FF00 ${types("image/png").join(" ")}`,
    );
    for (const [bytes, type] of [
      [[0xff, 0xd8, 0xff, 0xe0], "image/jpeg"],
      [[...Buffer.from("GIF89a")], "image/gif"],
      [[...Buffer.from("RIFF\x10\0\0\0WEBPVP8 ")], "image/webp"],
      [[...Buffer.from("%PDF-1.7\n")], "application/pdf"],
      [[...Buffer.from("<svg onload=alert(1)>")], "application/octet-stream"],
      [[...Buffer.from("RIFF\x10\0\0\0WAVE")], "application/octet-stream"],
      [[], "application/octet-stream"],
    ] as const) {
      const body = await (await upload("read", Uint8Array.from(bytes))).text();
      expect(body.split(" ").slice(2)).toEqual(types(type));
    }
  });

  it("refuses every path that is not a file of this request's upload", async () => {
    const msg = (got: string, fn = "fileReadBinary") =>
      `${fn}() reads only a file uploaded with this request (form.&lt;field&gt;, or its tempFile); got ${got}`;
    expect(old).toMatch(/\/quarry-upload-\w+\/1$/);
    for (const path of ["/etc/passwd", "../../etc/passwd", "read.dbt", old]) {
      const res = await upload("forged", PNG, { path });
      expect(await res.text()).toBe(msg(`&quot;${path.replace(/"/g, "&quot;")}&quot;`));
    }
    const res = await upload("forged-struct", PNG, { path: "/etc/hostname" });
    expect(await res.text()).toBe(
      msg("a struct without such a tempFile", "fileGetMimeType").replace(
        "a struct without such a tempFile",
        "a struct without such a tempFile",
      ),
    );
  });

  it("stores the bytes in a bytea column and answers with them through dbt:content variable", async () => {
    const id = await (await upload("store", PNG)).text();
    const res = await fetch(`${s.base}/send?id=${id}`);
    expect([res.status, res.headers.get("content-type"), res.headers.get("content-length")]).toEqual([
      200,
      "image/png",
      "18",
    ]);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    const text = await fetch(`${s.base}/text?x=hello`);
    expect(await text.text()).toBe(
      "QRY_ERR_TYPE " +
        "variable of dbt:content must be a binary value (fileReadBinary(), a bytea column, toBinary()), got string",
    );
  });
});
