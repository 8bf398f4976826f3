// `quarry build`: validates every template of a site and writes it precompiled, as one ES
// module per template, with a manifest of templates and static files, the site config, its
// _db/ migrations and its _schedule.json. Any invalid template fails the build, and every error is listed.
//
// A build writes only what it owns. The output folder must be new, empty or a previous build
// holding nothing but what a build writes; it may not be the site, hold it or lie inside it.
// The new build is written beside the old one and swapped in with renames, so a failed or
// interrupted build never leaves a half-written folder where the old one was.
import { SERVING_MARK, servingPid } from "./serving-mark.js";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { Engine } from "../engine/engine.js";
import { QuarryError, codes } from "../engine/errors.js";
import { compileModule } from "../engine/template.js";
import { COMPILED_RUNTIME } from "../engine/precompiled.js";
import { CONFIG_FILES } from "../config/site.js";
import type { Manifest } from "./sources.js";
import { resolvePath } from "./routes.js";
import { siteFiles } from "./site-files.js";
import { readSchedule, SCHEDULE_FILE } from "./schedule-file.js";
import type { Extensions } from "../engine/extensions.js";

export interface BuildResult {
  templates: number;
  statics: number;
  errors: string[];
  /** What an earlier build that was killed left beside --out, and what this one did with it. */
  recovered: string[];
}

/** The output folder would destroy something that is not a build: nothing was written. */
export class BuildOutError extends QuarryError {
  constructor(message: string) {
    super(codes.BUILD_OUT, "application", message, null);
  }
}

/** What a build writes into its folder; anything else found in a previous build is not ours. */
export const BUILD_ENTRIES: readonly string[] = [
  "manifest.json",
  "templates",
  "static",
  "_db",
  SCHEDULE_FILE,
  SERVING_MARK,
  ...CONFIG_FILES,
];

/** Served as a static file: a file the router would serve as one (see routes.ts). */
function isStatic(f: string): boolean {
  const r = resolvePath(`/${f.split("/").map(encodeURIComponent).join("/")}`);
  return r.kind === "ok" && r.file === f;
}

/** The real path of `p`, also when it (or folders above it) does not exist yet. */
function realPath(p: string): string {
  const abs = resolve(p);
  let base = abs;
  while (!existsSync(base) && dirname(base) !== base) base = dirname(base);
  return join(realpathSync(base), relative(base, abs));
}

const inside = (child: string, parent: string) => child.startsWith(parent.endsWith(sep) ? parent : parent + sep);

/** Reads a folder's manifest.json if it is one a build wrote, else null. */
export function readManifest(dir: string): Manifest | null {
  try {
    const m = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Partial<Manifest>;
    return m.version === 1 &&
      m.mode === "compiled" &&
      m.templates !== null &&
      typeof m.templates === "object" &&
      Array.isArray(m.statics)
      ? (m as Manifest)
      : null;
  } catch {
    return null;
  }
}

/**
 * Refuses an output folder a build must not replace; returns its real path. `site` and `out`
 * are compared after resolving symlinks, so a link cannot smuggle the site in.
 */
export function checkOut(site: string, out: string): string {
  const s = realPath(site);
  const o = realPath(out);
  const shown = (p: string) => relative(process.cwd(), p) || ".";
  if (o === s)
    throw new BuildOutError(
      `--out ${shown(out)} is the site folder itself: building there would replace the site's sources. Choose a folder outside the site, e.g. --out ${shown(join(dirname(s), `${basename(s)}-dist`))}`,
    );
  if (inside(s, o))
    throw new BuildOutError(
      `--out ${shown(out)} contains the site folder ${shown(site)}: building there would replace the site's sources. Choose a folder outside the site`,
    );
  if (inside(o, s))
    throw new BuildOutError(
      `--out ${shown(out)} lies inside the site folder ${shown(site)}: the build would become part of the site. Choose a folder outside the site, e.g. --out ${shown(join(dirname(s), `${basename(s)}-dist`))}`,
    );
  if (!existsSync(o)) return o;
  if (!lstatSync(o).isDirectory()) throw new BuildOutError(`--out ${shown(out)} exists and is not a folder`);
  const entries = readdirSync(o);
  if (entries.length === 0) return o;
  if (!readManifest(o))
    throw new BuildOutError(
      `--out ${shown(out)} is not empty and is not a Quarry build (no manifest.json written by quarry build): nothing was replaced. Choose a new or empty folder`,
    );
  const serving = servingPid(o);
  if (serving !== null && alive(serving))
    throw new BuildOutError(
      `--out ${shown(out)} is served by quarry start (process ${serving}): a worker replaced later would serve the new build beside the old one. Build into a new folder and point quarry start at it (docs/deploy.md), or stop the server first`,
    );
  const foreign = entries.filter((e) => !BUILD_ENTRIES.includes(e)).sort();
  if (foreign.length > 0) {
    const data = foreign.includes(".quarry")
      ? ` (${shown(join(o, ".quarry"))} holds an embedded database an older Quarry kept in the build: move it to the site's data folder first, see docs/server.md)`
      : "";
    throw new BuildOutError(
      `--out ${shown(out)} is a previous build that also holds ${foreign.join(", ")}, which quarry build did not write${data}: nothing was replaced. Move ${foreign.length === 1 ? "it" : "them"} out of the build folder`,
    );
  }
  return o;
}

/** Whether a process with this id runs (another build may be writing beside us). */
function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A build killed (kill -9, power cut) leaves its hidden folders beside --out, named by its pid:
 * a half-written new build is removed, and a previous build moved aside but never replaced
 * (killed between the two renames) is put back. Only folders named as build() names them and
 * whose process is gone are touched; returns what was done, for the user.
 */
export function recoverInterrupted(target: string): string[] {
  const parent = dirname(target);
  if (!existsSync(parent)) return [];
  const name = basename(target);
  const done: string[] = [];
  const shown = (p: string) => relative(process.cwd(), p) || ".";
  for (const e of readdirSync(parent).sort()) {
    if (!e.startsWith(`.${name}.quarry-`)) continue;
    const m = /^quarry-(build|old)-(\d+)-[0-9a-f]{8}$/.exec(e.slice(name.length + 2));
    if (!m || alive(Number(m[2]))) continue;
    const p = join(parent, e);
    if (m[1] === "old" && !existsSync(target) && readManifest(p)) {
      renameSync(p, target);
      done.push(
        `restored the previous build ${shown(target)} from ${shown(p)}, where an interrupted build had moved it`,
      );
    } else {
      rmSync(p, { recursive: true, force: true });
      done.push(`removed ${shown(p)}, left by an interrupted build`);
    }
  }
  return done;
}

export function build(
  site: string,
  out: string,
  progress: (done: number, total: number, name: string) => void = () => {},
  ext: Extensions = {},
): BuildResult {
  const recovered = recoverInterrupted(realPath(out));
  const target = checkOut(site, out);
  const engine = new Engine({ root: site, mode: "compiled", ...ext });
  const files = siteFiles(engine.root);
  // Pages and component files (Name.cfc, made by new Name()): both compiled.
  const templates = files.filter((f) => f.endsWith(".dbt") || f.endsWith(".cfc"));
  const errors: string[] = [];
  const modules = new Map<string, string>();
  templates.forEach((name, i) => {
    try {
      modules.set(name, compileModule(engine.load(name).ast, null, engine.registry));
    } catch (err) {
      errors.push(err instanceof QuarryError ? err.format() : String(err));
    }
    progress(i + 1, templates.length, name);
  });
  // A task's page must be one of the build's templates. (The time zone only decides when a
  // valid expression runs: the site's is read by the server.)
  try {
    readSchedule(engine.root, "UTC", (page) => templates.includes(page));
  } catch (err) {
    errors.push(err instanceof QuarryError ? err.format() : String(err));
  }
  const statics = files.filter(isStatic);
  if (errors.length > 0)
    return { templates: templates.length, statics: statics.length, errors: [...new Set(errors)], recovered };
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  // Beside the target, so the swap is a rename within one file system.
  const tag = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const fresh = join(parent, `.${basename(target)}.quarry-build-${tag}`);
  const old = join(parent, `.${basename(target)}.quarry-old-${tag}`);
  try {
    mkdirSync(fresh);
    // `site` lets the server find the site's data folder (never inside the build).
    const manifest: Manifest = {
      version: 1,
      runtime: COMPILED_RUNTIME,
      templates: {},
      statics,
      mode: "compiled",
      site: realPath(engine.root),
    };
    for (const [name, code] of modules) {
      // Person.cfc beside Person.dbt: two modules.
      const file = `templates/${name.endsWith(".cfc") ? `${name}.mjs` : name.replace(/\.dbt$/, ".mjs")}`;
      mkdirSync(dirname(join(fresh, file)), { recursive: true });
      writeFileSync(join(fresh, file), code);
      manifest.templates[name] = file;
    }
    for (const f of statics) cpSync(join(engine.root, f), join(fresh, "static", f));
    for (const f of [...CONFIG_FILES, "_db", SCHEDULE_FILE])
      if (existsSync(join(engine.root, f))) cpSync(join(engine.root, f), join(fresh, f), { recursive: true });
    writeFileSync(join(fresh, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    if (existsSync(target)) {
      // Still ours? Something may have been put there while we compiled.
      checkOut(site, target);
      renameSync(target, old);
      renameSync(fresh, target);
      rmSync(old, { recursive: true, force: true });
    } else renameSync(fresh, target);
  } catch (err) {
    rmSync(fresh, { recursive: true, force: true });
    // The old build was moved aside but the new one not moved in: put the old one back.
    if (existsSync(old) && !existsSync(target)) renameSync(old, target);
    throw err;
  }
  return { templates: templates.length, statics: statics.length, errors, recovered };
}
