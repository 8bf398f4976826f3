// Every folder in test/fixtures is a case: page.dbt (plus any files it uses), an optional
// data.json with the scopes, an optional limits.json (limits over { maxIterations: 1000 }), and either expected.html or expected-error.txt (the formatted
// error with its code frame). Each runs in both modes against the same expectation.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, outcome } from "./helpers.js";
import { createDatabase, datasourcesFor } from "./db.js";
import type { Datasources } from "../datasources/registry.js";

// Fixtures that query see the tables of test/db/*.sql in a database of their own.
let db: Datasources;
beforeAll(async () => {
  db = datasourcesFor(await createDatabase([join(import.meta.dirname, "db", "001_fixtures.sql")], "fixtures"));
});
afterAll(() => db.close());

const dir = join(import.meta.dirname, "fixtures");
const cases = readdirSync(dir).sort();

describe.each(cases)("fixture %s", (name) => {
  const root = join(dir, name);
  const read = (f: string) => (existsSync(join(root, f)) ? readFileSync(join(root, f), "utf8") : undefined);
  const data = JSON.parse(read("data.json") ?? "{}") as Record<string, unknown>;
  const limits = { maxIterations: 1000, ...(JSON.parse(read("limits.json") ?? "{}") as Record<string, number>) };
  const expectedHtml = read("expected.html");
  const expectedError = read("expected-error.txt");

  // QUARRY_WRITE_FIXTURES=1 writes the expectation of a new fixture from compiled mode (review it!).
  if (process.env.QUARRY_WRITE_FIXTURES && expectedHtml === undefined && expectedError === undefined) {
    it("writes its expectation", async () => {
      const r = await outcome(root, "compiled", "page.dbt", data, limits, db);
      if (r.output !== undefined) writeFileSync(join(root, "expected.html"), r.output);
      else writeFileSync(join(root, "expected-error.txt"), `${r.error}\n`);
    });
    return;
  }

  it("has exactly one expectation", () => {
    expect([expectedHtml, expectedError].filter((x) => x !== undefined)).toHaveLength(1);
  });

  it.each(MODES)("%s mode", async (mode) => {
    const result = await outcome(root, mode, "page.dbt", data, limits, db);
    if (expectedHtml !== undefined) expect(result).toEqual({ output: expectedHtml });
    else expect(result).toEqual({ error: expectedError!.replace(/\n$/, "") });
  });
});

it("covers every built-in tag with at least one fixture", async () => {
  const { allTags } = await import("../tags/registry.js");
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter(
    (f) => f.endsWith(".dbt") || f.endsWith(".cfc"),
  );
  const used = files
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n")
    .toLowerCase();
  for (const t of allTags()) expect(used, `no fixture uses <dbt:${t.name}>`).toContain(`<dbt:${t.name}`);
});

it("documents every built-in tag under a heading of docs/language.md", async () => {
  const { allTags } = await import("../tags/registry.js");
  const headings = readFileSync(join(import.meta.dirname, "..", "docs", "language.md"), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("### "))
    .join("\n");
  const missing = allTags()
    .map((t) => t.name)
    .filter((n) => !headings.includes(`\`dbt:${n}\``));
  expect(missing).toEqual([]);
});

it("says which mode printed what when the two modes differ", async () => {
  const { sameInBothModes } = await import("./helpers.js");
  expect(() => sameInBothModes({ output: "1" }, { output: "1" })).not.toThrow();
  expect(() => sameInBothModes({ output: "a<b" }, { output: "a&lt;b" })).toThrow(
    'the two modes differ:\ncompiled printed    {"output":"a<b"}\ninterpreted printed {"output":"a&lt;b"}',
  );
});
