// Interpreted mode: walks the AST on every render. Expressions are evaluated synchronously,
// except those that call a function defined with dbt:function (marked `async` by the
// validator): those await, and a tag's such attributes are evaluated before the tag runs.
import type { Expr, FunctionDef, Loc, Node, TagNode } from "../parser/ast.js";
import type { RenderContext } from "./context.js";
import { returned } from "./signals.js";
import * as rt from "./runtime.js";
import { Registry } from "./extensions.js";
import { earlyArgs, type TagDef } from "../tags/types.js";
import {
  callAwaiting,
  callFunction,
  invokeValue,
  makeClosure,
  specOf,
  type FunctionImpl,
  type FunctionSpec,
} from "./udf.js";
import { callMemberAsync, namedArgs } from "./member-call.js";
import { newComponent } from "./component.js";
import { BINARY_FNS, closureOf, printerOf, type ExprHost } from "./closures.js";
import { callAwaits, writesOutput } from "./functions/index.js";

/** One node's work, resolved once: what it appends, or the tag hook it runs. */
export type Step = (it: Interpreter) => void | Promise<void>;

/** Where a node list keeps its steps: a symbol-keyed property (a WeakMap lookup per body run was ~8% of the instructions of an interpreted table page). */
const STEPS = Symbol("steps");
type Resolved = Node[] & { [STEPS]?: { registry: Registry; steps: Step[] } };

/** The steps of a node list, made on its first run with this registry. */
function stepsOf(nodes: Resolved, registry: Registry): Step[] {
  const known = nodes[STEPS];
  if (known?.registry === registry) return known.steps;
  const steps = stepsFor(nodes, registry);
  // Not enumerable: the AST still prints and compares as before.
  Object.defineProperty(nodes, STEPS, { value: { registry, steps }, writable: true, configurable: true });
  return steps;
}

/** What `#e#` appends, as a string. */
type Piece = (it: Interpreter) => string;

const pieceOf = (e: Expr, loc: Loc): Piece => printerOf(e, loc);

/**
 * `p[0] + t[0] + p[1] + t[1] + …` for pieces `p` and texts `t` (as long), three pieces to a
 * closure: evaluated left to right, as the compiled `$o += a + b + …` is.
 */
function joined(p: Piece[], t: string[], from: number): Piece {
  const [p0, t0] = [p[from]!, t[from]!];
  const left = p.length - from;
  if (left === 1) return (it) => p0(it) + t0;
  const [p1, t1] = [p[from + 1]!, t[from + 1]!];
  if (left === 2) return (it) => p0(it) + t0 + p1(it) + t1;
  const [p2, t2] = [p[from + 2]!, t[from + 2]!];
  if (left === 3) return (it) => p0(it) + t0 + p1(it) + t1 + p2(it) + t2;
  const rest = joined(p, t, from + 3);
  return (it) => p0(it) + t0 + p1(it) + t1 + p2(it) + t2 + rest(it);
}

/** The step of a run: `head`, then each piece followed by its text, in one append. */
function appendRun(head: string, p: Piece[], t: string[]): Step {
  switch (p.length) {
    case 0:
      return (it) => {
        it.out += head;
      };
    case 1: {
      const [p0, t0] = [p[0]!, t[0]!];
      return (it) => {
        it.out += head + p0(it) + t0;
      };
    }
    case 2: {
      const [p0, t0, p1, t1] = [p[0]!, t[0]!, p[1]!, t[1]!];
      return (it) => {
        it.out += head + p0(it) + t0 + p1(it) + t1;
      };
    }
    default: {
      const rest = joined(p, t, 0);
      return (it) => {
        it.out += head + rest(it);
      };
    }
  }
}

/**
 * The steps of a node list. Consecutive text and `#expr#` values are one step that appends
 * them in one string, as the compiled code does (Compiler.nodes: the same runs, ended by plain
 * text, which dbt:setting enableoutputonly may suppress, by a value whose expression writes
 * output as it runs, and by a tag), so an error in a value drops the run in both modes alike.
 */
function stepsFor(nodes: Node[], registry: Registry): Step[] {
  const steps: Step[] = [];
  let head = "";
  let pieces: Piece[] = [];
  let texts: string[] = [];
  let open = false;
  const flush = () => {
    if (!open) return;
    steps.push(appendRun(head, pieces, texts));
    [head, pieces, texts, open] = ["", [], [], false];
  };
  const text = (s: string) => {
    if (pieces.length === 0) head += s;
    else texts[texts.length - 1] += s;
    open = true;
  };
  for (const n of nodes) {
    if (n.type === "text" && !n.plain) text(n.value);
    else if (n.type === "interp" && !writesOutput(n.expr)) {
      const e = n.expr;
      if (e.type === "literal" && e.value !== null) text(rt.esc(e.value, n.loc));
      else {
        pieces.push(pieceOf(e, n.loc));
        texts.push("");
        open = true;
      }
    } else {
      flush();
      steps.push(step(n, registry));
    }
  }
  flush();
  return steps;
}

/** A node's step where it is not part of a run (stepsFor): plain text, a value that writes output as it runs, a tag. */
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
    const f = closureOf(e);
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
    readonly registry: Registry = Registry.builtin(),
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

  /** The steps `run(nodes)` runs: for a loop, which runs them with runSteps each time, without finding them again. */
  steps(nodes: Node[]): Step[] {
    return stepsOf(nodes, this.registry);
  }

  /** run(nodes), its steps found already (steps). */
  runSteps(nodes: Node[], steps: Step[]): void | Promise<void> {
    for (let i = 0; i < steps.length; i++) {
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
   * its own are evaluated before it runs, in the order its definition declares them (earlyArgs;
   * compiled code does the same: Compiler.tag), so a side effect in one is seen by the next
   * alike in both modes.
   */
  async tagAsync(def: TagDef, n: TagNode): Promise<void> {
    for (const a of earlyArgs(def, n)) {
      const e = n.args[a]!;
      this.readyValues.set(e, e.async ? await this.evalAsync(e) : this.eval(e));
    }
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

  closure(def: FunctionDef): unknown {
    return closureValue(this.ctx, def, this.registry);
  }

  /** A built-in's function by the name as written, or null for writeOutput (see eval). */
  builtin(name: string): rt.BuiltinFn | null {
    return this.registry.builtinFn(name) as rt.BuiltinFn | null;
  }

  /** eval for an expression that awaits; its parts that do not await go through eval. */
  async evalAsync(e: Expr): Promise<unknown> {
    const ctx = this.ctx;
    switch (e.type) {
      case "literal":
      case "var":
        return this.eval(e); // never marked: they call nothing
      case "array":
        return this.awaitAll(e.items);
      case "struct": {
        const pairs: unknown[] = [];
        for (const x of e.entries)
          pairs.push(
            typeof x.key === "string" ? x.key : rt.structKey(await this.awaitValue(x.key), x.key.loc),
            await this.awaitValue(x.value),
          );
        return rt.structPairs(pairs);
      }
      case "member":
        return rt.member(ctx, await this.awaitValue(e.object), e.name, e.loc);
      case "index":
        return this.indexAsync(e);
      case "method":
        return this.methodAsync(e);
      case "call":
        return this.callAsync(e);
      case "unary": {
        const x = await this.awaitValue(e.arg);
        return e.op === "not" ? !rt.toBool(x, e.loc) : e.op === "-" ? rt.neg(x, e.loc) : rt.toNum(x, e.loc);
      }
      case "binary": {
        const [l, r] = await this.awaitAll([e.left, e.right]);
        if (e.op === "&") return rt.concat(ctx, l, r, e.loc);
        return BINARY_FNS[e.op](l, r, e.loc);
      }
      case "logical": {
        const l = rt.toBool(await this.awaitValue(e.left), e.left.loc);
        if (e.op === "and" ? !l : l) return l;
        return rt.toBool(await this.awaitValue(e.right), e.right.loc);
      }
      case "cond":
        return rt.toBool(await this.awaitValue(e.test), e.test.loc) ? this.awaitValue(e.then) : this.awaitValue(e.else);
      case "elvis":
        return rt.elvisAsync(
          async () => this.awaitValue(e.left),
          async () => this.awaitValue(e.right),
        );
      case "template":
        return rt.join(e.loc, ...(await this.awaitAll(e.parts)));
      case "closure":
        return this.eval(e); // making one calls nothing
      case "step": {
        const current = await this.awaitValue(e.target);
        const path: rt.PathStep[] = [];
        for (const s of e.path!.steps) path.push(typeof s === "string" ? s : { index: await this.awaitValue(s) });
        return rt.step(ctx, e.path!.base, path, current, e.op === "+" ? 1 : -1, e.prefix, e.loc);
      }
      case "new":
        return newComponent(ctx, e.path!, await this.awaitAll(e.args), e.loc, this.emit, e.names, !e.bare);
      case "invoke": {
        const f = await this.awaitValue(e.callee);
        return invokeValue(ctx, f, await this.awaitAll(e.args), e.loc, this.emit);
      }
    }
  }

  /** An expression's value, awaited when it awaits. */
  private awaitValue(x: Expr): unknown {
    return x.async ? this.evalAsync(x) : this.eval(x);
  }

  /** The values of `xs`, in order, each awaited before the next is evaluated. */
  private async awaitAll(xs: Expr[]): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const x of xs) out.push(await this.awaitValue(x));
    return out;
  }

  /** `a[i]` whose parts await. */
  private async indexAsync(e: Extract<Expr, { type: "index" }>): Promise<unknown> {
    const inner = e.object;
    if (inner.type === "member") {
      const [o, i] = [await this.awaitValue(inner.object), await this.awaitValue(e.index)];
      return rt.memberIndex(this.ctx, o, inner.name, i, inner.loc, e.loc);
    }
    if (inner.type === "index") {
      const [o, k, i] = await this.awaitAll([inner.object, inner.index, e.index]);
      return rt.indexIndex(this.ctx, o, k, i, inner.loc, e.loc);
    }
    const [o, i] = await this.awaitAll([e.object, e.index]);
    return rt.index(this.ctx, o, i, e.loc);
  }

  /** A member function call whose receiver or arguments await. */
  private async methodAsync(e: Extract<Expr, { type: "method" }>): Promise<unknown> {
    const recv = await this.awaitValue(e.object);
    const args = await this.awaitAll(e.args);
    return callMemberAsync(
      this.ctx,
      this.registry.functionTable,
      recv,
      e.plan!,
      e.name,
      args,
      e.loc,
      this.emit,
      e.names,
    );
  }

  /** A call that awaits: a template function, an awaiting built-in, or one with awaiting arguments. */
  private async callAsync(e: Extract<Expr, { type: "call" }>): Promise<unknown> {
    let args = await this.awaitAll(e.args);
    if (e.user) return callFunction(this.ctx, e.name, args, e.loc, this.emit, e.names);
    const def = this.registry.findFunction(e.name)!;
    if (e.names) args = namedArgs(def, e.names, args, e.loc);
    if (callAwaits(def, e))
      return callAwaiting(
        this.ctx,
        def.fn as (ctx: unknown, ...a: unknown[]) => Promise<unknown>,
        e.loc,
        this.emit,
        args,
      );
    const fn = this.builtin(e.name);
    if (fn === null) {
      this.out += rt.written(args, e.loc);
      return "";
    }
    return rt.call(this.ctx, fn, e.loc, ...args);
  }
}

/** How the interpreter runs a function defined with dbt:function (engine/udf.ts calls it). */
export function interpretedImpl(f: FunctionDef, registry: Registry): FunctionImpl {
  return {
    defaults: f.params.map((p) => {
      const d = p.default;
      return d ? (ctx: RenderContext) => new Interpreter(ctx, registry).value(d) : null;
    }),
    async run(ctx) {
      const it = new Interpreter(ctx, registry);
      try {
        await it.run(f.body);
      } catch (err) {
        return returned(err, it.out);
      }
      return [null, it.out];
    },
  };
}

/** A closure's spec and impl, made once per definition (per registry). */
const CLOSURES = new WeakMap<FunctionDef, { registry: Registry; made: [FunctionSpec, FunctionImpl] }>();

/** The value of a closure expression (both its spec and impl made on first use). */
export function closureValue(ctx: RenderContext, def: FunctionDef, registry: Registry): unknown {
  let c = CLOSURES.get(def);
  if (c === undefined || c.registry !== registry) {
    c = { registry, made: [specOf(def), interpretedImpl(def, registry)] };
    CLOSURES.set(def, c);
  }
  return makeClosure(ctx, ...c.made);
}
