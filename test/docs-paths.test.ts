// Docs that cannot point at what is gone (issue 28): every path of this repository that README,
// CONTRIBUTING and docs/ name (`server/plugin.ts`, `bench/lucee/peer/`, `test/fixtures/x/page.dbt`)
// exists in the tree, so a file renamed or removed fails here until its docs follow.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const DOCS = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
// A path starts at one of the repository's top folders and is not part of a longer path or name.
const PATH =
  /(?<![\w./-])((?:cli|server|engine|tags|datasources|parser|templates|test|bench|scripts|docs|bin|\.ci)\/[\w./-]*\w)(\*|-\*)?/g;

/** Named in the docs but not files of this tree, each for a reason a reader accepts. */
const NOT_HERE = new Map([
  ["templates/.quarry", "the embedded Postgres's folder, made by the first npm start"],
  ["test/functions", "a folder of Lucee's repository (scripts/cfml-cases.mjs reads it)"],
  ["test/tickets", "a folder of Lucee's repository"],
  ["test/jira", "a folder of Lucee's repository"],
  ["test/general", "a folder of Lucee's repository"],
]);

/** Each doc's repository paths that do not exist, as doc:line: path. */
function missing(doc: string): string[] {
  const out: string[] = [];
  readFileSync(join(ROOT, doc), "utf8")
    .split("\n")
    .forEach((line, i) => {
      for (const m of line.matchAll(PATH)) {
        const path = m[1]!;
        // A pattern (`test/fixtures/err-*`, `bench/*.ts`) names files, not one path.
        if (m[2] !== undefined || NOT_HERE.has(path)) continue;
        // Built files are named as they run (build/…/x.js); their sources are .ts.
        if (existsSync(join(ROOT, path)) || existsSync(join(ROOT, path.replace(/\.js$/, ".ts")))) continue;
        out.push(`${doc}:${i + 1}: ${path}`);
      }
    });
  return out;
}

describe("the paths the docs name", () => {
  it.each(DOCS)("%s names only paths that exist", (doc) => {
    expect(missing(doc)).toEqual([]);
  });

  it("finds a path that does not exist", () => {
    const text = "see `server/no-such-stage.ts` and server/plugin.ts";
    expect([...text.matchAll(PATH)].map((m) => m[1])).toEqual(["server/no-such-stage.ts", "server/plugin.ts"]);
    expect(existsSync(join(ROOT, "server/no-such-stage.ts"))).toBe(false);
  });
});
