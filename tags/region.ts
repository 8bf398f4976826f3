// A quiet loop's variables in JavaScript locals (see tags/quiet.ts for when a loop is quiet).
// When the loop starts, each variable it names is read once from the scope into a local;
// reads and writes in the loop use the local; when the loop ends, also by break or error, the
// variables it set are written to the scope. The loop goes the slow way, reading and writing
// the scope as an unquiet loop does, when something could see the scope during the loop: a
// scope taken as a value earlier in the page, a function's local scope, or a frame (a query
// row, a catch's error) that would answer one of the names first.
import type { Compiler, Writer } from "../engine/compiler.js";
import type { RenderContext } from "../engine/context.js";
import type { Struct } from "../engine/values.js";
import type { LoopNames } from "./quiet.js";

/** `write()` with the loop's variables in locals: the statement that runs it. */
export function compileQuiet(c: Compiler, found: LoopNames, write: () => string): string {
  // Under a row frame a name only read may be a column, read inline from the row (see
  // Compiler.expr): only the names the loop writes go to locals there.
  const names = [...(c.frames.length > 0 ? found.written : found.names)];
  if (names.length === 0) return write();
  const vars = c.tmp("vars");
  const slow = c.tmp("slow");
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
        // `value` names a constant; a number needs no size check (and no call).
        const checked =
          by === "set" ? `(typeof ${value} === "number" ? ${value} : rt.checkSize(ctx, ${value}, ${l}))` : value;
        return `if (${slow}) rt.assign(ctx, ${q(n)}, [], ${value}, ${l}); else ${r} = ${checked};\n`;
      },
    ]),
  );
  const inLocals = () => c.withLocals(reads, writers, write);
  // Nothing in the loop can change a struct: a member read of a scope or of a variable the loop
  // never sets is taken once (and again after each pause of the clock).
  const [body, caches] = found.changesStructs
    ? [inLocals(), []]
    : c.withMemberCache((n) => !found.written.has(n), slow, inLocals);
  const load = [
    ...names.map((n) => `${local.get(n)!} = ${slow} ? undefined : T.own(${vars}, ${q(n)})`),
    ...caches.map((h) => `${h} = $unset`),
  ].join(", ");
  const store = names
    .filter((n) => found.written.has(n))
    .map((n) => `if (${local.get(n)!} !== undefined) ${vars}[${q(n)}] = ${local.get(n)!};`)
    .join(" ");
  return `{ const ${vars} = ctx.scopes.local ?? ctx.scopes.variables;
const ${slow} = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowedAny(ctx, ${vars}, ${q(names)});
let ${load};
try {
${body}} finally { if (!${slow}) { ${store} } }
}\n`;
}

/** The scope's own value of `name`, or undefined. */
export function own(vars: Struct, name: string): unknown {
  return Object.hasOwn(vars, name) ? vars[name] : undefined;
}

/**
 * Would rt.lookup find `name` in a frame before the scope object `vars` the loop writes it to
 * (a row with that column, a catch's error)? Then the body's reads go through rt.lookup.
 */
export function shadowed(ctx: RenderContext, vars: Struct, name: string): boolean {
  for (let i = ctx.frames.length - 1; i >= 0; i--) {
    const f = ctx.frames[i]!;
    if (f.kind === "row") {
      const row = f.query.rows[f.row];
      if (row !== undefined && Object.hasOwn(row, name)) return true;
    } else if (f.vars === vars) return false;
    else if (Object.hasOwn(f.vars, name)) return true;
  }
  return false;
}

/** Would a frame answer any of `names` before `vars`? */
export function shadowedAny(ctx: RenderContext, vars: Struct, names: string[]): boolean {
  return names.some((n) => shadowed(ctx, vars, n));
}

export const runtime = { own, shadowed, shadowedAny };
