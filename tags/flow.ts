// What a quiet loop's checked version may assume (tags/region.ts). Which of the loop's variables
// could be read before the loop sets them (its live-in names): when the loop starts, each must
// hold a value, and those below a number, or the loop runs its general version. Then every read
// in the loop finds its variable set, and a variable that every write in the loop sets to a
// number (arithmetic, a numeric literal, a range loop's index, another such variable) holds a
// number at every read: the compiler writes its arithmetic and comparisons without type checks.
import type { Expr, Node, TagNode } from "../parser/ast.js";
import { kindWith } from "../engine/closures.js";
import { isTag } from "./nodes.js";

export interface LoopFacts {
  /** Names read before the loop may have set them: checked when it starts. */
  liveIn: Set<string>;
  /** Names holding a number wherever they are read, once the live-in ones among them are checked to. */
  numbers: Set<string>;
}

/** A value the loop writes: a set's expression, or a loop's own variable. */
type Write = { name: string; value: Expr } | { name: string; number: boolean };

/**
 * The facts of quiet loop `loop` for the variables in `locals` (those it keeps in locals).
 * Definite assignment only grows along a path (nothing in a quiet loop unsets a variable), so
 * a loop body starts from what held before the loop, and after the loop only that holds.
 */
export function loopFacts(loop: TagNode, locals: Set<string>): LoopFacts {
  const liveIn = new Set<string>();
  const writes: Write[] = [];
  const read = (e: Expr, set: ReadonlySet<string>): void =>
    visitReads(e, (name) => {
      if (locals.has(name) && !set.has(name)) liveIn.add(name);
    });
  const write = (w: Write, set: Set<string>): void => {
    if (!locals.has(w.name)) return;
    writes.push(w);
    set.add(w.name);
  };
  const nodes = (list: Node[], set: Set<string>): Set<string> => {
    for (const n of list) {
      if (n.type === "interp") read(n.expr, set);
      else if (n.type === "tag") set = tag(n, set);
    }
    return set;
  };
  const tag = (n: TagNode, set: Set<string>): Set<string> => {
    if (isTag(n, "set")) {
      read(n.expr!, set);
      const t = n.data.target;
      if (t) write({ name: t.base, value: n.expr! }, set);
      return set;
    }
    if (isTag(n, "if")) {
      const d = n.data;
      let after: Set<string> | null = d.otherwise ? nodes(d.otherwise, new Set(set)) : new Set(set);
      for (const b of d.branches) {
        read(b.test, set);
        const out = nodes(b.body, new Set(set));
        after = new Set([...after].filter((x) => out.has(x)));
      }
      return after;
    }
    if (isTag(n, "output")) return nodes(n.body!, set);
    if (isTag(n, "loop")) {
      const d = n.data;
      for (const a of Object.values(n.args)) read(a, set);
      const inBody = new Set(set);
      if (d.kind === "range" && d.index) write({ name: d.index, number: true }, inBody);
      if (d.kind === "list" || d.kind === "array") {
        if (d.index) write({ name: d.index, number: true }, inBody);
        if (d.item) write({ name: d.item, number: false }, inBody);
      }
      if (d.kind === "collection") {
        if (d.key) write({ name: d.key, number: false }, inBody);
        if (d.item) write({ name: d.item, number: false }, inBody);
      }
      nodes(n.body!, inBody);
      return set;
    }
    return set;
  };
  tag(loop, new Set());
  return { liveIn, numbers: numbersOf(writes) };
}

/** Calls `visit` with each variable `e` reads (not inside a closure's body, which runs later). */
function visitReads(e: Expr, visit: (name: string) => void): void {
  switch (e.type) {
    case "literal":
      return;
    case "var":
      return visit(e.name);
    case "call":
      return e.args.forEach((a) => visitReads(a, visit));
    case "method":
      visitReads(e.object, visit);
      return e.args.forEach((a) => visitReads(a, visit));
    case "array":
      return e.items.forEach((a) => visitReads(a, visit));
    case "struct":
      return e.entries.forEach((x) => {
        if (typeof x.key !== "string") visitReads(x.key, visit);
        visitReads(x.value, visit);
      });
    case "member":
      return visitReads(e.object, visit);
    case "index":
      visitReads(e.object, visit);
      return visitReads(e.index, visit);
    case "unary":
      return visitReads(e.arg, visit);
    case "binary":
    case "logical":
    case "elvis":
      visitReads(e.left, visit);
      return visitReads(e.right, visit);
    case "cond":
      visitReads(e.test, visit);
      visitReads(e.then, visit);
      return visitReads(e.else, visit);
    case "template":
      return e.parts.forEach((a) => visitReads(a, visit));
    case "closure":
      return;
    case "invoke":
      visitReads(e.callee, visit);
      return e.args.forEach((a) => visitReads(a, visit));
    case "new":
      return e.args.forEach((a) => visitReads(a, visit));
  }
}

/** The names every write in the loop gives a number, counting on the others: shrunk to a fixed point. */
function numbersOf(writes: Write[]): Set<string> {
  const numbers = new Set(writes.map((w) => w.name));
  for (let changed = true; changed;) {
    changed = false;
    for (const w of writes) {
      const num = "number" in w ? w.number : kindWith(w.value, (x) => numbers.has(x)) === "number";
      if (!num && numbers.delete(w.name)) changed = true;
    }
  }
  return numbers;
}
