// <dbt:output [query group startrow maxrows]> … </dbt:output>
// #expr# is live in the body. With query, the body runs once per row (or per group of rows
// with group); a dbt:output without query nested in a grouped one runs once per row of the
// current group. Every row (or group) ticks the page's clock (engine/clock.ts).
import type { TagNode } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { Interpreter } from "../engine/interpreter.js";
import type { RenderContext, RowFrame } from "../engine/context.js";
import { RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { asQuery, fixedArg, groupEnd, queryNameToExpr, rowTick } from "./helpers.js";
import { pause } from "../engine/clock.js";
import type { Loc } from "../parser/ast.js";
import type { QueryResult } from "../engine/values.js";

interface OutputData {
  /** Iterates the rows of the enclosing grouped output. */
  inner: boolean;
  group: string | undefined;
}

/** First row (0-based) and end (exclusive) from startrow/maxrows. */
export function rowRange(q: QueryResult, startrow: unknown, maxrows: unknown, loc: Loc): [number, number] {
  const start = startrow === undefined ? 1 : rt.toNum(startrow, loc);
  const max = maxrows === undefined ? Infinity : rt.toNum(maxrows, loc);
  if (!Number.isInteger(start) || start < 1) throw new RuntimeError(codes.TYPE, `startrow must be an integer of 1 or more, got ${start}`, loc);
  if (max !== Infinity && (!Number.isInteger(max) || max < 0)) throw new RuntimeError(codes.TYPE, `maxrows must be an integer of 0 or more, got ${max}`, loc);
  return [start - 1, Math.min(q.rows.length, start - 1 + max)];
}

/** The row frame a nested output iterates: the innermost one. */
export function innerFrame(ctx: RenderContext, loc: Loc): RowFrame {
  for (let i = ctx.frames.length - 1; i >= 0; i--) {
    const f = ctx.frames[i]!;
    if (f.kind === "row") return f;
  }
  throw new RuntimeError(codes.TYPE, "A nested dbt:output has no query rows to iterate", loc);
}

async function iterate(it: Interpreter, node: TagNode, f: RowFrame, start: number, end: number, group: string | undefined): Promise<void> {
  for (let i = start; i < end; ) {
    const j = group === undefined ? i + 1 : groupEnd(f.query, i, end, group);
    if (rowTick(it.ctx, it.out.length, node.loc)) await pause(it.ctx.page, node.loc);
    f.row = i;
    f.end = j;
    await it.run(node.body!);
    i = j;
  }
}

export const outputTag: TagDef<OutputData> = {
  name: "output",
  body: "required",
  interpolateBody: true,
  attributes: {
    query: { type: "any" },
    group: { type: "name" },
    startrow: { type: "integer" },
    maxrows: { type: "integer" },
  },
  validate(node, v) {
    queryNameToExpr(node);
    const group = fixedArg(node, "group");
    const outer = v.enclosingTag(outputTag);
    const inner = !node.args.query && !!outer && outer.data.group !== undefined;
    if (!node.args.query) {
      for (const a of ["group", "startrow", "maxrows"]) {
        if (node.args[a] && !inner) throw v.error(`Attribute "${a}" of <dbt:output> needs a query`, node.args[a].loc);
      }
    }
    node.data = { inner, group } satisfies OutputData;
  },
  async interpret(node, it) {
    const { inner, group } = node.data;
    const ctx = it.ctx;
    if (inner) {
      const f = innerFrame(ctx, node.loc);
      const [row, end] = [f.row, f.end];
      try {
        await iterate(it, node, f, row, end, group);
      } finally {
        f.row = row;
        f.end = end;
      }
      return;
    }
    if (!node.args.query) return it.run(node.body!);
    const q = asQuery(it.arg(node, "query"), node.args.query.loc);
    const [start, end] = rowRange(q, it.arg(node, "startrow"), it.arg(node, "maxrows"), node.loc);
    const f: RowFrame = { kind: "row", query: q, row: start, end };
    ctx.frames.push(f);
    try {
      await iterate(it, node, f, start, end, group);
    } finally {
      ctx.frames.pop();
    }
  },
  compile(node, c) {
    const { inner, group } = node.data;
    if (!inner && !node.args.query) return c.nodes(node.body!);
    const [f, i, j, s, e] = [c.tmp("f"), c.tmp("i"), c.tmp("j"), c.tmp("s"), c.tmp("e")];
    const L = c.loc(node.loc);
    const next = group === undefined ? `${i} + 1` : `T.groupEnd(${f}.query, ${i}, ${e}, ${JSON.stringify(group)})`;
    const loop = `for (let ${i} = ${s}; ${i} < ${e}; ) {\nconst ${j} = ${next};\nif (T.rowTick(ctx, $o.length, ${L})) await T.pause(ctx.page, ${L});\n${f}.row = ${i}; ${f}.end = ${j};\n${c.nodes(node.body!)}${i} = ${j};\n}\n`;
    if (inner) {
      return `{ const ${f} = T.innerFrame(ctx, ${L}); const ${s} = ${f}.row, ${e} = ${f}.end;\ntry {\n${loop}} finally { ${f}.row = ${s}; ${f}.end = ${e}; }\n}\n`;
    }
    const q = c.tmp("q");
    return `{ const ${q} = T.asQuery(${c.arg(node, "query")}, ${c.loc(node.args.query!.loc)});
const [${s}, ${e}] = T.rowRange(${q}, ${c.arg(node, "startrow") ?? "undefined"}, ${c.arg(node, "maxrows") ?? "undefined"}, ${L});
const ${f} = { kind: "row", query: ${q}, row: ${s}, end: ${e} };
ctx.frames.push(${f});
try {
${loop}} finally { ctx.frames.pop(); }
}\n`;
  },
};

export const runtime = { rowRange, innerFrame, groupEnd, asQuery, rowTick };

export default { tags: [outputTag], runtime } satisfies TagModule;
