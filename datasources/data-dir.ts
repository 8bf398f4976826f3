// Where the embedded Postgres keeps its data: one rule for `quarry dev SITE`, `quarry start
// dist` (built from SITE) and the `quarry db` commands, so what was written under dev is there
// in production. In order: `--data-dir`, the config's `dataDir` (relative to the site), else
// SITE/.quarry/postgres. A build records its site (manifest.json `site`); a build whose site
// is not on this machine needs --data-dir (or an absolute dataDir) rather than a new, empty
// database nobody asked for. Never inside the build folder (quarry build replaces it), except
// the cluster an older build already keeps there; never silently in a temporary folder.
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { ConfigError } from "../engine/errors.js";

/** As root, where a cluster goes when its folder lies inside one the postgres user cannot enter. */
export const ROOT_DATA_HOME = "/var/lib/quarry";

export interface DataDirInput {
  /** The folder being served: a site folder, or a build when `built` is set. */
  root: string;
  built?: boolean;
  /** `--data-dir` (relative to the working directory). */
  explicit?: string | null;
  /** The config's `dataDir` (relative to the site folder). */
  configured?: string | null;
  /** Tests: pretend to run as this uid. */
  uid?: number;
}

export interface DataDir {
  /** The folder that holds the cluster (data/) and Quarry's files beside it. */
  dir: string;
  /** Why this folder, for the start-up line: "--data-dir", "dataDir in the config", "default for site …". */
  source: string;
  /** Said loudly at start: a temporary folder, or a folder moved because of permissions. */
  warnings: string[];
}

/** The site a build was made from, as its manifest records it (null: an older build that does not). */
export function recordedSite(dist: string): string | null {
  try {
    const m = JSON.parse(readFileSync(join(dist, "manifest.json"), "utf8")) as { site?: unknown };
    return typeof m.site === "string" ? m.site : null;
  } catch {
    return null;
  }
}

const inside = (child: string, parent: string) => {
  const r = relative(parent, child);
  return r === "" || (!r.startsWith("..") && !isAbsolute(r));
};

/** The real path of `p`, or of its nearest existing ancestor with the rest appended. */
function real(p: string): string {
  const missing: string[] = [];
  let d = resolve(p);
  for (;;) {
    try {
      return join(realpathSync(d), ...missing.reverse());
    } catch {
      if (dirname(d) === d) return resolve(p);
      missing.push(basename(d));
      d = dirname(d);
    }
  }
}

/** Folders a reboot or a cleaner may empty. */
function temporaryFolders(): string[] {
  return [...new Set([tmpdir(), "/tmp", "/var/tmp", "/dev/shm"].filter((d) => existsSync(d)).map((d) => real(d)))];
}

/** Can a user other than the owner reach `dir` (every existing folder above it searchable)? */
export function enterableByOthers(dir: string): boolean {
  for (let d = resolve(dir); ; d = dirname(d)) {
    try {
      if ((statSync(d).mode & 0o001) === 0) return false;
    } catch {
      // Not created yet: it is made 0755.
    }
    if (dirname(d) === d) return true;
  }
}

export function resolveDataDir(input: DataDirInput): DataDir {
  const root = resolve(input.root);
  const warnings: string[] = [];
  let site: string | null = root;
  let legacy: string | null = null;
  if (input.built) {
    site = recordedSite(root);
    if (site !== null && !(existsSync(site) && statSync(site).isDirectory())) site = null;
    const own = join(root, ".quarry", "postgres");
    if (recordedSite(root) === null && existsSync(own)) legacy = own;
  }
  let dir: string;
  let source: string;
  const missingSite = () => {
    const rec = recordedSite(root);
    return new ConfigError(
      rec
        ? `${root} was built from ${rec}, which is not on this machine, and the embedded Postgres keeps its data in the site folder: pass --data-dir (or an absolute dataDir in the config), or set DATABASE_URL`
        : `${root} was built by an older quarry build that does not record its site folder: build it again, or pass --data-dir`,
    );
  };
  if (input.explicit) {
    dir = resolve(input.explicit);
    source = "--data-dir";
  } else if (input.configured) {
    if (!isAbsolute(input.configured) && !site) throw missingSite();
    dir = resolve(site ?? "/", input.configured);
    source = "dataDir in the config";
  } else if (legacy) {
    // An older build kept its cluster inside itself: keep serving it, and say how to move it.
    dir = legacy;
    source = "inside an older build";
    warnings.push(
      `the database lives inside the build folder (${legacy}); move it to the site's .quarry/postgres (or pass --data-dir) and build again, or a deploy could lose it`,
    );
  } else {
    if (!site) throw missingSite();
    dir = join(site, ".quarry", "postgres");
    source = `default for the site ${site}`;
  }
  if (input.built && !legacy && inside(real(dir), real(root))) {
    throw new ConfigError(
      `The database folder ${dir} lies inside the build folder ${root}, which quarry build replaces: choose another with --data-dir or dataDir`,
    );
  }
  const uid = input.uid ?? process.getuid?.();
  if (uid === 0 && !enterableByOthers(dirname(dir))) {
    // Postgres refuses to run as root, so it runs as the `postgres` user, who must reach the folder.
    if (source === "--data-dir" || source === "dataDir in the config") {
      throw new ConfigError(
        `The database folder ${dir} (${source}) lies inside a folder the postgres user cannot enter (Postgres runs as that user under root): choose one it can reach, e.g. ${join(ROOT_DATA_HOME, basename(site ?? root))}`,
      );
    }
    const moved = join(
      ROOT_DATA_HOME,
      `${basename(site ?? root)}-${createHash("sha256").update(dir).digest("hex").slice(0, 10)}`,
    );
    warnings.push(
      `${dir} lies inside a folder the postgres user cannot enter; the database is kept in ${moved} instead (pass --data-dir to choose)`,
    );
    dir = moved;
    source = `${source}, moved for the postgres user`;
  }
  const tmp = temporaryFolders().find((t) => inside(real(dir), t));
  if (tmp)
    warnings.push(
      `the database folder ${dir} is inside ${tmp}, a temporary folder: a reboot or a cleaner may delete it and every row in it (pass --data-dir or set dataDir to keep it)`,
    );
  return { dir, source, warnings };
}
