// Interpreted mode: walks the AST on every render. Expressions are evaluated synchronously,
// except those that call a function defined with dbt:function (marked `async` by the
// validator): those await, and a tag's such attributes are evaluated before the tag runs.
import type { Expr, Loc, Node, TagNode } from "../parser/ast.js";
import type { RenderContext } from "./context.js";
import * as rt from "./runtime.js";
import { Registry } from "./extensions.js";
import type { TagDef } from "../tags/types.js";
import { callAwaiting, callFunction } from "./udf.js";
import { BINARY_FNS, closureOf, kindOf, type ExprHost } from "./closures.js";

/** One node's work, resolved once: what it appends, or the tag hook it runs. */
type Step = (it: Interpreter) => void | Promise<void>;

/** Where a node list keeps its steps: a symbol-keyed property (a WeakMap lookup per body run was ~8% of the instructions of an interpreted table page). */
const STEPS = Symbol("steps");
type Resolved = Node[] & { [STEPS]?: { registry: Registry; steps: Step[] } };

/** The steps of a node list, made on its first run with this registry. */
function stepsOf(nodes: Resolved, registry: Registry): Step[] {
  const known = nodes[STEPS];
  if (known?.registry === registry) return known.steps;
  const steps = nodes.map((n) => step(n, registry));
  // Not enumerable: the AST still prints and compares as before.
  Object.defineProperty(nodes, STEPS, { value: { registry, steps }, writable: true, configurable: true });
  return steps;
}

function step(n: Node, registry: Registry): Step {
  if (n.type === "text") {
    const text = n.value;
    return n.plain
      ? (it) => {
          if (it.ctx.page.outputOnly === 0) it.out += text;
        }
      : (it) => {
          it.out += text;
        };
  }
  if (n.type === "interp") {
    const { expr: e, loc } = n;
    if (e.async) return (it) => it.interpAsync(e, loc);
    if (e.type === "literal" && e.value !== null) {
      const s = rt.esc(e.value, loc);
      return (it) => {
        it.out += s;
      };
    }
    const f = closureOf(e);
    if (kindOf(e) === "number")
      return (it) => {
        it.out += rt.numToStr(f(it) as number);
      };
    // Evaluated before it is appended: writeOutput() in the expression writes first.
    return (it) => {
      const v = rt.esc(f(it), loc);
      it.out += v;
    };
  }
  const def = registry.tagDef(n.name);
  if (n.asyncArgs?.some((a) => !def.lazyArgs?.includes(a))) return (it) => it.tagAsync(def, n);
  return (it) => def.interpret(n, it);
}

export class Interpreter implements ExprHost {
  /** Output of this template run; tags that capture output swap it out and back. */
  out = "";
  /** Values of awaiting attributes, evaluated before their tag ran (see run). */
  private readonly readyValues = new Map<Expr, unknown>();
  private readonly emit = (s: string): void => {
    this.out += s;
  };
  constructor(
    readonly ctx: RenderContext,
    private readonly registry: Registry = Registry.builtin(),
  ) {}

  /**
   * Runs `nodes` from `from` on. Synchronous while every node is: from the first that awaits
   * (a tag's promise, an awaiting expression) it returns a promise for the rest.
   */
  run(nodes: Node[], from = 0): void | Promise<void> {
    const steps = stepsOf(nodes, this.registry);
    for (let i = from; i < steps.length; i++) {
      const r = steps[i]!(this);
      if (r) return r.then(() => this.run(nodes, i + 1));
    }
  }

  /** `#e#` whose expression awaits. */
  async interpAsync(e: Expr, loc: Loc): Promise<void> {
    const v = rt.esc(await this.evalAsync(e), loc);
    this.out += v;
  }

  /**
   * A tag with an attribute that awaits: all its attributes but those it evaluates at a time of
   * its own are evaluated before it runs, in the order they are written (compiled code does the
   * same: Compiler.tag), so a side effect in one is seen by the next alike in both modes.
   */
  async tagAsync(def: TagDef, n: TagNode): Promise<void> {
    for (const [a, e] of Object.entries(n.args))
      if (!def.lazyArgs?.includes(a)) this.readyValues.set(e, e.async ? await this.evalAsync(e) : this.eval(e));
    await def.interpret(n, this);
  }

  /** Runs `nodes` and returns their output instead of appending it. */
  async capture(nodes: Node[]): Promise<string> {
    const saved = this.out;
    this.out = "";
    // A dbt:flush in there (or in a template it includes) is refused (tags/flush.ts).
    this.ctx.page.captures++;
    try {
      await this.run(nodes);
      return this.out;
    } finally {
      this.out = saved;
      this.ctx.page.captures--;
    }
  }

  /** The value of attribute `name`, or undefined when it was not given. */
  arg(node: TagNode, name: string): unknown {
    const e = node.args[name];
    if (e === undefined) return undefined;
    // Evaluated already by tagAsync (the map is empty on pages that call no dbt:function in an attribute).
    if (this.readyValues.size !== 0 && this.readyValues.has(e)) return this.readyValues.get(e);
    return this.eval(e);
  }

  /** An expression's value, awaiting when it must: for tags that evaluate an expression at a time of their own (a condition, a case). */
  value(e: Expr): unknown {
    return e.async ? this.evalAsync(e) : this.eval(e);
  }

  /** An expression's value, by its closure (engine/closures.ts). */
  eval(e: Expr): unknown {
    return closureOf(e)(this);
  }

  /** The value of an awaiting expression, evaluated before its tag ran (see run). */
  ready(e: Expr): unknown {
    if (!this.readyValues.has(e))
      throw new Error(
        `Internal error: an awaiting expression at ${e.loc.line}:${e.loc.column} was evaluated without await`,
      );
    return this.readyValues.get(e);
  }

  /** A built-in's function by the name as written, or null for writeOutput (see eval). */
  builtin(name: string): rt.BuiltinFn | null {
    return this.registry.builtinFn(name) as rt.BuiltinFn | null;
  }

  /** eval for an expression that awaits; its parts that do not await go through eval. */
  async evalAsync(e: Expr): Promise<unknown> {
    const ctx = this.ctx;
    const v = (x: Expr): unknown => (x.async ? this.evalAsync(x) : this.eval(x));
    const all = async (xs: Expr[]): Promise<unknown[]> => {
      const out: unknown[] = [];
      for (const x of xs) out.push(await v(x));
      return out;
    };
    switch (e.type) {
      case "literal":
      case "var":
        return this.eval(e); // never marked: they call nothing
      case "array":
        return all(e.items);
      case "struct":
        return rt.struct(
          e.entries.map((x) => x.key),
          await all(e.entries.map((x) => x.value)),
        );
      case "member":
        return rt.member(ctx, await v(e.object), e.name, e.loc);
      case "index": {
        const [o, i] = await all([e.object, e.index]);
        return rt.index(ctx, o, i, e.loc);
      }
      case "call": {
        const args = await all(e.args);
        if (e.user) return callFunction(ctx, e.name, args, e.loc, this.emit);
        const def = this.registry.findFunction(e.name)!;
        if (def.awaits)
          return callAwaiting(
            ctx,
            def.fn as (ctx: unknown, ...a: unknown[]) => Promise<unknown>,
            e.loc,
            this.emit,
            args,
          );
        const fn = this.builtin(e.name);
        if (fn === null) {
          this.out += rt.esc(args[0], e.loc);
          return "";
        }
        return rt.call(ctx, fn, e.loc, ...args);
      }
      case "unary": {
        const x = await v(e.arg);
        return e.op === "not" ? !rt.toBool(x, e.loc) : e.op === "-" ? rt.neg(x, e.loc) : rt.toNum(x, e.loc);
      }
      case "binary": {
        const [l, r] = await all([e.left, e.right]);
        if (e.op === "&") return rt.concat(ctx, l, r, e.loc);
        return BINARY_FNS[e.op](l, r, e.loc);
      }
      case "logical": {
        const l = rt.toBool(await v(e.left), e.left.loc);
        if (e.op === "and" ? !l : l) return l;
        return rt.toBool(await v(e.right), e.right.loc);
      }
      case "cond":
        return rt.toBool(await v(e.test), e.test.loc) ? v(e.then) : v(e.else);
      case "elvis":
        return rt.elvisAsync(
          async () => v(e.left),
          async () => v(e.right),
        );
      case "template":
        return rt.join(e.loc, ...(await all(e.parts)));
    }
  }
}
