// What one Engine knows: the built-in tags and functions plus those its host app adds
// (`new Engine({ functions, tags })`, `app.register(quarry, { functions, tags })`). Parsing,
// validation and both modes look tags and functions up here, so two engines in one process
// can know different ones and the built-in tables are never changed.
import type { TagDef, TagModule } from "../tags/types.js";
import type { ExprKind } from "../parser/parse.js";
import type { TagShape } from "../parser/tree.js";
import { allTags, tagRuntime as builtinTagRuntime } from "../tags/registry.js";
import { builtins, isWriteOutput } from "./functions/index.js";
import type { BuiltinDef } from "./functions/define.js";
import type { RenderContext } from "./context.js";
import { ExtensionError, RuntimeError, codes } from "./errors.js";
import { isForbiddenKey } from "./runtime.js";
import { newStruct } from "./values.js";

/** A function a host app adds: called with the template's arguments, returns a template value. */
export type HostFunction = (...args: never[]) => unknown;

export interface HostFunctionDef {
  fn: HostFunction;
  /** The parameters as the docs write them (`text, [count], rest...`): sets the arity the validator checks. */
  params?: string;
  /** One line for the debug panel and error messages. */
  doc?: string;
}

export interface Extensions {
  /** Functions by name (case-insensitive in templates, like the built-ins). */
  functions?: Record<string, HostFunction | HostFunctionDef>;
  /** Tags: a tag module (its tags and the runtime helpers its compiled code calls as `T.…`) or a lone tag. */
  tags?: readonly (TagModule | TagDef)[];
}

const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TAG_NAME = /^[a-z][a-z0-9_-]*$/;

function arity(params: string | undefined, fn: HostFunction): { min: number; max: number; params: string } {
  if (params === undefined) return { min: fn.length, max: Infinity, params: "…" };
  const list = params
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const rest = list.some((p) => p.includes("..."));
  return { min: list.filter((p) => !p.startsWith("[")).length, max: rest ? Infinity : list.length, params };
}

/** Plain objects (and those in arrays) as structs (newStruct); every other value as it is. */
function templateValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(templateValue);
  if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    const s = newStruct();
    for (const [k, val] of Object.entries(v)) s[k] = templateValue(val);
    return s;
  }
  return v === undefined ? null : v;
}

function hostFunction(name: string, spec: HostFunction | HostFunctionDef): BuiltinDef {
  const def: HostFunctionDef = typeof spec === "function" ? { fn: spec } : spec;
  if (typeof def?.fn !== "function")
    throw new ExtensionError(`Function ${name}: give a function, or { fn, params?, doc? }`);
  const host = def.fn as (...args: unknown[]) => unknown;
  return {
    name,
    category: "host",
    ...arity(def.params, def.fn),
    doc: def.doc ?? "",
    example: "",
    result: "",
    // The host's value becomes a template value: plain objects turn into structs (no prototype
    // to reach), and a promise is refused, since expressions do not await.
    fn: (_ctx: RenderContext, ...args: unknown[]) => {
      const v = host(...args);
      if (v instanceof Promise)
        throw new RuntimeError(
          codes.FUNCTION,
          `${name}() returned a promise: functions a host app adds must return their value`,
          null,
        );
      return templateValue(v);
    },
  };
}

export class Registry {
  private constructor(
    private readonly tags: Map<string, TagDef>,
    private readonly functions: Map<string, BuiltinDef>,
    /** What compiled code reaches as `T`. */
    readonly tagRuntime: Record<string, unknown>,
    /** What compiled code reaches as `F`, by function name. */
    readonly functionTable: Record<string, unknown>,
  ) {}

  private static base: Registry | null = null;

  /** The built-in tags and functions alone. */
  static builtin(): Registry {
    return (Registry.base ??= new Registry(
      new Map(allTags().map((t) => [t.name.toLowerCase(), t])),
      new Map(builtins.map((b) => [b.name.toLowerCase(), b])),
      builtinTagRuntime,
      Object.fromEntries(builtins.map((b) => [b.name, b.fn])),
    ));
  }

  /** This registry with a host app's tags and functions added; a clash or a bad definition is refused. */
  with(ext: Extensions = {}): Registry {
    if (!ext.functions && !ext.tags) return this;
    const tags = new Map(this.tags);
    const functions = new Map(this.functions);
    const tagRuntime = { ...this.tagRuntime };
    const functionTable = { ...this.functionTable };
    for (const [name, spec] of Object.entries(ext.functions ?? {})) {
      if (!FUNCTION_NAME.test(name) || isForbiddenKey(name))
        throw new ExtensionError(`Function name ${JSON.stringify(name)} is not allowed: use letters, digits and _`);
      const key = name.toLowerCase();
      if (functions.has(key))
        throw new ExtensionError(
          `Function ${name}() is already defined${this.functions.get(key)?.category === "host" ? "" : " (a built-in)"}`,
        );
      const def = hostFunction(name, spec);
      functions.set(key, def);
      functionTable[name] = def.fn;
    }
    for (const item of ext.tags ?? []) {
      const mod: TagModule = "tags" in item && Array.isArray(item.tags) ? item : { tags: [item as TagDef] };
      for (const def of mod.tags) {
        if (typeof def?.name !== "string" || !TAG_NAME.test(def.name))
          throw new ExtensionError(
            `Tag name ${JSON.stringify(def?.name)} is not allowed: use lower-case letters, digits, - and _`,
          );
        if (typeof def.interpret !== "function" || typeof def.compile !== "function" || !def.attributes)
          throw new ExtensionError(
            `Tag <dbt:${def.name}> needs attributes, interpret and compile (see docs/extending.md)`,
          );
        // The facts promise what the loop optimiser and the checks rely on (tags/types.ts TagFacts).
        if (def.facts !== undefined)
          throw new ExtensionError(
            `Tag <dbt:${def.name}> declares facts, which only built-in tags may (see docs/extending.md)`,
          );
        if (tags.has(def.name)) throw new ExtensionError(`Tag <dbt:${def.name}> is already defined`);
        tags.set(def.name, def);
      }
      for (const [name, fn] of Object.entries(mod.runtime ?? {})) {
        if (isForbiddenKey(name) || (Object.hasOwn(tagRuntime, name) && tagRuntime[name] !== fn))
          throw new ExtensionError(`Tag runtime helper ${name} is already defined`);
        tagRuntime[name] = fn;
      }
    }
    // Copies by spreading keep both tables fast-property objects (see tags/registry.ts tagRuntime).
    return new Registry(tags, functions, { ...tagRuntime }, { ...functionTable });
  }

  findTag = (name: string): TagDef | undefined => this.tags.get(name);

  tagDef(name: string): TagDef {
    const def = this.tags.get(name);
    if (!def) throw new Error(`No tag <dbt:${name}> is registered`);
    return def;
  }

  exprKind = (name: string): ExprKind => this.tags.get(name)?.expression ?? null;
  tagShape = (name: string): TagShape | undefined => this.tags.get(name);
  /** Whether <dbt:script> has the tag's generic statement form (`lock name="n" { … }`): a tag whose body, if any, runs as statements. */
  scriptTag = (name: string): boolean => {
    const t = this.tags.get(name);
    return t !== undefined && !t.interpolateBody && !t.silentBody;
  };
  findFunction = (name: string): BuiltinDef | undefined => this.functions.get(name.toLowerCase());

  /**
   * The function of a built-in called by the name as written, or null for writeOutput (which
   * each mode runs itself); memoised, so a call does not lower-case its name each time.
   */
  builtinFn(name: string): BuiltinDef["fn"] | null {
    let fn = this.byWritten.get(name);
    if (fn === undefined) this.byWritten.set(name, (fn = isWriteOutput(name) ? null : this.findFunction(name)!.fn));
    return fn;
  }
  private readonly byWritten = new Map<string, BuiltinDef["fn"] | null>();
}
