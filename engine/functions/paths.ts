// File paths as text, as CFML splits them (Lucee's GetFileFromPath and GetDirectoryFromPath),
// and the site's own paths (expandPath, never outside the site; getTempDirectory, the site's own).
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { category, str, argError } from "./define.js";
import type { RenderContext } from "../context.js";

/** expandPath: "/x" from the site's folder, "x" or "../x" from the page's; outside the site is refused. */
function expandPath(ctx: RenderContext, p: unknown): string {
  const root = resolve(ctx.host.siteRoot);
  const rel = str(p).replace(/\\/g, "/");
  const from = rel.startsWith("/") ? root : dirname(join(root, ctx.page.base));
  const abs = resolve(from, rel.startsWith("/") ? `.${rel}` : rel);
  const inSite = relative(root, abs);
  if (inSite === ".." || inSite.startsWith(`..${sep}`) || isAbsolute(inSite))
    throw argError(`expandPath: ${JSON.stringify(str(p))} is outside the site`);
  // A folder asked for as one ("", ".", "img/") keeps its trailing separator, as in CFML.
  return rel === "" || rel === "." || rel.endsWith("/") ? abs.replace(/[\\/]?$/, sep) : abs;
}

const temps = new Map<string, string>();

/** A folder of the system's temporary one for this site alone (by its path), readable by this user only. */
function tempDirectory(ctx: RenderContext): string {
  const root = resolve(ctx.host.siteRoot);
  let dir = temps.get(root);
  if (dir === undefined) {
    dir = join(tmpdir(), `quarry-site-${createHash("sha256").update(root).digest("hex").slice(0, 16)}`) + sep;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    temps.set(root, dir);
  }
  return dir;
}

export default category("paths", {
  getFileFromPath: [
    {
      params: "path",
      doc: 'The last part of a path, after its last / or \\ ("" for a path ending in / or ., "." for one ending in ..).',
      example: 'getFileFromPath("/site/img/logo.png")',
      result: "logo.png",
    },
    (_c, p: unknown) => {
      const path = str(p).replace(/\\/g, "/");
      if (path.endsWith("..")) return ".";
      if (path.endsWith(".") || path.endsWith("/")) return "";
      return path.slice(path.lastIndexOf("/") + 1);
    },
  ],
  getDirectoryFromPath: [
    {
      params: "path",
      doc: 'A path up to and with its last / or \\ ("/" when it has none).',
      example: 'getDirectoryFromPath("/site/img/logo.png")',
      result: "/site/img/",
    },
    (_c, p: unknown) => {
      const path = str(p);
      const last = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
      return last < 0 ? "/" : path.slice(0, last + 1);
    },
  ],
  expandPath: [
    {
      params: "path",
      doc: "The absolute path on the server of a path of the site: from the site's folder when it starts with /, else from the folder of the page requested (as ACF does). A path that leads outside the site is refused (QRY_ERR_FUNCTION); a precompiled site answers with the folder its build copied the site's files to.",
      example: 'right(expandPath("/img/logo.png"), 13)',
      result: "/img/logo.png",
    },
    (ctx, p: unknown) => expandPath(ctx, p),
  ],
  getTempDirectory: [
    {
      params: "",
      doc: "A temporary folder of this site's own (in the system's, named after the site's path, readable by the server's user only), with a trailing separator: not the system's shared one.",
      example: 'find("quarry-site-", getTempDirectory()) GT 0',
      result: "true",
    },
    (ctx) => tempDirectory(ctx),
  ],
});
