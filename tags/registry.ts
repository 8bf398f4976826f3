// The tag registry: every tag the language knows, built-in or registered by the user. The
// parser asks it how a tag is shaped, the validator for its schema, both modes for its hooks.
// Adding a tag module: one line in tags/modules.ts (see CONTRIBUTING.md).
import type { TagDef, TagModule } from "./types.js";
import type { ExprKind } from "../parser/parse.js";
import type { TagShape } from "../parser/tree.js";
import * as modules from "./modules.js";

// Every built-in tag module, in tags/modules.ts: one line each.
const MODULES: readonly TagModule[] = Object.values(modules);

const tags = new Map<string, TagDef>();

/** Adds a tag. Its name must be new; tag names are case-insensitive. */
export function registerTag(def: TagDef): void {
  const name = def.name.toLowerCase();
  if (tags.has(name)) throw new Error(`Tag <dbt:${name}> is already registered`);
  tags.set(name, def);
}

const runtime: Record<string, unknown> = {};
for (const m of MODULES) {
  for (const def of m.tags) registerTag(def);
  for (const [name, fn] of Object.entries(m.runtime ?? {})) {
    // Two modules exporting one name would make `T.name` mean only the last of them.
    if (Object.hasOwn(runtime, name) && runtime[name] !== fn)
      throw new Error(`Two tag modules export the runtime helper ${name}`);
    runtime[name] = fn;
  }
}

/**
 * Helpers compiled templates reach as `T`: the runtime side of the tag modules. A copy made
 * by spreading: an object given dozens of properties one keyed store at a time turns into a
 * dictionary, and every `T.x` in compiled code would be a hash lookup.
 */
export const tagRuntime: Record<string, unknown> = { ...runtime };

export function findTag(name: string): TagDef | undefined {
  return tags.get(name);
}

export function tagDef(name: string): TagDef {
  const def = tags.get(name);
  if (!def) throw new Error(`No tag <dbt:${name}> is registered`);
  return def;
}

export function allTags(): TagDef[] {
  return [...tags.values()];
}

export const exprKind = (name: string): ExprKind => tags.get(name)?.expression ?? null;
export const tagShape = (name: string): TagShape | undefined => tags.get(name);
