// Iterating query rows, shared by <dbt:output query> and <dbt:loop query>: the row frame
// (pushed for a query, borrowed from the enclosing grouped tag for its group's rows), the
// grouping of rows, and the clock's tick per row or group. Both modes go through here; the
// compiled form is the same loop written out, so its body stays inline.
import type { Loc, TagNode } from "../parser/ast.js";
import type { Interpreter } from "../engine/interpreter.js";
import type { Compiler } from "../engine/compiler.js";
import type { RenderContext, RowFrame } from "../engine/context.js";
import { RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { pause, tick, tickCode } from "../engine/clock.js";
import { driveOn } from "./drive.js";
import { ensure, type Maybe } from "../engine/maybe.js";
import type { QueryResult } from "../engine/values.js";
import { groupEnd, type Grouping } from "./helpers.js";
import { planRows } from "./loop-plan.js";

/** First row (0-based) and end (exclusive) from startrow/maxrows. */
export function rowRange(q: QueryResult, startrow: unknown, maxrows: unknown, loc: Loc): [number, number] {
  const start = startrow === undefined ? 1 : rt.toNum(startrow, loc);
  const max = maxrows === undefined ? Infinity : rt.toNum(maxrows, loc);
  if (!Number.isInteger(start) || start < 1)
    throw new RuntimeError(codes.TYPE, `startrow must be an integer of 1 or more, got ${start}`, loc);
  if (max !== Infinity && (!Number.isInteger(max) || max < 0))
    throw new RuntimeError(codes.TYPE, `maxrows must be an integer of 0 or more, got ${max}`, loc);
  return [start - 1, Math.min(q.rows.length, start - 1 + max)];
}

/** Query loop bounds: startrow/endrow are 1-based and inclusive. */
export function queryRange(q: QueryResult, startrow: unknown, endrow: unknown, loc: Loc): [number, number] {
  const [s] = rowRange(q, startrow, undefined, loc);
  const e = endrow === undefined ? q.rows.length : Math.min(q.rows.length, rt.toNum(endrow, loc));
  return [s, e];
}

/** The row frame a tag nested in a grouped one iterates: the innermost one. */
export function innerFrame(ctx: RenderContext, loc: Loc): RowFrame {
  for (let i = ctx.frames.length - 1; i >= 0; i--) {
    const f = ctx.frames[i]!;
    if (f.kind === "row") return f;
  }
  throw new RuntimeError(codes.TYPE, "A nested dbt:output has no query rows to iterate", loc);
}

/** Where the rows come from: a query's range (a new frame) or the enclosing group's rows. */
export type RowSource = { query: QueryResult; start: number; end: number } | "group";

export interface RowLoop {
  group: Grouping | undefined;
  /** Loops count iterations against maxIterations; output rows only tick the clock. */
  counted: boolean;
}

/**
 * Runs `step` once per row (or group of rows), with the frame on that row; stops early when
 * `step` returns false (a dbt:break). Synchronous while `step` is (see drive).
 */
export function eachRow(
  it: Interpreter,
  node: TagNode,
  src: RowSource,
  how: RowLoop,
  step: () => Maybe<boolean>,
): Maybe<void> {
  const ctx = it.ctx;
  const loc = node.loc;
  const own = src !== "group";
  const f: RowFrame = own ? { kind: "row", query: src.query, row: src.start, end: src.end } : innerFrame(ctx, loc);
  const [start, end] = own ? [src.start, src.end] : [f.row, f.end];
  const { group, counted } = how;
  let n = 0;
  let i = start;
  let j = start;
  const next = (): boolean => {
    i = j;
    if (i >= end) return false;
    j = group === undefined ? i + 1 : groupEnd(f.query, i, end, group.column, group.caseSensitive);
    return true;
  };
  // An output row only ticks (count 0); a loop's row counts too.
  const due = (): boolean => tick(ctx, counted ? ++n : 0, it.out.length, loc);
  const run = (): Maybe<boolean> => {
    f.row = i;
    f.end = j;
    return step();
  };
  // drive's loop with next and due written out, while every row runs synchronously (no closure calls per row).
  const rows = (): Maybe<void> => {
    for (;;) {
      i = j;
      if (i >= end) return;
      j = group === undefined ? i + 1 : groupEnd(f.query, i, end, group.column, group.caseSensitive);
      if (due()) return driveOn(loc, it, next, due, run, pause(ctx.page, loc).then(run));
      const go = run();
      if (go instanceof Promise) return driveOn(loc, it, next, due, run, go);
      if (!go) return;
    }
  };
  if (own) ctx.frames.push(f);
  return ensure(rows, own ? () => ctx.frames.pop() : () => void ([f.row, f.end] = [start, end]));
}

/**
 * The compiled form of eachRow. `src` is JavaScript that declares `query`, `start` and `end`
 * from the temporaries given, or "group"; `write` writes the loop body (in the row frame), under
 * `label` if any.
 */
export function compileRows(
  c: Compiler,
  node: TagNode,
  src: ((q: string, s: string, e: string) => string) | "group",
  how: RowLoop,
  write: () => string,
  label = "",
): string {
  const [f, i, j, s, e, n] = [c.tmp("f"), c.tmp("i"), c.tmp("j"), c.tmp("s"), c.tmp("e"), c.tmp("n")];
  // The row body's plan (tags/loop-plan.ts): its quiet loops' checks kept for the run, made
  // again after a pause (the ticks of the rows' loop included).
  const plan = planRows(node.body!, c.registry);
  const parts = (): [string, string] => {
    const code = c.inFrame(f, write);
    const L = c.loc(node.loc);
    return [code, tickCode({ count: how.counted ? n : null, loc: L, onPause: c.pause(L), clock: c.clock })];
  };
  const [[body, ticked], run] = plan ? c.withRowRun(plan, f, s, e, parts) : [parts(), null];
  const kept = run ? [...run.kept.values(), run.row] : [];
  const L = c.loc(node.loc);
  const g = how.group;
  const next =
    g === undefined
      ? `${i} + 1`
      : `T.groupEnd(${f}.query, ${i}, ${e}, ${JSON.stringify(g.column)}, ${g.caseSensitive})`;
  const loop = `let ${[`${n} = 0`, ...kept].join(", ")};
${label ? `${label}: ` : ""}for (let ${i} = ${s}, ${j}; ${i} < ${e}; ${i} = ${j}) {
${j} = ${next};
${ticked}${f}.row = ${i}; ${f}.end = ${j};${run ? ` ${run.row} = ${f}.query.rows[${i}];` : ""}
${body}}\n`;
  if (src === "group") {
    return `{ const ${f} = T.innerFrame(ctx, ${L}); const ${s} = ${f}.row, ${e} = ${f}.end;
try {
${loop}} finally { ${f}.row = ${s}; ${f}.end = ${e}; }
}\n`;
  }
  const q = c.tmp("q");
  return `{ ${src(q, s, e)}
const ${f} = { kind: "row", query: ${q}, row: ${s}, end: ${e} };
ctx.frames.push(${f});
try {
${loop}} finally { ctx.frames.pop(); }
}\n`;
}

/**
 * An unscoped name read in a row frame's body: the frame's row when it has the column, as
 * rt.lookup finds it, without walking the scopes and frames first.
 */
export function col(ctx: RenderContext, f: RowFrame, name: string, loc: Loc): unknown {
  const row = f.query.rows[f.row];
  // An empty cell (SQL NULL) reads as "", as in CFML.
  if (row !== undefined && Object.hasOwn(row, name)) return row[name] ?? "";
  return rt.lookup(ctx, name, loc);
}

export const runtime = { col, rowRange, queryRange, innerFrame, groupEnd, tick, pause };
