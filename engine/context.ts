// The state of one render: scopes, the stack of frames that unscoped names resolve through,
// and the limits. Both modes use the same RenderContext.
import type { Loc } from "../parser/ast.js";
import { newStruct, type QueryResult, type Struct } from "./values.js";
import { newPageState, type PageState } from "./page.js";
import { AbortSignal } from "./signals.js";
import { RuntimeError, codes, type QuarryError } from "./errors.js";

export const SCOPE_NAMES = [
  "variables",
  "url",
  "form",
  "cookie",
  "cgi",
  "session",
  "application",
  "request",
  "attributes",
  "thisTag",
  "local",
  "arguments",
] as const;
export type ScopeName = (typeof SCOPE_NAMES)[number];
export type Scopes = Partial<Record<ScopeName, Struct>> & { variables: Struct };

/** The current row of a query being iterated; `end` bounds the rows of the current group. */
export interface RowFrame {
  kind: "row";
  query: QueryResult;
  row: number;
  end: number;
}

/** Names visible only inside a block (the `error` of dbt:catch, and the error itself for dbt:rethrow). */
export interface VarsFrame {
  kind: "vars";
  vars: Struct;
  caught?: QuarryError;
}

/**
 * A script's `for (row in q)`: the row of `query` the loop is at (0-based), which `q.currentRow`
 * and `q.col` read, as in Lucee; unlike a query loop's frame it answers no unscoped name.
 */
export interface CursorFrame {
  kind: "cursor";
  query: QueryResult;
  row: number;
}

export type Frame = RowFrame | VarsFrame | CursorFrame;

import type { Limits } from "./limits.js";
export { defaultLimits, type Limits } from "./limits.js";

/** A template's output: a string when the render never waited, else a promise of it. */
export type Rendered = string | Promise<string>;
/** A template's render function, compiled or interpreted. */
export type RenderFn = (ctx: RenderContext) => Rendered;

/** What a render needs from the engine: other templates, by resolved path. */
export interface TemplateHost {
  /** The folder the site's files are in (expandPath, getTempDirectory). */
  readonly siteRoot: string;
  /** Runs the template at `path` with `ctx` and returns its output. */
  renderInto(path: string, ctx: RenderContext, loc: Loc): Rendered;
}

export class RenderContext {
  frames: Frame[] = [];
  /** dbt:module calls (and user-defined function calls) this render is nested in. */
  callDepth = 0;
  /** The component instance this render builds (a component file's render; engine/component.ts). */
  building: object | null = null;
  constructor(
    public scopes: Scopes,
    readonly host: TemplateHost,
    readonly limits: Limits,
    readonly page: PageState = newPageState(),
  ) {}

  /** What cancels this render from outside (set by the server per request), or null. */
  get signal(): PageState["signal"] {
    return this.page.signal;
  }

  /** A context for a dbt:module call: fresh variables, its own attributes, shared request scopes. */
  forModule(attributes: Struct, thisTag: Struct): RenderContext {
    return this.nested(withScopes(this.scopes, { variables: newStruct(), attributes, thisTag }));
  }

  /** A context for a component file's render: the instance's own variables, the request's scopes. */
  forComponent(variables: Struct, building: object): RenderContext {
    const ctx = this.nested(withScopes(this.scopes, { variables }));
    ctx.building = building;
    return ctx;
  }

  /**
   * A context for a call of a function defined in a template: the scopes of the page that
   * defined it, plus `arguments` and a fresh `local`, which unscoped names find first.
   */
  /** `captured`: a closure's, the variables of the function (or catch) it was made in, read after its own. */
  /** `method`: a component's function, which sees the request it is called in (an instance outlives its request). */
  forFunction(defined: Scopes, args: Struct, captured: readonly Frame[] = [], method = false): RenderContext {
    const local = newStruct();
    const ctx = this.nested(
      withScopes(method ? this.scopes : defined, {
        variables: defined.variables,
        attributes: defined.attributes,
        thisTag: defined.thisTag,
        local,
        arguments: args,
      }),
    );
    ctx.frames = [...captured, { kind: "vars", vars: args }, { kind: "vars", vars: local }];
    return ctx;
  }

  private nested(scopes: Scopes): RenderContext {
    const ctx = new RenderContext(scopes, this.host, this.limits, this.page);
    ctx.callDepth = this.callDepth + 1;
    return ctx;
  }
}

/** `own` plus the request's scopes of `from`, named one by one, not spread: url/form/cookie/cgi are getters (built lazily). */
function withScopes(from: Scopes, own: Scopes): Scopes {
  const skip = new Set<string>(["variables", "attributes", "thisTag", "local", "arguments"]);
  for (const n of SCOPE_NAMES) if (!skip.has(n) && from[n]) own[n] = from[n];
  return own;
}

/** Builds scopes from plain data (the `--data` file of `quarry render`, or a test). */
export function scopesFrom(data: Record<string, unknown> = {}): Scopes {
  const scopes: Scopes = { variables: newStruct() };
  for (const name of ["variables", "url", "form", "cookie", "cgi", "session", "application", "request"] as const) {
    scopes[name] = toStructDeep(data[name] ?? {}) as Struct;
  }
  return scopes;
}

/** Copies JSON-ish data into structs (inheriting nothing: STRUCT_PROTO), so no template can reach a prototype. */
export function toStructDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(toStructDeep);
  if (v !== null && typeof v === "object" && !(v instanceof Date)) {
    const s = newStruct();
    for (const [k, val] of Object.entries(v)) s[k] = toStructDeep(val);
    return s;
  }
  return v === undefined ? null : v;
}

/** Refuses the output of a template run past maxOutputLength (QRY_ERR_OUTPUT_LIMIT), counting what dbt:flush sent. */
export function checkOutput(ctx: RenderContext, out: string, loc: Loc | null): string {
  if (out.length + ctx.page.flushed > ctx.limits.maxOutputLength) throw outputLimit(ctx.limits, loc);
  return out;
}

export function outputLimit(limits: Limits, loc: Loc | null): RuntimeError {
  return new RuntimeError(
    codes.OUTPUT_LIMIT,
    `The page's output passed ${limits.maxOutputLength} characters (limit maxOutputLength)`,
    loc,
  );
}

/**
 * Runs a page's render function; dbt:abort ends it early and keeps the output so far. A page
 * that never waited gives its string at once.
 */
export function runPage(render: RenderFn, ctx: RenderContext): Rendered {
  let out: Rendered;
  try {
    out = render(ctx);
  } catch (err) {
    return aborted(ctx, err);
  }
  if (typeof out === "string") return checkOutput(ctx, out, null);
  return out.then(
    (s) => checkOutput(ctx, s, null),
    (err: unknown) => aborted(ctx, err),
  );
}

/** The output kept by dbt:abort; any other error goes on. */
function aborted(ctx: RenderContext, err: unknown): string {
  if (err instanceof AbortSignal) {
    ctx.page.aborted = true;
    return err.output;
  }
  throw err;
}
