import type { RenderContext } from "../context.js";
import { category, str, arr, struct, argError } from "./define.js";
import { newStruct, isStruct, typeName, QueryResult, toBool, type Struct } from "../values.js";
import { isForbiddenKey, base, lookup, assign } from "../runtime.js";
import { RuntimeError, codes } from "../errors.js";
import { sortValues } from "./lists.js";
import { caseSensitive, deleteKey, keyOf, noteKey } from "../keys.js";
import { XmlNode, attrViewDelete, xmlHas, xmlKeys } from "../xml.js";

/** A struct's keys; an XML document's or element's are its child elements' names (Lucee). */
const keysOf = (s: unknown, fn: string): string[] => (s instanceof XmlNode ? xmlKeys(s) : Object.keys(struct(s, fn)));
import { same } from "./arrays.js";
import { ELEMENT_BYTES, MEMBER_BYTES, hold, weigh, work, type Metered } from "../work.js";

function key(k: unknown): string {
  const s = str(k);
  if (isForbiddenKey(s)) throw new Error(`Access to "${s}" is not allowed`);
  return s;
}

const STRUCT_TYPES = new Set(["normal", "ordered", "linked", "casesensitive", "ordered-casesensitive"]);

/**
 * A deep copy of arrays, structs and queries (a step of `m`'s work per value, and its elements
 * and members held by the page); other values are immutable.
 */
export function deepCopy(v: unknown, m?: Metered): unknown {
  work(m, 1);
  if (Array.isArray(v)) {
    hold(m, v.length * ELEMENT_BYTES);
    return v.map((e) => deepCopy(e, m));
  }
  if (v instanceof QueryResult)
    return new QueryResult(
      [...v.columns],
      v.rows.map((r) => deepCopy(r, m) as Struct),
    );
  if (v instanceof Date) return new Date(v.getTime());
  if (isStruct(v)) {
    const s = newStruct();
    const keys = Object.keys(v);
    hold(m, keys.length * MEMBER_BYTES);
    for (const k of keys) s[k] = deepCopy(v[k], m);
    return s;
  }
  return v;
}

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const NOWHERE = { file: "", line: 0, column: 0, start: 0, end: 0 };

/** structGet("a.b.c"): walks a variable path, creating missing structs as CFML does. */
function structAtPath(ctx: RenderContext, path: unknown): unknown {
  const p = str(path);
  if (!PATH.test(p)) throw argError(`structGet: ${JSON.stringify(p)} is not a variable path such as "a.b.c"`);
  const [head, ...rest] = p.split(".");
  for (const k of [head!, ...rest]) key(k);
  let v: unknown;
  try {
    v = rest.length ? base(ctx, head!, NOWHERE) : lookup(ctx, head!, NOWHERE);
  } catch (err) {
    if (!(err instanceof RuntimeError && err.code === codes.UNDEFINED)) throw err;
    v = newStruct();
    assign(ctx, head!, [], v, NOWHERE);
  }
  for (const k of rest) {
    if (!isStruct(v)) throw argError(`structGet: ${JSON.stringify(p)} passes through a ${typeName(v)}, not a struct`);
    const at = keyOf(v, k);
    if (at === undefined || v[at] === null || v[at] === undefined) {
      v[at ?? k] = newStruct();
      noteKey(v, at ?? k);
    }
    v = v[at ?? k];
  }
  return v;
}

interface Found {
  key: string;
  value: unknown;
  path: string;
  owner: Struct;
}

/** Every key (and value) under a struct, depth first, with its dotted path. */
function walk(m: Metered, top: unknown, visit: (f: Found) => boolean, path = "", seen = new Set<unknown>()): boolean {
  work(m, 1);
  if (seen.has(top)) return true;
  seen.add(top);
  if (isStruct(top)) {
    for (const k of Object.keys(top)) {
      const p = `${path}.${k}`;
      if (!visit({ key: k, value: top[k], path: p, owner: top })) return false;
      if (!walk(m, top[k], visit, p, seen)) return false;
    }
  } else if (Array.isArray(top)) {
    for (let i = 0; i < top.length; i++) if (!walk(m, top[i], visit, `${path}[${i + 1}]`, seen)) return false;
  }
  return true;
}

function scopeAll(scope: unknown): boolean {
  const s = scope === undefined ? "one" : str(scope).toLowerCase();
  if (s !== "one" && s !== "all") throw argError(`scope must be "one" or "all", got ${JSON.stringify(s)}`);
  return s === "all";
}

export default category("structs", {
  structNew: [
    {
      params: "[type]",
      doc: 'A new empty struct (same as {}). Keys are case-insensitive and keep the case they were first written with, as in CFML; type "casesensitive" (also "ordered-casesensitive") makes a struct whose keys are case-sensitive. "normal", "ordered" and "linked" are accepted: every struct keeps its keys in the order they were set, except that keys written as whole numbers ("2", "10") come first, in numeric order.',
      example: 'structCount(structNew("ordered"))',
      result: "0",
    },
    (_c, type?: unknown) => {
      if (type !== undefined) {
        const t = str(type).trim().toLowerCase();
        if (!STRUCT_TYPES.has(t))
          throw argError(
            `structNew: type must be normal, ordered, linked, casesensitive or ordered-casesensitive, got ${JSON.stringify(t)}`,
          );
        if (t.endsWith("casesensitive")) return caseSensitive(newStruct());
      }
      return newStruct();
    },
  ],
  struct: [
    {
      params: "[keys]",
      namedStruct: true,
      doc: "A new struct of its named arguments (Lucee's struct(a: 1, b: 2)), in the order written; with none, an empty one.",
      example: "serializeJSON(struct(a: 1, b: [2]))",
      result: '{"a":1,"b":[2]}',
    },
    (_c, s?: unknown) => (s === undefined ? newStruct() : Object.assign(newStruct(), struct(s, "struct"))),
  ],
  structKeyExists: [
    {
      params: "struct, key",
      doc: "true when the struct has the key.",
      example: 'structKeyExists({a: 1}, "a")',
      result: "true",
    },
    (_c, s: unknown, k: unknown) =>
      s instanceof XmlNode ? xmlHas(s, str(k)) : keyOf(struct(s, "structKeyExists"), str(k)) !== undefined,
  ],
  __structGet: [
    {
      params: "struct, key",
      doc: "The value of the key, or null when the struct has no such key (Java's Map.get, which Lucee reaches as the member st.get(key)).",
      example: '({a: 1}.get("A") ?: "none") & " " & ({a: 1}.get("b") ?: "none")',
      result: "1 none",
    },
    (_c, s: unknown, k: unknown) => {
      const o = struct(s, "get");
      const key = keyOf(o, str(k));
      return key === undefined ? null : (o[key] ?? null);
    },
  ],
  structCount: [
    { params: "struct", doc: "Number of keys.", example: "structCount({a: 1, b: 2})", result: "2" },
    (_c, s: unknown) => keysOf(s, "structCount").length,
  ],
  structIsEmpty: [
    { params: "struct", doc: "true when the struct has no keys.", example: "structIsEmpty({})", result: "true" },
    (_c, s: unknown) => keysOf(s, "structIsEmpty").length === 0,
  ],
  structKeyList: [
    {
      params: "struct, [delimiter]",
      doc: "The keys as a list, in insertion order.",
      example: "structKeyList({a: 1, b: 2})",
      result: "a,b",
    },
    (_c, s: unknown, d?: unknown) => keysOf(s, "structKeyList").join(d === undefined ? "," : str(d)),
  ],
  structKeyArray: [
    { params: "struct", doc: "The keys as an array.", example: "structKeyArray({a: 1, b: 2})", result: '["a","b"]' },
    (_c, s: unknown) => keysOf(s, "structKeyArray"),
  ],
  structGet: [
    {
      params: "pathOrStruct, [key], [default]",
      doc: 'CFML\'s structGet("a.b.c"): the struct at a variable path, creating the missing ones. With a struct and a key: the value at key, or default (an error without one) when absent.',
      example: 'structGet({a: 1}, "b", 0)',
      result: "0",
    },
    (ctx, s: unknown, k?: unknown, dflt?: unknown) => {
      if (k === undefined) return structAtPath(ctx, s);
      const st = struct(s, "structGet");
      const name = key(k);
      const at = keyOf(st, name);
      if (at !== undefined) return st[at];
      if (dflt === undefined) throw new Error(`Key "${name}" does not exist`);
      return dflt;
    },
  ],
  structInsert: [
    {
      params: "struct, key, value, [allowOverwrite]",
      doc: "Adds a key (changes the struct) and returns true, as in CFML; a key already there is an error unless allowOverwrite is true.",
      example: 'structInsert({}, "a", 1) & " " & structInsert({a: 1}, "a", 2, true)',
      result: "true true",
    },
    (c, s: unknown, k: unknown, v: unknown, o?: unknown) => {
      const st = struct(s, "structInsert");
      const name = keyOf(st, key(k)) ?? key(k);
      if ((o === undefined || !toBool(o, null)) && st[name] !== undefined && st[name] !== null)
        throw argError(`structInsert: the key ${JSON.stringify(name)} is already there (allowOverwrite is false)`);
      hold(c, (st[name] === undefined ? MEMBER_BYTES : 0) + weigh(v) - weigh(st[name]));
      if (st[name] === undefined) noteKey(st, name);
      st[name] = v;
      return true;
    },
  ],
  structDelete: [
    {
      params: "struct, key, [indicateNotExisting]",
      doc: "Removes a key (changes the struct); true, as in CFML, unless indicateNotExisting is true and the key was not there.",
      example: 'structDelete({a: 1}, "a") & " " & structDelete({a: 1}, "b", true)',
      result: "true false",
    },
    (_c, s: unknown, k: unknown, indicate?: unknown) => {
      const st = struct(s, "structDelete");
      const name = key(k);
      const had = deleteKey(st, name);
      if (had) attrViewDelete(st, name);
      return had || indicate === undefined || !toBool(indicate, null);
    },
  ],
  structAppend: [
    {
      params: "target, source, [overwrite]",
      doc: "Copies the keys of source into target (overwriting unless overwrite is false) and returns true, as in Lucee (the member form, target.append(source), returns target).",
      example: 'structAppend({a: 1}, {b: 2}) & " " & serializeJSON({a: 1}.append({b: 2}))',
      result: 'true {"a":1,"b":2}',
    },
    (c, t: unknown, s: unknown, ow?: unknown) => {
      const target = struct(t, "structAppend");
      const source = struct(s, "structAppend");
      for (const k of Object.keys(source)) {
        const at = keyOf(target, key(k));
        if (ow !== false || at === undefined) {
          hold(
            c,
            (at === undefined ? MEMBER_BYTES : 0) + weigh(source[k]) - weigh(at === undefined ? undefined : target[at]),
          );
          target[at ?? k] = source[k];
          if (at === undefined) noteKey(target, k);
        }
      }
      return true;
    },
  ],
  structCopy: [
    { params: "struct", doc: "A deep copy.", example: "structCopy({a: [1]})", result: '{"a":[1]}' },
    (c, s: unknown) => deepCopy(struct(s, "structCopy"), c),
  ],
  structClear: [
    {
      params: "struct",
      doc: "Removes every key (changes the struct); returns true.",
      example: "structClear({a: 1})",
      result: "true",
    },
    (_c, s: unknown) => {
      const st = struct(s, "structClear");
      for (const k of Object.keys(st)) delete st[k];
      return true;
    },
  ],
  structFind: [
    {
      params: "struct, key, [default]",
      doc: "The value at key; default (an error without one) when absent.",
      example: 'structFind({pig: "oink"}, "pig")',
      result: "oink",
    },
    (_c, s: unknown, k: unknown, dflt?: unknown) => {
      const st = struct(s, "structFind");
      const name = key(k);
      const at = keyOf(st, name);
      if (at !== undefined) return st[at];
      if (dflt === undefined) throw argError(`Key "${name}" does not exist`);
      return dflt;
    },
  ],
  structFindKey: [
    {
      params: "top, key, [scope]",
      doc: 'Searches nested structs and arrays for a key: an array of {value, path, owner} (the first, or scope "all": every one).',
      example: 'structFindKey({a: {id: 1}}, "id")[1].path',
      result: ".a.id",
    },
    (c, t: unknown, k: unknown, sc?: unknown) => {
      const name = str(k);
      const all = scopeAll(sc);
      const out: Struct[] = [];
      walk(c, t, (f) => {
        if (f.key === name) {
          const r = newStruct();
          r.value = f.value;
          r.path = f.path;
          r.owner = f.owner;
          out.push(r);
          return all;
        }
        return true;
      });
      return out;
    },
  ],
  structFindValue: [
    {
      params: "top, value, [scope]",
      doc: "Searches nested structs and arrays for a simple value (ignoring case): an array of {key, path, owner}.",
      example: 'structFindValue({a: {b: "x"}}, "X")[1].key',
      result: "b",
    },
    (c, t: unknown, v: unknown, sc?: unknown) => {
      const all = scopeAll(sc);
      const out: Struct[] = [];
      walk(c, t, (f) => {
        if (
          !isStruct(f.value) &&
          !Array.isArray(f.value) &&
          !(f.value instanceof QueryResult) &&
          same(f.value, v, true, c)
        ) {
          const r = newStruct();
          r.key = f.key;
          r.path = f.path;
          r.owner = f.owner;
          out.push(r);
          return all;
        }
        return true;
      });
      return out;
    },
  ],
  structSort: [
    {
      params: "struct, [sortType], [order], [pathToSubElement]",
      doc: "The keys, sorted by their values (or by a key path inside each value): sortType text, textnocase or numeric.",
      example: 'structSort({a: 3, b: 1, c: 2}, "numeric")',
      result: '["b","c","a"]',
    },
    (c, s: unknown, t?: unknown, o?: unknown, sub?: unknown) => {
      const st = struct(s, "structSort");
      const path = sub === undefined || str(sub) === "" ? [] : str(sub).split(".");
      const at = (k: string): unknown =>
        path.reduce<unknown>((v, p) => {
          const at = isStruct(v) ? keyOf(v, p) : undefined;
          if (at === undefined) throw argError(`structSort: "${k}" has no ${JSON.stringify(str(sub))}`);
          return (v as Struct)[at];
        }, st[k]);
      return sortValues(Object.keys(st), t, o, at, c);
    },
  ],
  structUpdate: [
    {
      params: "struct, key, value",
      doc: "Changes the value of a key that exists (an error if it does not); returns true.",
      example: 'structUpdate({a: 1}, "a", 2)',
      result: "true",
    },
    (_c, s: unknown, k: unknown, v: unknown) => {
      const st = struct(s, "structUpdate");
      const name = keyOf(st, key(k));
      if (name === undefined) throw argError(`Key "${key(k)}" does not exist`);
      st[name] = v;
      return true;
    },
  ],
  structValueArray: [
    {
      params: "struct",
      doc: "The values as an array, in key order.",
      example: "structValueArray({a: 1, b: 2})",
      result: "[1,2]",
    },
    (_c, s: unknown) => {
      const st = struct(s, "structValueArray");
      return Object.keys(st).map((k) => st[k]);
    },
  ],
  duplicate: [
    {
      params: "value",
      doc: "A deep copy of an array, struct or query (other values as they are).",
      example: "duplicate([1, [2]])",
      result: "[1,[2]]",
    },
    (c, v: unknown) => deepCopy(v, c),
  ],
  isEmpty: [
    {
      params: "value",
      doc: "true for null, an empty string, array, struct or query.",
      example: 'isEmpty("")',
      result: "true",
    },
    (_c, v: unknown) => {
      if (v === null || v === undefined) return true;
      if (Array.isArray(v)) return v.length === 0;
      if (v instanceof QueryResult) return v.rows.length === 0;
      if (isStruct(v)) return Object.keys(v).length === 0;
      return str(v) === "";
    },
  ],
  structKeyTranslate: [
    {
      params: "struct, [deepTranslation], [leaveOriginalKey]",
      doc: 'Turns dotted keys into nested structs ({"a.b": 1} becomes {a: {b: 1}}); returns the number of keys translated.',
      example: 'structKeyTranslate({"a.b": 1})',
      result: "1",
    },
    (_c, s: unknown, deep?: unknown, leave?: unknown) =>
      translate(
        struct(s, "structKeyTranslate"),
        deep !== undefined && toBool(deep, null),
        leave !== undefined && toBool(leave, null),
      ),
  ],
  structToArray: [
    {
      params: "struct",
      doc: "An array of {key, value} structs.",
      example: "structToArray({a: 1})[1].key",
      result: "a",
    },
    (_c, s: unknown) => {
      const st = struct(s, "structToArray");
      return Object.keys(st).map((k) => {
        const r = newStruct();
        r.key = k;
        r.value = st[k];
        return r;
      });
    },
  ],
  arrayToStruct: [
    {
      params: "array, [valueAsKey]",
      doc: "A struct with keys 1, 2, … for the array's elements; with valueAsKey true, the elements (as strings) are the keys and their positions the values.",
      example: 'arrayToStruct(["a", "b"])["2"] & arrayToStruct(["a", "b"], true).b',
      result: "b2",
    },
    (_c, a: unknown, valueAsKey?: unknown) => {
      const s = newStruct();
      const byValue = valueAsKey !== undefined && toBool(valueAsKey, null);
      arr(a, "arrayToStruct").forEach((v, i) => {
        if (!byValue) s[String(i + 1)] = v;
        else {
          const k = str(v);
          if (isForbiddenKey(k)) throw argError(`Access to "${k}" is not allowed`);
          s[keyOf(s, k) ?? k] = i + 1;
        }
      });
      return s;
    },
  ],
});

function translate(s: Struct, deep: boolean, leave: boolean): number {
  let n = 0;
  for (const k of Object.keys(s)) {
    if (deep && isStruct(s[k])) n += translate(s[k], deep, leave);
    if (!k.includes(".")) continue;
    const parts = k.split(".");
    for (const p of parts) key(p);
    let cur = s;
    for (const p of parts.slice(0, -1)) {
      if (!isStruct(cur[p])) cur[p] = newStruct();
      cur = cur[p] as Struct;
    }
    cur[parts[parts.length - 1]!] = s[k];
    if (!leave) delete s[k];
    n++;
  }
  return n;
}
