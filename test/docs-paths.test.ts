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

// README's "Layout" section against the tree: every folder of the repository, and every folder
// inside the code's folders, is named there; each bare file name a bullet gives (`plugin.ts`) is
// a file under that bullet's folder.
describe("README's layout section", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const layout = readme.slice(
    readme.indexOf("## Layout"),
    readme.indexOf("\n## ", readme.indexOf("## Layout") + 1) >>> 0,
  );
  // Not in git: what npm install, the build and the benchmarks (bench-results/) write.
  const tracked = (dir: string) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true })
      .filter(
        (d) =>
          d.isDirectory() && !d.name.startsWith(".") && !["node_modules", "build", "bench-results"].includes(d.name),
      )
      .filter((d) => !d.name.startsWith("build-lean-"))
      .map((d) => (dir === "." ? `${d.name}/` : `${dir}/${d.name}/`));
  const CODE = ["server", "engine", "tags", "datasources", "config", "parser", "cli"];

  it("names every folder of the repository and of the code's folders", () => {
    const folders = [...tracked("."), ...CODE.flatMap((d) => tracked(d))].filter(
      (f) => f !== "parser/generated/", // the parser peggy writes at build (not in git)
    );
    expect(folders.filter((f) => !layout.includes(`\`${f}\``))).toEqual([]);
  });

  it("names only files that are in the folder of their bullet", () => {
    const wrong: string[] = [];
    for (const bullet of layout.split("\n- ").slice(1)) {
      const folder = /^`([\w-]+)\/`/.exec(bullet)?.[1];
      if (folder === undefined) continue;
      const files = readdirSync(join(ROOT, folder), { recursive: true }) as string[];
      for (const m of bullet.matchAll(/`([\w.-]+\.(?:ts|js|peggy))`/g))
        if (!files.some((f) => f === m[1] || f.endsWith(`/${m[1]}`))) wrong.push(`${folder}/: ${m[1]}`);
    }
    expect(wrong).toEqual([]);
  });
});

// Figures that cannot go stale: README and bench/RESULTS.md carry measured figures only inside
// the blocks the benchmarks write (`<!-- bench:NAME -->` … `<!-- /bench:NAME -->`, bench/results-file.ts);
// the seeds' blocks are exactly what bench/results-md.ts makes of the stored run
// (bench/results/seeds.json, peers.json); every other block says which command wrote it and when.
describe("the figures of README and bench/RESULTS.md", () => {
  const read = (f: string) => readFileSync(join(ROOT, f), "utf8");
  const BLOCK = /<!-- bench:([\w-]+) -->\n([\s\S]*?)\n<!-- \/bench:\1 -->/g;
  const blocks = (f: string) => new Map([...read(f).matchAll(BLOCK)].map((m) => [m[1]!, m[2]!]));
  /** A measured figure: a ratio, a rate, a time, a share or a size. */
  const FIGURE = /\d[\d,]*(?:\.\d+)?\s?(?:×|req\/s|q\/s|ms\b|µs|MiB|%)/;
  /** Settings and thresholds that read like figures, each for a reason. */
  const NOT_MEASURED = [
    "bounded to 200 req/s", // the soak's load generator's rate (a setting)
    "8 connections, 200 req/s", // the same, in README's command list
    "RSS grew over 1.5×", // the soak's failure threshold
  ];
  const outside = (f: string) =>
    read(f)
      .replace(BLOCK, "")
      .split("\n")
      .filter((l) => FIGURE.test(l) && !NOT_MEASURED.some((s) => l.includes(s)));

  it.each(["README.md", "bench/RESULTS.md"])("%s has no figure outside a generated block", (f) => {
    expect(outside(f)).toEqual([]);
  });

  it("the seeds' blocks are what bench/results-md.ts makes of bench/results/seeds.json", async () => {
    const { headlineMarkdown, resultsMarkdown } = await import("../bench/results-md.js");
    const seeds = JSON.parse(read("bench/results/seeds.json")) as Parameters<typeof headlineMarkdown>[0];
    const peers = JSON.parse(read("bench/results/peers.json")) as Parameters<typeof resultsMarkdown>[1];
    expect(blocks("README.md").get("headline")).toBe(headlineMarkdown(seeds));
    expect(blocks("bench/RESULTS.md").get("seeds")).toBe(resultsMarkdown(seeds, peers));
  });

  it("every other block of bench/RESULTS.md says which command wrote it and when", () => {
    const unsigned = [...blocks("bench/RESULTS.md")]
      .filter(([name]) => name !== "seeds")
      .filter(([, body]) => !/^Generated by `[^`]+` on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\. Machine: /.test(body))
      .map(([name]) => name);
    expect(unsigned).toEqual([]);
  });

  it("finds a figure typed into prose", () => {
    expect(FIGURE.test("compiled is now 1.4× faster")).toBe(true);
    expect(FIGURE.test("a 10,000-iteration loop")).toBe(false);
  });
});
