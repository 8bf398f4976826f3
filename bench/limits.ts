// npm run bench:limits — how soon after its time limit a spinning page stops, in both modes:
// the speed claim test/limits.test.ts used to make with a wall-clock bound (the test now checks
// only that the page stops, where and with which error). Pages spin in nested loops, output
// rows and module recursion, or inside one built-in function call (engine/work.ts: the call
// counts its steps and reads the clock); each is rendered BENCH_ROUNDS times with a
// BENCH_LIMIT_MS limit and the time from the deadline to the error is recorded.
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
  // Built-ins that run past the limit in one call (issue 22's cases among them).
  "json.dbt": `<dbt:set a = []><dbt:loop from="1" to="12" index="i"><dbt:set arrayAppend(a, arrayResize([], 999999))></dbt:loop><dbt:set s = jsonEncode(a)>`,
  "regex.dbt": `<dbt:set s = reReplace(repeatString("a", 1000000), "", "b", "all")>`,
  "sort.dbt": `<dbt:set s = listSort(repeatString("b,a,c,", 300000), "text")>`,
  "dedupe.dbt": `<dbt:set a = []><dbt:loop from="1" to="100000" index="i"><dbt:set a[i] = i></dbt:loop><dbt:set b = arrayRemoveDuplicates(a)>`,
  "hash.dbt": `<dbt:set h = hash40(repeatString("x", 1000000), "SHA-256", "utf-8", 100000)>`,
  "struct-copy.dbt": `<dbt:set a = []><dbt:loop from="1" to="200000" index="i"><dbt:set a[i] = {n: i, s: "v"}></dbt:loop><dbt:loop condition="true"><dbt:set b = duplicate(a)></dbt:loop>`,
  // One regular-expression search over 16 M characters that finds nothing (about 2 s unless stopped).
  "regex-search.dbt": `<dbt:set n = reFind("\\w+\\s+\\d", repeatString(repeatString("a", 1000), 16000))><dbt:loop condition="true"></dbt:loop>`,
};

const root = mkdtempSync(join(tmpdir(), "quarry-bench-limits-"));
try {
  for (const [name, text] of Object.entries(PAGES)) writeFileSync(join(root, name), text);
  const rows: string[][] = [];
  const pages = Object.keys(PAGES).filter((p) => !p.startsWith("_"));
  for (const page of process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : pages) {
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
  const markdown = `Limit ${LIMIT} ms, ${ROUNDS} renders per page and mode, in-process; the aim is to stop within 100 ms of the limit. loops, rows and modules stop at the clock's ticks; json, regex, sort, dedupe, hash, struct-copy and regex-search inside one built-in call (jsonEncode of 12 arrays of 999,999 elements, reReplace of 1,000,000 empty matches, listSort of 900,000 items, arrayRemoveDuplicates of 100,000, hash40 with 100,000 iterations over 1 MB, duplicate of 200,000 structs, one RE2 search over 16 M characters).\n\n${mdTable(["page", "mode", "ms past the limit, median", "max"], rows)}`;
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
