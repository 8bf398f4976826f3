// Interpreted mode: walks the AST on every render. Expressions are evaluated synchronously;
// statements may await (includes, modules, and later queries).
import type { Expr, Node, TagNode } from "../parser/ast.js";
import type { RenderContext } from "./context.js";
import * as rt from "./runtime.js";
import { isWriteOutput } from "./functions/index.js";
import { Registry } from "./extensions.js";

type BinaryFn = (a: unknown, b: unknown, loc: Expr["loc"]) => unknown;

export class Interpreter {
  /** Output of this template run; tags that capture output swap it out and back. */
  out = "";
  constructor(
    readonly ctx: RenderContext,
    private readonly registry: Registry = Registry.builtin(),
  ) {}

  async run(nodes: Node[]): Promise<void> {
    for (const n of nodes) {
      if (n.type === "text") this.out += n.value;
      else if (n.type === "interp") {
        // Evaluated before it is appended: writeOutput() in the expression writes first.
        const v = rt.esc(this.eval(n.expr), n.loc);
        this.out += v;
      }
      else {
        const r = this.registry.tagDef(n.name).interpret(n, this);
        if (r) await r;
      }
    }
  }

  /** Runs `nodes` and returns their output instead of appending it. */
  async capture(nodes: Node[]): Promise<string> {
    const saved = this.out;
    this.out = "";
    try {
      await this.run(nodes);
      return this.out;
    } finally {
      this.out = saved;
    }
  }

  /** The value of attribute `name`, or undefined when it was not given. */
  arg(node: TagNode, name: string): unknown {
    const e = node.args[name];
    return e === undefined ? undefined : this.eval(e);
  }

  eval(e: Expr): unknown {
    const ctx = this.ctx;
    switch (e.type) {
      case "literal":
        return e.value;
      case "array":
        return e.items.map((i) => this.eval(i));
      case "struct":
        return rt.struct(e.entries.map((x) => x.key), e.entries.map((x) => this.eval(x.value)));
      case "var":
        return rt.lookup(ctx, e.name, e.loc);
      case "member":
        return rt.member(ctx, this.eval(e.object), e.name, e.loc);
      case "index":
        return rt.index(ctx, this.eval(e.object), this.eval(e.index), e.loc);
      case "call":
        if (isWriteOutput(e.name)) {
          this.out += rt.esc(this.eval(e.args[0]!), e.loc);
          return "";
        }
        return rt.call(ctx, this.registry.findFunction(e.name)!.fn as rt.BuiltinFn, e.loc, ...e.args.map((a) => this.eval(a)));
      case "unary": {
        const v = this.eval(e.arg);
        return e.op === "not" ? !rt.toBool(v, e.loc) : e.op === "-" ? rt.neg(v, e.loc) : rt.toNum(v, e.loc);
      }
      case "binary": {
        if (e.op === "&") return rt.concat(ctx, this.eval(e.left), this.eval(e.right), e.loc);
        const fn = rt[rt.BINARY[e.op]] as BinaryFn;
        return fn(this.eval(e.left), this.eval(e.right), e.loc);
      }
      case "logical":
        return e.op === "and"
          ? rt.toBool(this.eval(e.left), e.left.loc) && rt.toBool(this.eval(e.right), e.right.loc)
          : rt.toBool(this.eval(e.left), e.left.loc) || rt.toBool(this.eval(e.right), e.right.loc);
      case "cond":
        return rt.toBool(this.eval(e.test), e.test.loc) ? this.eval(e.then) : this.eval(e.else);
      case "elvis":
        return rt.elvis(() => this.eval(e.left), () => this.eval(e.right));
      case "template":
        return rt.join(e.loc, ...e.parts.map((p) => this.eval(p)));
    }
  }
}
