import { category, str, struct } from "./define.js";
import { newStruct, type Struct } from "../values.js";
import { isForbiddenKey } from "../runtime.js";

function key(k: unknown): string {
  const s = str(k);
  if (isForbiddenKey(s)) throw new Error(`Access to "${s}" is not allowed`);
  return s;
}

function deepCopy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(deepCopy);
  if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === null) {
    const s = newStruct();
    for (const k of Object.keys(v)) s[k] = deepCopy((v as Struct)[k]);
    return s;
  }
  return v;
}

export default category("structs", {
  structNew: [{ params: "", doc: "A new empty struct (same as {}).", example: "structCount(structNew())", result: "0" }, () => newStruct()],
  structKeyExists: [{ params: "struct, key", doc: "true when the struct has the key.", example: 'structKeyExists({a: 1}, "a")', result: "true" },
    (_c, s: unknown, k: unknown) => Object.prototype.hasOwnProperty.call(struct(s, "structKeyExists"), str(k))],
  structCount: [{ params: "struct", doc: "Number of keys.", example: "structCount({a: 1, b: 2})", result: "2" }, (_c, s: unknown) => Object.keys(struct(s, "structCount")).length],
  structIsEmpty: [{ params: "struct", doc: "true when the struct has no keys.", example: "structIsEmpty({})", result: "true" }, (_c, s: unknown) => Object.keys(struct(s, "structIsEmpty")).length === 0],
  structKeyList: [{ params: "struct, [delimiter]", doc: "The keys as a list, in insertion order.", example: "structKeyList({a: 1, b: 2})", result: "a,b" },
    (_c, s: unknown, d?: unknown) => Object.keys(struct(s, "structKeyList")).join(d === undefined ? "," : str(d))],
  structKeyArray: [{ params: "struct", doc: "The keys as an array.", example: "structKeyArray({a: 1, b: 2})", result: '["a","b"]' }, (_c, s: unknown) => Object.keys(struct(s, "structKeyArray"))],
  structGet: [{ params: "struct, key, [default]", doc: "The value at key, or default (an error without one) when absent.", example: 'structGet({a: 1}, "b", 0)', result: "0" },
    (_c, s: unknown, k: unknown, dflt?: unknown) => {
      const st = struct(s, "structGet"); const name = key(k);
      if (Object.prototype.hasOwnProperty.call(st, name)) return st[name];
      if (dflt === undefined) throw new Error(`Key "${name}" does not exist`);
      return dflt;
    }],
  structInsert: [{ params: "struct, key, value", doc: "Sets a key (changes the struct) and returns the struct.", example: 'structInsert({}, "a", 1)', result: '{"a":1}' },
    (_c, s: unknown, k: unknown, v: unknown) => { struct(s, "structInsert")[key(k)] = v; return s; }],
  structDelete: [{ params: "struct, key", doc: "Removes a key (changes the struct); true if it was there.", example: 'structDelete({a: 1}, "a")', result: "true" },
    (_c, s: unknown, k: unknown) => { const st = struct(s, "structDelete"); const name = key(k); const had = Object.prototype.hasOwnProperty.call(st, name); delete st[name]; return had; }],
  structAppend: [{ params: "target, source, [overwrite]", doc: "Copies the keys of source into target (overwriting unless overwrite is false) and returns target.", example: "structAppend({a: 1}, {b: 2})", result: '{"a":1,"b":2}' },
    (_c, t: unknown, s: unknown, ow?: unknown) => {
      const target = struct(t, "structAppend"); const source = struct(s, "structAppend");
      for (const k of Object.keys(source)) if (ow !== false || !(k in target)) target[key(k)] = source[k];
      return target;
    }],
  structCopy: [{ params: "struct", doc: "A deep copy.", example: "structCopy({a: [1]})", result: '{"a":[1]}' }, (_c, s: unknown) => deepCopy(struct(s, "structCopy"))],
});
