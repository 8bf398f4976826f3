// Compiled mode: turns a template's AST into the source of one async JavaScript function that
// calls the same runtime helpers as the interpreter. Template text and names reach the
// generated code only through JSON.stringify; locations become constants so runtime errors
// point at the template line.
import type { Expr, FunctionDef, Loc, Node, TagNode, TemplateAst } from "../parser/ast.js";
import { specOf } from "./udf.js";
import { BINARY, CATCH_NAMES, SCOPES, esc, isForbiddenKey, isNullCall, isPath } from "./runtime.js";
import { kindWith } from "./closures.js";
import { callAwaits, isWriteOutput, writesOutput } from "./functions/index.js";
import { Registry } from "./extensions.js";
import type { LoopPlan, RowPlan, Span } from "../tags/loop-plan.js";
import { spanOf } from "../tags/loop-plan.js";
import { earlyArgs } from "../tags/types.js";

/** Can `nodes` write output: text, a #value#, or a tag whose expressions or body do? */
function nodesWriteOutput(nodes: Node[]): boolean {
  return nodes.some(
    (n) =>
      n.type !== "tag" || writesOutput(n.expr) || writesOutput(n.args) || (n.body !== null && nodesWriteOutput(n.body)),
  );
}

/**
 * Writes `value` (code) to a variable kept in a local, at location `loc`: for a dbt:set (its
 * value checked as rt.assign checks it, unless it is a number) or for a loop's own variable.
 */
export type Writer = (value: string, loc: string, by: "set" | "set-number" | "loop") => string;

/** How a template is compiled. */
export interface CompileOptions {
  /**
   * false: loops and output rows keep their limits (maxIterations, maxOutputLength) but do not
   * tick the page's clock, which then neither pauses them nor stops them at the time limit. Only
   * for measuring what the clock costs (bench:render); never for serving.
   */
  clock?: boolean;
}

/** Where a quiet loop's checked version keeps a number variable, and its "was set" flag if any. */
export interface NumberSlot {
  slot: string;
  flag: string | null;
}

/** A quiet loop's checked version being written (tags/region.ts): what its loops share. */
export interface Checked {
  /** The loop's plan (tags/loop-plan.ts), which the code follows. */
  plan: LoopPlan;
  /** The local holding the page's clock budget, which its loops tick instead of ctx.page.budget. */
  budget: string;
  /**
   * The local naming the loop a pause comes back to (its LoopStep id), 0 when none: while it is
   * set, the loops on the way to that one skip their test and tick and their bodies what comes
   * before it (nodes, branchTest).
   */
  resume: string;
  /** The local holding where the pause was wanted (the location of the tick that threw T.PAUSE). */
  at: string;
  /** The loops' own state (count, limit, variable, bounds), declared once around the outermost; `numbers` those holding numbers. */
  state: string[];
  numbers: string[];
}

/** The operators written out for two numbers (tags/quiet.ts keeps such loops in locals). */
const NUMERIC_OPS: Partial<Record<keyof typeof BINARY, string>> = {
  "+": "+",
  "-": "-",
  "*": "*",
  eq: "===",
  neq: "!==",
  lt: "<",
  lte: "<=",
  gt: ">",
  gte: ">=",
};

/** How many + - * and unary minus an arithmetic expression holds. */
function arithmetic(e: Expr): number {
  if (e.type === "binary" && (e.op === "+" || e.op === "-" || e.op === "*"))
    return 1 + arithmetic(e.left) + arithmetic(e.right);
  if (e.type === "unary" && e.op === "-") return 1 + arithmetic(e.arg);
  return 0;
}

const lit = (v: unknown): string =>
  v === undefined ? "undefined" : typeof v === "number" && !Number.isFinite(v) ? String(v) : JSON.stringify(v);

export class Compiler {
  private readonly locNames = new Map<Loc, string>();
  private readonly header: string[] = [];
  /** Closures met in expressions (their `[spec, impl]` constant, their definition): written at the end, as the template's functions are. */
  private readonly closures: [string, FunctionDef][] = [];
  private readonly fnNames = new Map<string, string>();
  private counter = 0;
  /** Attribute expressions of the tag being compiled whose values sit in constants (see tag). */
  private readonly readyArgs = new Map<Expr, string>();
  /**
   * The enclosing dbt:loop statements, innermost last: the statements a dbt:break and a
   * dbt:continue in them are written as (`break $loop;`, or more in tags/loop.ts's two-phase
   * loops). `label`: a script loop's label (`outer: for …`); `arrow`: the one-pass loop of a tag
   * body written as an arrow (tags/call.ts compileBody), which a labelled jump to a loop outside
   * it leaves as a signal.
   */
  readonly loops: { break: string; continue: string; label?: string; arrow?: true }[] = [];
  /**
   * The row frames (their variables in the generated code) the code being written runs in,
   * innermost last; null for a frame of another kind (a catch's `error`). An unscoped name
   * under a row frame reads that frame's row first, as rt.lookup would find it (see T.col).
   */
  readonly frames: (string | null)[] = [];

  /** Loop variables bound by withBound, innermost last. */
  private readonly bound: { name: string; depth: number; read: (loc: string) => string }[] = [];

  /**
   * `write()` with loop variables bound: an unscoped read of one, under no frame pushed since
   * (compare `frames`), is `read(loc)` instead of rt.lookup. Scope names and `error`/`cfcatch` (a catch's)
   * are never bound.
   */
  withBound(vars: { name: string; read: (loc: string) => string }[], write: () => string): string {
    const n = this.bound.length;
    for (const v of vars)
      if (!SCOPES.has(v.name) && !CATCH_NAMES.has(v.name)) this.bound.push({ ...v, depth: this.frames.length });
    try {
      return write();
    } finally {
      this.bound.length = n;
    }
  }

  /** Writers of the variables a quiet loop keeps in locals (tags/region.ts); null outside one. */
  private writers: Map<string, Writer> | null = null;

  /** `write()` inside a quiet loop: its variables read by `reads` and written by `writers`. */
  withLocals(
    reads: { name: string; read: (loc: string) => string }[],
    writers: Map<string, Writer>,
    write: () => string,
  ): string {
    this.writers = writers;
    try {
      return this.withBound(reads, write);
    } finally {
      this.writers = null;
    }
  }

  /**
   * In a quiet loop's checked version (tags/region.ts): the variables it keeps in locals that
   * hold a number wherever they are read. Null elsewhere.
   */
  private numbers: Set<string> | null = null;

  /** The checked version being written (tags/region.ts), or null. */
  private checkedVersion: Checked | null = null;

  /** Can `nodes` write output (text, a #value#, writeOutput())? */
  writesOutput(nodes: Node[]): boolean {
    return nodesWriteOutput(nodes);
  }

  /** The checked version being written, or null outside one. */
  get checked(): Checked | null {
    return this.checkedVersion;
  }

  /**
   * `write()` for a quiet loop's checked version: the variables in `numbers` hold numbers when
   * read, the loop is known not to go the slow way (member reads are always kept), and its loops
   * follow `checked` (its plan, its budget, its resume local).
   */
  withChecked(numbers: Set<string>, slots: Map<string, NumberSlot>, checked: Checked, write: () => string): string {
    const saved = [this.numbers, this.members?.slow, this.checkedVersion, this.numberSlots] as const;
    this.numbers = numbers;
    this.numberSlots = slots;
    this.checkedVersion = checked;
    if (this.members) this.members.slow = "false";
    try {
      return write();
    } finally {
      this.numbers = saved[0];
      this.checkedVersion = saved[2];
      this.numberSlots = saved[3];
      if (this.members) this.members.slow = saved[1]!;
    }
  }

  /**
   * A branch's test (dbt:if) in a checked version: while a pause comes back into a loop of the
   * if (see Checked.resume), the branch holding that loop is taken without its test, which might
   * answer otherwise now, and no other.
   */
  branchTest(node: TagNode, body: Node[], test: string): string {
    const k = this.checkedVersion;
    if (k === null || !k.plan.spans.has(node)) return test;
    const span = spanOf(k.plan, body);
    return span ? `(${k.resume} !== 0 ? ${within(k.resume, span)} : ${test})` : `(${k.resume} === 0 && ${test})`;
  }

  /** What `e` yields, as kindOf, knowing the variables withNumbers names. */
  kindOf(e: Expr): ReturnType<typeof kindWith> {
    const known = this.numbers;
    return kindWith(e, (name) => known !== null && known.has(name) && this.boundHere(name));
  }

  /** Is an unscoped read of `name` here one of withBound's? */
  private boundHere(name: string): boolean {
    const b = this.bound.findLast((x) => x.name === name);
    return b !== undefined && b.depth === this.frames.length;
  }

  /**
   * `write()` with the variables in `over` read as its `read` and written by its Writer (a
   * loop's fast run keeps numbers in locals of its own: tags/loop.ts).
   */
  withOverride(over: Map<string, { read: string; write: Writer }>, write: () => string): string {
    const saved = this.writers;
    this.writers = new Map([...(saved ?? []), ...[...over].map(([n, o]) => [n, o.write] as const)]);
    try {
      return this.withBound(
        [...over].map(([name, o]) => ({ name, read: () => o.read })),
        write,
      );
    } finally {
      this.writers = saved;
    }
  }

  /** In a loop's fast run (withFast): the member caches it reads, and those it reads as numbers. */
  private fast: { used: Set<string>; numbers: Set<string> } | null = null;

  /**
   * `write()` for a loop's fast run, which runs only while every member cache it reads is kept
   * (and holds a number, not NaN, where it is an operand of arithmetic or a comparison): reads
   * are the caches themselves. Returns the code and those caches.
   */
  withFast(write: () => string): [string, { used: Set<string>; numbers: Set<string> }] {
    const saved = this.fast;
    const fast = { used: new Set<string>(), numbers: new Set<string>() };
    this.fast = fast;
    try {
      return [write(), fast];
    } finally {
      this.fast = saved;
    }
  }

  /** Number variables of the checked version, their places and "was set" flags (tags/region.ts). */
  private numberSlots: Map<string, NumberSlot> | null = null;

  /** The checked version's number variables, their places (slot) and their flags; null elsewhere. */
  get checkedSlots(): Map<string, NumberSlot> | null {
    return this.numberSlots;
  }

  /** Writing the body of a function defined with dbt:function (its calls always have a `local` scope). */
  private functionBody = false;

  /** True while writing a dbt:function's body, where a quiet loop always goes the slow way (tags/region.ts). */
  get inFunctionBody(): boolean {
    return this.functionBody;
  }

  /** True inside a quiet loop whose variables are in locals. */
  get inLocals(): boolean {
    return this.writers !== null;
  }

  /** How to write variable `name` inside a quiet loop, or null (write the scope). */
  writer(name: string): Writer | null {
    return this.writers?.get(name) ?? null;
  }

  /**
   * Member reads a quiet loop may answer from a cache (see withMemberCache): `fixed` tells the
   * variables whose value the loop never changes; `vars` maps a read's path to its cache.
   */
  private members: {
    fixed: (name: string) => boolean;
    slow: string;
    vars: Map<string, string>;
    id: string;
  } | null = null;

  /**
   * `write()` where a member read of a scope or of a variable in `fixed`, and of a member of
   * such a read, is taken once and kept (in a JS local): nothing in the code changes a struct
   * while the loop keeps its variables in locals. When the code `slow` is true at run time the
   * loop's sets write the scope itself, which a variable may alias: nothing is kept then. The
   * caches are emptied whenever the clock pauses (another request may run then). Empty is
   * undefined (a constant V8 compares cheaply): a value that is undefined is read again each
   * time, as the interpreter reads it. Returns the
   * code, with the statement that empties them at each pause in place, and the caches.
   */
  withMemberCache(fixed: (name: string) => boolean, slow: string, write: () => string): [string, string[]] {
    const id = this.tmp("m");
    const saved = this.members;
    this.members = { fixed, slow, vars: new Map(), id };
    const own = this.ownFunctions.length;
    try {
      const code = write();
      const vars = [...this.members.vars.values()];
      const reset = vars.length ? `${vars.join(" = ")} = undefined;` : "";
      const resets = (c: string) => c.split(`${RESET}${id}${RESET}`).join(reset);
      // And in the functions of their own written meanwhile (ownFunction).
      for (let i = own; i < this.ownFunctions.length; i++) this.ownFunctions[i] = resets(this.ownFunctions[i]!);
      return [resets(code), vars];
    } finally {
      this.members = saved;
    }
  }

  /** The caches withMemberCache has made so far for the code being written (none outside it). */
  memberCaches(): string[] {
    return this.members ? [...this.members.vars.values()] : [];
  }

  /** The path of a member read that withMemberCache may keep, or null. */
  private memberPath(e: Expr): string | null {
    const m = this.members;
    if (m === null) return null;
    if (e.type === "var") {
      // A scope (quiet loops never name the variables scopes), or a variable the loop keeps in a
      // local and never sets.
      if (SCOPES.has(e.name)) return `s:${e.name}`;
      const b = this.bound.findLast((x) => x.name === e.name);
      return b && b.depth === this.frames.length && m.fixed(e.name) ? `v:${e.name}` : null;
    }
    if (e.type !== "member" || isForbiddenKey(e.name)) return null;
    const base = this.memberPath(e.object);
    return base === null ? null : `${base}.${lit(e.name)}`;
  }

  /**
   * The run of rows being written whose body has a plan (tags/loop-plan.ts planRows): its frame,
   * the first row and the end of the run (locals of the generated code), and the local that keeps
   * each planned loop's checks for the run. Null elsewhere.
   */
  private rowRun: RowRun | null = null;

  /**
   * `write()` for a run of rows whose body has plan `plan` (tags/rows.ts compileRows); returns
   * what it wrote and the run: the locals it keeps checks in, which the run declares, empty, as
   * it starts, and the local holding the row, which the run sets as each row starts.
   */
  withRowRun<T>(plan: RowPlan, frame: string, start: string, end: string, write: () => T): [T, RowRun] {
    const saved = this.rowRun;
    const kept = new Map([...plan.once].map((l) => [l, this.tmp("k")]));
    const run: RowRun = { plan, frame, start, end, kept, row: this.tmp("r") };
    this.rowRun = run;
    try {
      return [write(), run];
    } finally {
      this.rowRun = saved;
    }
  }

  /** Where quiet loop `loop` keeps its checks for the run of rows it is in, or null (it checks each time it starts). */
  keptChecks(loop: TagNode): { kept: string; frame: string; start: string; end: string } | null {
    const r = this.rowRun;
    const kept = r?.kept.get(loop);
    return r && kept !== undefined ? { kept, frame: r.frame, start: r.start, end: r.end } : null;
  }

  /** `write()` with `frame` as the innermost frame. */
  inFrame(frame: string | null, write: () => string): string {
    this.frames.push(frame);
    try {
      return write();
    } finally {
      this.frames.pop();
    }
  }

  constructor(
    readonly registry: Registry = Registry.builtin(),
    readonly options: CompileOptions = {},
  ) {}

  /** Whether loops and output rows tick the page's clock (CompileOptions.clock). */
  get clock(): boolean {
    return this.options.clock !== false;
  }

  /** A fresh identifier for generated code. */
  tmp(prefix = "t"): string {
    return `$${prefix}${this.counter++}`;
  }

  /** The constant holding a location. */
  loc(l: Loc): string {
    let name = this.locNames.get(l);
    if (!name) {
      name = `L${this.locNames.size}`;
      this.locNames.set(l, name);
      this.header.push(`const ${name} = ${JSON.stringify(l)};`);
    }
    return name;
  }

  /** A constant of the generated module holding `v` (JSON), one per distinct value. */
  constant(v: unknown): string {
    const json = JSON.stringify(v);
    let id = this.constants.get(json);
    if (!id) {
      id = `C${this.constants.size}`;
      this.constants.set(json, id);
      this.header.push(`const ${id} = ${json};`);
    }
    return id;
  }
  private readonly constants = new Map<string, string>();

  /** A function of the generated module returning `text`, one per distinct text: a tag body of text alone (tags/call.ts). */
  textBody(text: string): string {
    const key = `text:${text}`;
    let id = this.constants.get(key);
    if (!id) {
      id = `B${this.constants.size}`;
      this.constants.set(key, id);
      this.header.push(`const ${id} = () => ${lit(text)};`);
    }
    return id;
  }

  private fn(name: string): string {
    const key = this.registry.findFunction(name)!.name;
    let id = this.fnNames.get(key);
    if (!id) {
      id = `F${this.fnNames.size}`;
      this.fnNames.set(key, id);
      this.header.push(`const ${id} = F[${JSON.stringify(key)}];`);
    }
    return id;
  }

  /**
   * Consecutive text and `#expr#` values go out in one `$o += a + b + …` (plain text, which
   * dbt:setting enableoutputonly may suppress, and a value whose expression writes output as it
   * runs end the run): one string append per run instead of one per piece.
   */
  nodes(nodes: Node[]): string {
    const k = this.checkedVersion;
    if (k !== null && nodes.some((n) => k.plan.spans.has(n))) return this.resumable(nodes, k);
    return this.plainNodes(nodes);
  }

  /**
   * Nodes that hold a loop of a checked version: while a pause comes back (Checked.resume), a
   * node runs only if it holds the loop it comes back to; the others, already run in this
   * iteration or not yet due, are skipped.
   */
  private resumable(nodes: Node[], k: Checked): string {
    let code = "";
    let run: Node[] = [];
    const flush = () => {
      if (run.length) code += `if (${k.resume} === 0) {\n${this.plainNodes(run)}}\n`;
      run = [];
    };
    for (const n of nodes) {
      const span = k.plan.spans.get(n);
      if (!span) run.push(n);
      else {
        flush();
        code += `if (${k.resume} === 0 || ${within(k.resume, span)}) {\n${this.plainNodes([n])}}\n`;
      }
    }
    flush();
    return code;
  }

  private plainNodes(nodes: Node[]): string {
    let code = "";
    let run: string[] = [];
    const flush = () => {
      if (run.length) code += `$o += ${run.join(" + ")};\n`;
      run = [];
    };
    for (const n of nodes) {
      if (n.type === "text") {
        if (!n.plain) run.push(lit(n.value));
        else {
          flush();
          code += `if (ctx.page.outputOnly === 0) $o += ${lit(n.value)};\n`;
        }
      } else if (n.type === "interp") {
        if (!writesOutput(n.expr)) run.push(this.output(n.expr, n.loc));
        else {
          // writeOutput() appends to $o while the expression runs, so the value is taken first.
          flush();
          const w = this.tmp("w");
          code += `{ const ${w} = ${this.output(n.expr, n.loc)}; $o += ${w}; }\n`;
        }
      } else {
        flush();
        code += this.tag(n);
      }
    }
    flush();
    return code;
  }

  /**
   * A tag's code. A tag with an attribute that awaits has all its attributes but those it
   * evaluates at a time of its own evaluated first, in the order its definition declares them
   * (earlyArgs), as the interpreter does (Interpreter.tagAsync); its hook then reads them from
   * constants.
   */
  private tag(n: TagNode): string {
    const def = this.registry.tagDef(n.name);
    const early = n.asyncArgs?.some((a) => !def.lazyArgs?.includes(a)) ? earlyArgs(def, n) : [];
    if (early.length === 0) return def.compile(n, this);
    let pre = "";
    for (const a of early) {
      const t = this.tmp("arg");
      pre += `const ${t} = ${this.expr(n.args[a]!)};\n`;
      this.readyArgs.set(n.args[a]!, t);
    }
    try {
      return `{\n${pre}${def.compile(n, this)}}\n`;
    } finally {
      for (const a of early) this.readyArgs.delete(n.args[a]!);
    }
  }

  /** What `#e#` prints: a literal escaped now, a number without the escape, anything else through rt.esc. */
  private output(e: Expr, at: Loc): string {
    if (e.type === "literal" && e.value !== null) return lit(esc(e.value, at));
    if (this.kindOf(e) === "number") return `rt.numToStr(${this.expr(e)})`;
    return `rt.esc(${this.expr(e)}, ${this.loc(at)})`;
  }

  /** Statements that run `nodes` and leave their output in `target` instead of `$o`. */
  capture(nodes: Node[], target: string): string {
    const saved = this.tmp("saved");
    // ctx.page.captures: a dbt:flush in there (or in a template it includes) is refused.
    return `const ${saved} = $o; $o = ""; ctx.page.captures++;\ntry {\n${this.nodes(nodes)}${target} = $o;\n} finally { $o = ${saved}; ctx.page.captures--; }\n`;
  }

  /** The expression for attribute `name`, or undefined when it was not given. */
  arg(node: TagNode, name: string): string | undefined {
    const e = node.args[name];
    return e === undefined ? undefined : this.expr(e);
  }

  expr(e: Expr): string {
    if (this.readyArgs.size !== 0) {
      const t = this.readyArgs.get(e);
      if (t !== undefined) return t;
    }
    switch (e.type) {
      case "literal":
        return lit(e.value);
      case "array":
        return `[${e.items.map((i) => this.expr(i)).join(", ")}]`;
      case "struct":
        return this.struct(e);
      case "var":
        return this.varRead(e);
      case "member":
        return this.memberRead(e);
      case "index": {
        // q.name[2], q["name"][2]: a column's row (rt.memberIndex, rt.indexIndex).
        const inner = e.object;
        if (inner.type === "member")
          return `rt.memberIndex(ctx, ${this.object(inner.object)}, ${lit(inner.name)}, ${this.expr(e.index)}, ${this.loc(inner.loc)}, ${this.loc(e.loc)})`;
        if (inner.type === "index")
          return `rt.indexIndex(ctx, ${this.object(inner.object)}, ${this.expr(inner.index)}, ${this.expr(e.index)}, ${this.loc(inner.loc)}, ${this.loc(e.loc)})`;
        return `rt.index(ctx, ${this.object(e.object)}, ${this.expr(e.index)}, ${this.loc(e.loc)})`;
      }
      case "method": {
        const args = `[${e.args.map((a) => this.expr(a)).join(", ")}]`;
        const head = `ctx, F, ${this.expr(e.object)}, ${this.constant(e.plan!)}, ${lit(e.name)}, ${args}, ${this.loc(e.loc)}`;
        const names = e.names ? `, ${lit(e.names)}` : "";
        return e.async
          ? this.awaiting(`(await T.callMemberAsync(${head}, ($s) => { $o += $s; }${names}))`)
          : `T.callMember(${head})`;
      }
      case "call":
        return this.callCode(e);
      case "unary": {
        const v = this.expr(e.arg);
        const l = this.loc(e.loc);
        return e.op === "not" ? `!rt.toBool(${v}, ${l})` : e.op === "-" ? `rt.neg(${v}, ${l})` : `rt.toNum(${v}, ${l})`;
      }
      case "binary":
        return this.binaryCode(e);
      case "logical":
        return `(${this.bool(e.left)} ${e.op === "and" ? "&&" : "||"} ${this.bool(e.right)})`;
      case "cond":
        return `(${this.bool(e.test)} ? ${this.expr(e.then)} : ${this.expr(e.else)})`;
      case "elvis":
        if (e.async)
          return this.awaiting(
            `(await rt.elvisAsync(async () => ${this.expr(e.left)}, async () => ${this.expr(e.right)}${isPath(e.left) ? ", true" : ""}))`,
          );
        return `rt.elvis(() => ${this.expr(e.left)}, () => ${this.expr(e.right)}${isPath(e.left) ? ", true" : ""})`;
      case "template":
        return `rt.join(${this.loc(e.loc)}${e.parts.map((p) => `, ${this.expr(p)}`).join("")})`;
      case "step": {
        const { base, steps } = e.path!;
        const path = steps.map((s) => (typeof s === "string" ? JSON.stringify(s) : `{ index: ${this.expr(s)} }`));
        return `rt.step(ctx, ${JSON.stringify(base)}, [${path.join(", ")}], ${this.expr(e.target)}, ${e.op === "+" ? 1 : -1}, ${e.prefix}, ${this.loc(e.loc)})`;
      }
      case "new": {
        const tail = e.names || e.bare ? `, ${e.names ? lit(e.names) : "undefined"}${e.bare ? ", false" : ""}` : "";
        return this.awaiting(
          `(await T.newComponent(ctx, ${lit(e.path)}, [${e.args.map((a) => this.expr(a)).join(", ")}], ${this.loc(e.loc)}, ($s) => { $o += $s; }${tail}))`,
        );
      }
      case "invoke":
        return this.awaiting(
          `(await T.invokeValue(ctx, ${this.expr(e.callee)}, [${e.args.map((a) => this.expr(a)).join(", ")}], ${this.loc(e.loc)}, ($s) => { $o += $s; }))`,
        );
      case "closure": {
        const k = this.tmp("K");
        this.closures.push([k, e.def!]);
        return `T.makeClosure(ctx, ${k}[0], ${k}[1])`;
      }
    }
  }

  /** A struct literal; with a key made by #…#, its keys and values in turn (rt.structPairs). Written keys go in as JSON. */
  private struct(e: Extract<Expr, { type: "struct" }>): string {
    const written: string[] = [];
    for (const x of e.entries) if (typeof x.key === "string") written.push(x.key);
    if (written.length === e.entries.length)
      return `rt.struct(${lit(written)}, [${e.entries.map((x) => this.expr(x.value)).join(", ")}])`;
    const pairs = e.entries.map(
      (x) =>
        `${typeof x.key === "string" ? lit(x.key) : `rt.structKey(${this.expr(x.key)}, ${this.loc(x.key.loc)})`}, ${this.expr(x.value)}`,
    );
    return `rt.structPairs([${pairs.join(", ")}])`;
  }

  /** A variable read: a quiet loop's local, a scope, a name, or the column of the row frame above. */
  private varRead(e: Extract<Expr, { type: "var" }>): string {
    const b = this.bound.findLast((x) => x.name === e.name);
    if (b && b.depth === this.frames.length) return b.read(this.loc(e.loc));
    const f = this.frames[this.frames.length - 1];
    // "error", "cfcatch": a catch inside a group's rows loop sits above the row frame it borrows.
    if (SCOPES.has(e.name)) return `rt.lookup(ctx, ${lit(e.name)}, ${this.loc(e.loc)})`;
    if (!f || CATCH_NAMES.has(e.name)) return `rt.lookupName(ctx, ${lit(e.name)}, ${this.loc(e.loc)})`;
    const col = `T.col(ctx, ${f}, ${lit(e.name)}, ${this.loc(e.loc)})`;
    // T.col inline: rows are plain objects (prototype Object.prototype, STRUCT_PROTO or null),
    // so `in` is hasOwn for a name Object.prototype lacks. $row is a scratch variable (the render
    // function's, or the module's in a function's body): the expression does not await
    // between setting and reading it.
    if (e.name in Object.prototype) return col;
    const k = lit(e.name);
    // In a run of rows with a plan, the row is read once as it starts (tags/loop-plan.ts planRows).
    const r = this.rowRun?.frame === f ? this.rowRun.row : null;
    if (r !== null) return `(${r} !== undefined && ${k} in ${r} ? ${r}[${k}] ?? "" : ${col})`;
    return `(($row = ${f}.query.rows[${f}.row]) !== undefined && ${k} in $row ? $row[${k}] ?? "" : ${col})`;
  }

  /** `a.b`: kept in a member cache when its path is one (withMemberCache), else read each time. */
  private memberRead(e: Extract<Expr, { type: "member" }>): string {
    const read = `rt.${isForbiddenKey(e.name) ? "member" : "field"}(ctx, ${this.object(e.object)}, ${lit(e.name)}, ${this.loc(e.loc)})`;
    const path = this.memberPath(e);
    if (path === null) return read;
    const { vars, slow } = this.members!;
    let h = vars.get(path);
    if (h === undefined) vars.set(path, (h = this.tmp("h")));
    // In a loop's fast run the value is known kept (withFast).
    if (this.fast !== null) {
      this.fast.used.add(h);
      return h;
    }
    // Known not to go the slow way (a quiet loop's checked version): always kept.
    if (slow === "false") return `(${h} !== undefined ? ${h} : (${h} = ${read}))`;
    const t = this.temp();
    return `(${h} !== undefined ? ${h} : ((${t} = ${read}), ${slow} || (${h} = ${t}), ${t}))`;
  }

  /** A call of a template function or a built-in (writeOutput and isNull written inline). */
  private callCode(e: Extract<Expr, { type: "call" }>): string {
    if (e.user)
      return this.awaiting(
        `(await T.callFunction(ctx, ${lit(e.name)}, [${e.args.map((a) => this.expr(a)).join(", ")}], ${this.loc(e.loc)}, ($s) => { $o += $s; }${e.names ? `, ${lit(e.names)}` : ""}))`,
      );
    if (e.names) {
      // argumentCollection: the names are known when the call runs (member-call.ts namedArgs).
      const { name, params, min, max } = this.registry.findFunction(e.name)!;
      const def = this.constant({ name, params, min, max: max === Infinity ? 0 : max });
      const args = `...T.namedArgs(${def}, ${lit(e.names)}, [${e.args.map((a) => this.expr(a)).join(", ")}], ${this.loc(e.loc)})`;
      if (callAwaits(this.registry.findFunction(e.name)!, e))
        return this.awaiting(
          `(await T.callAwaiting(ctx, ${this.fn(e.name)}, ${this.loc(e.loc)}, ($s) => { $o += $s; }, [${args}]))`,
        );
      return `rt.call(ctx, ${this.fn(e.name)}, ${this.loc(e.loc)}, ${args})`;
    }
    if (callAwaits(this.registry.findFunction(e.name)!, e)) {
      return this.awaiting(
        `(await T.callAwaiting(ctx, ${this.fn(e.name)}, ${this.loc(e.loc)}, ($s) => { $o += $s; }, [${e.args.map((a) => this.expr(a)).join(", ")}]))`,
      );
    }
    if (isNullCall(e.name, e.args)) return `rt.isNullOf(() => ${this.expr(e.args[0]!)})`;
    if (isWriteOutput(e.name)) {
      const text =
        e.args.length > 1
          ? `rt.written([${e.args.map((a) => this.expr(a)).join(", ")}], ${this.loc(e.loc)})`
          : `rt.esc(${this.expr(e.args[0]!)}, ${this.loc(e.loc)})`;
      // An argument that writes output itself (writeOutput(f()), f writing) appends to $o
      // while it runs: $o is read after it (`$o += x` would read it before).
      return e.args.some((a) => writesOutput(a)) ? `(($o = (($s) => $o + $s)(${text})), "")` : `(($o += ${text}), "")`;
    }
    const n = e.args.length >= 1 && e.args.length <= 3 ? e.args.length : "";
    return `rt.call${n}(ctx, ${this.fn(e.name)}, ${this.loc(e.loc)}${e.args.map((a) => `, ${this.expr(a)}`).join("")})`;
  }

  /** A binary operator: plain arithmetic checked once, `x eq "text"` at once, the rest through rt. */
  private binaryCode(e: Extract<Expr, { type: "binary" }>): string {
    if (e.op === "&") return this.concat(e.left, e.right, this.loc(e.loc));
    const op = NUMERIC_OPS[e.op];
    if (op && "+-*".includes(op) && this.trees && arithmetic(e) > 1) {
      // Arithmetic on numbers only: computed plainly, checked once (see plain).
      const kept: string[] = [];
      const code = this.plain(e, kept);
      if (code !== null) {
        for (const h of kept) this.fast!.numbers.add(h);
        const t = this.temp();
        this.trees = false;
        try {
          return `((${t} = ${code}) === ${t} ? ${t} : ${this.numeric(e.left, e.right, op, BINARY[e.op], this.loc(e.loc))})`;
        } finally {
          this.trees = true;
        }
      }
    }
    // `x eq "text"` (or neq): two identical strings are EQ whatever else eq would try (numbers,
    // dates, case), so that common answer comes at once; any other pair goes to rt.eq.
    const text = (x: Expr) => x.type === "literal" && typeof x.value === "string";
    if ((e.op === "eq" || e.op === "neq") && (text(e.left) || text(e.right))) {
      const t = this.temp();
      const [a, b] = text(e.right) ? [t, this.expr(e.right)] : [this.expr(e.left), t];
      const other = this.expr(text(e.right) ? e.left : e.right);
      return `((${t} = ${other}) === ${text(e.right) ? b : a} ? ${e.op === "eq"} : rt.${BINARY[e.op]}(${a}, ${b}, ${this.loc(e.loc)}))`;
    }
    if (op) return this.numeric(e.left, e.right, op, BINARY[e.op], this.loc(e.loc));
    if (e.op === "/" || e.op === "%" || e.op === "^")
      return this.numeric(e.left, e.right, e.op === "^" ? "**" : e.op, BINARY[e.op], this.loc(e.loc));
    return `rt.${BINARY[e.op]}(${this.expr(e.left)}, ${this.expr(e.right)}, ${this.loc(e.loc)})`;
  }

  /**
   * `a op b` for two numbers written out, the rt helper `name` for anything else: the same
   * values and errors (a NaN operand goes to the helper, which refuses it). The operands are
   * taken once, left first, into temporaries of the function being written (see temps).
   */
  private numeric(left: Expr, right: Expr, op: string, name: string, l: string): string {
    // [assignment, the operand, its type check, whether it may be NaN]
    const operand = (x: Expr): [string, string, string, boolean] => {
      if (x.type === "literal" && typeof x.value === "number" && Number.isFinite(x.value))
        return ["", this.expr(x), "", false];
      // A kept member read in a loop's fast run (withFast) is checked to be a number, not NaN,
      // before the run starts.
      const kept = this.fast !== null && x.type === "member" && this.memberPath(x) !== null;
      const code = this.expr(x);
      if (kept) {
        this.fast!.numbers.add(code);
        return ["", code, "", false];
      }
      const t = this.temp();
      return [`(${t} = ${code}), `, t, this.kindOf(x) === "number" ? "" : `typeof ${t} === "number" && `, true];
    };
    const [setA, a, isA, nanA] = operand(left);
    const [setB, b, isB, nanB] = operand(right);
    const slow = `rt.${name}(${a}, ${b}, ${l})`;
    // Division, remainder and power of two numbers, neither NaN (nor a zero divisor): what
    // rt.div, rt.mod and rt.pow give them.
    if (op === "/" || op === "%" || op === "**") {
      const zero = op === "**" ? "" : ` && ${b} !== 0`;
      return `(${setA}${setB}${isA}${isB}${a} === ${a} && ${b} === ${b}${zero} ? ${a} ${op} ${b} : ${slow})`;
    }
    if ("+-*".includes(op)) {
      const r = this.temp();
      return `(${setA}${setB}${isA}${isB}(${r} = ${a} ${op} ${b}) === ${r} ? ${r} : ${slow})`;
    }
    const notNaN = [nanA ? `${a} === ${a} && ` : "", nanB ? `${b} === ${b} && ` : ""].join("");
    const test = `${isA}${isB}${notNaN}`;
    return test === ""
      ? `(${setA}${setB}${a} ${op} ${b})`
      : `(${setA}${setB}${test.slice(0, -4)} ? ${a} ${op} ${b} : ${slow})`;
  }

  /** `a & b`: two strings joined at once when the result is within maxStringLength, else rt.concat. */
  private concat(left: Expr, right: Expr, l: string): string {
    const [a, b] = [this.temp(), this.temp()];
    return `((${a} = ${this.expr(left)}), (${b} = ${this.expr(right)}), typeof ${a} === "string" && typeof ${b} === "string" && ${a}.length + ${b}.length <= ctx.limits.maxStringLength ? ${a} + ${b} : rt.concat(ctx, ${a}, ${b}, ${l}))`;
  }

  /** Whether arithmetic trees are written plainly (off inside the checked form of one). */
  private trees = true;

  /**
   * `e` as plain JavaScript arithmetic when it is + - * and unary minus over numbers that cannot
   * be anything else (numeric literals, variables known to hold numbers, member reads of a fast
   * run), else null. NaN goes through + - * unchanged: when the plain result is not NaN, no
   * operand and no step was, and every step's check would have passed; when it is, the checked
   * form (each step with its helper) runs instead and gives what it always gave. The member
   * reads it takes as numbers go to `kept` (the fast run requires them to be).
   */
  private plain(e: Expr, kept: string[]): string | null {
    switch (e.type) {
      case "literal":
        return typeof e.value === "number" && Number.isFinite(e.value) ? lit(e.value) : null;
      case "var":
        return this.kindOf(e) === "number" ? this.expr(e) : null;
      case "member": {
        if (this.fast === null || this.memberPath(e) === null) return null;
        const h = this.expr(e);
        kept.push(h);
        return h;
      }
      case "unary": {
        if (e.op !== "-") return null;
        const a = this.plain(e.arg, kept);
        return a === null ? null : `(-${a})`;
      }
      case "binary": {
        if (e.op !== "+" && e.op !== "-" && e.op !== "*") return null;
        const a = this.plain(e.left, kept);
        const b = a === null ? null : this.plain(e.right, kept);
        return b === null ? null : `(${a} ${e.op} ${b})`;
      }
      default:
        return null;
    }
  }

  /** Temporaries of the function being written, declared at its top (see withTemps). */
  private temps: string[] = [];

  private temp(): string {
    const t = this.tmp("x");
    this.temps.push(t);
    return t;
  }

  /** `write()`'s code, and the declaration of the temporaries it used (for the function holding it). */
  private withTemps(write: () => string): [string, string] {
    const saved = [this.temps, this.awaited] as const;
    this.temps = [];
    this.awaited = false;
    try {
      const code = write();
      return [code, this.temps.length ? `let ${this.temps.join(", ")};\n` : ""];
    } finally {
      [this.temps, this.awaited] = saved;
    }
  }

  /**
   * True where code runs once each time the function being written reaches it: under no loop
   * and no frame (a function of its own written there, see ownFunction, is made once a run).
   */
  get atTop(): boolean {
    return this.loops.length === 0 && this.frames.length === 0;
  }

  /** Functions of their own (ownFunction), written beside the render function once its form is known. */
  private readonly ownFunctions: string[] = [];

  /**
   * `write()` as the body of a function of its own (named from `name`), called where this is
   * written with the context, the output so far and `params` (locals of the caller: their
   * values), and returning what the body returns (tags/region.ts: a quiet loop's checked
   * version, so that V8 optimises that function, small, instead of the whole render, which
   * runs once a request and was optimised, large, while its first run went on, and again when
   * that run reached the code after the loop). It is written once, beside the
   * render function (one closure for every run: V8 would optimise a closure made per run again
   * for each run after the first), so the body reaches nothing of the caller but `params`. Its
   * temporaries and `$row` are its own locals. A generator called by `yield*` in a
   * generator render, an async function awaited in an async one (see pauses); its pauses are
   * written in the same form.
   */
  ownFunction(name: string, params: string[], write: () => string): string {
    let awaits = false;
    const [code, decl] = this.withTemps(() => {
      const c = write();
      awaits = this.awaited;
      return c;
    });
    if (awaits) this.awaited = true;
    const f = this.tmp(name);
    const args = ["ctx", "$o", ...params].join(", ");
    this.ownFunctions.push(`const ${f} = ${FUNCTION} ${f.slice(1)}(${args}) {\nlet $row;\n${decl}${code}};`);
    return `${CALL}${f}(${args})`;
  }

  /**
   * A place for a number: a local of the function being written, started at 0 so that V8 keeps
   * it a number from the start (undefined first made it a tagged value, measured 5% slower on
   * /mandelbrot than an array slot, and a local started at 0 4% faster than that): a quiet loop's
   * checked version keeps its numbers there between fast runs (tags/region.ts, tags/loop.ts
   * fastRun), which copy them into locals of their own.
   */
  slot(): string {
    const t = this.tmp("F");
    this.temps.push(`${t} = 0`);
    return t;
  }

  /**
   * Whether the code written so far for the function being written awaits: set by every piece of
   * code that awaits or makes an async arrow (through awaiting), saved and reset around each
   * function body (functionDef), and read by template to choose an async render or a generator.
   */
  private awaited = false;

  /** `code` (an `await …` or an async arrow), marking the function being written as one that awaits. */
  awaiting(code: string): string {
    this.awaited = true;
    return code;
  }

  /** The object of a member or index access: a scope read through is not shared (rt.base). */
  private object(e: Expr): string {
    // The scope itself when the page has it (rt.base's first answer), read as a property.
    if (e.type === "var" && SCOPES.has(e.name))
      return `(ctx.scopes.${e.name} ?? rt.base(ctx, ${lit(e.name)}, ${this.loc(e.loc)}))`;
    return this.expr(e);
  }

  /**
   * `[spec, impl]` for T.defineFunctions (engine/udf.ts): the impl, built once per template,
   * goes in the header; its body runs with the call's context as `ctx` and its own output.
   */
  private functionDef(f: FunctionDef): string {
    const id = this.tmp("U");
    const defaults = f.params.map((p) => {
      if (!p.default) return "null";
      const [value, temps] = this.withTemps(() => this.expr(p.default!));
      return `async (ctx) => { let $o = ""; ${temps}return ${value}; }`;
    });
    this.functionBody = true;
    let body: string, temps: string;
    try {
      [body, temps] = this.withTemps(() => this.nodes(f.body));
    } finally {
      this.functionBody = false;
    }
    this.header.push(`const ${id} = { defaults: [${defaults.join(", ")}], run: async (ctx) => {
let $o = "";
${temps}try {
${body}} catch (e) { return T.returned(e, $o); }
return [null, $o];
} };`);
    return `[${lit(specOf(f))}, ${id}]`;
  }

  /**
   * Where a loop lets the clock pause (`l` a location's name, or a local holding one). A marker until the template is
   * assembled: `await T.pause(…)` in an async render, `yield` in a generator (see template).
   */
  pause(l: string): string {
    const m = this.members;
    // Checks kept for a run of rows are made again after a pause (tags/loop-plan.ts planRows).
    // So is the row kept in a local: another request may change a query it shares with this page.
    const r = this.rowRun;
    const kept = r ? [...r.kept.values()] : [];
    const rows = r
      ? `${kept.length ? ` ${kept.join(" = ")} = undefined;` : ""} ${r.row} = ${r.frame}.query.rows[${r.frame}.row];`
      : "";
    if (m === null) return rows ? `{ ${PAUSE}${l}${PAUSE};${rows} }` : `${PAUSE}${l}${PAUSE}`;
    return `{ ${PAUSE}${l}${PAUSE}; ${RESET}${m.id}${RESET}${rows} }`;
  }

  /** An expression converted to a boolean, failing at its own location. */
  bool(e: Expr): string {
    if (this.kindOf(e) === "boolean") return this.expr(e);
    return `rt.toBool(${this.expr(e)}, ${this.loc(e.loc)})`;
  }

  /**
   * The body of `function (rt, F, T) { … }` that returns the template's render function. A
   * template whose code awaits nothing renders through a generator that rt.settle runs: a
   * string at once, a promise only when the clock pauses it. Otherwise an async function.
   */
  template(ast: TemplateAst): string {
    let awaits = false;
    const [body, temps] = this.withTemps(() => {
      const code = this.nodes(ast.body);
      awaits = this.awaited;
      return code;
    });
    const fns = ast.functions.map((f) => this.functionDef(f));
    // A closure's body may hold closures: written until none is left.
    for (let next; (next = this.closures.shift());)
      this.header.push(`const ${next[0]} = ${this.functionDef(next[1])};`);
    const define = fns.length ? `T.defineFunctions(ctx, [${fns.join(", ")}]);\n` : "";
    // $row (see expr) is the render function's own: a local, not a variable of the module's
    // closure that every column read would write through a write barrier.
    const run = `{
let $o = "", $row;
${temps}try {
${define}${body}} catch (e) { return rt.templateEnd(e, $o); }
return $o;
}`;
    const header = `"use strict";
// Compiled by Quarry from ${lit(ast.file)}.
let $row;
${pauses(this.header.join("\n"), "await")}
`;
    const own = this.ownFunctions.map((f) => `${pauses(f, awaits ? "await" : "yield")}\n`).join("");
    if (awaits) return `${header}${own}return async function render(ctx) ${pauses(run, "await")};`;
    return `${header}${own}const $run = function* render(ctx) ${pauses(run, "yield")};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };`;
  }
}

/** A run of rows whose body has a plan (Compiler.withRowRun). */
export interface RowRun {
  plan: RowPlan;
  frame: string;
  start: string;
  end: string;
  kept: Map<TagNode, string>;
  /** The local holding the frame's row (its column reads read it, not the frame, each time). */
  row: string;
}

/** Is the resume local's loop number within `span`? */
function within(resume: string, [lo, hi]: Span): string {
  return lo === hi ? `${resume} === ${lo}` : `(${resume} >= ${lo} && ${resume} <= ${hi})`;
}

/** Marks a pause in generated code: no string literal holds it (JSON.stringify escapes it). */
const PAUSE = "\u0001";
const PAUSE_MARK = /\u0001([\w$]+)\u0001/g;
/** Marks where a pause empties the member caches of withMemberCache `id`, until they are known. */
const RESET = "\u0002";
/** Mark the keyword of a function of its own (ownFunction) and its call, until the render's form is known. */
const FUNCTION = "\u0003";
const CALL = "\u0004";

function pauses(code: string, form: "await" | "yield"): string {
  return code
    .replace(PAUSE_MARK, (_, l: string) => (form === "await" ? `await T.pause(ctx.page, ${l})` : `yield ${l}`))
    .replaceAll(FUNCTION, form === "await" ? "async function" : "function*")
    .replaceAll(CALL, form === "await" ? "await " : "yield* ");
}
