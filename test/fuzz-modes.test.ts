// Differential fuzzing of the central contract: interpreted and compiled mode give
// byte-identical output and the same error (code, message, location) for every template.
// Random templates (test/fuzz-gen.ts) from fixed seeds, rendered in both modes with the same
// data and limits (small maxIterations and maxOutputLength too, so limit errors fall mid-loop),
// some with a pause forced every few clock ticks (and some of those cancelled during the first). A case that differs is shrunk, and the test
// fails with the small template and both outcomes. QUARRY_FUZZ_SEEDS=1000:5000 runs other seeds.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine, type Mode } from "../engine/engine.js";
import { scopesFrom } from "../engine/context.js";
import { newPageState, type PageState } from "../engine/page.js";
import { QuarryError } from "../engine/errors.js";
import { site } from "./helpers.js";
import { createDatabase, datasourcesFor } from "./db.js";
import type { Datasources } from "../datasources/registry.js";
import { caseFiles, generate, shrinkCase, type Case } from "./fuzz-gen.js";

// Pages that query see the fixture tables (test/db/001_fixtures.sql) in a database of their own.
let db: Datasources;
beforeAll(async () => {
  db = datasourcesFor(await createDatabase([join(import.meta.dirname, "db", "001_fixtures.sql")], "fuzz"));
});
afterAll(() => db.close());

/** The outcome of a render as text: the output, or the formatted error. */
async function outcome(c: Case, root: string, mode: Mode): Promise<string> {
  const page = newPageState(c.db ? db : null);
  if (c.pauses) {
    // The clock pauses every `pauses` ticks whatever the time: the pause paths run, the same in every run.
    Object.defineProperty(page, "stride", { get: () => c.pauses, set() {} });
    Object.defineProperty(page, "yieldAt", { get: () => 0, set() {} });
    page.budget = c.pauses;
    // Cancelled during the first pause: the clock's read after it (its second) sees the signal.
    // Both modes must stop at the same place (the loop whose tick wanted the pause).
    let reads = 0;
    if (c.cancel)
      page.signal = {
        get aborted() {
          return ++reads >= 2;
        },
        reason: "fuzz",
      } as PageState["signal"];
  }
  try {
    return `output:\n${await new Engine({ root, mode, limits: c.limits }).render("page.dbt", scopesFrom(c.data), page)}`;
  } catch (err) {
    if (err instanceof QuarryError) return `error:\n${err.format()}`;
    throw err;
  }
}

async function bothModes(c: Case): Promise<[string, string]> {
  const root = site(caseFiles(c));
  return [await outcome(c, root, "compiled"), await outcome(c, root, "interpreted")];
}

const [first, last] = (process.env.QUARRY_FUZZ_SEEDS ?? "1:100").split(":").map(Number) as [number, number];

describe("compiled and interpreted mode agree on random templates", () => {
  it(`seeds ${first} to ${last}`, { timeout: 120_000 }, async () => {
    const outcomes = { output: 0, error: 0 };
    for (let seed = first; seed <= last; seed++) {
      const c = generate(seed);
      const [compiled, interpreted] = await bothModes(c);
      if (compiled !== interpreted) {
        const small = await shrinkCase(c, async (x) => {
          const [a, b] = await bothModes(x);
          return a !== b;
        });
        const [a, b] = await bothModes(small);
        const files = caseFiles(small);
        expect.fail(
          [
            `seed ${seed}: the modes differ. Shrunk: data ${JSON.stringify(small.data)}, limits ${JSON.stringify(small.limits)}, pauses every ${small.pauses} ticks${small.cancel ? ", cancelled during the first" : ""}`,
            ...Object.entries(files).map(([name, text]) => `---- ${name}\n${text}`),
            `---- compiled\n${a}`,
            `---- interpreted\n${b}`,
          ].join("\n"),
        );
      }
      outcomes[compiled.startsWith("output:") ? "output" : "error"]++;
    }
    // The generator makes pages that run to the end as well as pages that fail.
    expect(outcomes.output).toBeGreaterThan((last - first) / 4);
    expect(outcomes.error).toBeGreaterThan((last - first) / 10);
  });

  it("a case is a page that renders: one seed's page, written out", () => {
    const files = caseFiles(generate(7));
    expect(Object.keys(files)).toContain("page.dbt");
    expect(files["page.dbt"]).toContain("<dbt:set q = queryNew(");
    expect(files["page.dbt"]).toMatch(/\[st\.m=#st\.m#\]/);
  });
});
