// Random but valid templates for the differential fuzzer (test/fuzz-modes.test.ts): nested
// loops of every form (fractional and negative steps, list, array, condition, query, grouped),
// dbt:output with and without a query, if/elseif/else, sets of variables, struct members and
// array items, arithmetic and comparison on mixed types, &, writeOutput(), break/continue,
// try/catch, undefined reads, url and form scopes, unicode text, built-in functions,
// dbt:function with locals, and an included second file; a quarter of the pages write their
// statements that have a script form in <dbt:script> blocks. Cases are trees, so a failing one can
// be shrunk (shrinkCase) to a small template.

export type Expr =
  | { k: "lit"; s: string }
  | { k: "var"; s: string }
  | { k: "bin"; op: string; l: Expr; r: Expr }
  | { k: "un"; op: "-" | "NOT"; a: Expr }
  | { k: "call"; f: string; args: Expr[] }
  | { k: "cond"; c: Expr; a: Expr; b: Expr }
  | { k: "elvis"; l: Expr; r: Expr }
  /** `++x`, `x--` inside an expression: changes the variable, its value the number before or after. */
  | { k: "step"; op: "++" | "--"; prefix: boolean; target: string };

/** An attribute's value: written as is, or as `#expr#`. */
export type AttrValue = { lit: string } | { e: Expr };

export type Node =
  | { t: "text"; s: string }
  | { t: "interp"; e: Expr }
  | { t: "set"; target: string; e: Expr }
  | { t: "call"; e: Expr }
  | { t: "return"; e: Expr }
  | { t: "if"; branches: { c: Expr; body: Node[] }[]; els: Node[] | null }
  | { t: "loop" | "output"; attrs: [string, AttrValue][]; body: Node[] }
  | { t: "try"; body: Node[]; cbody: Node[]; fbody?: Node[] }
  | { t: "savecontent" | "silent"; body: Node[] }
  | { t: "switch"; e: Expr; cases: { value: string; body: Node[] }[]; def: Node[] | null }
  | { t: "break" | "continue" | "include" }
  | { t: "raw"; s: string };

export interface Func {
  name: string;
  output: boolean;
  args: { name: string; def: string }[];
  body: Node[];
}

export interface Case {
  page: Node[];
  inc: Node[] | null;
  funcs: Func[];
  data: { url: Record<string, string>; form: Record<string, string>; variables?: Record<string, unknown> };
  limits: { maxIterations: number; maxOutputLength?: number };
  /** Pause every this many clock ticks (0: as the clock says). */
  pauses: number;
  /** The page queries the fixture database (test/db/001_fixtures.sql): it renders asynchronously. */
  db: boolean;
  /** The page is cancelled during its first pause (only with pauses, and no database). */
  cancel: boolean;
  /** The page's statements that have a script form are written in <dbt:script> blocks. */
  script?: boolean;
}

export function rng(seed: number) {
  let a = seed >>> 0;
  const f = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (lo: number, hi: number): number => lo + Math.floor(f() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(f() * xs.length)]!,
    chance: (p: number): boolean => f() < p,
    weighted: <T>(pairs: [number, () => T][]): T => {
      const total = pairs.reduce((s, [w]) => s + w, 0);
      let x = f() * total;
      for (const [w, v] of pairs) if ((x -= w) < 0) return v();
      return pairs[pairs.length - 1]![1]();
    },
  };
}

const NUMS = [
  "0",
  "1",
  "2",
  "3",
  "5",
  "-1",
  "0.5",
  "1.5",
  "10",
  "-2.5",
  "1e3",
  "0.1",
  "7",
  "100",
  "-0",
  "1e308",
  "2147483648",
];
const NUMSTRS = ["'2'", "' 6 '", "'1.5'", "'-3'", "'1e2'", "'0'", "'10'"];
const STRS = ["''", "'abc'", "'é'", "'ü😀'", "'yes'", "'no'", "'true'", "'A'", "'a'", "'x,y,z'", "'<b>'", "'Ωmega'"];
const OTHER = [
  "true",
  "false",
  "null",
  "createDate(2020, 1, 2)",
  "createDateTime(2021, 5, 6, 7, 8, 9)",
  "'2020-01-02'",
];
export const VARS = ["a", "b", "n", "s", "x", "i", "j", "k"];
/** Variables no case sets before its statements: first set in a loop, or never. */
const LATE = ["u", "w"];
const ARITH = ["+", "-", "*", "/", "%", "MOD", "^"];
const CMP = ["EQ", "NEQ", "LT", "LTE", "GT", "GTE", "CONTAINS", "==", "!=", "<", "<=", ">", ">="];
const QUERIES = [
  "queryNew('id,name,n,price', [{id: 1, name: 'a', n: 5, price: '0.50'}, {id: 2, name: 'b', n: '7', price: '3.00'}, {id: 3, name: 'é', price: '1.5'}])",
  "queryNew('id,name,x', [{id: 1, name: 'apple', x: 'y'}, {id: 2, name: 'banana', x: 2}])",
  "queryNew('id,name', [])",
  "queryNew('id,name,n', [[1, 'a', 1], [2, 'b', 2], [3, 'c', 3], [4, 'd', 4]])",
  "queryNew('id,name,n', [[1, 'a', 1], [1, 'a', 2], [2, 'b', 3], [2, 'B', 4], [3, null, 5]])",
];

// ---------- text ----------

const paren = (e: Expr, s: string) =>
  e.k === "bin" || e.k === "un" || e.k === "step" || (e.k === "lit" && s.startsWith("-")) ? `(${s})` : s;

/** An expression's text; in a tag (`inTag`), a comparison with `>` is parenthesized (`>` ends the tag). */
export function exprText(e: Expr, inTag: boolean): string {
  switch (e.k) {
    case "lit":
    case "var":
      return e.s;
    case "bin": {
      const s = `${paren(e.l, exprText(e.l, inTag))} ${e.op} ${paren(e.r, exprText(e.r, inTag))}`;
      return inTag && e.op.includes(">") ? `(${s})` : s;
    }
    case "un":
      return `${e.op === "NOT" ? "NOT " : "-"}${paren(e.a, exprText(e.a, inTag))}`;
    case "call":
      // A name starting with "." is a member call on the first argument: `(x).len()`.
      if (e.f.startsWith(".")) {
        const [o, ...rest] = e.args.map((x) => exprText(x, inTag));
        return `${e.args[0]!.k === "var" || e.args[0]!.k === "call" ? o : `(${o})`}${e.f}(${rest.join(", ")})`;
      }
      return `${e.f}(${e.args.map((x) => exprText(x, inTag)).join(", ")})`;
    case "cond":
      return `(${exprText(e.c, inTag)} ? ${exprText(e.a, inTag)} : ${exprText(e.b, inTag)})`;
    case "elvis":
      return `(${exprText(e.l, inTag)} ?: ${exprText(e.r, inTag)})`;
    case "step":
      return e.prefix ? `${e.op}${e.target}` : `${e.target}${e.op}`;
  }
}

const attrsText = (list: [string, AttrValue][]) =>
  list.map(([k, v]) => ` ${k}="${"e" in v ? `#${exprText(v.e, true)}#` : v.lit}"`).join("");

export function nodesText(nodes: Node[]): string {
  return nodes.map(nodeText).join("");
}

function nodeText(n: Node): string {
  switch (n.t) {
    case "text":
      return n.s;
    case "interp":
      return `#${exprText(n.e, false)}#`;
    case "set":
      return `<dbt:set ${n.target} = ${exprText(n.e, true)}>`;
    case "call":
      return `<dbt:set ${exprText(n.e, true)}>`;
    case "return":
      return `<dbt:return ${exprText(n.e, true)}>`;
    case "if":
      return `${n.branches.map((b, i) => `<dbt:${i === 0 ? "if" : "elseif"} ${exprText(b.c, true)}>${nodesText(b.body)}`).join("")}${n.els ? `<dbt:else>${nodesText(n.els)}` : ""}</dbt:if>`;
    case "loop":
    case "output":
      return `<dbt:${n.t}${attrsText(n.attrs)}>${nodesText(n.body)}</dbt:${n.t}>`;
    case "try":
      return `<dbt:try>${nodesText(n.body)}<dbt:catch>${nodesText(n.cbody)}</dbt:catch>${n.fbody ? `<dbt:finally>${nodesText(n.fbody)}</dbt:finally>` : ""}</dbt:try>`;
    case "savecontent":
      return `<dbt:savecontent variable="sc">${nodesText(n.body)}</dbt:savecontent>`;
    case "silent":
      return `<dbt:silent>${nodesText(n.body)}</dbt:silent>`;
    case "switch":
      return `<dbt:switch expression="#${exprText(n.e, true)}#">${n.cases.map((c) => `<dbt:case value="${c.value}">${nodesText(c.body)}</dbt:case>`).join("")}${n.def ? `<dbt:defaultcase>${nodesText(n.def)}</dbt:defaultcase>` : ""}</dbt:switch>`;
    case "break":
    case "continue":
      return `<dbt:${n.t}>`;
    case "include":
      return `<dbt:include template="inc.dbt">`;
    case "raw":
      return n.s;
  }
}

function funcText(f: Func): string {
  const args = f.args.map((a) => `<dbt:argument name="${a.name}" default="${a.def}">`).join("");
  return `<dbt:function name="${f.name}"${f.output ? "" : ' output="false"'}>${args}${nodesText(f.body)}</dbt:function>\n`;
}

// ---------- the same statements in <dbt:script> ----------

/** Whether a node (and all it holds) has a script form: a switch (a case's list) or a query output has none. */
function scriptable(n: Node): boolean {
  switch (n.t) {
    case "raw":
    case "switch":
      return false;
    case "output":
      return n.attrs.length === 0 && n.body.every(scriptable);
    case "if":
      return n.branches.every((b) => b.body.every(scriptable)) && (n.els ?? []).every(scriptable);
    case "loop":
    case "savecontent":
    case "silent":
      return n.body.every(scriptable);
    case "try":
      return [...n.body, ...n.cbody, ...(n.fbody ?? [])].every(scriptable);
    default:
      return true;
  }
}

/** A CFML string literal of `s`: its quotes doubled, its # doubled (text, not an expression). */
const quoted = (s: string) => `"${s.replace(/"/g, '""').replace(/#/g, "##")}"`;

const block = (nodes: Node[]) => `{ ${nodes.map(scriptText).join(" ")} }`;

/** A scriptable node as script statements. */
function scriptText(n: Node): string {
  const e = (x: Expr) => exprText(x, false);
  switch (n.t) {
    case "text":
      return `writeOutput(raw(${quoted(n.s)}));`;
    case "interp":
      return `writeOutput(${e(n.e)});`;
    case "set":
      return `${n.target} = ${e(n.e)};`;
    case "call":
      return `${e(n.e)};`;
    case "return":
      return `return ${e(n.e)};`;
    case "if":
      return `${n.branches.map((b, i) => `${i === 0 ? "if" : " else if"} (${e(b.c)}) ${block(b.body)}`).join("")}${n.els ? ` else ${block(n.els)}` : ""}\n`;
    case "output":
      return n.body.map(scriptText).join(" ");
    case "loop": {
      // The generic form: each attribute a literal (as written in the tag) or the expression.
      const attrs = n.attrs.map(([k, v]) => ` ${k}=${"e" in v ? e(v.e) : `"${v.lit.replace(/"/g, '""')}"`}`).join("");
      return `loop${attrs} ${block(n.body)}\n`;
    }
    case "try":
      return `try ${block(n.body)} catch (any e) ${block(n.cbody)}${n.fbody ? ` finally ${block(n.fbody)}` : ""}\n`;
    case "savecontent":
      return `savecontent variable="sc" ${block(n.body)}\n`;
    case "silent":
      return `silent ${block(n.body)}\n`;
    case "break":
    case "continue":
      return `${n.t};`;
    case "include":
      return `include "inc.dbt";`;
    case "switch":
    case "raw":
      throw new Error(`no script form for ${n.t}`);
  }
}

/** A page's nodes with each run of scriptable ones in a <dbt:script> block. */
function scriptPage(nodes: Node[]): string {
  let out = "";
  let run: Node[] = [];
  const flush = () => {
    if (run.length) out += `<dbt:script>\n${run.map(scriptText).join("\n")}\n</dbt:script>\n`;
    run = [];
  };
  for (const n of nodes) {
    if (scriptable(n)) run.push(n);
    else {
      flush();
      out += nodeText(n);
    }
  }
  flush();
  return out;
}

/** The files of a case: page.dbt, and inc.dbt when it has one. */
export function caseFiles(c: Case): Record<string, string> {
  const page = c.script ? scriptPage(c.page) : nodesText(c.page);
  const files: Record<string, string> = { "page.dbt": c.funcs.map(funcText).join("") + page };
  if (c.inc !== null) files["inc.dbt"] = nodesText(c.inc);
  return files;
}

// ---------- the generator ----------

interface Ctx {
  out: boolean;
  loops: number;
  fn: boolean;
  row: boolean;
  catch: boolean;
  inc: boolean;
  depth: number;
}

const errorOut = (before: string): Node => ({
  t: "output",
  attrs: [],
  body: [
    { t: "text", s: before },
    { t: "interp", e: { k: "var", s: "error.message" } },
    { t: "text", s: "]" },
  ],
});

export function generate(seed: number): Case {
  const r = rng(seed);
  // The quiet profile: loops that compiled mode keeps in locals (tags/quiet.ts), mostly numbers.
  const quiet = r.chance(0.45);
  let budget = r.int(15, 70);
  let counters = 0;
  const funcs: Func[] = [];
  const hasInc = r.chance(0.3);
  const lit = (s: string): Expr => ({ k: "lit", s });
  const v = (s: string): Expr => ({ k: "var", s });
  const call = (f: string, ...args: Expr[]): Expr => ({ k: "call", f, args });
  // CFML's names are case-insensitive: now and then a name in capitals (engine/keys.ts, Validator.spell).
  const cased = (pool: string[]): string => {
    const n = r.pick(pool);
    return r.chance(0.15) ? n.toUpperCase() : n;
  };

  function atom(ctx: Ctx): Expr {
    if (quiet && !ctx.row && !ctx.fn)
      return r.weighted<Expr>([
        [6, () => lit(r.pick(NUMS))],
        [1, () => lit(r.pick([...NUMSTRS, ...STRS, "true", "false", "null"]))],
        [12, () => v(cased(VARS))],
        [1, () => v(r.pick(LATE))],
        [0.3, () => v(r.pick(["zzz", "url.u", "st.m", "arr[1]"]))],
      ]);
    return r.weighted<Expr>([
      [6, () => lit(r.pick(NUMS))],
      [2, () => lit(r.pick(NUMSTRS))],
      [2, () => lit(r.pick(STRS))],
      [1, () => lit(r.pick(OTHER))],
      [10, () => v(cased(VARS))],
      [1, () => v(r.pick(["url.u", "form.f", "url.n", "variables.a", "variables.i"]))],
      [1, () => v(r.pick(["st.m", "st.count", "arr[1]", "arr[2]", "q.recordCount", "q.n", "q.currentRow"]))],
      [ctx.row ? 5 : ctx.fn || ctx.inc ? 0.5 : 0, () => v(r.pick(["id", "name", "n", "x", "price"]))],
      [0.5, () => v(r.pick(LATE))],
      [0.3, () => v(r.pick(["vv.i", "vv.n", "vv.u"]))],
      [ctx.fn ? 4 : 0, () => v(r.pick(["p", "t", "local.t", "arguments.p"]))],
      [ctx.catch ? 2 : 0, () => v(r.pick(["error.message", "error.type"]))],
      [0.3, () => v(r.pick(["zzz", "st.nope", "url.missing"]))],
    ]);
  }

  function expr(ctx: Ctx, d = 0): Expr {
    if (d >= 3 || r.chance(0.35)) return atom(ctx);
    const e = () => expr(ctx, d + 1);
    const bin = (ops: string[]) => (): Expr => ({ k: "bin", op: r.pick(ops), l: e(), r: e() });
    if (quiet && r.chance(0.6))
      return r.weighted<Expr>([
        [6, bin(["+", "-", "*", "+", "*", "%", "/"])],
        [3, bin(CMP.slice(0, 6))],
        [1, bin(["&"])],
        [1, () => ({ k: "cond", c: e(), a: e(), b: e() })],
        [1, bin(["AND", "OR"])],
      ]);
    return r.weighted<Expr>([
      [5, bin(ARITH.slice(0, 3))],
      [1, bin(ARITH)],
      [3, bin(CMP)],
      [2, bin(["&"])],
      [1, bin(["AND", "OR"])],
      [1, () => ({ k: "un", op: r.pick(["-", "NOT"] as const), a: e() })],
      [1, () => ({ k: "cond", c: e(), a: e(), b: e() })],
      [1, () => ({ k: "elvis", l: atom(ctx), r: e() })],
      [3, () => builtin(ctx, d)],
      [1, () => step(ctx)],
    ]);
  }

  /** ++ or -- on a variable (sometimes one no case sets, a member, an array item or a scope's), prefix or postfix. */
  function step(ctx: Ctx): Expr {
    const target = r.weighted<string>([
      [8, () => cased(VARS)],
      [1, () => r.pick(LATE)],
      [1, () => r.pick(["st.count", "arr[1]", "url.n", "variables.i"])],
      [ctx.fn ? 2 : 0, () => r.pick(["t", "local.t", "arguments.p"])],
    ]);
    return { k: "step", op: r.pick(["++", "--"] as const), prefix: r.chance(0.5), target };
  }

  function builtin(ctx: Ctx, d: number): Expr {
    const e = () => expr(ctx, d + 1);
    if (quiet && r.chance(0.85))
      return r.weighted<Expr>([
        [2, () => call("len", e())],
        [2, () => call("abs", e())],
        [2, () => call("int", e())],
        [1, () => call("max", e(), e())],
        [1, () => call("min", e(), e())],
        [1, () => call("round", e())],
        [1, () => call("left", e(), lit("1"))],
        [1, () => call("listLen", e())],
        [1, () => call("isNumeric", e())],
        [1, () => call("val", e())],
        [0.3, () => call("writeOutput", e())],
        [0.5, () => call(r.pick([".len", ".abs", ".trim"]), e())],
      ]);
    return r.weighted<Expr>([
      [2, () => call("len", e())],
      [1, () => call("left", e(), lit(r.pick(["1", "2", "0"])))],
      [1, () => call("listLen", e())],
      [1, () => call("arrayLen", v("arr"))],
      [1, () => call("arrayAppend", v("arr"), e())],
      [1, () => call("abs", e())],
      [1, () => call("int", e())],
      [1, () => call("max", e(), e())],
      [1, () => call("ucase", e())],
      [1, () => call("isNumeric", e())],
      [1, () => call("val", e())],
      [1, () => call("toString", e())],
      [1, () => call("isDefined", lit(`'${r.pick(VARS)}'`))],
      [1, () => call("structKeyExists", v("st"), lit("'m'"))],
      [2, () => call("writeOutput", e())],
      [1, () => call("numberFormat", e())],
      // Member functions, chained too.
      [1, () => call(r.pick([".len", ".trim", ".ucase", ".abs", ".listLen", ".isNumeric"]), e())],
      [0.5, () => call(r.pick([".len", ".toList", ".sum"]), v("arr"))],
      [0.5, () => call(".append", v("arr"), e())],
      [0.5, () => call(".keyExists", v("st"), lit("'m'"))],
      [0.5, () => call(".len", call(".trim", e()))],
      [0.3, () => call("listLen", e(), call(".left", lit("','"), lit("1")))],
      [funcs.length ? 3 : 0, () => call(r.pick(funcs).name, ...(r.chance(0.7) ? [e()] : []))],
      [
        funcs.length ? 0.5 : 0,
        () => call("arrayLen", call(r.pick(["arrayMap", "arrayFilter"]), v("arr"), v(r.pick(funcs).name))),
      ],
    ]);
  }

  /** A loop bound: mostly a small number. */
  const bound = (lits: string[]): AttrValue =>
    r.chance(0.6)
      ? { lit: r.pick(lits) }
      : {
          e: r.weighted<Expr>([
            [5, () => lit(r.pick(["0", "1", "2", "3", "4", "5", "-2", "6", "8", "1.5"]))],
            [2, () => v(r.pick(VARS))],
            [1, () => ({ k: "bin", op: r.pick(["+", "-", "*"]), l: v(r.pick(VARS)), r: lit(r.pick(["1", "2"])) })],
            [0.3, () => lit(r.pick(["'3'", "'abc'", "true", "''"]))],
          ]),
        };

  const target = (ctx: Ctx): string =>
    r.weighted<string>([
      [10, () => r.pick(VARS)],
      [1, () => r.pick(LATE)],
      [0.3, () => r.pick(["vv", "vv.i", "vv.n", "vv.u"])],
      [ctx.fn ? 3 : 0, () => r.pick(["var t", "local.t", "t", "arguments.p", "p"])],
      [1, () => r.pick(["variables.a", "variables.i", "variables.n"])],
      [2, () => r.pick(["st.m", "st.count", 'st["m"]'])],
      [2, () => r.pick(["arr[1]", "arr[2]", "arr[4]"])],
      [0.5, () => r.pick(["url.u", "form.f"])],
    ]);

  const text = (): Node => ({
    t: "text",
    s: r.pick(["a", " ", "-", ";", "\n", "é", "😀", "<p>", "</p>", "x y", ",", "|", "Ж", "\t", "&amp;"]),
  });

  function body(ctx: Ctx, n: number): Node[] {
    const out: Node[] = [];
    for (let m = 0; m < n && budget > 0; m++) out.push(...stmt(ctx));
    return out;
  }
  const sub = (ctx: Ctx, more: Partial<Ctx> = {}): Ctx => ({ ...ctx, depth: ctx.depth + 1, ...more });
  const plainOutput = (ctx: Ctx): Node => ({
    t: "output",
    attrs: [],
    body: body(sub(ctx, { out: true }), r.int(1, 5)),
  });

  function stmt(ctx: Ctx): Node[] {
    budget--;
    const deep = ctx.depth >= 4;
    const loopsOk = ctx.loops < 3 && !deep;
    const one = (f: () => Node) => () => [f()];
    if (quiet && (ctx.loops > 0 || r.chance(0.5)) && !ctx.fn)
      return r.weighted<Node[]>([
        [3, one(text)],
        [ctx.out ? 6 : 0, one(() => ({ t: "interp", e: expr(ctx) }))],
        [10, one(() => ({ t: "set", target: cased(VARS), e: expr(ctx) }))],
        [1.5, one(() => ({ t: "set", target: r.pick(LATE), e: expr(ctx) }))],
        [deep ? 0 : 3, one(() => ifStmt(ctx))],
        [loopsOk ? 5 : 0, one(() => rangeLoop(ctx))],
        [loopsOk ? 1 : 0, one(() => listLoop(ctx))],
        [loopsOk ? 1 : 0, one(() => arrayLoop(ctx))],
        [loopsOk ? 1.5 : 0, () => condLoop(ctx)],
        [deep || ctx.out ? 0 : 2, one(() => plainOutput(ctx))],
        [ctx.loops > 0 ? 2 : 0, one(() => jump(ctx))],
        [ctx.loops === 0 && !ctx.row && !deep ? 1 : 0, one(() => outputQuery(ctx))],
      ]);
    return r.weighted<Node[]>([
      [4, one(text)],
      [ctx.out ? 8 : 0, one(() => ({ t: "interp", e: expr(ctx) }))],
      [6, one(() => ({ t: "set", target: target(ctx), e: expr(ctx) }))],
      [1, one(() => ({ t: "call", e: call("writeOutput", expr(ctx)) }))],
      [0.5, one(() => ({ t: "call", e: call("arrayAppend", v("arr"), expr(ctx)) }))],
      [deep ? 0 : 3, one(() => ifStmt(ctx))],
      [loopsOk ? 4 : 0, one(() => rangeLoop(ctx))],
      [loopsOk ? 1 : 0, one(() => listLoop(ctx))],
      [loopsOk ? 1 : 0, one(() => arrayLoop(ctx))],
      [loopsOk ? 1 : 0, () => condLoop(ctx)],
      [loopsOk ? 1.5 : 0, one(() => queryLoop(ctx))],
      [deep ? 0 : ctx.out ? 0.5 : 3, one(() => plainOutput(ctx))],
      [deep || ctx.row ? 0 : 1.5, one(() => outputQuery(ctx))],
      [deep ? 0 : 1.5, one(() => tryStmt(ctx))],
      [ctx.loops > 0 ? 1.5 : 0, one(() => jump(ctx))],
      [hasInc && !ctx.fn && !ctx.inc ? 1 : 0, one(() => ({ t: "include" }))],
      [
        deep || ctx.fn ? 0 : 0.7,
        one(() => ({ t: r.pick(["savecontent", "silent"] as const), body: body(sub(ctx), r.int(1, 4)) })),
      ],
      [ctx.out ? 0.5 : 0, one(() => ({ t: "interp", e: v("sc") }))],
      [deep ? 0 : 0.7, one(() => switchStmt(ctx))],
      [loopsOk ? 0.7 : 0, one(() => collectionLoop(ctx))],
    ]);
  }

  function jump(ctx: Ctx): Node {
    const j: Node = { t: r.pick(["break", "continue"] as const) };
    return r.chance(0.7) ? { t: "if", branches: [{ c: expr(ctx), body: [j] }], els: null } : j;
  }

  function ifStmt(ctx: Ctx): Node {
    const c = sub(ctx);
    const branches = [{ c: expr(ctx), body: body(c, r.int(1, 3)) }];
    while (r.chance(0.3)) branches.push({ c: expr(ctx), body: body(c, r.int(1, 3)) });
    return { t: "if", branches, els: r.chance(0.5) ? body(c, r.int(1, 3)) : null };
  }

  const loopBody = (ctx: Ctx, more: Partial<Ctx> = {}) =>
    body(sub(ctx, { loops: ctx.loops + 1, ...more }), r.int(1, 5));

  function rangeLoop(ctx: Ctx): Node {
    const a: [string, AttrValue][] = [
      ["from", bound(["1", "0", "3", "5", "-2", "10", "0.5"])],
      ["to", bound(["1", "3", "5", "0", "-3", "4", "2.5", "8"])],
    ];
    if (r.chance(0.6))
      a.push([
        "step",
        r.chance(0.85) ? { lit: r.pick(["1", "2", "-1", "-2", "0.5", "-0.5", "1.5", "3", "0.25"]) } : bound(["1"]),
      ]);
    a.push(["index", { lit: r.pick(["i", "i", "j", "k", "n", "x"]) }]);
    return { t: "loop", attrs: a, body: loopBody(ctx) };
  }

  function names(a: [string, AttrValue][], pool: string[]) {
    for (const nm of r.pick([["index"], ["item"], ["item", "index"]])) a.push([nm, { lit: cased(pool) }]);
  }

  function listLoop(ctx: Ctx): Node {
    const a: [string, AttrValue][] = [
      ["list", r.chance(0.7) ? { lit: r.pick(["a,b,c", "1,2,3", "x;;y", "", "é,😀", "3,1.5,-2"]) } : { e: expr(ctx) }],
    ];
    if (r.chance(0.3)) a.push(["delimiters", { lit: r.pick([";", ",;"]) }]);
    names(a, ["i", "j", "k", "n", "x", "s"]);
    return { t: "loop", attrs: a, body: loopBody(ctx) };
  }

  function arrayLoop(ctx: Ctx): Node {
    const arr = r.chance(0.6) ? v("arr") : lit(r.pick(["[1, 2, 3]", "['a', 'b']", "[]", "[1.5, '2', true]"]));
    const a: [string, AttrValue][] = [["array", { e: arr }]];
    names(a, ["i", "j", "k", "n", "x"]);
    return { t: "loop", attrs: a, body: loopBody(ctx) };
  }

  /** A condition loop on a counter of its own, counted first in its body (no endless loop). */
  function condLoop(ctx: Ctx): Node[] {
    const c = `c${++counters}`;
    const test: Expr = { k: "bin", op: r.pick(["LT", "LTE"]), l: v(c), r: lit(r.pick(["3", "5", "0", "2"])) };
    const step: Node = { t: "set", target: c, e: { k: "bin", op: "+", l: v(c), r: lit("1") } };
    return [
      { t: "set", target: c, e: lit("0") },
      {
        t: "loop",
        attrs: [["condition", r.chance(0.5) ? { lit: exprText(test, true) } : { e: test }]],
        body: [step, ...loopBody(ctx)],
      },
    ];
  }

  function queryLoop(ctx: Ctx): Node {
    const a: [string, AttrValue][] = [["query", { lit: "q" }]];
    if (r.chance(0.3)) a.push(["startrow", { lit: r.pick(["1", "2", "3", "5"]) }]);
    if (r.chance(0.3)) a.push(["endrow", { lit: r.pick(["1", "2", "3"]) }]);
    return { t: "loop", attrs: a, body: loopBody(ctx, { row: true }) };
  }

  function grouped(ctx: Ctx): Node {
    const a: [string, AttrValue][] = [
      ["query", { lit: "q" }],
      ["group", { lit: r.pick(["id", "name"]) }],
    ];
    const asOutput = r.chance(0.5);
    // dbt:break and dbt:continue act on loops only, not on grouped output rows
    const inner = sub(ctx, { out: true, row: true, loops: asOutput ? ctx.loops : ctx.loops + 1 });
    const rows = () => body(inner, r.int(1, 3));
    if (asOutput) {
      if (r.chance(0.3)) a.push(["groupcasesensitive", { lit: r.pick(["false", "true"]) }]);
      const b = [
        ...body(inner, r.int(0, 2)),
        { t: "output", attrs: [], body: rows() } as Node,
        ...body(inner, r.int(0, 2)),
      ];
      return { t: "output", attrs: a, body: b };
    }
    const b = [
      ...body(inner, r.int(0, 2)),
      { t: "loop", attrs: [], body: rows() } as Node,
      ...body(inner, r.int(0, 1)),
    ];
    return { t: "loop", attrs: a, body: b };
  }

  function outputQuery(ctx: Ctx): Node {
    if (r.chance(0.25)) return grouped(ctx);
    const a: [string, AttrValue][] = [["query", { lit: "q" }]];
    if (r.chance(0.3)) a.push(["startrow", { lit: r.pick(["1", "2", "3"]) }]);
    if (r.chance(0.3)) a.push(["maxrows", { lit: r.pick(["0", "1", "2"]) }]);
    return { t: "output", attrs: a, body: body(sub(ctx, { out: true, row: true }), r.int(1, 5)) };
  }

  function tryStmt(ctx: Ctx): Node {
    const cbody = r.chance(0.6) ? [errorOut("!")] : body(sub(ctx, { catch: true }), r.int(1, 2));
    const t: Node = { t: "try", body: body(sub(ctx), r.int(1, 4)), cbody };
    if (r.chance(0.2)) t.fbody = body(sub(ctx), r.int(1, 2));
    return t;
  }

  function switchStmt(ctx: Ctx): Node {
    const cases = [{ value: r.pick(["1", "a", "2|3", "yes", ""]), body: body(sub(ctx), r.int(1, 2)) }];
    if (r.chance(0.5)) cases.push({ value: r.pick(["5", "b", "0.5"]), body: body(sub(ctx), r.int(1, 2)) });
    return { t: "switch", e: expr(ctx), cases, def: r.chance(0.5) ? body(sub(ctx), r.int(1, 2)) : null };
  }

  function collectionLoop(ctx: Ctx): Node {
    const coll = r.chance(0.5) ? v("st") : lit(r.pick(["{b: 2, a: 1}", "{}", "{x: 'é', n: 3}"]));
    const a: [string, AttrValue][] = [
      ["collection", { e: coll }],
      ["key", { lit: r.pick(["k", "s", "x"]) }],
    ];
    if (r.chance(0.7)) a.push([r.pick(["item", "value"]), { lit: r.pick(["j", "n", "u"]) }]);
    return { t: "loop", attrs: a, body: loopBody(ctx) };
  }

  // ---- the case ----
  const top: Ctx = { out: false, loops: 0, fn: false, row: false, catch: false, inc: false, depth: 0 };
  const nf = r.weighted<number>([
    [3, () => 0],
    [2, () => 1],
    [1, () => 2],
  ]);
  for (let m = 0; m < nf; m++) funcs.push({ name: `f${m + 1}`, output: r.chance(0.8), args: [], body: [] });
  for (const f of funcs) {
    f.args = [{ name: "p", def: r.pick(["1", "#2#", "#'a'#", "x"]) }];
    const saved = budget;
    budget = r.int(2, 8);
    const fctx = { ...top, fn: true };
    f.body = [...body(fctx, budget), { t: "return", e: expr(fctx) }];
    budget = saved;
  }
  const pre: Node[] = [];
  for (const name of VARS)
    if (r.chance(0.97))
      pre.push({
        t: "set",
        target: name,
        e: lit(r.chance(0.7) ? r.pick(NUMS) : r.pick([...NUMSTRS, ...STRS, ...OTHER])),
      });
  pre.push({ t: "set", target: "st", e: lit(r.pick(["{m: 1, count: 0}", "{m: 'x'}", "{}"])) });
  pre.push({ t: "set", target: "arr", e: lit(r.pick(["[1, 2, 3]", "['a', '5']", "[]", "[0.5]"])) });
  const db = r.chance(0.25);
  if (db)
    pre.push({
      t: "raw",
      s: `<dbt:query name="q">${r.pick([
        "SELECT id, name, color AS x, price, id * 2 AS n FROM fruit ORDER BY id",
        "SELECT id, color AS name, price AS n FROM fruit ORDER BY color, id",
        "SELECT id, name FROM fruit WHERE id > 9",
        "SELECT 1 AS id, NULL::text AS name, 2.5::numeric AS n, DATE '2020-01-02' AS x",
      ])}</dbt:query>`,
    });
  else pre.push({ t: "set", target: "q", e: lit(r.pick(QUERIES)) });
  pre.push({ t: "set", target: "sc", e: lit("''") });
  pre.push({ t: "set", target: "vv", e: r.chance(0.15) ? v("variables") : lit("{}") });
  const inc = hasInc ? body({ ...top, inc: true }, r.int(1, 6)) : null;
  budget = Math.max(budget, 5);
  // Half the page's statements in a try of their own, so that more of the page runs.
  const main = body(top, 200).map((n): Node =>
    r.chance(0.5) && n.t !== "text" ? { t: "try", body: [n], cbody: [errorOut("{")] } : n,
  );
  // The variables at the end (a loop's last index, what a quiet loop wrote back).
  const tail: Node[] = [{ t: "text", s: "\n" }];
  for (const name of [...VARS, ...LATE, "st.m"]) {
    const show: Node = {
      t: "output",
      attrs: [],
      body: [
        { t: "text", s: `[${name}=` },
        { t: "interp", e: v(name) },
        { t: "text", s: "]" },
      ],
    };
    tail.push({ t: "try", body: [show], cbody: [errorOut(`[${name}!`)] });
  }
  const data: Case["data"] = {
    url: { u: r.pick(["3", "abc", "", "1.5"]), n: r.pick(["2", "x"]) },
    form: { f: r.pick(["yes", "7", "é"]) },
  };
  if (r.chance(0.2)) data.variables = { a: r.pick(["5", 5, "z"]) };
  const limits: Case["limits"] = { maxIterations: r.weighted([2, 2, 4].map((w, i) => [w, () => [7, 23, 1000][i]!])) };
  const pauses = r.weighted([6, 2, 1, 1].map((w, i) => [w, () => [0, 1, 3, 17][i]!]));
  if (r.chance(0.15)) limits.maxOutputLength = r.pick([40, 150, 500]);
  const cancel = pauses > 0 && !db && r.chance(0.3);
  // A quarter of the cases in script (decided by the seed, so the others draw as before).
  return { page: [...pre, ...main, ...tail], inc, funcs, data, limits, pauses, db, cancel, script: seed % 4 === 1 };
}

// ---------- shrinking ----------

/** Applies the k-th of the small changes a case allows (in a fixed order); false when there are fewer. */
export function mutate(c: Case, k: number): boolean {
  let n = 0;
  const hit = () => n++ === k;
  const exprIn = <K extends string>(holder: Record<K, Expr>, key: K): boolean => {
    const e = holder[key];
    const kids: Expr[] =
      e.k === "bin" || e.k === "elvis"
        ? [e.l, e.r]
        : e.k === "un"
          ? [e.a]
          : e.k === "cond"
            ? [e.c, e.a, e.b]
            : e.k === "call"
              ? e.args
              : [];
    for (const kid of kids)
      if (hit()) {
        holder[key] = kid;
        return true;
      }
    if (!(e.k === "lit" && (e.s === "1" || e.s === "0")) && hit()) {
      holder[key] = { k: "lit", s: "1" };
      return true;
    }
    switch (e.k) {
      case "call":
        return e.args.some((_, i) => exprIn(e.args as unknown as Record<string, Expr>, String(i)));
      case "bin":
      case "elvis":
        return exprIn(e, "l") || exprIn(e, "r");
      case "un":
        return exprIn(e, "a");
      case "cond":
        return exprIn(e, "c") || exprIn(e, "a") || exprIn(e, "b");
      default:
        return false;
    }
  };
  const list = (L: Node[] | null): boolean => {
    if (!L) return false;
    for (let j = L.length - 1; j >= 0; j--) {
      const x = L[j]!;
      if (hit()) {
        L.splice(j, 1);
        return true;
      }
      const inner =
        x.t === "if" ? x.branches[0]!.body : x.t === "switch" ? x.cases[0]!.body : "body" in x ? x.body : null;
      if (inner && hit()) {
        L.splice(j, 1, ...inner);
        return true;
      }
      if (x.t === "try" && hit()) {
        L.splice(j, 1, ...x.cbody);
        return true;
      }
    }
    return L.some(node);
  };
  const node = (x: Node): boolean => {
    switch (x.t) {
      case "text":
        if (x.s !== "" && hit()) {
          x.s = x.s.length > 1 ? x.s.slice(0, 1) : "";
          return true;
        }
        return false;
      case "interp":
      case "set":
      case "call":
      case "return":
        return exprIn(x, "e");
      case "if":
        if (x.els && hit()) {
          x.els = null;
          return true;
        }
        for (let b = x.branches.length - 1; b >= 1; b--)
          if (hit()) {
            x.branches.splice(b, 1);
            return true;
          }
        return x.branches.some((b) => exprIn(b, "c") || list(b.body)) || list(x.els);
      case "loop":
      case "output":
        for (let i = x.attrs.length - 1; i >= 0; i--) {
          const [name, value] = x.attrs[i]!;
          if (hit()) {
            x.attrs.splice(i, 1);
            return true;
          }
          if ("e" in value) {
            if (hit()) {
              x.attrs[i] = [name, { lit: value.e.k === "lit" ? value.e.s.replace(/^'(.*)'$/, "$1") : "1" }];
              return true;
            }
            if (exprIn(value, "e")) return true;
          }
        }
        return list(x.body);
      case "try":
        if (x.fbody && hit()) {
          delete x.fbody;
          return true;
        }
        return list(x.body) || list(x.cbody) || list(x.fbody ?? null);
      case "savecontent":
      case "silent":
        return list(x.body);
      case "switch":
        if (x.def && hit()) {
          x.def = null;
          return true;
        }
        for (let b = x.cases.length - 1; b >= 1; b--)
          if (hit()) {
            x.cases.splice(b, 1);
            return true;
          }
        return exprIn(x, "e") || x.cases.some((b) => list(b.body)) || list(x.def);
      default:
        return false;
    }
  };
  for (let f = c.funcs.length - 1; f >= 0; f--)
    if (hit()) {
      c.funcs.splice(f, 1);
      return true;
    }
  if (c.inc && hit()) {
    c.inc = null;
    return true;
  }
  if (c.data.variables && hit()) {
    delete c.data.variables;
    return true;
  }
  if (c.limits.maxOutputLength !== undefined && hit()) {
    delete c.limits.maxOutputLength;
    return true;
  }
  if (c.cancel && hit()) {
    c.cancel = false;
    return true;
  }
  if (c.pauses && !c.cancel && hit()) {
    c.pauses = 0;
    return true;
  }
  if (c.limits.maxIterations !== 1000 && hit()) {
    c.limits.maxIterations = 1000;
    return true;
  }
  return list(c.page) || list(c.inc) || c.funcs.some((f) => list(f.body));
}

/** The smallest case found by greedy single changes for which `fails` stays true. */
export async function shrinkCase(c: Case, fails: (c: Case) => Promise<boolean>, maxTries = 5000): Promise<Case> {
  let best = structuredClone(c);
  for (let k = 0, tries = 0; tries < maxTries; tries++) {
    const cand = structuredClone(best);
    if (!mutate(cand, k)) break;
    if (await fails(cand)) best = cand;
    else k++;
  }
  return best;
}
