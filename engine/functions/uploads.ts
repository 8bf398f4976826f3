// The files a visitor uploaded with this request (a multipart POST: form.<field> is
// {fileName, contentType, size, tempFile}). A page reads them, and only them: the path must be
// one the server wrote for this request (PageState.hooks.isUpload), so no value a visitor
// sends, and no path a page builds, reaches any other file of the server.
import { open, readFile } from "node:fs/promises";
import { argError, category, str } from "./define.js";
import type { RenderContext } from "../context.js";
import { isStruct } from "../values.js";
import { keyOf } from "../keys.js";
import { requestHooks } from "./session.js";

/** The temporary file of `file` (an upload struct or its tempFile) when it is one of this request's uploads. */
function uploaded(ctx: RenderContext, fn: string, file: unknown): string {
  const hooks = requestHooks(ctx, fn);
  let path: unknown = file;
  if (isStruct(file)) {
    const key = keyOf(file, "tempFile");
    path = key === undefined ? undefined : file[key];
  }
  if (typeof path !== "string" || !hooks.isUpload(path))
    throw argError(
      `${fn}() reads only a file uploaded with this request (form.<field>, or its tempFile); got ${isStruct(file) ? "a struct without such a tempFile" : JSON.stringify(str(file))}`,
    );
  return path;
}

/** The first bytes of the formats a page most often accepts, and their media types. */
const SIGNATURES: [type: string, at: number, bytes: number[]][] = [
  ["image/png", 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", 0, [0xff, 0xd8, 0xff]],
  ["image/gif", 0, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]],
  ["image/gif", 0, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]],
  ["image/webp", 8, [0x57, 0x45, 0x42, 0x50]],
  ["application/pdf", 0, [0x25, 0x50, 0x44, 0x46, 0x2d]],
];

function sniff(head: Uint8Array): string {
  for (const [type, at, bytes] of SIGNATURES) {
    // WebP: "RIFF", a size, then "WEBP".
    if (type === "image/webp" && !(head[0] === 0x52 && head[1] === 0x49 && head[2] === 0x46 && head[3] === 0x46))
      continue;
    if (bytes.every((b, i) => head[at + i] === b)) return type;
  }
  return "application/octet-stream";
}

export default category("uploads", {
  fileReadBinary: [
    {
      params: "file",
      awaits: true,
      doc: "The bytes of a file uploaded with this request, as a binary value (to store in a bytea column, or send with dbt:content variable). file is form.<field> (or its tempFile); any other path is refused (QRY_ERR_FUNCTION): pages read no other file of the server.",
      example: "len(fileReadBinary(form.photo))",
      result: "(the file's size in bytes)",
      server: true,
    },
    async (ctx, file: unknown) => new Uint8Array(await readFile(uploaded(ctx, "fileReadBinary", file))),
  ],
  fileGetMimeType: [
    {
      params: "file",
      awaits: true,
      doc: "The media type of a file uploaded with this request, read from its first bytes, not from its name or the type the browser sent: image/png, image/jpeg, image/gif, image/webp, application/pdf, else application/octet-stream. file as for fileReadBinary.",
      example: "fileGetMimeType(form.photo)",
      result: "image/png",
      server: true,
    },
    async (ctx, file: unknown) => {
      const handle = await open(uploaded(ctx, "fileGetMimeType", file), "r");
      try {
        const head = new Uint8Array(16);
        const { bytesRead } = await handle.read(head, 0, 16, 0);
        return sniff(head.subarray(0, bytesRead));
      } finally {
        await handle.close();
      }
    },
  ],
});
