// What templates compile to, kept in view: the generated JavaScript of the sample site and the
// benchmark pages is snapshotted (test/__snapshots__/compiled/, `npx vitest run -u` rewrites it
// after an intended change: read the diff), and each page's code has a size budget
// (test/compiled-sizes.json), so a change that bloats generated code is seen in review.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../engine/engine.js";

const root = join(import.meta.dirname, "..");
const budgets = JSON.parse(readFileSync(join(import.meta.dirname, "compiled-sizes.json"), "utf8")) as Record<
  string,
  number
>;

const PAGES: [string, string][] = [
  ...readdirSync(join(root, "templates"))
    .filter((f) => f.endsWith(".dbt") && !f.startsWith("_"))
    .map((f): [string, string] => ["templates", f]),
  ...readdirSync(join(root, "bench", "pages"))
    .filter((f) => f.endsWith(".dbt"))
    .map((f): [string, string] => ["bench/pages", f]),
];

describe.each(PAGES)("%s/%s compiles to", (dir, file) => {
  const engine = new Engine({ root: join(root, dir), mode: "compiled" });
  const key = `${dir}/${file}`;
  const source = engine.compiledSource(file);

  it("the code in its snapshot", async () => {
    await expect(source).toMatchFileSnapshot(
      join(import.meta.dirname, "__snapshots__", "compiled", `${key.replace(/\//g, "_")}.js`),
    );
  });

  it("no more bytes than its budget", () => {
    expect(budgets[key], `add a budget for ${key} to test/compiled-sizes.json`).toBeTypeOf("number");
    expect(Buffer.byteLength(source)).toBeLessThanOrEqual(budgets[key]!);
  });
});
