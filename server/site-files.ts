// The files of a site folder, without the folders Quarry and the tools keep there (.quarry/
// with the embedded cluster, node_modules/, .git/). Build, check and the dev watcher agree
// on them through this one list.
import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Paths (either separator) inside the folders a site walk leaves out. */
export const KEPT_OUT = /(^|[\\/])(\.quarry|node_modules|\.git)([\\/]|$)/;

/** Every file of a site, relative to it with "/" separators, sorted. */
export function siteFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) =>
      join(d.parentPath, d.name)
        .slice(root.length + 1)
        .split("\\")
        .join("/"),
    )
    .filter((f) => !KEPT_OUT.test(f))
    .sort();
}

/** The pages and component files (Name.cfc) of a site. */
export const siteTemplates = (root: string): string[] =>
  siteFiles(root).filter((f) => f.endsWith(".dbt") || f.endsWith(".cfc"));
