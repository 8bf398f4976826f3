// Member functions (`s.trim()`, `arr.append(4)`, `d.add("d", 1)`): one table, Lucee's
// (lucee-names.ts, generated from its function library), from a receiver's type and a member
// name to an existing built-in, called with the receiver as one of its arguments. A member
// call reaches nothing else: no JavaScript method or property is ever looked up by its name.
import type { MemberPlan, MemberTarget } from "../../parser/ast.js";
import type { BuiltinDef } from "./define.js";
import { ALL_MEMBERS as MEMBERS } from "./java-members.js";
import { paramIndex } from "./named.js";
import { QueryResult, SafeString, XmlValue, isNumeric, isStruct } from "../values.js";
import { parseDate } from "./datetime.js";

type Table = "string" | "number" | "boolean" | "date" | "array" | "struct" | "query" | "xml" | "any";
export type MemberKind = keyof MemberPlan;

/**
 * Where each kind of receiver looks, in order (Lucee's MemberUtil): a number also has the
 * string members, a string that is a number the number members, a string that is a date the
 * date members; every type has the `any` members.
 */
const LOOKS: Record<MemberKind, Table[]> = {
  string: ["string", "any"],
  numstr: ["string", "number", "any"],
  datestr: ["string", "date", "any"],
  number: ["number", "string", "any"],
  boolean: ["boolean", "any"],
  date: ["date", "any"],
  array: ["array", "any"],
  struct: ["struct", "any"],
  query: ["query", "any"],
  // An XML document or element is a struct to Lucee too (doc.keyExists("xmlRoot")).
  xml: ["xml", "struct", "any"],
};

const table = (t: Table, name: string): [string, number, boolean, string] | undefined => {
  const m = MEMBERS[t];
  return m !== undefined && Object.hasOwn(m, name) ? m[name] : undefined;
};

/**
 * What `x.name(…)` reaches for each kind of receiver, worked out when the template is
 * validated; empty when no type has such a member. `names` are the written argument names of
 * a named call: a target they do not fit is left out, with the reason in `misfit`.
 */
export function memberPlan(
  name: string,
  find: (fn: string) => BuiltinDef | undefined,
  names: string[] | undefined,
  misfit: (message: string) => void,
): MemberPlan {
  const plan: MemberPlan = {};
  const lower = name.toLowerCase();
  for (const kind of Object.keys(LOOKS) as MemberKind[]) {
    for (const t of LOOKS[kind]) {
      const entry = table(t, lower);
      const def = entry && find(entry[0]);
      if (!entry || !def) continue;
      const target: MemberTarget = { fn: def.name, pos: entry[1] - 1, min: def.min, max: def.max, chain: entry[2] };
      // A member call awaits anyway: one whose function may call back gets its promise awaited.
      if (def.awaits || def.awaitsArg !== undefined) target.awaits = true;
      if (names) {
        const order: number[] = [];
        for (const n of names) {
          const i = paramIndex(def, n);
          if (i === -1 || i === target.pos || order.includes(i)) {
            misfit(
              `${name}() has no argument ${n}${i === target.pos ? " (it is the value the function is called on)" : ""}`,
            );
            order.length = 0;
            break;
          }
          order.push(i);
        }
        if (order.length !== names.length) break;
        target.order = order;
      }
      plan[kind] = target;
      break;
    }
  }
  return plan;
}

/** Is `name` a member function of any type? */
export function isMemberName(name: string): boolean {
  const lower = name.toLowerCase();
  return (Object.keys(MEMBERS) as Table[]).some((t) => table(t, lower) !== undefined);
}

/** The kind of a receiver, for its plan; null for a value with no member functions (null, a function, binary…). */
export function memberKind(v: unknown, plan: MemberPlan): MemberKind | null {
  if (typeof v === "string" || v instanceof SafeString) {
    if (plan.string !== undefined) return "string";
    if (plan.numstr !== undefined && isNumeric(v)) return "numstr";
    const s = String(v);
    // Lucee's cheap test before it tries a date: longer than two characters and not an integer.
    if (plan.datestr !== undefined && s.length > 2 && !/^[+-]?\d+$/.test(s.trim()) && parseDate(s) !== null)
      return "datestr";
    return "string";
  }
  if (typeof v === "number") return "number";
  if (typeof v === "boolean") return "boolean";
  if (v instanceof Date) return "date";
  if (Array.isArray(v)) return "array";
  if (v instanceof QueryResult) return "query";
  if (isStruct(v)) return "struct";
  if (v instanceof XmlValue) return "xml";
  return null;
}

/** The member names a kind of receiver has (with the built-ins Quarry has), sorted, as Lucee lists them in its error. */
export function memberNames(kind: MemberKind, find: (fn: string) => BuiltinDef | undefined): string[] {
  const names = new Map<string, string>();
  for (const t of LOOKS[kind])
    for (const [lower, [fn, , , written]] of Object.entries(MEMBERS[t] ?? {}))
      if (find(fn) && !names.has(lower)) names.set(lower, written);
  return [...names.values()].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
}

/** Every member function, by type, for the docs: [type, member, built-in]. */
export function memberRows(find: (fn: string) => BuiltinDef | undefined): [string, string, string][] {
  const rows: [string, string, string][] = [];
  for (const [t, m] of Object.entries(MEMBERS))
    for (const [name, [fn]] of Object.entries(m)) if (find(fn)) rows.push([t, name, find(fn)!.name]);
  return rows;
}
