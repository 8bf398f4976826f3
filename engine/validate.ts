// Checks a parsed tree before anything runs: tags in the right places, attributes known and
// well-typed, functions known with the right number of arguments, no prototype names.
// Turns raw attributes into expressions (node.args) and lets each tag prepare its data.
import type { Expr, ExprOf, FunctionDef, LValue, Loc, Node, TagNode } from "../parser/ast.js";
import { parseExpression, parseInterpolated, type SourceFile } from "../parser/parse.js";
import { buildTree } from "../parser/tree.js";
import { splitTarget } from "./lvalue.js";
import type { AttrSpec, TagDef } from "../tags/types.js";
import { TemplateError, codes } from "./errors.js";
import type { BuiltinDef } from "./functions/define.js";
import { isMemberName, memberPlan } from "./functions/members.js";
import { callAwaits, isWriteOutput } from "./functions/index.js";
import { paramIndex, paramName, paramNames } from "./functions/named.js";
import { CATCH_NAMES, SCOPES, isForbiddenKey } from "./runtime.js";

/** Scope and catch names by their lower-case form: `URL.id` is `url.id`, `thistag` is `thisTag`. */
const FIXED_SPELLING = new Map([...SCOPES, ...CATCH_NAMES].map((n) => [n.toLowerCase(), n]));

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Where a member call's receiver may be a component instance whatever the template sets (mayBeInstance). */
const INSTANCE_ROOTS = new Set(["this", "super", "application", "session", "request", "arguments", "local"]);

const isCreateObject = (e: Expr | null | undefined): boolean =>
  e?.type === "call" && e.name.toLowerCase() === "createobject";

/** Attribute types fixed when the template is validated. */
const isStatic = (spec: AttrSpec) => ["name", "variable", "text", "enum"].includes(spec.type);

export interface ValidatorHost {
  tag(name: string): TagDef | undefined;
  /** The function of that name (case-insensitive), built-in or the host app's. */
  fn(name: string): BuiltinDef | undefined;
  /** Resolves a template path written in `from`, or throws a TemplateError at `loc`. */
  resolve(from: string, path: string, loc: Loc): string;
}

export class Validator {
  /** Templates this one includes, for cycle detection. */
  readonly includes: { path: string; loc: Loc }[] = [];
  /** Templates this one calls as modules (recursion allowed, bounded at run time). */
  readonly modules: { path: string; loc: Loc }[] = [];
  /** Tags enclosing the node being validated, outermost first. */
  readonly ancestors: TagNode[] = [];
  /** The call that is the whole value of the <dbt:set> being checked, if any. */
  private statementCall: Expr | null = null;
  /** The template's <dbt:function> definitions (tags/function.ts adds them). */
  readonly functions: FunctionDef[] = [];
  /** Names of the functions the template defines, lower-case, known before any call is checked. */
  private readonly userFunctions = new Set<string>();
  /** Variables the template sets to `new …` or `createObject(…)`, lower-case (see mayBeInstance). */
  private readonly instanceVars = new Set<string>();
  /** The template includes others, which may define functions it calls. */
  private includesOthers = false;
  /** Each variable name's spelling in this template by its lower-case form (see spell). */
  private readonly spellings = new Map<string, string>();

  constructor(
    readonly src: SourceFile,
    readonly host: ValidatorHost,
  ) {}

  /**
   * The spelling a variable name is written with in this template: a scope's or a catch's own,
   * else the first one met. CFML's names are case-insensitive; with one spelling per template
   * the tags and the compiler compare names as strings, and the run time folds case only
   * between templates (engine/keys.ts).
   */
  spell(name: string): string {
    const lower = name.toLowerCase();
    const fixed = FIXED_SPELLING.get(lower) ?? this.spellings.get(lower);
    if (fixed !== undefined) return fixed;
    this.spellings.set(lower, name);
    return name;
  }

  error(message: string, loc: Loc, code: string = codes.ATTRIBUTE): TemplateError {
    return new TemplateError(code, message, loc);
  }

  /**
   * A closure's parameters and body, validated as a function's: the body's own, with no tag
   * around it (a break inside does not reach a loop outside), and the same FunctionDef.
   */
  private closure(e: ExprOf<"closure">): void {
    const body = buildTree(this.src, e.tokens!, (n) => this.host.tag(n));
    delete e.tokens;
    const node: TagNode<FunctionDef> = {
      type: "tag",
      name: "function",
      attrs: [],
      args: Object.create(null) as TagNode["args"],
      expr: null,
      target: null,
      body,
      data: {
        name: e.lambda ? "lambda" : "closure",
        params: [],
        returnType: "any",
        output: true,
        body: body.filter((n) => !(n.type === "tag" && n.name === "argument")),
      },
      loc: e.loc,
      endLoc: null,
    };
    const outer = this.ancestors.splice(0, this.ancestors.length, node);
    try {
      this.prescan(body);
      this.nodes(body);
    } finally {
      this.ancestors.splice(0, this.ancestors.length, ...outer);
    }
    e.def = node.data;
  }

  /**
   * The component file a name written in this template stands for (`models.Person` is
   * models/Person.cfc): beside the template first, then from the site folder (as Lucee looks:
   * the page's folder, then the root). Never outside the site. Loaded with the template.
   */
  component(dotted: string, loc: Loc): string {
    if (!/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(dotted) || dotted.split(".").some(isForbiddenKey))
      throw this.error(
        `"${dotted}" is not a component name (letters, digits, _, parts joined with dots)`,
        loc,
        codes.COMPONENT,
      );
    const file = `${dotted.split(".").join("/")}.cfc`;
    const from = this.src.file;
    let path: string | undefined;
    for (const p of [file, `/${file}`]) {
      try {
        path = this.host.resolve(from, p, loc);
        break;
      } catch (err) {
        if (!(err instanceof TemplateError && err.code === codes.TEMPLATE_NOT_FOUND)) throw err;
      }
    }
    if (path === undefined) {
      const dir = from.includes("/") ? `${from.slice(0, from.lastIndexOf("/") + 1)}${file}, then ` : "";
      throw this.error(`Component ${dotted} not found (looked for ${dir}${file})`, loc, codes.TEMPLATE_NOT_FOUND);
    }
    this.modules.push({ path, loc });
    return path;
  }

  /** createObject("component", "path.Name"[, …]) is new path.Name(): the name written out; CFML's other kinds Quarry has not. */
  private createObject(e: ExprOf<"call">): boolean {
    const [kind, name] = e.args;
    const text = (x: Expr | undefined) => (x?.type === "literal" && typeof x.value === "string" ? x.value : null);
    if (e.names || e.args.length !== 2 || text(kind)?.toLowerCase() !== "component" || text(name) === null)
      throw this.error(
        'createObject takes "component" and the component\'s name written out (createObject("component", "models.Person")): Quarry has no Java, COM or web service objects',
        e.loc,
        codes.FUNCTION,
      );
    const dotted = text(name)!;
    const made = e as unknown as ExprOf<"new">;
    made.type = "new";
    made.name = dotted;
    made.args = [];
    made.bare = true;
    made.path = this.component(dotted, name!.loc);
    return true;
  }

  /**
   * Whether the receiver of a member call a struct's built-in member takes may be a component
   * instance, so that the call must await (engine/component.ts): `this`, `super`, `variables`
   * in a component, a variable this template sets with `new` or `createObject`, or something
   * kept in the application, session or request scopes (where CFML keeps its services). Any
   * other struct member call stays the built-in, synchronous as before: an instance met there
   * is refused (QRY_ERR_COMPONENT).
   */
  private mayBeInstance(object: Expr): boolean {
    let base = object;
    while (base.type === "member" || base.type === "index" || base.type === "method") base = base.object;
    if (base.type === "new" || base.type === "invoke") return true;
    if (base.type === "call") return base.user === true || base.name.toLowerCase() === "createobject";
    if (base.type !== "var") return false;
    const name = base.name.toLowerCase();
    if (INSTANCE_ROOTS.has(name) || this.instanceVars.has(name)) return true;
    return name === "variables" && this.src.file.toLowerCase().endsWith(".cfc");
  }

  /** Notes the functions a template defines (callable before their definition) and whether it includes others. */
  prescan(nodes: Node[]): void {
    for (const n of nodes) {
      if (n.type !== "tag") continue;
      // A variable the template sets (it may hold a closure: f = function (x) {…}) and an
      // argument (a callback): callable by name, checked when the call runs.
      if (n.name === "set" && n.target?.type === "var") this.userFunctions.add(n.target.name.toLowerCase());
      // x = new Name(…), x = createObject(…): x may hold an instance (see mayBeInstance).
      if (n.name === "set" && n.target && (n.expr?.type === "new" || isCreateObject(n.expr))) {
        let t: Expr = n.target;
        while (t.type === "member" || t.type === "index") t = t.object;
        if (t.type === "var") this.instanceVars.add(t.name.toLowerCase());
      }
      if (n.name === "argument") {
        const name = n.attrs.find((a) => a.name.toLowerCase() === "name")?.raw;
        if (name) this.userFunctions.add(name.toLowerCase());
        // An argument may be an instance its caller made (see mayBeInstance).
        if (name) this.instanceVars.add(name.toLowerCase());
      }
      // A component's base (extends) defines functions too, found when the call runs.
      if (n.name === "include" || (n.name === "component" && n.attrs.some((a) => a.name.toLowerCase() === "extends")))
        this.includesOthers = true;
      if (n.name === "function") {
        const name = n.attrs.find((a) => a.name.toLowerCase() === "name")?.raw;
        if (name) this.userFunctions.add(name.toLowerCase());
      }
      if (n.body) this.prescan(n.body);
    }
  }

  nodes(nodes: Node[]): void {
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i]!;
      if (n.type === "interp") this.expr(n.expr);
      else if (n.type === "tag") {
        if (!n.body && this.host.tag(n.name)?.restAsBody?.(n.attrs)) n.body = nodes.splice(i + 1);
        this.tag(n);
      }
    }
  }

  private tag(node: TagNode): void {
    const def = this.host.tag(node.name)!;
    const parent = this.ancestors[this.ancestors.length - 1];
    if (def.parents && (!parent || !def.parents.includes(parent.name))) {
      const where = def.parents.map((p) => `<dbt:${p}>`).join(" or ");
      throw this.error(`<dbt:${node.name}> must stand directly inside ${where}`, node.loc, codes.NESTING);
    }
    this.attributes(node, def);
    // <dbt:set q = queryExecute(…)>: the one place a statement function may be called.
    this.statementCall = node.name === "set" && node.expr?.type === "call" ? node.expr : null;
    if (node.expr) this.expr(node.expr);
    this.statementCall = null;
    if (node.target) this.expr(node.target);
    const awaiting = Object.keys(node.args).filter((k) => node.args[k]!.async);
    if (awaiting.length) node.asyncArgs = awaiting;
    def.validate?.(node, this);
    if (node.body) {
      this.ancestors.push(node);
      this.nodes(node.body);
      this.ancestors.pop();
    }
  }

  /** The nearest enclosing tag with one of these names, or undefined. */
  enclosing(...names: string[]): TagNode | undefined {
    for (let i = this.ancestors.length - 1; i >= 0; i--)
      if (names.includes(this.ancestors[i]!.name)) return this.ancestors[i];
    return undefined;
  }

  /** The nearest enclosing tag of this kind, with its data typed as the tag declares it. */
  enclosingTag<D>(def: TagDef<D>): TagNode<D> | undefined {
    // A node named def.name was validated by def, whose validate hook set data of type D.
    return this.enclosing(def.name) as TagNode<D> | undefined;
  }

  private attributes(node: TagNode, def: TagDef): void {
    const seen = new Set<string>();
    for (const a of node.attrs) {
      // Schema attributes match case-insensitively; extra ones (module attributes) keep their case.
      const lower = a.name.toLowerCase();
      const known = Object.hasOwn(def.attributes, lower);
      const key = known ? lower : a.name;
      if (seen.has(key.toLowerCase())) throw this.error(`Attribute "${a.name}" is given twice`, a.loc);
      seen.add(key.toLowerCase());
      if (!known && isForbiddenKey(a.name))
        throw this.error(`Access to "${a.name}" is not allowed`, a.loc, codes.FORBIDDEN);
      const spec: AttrSpec | undefined = known
        ? def.attributes[lower]
        : def.extraAttributes
          ? { type: "any" }
          : undefined;
      if (!spec) {
        const known = Object.keys(def.attributes);
        throw this.error(
          `Unknown attribute "${a.name}" on <dbt:${node.name}>${known.length ? ` (known: ${known.join(", ")})` : " (it takes none)"}`,
          a.loc,
        );
      }
      node.args[key] = a.expr
        ? this.scriptValue(node, a.name, spec, a.expr)
        : this.value(node, a.name, spec, a.raw, a.valueOffset, a.loc);
    }
    for (const [name, spec] of Object.entries(def.attributes)) {
      if (spec.required && !seen.has(name))
        throw this.error(`<dbt:${node.name}> needs the attribute "${name}"`, node.loc);
    }
  }

  /**
   * An attribute written in a <dbt:script> block (`lock name="n" timeout=5`): a literal is taken
   * as the same text written in a tag (the same checks and conversions); another expression is
   * the value of a dynamic attribute, as `#expr#` would be.
   */
  private scriptValue(node: TagNode, name: string, spec: AttrSpec, e: Expr): Expr {
    if (e.type === "literal" && e.value !== null && e.value !== undefined) {
      // A number or boolean keeps its type where the attribute takes any value.
      if (typeof e.value !== "string" && (spec.type === "any" || spec.type === "string" || spec.type === "expr"))
        return e;
      const text = String(e.value);
      // A string literal's text starts after its quote; its # are characters, as ## in a tag.
      const quoted = typeof e.value === "string";
      const raw = quoted && !isStatic(spec) ? text.replace(/#/g, "##") : text;
      return this.value(node, name, spec, raw, e.loc.start + (quoted ? 1 : 0), e.loc);
    }
    if (isStatic(spec))
      throw this.error(`Attribute "${name}" of <dbt:${node.name}> must be written out, not computed`, e.loc);
    this.expr(e);
    return e;
  }

  private value(node: TagNode, name: string, spec: AttrSpec, raw: string | null, offset: number, attrLoc: Loc): Expr {
    const loc = raw === null ? attrLoc : this.src.loc(offset, offset + raw.length);
    const literal = (value: string | number | boolean): Expr => ({ type: "literal", value, loc });
    if (raw === null) {
      if (spec.type === "boolean") return literal(true);
      throw this.error(`Attribute "${name}" of <dbt:${node.name}> needs a value`, attrLoc);
    }
    const fixed = (what: string, ok: boolean): Expr => {
      if (raw.includes("#"))
        throw this.error(`Attribute "${name}" of <dbt:${node.name}> must be a fixed ${what}, not an expression`, loc);
      if (!ok)
        throw this.error(`Attribute "${name}" of <dbt:${node.name}> must be ${what}, got ${JSON.stringify(raw)}`, loc);
      return literal(raw);
    };
    switch (spec.type) {
      case "name": {
        // A loop's variable written with the scope the loop writes it to anyway, as CFML code
        // often has it: index="local.i" in a function, index="variables.i" outside one.
        const scoped = node.name === "loop" && spec.binds ? /^(local|variables)\.([A-Za-z_]\w*)$/i.exec(raw) : null;
        if (
          scoped &&
          !isForbiddenKey(scoped[2]!) &&
          (scoped[1]!.toLowerCase() === "local") === (this.enclosing("function") !== undefined)
        )
          return literal(this.spell(scoped[2]!));
        const e = fixed("name (letters, digits, _)", IDENT.test(raw) && !isForbiddenKey(raw));
        return spec.binds ? literal(this.spell(raw)) : e;
      }
      case "variable": {
        fixed("variable name such as url.id", VARIABLE.test(raw) && !raw.split(".").some(isForbiddenKey));
        const [base, ...path] = raw.split(".");
        return literal([this.spell(base!), ...path].join("."));
      }
      case "text":
        return fixed("text", raw.trim() !== "");
      case "enum": {
        const values = spec.values ?? [];
        const e = fixed(`one of ${values.join(", ")}`, values.includes(raw.toLowerCase()));
        return literal(String((e as { value: string }).value).toLowerCase());
      }
      case "expr": {
        const m = /^\s*#([\s\S]*)#\s*$/.exec(raw);
        const inner = m && !m[1]!.includes("#") ? m[1]! : null;
        const e =
          inner !== null
            ? parseExpression(this.src, inner, offset + raw.indexOf("#") + 1)
            : parseExpression(this.src, raw, offset);
        this.expr(e);
        return e;
      }
      default:
        return this.interpolated(node, name, spec, raw, offset, loc);
    }
  }

  /** An attribute with `#…#` in it: one expression, or text and expressions joined (a template). */
  private interpolated(node: TagNode, name: string, spec: AttrSpec, raw: string, offset: number, loc: Loc): Expr {
    const parts = parseInterpolated(this.src, raw, offset);
    for (const p of parts) if (p.type === "interp") this.expr(p.expr);
    {
      const only = parts[0];
      if (parts.length === 1 && only?.type === "interp") return only.expr;
    }
    if (parts.every((p) => p.type === "text"))
      return this.fixedValue(node, name, spec, parts.map((p) => (p as { value: string }).value).join(""), loc);
    const joined: Expr = {
      type: "template",
      parts: parts.map((p) => (p.type === "interp" ? p.expr : { type: "literal", value: p.value, loc: p.loc })),
      loc,
    };
    if (parts.some((p) => p.type === "interp" && p.expr.async)) joined.async = true;
    return joined;
  }

  /** An attribute with no expression in it: its text as the number, boolean or text the attribute takes. */
  private fixedValue(node: TagNode, name: string, spec: AttrSpec, text: string, loc: Loc): Expr {
    if (spec.type === "number" || spec.type === "integer") {
      const n = Number(text);
      if (text.trim() === "" || Number.isNaN(n) || (spec.type === "integer" && !Number.isInteger(n))) {
        throw this.error(
          `Attribute "${name}" of <dbt:${node.name}> must be ${spec.type === "integer" ? "an integer" : "a number"}, got ${JSON.stringify(text)}`,
          loc,
        );
      }
      return { type: "literal", value: n, loc };
    }
    if (spec.type === "boolean") {
      const b = text.trim().toLowerCase();
      if (!["true", "false", "yes", "no"].includes(b))
        throw this.error(
          `Attribute "${name}" of <dbt:${node.name}> must be true or false, got ${JSON.stringify(text)}`,
          loc,
        );
      return { type: "literal", value: b === "true" || b === "yes", loc };
    }
    return { type: "literal", value: text, loc };
  }

  /**
   * Static checks on an expression: known functions with the right arity, no prototype names.
   * Marks it (and each part) `async` when it calls a function defined with dbt:function.
   */
  expr(e: Expr): boolean {
    const awaits = this.check(e);
    if (awaits) e.async = true;
    return awaits;
  }

  /** True when the expression awaits. */
  private all(es: Expr[]): boolean {
    let awaits = false;
    for (const x of es) awaits = this.expr(x) || awaits;
    return awaits;
  }

  /**
   * A built-in called with named arguments: put in order (a left-out optional argument before
   * a given one is `undefined`), or, with argumentCollection, left to the call (namedArgs).
   */
  private named(fn: BuiltinDef, e: ExprOf<"call">): void {
    const names = e.names!;
    if (fn.namedStruct && !names.some((n) => n.toLowerCase() === "argumentcollection")) {
      e.args = [{ type: "struct", entries: names.map((key, i) => ({ key, value: e.args[i]! })), loc: e.loc }];
      delete e.names;
      return;
    }
    const dynamic = names.some((n) => n.toLowerCase() === "argumentcollection");
    const args: (Expr | undefined)[] = [];
    names.forEach((n, i) => {
      if (n.toLowerCase() === "argumentcollection") return;
      const at = paramIndex(fn, n);
      if (at === -1)
        throw this.error(
          `${fn.name}() has no argument ${n}: its arguments are ${paramNames(fn) || "none"}`,
          e.args[i]!.loc,
          codes.ARITY,
        );
      if (args[at] !== undefined)
        throw this.error(`${fn.name}() got the argument ${n} twice`, e.args[i]!.loc, codes.ARITY);
      args[at] = e.args[i]!;
    });
    if (dynamic) {
      // writeOutput is written out by each mode, and a statement's SQL must be seen: both need their arguments in place.
      if (isWriteOutput(fn.name) || fn.statement)
        throw this.error(`${fn.name}() takes its arguments written out, not in argumentCollection`, e.loc, codes.ARITY);
      return;
    }
    for (let i = 0; i < fn.min; i++)
      if (args[i] === undefined)
        throw this.error(`${fn.name}() needs the argument ${paramName(fn, i)}`, e.loc, codes.ARITY);
    e.args = Array.from(args, (a) => a ?? { type: "literal", value: undefined, loc: e.loc });
    delete e.names;
  }

  private check(e: Expr): boolean {
    switch (e.type) {
      case "literal":
        return false;
      case "var":
        if (isForbiddenKey(e.name)) throw this.error(`Access to "${e.name}" is not allowed`, e.loc, codes.FORBIDDEN);
        e.name = this.spell(e.name);
        return false;
      case "member":
        if (isForbiddenKey(e.name)) throw this.error(`Access to "${e.name}" is not allowed`, e.loc, codes.FORBIDDEN);
        return this.expr(e.object);
      case "index":
        if (e.index.type === "literal" && typeof e.index.value === "string" && isForbiddenKey(e.index.value)) {
          throw this.error(`Access to "${e.index.value}" is not allowed`, e.loc, codes.FORBIDDEN);
        }
        return this.all([e.object, e.index]);
      case "call":
        return this.checkCall(e);
      case "method":
        return this.checkMethod(e);
      case "new": {
        e.path = this.component(e.name, e.loc);
        this.all(e.args);
        return true;
      }
      case "array":
        return this.all(e.items);
      case "struct": {
        // {a: 1, A: 2} is one key (CFML's keys are case-insensitive): the later value, the first spelling.
        // A key made by #…# is folded and checked when it is made (rt.structKey, rt.structPairs).
        const first = new Map<string, string>();
        for (const entry of e.entries) {
          if (typeof entry.key !== "string") continue;
          if (isForbiddenKey(entry.key))
            throw this.error(`Access to "${entry.key}" is not allowed`, e.loc, codes.FORBIDDEN);
          const lower = entry.key.toLowerCase();
          entry.key = first.get(lower) ?? entry.key;
          first.set(lower, entry.key);
        }
        return this.all(e.entries.flatMap((x) => (typeof x.key === "string" ? [x.value] : [x.key, x.value])));
      }
      case "unary":
        return this.expr(e.arg);
      case "binary":
      case "logical":
      case "elvis":
        return this.all([e.left, e.right]);
      case "cond":
        return this.all([e.test, e.then, e.else]);
      case "template":
        return this.all(e.parts);
      case "closure":
        if (e.tokens) this.closure(e);
        return false;
      case "step": {
        const awaits = this.expr(e.target);
        e.path = splitTarget(e.target as LValue);
        return awaits;
      }
      case "invoke":
        this.all([e.callee, ...e.args]);
        return true;
    }
  }

  /** A member function call: its plan among the built-ins' members, or a component's function (which awaits). */
  private checkMethod(e: Extract<Expr, { type: "method" }>): boolean {
    if (isForbiddenKey(e.name)) throw this.error(`Access to "${e.name}" is not allowed`, e.loc, codes.FORBIDDEN);
    // Named arguments no built-in member of that name takes leave only a component's function.
    const plan = isMemberName(e.name)
      ? memberPlan(
          e.name,
          (f) => this.host.fn(f),
          e.names,
          () => {},
        )
      : {};
    const targets = Object.values(plan);
    const n = e.args.length + 1;
    // A call no built-in member takes (its name, its named arguments or its number of
    // arguments) may still be a component's function (c.add() though dates have add(d, n)),
    // and so may one any struct has: the receiver may be a component instance (or a struct
    // holding a function), whose function comes first (engine/component.ts). Such a call
    // awaits; a built-in's arity is then checked when it runs.
    const fits = e.names !== undefined || targets.some((t) => n >= t.min && n <= t.max);
    const component = !fits || targets.length === 0 || (plan.struct !== undefined && this.mayBeInstance(e.object));
    e.plan = plan;
    const awaits = this.all([e.object, ...e.args]);
    return awaits || component || targets.some((t) => t.awaits === true);
  }

  /** A call: a built-in's arity, named arguments and place checked; an unknown name a template function or an error. True when it awaits. */
  private checkCall(e: Extract<Expr, { type: "call" }>): boolean {
    const fn = this.host.fn(e.name);
    if (!fn && e.name.toLowerCase() === "createobject") return this.createObject(e);
    if (!fn) {
      // A function the template defines, or one an included template may define: found by
      // name when the call runs (and its arguments checked then).
      if (isForbiddenKey(e.name) || (!this.userFunctions.has(e.name.toLowerCase()) && !this.includesOthers)) {
        throw this.error(`Unknown function ${e.name}()`, e.loc, codes.UNKNOWN_FUNCTION);
      }
      e.user = true;
      this.all(e.args);
      return true;
    }
    if (e.names) this.named(fn, e);
    const first = e.args[0];
    if (fn.columnRef && e.args.length === 1 && first?.type === "member") {
      e.args = [first.object, { type: "literal", value: first.name, loc: first.loc }];
    }
    if (e.args.length < fn.min || e.args.length > fn.max) {
      const want =
        fn.min === fn.max ? `${fn.min}` : fn.max === Infinity ? `at least ${fn.min}` : `${fn.min} to ${fn.max}`;
      throw this.error(
        `${fn.name}() takes ${want} argument${want === "1" ? "" : "s"}, got ${e.args.length}`,
        e.loc,
        codes.ARITY,
      );
    }
    if (fn.statement && e !== this.statementCall) {
      throw this.error(
        `${fn.name}() runs a query, so it must be the whole value of <dbt:set>: <dbt:set q = ${fn.name}(…)>`,
        e.loc,
        codes.FUNCTION,
      );
    }
    return this.all(e.args) || callAwaits(fn, e);
  }
}
