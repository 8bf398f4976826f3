// From source text to a validated AST, and from an AST to a runnable function in either mode.
import type { Loc, TemplateAst } from "../parser/ast.js";
import { SourceFile, tokenize, tokenizeComponent } from "../parser/parse.js";
import { TemplateError, codes } from "./errors.js";
import { buildTree } from "../parser/tree.js";
import { Registry } from "./extensions.js";
import { Validator } from "./validate.js";
import { Compiler, type CompileOptions } from "./compiler.js";
import { Interpreter, interpretedImpl } from "./interpreter.js";
import type { RenderFn } from "./context.js";
import * as rt from "./runtime.js";
import { templateEnd } from "./signals.js";
import { defineFunctions, type FunctionImpl, type FunctionSpec } from "./udf.js";

export interface ParsedTemplate {
  ast: TemplateAst;
  modules: { path: string; loc: Loc }[];
}

/** Parses and validates one template; `resolve` maps include/module paths (see Engine). */
export function parseTemplate(
  file: string,
  source: string,
  resolve: (from: string, path: string, loc: Loc) => string,
  registry = Registry.builtin(),
): ParsedTemplate {
  const src = new SourceFile(file, source);
  const component = file.toLowerCase().endsWith(".cfc");
  const tokens = (component ? tokenizeComponent : tokenize)(src, registry.exprKind, registry.scriptTag);
  const body = buildTree(src, tokens, registry.tagShape);
  if (component) {
    // A component file is its component: around it only whitespace (and comments, dropped).
    const stray = body.find(
      (n) => !(n.type === "tag" && n.name === "component") && !(n.type === "text" && !n.value.trim()),
    );
    const tags = body.filter((n) => n.type === "tag");
    if (stray !== undefined || tags.length !== 1)
      throw new TemplateError(
        codes.COMPONENT,
        "A component file holds one component (component { … } or <dbt:component>…</dbt:component>) and nothing else",
        (stray ?? tags[1] ?? { loc: src.loc(0, 0) }).loc,
      );
  }
  const v = new Validator(src, { tag: registry.findTag, fn: registry.findFunction, resolve });
  v.prescan(body);
  v.nodes(body);
  return { ast: { file, source, body, includes: v.includes, functions: v.functions }, modules: v.modules };
}

export type { RenderFn } from "./context.js";

/** The JavaScript source of a template's compiled form (the body of `function (rt, F, T)`). */
export function compileSource(ast: TemplateAst, registry = Registry.builtin(), options: CompileOptions = {}): string {
  return new Compiler(registry, options).template(ast);
}

export function compiledFunction(source: string, registry = Registry.builtin()): RenderFn {
  // The source is built from the AST by the Compiler: template data enters it only through
  // JSON.stringify, so this is not eval of user input.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled mode: the source is generated, see above
  const factory = new Function("rt", "F", "T", source) as (r: unknown, f: unknown, t: unknown) => RenderFn;
  return factory(rt, registry.functionTable, registry.tagRuntime);
}

export function interpretedFunction(ast: TemplateAst, registry = Registry.builtin()): RenderFn {
  const fns = ast.functions.map((f): [FunctionSpec, FunctionImpl] => [f, interpretedImpl(f, registry)]);
  // Synchronous while the run is: a promise only from the first node that waits.
  return (ctx) => {
    const it = new Interpreter(ctx, registry);
    let r: void | Promise<void>;
    try {
      if (fns.length) defineFunctions(ctx, fns);
      r = it.run(ast.body);
    } catch (err) {
      return templateEnd(err, it.out);
    }
    if (r === undefined) return it.out;
    return r.then(
      () => it.out,
      (err: unknown) => templateEnd(err, it.out),
    );
  };
}

/**
 * The compiled template as an ES module. With `runtimeModule` it imports the runtime helpers,
 * the function table and the tag runtime from there and exports the render function; with
 * null it exports `(rt, F, T) => render`, for a loader that passes the runtime in (a built
 * site, which must not depend on where Quarry is installed).
 */
export function compileModule(ast: TemplateAst, runtimeModule: string | null, registry = Registry.builtin()): string {
  if (runtimeModule === null) return `export default function (rt, F, T) {\n${compileSource(ast, registry)}\n}\n`;
  return `import { rt, functionTable as F, tagRuntime as T } from ${JSON.stringify(runtimeModule)};
export default (function (rt, F, T) {
${compileSource(ast, registry)}
})(rt, F, T);
`;
}
