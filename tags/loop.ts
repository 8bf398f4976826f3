// <dbt:loop> in seven forms, chosen by the attributes given:
//   query="q" [startrow endrow group groupcasesensitive] | from to [step] index
//   list [delimiters] [item] [index] | array [item] [index] | collection [key] [item] [value]
//   condition | none (or only group) inside a grouped loop or output: the rows of its group
// Every form counts its iterations and stops at limits.maxIterations with an error; every
// iteration ticks the page's clock (engine/clock.ts).
import type { Loc, Node, TagNode } from "../parser/ast.js";
import { WRITES_NOTHING, type QuietWrites, type TagDef, type TagModule } from "./types.js";
import { RuntimeError, codes } from "../engine/errors.js";
import { BreakSignal, ContinueSignal } from "../engine/signals.js";
import { drive, driveRange, loopBody } from "./drive.js";
import { ensure, type Maybe } from "../engine/maybe.js";
import type { CursorFrame, RenderContext } from "../engine/context.js";
import * as rt from "../engine/runtime.js";
import { QueryResult, isStruct, typeName } from "../engine/values.js";
import { respell } from "../engine/keys.js";
import { listItems } from "../engine/list-items.js";
import { asQuery, fixedArg, groupingOf, insideGroup, queryNameToExpr, type Grouping } from "./helpers.js";
import { tick, tickCode } from "../engine/clock.js";
import { isTag } from "./nodes.js";
import { jumpCode } from "./call.js";
import { VAR_OUTSIDE } from "./set.js";
import { planLoop, type LoopStep } from "./loop-plan.js";
import { inRange, inRangeCode, range, runtime as rangeRuntime } from "./range.js";
import type { Compiler, Writer } from "../engine/compiler.js";
import { compileQuiet, runtime as regionRuntime } from "./region.js";
import { compileRows, eachRow, queryRange, runtime as rowRuntime, type RowSource } from "./rows.js";
import { XmlNode, xmlElements, xmlGet, xmlIsElement, xmlIsStructLike, xmlKeys } from "../engine/xml.js";

// "each": a <dbt:script> for (x in c) loop, over whatever c turns out to be (entries).
export type Kind = "query" | "rows" | "range" | "list" | "array" | "collection" | "condition" | "each";

export interface LoopData {
  kind: Kind;
  index?: string;
  item?: string;
  key?: string;
  group?: Grouping;
}

const FORMS: Record<Kind, { needs: string[]; allows: string[] }> = {
  query: { needs: ["query"], allows: ["startrow", "endrow", "group", "groupcasesensitive"] },
  rows: { needs: [], allows: ["group", "groupcasesensitive"] },
  range: { needs: ["from", "to", "index"], allows: ["step"] },
  list: { needs: ["list"], allows: ["delimiters", "item", "index"] },
  array: { needs: ["array"], allows: ["item", "index"] },
  collection: { needs: ["collection"], allows: ["key", "item", "value"] },
  condition: { needs: ["condition"], allows: [] },
  each: { needs: ["collection"], allows: ["item"] },
};

/** The items of a list/array/collection loop as [index-or-key, item] pairs. */
export function entries(kind: Kind, value: unknown, delimiters: unknown, loc: Loc): [unknown, unknown][] {
  if (kind === "list") return listItems(value, delimiters).map((s, i) => [i + 1, s]);
  if (kind === "each") {
    // As CFML's for-in: an array's values, a struct's keys, a query's rows as structs, a
    // list's items (a string, or a number or boolean as its text).
    if (Array.isArray(value)) return value.map((v, i) => [i + 1, v]);
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      return listItems(value, ",").map((s, i) => [i + 1, s]);
    if (isStruct(value)) return Object.keys(value).map((k) => [k, k]);
    // An XML document or element: its child elements' names, as Lucee's keys.
    if (value instanceof XmlNode && xmlIsStructLike(value)) return xmlKeys(value).map((k) => [k, k]);
    if (value instanceof QueryResult)
      return value.rows.map((r, i) => [
        i + 1,
        rt.struct(
          value.columns,
          value.columns.map((c) => r[c]),
        ),
      ]);
    throw new RuntimeError(
      codes.TYPE,
      `for (… in …) needs an array, a struct, a query or a list, got ${typeName(value)}`,
      loc,
    );
  }
  if (kind === "array") {
    // An XML element found by name: the elements of that name (as arrayLen counts them).
    const a = value instanceof XmlNode && xmlIsElement(value) ? xmlElements(value) : value;
    if (!Array.isArray(a))
      throw new RuntimeError(codes.TYPE, `The array attribute must be an array, got ${typeName(a)}`, loc);
    return a.map((v, i) => [i + 1, v]);
  }
  if (value instanceof XmlNode && xmlIsStructLike(value))
    return xmlKeys(value).map((k) => [k, xmlGet(null, value, k, loc)]);
  if (!isStruct(value))
    throw new RuntimeError(codes.TYPE, `The collection attribute must be a struct, got ${typeName(value)}`, loc);
  return Object.keys(value).map((k) => [k, value[k]]);
}

/** A for-in's items; over a query, `cursor` is the frame that moves its currentRow as the loop goes (eachEntries). */
type EachList = [unknown, unknown][] & { cursor?: CursorFrame };

/**
 * The items of a script's `for (x in c)`. Over a query a cursor frame is pushed too, which the
 * loop moves to each row (`q.currentRow`, `q.col` read it) and the loop's end takes away (the
 * caller truncates ctx.frames to its length before the call), so the row goes back to where it
 * was, as Lucee's for-in does.
 */
export function eachEntries(ctx: RenderContext, value: unknown, loc: Loc): EachList {
  const list: EachList = entries("each", value, undefined, loc);
  if (value instanceof QueryResult) {
    list.cursor = { kind: "cursor", query: value, row: 0 };
    ctx.frames.push(list.cursor);
  }
  return list;
}

/** A range attribute written as a finite number (absent: `dflt`), else null. */
function literalNumber(node: TagNode, name: string, dflt: number | null = null): number | null {
  const e = node.args[name];
  if (e === undefined) return dflt;
  return e.type === "literal" && typeof e.value === "number" && Number.isFinite(e.value) ? e.value : null;
}

/** Where a range loop keeps its bounds when they are written as numbers (fixedRange). */
const FIXED = Symbol("fixed range");

/** A range loop's from, to and step when all are written as numbers that `range` accepts (made once per node), else null. */
function fixedRange(node: TagNode & { [FIXED]?: [number, number, number] | null }): [number, number, number] | null {
  let r = node[FIXED];
  if (r === undefined) {
    const [from, to, step] = [literalNumber(node, "from"), literalNumber(node, "to"), literalNumber(node, "step", 1)];
    r = from === null || to === null || step === null || step === 0 ? null : [from, to, step];
    // Not enumerable: the AST still prints and compares as before.
    Object.defineProperty(node, FIXED, { value: r, writable: true, configurable: true });
  }
  return r;
}

/** A loop keeps its own variables in locals, unless it pushes a row frame (a query's columns would answer names first). */
function loopWrites(node: TagNode<LoopData>): QuietWrites | null {
  const d = node.data;
  if (d.kind === "query" || d.kind === "rows") return null;
  return { writes: [d.index, d.item, d.key], loopVars: true };
}

export const loopTag: TagDef<LoopData> = {
  name: "loop",
  body: "required",
  lazyArgs: ["condition"],
  attributes: {
    query: { type: "any" },
    startrow: { type: "integer" },
    endrow: { type: "integer" },
    from: { type: "number" },
    to: { type: "number" },
    step: { type: "number" },
    index: { type: "name", binds: true },
    item: { type: "name", binds: true },
    key: { type: "name", binds: true },
    value: { type: "name", binds: true },
    list: { type: "string" },
    delimiters: { type: "string" },
    array: { type: "any" },
    collection: { type: "any" },
    condition: { type: "expr" },
    // Lucee's: times="n" alone runs the body n times; struct is collection's other name.
    times: { type: "number" },
    struct: { type: "any" },
    group: { type: "name" },
    groupcasesensitive: { type: "enum", values: ["true", "false", "yes", "no"] },
  },
  facts: {
    quiet: loopWrites,
    loop: true,
    queryRows: true,
    // data is not set yet while a script for loop's own step is checked.
    groups: (node) => node.data?.group !== undefined,
  },
  validate(node, v) {
    queryNameToExpr(node);
    if (node.script?.var && !v.enclosing("function")) throw v.error(VAR_OUTSIDE, node.loc, codes.NESTING);
    if (node.script?.each) {
      node.data = { kind: "each", item: fixedArg(node, "item") } satisfies LoopData;
      return;
    }
    // A script for loop's step, run after each iteration: checked as the loop's body is.
    if (node.script?.after) {
      v.ancestors.push(node);
      v.nodes(node.script.after);
      v.ancestors.pop();
    }
    const args = node.args;
    if (args.struct !== undefined) {
      if (args.collection !== undefined)
        throw v.error("<dbt:loop> takes collection or struct (its other name), not both", args.struct.loc);
      args.collection = args.struct;
      delete args.struct;
    }
    if (args.times !== undefined) {
      if (Object.keys(args).length !== 1)
        throw v.error("<dbt:loop times> takes no other attribute (as in Lucee)", args.times.loc);
      // A range loop from 1 without a variable.
      args.from = { type: "literal", value: 1, loc: args.times.loc };
      args.to = args.times;
      delete args.times;
      node.data = { kind: "range" } satisfies LoopData;
      return;
    }
    const given = Object.keys(node.args);
    if (node.written === "dbt:while" && (given.length !== 1 || given[0] !== "condition"))
      throw v.error(
        '<dbt:while> takes one attribute, condition: <dbt:while condition="i LT 10">',
        node.loc,
        codes.ATTRIBUTE,
      );
    const kinds = (Object.keys(FORMS) as Kind[]).filter(
      (k) => k !== "rows" && k !== "each" && given.includes(FORMS[k].needs[0]!),
    );
    if (kinds.length === 0 && given.every((a) => FORMS.rows.allows.includes(a))) {
      if (!insideGroup(v)) {
        throw v.error(
          "<dbt:loop> needs one of query, from/to, list, array, collection or condition (without them it iterates the rows of a group, inside a grouped loop or output)",
          node.loc,
        );
      }
      node.data = { kind: "rows", group: groupingOf(node, true) } satisfies LoopData;
      return;
    }
    if (kinds.length !== 1) {
      throw v.error(
        kinds.length === 0
          ? "<dbt:loop> needs one of query, from/to, list, array, collection or condition"
          : `<dbt:loop> takes only one of ${kinds.map((k) => FORMS[k].needs[0]).join(", ")}`,
        node.loc,
      );
    }
    const kind = kinds[0]!;
    const form = FORMS[kind];
    for (const need of form.needs)
      if (!given.includes(need)) throw v.error(`<dbt:loop ${form.needs[0]}> needs the attribute "${need}"`, node.loc);
    for (const a of given) {
      if (!form.needs.includes(a) && !form.allows.includes(a))
        throw v.error(`Attribute "${a}" does not go with <dbt:loop ${form.needs[0]}>`, node.args[a]!.loc);
    }
    if (kind === "query") {
      node.data = { kind, group: groupingOf(node, false) } satisfies LoopData;
      return;
    }
    // Names as in CFML (Lucee, ACF 2016+): alone, a list or array loop's index is the element and
    // a collection loop's item is the key; beside item, index is the position, and beside key,
    // item is the value (as is value).
    const [index, item, key, value] = ["index", "item", "key", "value"].map((a) => fixedArg(node, a));
    node.data = (
      kind === "list" || kind === "array"
        ? { kind, index: item ? index : undefined, item: item ?? index }
        : kind === "collection"
          ? { kind, key: key ?? item, item: key ? (item ?? value) : value }
          : { kind, index: kind === "range" ? index : undefined }
    ) satisfies LoopData;
    if (kind === "collection" && key && item && value)
      throw v.error("<dbt:loop collection> takes item or value for the value, not both", node.args.value!.loc);
  },
  interpret(node, it) {
    const d = node.data;
    const ctx = it.ctx;
    // Inside a function, loop variables are the function's own, as an unscoped dbt:set is.
    const vars = ctx.scopes.local ?? ctx.scopes.variables;
    for (const name of [d.index, d.item, d.key]) if (name !== undefined) respell(vars, name);
    const loc = node.loc;
    if (d.kind === "range") {
      // The common inner loop: no closure per run (the table page runs one per row).
      const [from, to, step] =
        fixedRange(node) ?? range(it.arg(node, "from"), it.arg(node, "to"), it.arg(node, "step"), loc);
      // i += step, as the compiled loop counts (the same float steps in both modes).
      // Without a variable (times="n"), the loop writes it into a scratch object.
      return driveRange(
        { it, node, vars: d.index === undefined ? {} : vars, name: d.index ?? "", to, step, n: 0 },
        from,
      );
    }
    let n = 0;
    const due = (): boolean => tick(ctx, ++n, it.out.length, loc);
    const body = (): Maybe<boolean> => loopBody(it, node);
    switch (d.kind) {
      case "query":
      case "rows": {
        let src: RowSource = "group";
        if (d.kind === "query") {
          const query = asQuery(it.arg(node, "query"), node.args.query!.loc);
          const [start, end] = queryRange(query, it.arg(node, "startrow"), it.arg(node, "endrow"), loc);
          src = { query, start, end };
        }
        return eachRow(it, node, src, { group: d.group, counted: true }, body);
      }
      case "condition": {
        const cond = node.args.condition!;
        const test = cond.async
          ? () => it.evalAsync(cond).then((v) => rt.toBool(v, cond.loc))
          : () => rt.toBool(it.eval(cond), cond.loc);
        const { postTest, after } = node.script ?? {};
        // A script do-while: the first iteration runs untested.
        let first = postTest === true;
        const next = first ? (): Maybe<boolean> => (first ? !(first = false) : test()) : test;
        if (!after) return drive(loc, it, next, due, body);
        // A script for loop: its step after each iteration the body finished or continued.
        const step = (go: boolean): Maybe<boolean> => {
          if (!go) return false;
          const r = it.run(after);
          return r instanceof Promise ? r.then(() => true) : true;
        };
        return drive(loc, it, next, due, () => {
          const go = body();
          return go instanceof Promise ? go.then(step) : step(go);
        });
      }
      default: {
        const attr = d.kind === "each" ? "collection" : d.kind;
        const depth = ctx.frames.length;
        const list: EachList =
          d.kind === "each"
            ? eachEntries(ctx, it.arg(node, attr), node.args[attr]!.loc)
            : entries(d.kind, it.arg(node, attr), it.arg(node, "delimiters"), node.args[attr]!.loc);
        const [kName, vName] = d.kind === "collection" ? [d.key, d.item] : [d.index, d.item];
        const cursor = list.cursor;
        let at = -1;
        const run = () =>
          drive(
            loc,
            it,
            () => ++at < list.length,
            due,
            () => {
              const [k, v] = list[at]!;
              if (cursor) cursor.row = at;
              if (kName) vars[kName] = k;
              if (vName) vars[vName] = v;
              return body();
            },
          );
        return cursor ? ensure(run, () => void (ctx.frames.length = depth)) : run();
      }
    }
  },
  compile(node, c) {
    if (!c.inLocals) {
      const plan = planLoop(node, c.registry, { underFrame: c.frames.length > 0, inFunctionBody: c.inFunctionBody });
      if (plan) return compileQuiet(c, plan, () => compileLoop(node, c));
    }
    return compileLoop(node, c);
  },
};

/**
 * A loop's iteration in parts, for the one way it is assembled (plainLoop, or checkedLoop in a
 * quiet loop's checked version).
 */
interface LoopParts {
  n: string;
  label: string;
  /** Statements run as the loop starts (its bounds, its items), assigning its state. */
  start: string;
  /** The loop's own locals that start assigns, and those of them that hold numbers. */
  state: string[];
  numbers: string[];
  /** Whether another iteration runs, and the step to it. */
  test: string;
  next: string;
  /** The loop variables set for an iteration, and the body. */
  vars: () => string;
  body: (jumps?: { break: string; continue: string }) => string;
  /** A range or condition loop's iteration written for a fast run (see fastRun), else null. */
  phases: Phases | null;
  /** What runs when the test ends the loop (not a break): a range loop's index takes the value that failed it. */
  ended?: () => string;
}

function compileLoop(node: TagNode<LoopData>, c: Compiler): string {
  const d = node.data;
  const label = c.tmp("loop");
  const L = c.loc(node.loc);
  const n = c.tmp("n");
  // In a quiet loop (tags/region.ts) the loop variables are locals of the outermost one.
  // Otherwise they go to their scope each iteration (the template may read them any way,
  // and they keep their last value); unscoped reads in the body go straight to them unless,
  // when the loop starts, a frame would answer the name first (T.shadowed).
  const locals = c.inLocals;
  const vars = c.tmp("vars");
  const named = locals
    ? []
    : (d.kind === "collection" ? [d.key, d.item] : [d.index, d.item]).filter((x): x is string => x !== undefined);
  const shadow = named.map(() => c.tmp("sh"));
  const prelude = locals
    ? ""
    : `const ${vars} = ctx.scopes.local ?? ctx.scopes.variables;${named.map((x, k) => ` T.respell(${vars}, ${JSON.stringify(x)}); const ${shadow[k]!} = T.shadowed(ctx, ${vars}, ${JSON.stringify(x)});`).join("")}\n`;
  // In a quiet loop's checked version every loop has its place in the plan (tags/loop-plan.ts).
  const step = c.checked?.plan.steps.get(node) ?? null;
  const setVar = (name: string | undefined, value: string) => {
    if (!name) return "";
    return locals ? c.writer(name)!(value, L, "loop") : `${vars}[${JSON.stringify(name)}] = ${value};\n`;
  };
  const bodyCode = (jumps = { break: `break ${label};`, continue: `continue ${label};` }): string => {
    c.loops.push(node.script?.label === undefined ? jumps : { ...jumps, label: node.script.label });
    try {
      const reads = named.map((x, k) => ({
        name: x,
        read: (l: string) =>
          `(${shadow[k]!} ? rt.lookup(ctx, ${JSON.stringify(x)}, ${l}) : ${vars}[${JSON.stringify(x)}] ?? rt.lookup(ctx, ${JSON.stringify(x)}, ${l}))`,
      }));
      return c.withBound(reads, () => c.nodes(node.body!));
    } finally {
      c.loops.pop();
    }
  };
  const arg = (name: string) => c.arg(node, name) ?? "undefined";
  const assemble = (p: Omit<LoopParts, "n" | "label" | "body">): string =>
    step !== null
      ? checkedLoop(c, node, step, { ...p, n, label, body: bodyCode })
      : plainLoop(c, node, prelude, { ...p, n, label, body: bodyCode });
  const kit: LoopKit = { c, node, d, L, n, label, arg, assemble, setVar, bodyCode };
  switch (d.kind) {
    case "query":
    case "rows": {
      const src =
        d.kind === "rows"
          ? "group"
          : (
              q: string,
              s: string,
              e: string,
            ) => `const ${q} = T.asQuery(${arg("query")}, ${c.loc(node.args.query!.loc)});
const [${s}, ${e}] = T.queryRange(${q}, ${arg("startrow")}, ${arg("endrow")}, ${L});`;
      return compileRows(c, node, src, { group: d.group, counted: true }, bodyCode, label);
    }
    case "range":
      return rangeLoop(kit);
    case "condition":
      return conditionLoop(kit);
    default:
      return entriesLoop(kit);
  }
}

/** What compileLoop gives the writer of each kind of loop. */
interface LoopKit {
  c: Compiler;
  node: TagNode<LoopData>;
  d: LoopData;
  /** The loop's location (its constant's name). */
  L: string;
  /** The local counting its iterations. */
  n: string;
  label: string;
  arg: (name: string) => string;
  assemble: (p: Omit<LoopParts, "n" | "label" | "body">) => string;
  setVar: (name: string | undefined, value: string) => string;
  bodyCode: (jumps?: { break: string; continue: string }) => string;
}

/** A from/to/step loop: its bounds constants when written as numbers, its index as Lucee leaves it. */
function rangeLoop(k: LoopKit): string {
  const { c, node, d, L, arg, assemble, setVar, bodyCode } = k;
  const [i, to, by] = [c.tmp("i"), c.tmp("to"), c.tmp("step")];
  const known = fixedRange(node);
  // Bounds written as numbers are constants: no T.range call, the step's sign known now.
  const [t, st] = known ? [String(known[1]), String(known[2])] : [to, by];
  const test = (x: string) => inRangeCode(x, t, known ? known[2] : by);
  return assemble({
    start: known
      ? `${i} = ${known[0]};\n`
      : `[${i}, ${to}, ${by}] = T.range(${arg("from")}, ${arg("to")}, ${arg("step")}, ${L});\n`,
    state: known ? [i] : [i, to, by],
    numbers: known ? [i] : [i, to, by],
    test: test(i),
    next: `${i} += ${st}`,
    vars: () => setVar(d.index, i),
    // As Lucee: after the loop the index holds the value that ended it (to + step, or from
    // when the loop never ran); a break leaves the value it broke at.
    ended: () => setVar(d.index, i),
    phases: {
      index: i,
      // Integer bounds written as numbers: a fast run ends at a computed last value.
      exact:
        known !== null &&
        known.every((x) => Number.isSafeInteger(x) && Math.abs(x) <= 2 ** 40) &&
        Math.abs(known[2]) <= 2 ** 20
          ? { to: known[1], step: known[2], trips: trips(...known) }
          : null,
      test,
      next: (x) => `${x} += ${st}`,
      vars: (x) => setVar(d.index, x),
      // The body reads the index and never sets it: a fast run's counter serves as the index.
      counter: d.index !== undefined && !setsName(node.body!, d.index) ? d.index : null,
      body: bodyCode,
    },
  });
}

/** How many iterations a range loop of integer bounds runs when its body never sets its index. */
export function trips(from: number, to: number, step: number): number {
  return inRange(from, to, step) ? Math.floor((to - from) / step) + 1 : 0;
}

/** A condition loop, and the script's do-while and for loops (their first test skipped, their step after each iteration). */
function conditionLoop(k: LoopKit): string {
  const { c, node, L, n, label, assemble, bodyCode } = k;
  const test = () => c.bool(node.args.condition!);
  const { postTest, after } = node.script ?? {};
  if (postTest || after) {
    // A script do-while (the first iteration untested) or for loop (its step after each
    // iteration the body finished or continued); never in a quiet loop (tags/quiet.ts).
    const [first, b] = [c.tmp("first"), c.tmp("b")];
    const cond = postTest ? `${first} || ${test()}` : test();
    const ticked = tickCode({ count: n, loc: L, onPause: c.pause(L), clock: c.clock });
    return `{ let ${n} = 0; ${postTest ? `let ${first} = true; ` : ""}
${label}: for (; ${cond}; ${postTest ? `${first} = false` : ""}) {
${ticked}${b}: {
${bodyCode({ break: `break ${label};`, continue: `break ${b};` })}}
${after ? c.nodes(after) : ""}}
}\n`;
  }
  return assemble({
    start: "",
    state: [],
    numbers: [],
    test: test(),
    next: "",
    vars: () => "",
    phases: { index: null, test, next: () => "", vars: () => "", body: bodyCode },
  });
}

/** A list, array, collection or for-in loop: its entries taken once, walked by position. */
function entriesLoop(kit: LoopKit): string {
  const { c, node, d, arg, assemble, setVar } = kit;
  const [list, at] = [c.tmp("list"), c.tmp("at")];
  const [kName, vName] = d.kind === "collection" ? [d.key, d.item] : [d.index, d.item];
  const attr = d.kind === "each" ? "collection" : d.kind;
  const [k, v] = [c.tmp("k"), c.tmp("v")];
  const each = d.kind === "each";
  const code = assemble({
    start: each
      ? `${list} = T.eachEntries(ctx, ${arg(attr)}, ${c.loc(node.args[attr]!.loc)}); ${at} = 0;\n`
      : `${list} = T.entries(${JSON.stringify(d.kind)}, ${arg(attr)}, ${arg("delimiters")}, ${c.loc(node.args[attr]!.loc)}); ${at} = 0;\n`,
    state: [list, at],
    numbers: [at],
    test: `${at} < ${list}.length`,
    next: `${at}++`,
    vars: () =>
      `const [${k}, ${v}] = ${list}[${at}];\n${each ? `if (${list}.cursor) ${list}.cursor.row = ${at};\n` : ""}${setVar(kName, k)}${setVar(vName, v)}`,
    phases: null,
  });
  if (!each) return code;
  // A for-in over a query takes its cursor frame away when it ends (eachEntries).
  const depth = c.tmp("depth");
  return `{ const ${depth} = ctx.frames.length;\ntry {\n${code}} finally { ctx.frames.length = ${depth}; }\n}\n`;
}

/** A loop outside a quiet loop's checked version: its state in locals of its own, its tick pausing in place. */
function plainLoop(c: Compiler, node: TagNode<LoopData>, prelude: string, p: LoopParts): string {
  const L = c.loc(node.loc);
  const ticked = tickCode({ count: p.n, loc: L, onPause: c.pause(L), clock: c.clock });
  const ended = p.ended?.() ?? "";
  const head = ended
    ? `for (; ; ${p.next}) {\nif (!(${p.test})) { ${ended.trimEnd()} break; }\n`
    : `for (; ${p.test}; ${p.next}) {\n`;
  return `{ let ${[`${p.n} = 0`, ...p.state].join(", ")};
${prelude}${p.start}${p.label}: ${head}${ticked}${p.vars()}${p.body()}}
}\n`;
}

/**
 * A loop of a quiet loop's checked version (tags/region.ts), where its plan puts it (LoopStep).
 * Its state (count, limit, variable, bounds, items) lives outside it, declared once around the
 * outermost loop, so that a pause can leave the checked version from any loop and come back to
 * the same iteration: where its tick wants a pause, the loop sets the resume local
 * (Checked.resume) to its number, the tick's location to Checked.at, and throws T.PAUSE; the
 * outermost loop catches it outside its JavaScript loop, pauses there (no pause point inside a
 * loop: see compileQuiet) and enters again. Each loop on the way skips its start, its test and
 * its tick (its iteration is under way) and, in its body, what comes before the loop paused
 * (Compiler.nodes, branchTest); the loop paused clears the resume local and runs the iteration
 * its tick counted, from its start. Nothing is saved, restored or run twice. An innermost range
 * or condition loop runs in two phases: an iteration as any loop runs it, then a fast run
 * (fastRun). A version that is one range loop of integer bounds first tries a whole run (wholeRun).
 */
function checkedLoop(c: Compiler, node: TagNode<LoopData>, step: LoopStep, p: LoopParts): string {
  const k = c.checked!;
  const L = c.loc(node.loc);
  const writes = c.writesOutput(node.body!);
  const [lim, ahead, b1] = [c.tmp("lim"), c.tmp("k"), c.tmp("b")];
  // The count limit (see tickCode): 0 when a loop that writes nothing starts with the output past its limit.
  const limitValue = `${writes ? "" : "$o.length > ctx.limits.maxOutputLength ? 0 : "}ctx.limits.maxIterations`;
  const rz = k.resume;
  const ended = (p.ended?.() ?? "").trimEnd();
  const tick = tickCode({
    count: p.n,
    loc: L,
    onPause: `${rz} = ${step.id}; ${k.at} = ${L}; throw T.PAUSE;`,
    checked: { lim, budget: k.budget, writes },
    clock: c.clock,
  });
  const innermost = step.last === step.id;
  // Entered while a pause comes back: an innermost loop is the one paused; another may hold it.
  const back = innermost ? `${rz} = 0;` : `if (${rz} === ${step.id}) ${rz} = 0;`;
  const body = p.body({ break: `break ${p.label};`, continue: `break ${b1};` });
  const run =
    innermost && p.phases
      ? fastRun(c, node, step, { ...p.phases, n: p.n, lim, k: ahead, outer: p.label, budget: k.budget, writes })
      : "";
  k.state.push(p.n, lim, ahead, ...p.state);
  k.numbers.push(p.n, lim, ahead, ...p.numbers);
  const loop = `if (${rz} === 0) { ${p.n} = 0; ${ahead} = 0; ${lim} = ${limitValue}; ${p.start}}
${p.label}: for (;;) {
if (${rz} !== 0) { ${back} }
else {
if (!(${p.test})) ${ended ? `{ ${ended} break; }` : "break;"}
${tick}}
${p.vars()}${b1}: {
${body}}
${p.next ? `${p.next};\n` : ""}${run}}
`;
  if (step.id !== 1) return `{ ${loop}}\n`;
  // The outermost loop: the state of every loop, and where a pause comes back. Values carried
  // across the pause come back untyped: each entry gives the numbers their type again.
  const [outer, e] = [c.tmp("re"), c.tmp("e")];
  const numbers = new Set(k.numbers);
  const decl = [...k.state.map((x) => (numbers.has(x) ? `${x} = 0` : x)), `${rz} = 0`].join(", ");
  const retype = k.numbers.map((x) => `${x} = +${x};`).join(" ");
  return `{ let ${decl};
${wholeRun(c, node, step, p, { lim, limitValue, b1, writes })}${outer}: for (;;) {
${retype} ${k.budget} = ctx.page.budget;
try {
${loop}break ${outer};
} catch (${e}) {
if (${e} !== T.PAUSE) throw ${e};
${c.pause(k.at)};
}
}
}\n`;
}

/** The longest whole run: a longer loop's start costs little beside its iterations, which fast runs take. */
const WHOLE_RUN_MAX = 1024;

/**
 * The whole run of a checked version that is one range loop of integer bounds whose body never
 * sets its index (a table's columns, `from="1" to="5"`): when the iterations it will run, known
 * now, stay within the count limit and the clock's budget, no tick can fire, so the loop runs as
 * a plain JavaScript loop, each tick a count and a decrement (and the output's length when the
 * body writes), with no pause to come back from. Else (or not such a loop: "") the checked loop
 * that follows it runs.
 */
function wholeRun(
  c: Compiler,
  node: TagNode<LoopData>,
  step: LoopStep,
  p: LoopParts,
  q: { lim: string; limitValue: string; b1: string; writes: boolean },
): string {
  const x = p.phases?.exact;
  if (step.last !== step.id || !x || !p.phases?.counter || x.trips > WHOLE_RUN_MAX) return "";
  const budget = c.checked!.budget;
  const tick = tickCode({
    count: p.n,
    loc: c.loc(node.loc),
    onPause: "",
    checked: { lim: q.lim, budget, writes: q.writes, whole: true },
    clock: c.clock,
  });
  const ended = (p.ended?.() ?? "").trimEnd();
  const enough = c.clock ? ` && ${budget} > ${x.trips}` : "";
  return `${q.lim} = ${q.limitValue};
if (${x.trips} <= ${q.lim}${enough}) {
${p.n} = 0; ${p.start}${p.label}: for (;;) {
if (!(${p.test})) ${ended ? `{ ${ended} break; }` : "break;"}
${tick}${p.vars()}${q.b1}: {
${p.body({ break: `break ${p.label};`, continue: `break ${q.b1};` })}}
${p.next ? `${p.next};\n` : ""}}
} else
`;
}

/** How a loop's iteration is written again for fastRun. */
interface Phases {
  /** A range loop's variable (its value), or null. */
  index: string | null;
  /**
   * A range loop's bounds when they are small integers written out (see fastRun), and the number
   * of iterations it runs when its body does not set its index (`counter`; see wholeRun).
   */
  exact?: { to: number; step: number; trips: number } | null;
  /** Whether another iteration runs (written in the mode in force), and the step to it, given the variable. */
  test: (index: string) => string;
  next: (index: string) => string;
  /** The loop variables set for an iteration, and the body. */
  vars: (index: string) => string;
  /** A range loop's index variable when the body only reads it (see fastRun), else null. */
  counter?: string | null;
  body: (jumps?: { break: string; continue: string }) => string;
}

/**
 * The fast run of an innermost loop of a checked version, after each iteration of its first
 * phase (checkedLoop): up to `k` more iterations, where k is what the loop's count limit and the
 * clock's budget allow (both counted at once, and what is left given back when the run ends), so
 * the same limit error comes at the same iteration and the clock is read as often; run with no
 * tick and no call of their own: the numbers they use in locals of the run (copied from their
 * places (Compiler.slot) and back: within the run nothing calls out, so V8 keeps them in registers),
 * member reads taken from their caches (Compiler.withFast: the run starts only when every one it
 * reads is kept, a number where arithmetic needs one). The test is written for the run too (a
 * condition loop's is evaluated again by the next iteration of the first phase when the run ends
 * on it: it changes nothing).
 */
function fastRun(
  c: Compiler,
  node: TagNode<LoopData>,
  step: LoopStep,
  p: Phases & { n: string; lim: string; k: string; outer: string; budget: string; writes: boolean },
): string {
  const slots = c.checkedSlots!;
  const found = step.inner!;
  const used = [...found.names].filter((x) => slots.has(x));
  const w = new Map(used.map((x) => [x, c.tmp("w")]));
  // A "was set" flag too is the run's own while it runs (a local of the enclosing function
  // written at every iteration would be one more value V8 spills there).
  const flags = new Map(
    used.filter((x) => found.written.has(x) && slots.get(x)!.flag !== null).map((x) => [x, c.tmp("f")]),
  );
  const over = new Map(
    used.map((x) => {
      const flag = flags.get(x);
      const write: Writer = (value) => `${w.get(x)!} = ${value};${flag ? ` ${flag} = true;` : ""}\n`;
      return [x, { read: w.get(x)!, write }];
    }),
  );
  const [run, b2, brk, k] = [c.tmp("run"), c.tmp("b"), c.tmp("brk"), c.tmp("k")];
  // The run's count and the loop variable are its own locals too, copied back when it ends.
  const i = p.index === null ? "" : c.tmp("i");
  const out = p.writes ? "$o.length <= ctx.limits.maxOutputLength && " : "";
  // An exact run whose body only reads the index: the body reads the run's counter, and the
  // index's place is given the last value once, when the run ends (not copied each iteration,
  // a loop-carried value fewer): the counter's, after a break; else the one before its last step.
  const counter = p.exact && !p.writes && p.counter ? p.counter : null;
  const indexed = counter !== null && w.has(counter) ? counter : null;
  if (indexed !== null) over.set(indexed, { read: i, write: over.get(indexed)!.write });
  const [code, caches] = c.withFast(() =>
    c.withOverride(over, () => {
      const vars = indexed !== null ? "" : p.vars(i);
      const body = p.body({ break: `{ ${brk} = true; break ${run}; }`, continue: `break ${b2};` });
      const next = p.next(i);
      const x = p.exact;
      // Integer bounds: the run's last value is known at its start, so it is a plain `for`
      // (exact: no value reaches 2^53), and its count is what it moved.
      if (x && !p.writes) {
        const [end, first] = [c.tmp("end"), c.tmp("first")];
        return `const ${first} = ${i}, ${end} = Math.${x.step > 0 ? "min" : "max"}(${x.to}, ${i} + (${k} - 1) * ${x.step});
${run}: for (; ${inRangeCode(i, end, x.step)}; ${next}) {
${vars}${b2}: {
${body}}
}
${k} -= (${i} - ${first}) / ${x.step};
${indexed !== null ? `if (${brk} || ${i} !== ${first}) { ${over.get(indexed)!.write(`${brk} ? ${i} : ${i} - ${x.step}`, "", "loop").trimEnd()} }\n` : ""}`;
      }
      return `${run}: while (${k} > 0 && ${out}(${p.test(i)})) {
${k}--;
${vars}${b2}: {
${body}}
${next ? `${next};\n` : ""}}\n`;
    }),
  );
  const kept = [...caches.used].map((h) =>
    caches.numbers.has(h) ? `typeof ${h} === "number" && ${h} === ${h}` : `${h} !== undefined`,
  );
  // Without the clock (CompileOptions.clock) only the count limit bounds the run.
  const allowed = c.clock ? `Math.min(${p.lim} - ${p.n}, ${p.budget} - 1)` : `${p.lim} - ${p.n}`;
  const locals = [
    `${k} = ${p.k}`,
    ...(p.index === null ? [] : [`${i} = ${p.index}`]),
    ...used.map((x) => `${w.get(x)!} = ${slots.get(x)!.slot}`),
    ...[...flags.values()].map((f) => `${f} = false`),
  ];
  const load = `let ${locals.join(", ")};\n`;
  const store = [
    `${p.k} = ${k};`,
    ...(p.index === null ? [] : [`${p.index} = ${i};`]),
    ...used.filter((x) => found.written.has(x)).map((x) => `${slots.get(x)!.slot} = ${w.get(x)!};`),
    ...[...flags].map(([x, f]) => `if (${f}) ${slots.get(x)!.flag!} = true;`),
  ].join(" ");
  return `${p.k} = ${kept.length ? `${kept.join(" && ")} ? ${allowed} : 0` : allowed};
if (${p.k} > 0) { let ${brk} = false; ${p.n} += ${p.k}; ${p.budget} -= ${p.k};
{ ${load}${code}${store}
}
${p.n} -= ${p.k}; ${p.budget} += ${p.k}; ${p.k} = 0;
if (${brk}) break ${p.outer};
}
`;
}

/**
 * Could `nodes` set the variable `name` (a dbt:set of it, a loop with it as a variable)? Names
 * compared without case, to be safe.
 */
function setsName(nodes: Node[], name: string): boolean {
  const x = name.toLowerCase();
  return nodes.some((n) => {
    if (n.type !== "tag") return false;
    const names = isTag(n, "set")
      ? [n.data.target?.base]
      : isTag(n, "loop")
        ? [n.data.index, n.data.item, n.data.key]
        : [];
    if (names.some((y) => y !== undefined && y.toLowerCase() === x)) return true;
    return n.body !== null && setsName(n.body, name);
  });
}

/**
 * <dbt:break> and <dbt:continue>: leave or skip to the next iteration of the innermost dbt:loop,
 * or of the loop a script's `break outer;` names by its label (outer: for …).
 */
const jump = (name: "break" | "continue", Signal: new (label?: string) => BreakSignal | ContinueSignal): TagDef => ({
  name,
  body: "none",
  attributes: {},
  facts: { quiet: () => WRITES_NOTHING, jump: name },
  validate(node, v) {
    const label = node.script?.label;
    if (label === undefined) {
      if (!v.enclosing("loop")) throw v.error(`<dbt:${name}> must stand inside <dbt:loop>`, node.loc, codes.NESTING);
      return;
    }
    // Within the function it stands in, as in Lucee.
    const fn = v.ancestors.findLastIndex((a) => v.host.tag(a.name)?.facts?.detached);
    if (!v.ancestors.slice(fn + 1).some((a) => a.name === "loop" && a.script?.label === label))
      throw v.error(
        `${name} ${label}: no loop around it is labelled ${label} (${label}: for …)`,
        node.loc,
        codes.SYNTAX,
      );
  },
  interpret(node) {
    const label = node.script?.label;
    throw new Signal(label);
  },
  compile(node, c: Compiler) {
    return `${jumpCode(c, name, node.script?.label)}\n`;
  },
});

export const breakTag = jump("break", BreakSignal);
export const continueTag = jump("continue", ContinueSignal);

export const runtime = { ...rowRuntime, ...regionRuntime, ...rangeRuntime, asQuery, entries, eachEntries };

export default { tags: [loopTag, breakTag, continueTag], runtime } satisfies TagModule;
