// <dbt:output [query group startrow maxrows]> … </dbt:output>
// #expr# is live in the body. With query, the body runs once per row (or per group of rows
// with group); a dbt:output without query nested in a grouped one runs once per row of the
// current group. Every row (or group) ticks the page's clock (engine/clock.ts).
import { WRITES_NOTHING, type TagDef, type TagModule } from "./types.js";
import { asQuery, groupingOf, queryNameToExpr, type Grouping } from "./helpers.js";
import { andThen } from "../engine/maybe.js";
import { compileRows, eachRow, rowRange, runtime, type RowSource } from "./rows.js";

export interface OutputData {
  /** Iterates the rows of the enclosing grouped output. */
  inner: boolean;
  group: Grouping | undefined;
}

const yes = (): boolean => true;

export const outputTag: TagDef<OutputData> = {
  name: "output",
  body: "required",
  interpolateBody: true,
  attributes: {
    query: { type: "any" },
    group: { type: "name" },
    groupcasesensitive: { type: "enum", values: ["true", "false", "yes", "no"] },
    startrow: { type: "integer" },
    maxrows: { type: "integer" },
  },
  facts: {
    // Quiet when it only turns #…# on: iterating rows pushes a row frame.
    quiet: (node) => (Object.keys(node.args).length > 0 || node.data.inner ? null : WRITES_NOTHING),
    queryRows: true,
    // A plain dbt:output (no query, not iterating a group) iterates no rows.
    groups: (node) => (!node.args.query && !node.data.inner ? undefined : node.data.group !== undefined),
  },
  validate(node, v) {
    queryNameToExpr(node);
    const outer = v.enclosingTag(outputTag);
    const inner = !node.args.query && !!outer && outer.data.group !== undefined;
    const group = groupingOf(node, inner);
    if (!node.args.query) {
      for (const a of ["group", "groupcasesensitive", "startrow", "maxrows"]) {
        if (node.args[a] && !inner) throw v.error(`Attribute "${a}" of <dbt:output> needs a query`, node.args[a].loc);
      }
    }
    node.data = { inner, group } satisfies OutputData;
  },
  interpret(node, it) {
    const { inner, group } = node.data;
    if (!inner && !node.args.query) return it.run(node.body!);
    let src: RowSource = "group";
    if (!inner) {
      const query = asQuery(it.arg(node, "query"), node.args.query!.loc);
      const [start, end] = rowRange(query, it.arg(node, "startrow"), it.arg(node, "maxrows"), node.loc);
      src = { query, start, end };
    }
    const body = node.body!;
    return eachRow(it, node, src, { group, counted: false }, () => andThen(it.run(body), yes));
  },
  compile(node, c) {
    const { inner, group } = node.data;
    if (!inner && !node.args.query) return c.nodes(node.body!);
    const src = inner
      ? "group"
      : (
          q: string,
          s: string,
          e: string,
        ) => `const ${q} = T.asQuery(${c.arg(node, "query")}, ${c.loc(node.args.query!.loc)});
const [${s}, ${e}] = T.rowRange(${q}, ${c.arg(node, "startrow") ?? "undefined"}, ${c.arg(node, "maxrows") ?? "undefined"}, ${c.loc(node.loc)});`;
    return compileRows(c, node, src, { group, counted: false }, () => c.nodes(node.body!));
  },
};

export default { tags: [outputTag], runtime: { ...runtime, asQuery } } satisfies TagModule;
