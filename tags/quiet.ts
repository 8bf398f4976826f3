// Can a loop's variables be kept in JavaScript locals while it runs? When nothing in the loop
// can read or write the variables scope except by bare names (its own sets and reads), the
// compiled loop keeps every variable it names in a local and writes those it set to the scope
// once, when it ends (tags/region.ts): the output is the same, and the scope object is not
// read and written every iteration. Conservative: anything that could reach the scope another
// way (naming it, an include, a function defined in a template, a function that reads a
// variable by a name given as a string) disqualifies the loop. A scope taken as a value
// earlier in the page is caught when the loop starts (PageState.scopesShared). Which tags are
// only control flow, output and plain sets, and what each writes, the tags declare
// (TagDef.facts.quiet in their own files); a tag without that fact makes the loop not quiet.
import type { Expr, Node, TagNode } from "../parser/ast.js";
import type { QuietWrites } from "./types.js";
import { CATCH_NAMES, SCOPES } from "../engine/runtime.js";
import type { Registry } from "../engine/extensions.js";

/** Built-in functions that read variables by a name given as a string. */
const READS_BY_NAME = new Set(["isdefined", "parameterexists", "structget"]);
/** The scopes a loop's variables live in: read through by name, they would see the locals' stale values. */
const VARIABLE_SCOPES = new Set(["variables", "local", "arguments"]);

/**
 * Built-in categories whose functions take values and return new ones: none changes a struct,
 * an array or a query given to it (the callback forms, which call a function, are left out).
 */
const PURE_CATEGORIES = new Set(["strings", "lists", "numbers", "dates", "encoding", "types"]);
const CALLS_BACK = /(?:each|map|filter|reduce|some|every)$/i;
/** Functions of those categories that change the page's own state (its locale, its time zone). */
const CHANGES_PAGE = new Set(["setlocale", "settimezone"]);

/**
 * The variables a quiet loop names: every one it reads or writes, and those it writes; and
 * whether anything in it could change a struct (a function outside PURE_CATEGORIES): when
 * nothing can, a member read of a value the loop never sets gives the same answer every time;
 * and whether it could change the page's state (CHANGES_PAGE). When it can change neither, the
 * loop can be run again from its start with the same result (tags/region.ts).
 */
export interface LoopNames {
  names: Set<string>;
  written: Set<string>;
  /** The written names that are a loop's own (index, item, key): written straight into the scope. */
  loopVars: Set<string>;
  changesStructs: boolean;
  changesPage: boolean;
}

/** A name a loop may keep in a local: not a scope's, not a catch's `error` or `cfcatch`. */
const cacheable = (name: string) => !SCOPES.has(name) && !CATCH_NAMES.has(name);

function quietExpr(e: Expr, registry: Registry, found: LoopNames): boolean {
  if (e.async) return false;
  const q = (x: Expr) => quietExpr(x, registry, found);
  switch (e.type) {
    case "literal":
      return true;
    case "var":
      if (VARIABLE_SCOPES.has(e.name)) return false;
      if (cacheable(e.name)) found.names.add(e.name);
      return true;
    case "call": {
      if (e.user || READS_BY_NAME.has(e.name.toLowerCase())) return false;
      const fn = registry.findFunction(e.name);
      // One that awaits may call a function defined in a template.
      if (!fn || fn.awaits || fn.awaitsArg !== undefined) return false;
      if (!PURE_CATEGORIES.has(fn.category) || CALLS_BACK.test(fn.name)) found.changesStructs = true;
      if (CHANGES_PAGE.has(fn.name.toLowerCase())) found.changesPage = true;
      return e.args.every(q);
    }
    case "method":
      // A member call may change a struct or array (arr.append): never kept in locals.
      return false;
    case "array":
      return e.items.every(q);
    case "struct":
      return e.entries.every((x) => (typeof x.key === "string" || q(x.key)) && q(x.value));
    case "member":
      return q(e.object);
    case "index":
      return q(e.object) && q(e.index);
    case "unary":
      return q(e.arg);
    case "binary":
    case "logical":
    case "elvis":
      return q(e.left) && q(e.right);
    case "cond":
      return q(e.test) && q(e.then) && q(e.else);
    case "template":
      return e.parts.every(q);
    case "closure":
    case "invoke":
    case "new":
      // Its body may read and write the loop's variables when called.
      return false;
    case "step":
      // A write the loop's analysis (tags/flow.ts) does not follow.
      return false;
  }
}

/** Records the variables a quiet tag writes (its facts' `quiet`). False when it writes another way. */
function writes(w: QuietWrites, found: LoopNames): boolean {
  if (w.loopVars) for (const x of w.writes) if (x !== undefined) found.loopVars.add(x);
  for (const x of w.writes) {
    if (x === undefined) continue;
    if (!cacheable(x)) return false;
    found.names.add(x);
    found.written.add(x);
  }
  return true;
}

function quietNodes(nodes: Node[], registry: Registry, found: LoopNames): boolean {
  return nodes.every((n) => {
    if (n.type === "text") return true;
    if (n.type === "interp") return quietExpr(n.expr, registry, found);
    return quietTag(n, registry, found);
  });
}

function quietTag(n: TagNode, registry: Registry, found: LoopNames): boolean {
  // A script loop's step or do-while test is beyond what region.ts writes.
  if (n.script) return false;
  const w = registry.findTag(n.name)?.facts?.quiet?.(n);
  if (!w || !writes(w, found)) return false;
  if (n.expr && !quietExpr(n.expr, registry, found)) return false;
  if (!Object.values(n.args).every((a) => quietExpr(a, registry, found))) return false;
  return n.body === null || quietNodes(n.body, registry, found);
}

const noNames = (): LoopNames => ({
  names: new Set(),
  written: new Set(),
  loopVars: new Set(),
  changesStructs: false,
  changesPage: false,
});

/** The variables of `loop` (its attributes, its body) when it is quiet, else null. */
export function quietLoop(loop: TagNode, registry: Registry): LoopNames | null {
  const found = noNames();
  return quietTag(loop, registry, found) ? found : null;
}

/** The same facts of a row body (tags/loop-plan.ts planRows) when every node of it is quiet, else null. */
export function quietBody(nodes: Node[], registry: Registry): LoopNames | null {
  const found = noNames();
  return quietNodes(nodes, registry, found) ? found : null;
}
