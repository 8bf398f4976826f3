// npm run bench:limits — how soon after its time limit a spinning page stops, in both modes:
// the speed claim test/limits.test.ts used to make with a wall-clock bound (the test now checks
// only that the page stops, where and with which error). Pages spin in nested loops, output
// rows and module recursion; each is rendered BENCH_ROUNDS times with a BENCH_LIMIT_MS limit
// and the time from the deadline to the error is recorded.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Engine, type Mode } from "../engine/engine.js";
import { scopesFrom } from "../engine/context.js";
import { QuarryError, codes } from "../engine/errors.js";
import { newPageState } from "../engine/page.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";

const loadAtStart = loadavg();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LIMIT = Number(process.env.BENCH_LIMIT_MS ?? 50);

const PAGES: Record<string, string> = {
  "loops.dbt": `<dbt:set n = 0><dbt:loop from="1" to="400" index="i"><dbt:loop from="1" to="400" index="j"><dbt:loop from="1" to="400" index="k"><dbt:set n = n + 1></dbt:loop></dbt:loop></dbt:loop>`,
  "rows.dbt": `<dbt:set q = queryNew("n")><dbt:loop from="1" to="1000" index="i"><dbt:set x = queryAddRow(q, {n: i})></dbt:loop><dbt:output query="q"><dbt:output query="q"><dbt:output query="q">#q.n#</dbt:output></dbt:output></dbt:output>`,
  "modules.dbt": `<dbt:module template="_tree.dbt" depth="40" />`,
  "_tree.dbt": `<dbt:if attributes.depth GT 0><dbt:module template="_tree.dbt" depth="#attributes.depth - 1#" /><dbt:module template="_tree.dbt" depth="#attributes.depth - 1#" /></dbt:if>`,
};

const root = mkdtempSync(join(tmpdir(), "quarry-bench-limits-"));
try {
  for (const [name, text] of Object.entries(PAGES)) writeFileSync(join(root, name), text);
  const rows: string[][] = [];
  for (const page of ["loops.dbt", "rows.dbt", "modules.dbt"]) {
    for (const mode of ["compiled", "interpreted"] as Mode[]) {
      const engine = new Engine({ root, mode });
      engine.load(page);
      const late: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const state = newPageState(null, LIMIT);
        const err = await engine.render(page, scopesFrom({}), state).then(
          () => null,
          (e: unknown) => e,
        );
        const at = Date.now();
        if (!(err instanceof QuarryError) || err.code !== codes.TIMEOUT)
          throw new Error(`${page} (${mode}) did not stop with QRY_ERR_TIMEOUT: ${String(err)}`);
        late.push(at - state.deadline);
      }
      late.sort((a, b) => a - b);
      rows.push([page, mode, String(late[late.length >> 1]), String(late[late.length - 1])]);
    }
  }
  const markdown = `Limit ${LIMIT} ms, ${ROUNDS} renders per page and mode, in-process; the aim is to stop within 100 ms of the limit.\n\n${mdTable(["page", "mode", "ms past the limit, median", "max"], rows)}`;
  process.stdout.write(`${markdown}\n`);
  writeSection({
    name: "limits",
    title: "How soon a spinning page stops after its time limit (`npm run bench:limits`)",
    command: commandLine("bench:limits", ["BENCH_ROUNDS", "BENCH_LIMIT_MS"]),
    markdown,
    loadAtStart,
  });
} finally {
  rmSync(root, { recursive: true, force: true });
}
