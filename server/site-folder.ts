// The folder a server serves, checked to exist: its own module, so that a guardian of
// `quarry start --workers N` (which serves no page) need not load the plugin to find it.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../engine/errors.js";

/** The site (or build) folder the options name, checked to exist. */
export function siteFolder(opts: { root?: string; dist?: string }): string {
  const dir = opts.dist ?? opts.root;
  if (!dir) throw new ConfigError("Give the quarry plugin `root` (a site folder) or `dist` (a built site)");
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new ConfigError(`${opts.dist ? "Build" : "Site"} folder ${dir} does not exist`);
  if (opts.dist && !existsSync(join(dir, "manifest.json")))
    throw new ConfigError(`${dir} is not a Quarry build (no manifest.json): run quarry build first`);
  return dir;
}
