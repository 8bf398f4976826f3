// Components (CFML's CFCs): a component file (`Name.cfc`) describes an object; `new Name(args)`
// makes an instance. An instance is a struct (its `this` scope: public functions and what the
// component puts in `this`) that the instance's functions see beside their own `variables`
// scope (private functions, properties, everything set unscoped). Both modes call these: the
// component file is rendered as a template (functions defined at its start, then its body, the
// pseudo-constructor) into a context whose `variables` is the instance's, and the
// dbt:component tag at its top calls componentStart first, which builds the base component of
// `extends` and makes this level's functions methods of the instance.
import type { Loc } from "../parser/ast.js";
import type { RenderContext, VarsFrame } from "./context.js";
import { RuntimeError, codes } from "./errors.js";
import { keyOf } from "./keys.js";
import { UserFunction, byName, invoke, type FunctionImpl } from "./udf.js";
import { COMPONENT_TYPE, FunctionValue, isStruct, newStruct, type Struct } from "./values.js";

/** One property of a component (`property name="x" type="string" default="a";`). */
export interface PropertyMeta {
  name: string;
  type: string;
  /** Written out (a literal), or absent. */
  default?: string | number | boolean;
  getter: boolean;
  setter: boolean;
}

/** What a component file declares, fixed when it is validated (compiled code holds it as JSON). */
export interface ComponentMeta {
  /** The file's name without `.cfc` ("Person"), and its site path with dots ("models.Person"). */
  name: string;
  fullName: string;
  /** The file, site-relative ("models/Person.cfc"). */
  path: string;
  /** The base component's file, or null. */
  extends: string | null;
  accessors: boolean;
  properties: PropertyMeta[];
  /** The functions the file declares, with their access (public unless said). */
  functions: { name: string; access: string }[];
  hint?: string;
}

/** An instance: its `this` struct is the value; this holds the rest. */
interface Instance {
  self: Struct;
  variables: Struct;
  /** The component files it is made of, the base first, the instance's own last. */
  chain: ComponentMeta[];
  /** The files being rendered into it now (the instance's own, then its bases). */
  pending: string[];
}

/** What a component file's render builds: the instance, and the output of its base's render. */
interface Building {
  instance: Instance;
}

const INSTANCES = new WeakMap<object, Instance>();
/** `super` inside a method: the functions of the base, any access (a struct, but not an instance). */
const SUPERS = new WeakSet<object>();

/** The instance `v` is, or undefined. */
export function instanceData(v: unknown): Instance | undefined {
  return v !== null && typeof v === "object" ? INSTANCES.get(v) : undefined;
}

export const isInstance = (v: unknown): boolean => instanceData(v) !== undefined;

/** The dotted name of the component `v` is an instance of, or undefined. */
export function componentName(v: unknown): string | undefined {
  const chain = instanceData(v)?.chain;
  return chain?.[chain.length - 1]?.fullName;
}

/** `new path.Name(args)`: builds an instance of the component file `path` and calls its init. */
export async function newComponent(
  ctx: RenderContext,
  path: string,
  args: unknown[],
  loc: Loc,
  emit: (out: string) => void,
  names?: string[],
  callInit = true,
): Promise<unknown> {
  const self = newStruct();
  const variables = newStruct();
  // As in Lucee, `this` is a name the component's variables hold.
  variables.this = self;
  const instance: Instance = { self, variables, chain: [], pending: [] };
  INSTANCES.set(self, instance);
  COMPONENT_TYPE.add(self);
  await build(ctx, instance, path, loc, emit);
  const k = keyOf(self, "init");
  const init = k === undefined ? undefined : self[k];
  if (!callInit) return self;
  if (init instanceof UserFunction) {
    // As in Lucee, new gives what init returns (`return this;` by habit), the instance when nothing.
    const v = await invoke(ctx, init, names ? byName(init.spec, names, args, loc) : args, loc, emit);
    if (v !== null && v !== undefined) return v;
  } else if (args.length > 0) {
    const leaf = instance.chain[instance.chain.length - 1]!;
    throw new RuntimeError(
      codes.COMPONENT,
      `Component ${leaf.fullName} has no init() function to take the arguments of new`,
      loc,
    );
  }
  return self;
}

/** Renders one component file of the chain into the instance (its base first, through componentStart). */
async function build(ctx: RenderContext, instance: Instance, path: string, loc: Loc, emit: (s: string) => void) {
  // A component whose pseudo-constructor makes another instance of itself would never end.
  if (ctx.callDepth >= ctx.limits.maxCallDepth)
    throw new RuntimeError(
      codes.CALL_DEPTH,
      `Components made inside components more than ${ctx.limits.maxCallDepth} deep, at ${path} (limit maxCallDepth): does one make an instance of itself?`,
      loc,
    );
  const building: Building = { instance };
  instance.pending.push(path);
  try {
    emit(await ctx.host.renderInto(path, ctx.forComponent(instance.variables, building), loc));
  } finally {
    instance.pending.pop();
  }
}

/**
 * The start of a component file's body (the dbt:component tag): builds the base of `extends`
 * into the instance, then makes this file's functions the instance's methods (the public ones
 * in `this` as well), sets the properties' defaults and makes their accessors. Returns the
 * output of the base's render.
 */
export async function componentStart(ctx: RenderContext, meta: ComponentMeta, loc: Loc): Promise<string> {
  const building = ctx.building as Building | null;
  if (building === null) {
    throw new RuntimeError(
      codes.COMPONENT,
      `${meta.path} is a component: make an instance with new ${meta.name}()`,
      loc,
    );
  }
  const { instance } = building;
  const { variables, self } = instance;
  // This file's functions, as its render defined them (the base's render would overwrite them).
  const own = meta.functions.map((f): [string, string, unknown] => [f.name, f.access, variables[f.name]]);
  let out = "";
  let captured: VarsFrame[] = [];
  if (meta.extends !== null) {
    if (instance.pending.includes(meta.extends))
      throw new RuntimeError(
        codes.COMPONENT,
        `Components extend each other in a cycle: ${[...instance.pending, meta.extends].join(" → ")}`,
        loc,
      );
    await build(ctx, instance, meta.extends, loc, (s) => (out += s));
    // `super`: the base's functions as they stand now (its own, and those it inherits).
    const base = newStruct();
    for (const k of Object.keys(variables)) if (variables[k] instanceof UserFunction) base[k] = variables[k];
    SUPERS.add(base);
    const frame = newStruct();
    frame.super = base;
    captured = [{ kind: "vars", vars: frame }];
  }
  instance.chain.push(meta);
  for (const [name, access, f] of own) {
    if (!(f instanceof UserFunction)) continue;
    const m = new UserFunction(f.spec, f.impl, f.scopes, captured, false, true);
    setKey(variables, name, m);
    if (access !== "private") setKey(self, name, m);
    else deleteKey(self, name);
  }
  for (const p of meta.properties) {
    if (p.default !== undefined) setKey(variables, p.name, p.default);
    else if (keyOf(variables, p.name) === undefined && meta.accessors) setKey(variables, p.name, "");
    if (!meta.accessors) continue;
    const cap = p.name.charAt(0).toUpperCase() + p.name.slice(1);
    if (p.getter && keyOf(self, `get${cap}`) === undefined) accessor(instance, `get${cap}`, p.name, false);
    if (p.setter && keyOf(self, `set${cap}`) === undefined) accessor(instance, `set${cap}`, p.name, true);
  }
  return out;
}

/** Sets `key` in `s` under the spelling it already has there, else as written. */
function setKey(s: Struct, key: string, value: unknown): void {
  s[keyOf(s, key) ?? key] = value;
}

function deleteKey(s: Struct, key: string): void {
  const k = keyOf(s, key);
  if (k !== undefined) delete s[k];
}

/** A property's getX() or setX(value) (accessors=true): reads or writes the instance's variables. */
function accessor(instance: Instance, name: string, prop: string, set: boolean): void {
  const impl: FunctionImpl = {
    defaults: set ? [null] : [],
    run(fctx) {
      const vars = fctx.scopes.variables;
      if (!set) return Promise.resolve([vars[keyOf(vars, prop) ?? prop] ?? "", ""]);
      setKey(vars, prop, fctx.scopes.arguments![prop]);
      return Promise.resolve([instance.self, ""]);
    },
  };
  const spec = {
    name,
    params: set ? [{ name: prop, type: "any", required: true }] : [],
    returnType: "any",
    output: false,
  };
  const f = new UserFunction(spec, impl, { variables: instance.variables }, [], false, true);
  instance.self[name] = f;
  instance.variables[name] = f;
}

/**
 * `recv.name(args)` when `recv` is an instance, a `super`, or a struct holding a function of
 * that name: the call, or undefined when `recv` is none of those (a built-in member then).
 */
export function methodCall(
  ctx: RenderContext,
  recv: unknown,
  name: string,
  args: unknown[],
  loc: Loc,
  emit: (out: string) => void,
  names: string[] | undefined,
): Promise<unknown> | undefined {
  if (!isStruct(recv)) return undefined;
  const k = keyOf(recv, name);
  const f = k === undefined ? undefined : recv[k];
  if (f instanceof UserFunction) return invoke(ctx, f, names ? byName(f.spec, names, args, loc) : args, loc, emit);
  const inst = INSTANCES.get(recv);
  if (inst === undefined) {
    if (SUPERS.has(recv)) throw new RuntimeError(codes.COMPONENT, `The base component has no function ${name}()`, loc);
    return undefined;
  }
  const leaf = inst.chain[inst.chain.length - 1]!;
  const pk = keyOf(inst.variables, name);
  if (pk !== undefined && inst.variables[pk] instanceof FunctionValue)
    throw new RuntimeError(
      codes.COMPONENT,
      `${name}() of component ${leaf.fullName} is private: only the component's own functions may call it`,
      loc,
    );
  if (f !== undefined)
    throw new RuntimeError(codes.COMPONENT, `${name} of component ${leaf.fullName} is not a function`, loc);
  throw new RuntimeError(codes.COMPONENT, `Component ${leaf.fullName} has no function ${name}()`, loc);
}

/** The Java classes CFML code asks isInstanceOf about, for the values Lucee holds in them. */
const JAVA_CLASSES: Record<string, (v: unknown) => boolean> = {
  "java.lang.object": (v) => v !== null && v !== undefined,
  "java.lang.string": (v) => typeof v === "string",
  "java.lang.charsequence": (v) => typeof v === "string",
  "java.lang.number": (v) => typeof v === "number",
  "java.lang.double": (v) => typeof v === "number",
  "java.lang.boolean": (v) => typeof v === "boolean",
  "java.util.date": (v) => v instanceof Date,
  "java.util.map": isStruct,
  "java.util.list": Array.isArray,
  "java.util.collection": Array.isArray,
};

/** isInstanceOf(obj, "Name"): the instance's component or one it extends, by name or full name. */
export function instanceOfName(v: unknown, name: string): boolean {
  const java = JAVA_CLASSES[name.toLowerCase()];
  if (java !== undefined) return java(v);
  const inst = instanceData(v);
  if (inst === undefined) return false;
  const want = name.toLowerCase();
  return inst.chain.some((m) => m.name.toLowerCase() === want || m.fullName.toLowerCase() === want);
}

/** getMetadata(obj): the component's name, path, properties, functions and base, as Lucee gives them. */
export function componentMetadata(v: unknown): Struct | undefined {
  const inst = instanceData(v);
  if (inst === undefined) return undefined;
  let meta: Struct | null = null;
  for (const m of inst.chain) {
    const s = newStruct();
    s.name = m.fullName;
    s.fullname = m.fullName;
    s.path = m.path;
    s.type = "component";
    s.accessors = m.accessors;
    if (m.hint !== undefined) s.hint = m.hint;
    s.properties = m.properties.map((p) => {
      const ps = newStruct();
      ps.name = p.name;
      ps.type = p.type;
      if (p.default !== undefined) ps.default = p.default;
      return ps;
    });
    s.functions = m.functions.map((f) => {
      const fs = newStruct();
      fs.name = f.name;
      fs.access = f.access;
      return fs;
    });
    s.extends = meta ?? newStruct();
    meta = s;
  }
  return meta ?? undefined;
}

/** serializeJSON of an instance, as Lucee writes it: the non-function keys of `this`, then the properties. */
export function instanceJson(v: unknown): Struct | undefined {
  const inst = instanceData(v);
  if (inst === undefined) return undefined;
  const out = newStruct();
  for (const k of Object.keys(inst.self)) if (!(inst.self[k] instanceof FunctionValue)) out[k] = inst.self[k];
  for (const m of inst.chain)
    for (const p of m.properties) {
      const k = keyOf(inst.variables, p.name);
      if (k !== undefined) out[p.name] = inst.variables[k];
    }
  return out;
}
