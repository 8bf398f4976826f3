// Where pages come from. In a site folder (dev, or `app.register(quarry, { root })`) the Engine
// parses and compiles on demand and each request checks the file system. A built site
// (`quarry start dist`) holds every template precompiled and knows its files from the
// manifest: no parser, no compiler, no file-system checks per request.
import { realpathSync, statSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { runInThisContext } from "node:vm";
import {
  RenderContext,
  runPage,
  defaultLimits,
  type Limits,
  type Rendered,
  type RenderFn,
  type Scopes,
  type TemplateHost,
} from "../engine/context.js";
import type { PageState } from "../engine/page.js";
import type { Loc } from "../parser/ast.js";
import type { Engine } from "../engine/engine.js";
import { ConfigError, TemplateError, codes } from "../engine/errors.js";
import { servable } from "./routes.js";
import type { Extensions } from "../engine/extensions.js";

export interface PageSource {
  /** The first of `names` that is a page of the site, or null. */
  find(names: string[]): string | null;
  render(name: string, scopes: Scopes, page: PageState): Rendered;
  /** The folder a static file is served from when `rel` is one, else null. */
  staticRoot(rel: string): string | null;
  /** False when staticRoot is null for every name (a build without static files). */
  readonly hasStatics: boolean;
}

/**
 * Is `rel` a regular file inside `root` (a real path), also after following symlinks? A routed
 * name (a page or a static file) must also resolve to a path the router would serve; the
 * site's own `_` templates (`_404.dbt`, `_request.dbt`, …) only have to stay inside.
 */
function fileInside(root: string, rel: string, kind: "page" | "static" | "internal"): boolean {
  try {
    const real = realpathSync(join(root, rel));
    if (!real.startsWith(root + "/") || !statSync(real).isFile()) return false;
    return kind === "internal" || servable(relative(root, real), kind);
  } catch {
    return false;
  }
}

export class EngineSource implements PageSource {
  // A site folder may gain a static file at any time.
  readonly hasStatics = true;
  constructor(readonly engine: Engine) {}
  find(names: string[]): string | null {
    return names.find((n) => fileInside(this.engine.root, n, n.startsWith("_") ? "internal" : "page")) ?? null;
  }
  render(name: string, scopes: Scopes, page: PageState): Promise<string> {
    return this.engine.render(name, scopes, page);
  }
  staticRoot(rel: string): string | null {
    return fileInside(this.engine.root, rel, "static") ? this.engine.root : null;
  }
}

/** What `quarry build` writes beside the modules. */
export interface Manifest {
  version: 1;
  /** engine/precompiled.ts COMPILED_RUNTIME of the Quarry that built it (absent: an early build, 1). */
  runtime?: number;
  /** Template name → module file, relative to the dist folder. */
  templates: Record<string, string>;
  /** Files served as they are, relative to dist/static. */
  statics: string[];
  mode: "compiled";
  /** The real path of the site folder it was built from (its data folder lives there, never here). */
  site?: string;
}

type Factory = (rt: unknown, F: unknown, T: unknown) => RenderFn;

/** How every module `quarry build` writes begins (engine/template.ts compileModule) and ends. */
const MODULE_HEAD = "export default function (rt, F, T) {\n";
const MODULE_TAIL = "\n}\n";

/**
 * A built template's factory. The module is compiled as the function it holds, as CommonJS
 * compiles a file: importing it as an ES module costs about twice the CPU (an asynchronous
 * read, a module record, linking), some 15 ms for a site of 100 templates. Its file name and
 * line numbers stay those of the module. A module in another shape is imported.
 */
async function loadFactory(path: string): Promise<Factory> {
  const text = readFileSync(path, "utf8");
  if (text.startsWith(MODULE_HEAD) && text.endsWith(MODULE_TAIL))
    return runInThisContext(`(function (rt, F, T) {\n${text.slice(MODULE_HEAD.length, -MODULE_TAIL.length)}\n})`, {
      filename: path,
    }) as Factory;
  return ((await import(pathToFileURL(path).href)) as { default: Factory }).default;
}

export class PrecompiledSource implements PageSource, TemplateHost {
  private constructor(
    private readonly renders: Map<string, RenderFn>,
    private readonly statics: Set<string>,
    private readonly staticDir: string,
    private readonly limits: Limits,
  ) {}

  static async load(dist: string, limits: Partial<Limits> = {}, ext: Extensions = {}): Promise<PrecompiledSource> {
    const manifest = JSON.parse(readFileSync(join(dist, "manifest.json"), "utf8")) as Manifest;
    if (manifest.version !== 1)
      throw new ConfigError(
        `${dist}/manifest.json: unknown version ${String(manifest.version)}; rebuild with quarry build`,
      );
    // Only the runtime: the parser and the compiler are never loaded in this mode.
    const { rt, functionTable, tagRuntime, extended, COMPILED_RUNTIME } = await import("../engine/precompiled.js");
    const built = manifest.runtime ?? 1;
    if (built !== COMPILED_RUNTIME)
      throw new ConfigError(
        `${dist} was built by a Quarry whose compiled code calls its runtime differently (compiled runtime ${built}, this Quarry's ${COMPILED_RUNTIME}): rebuild it with this Quarry's quarry build`,
      );
    const tables = ext.functions || ext.tags ? extended(ext) : { functionTable, tagRuntime };
    const loaded = await Promise.all(
      Object.entries(manifest.templates).map(async ([name, file]) => {
        const factory = await loadFactory(join(dist, file));
        return [name, factory(rt, tables.functionTable, tables.tagRuntime)] as const;
      }),
    );
    const renders = new Map<string, RenderFn>(loaded);
    return new PrecompiledSource(renders, new Set(manifest.statics), join(dist, "static"), {
      ...defaultLimits,
      ...limits,
    });
  }

  find(names: string[]): string | null {
    return names.find((n) => this.renders.has(n)) ?? null;
  }

  renderInto(path: string, ctx: RenderContext, loc: Loc): Rendered {
    const fn = this.renders.get(path);
    if (!fn) throw new TemplateError(codes.TEMPLATE_NOT_FOUND, `Template ${path} is not in the build`, loc);
    return fn(ctx);
  }

  /** The site's files as the build copied them. */
  get siteRoot(): string {
    return this.staticDir;
  }

  render(name: string, scopes: Scopes, page: PageState): Rendered {
    page.base = name;
    return runPage(this.renders.get(name)!, new RenderContext(scopes, this, this.limits, page));
  }

  staticRoot(rel: string): string | null {
    return this.statics.has(rel) ? this.staticDir : null;
  }

  get hasStatics(): boolean {
    return this.statics.size > 0;
  }
}
