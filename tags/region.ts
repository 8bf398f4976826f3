// A quiet loop's variables in JavaScript locals (see tags/quiet.ts for when a loop is quiet).
// When the loop starts, each variable it names is read once from the scope into a local;
// reads and writes in the loop use the local; when the loop ends, also by break or error, the
// variables it set are written to the scope. The loop goes the slow way, reading and writing
// the scope as an unquiet loop does, when something could see the scope during the loop: a
// scope taken as a value earlier in the page, a function's local scope, or a frame (a query
// row, a catch's error) that would answer one of the names first.
import type { Checked, Compiler, Writer } from "../engine/compiler.js";
import type { RenderContext, RowFrame } from "../engine/context.js";
import type { Struct } from "../engine/values.js";
import { columnOf, keyOf, respell, respelled } from "../engine/keys.js";
import { ROW_NAMES } from "../engine/runtime.js";
import type { LoopPlan } from "./loop-plan.js";

/**
 * `write()` (quiet loop `plan.loop`) with the loop's variables in locals: the statement that
 * runs it, as its plan (tags/loop-plan.ts) says. Written twice. The checked version runs when
 * the loop does not go the slow way and its live-in variables hold what tags/flow.ts needs (a
 * value; a number for those it counts as numbers): a read is a local, arithmetic on numbers has
 * no type checks, the variables it sets have places of its own (below) that are copied back
 * when it ends, its innermost loops run in two phases (tags/loop.ts fastRun), and it never
 * pauses in place (a pause point inside a loop costs V8 the types of every value the loop
 * carries): where the clock wants a pause, a loop throws T.PAUSE, the outermost loop catches it
 * outside its JavaScript loop, pauses there and comes back to the iteration that was
 * interrupted (tags/loop.ts checkedLoop). On an error its output is taken back and the general
 * version runs the loop from its start: the variables are as the checked version found them,
 * the functions it calls change nothing, so the run is the same (and the error is thrown again,
 * where it was). The general version is the loop as it always was, checking at every read and
 * write.
 */
export function compileQuiet(c: Compiler, plan: LoopPlan, write: () => string): string {
  const { found, facts, loop } = plan;
  const names = plan.locals;
  if (names.length === 0) return write();
  const vars = c.tmp("vars");
  const slow = c.tmp("slow");
  const q = JSON.stringify;
  const { local, reads, writers } = generalPlaces(c, names, vars, slow);
  const budget = c.tmp("b");
  const entry = [
    `!${slow}`,
    ...[...facts.liveIn].map((n) =>
      facts.numbers.has(n) ? `typeof ${local.get(n)!} === "number"` : `${local.get(n)!} !== undefined`,
    ),
  ].join(" && ");
  // Where the clock wanted the pause the checked version takes (Checked.at).
  const at = c.tmp("at");
  const [done, length, err, replay] = [c.tmp("done"), c.tmp("len"), c.tmp("e"), c.tmp("replay")];
  const L = c.loc(loop.loc);
  const readScope = (n: string) => `${local.get(n)!} = ${slow} ? undefined : T.own(${vars}, ${q(n)})`;
  // A number the checked version writes before it reads it (not live-in) is read from the scope
  // only when the general version runs: the checked version never reads its local, and gives it
  // the value it leaves only when it ends (for a loop inside an output row, a read saved a row).
  const later = new Set<string>();
  /** The checked version: the loop, and the places of its variables set when it starts and handed back when it ends. */
  const checkedCode = () => {
    const { slots, set, checkedReads, checkedWriters, decl, init, back } = checkedPlaces(c, plan, local);
    for (const n of set.keys()) later.add(n);
    const numbers = new Map([...slots].map(([n, slot]) => [n, { slot, flag: set.get(n) ?? null }]));
    const checked: Checked = { plan, budget, resume: c.tmp("rz"), at, state: [], numbers: [] };
    const code = c.withChecked(facts.numbers, numbers, checked, () =>
      c.withLocals(checkedReads, checkedWriters, write),
    );
    return `{ ${decl.length ? `let ${decl.join(", ")};\n` : ""}${init}
${code}ctx.page.budget = ${budget}; ${back}
}\n`;
  };
  const versions = () => {
    const general = c.withLocals(reads, writers, write);
    if (!plan.checked) return general;
    const checked = runChecked(c, {
      places: names.map((n) => local.get(n)!),
      code: checkedCode,
      ...{ at, L, budget, done, err, replay, length },
    });
    // After an error (not a stop) the general version runs the loop again up to the same error.
    // The replay can be slower than the run it repeats: it stays on the page's time limit, but it
    // does not pause or look at the signal (page.replaying, engine/clock.ts checkpoint), as an
    // interpreted page, which ran the loop once, did not either.
    return `let ${done} = false, ${replay} = false;
if (${entry}) {
${checked}}
if (!${done}) {
${[...later].map((n) => `${readScope(n)};\n`).join("")}try {
${general}} finally { if (${replay}) ctx.page.replaying--; }
}
`;
  };
  // Nothing in the loop can change a struct: a member read of a scope or of a variable the loop
  // never sets is taken once (and again after each pause of the clock).
  const [body, caches] = found.changesStructs
    ? [versions(), []]
    : c.withMemberCache((n) => !found.written.has(n), slow, versions);
  const load = [
    ...names.map((n) => (later.has(n) ? local.get(n)! : readScope(n))),
    ...caches.map((h) => `${h} = undefined`),
  ].join(", ");
  const store = names
    .filter((n) => found.written.has(n))
    .map((n) => `if (${local.get(n)!} !== undefined) ${vars}[${q(n)}] = ${local.get(n)!};`)
    .join(" ");
  return `{ const ${vars} = ctx.scopes.local ?? ctx.scopes.variables;
${startChecks(c, plan, vars, slow)}
let ${load};
try {
${body}} finally { if (!${slow}) { ${store} } }
}\n`;
}

/** The checks a quiet loop makes as it starts, which set `slow` (the slow way). */
function startChecks(c: Compiler, plan: LoopPlan, vars: string, slow: string): string {
  const q = JSON.stringify;
  const { found, locals: names } = plan;
  // A loop's own variables take this template's spelling, as each loop does when it starts
  // (tags/loop.ts); a name set here that the scope holds in another case (set by another
  // template) goes the slow way, whose sets keep that case, as the interpreter's do.
  const respells = names
    .filter((n) => found.loopVars.has(n))
    .map((n) => `T.respell(${vars}, ${q(n)}); `)
    .join("");
  const others = names
    .filter((n) => !found.loopVars.has(n))
    .map((n) => ` || T.respelled(${vars}, ${q(n)})`)
    .join("");
  // In a row body whose plan proves it (tags/loop-plan.ts planRows), the respells and the checks
  // that call out are made at the loop's first run in a run of the rows and kept for its rows.
  const run = c.keptChecks(plan.loop);
  const shadowed = (n: string) =>
    run
      ? `T.shadowedRows(ctx, ${vars}, ${q(n)}, ${run.frame}, ${run.start}, ${run.end})`
      : `T.shadowed(ctx, ${vars}, ${q(n)})`;
  const checks = `${names.map(shadowed).join(" || ")}${others}`;
  const slowWay = `const ${slow} = ctx.page.scopesShared || ctx.scopes.local !== undefined ||`;
  if (!run) return `${respells}${slowWay} ${checks};`;
  return `if (${run.kept} === undefined) { ${respells}${run.kept} = ${checks}; }\n${slowWay} ${run.kept};`;
}

/**
 * The checked version run (its `code`), setting `done` when it ends, its output taken back and
 * `replay` set on an error that is not a stop. Where the loop runs once a run of the page, it is
 * a function of its own (Compiler.ownFunction): V8 optimises that function, small, instead of
 * the whole render (which, run once a request, is not hot enough to be optimised itself). It
 * takes the general version's locals (`places`) and gives them back with the output, which is
 * its own until it returns, so an error leaves $o as it was.
 */
function runChecked(
  c: Compiler,
  v: { places: string[]; code: () => string } & Record<
    "at" | "L" | "budget" | "done" | "err" | "replay" | "length",
    string
  >,
): string {
  const { places, at, L, budget, done, err, replay, length } = v;
  const stop = `// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if (${err}?.catchable === false) throw ${err};`;
  if (!c.atTop)
    return `const ${length} = $o.length;
let ${at} = ${L}, ${budget} = ctx.page.budget;
try {
${v.code()}${done} = true;
} catch (${err}) {
$o = $o.slice(0, ${length});
${stop}
ctx.page.budget = ${budget}; ctx.page.replaying++; ${replay} = true;
}
`;
  const call = c.ownFunction("checked", places, () => {
    const e = c.tmp("e");
    const code = v.code();
    const caches = c.memberCaches();
    return `let ${at} = ${L}, ${budget} = ctx.page.budget${caches.map((h) => `, ${h}`).join("")};
try {
${code}} catch (${e}) { if (${e}?.catchable !== false) ctx.page.budget = ${budget}; throw ${e}; }
return [$o, ${places.join(", ")}];
`;
  });
  return `try {
[$o, ${places.join(", ")}] = ${call};
${done} = true;
} catch (${err}) {
${stop}
ctx.page.replaying++; ${replay} = true;
}
`;
}

/** The general version's places: each name in a local, or in its scope the slow way. */
function generalPlaces(c: Compiler, names: string[], vars: string, slow: string) {
  const q = JSON.stringify;
  const local = new Map(names.map((n) => [n, c.tmp("r")]));
  const reads = names.map((n) => ({
    name: n,
    // Undefined: absent when the loop started and not set since, or the slow way.
    read: (l: string) => `(${local.get(n)!} !== undefined ? ${local.get(n)!} : rt.lookupName(ctx, ${q(n)}, ${l}))`,
  }));
  const writers = new Map<string, Writer>(
    names.map((n) => [
      n,
      (value, l, by) => {
        const r = local.get(n)!;
        if (by === "loop") return `if (${slow}) ${vars}[${q(n)}] = ${value}; else ${r} = ${value};\n`;
        return `if (${slow}) rt.assign(ctx, ${q(n)}, [], ${value}, ${l}); else ${r} = ${by === "set" ? sized(value, l) : value};\n`;
      },
    ]),
  );
  return { local, reads, writers };
}

/** A number needs no size check (and no call); `value` names a constant. */
const sized = (value: string, l: string) =>
  `(typeof ${value} === "number" ? ${value} : rt.checkSize(ctx, ${value}, ${l}))`;

/**
 * The checked version's places, and the code that gives them their values when it starts
 * (decl, init) and hands them back to the general version's locals when it ends (back).
 */
function checkedPlaces(c: Compiler, plan: LoopPlan, local: Map<string, string>) {
  const { found, facts } = plan;
  const names = plan.locals;
  // The checked version's own places for the names the loop sets: a number's a local started at
  // 0 (Compiler.slot; a fast run copies it to a local of its own, tags/loop.ts fastRun), anything
  // else's a local.
  // `set` tells, for a number not live-in (its place starts at 0), whether it was written.
  const slots = new Map(
    [...facts.numbers].filter((n) => found.written.has(n) && local.has(n)).map((n) => [n, c.slot()]),
  );
  const own = new Map([...found.written].filter((n) => local.has(n)).map((n) => [n, slots.get(n) ?? c.tmp("u")]));
  const set = new Map([...slots.keys()].filter((n) => !facts.liveIn.has(n)).map((n) => [n, c.tmp("s")]));
  const checkedReads = names.map((n) => ({ name: n, read: () => own.get(n) ?? local.get(n)! }));
  const checkedWriters = new Map<string, Writer>(
    names.map((n) => [
      n,
      (value, l, by) => {
        const s = set.get(n);
        if (slots.has(n) && by === "set") throw new Error(`compiler: ${n} is counted a number but set to any value`);
        return `${own.get(n)!} = ${by === "set" ? sized(value, l) : value};${s ? ` ${s} = true;` : ""}\n`;
      },
    ]),
  );
  const decl = [
    ...[...set.values()].map((s) => `${s} = false`),
    ...[...own].filter(([n]) => !slots.has(n)).map(([n, u]) => `${u} = ${local.get(n)!}`),
  ];
  const init = [...slots].map(([n, f]) => `${f} = ${set.has(n) ? "0" : local.get(n)!}; `).join("");
  const back = [...own]
    .map(([n, u]) => {
      const s = set.get(n);
      return `${s ? `if (${s}) ` : ""}${local.get(n)!} = ${u};`;
    })
    .join(" ");
  return { slots, own, set, checkedReads, checkedWriters, decl, init, back };
}

/** Thrown by a quiet loop's checked version where the clock wants a pause (see compileQuiet). */
export const PAUSE: unique symbol = Symbol("pause");

/** The scope's own value of `name`, or undefined. */
export function own(vars: Struct, name: string): unknown {
  return Object.hasOwn(vars, name) ? vars[name] : undefined;
}

/**
 * Would rt.lookup find `name` in a frame before the scope object `vars` the loop writes it to
 * (a row with that column, a catch's error)? Then the body's reads go through rt.lookup. Run
 * as each such loop starts (for a loop inside an output row, once a row, or once a run of rows
 * when the row body's plan proves it, through shadowedRows): `in` first, which V8
 * answers from the object's shape for the usual answer, no; hasOwn only when it says yes
 * (a row's prototype is Object.prototype, STRUCT_PROTO or null, a scope's STRUCT_PROTO).
 */
export function shadowed(ctx: RenderContext, vars: Struct, name: string): boolean {
  const frames = ctx.frames;
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i]!;
    if (f.kind === "row") {
      const row = f.query.rows[f.row];
      if (row !== undefined && ((name in row && Object.hasOwn(row, name)) || columnOf(f.query, name) !== undefined))
        return true;
      // The query's currentRow, recordCount and columnList, which rt.lookup answers from a row frame.
      if ((name.length === 10 || name.length === 11) && ROW_NAMES.has(name.toLowerCase())) return true;
    } else if (f.kind !== "vars") continue;
    else if (f.vars === vars) return false;
    else if ((name in f.vars && Object.hasOwn(f.vars, name)) || keyOf(f.vars, name) !== undefined) return true;
  }
  return false;
}

/**
 * shadowed for a loop in a row body whose checks are kept for the run of rows `[start, end)` of
 * row frame `f` (tags/loop-plan.ts planRows): also true when any row of the run has `name` as a
 * property of its own, which a row may have beyond its query's columns (a row queryFilter shares
 * with a query given that column since).
 */
export function shadowedRows(
  ctx: RenderContext,
  vars: Struct,
  name: string,
  f: RowFrame,
  start: number,
  end: number,
): boolean {
  const rows = f.query.rows;
  for (let i = start; i < end; i++) {
    const row = rows[i];
    if (row !== undefined && name in row && Object.hasOwn(row, name)) return true;
  }
  return shadowed(ctx, vars, name);
}

export const runtime = { own, shadowed, shadowedRows, respell, respelled, PAUSE };
