// A quiet loop in a row body checks its variables (T.respell, T.shadowed) once per run of the
// rows when the row body's plan proves nothing in it can change what they depend on
// (tags/loop-plan.ts planRows), else once per row. Each hostile page below gives a wrong
// output if its loop kept the first row's checks.
import { describe, expect, it } from "vitest";
import { Engine } from "../engine/engine.js";
import { RenderContext, runPage, scopesFrom } from "../engine/context.js";
import { newPageState } from "../engine/page.js";
import { QueryResult } from "../engine/values.js";
import { MODES, site } from "./helpers.js";

const Q = `<dbt:set q = queryNew("id", "integer", [{id: 1}, {id: 2}, {id: 3}])>`;
const LOOP = `<dbt:loop from="1" to="2" index="j">#j#</dbt:loop>`;

const root = site({
  // bench/pages/table.dbt's pattern: a range loop in each row, beside column reads and a branch.
  "table.dbt": `${Q}<dbt:output query="q">[#id#:<dbt:loop from="1" to="3" index="j">#id * j#,</dbt:loop><dbt:if id mod 2 eq 0>e</dbt:if>]</dbt:output>`,
  // A function in the row body adds a column named like the loop's index after the first row.
  "udf-column.dbt": `${Q}<dbt:function name="grow"><dbt:if not listFindNoCase(q.columnList, "j")><dbt:set queryAddColumn(q, "j", [7, 8, 9])></dbt:if></dbt:function><dbt:output query="q">[${LOOP}<dbt:set grow()>]</dbt:output>`,
  // A function in the row body puts the loop's index back in another spelling each row.
  "udf-spelling.dbt": `${Q}<dbt:function name="bump"><dbt:set structDelete(variables, "j")><dbt:set variables["J"] = 0></dbt:function><dbt:output query="q">[<dbt:set bump()>${LOOP}]</dbt:output><dbt:output>#listSort(structKeyList(variables), "text")#</dbt:output>`,
  // The row body itself adds the column.
  "add-column.dbt": `${Q}<dbt:output query="q">[${LOOP}<dbt:if currentRow eq 1><dbt:set queryAddColumn(q, "j", [7, 8, 9])></dbt:if>]</dbt:output>`,
  // Rows queryFilter shares with q get q's new column j as their own, beyond f's columns: the
  // first row of f (added to f, sorted first) has no j, the others do.
  "row-own.dbt": `${Q}<dbt:set f = queryFilter(q, function(r) { return true; })><dbt:set queryAddRow(f, {id: 0})><dbt:set queryAddColumn(q, "j", [7, 8, 9])><dbt:set querySort(f, "id")><dbt:output query="f">[#id#:${LOOP}]</dbt:output>`,
  // A column named like the loop's index in every row.
  "column.dbt": `<dbt:set q = queryNew("id,j", "integer,integer", [{id: 1, j: 5}, {id: 2, j: 6}])><dbt:output query="q">[${LOOP}]</dbt:output>`,
  // An index named as a query's own property, which a row frame answers first (T.shadowed).
  "current-row.dbt": `${Q}<dbt:output query="q">[<dbt:loop from="1" to="2" index="currentRow">#currentRow#</dbt:loop>]</dbt:output>`,
  // The same in a loop that is not quiet (it calls a function): its checks as each run starts.
  "record-count.dbt": `${Q}<dbt:function name="nop"></dbt:function><dbt:output query="q">[<dbt:loop list="a,b" index="recordCount">#recordCount#<dbt:set nop()></dbt:loop>]</dbt:output>`,
  // A query the page shares (given it, as an application's or a cached query would be).
  "shared.dbt": `<dbt:output query="shared">[${LOOP}]</dbt:output>`,
  // A column read in a row body that calls a function defined in the template.
  "udf-row.dbt": `${Q}<dbt:function name="nop"></dbt:function><dbt:output query="q">[#id#<dbt:set nop()>]</dbt:output>`,
  // The same, its row's column read before and after the loop.
  "shared-row.dbt": `<dbt:output query="shared">[#id#:${LOOP}#id#]</dbt:output>`,
});

const render = (mode: (typeof MODES)[number], page: string) => new Engine({ root, mode }).render(page, scopesFrom({}));

describe.each(MODES)("a quiet loop in a row body, %s", (mode) => {
  it.each([
    ["table.dbt", "[1:1,2,3,][2:2,4,6,e][3:3,6,9,]"],
    ["udf-column.dbt", "[12][88][99]"],
    ["udf-spelling.dbt", "[12][12][12]bump,j,q"],
    ["add-column.dbt", "[12][88][99]"],
    ["row-own.dbt", "[0:12][1:77][2:88][3:99]"],
    ["column.dbt", "[55][66]"],
    ["current-row.dbt", "[11][22][33]"],
    ["record-count.dbt", "[33][33][33]"],
    ["udf-row.dbt", "[1][2][3]"],
  ])("%s gives %s", async (page, expected) => {
    await expect(render(mode, page)).resolves.toBe(expected);
  });

  /**
   * `page` given a query it shares, its clock read at tick `at` and wanting a pause there, while
   * `change` (queued before the page's pause) changes the query.
   */
  const pausedAt = (page: string, at: number, change: (shared: QueryResult) => void) => {
    const engine = new Engine({ root, mode });
    const shared = new QueryResult(["id"], [{ id: 1 }, { id: 2 }, { id: 3 }]);
    const state = newPageState();
    state.budget = at;
    state.yieldAt = 0;
    setImmediate(() => change(shared));
    const scopes = scopesFrom({});
    scopes.variables.shared = shared;
    const out = runPage(engine.load(page).render, new RenderContext(scopes, engine, engine.limits, state));
    expect(out).toBeInstanceOf(Promise);
    return out;
  };

  it("makes its checks again after a pause, during which other code gave a shared query the column", async () => {
    // The fourth tick (the first row's, its loop's two, the second row's): between the first and the second row.
    const out = pausedAt("shared.dbt", 4, (shared) => {
      shared.columns.push("j");
      shared.rows.forEach((r, i) => (r.j = 7 + i));
    });
    await expect(out).resolves.toBe("[12][88][99]");
  });

  it("reads the row again after a pause in it, during which other code replaced the shared query's row", async () => {
    // The second tick (the first row's, its loop's first): inside the first row, after its first read of id.
    const out = pausedAt("shared-row.dbt", 2, (shared) => (shared.rows[0] = { id: 9 }));
    await expect(out).resolves.toBe("[1:129][2:122][3:123]");
  });
});

describe("a quiet loop's checks in a row body's compiled code", () => {
  const engine = new Engine({ root, mode: "compiled" });
  /** How many checks are kept for the run, and how many are made each time the loop starts. */
  const checks = (page: string) => {
    const source = engine.compiledSource(page);
    return {
      kept: [
        ...source.matchAll(/if \(\$k\d+ === undefined\) \{ T\.respell\(\$vars\d+, "j"\); \$k\d+ = T\.shadowedRows\(/g),
      ].length,
      each: [...source.matchAll(/T\.respell\(\$vars\d+, "j"\); const \$slow\d+ = .*T\.shadowed\(ctx, /g)].length,
    };
  };

  it("are made once per run when the row body is proven (the table page's pattern)", () => {
    expect(checks("table.dbt")).toEqual({ kept: 1, each: 0 });
    // Made again after a pause: the rows' tick empties what was kept.
    expect(engine.compiledSource("table.dbt")).toMatch(/yield L\d+; \$k\d+ = undefined;/);
  });

  it("read the row once per row where the row body is proven, and again after a pause", () => {
    const source = engine.compiledSource("shared-row.dbt");
    expect(source).toMatch(/\$f0\.row = \$i1; \$f0\.end = \$j2; (\$r\d+) = \$f0\.query\.rows\[\$i1\];/);
    expect(source).not.toContain("$row =");
    expect(source).toMatch(/yield \$at\d+; +\$k\d+ = undefined; \$r\d+ = \$f0\.query\.rows\[\$f0\.row\];/);
    // Unproven (a function defined in the template is called in it): read from the frame at each read.
    expect(engine.compiledSource("udf-row.dbt")).toMatch(/\(\$row = (\$f\d+)\.query\.rows\[\1\.row\]\) !== undefined/);
  });

  it("are kept for a run even where a column or a row's own property answers the name (checked in every row)", () => {
    expect(checks("column.dbt")).toEqual({ kept: 1, each: 0 });
    expect(checks("row-own.dbt")).toEqual({ kept: 1, each: 0 });
  });

  it.each(["udf-column.dbt", "udf-spelling.dbt", "add-column.dbt"])(
    "are made once per row in %s, whose row body could change them",
    (page) => {
      expect(checks(page)).toEqual({ kept: 0, each: 1 });
    },
  );
});
