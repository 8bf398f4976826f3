// `quarry build`: validates every template of a site and writes it precompiled, as one ES
// module per template, with a manifest of templates and static files, the site config and
// its _db/ seed files. Any invalid template fails the build, and every error is listed.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Engine } from "../engine/engine.js";
import { QuarryError } from "../engine/errors.js";
import { compileModule } from "../engine/template.js";
import { CONFIG_FILES } from "../datasources/config.js";
import type { Manifest } from "./sources.js";
import { resolvePath } from "./routes.js";
import { siteFiles } from "./site-files.js";

export interface BuildResult {
  templates: number;
  statics: number;
  errors: string[];
}

/** Served as a static file: a file the router would serve as one (see routes.ts). */
function isStatic(f: string): boolean {
  const r = resolvePath(`/${f.split("/").map(encodeURIComponent).join("/")}`);
  return r.kind === "ok" && r.file === f;
}

export function build(site: string, out: string, progress: (done: number, total: number, name: string) => void = () => {}): BuildResult {
  const engine = new Engine({ root: site, mode: "compiled" });
  const files = siteFiles(engine.root);
  const templates = files.filter((f) => f.endsWith(".dbt"));
  const errors: string[] = [];
  const modules = new Map<string, string>();
  templates.forEach((name, i) => {
    try {
      modules.set(name, compileModule(engine.load(name).ast, null));
    } catch (err) {
      errors.push(err instanceof QuarryError ? err.format() : String(err));
    }
    progress(i + 1, templates.length, name);
  });
  const statics = files.filter(isStatic);
  if (errors.length > 0) return { templates: templates.length, statics: statics.length, errors: [...new Set(errors)] };
  if (existsSync(out)) rmSync(out, { recursive: true });
  mkdirSync(out, { recursive: true });
  const manifest: Manifest = { version: 1, templates: {}, statics, mode: "compiled" };
  for (const [name, code] of modules) {
    const file = `templates/${name.replace(/\.dbt$/, ".mjs")}`;
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), code);
    manifest.templates[name] = file;
  }
  for (const f of statics) cpSync(join(engine.root, f), join(out, "static", f));
  for (const f of [...CONFIG_FILES, "_db"]) if (existsSync(join(engine.root, f))) cpSync(join(engine.root, f), join(out, f), { recursive: true });
  writeFileSync(join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return { templates: templates.length, statics: statics.length, errors };
}
