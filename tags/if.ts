// <dbt:if EXPR> … <dbt:elseif EXPR> … <dbt:else> … </dbt:if>
import type { Expr, Node, TagNode } from "../parser/ast.js";
import { WRITES_NOTHING, type TagDef, type TagModule } from "./types.js";
import { codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import type { Interpreter } from "../engine/interpreter.js";

export interface IfData {
  branches: { test: Expr; body: Node[] }[];
  otherwise: Node[] | null;
}

/** The rest of an if from branch `from` on, whose test awaits. */
async function fromBranch({ branches, otherwise }: IfData, from: number, it: Interpreter): Promise<void> {
  for (const b of branches.slice(from)) {
    if (rt.toBool(await it.value(b.test), b.test.loc)) return it.run(b.body);
  }
  if (otherwise) return it.run(otherwise);
}

export const ifTag: TagDef<IfData> = {
  name: "if",
  body: "required",
  expression: "expr",
  attributes: {},
  facts: { quiet: () => WRITES_NOTHING },
  validate(node, v) {
    if (!node.expr) throw v.error("<dbt:if> needs a condition: <dbt:if x GT 1>", node.loc);
    const data: IfData = { branches: [{ test: node.expr, body: [] }], otherwise: null };
    let current = data.branches[0]!.body;
    for (const child of node.body!) {
      if (child.type === "tag" && (child.name === "elseif" || child.name === "else")) {
        if (data.otherwise) throw v.error(`<dbt:${child.name}> cannot follow <dbt:else>`, child.loc, codes.NESTING);
        if (child.name === "elseif") {
          if (!child.expr) throw v.error("<dbt:elseif> needs a condition", child.loc);
          data.branches.push({ test: child.expr, body: (current = []) });
        } else data.otherwise = current = [];
      } else current.push(child);
    }
    node.data = data;
  },
  interpret(node, it) {
    const { branches } = node.data;
    for (let i = 0; i < branches.length; i++) {
      const b = branches[i]!;
      if (b.test.async) return fromBranch(node.data, i, it);
      if (rt.toBool(it.eval(b.test), b.test.loc)) return it.run(b.body);
    }
    if (node.data.otherwise) return it.run(node.data.otherwise);
  },
  compile(node, c) {
    const { branches, otherwise } = node.data;
    // In a loop's checked version a pause may come back into a branch (Compiler.branchTest).
    const parts = branches.map((b) => `if (${c.branchTest(node, b.body, c.bool(b.test))}) {\n${c.nodes(b.body)}}`);
    return parts.join(" else ") + (otherwise ? ` else {\n${c.nodes(otherwise)}}` : "") + "\n";
  },
};

/** Separators inside dbt:if: they hold no body; dbt:if runs what follows them. */
const separator = (name: string, expression?: "expr"): TagDef => ({
  name,
  body: "none",
  expression,
  attributes: {},
  parents: ["if"],
  facts: { quiet: () => WRITES_NOTHING },
  validate(node: TagNode, v) {
    if (name === "else" && node.expr) throw v.error("<dbt:else> takes no condition (use <dbt:elseif>)", node.expr.loc);
  },
  interpret() {},
  compile: () => "",
});

export const elseifTag = separator("elseif", "expr");
export const elseTag = separator("else", "expr");

export default { tags: [ifTag, elseifTag, elseTag] } satisfies TagModule;
