// File paths as text, as CFML splits them (Lucee's GetFileFromPath and GetDirectoryFromPath):
// nothing here touches the file system.
import { category, str } from "./define.js";

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
});
