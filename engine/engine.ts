// The engine: loads templates from a site folder (parsing, validating, resolving includes and
// refusing include cycles), keeps them ready in the chosen mode, and renders them.
import { readFileSync, statSync, realpathSync } from "node:fs";
import { join, relative, resolve as resolvePath, sep, posix } from "node:path";
import type { Loc } from "../parser/ast.js";
import type { CompileOptions } from "./compiler.js";
import { QuarryError, TemplateError, codes, withFrame } from "./errors.js";
import {
  RenderContext,
  runPage,
  defaultLimits,
  type Limits,
  type Rendered,
  type Scopes,
  type TemplateHost,
} from "./context.js";
import { traced } from "./trace.js";
import { newPageState, type PageState } from "./page.js";
import { Registry, type Extensions } from "./extensions.js";
import {
  parseTemplate,
  compileSource,
  compiledFunction,
  interpretedFunction,
  type ParsedTemplate,
  type RenderFn,
} from "./template.js";

export type Mode = "compiled" | "interpreted";

export interface EngineOptions {
  /** The site folder; template paths are relative to it. */
  root: string;
  mode?: Mode;
  limits?: Partial<Limits>;
  /** Functions the host app adds, by name (see docs/extending.md). */
  functions?: Extensions["functions"];
  /** Tags the host app adds: tag modules or lone tags (see docs/extending.md). */
  tags?: Extensions["tags"];
}

interface Loaded extends ParsedTemplate {
  render: RenderFn;
}

export class Engine implements TemplateHost {
  readonly root: string;
  readonly mode: Mode;
  get siteRoot(): string {
    return this.root;
  }
  readonly limits: Limits;
  /** The tags and functions this engine knows: the built-ins and the host app's. */
  readonly registry: Registry;
  private readonly loaded = new Map<string, Loaded>();
  private readonly sources = new Map<string, string>();

  constructor(options: EngineOptions) {
    this.root = realpathSync(resolvePath(options.root));
    this.mode = options.mode ?? "compiled";
    this.limits = { ...defaultLimits, ...options.limits };
    this.registry = Registry.builtin().with({ functions: options.functions, tags: options.tags });
  }

  /** The site-relative name of a file ("pages/a.dbt"), or null when it lies outside the site. */
  name(file: string): string | null {
    const rel = relative(this.root, resolvePath(this.root, file));
    if (rel === "" || rel.startsWith(`..${sep}`) || rel === ".." || resolvePath(rel) === rel) return null;
    return rel.split(sep).join("/");
  }

  /** Resolves a path written in template `from`: relative to it, or to the site with a leading /. */
  resolve = (from: string, path: string, loc: Loc): string => {
    const joined = path.startsWith("/") ? posix.normalize(path.slice(1)) : posix.join(posix.dirname(from), path);
    const name = this.name(joined);
    if (name === null || joined.startsWith(".."))
      throw new TemplateError(codes.INCLUDE, `Template "${path}" is outside the site folder`, loc);
    let real: string;
    try {
      real = realpathSync(join(this.root, name));
      if (!statSync(real).isFile()) throw new Error("not a file");
    } catch {
      throw new TemplateError(codes.TEMPLATE_NOT_FOUND, `Template "${path}" not found (looked for ${name})`, loc);
    }
    if (this.name(real) === null)
      throw new TemplateError(codes.INCLUDE, `Template "${path}" links outside the site folder`, loc);
    return name;
  };

  /** Loads a template and everything it includes or calls; throws the first TemplateError. */
  load(name: string): Loaded {
    const cached = this.loaded.get(name);
    if (cached) return cached;
    const stack: string[] = [];
    const visit = (n: string, via: Loc | null): Loaded => {
      const done = this.loaded.get(n);
      if (done) return done;
      const at = stack.indexOf(n);
      if (at >= 0) {
        const cycle = [...stack.slice(at), n].join(" → ");
        throw new TemplateError(codes.INCLUDE, `Include cycle: ${cycle}`, via!);
      }
      stack.push(n);
      const t = this.parse(n);
      for (const inc of t.ast.includes) this.withSourceFrame(() => visit(inc.path, inc.loc));
      stack.pop();
      this.loaded.set(n, t);
      for (const m of t.modules) this.withSourceFrame(() => this.load(m.path));
      return t;
    };
    return visit(name, null);
  }

  /** Forgets loaded templates (all, or the given ones) so the next load reads them again. */
  invalidate(names?: string[]): void {
    if (!names) {
      this.loaded.clear();
      this.sources.clear();
    } else
      for (const n of names) {
        this.loaded.delete(n);
        this.sources.delete(n);
      }
  }

  /**
   * Forgets a changed template and every loaded template that includes it, directly or not
   * (their include-cycle check must run again); returns the names forgotten.
   */
  invalidateWithDependents(name: string): string[] {
    const gone = new Set([name]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [n, t] of this.loaded) {
        if (!gone.has(n) && t.ast.includes.some((i) => gone.has(i.path))) {
          gone.add(n);
          grew = true;
        }
      }
    }
    const names = [...gone].filter((n) => this.loaded.has(n) || this.sources.has(n));
    this.invalidate([...gone]);
    return names;
  }

  private parse(name: string): Loaded {
    const source = readFileSync(join(this.root, name), "utf8");
    this.sources.set(name, source);
    const parsed = this.withSourceFrame(() => parseTemplate(name, source, this.resolve, this.registry));
    const render =
      this.mode === "compiled"
        ? compiledFunction(compileSource(parsed.ast, this.registry), this.registry)
        : interpretedFunction(parsed.ast, this.registry);
    return { ...parsed, render };
  }

  /** Runs `fn`, giving any located error the code frame of its template. */
  private withSourceFrame<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw this.framed(err);
    }
  }

  framed(err: unknown): unknown {
    if (err instanceof QuarryError && err.loc) {
      const source = this.sources.get(err.loc.file);
      if (source !== undefined) withFrame(err, source, err.loc.file);
    }
    return err;
  }

  renderInto(path: string, ctx: RenderContext, _loc: Loc): Rendered {
    const trace = ctx.page.trace;
    return trace ? traced(trace, path, () => this.load(path).render(ctx)) : this.load(path).render(ctx);
  }

  /**
   * Renders a page; an abort ends it early with the output so far. Errors carry their code
   * frame. The promise of a page that never waited is already settled.
   */
  render(name: string, scopes: Scopes, page: PageState = newPageState()): Promise<string> {
    let out: Rendered;
    page.base = name;
    try {
      const t = this.load(name);
      out = traced(page.trace, name, () => runPage(t.render, new RenderContext(scopes, this, this.limits, page)));
    } catch (err) {
      return this.failed(err);
    }
    if (typeof out === "string") return Promise.resolve(out);
    return out.catch((err: unknown) => this.failed(err));
  }

  private async failed(err: unknown): Promise<never> {
    throw this.framed(err);
  }

  /** The compiled JavaScript of a template (for `quarry build` and for reading). */
  compiledSource(name: string, options: CompileOptions = {}): string {
    return compileSource(this.load(name).ast, this.registry, options);
  }
}
