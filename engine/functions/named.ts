// Named arguments of built-ins: a parameter answers to the name Quarry's docs give it and to
// the names CFML's references use for it (Lucee's function library, aliases included).
import type { BuiltinDef } from "./define.js";
import { PARAMS } from "./lucee-names.js";

interface Names {
  /** Each accepted name (lower-case) → its 0-based position. */
  at: Map<string, number>;
  /** The names of each position, as written. */
  by: string[][];
}

/** What naming needs of a built-in (compiled code holds just this, as a constant). */
export type Params = Pick<BuiltinDef, "name" | "params" | "min" | "max">;

const cache = new WeakMap<Params, Names>();

function namesOf(def: Params): Names {
  let m = cache.get(def);
  if (m !== undefined) return m;
  m = { at: new Map(), by: [] };
  const ours = def.params ? def.params.split(",").map((p) => p.trim().replace(/[[\]]|\.\.\./g, "")) : [];
  const lucee = Object.hasOwn(PARAMS, def.name.toLowerCase()) ? PARAMS[def.name.toLowerCase()]! : [];
  const max = def.max === Infinity ? 0 : def.max;
  for (let i = 0; i < max; i++) {
    m.by[i] = [];
    for (const n of [ours[i], ...(lucee[i] ?? [])]) {
      if (n === undefined || n === "" || m.at.has(n.toLowerCase())) continue;
      m.at.set(n.toLowerCase(), i);
      m.by[i]!.push(n);
    }
  }
  cache.set(def, m);
  return m;
}

/** The 0-based position of the parameter `name` of `def`, or -1. */
export function paramIndex(def: Params, name: string): number {
  return namesOf(def).at.get(name.toLowerCase()) ?? -1;
}

/** The name of parameter `i`. */
export function paramName(def: Params, i: number): string {
  return namesOf(def).by[i]?.[0] ?? `${i + 1}`;
}

/** The names a built-in's parameters answer to, for a message: `array, value (object, obj)`. */
export function paramNames(def: Params): string {
  return namesOf(def)
    .by.map((ns) => ns[0]! + (ns.length > 1 ? ` (or ${ns.slice(1).join(", ")})` : ""))
    .join(", ");
}
