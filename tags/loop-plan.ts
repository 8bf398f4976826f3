// The loop optimiser's plan. One pass over an outermost quiet loop decides, before any code is
// written, how it is compiled: what it names (tags/quiet.ts), what holds while it runs
// (tags/flow.ts), which names it keeps in locals, whether it gets a checked version, and the
// place of every loop of that version in the order a pause comes back by. The code generator
// (tags/region.ts, tags/loop.ts, Compiler.nodes and branchTest) follows the plan and decides
// nothing of its own. A row body (dbt:output query, dbt:loop query) has a plan too: whether its
// quiet loops check their variables once per run of the rows (planRows).
import type { Node, TagNode } from "../parser/ast.js";
import type { Registry } from "../engine/extensions.js";
import { quietBody, quietLoop, type LoopNames } from "./quiet.js";
import { loopFacts, type LoopFacts } from "./flow.js";
import { isTag } from "./nodes.js";

/** A loop of the checked version. */
export interface LoopStep {
  /** Its number, in the order the loops are written (the outermost is 1). */
  id: number;
  /** The highest number of a loop inside it (its own when none: an innermost loop). */
  last: number;
  /** An innermost loop: what it names (its fast run keeps those in locals of its own). */
  inner: LoopNames | null;
}

export interface LoopPlan {
  loop: TagNode;
  /** What the loop reads and writes, and whether it can change a struct or the page's state. */
  found: LoopNames;
  /** The names kept in JavaScript locals (under a row frame only those it writes: a name only read may be a column). */
  locals: string[];
  /** What the checked version may assume, for the names in locals. */
  facts: LoopFacts;
  /**
   * Whether it has a checked version: a loop that can run again from its start with the same
   * result (it changes no struct and not the page's state), not in a function's body (where it
   * always goes the slow way: a call has a `local` scope).
   */
  checked: boolean;
  /** The loops of the checked version (none without one). */
  steps: Map<TagNode, LoopStep>;
  /** Every node of the checked version that is or holds a loop: the numbers of the loops in it. */
  spans: Map<Node, Span>;
}

/** The numbers of the loops a node holds, lowest and highest (consecutive: written in order). */
export type Span = readonly [number, number];

/** The plan of `loop` when it is quiet, else null. */
export function planLoop(
  loop: TagNode,
  registry: Registry,
  where: { underFrame: boolean; inFunctionBody: boolean },
): LoopPlan | null {
  const found = quietLoop(loop, registry);
  if (found === null) return null;
  const locals = [...(where.underFrame ? found.written : found.names)];
  const facts = loopFacts(loop, new Set(locals));
  const checked = locals.length > 0 && !found.changesStructs && !found.changesPage && !where.inFunctionBody;
  const plan: LoopPlan = { loop, found, locals, facts, checked, steps: new Map(), spans: new Map() };
  if (!checked) return plan;
  let next = 1;
  const visit = (n: Node): Span | null => {
    if (n.type !== "tag") return null;
    const id = isTag(n, "loop") ? next++ : 0;
    const bodies = isTag(n, "if")
      ? [...n.data.branches.map((b) => b.body), ...(n.data.otherwise ? [n.data.otherwise] : [])]
      : n.body
        ? [n.body]
        : [];
    let span: Span | null = id ? [id, id] : null;
    for (const body of bodies)
      for (const m of body) {
        const s = visit(m);
        if (s) span = span ? [Math.min(span[0], s[0]), Math.max(span[1], s[1])] : s;
      }
    if (span === null) return null;
    plan.spans.set(n, span);
    if (id) plan.steps.set(n, { id, last: span[1], inner: span[1] === id ? quietLoop(n, registry) : null });
    return span;
  };
  visit(loop);
  return plan;
}

/** The numbers of the loops `nodes` hold, or null. */
export function spanOf(plan: LoopPlan, nodes: Node[]): Span | null {
  let span: Span | null = null;
  for (const n of nodes) {
    const s = plan.spans.get(n);
    if (s) span = span ? [Math.min(span[0], s[0]), Math.max(span[1], s[1])] : s;
  }
  return span;
}

/**
 * The plan of a row body, run once per row (or group) of a dbt:output or dbt:loop over a query:
 * the quiet loops in it whose checks as they start (tags/region.ts: the loop's names given this
 * template's spelling in the scope, T.respell; a frame that answers one of them first,
 * T.shadowed; one held in another spelling, T.respelled) are made at the loop's first run in a
 * run of the rows and kept for the rows after it, instead of once per row. Proven when the whole
 * body is quiet (tags/quiet.ts) and can change no struct: then nothing in it calls a function
 * defined in a template, includes or calls a module, names a variables scope, runs script, pushes
 * a frame of its own (a query, a group, a catch) or changes a query (queryAddColumn, querySetCell)
 * or a struct; its writes are of plain names in this template's one spelling (Validator.spell),
 * so after the first run of a loop its names are spelled as it wants them and stay so, and the
 * frames above the scope, their queries' columns and rows, do not change. What could still
 * change is checked at run time: a row of the run holding one of the names as its own property
 * beyond the query's columns (a row shared by queryFilter with a query given a column since) is
 * looked for in every row of the run at once (T.shadowedRows); the page's scopesShared (a scope
 * taken as a value, `#url#`, goes on being read per row); and a pause of the clock, during which
 * other requests run and may change a query they share with this page (an application's or a
 * cached query), empties what was kept (Compiler.pause). For the same reasons the row is read
 * once as it starts, into a local the body's column reads read (and again after a pause), not
 * from the frame at every read. Null when unproven: each loop checks as it starts, once a row,
 * and each column read reads the row from the frame.
 */
export interface RowPlan {
  /** The outermost loops of the body (perhaps none): each is a quiet loop whose checks are kept for the run. */
  once: Set<TagNode>;
}

/** The plan of row body `body`, or null. */
export function planRows(body: Node[], registry: Registry): RowPlan | null {
  const found = quietBody(body, registry);
  if (found === null || found.changesStructs) return null;
  const once = new Set<TagNode>();
  // Every loop of a quiet body is quiet; the outermost ones are those compileQuiet writes.
  const visit = (nodes: Node[]): void => {
    for (const n of nodes) {
      if (n.type !== "tag") continue;
      if (isTag(n, "loop")) once.add(n);
      else if (n.body) visit(n.body);
    }
  };
  visit(body);
  return { once };
}
