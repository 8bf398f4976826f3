// Named arguments of built-ins: a parameter answers to the name Quarry's docs give it and to
// the names CFML's references use for it (Lucee's function library, aliases included).
import type { Loc } from "../../parser/ast.js";
import { RuntimeError, codes } from "../errors.js";
import { isStruct, typeName } from "../values.js";
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

/**
 * Named arguments (and the keys of an `argumentCollection` struct) put at the positions `at`
 * gives them, for built-ins and template functions alike; the result may have holes. The names
 * written out win over the same names in argumentCollection (Lucee). `unknown` says why a name
 * is refused.
 */
export function bindNamed(
  fname: string,
  at: (name: string) => number,
  unknown: (name: string) => string,
  names: string[],
  values: unknown[],
  loc: Loc,
): unknown[] {
  const out: unknown[] = [];
  const put = (n: string, v: unknown) => {
    const i = at(n);
    if (i === -1) throw new RuntimeError(codes.ARITY, unknown(n), loc);
    if (i in out) throw new RuntimeError(codes.ARITY, `${fname}() got the argument ${n} twice`, loc);
    out[i] = v;
  };
  names.forEach((n, i) => {
    if (n.toLowerCase() !== "argumentcollection") put(n, values[i]);
  });
  const given = new Set(Object.keys(out));
  names.forEach((n, i) => {
    const v = values[i];
    if (n.toLowerCase() !== "argumentcollection") return;
    if (!isStruct(v))
      throw new RuntimeError(codes.TYPE, `argumentCollection must be a struct, got ${typeName(v)}`, loc);
    for (const k of Object.keys(v)) if (!given.has(String(at(k)))) put(k, v[k]);
  });
  return out;
}
