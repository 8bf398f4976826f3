// Every folder in test/fixtures is a case: page.dbt (plus any files it uses), an optional
// data.json with the scopes, and either expected.html or expected-error.txt (the formatted
// error with its code frame). Each runs in both modes against the same expectation.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MODES, outcome } from "./helpers.js";

const dir = join(import.meta.dirname, "fixtures");
const cases = readdirSync(dir).sort();

describe.each(cases)("fixture %s", (name) => {
  const root = join(dir, name);
  const read = (f: string) => (existsSync(join(root, f)) ? readFileSync(join(root, f), "utf8") : undefined);
  const data = JSON.parse(read("data.json") ?? "{}") as Record<string, unknown>;
  const expectedHtml = read("expected.html");
  const expectedError = read("expected-error.txt");

  it("has exactly one expectation", () => {
    expect([expectedHtml, expectedError].filter((x) => x !== undefined)).toHaveLength(1);
  });

  it.each(MODES)("%s mode", async (mode) => {
    const result = await outcome(root, mode, "page.dbt", data, { maxIterations: 1000 });
    if (expectedHtml !== undefined) expect(result).toEqual({ output: expectedHtml });
    else expect(result).toEqual({ error: expectedError!.replace(/\n$/, "") });
  });
});

it("covers every built-in tag with at least one fixture", async () => {
  const { allTags } = await import("../tags/registry.js");
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".dbt"));
  const used = files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n").toLowerCase();
  for (const t of allTags()) expect(used, `no fixture uses <dbt:${t.name}>`).toContain(`<dbt:${t.name}`);
});
