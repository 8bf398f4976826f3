// What `quarry start` loads before it answers (issue 10: a built site ready in < 0.5 s; issue
// 23: three nodes of two workers each starting together on two cores): the packages only some
// pages need are loaded only by the first page that needs them, and that page still gets them. Real processes; the loaded CommonJS files are read from Node's own cache
// when the process exits.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { listening, stop } from "./process.js";
import { build } from "../server/build.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");

/**
 * The packages this test looks for: Fastify's schema compilers, @fastify/static's, the config
 * file's locating parser, the regex engine, XML's DOM and XPath, query of queries' SQL parser,
 * the password hashes' native addons.
 */
const WATCHED = [
  "ajv",
  "@fastify/ajv-compiler",
  "@fastify/fast-json-stringify-compiler",
  "@fastify/static",
  "glob",
  "jsonc-parser",
  "re2js",
  "@xmldom/xmldom",
  "xpath",
  "pgsql-ast-parser",
  "@node-rs/bcrypt",
  "@node-rs/argon2",
];

// Preloaded into the server: at exit, the watched packages that have a file in require.cache.
const REPORT = `data:text/javascript,${encodeURIComponent(`
import { createRequire } from "node:module";
const cache = createRequire(process.cwd() + "/").cache;
const watched = ${JSON.stringify(WATCHED)};
process.on("exit", () => {
  const loaded = watched.filter((p) => Object.keys(cache).some((f) => f.includes("/node_modules/" + p + "/")));
  process.stderr.write("LOADED " + JSON.stringify(loaded) + "\\n");
});
`)}`;

let url: string;
beforeAll(async () => {
  url = await createDatabase([], "startup");
});

const running: ReturnType<typeof spawn>[] = [];
afterAll(() => running.forEach((c) => c.exitCode === null && c.kill("SIGKILL")));

/** Builds `files`, serves the build with `quarry start`, fetches `paths`; the answers and the watched packages loaded. */
async function startAndFetch(
  files: Record<string, string>,
  paths: string[],
): Promise<{ answers: string[]; loaded: string[] }> {
  const out = join(mkdtempSync(join(tmpdir(), "quarry-startup-")), "dist");
  const built = build(site(files), out);
  expect(built.errors).toEqual([]);
  const child = spawn(process.execPath, ["--import", REPORT, bin, "start", out, "--workers", "1", "--port", "0"], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
  });
  running.push(child);
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const base = await listening(child);
  const answers: string[] = [];
  for (const p of paths) {
    const res = await fetch(base + p);
    answers.push(`${res.status} ${await res.text()}`);
  }
  expect(await stop(child)).toBe(0);
  const m = /^LOADED (.*)$/m.exec(stderr);
  expect(m, stderr).not.toBeNull();
  return { answers, loaded: JSON.parse(m![1]!) as string[] };
}

describe("quarry start loads what the site needs", () => {
  it("a build without static files, a config file or a regex: no schema compilers, no @fastify/static, no JSON config parser, no RE2", async () => {
    const r = await startAndFetch({ "index.dbt": "<dbt:set x = 2><dbt:output>#x * 21#</dbt:output>" }, [
      "/",
      "/style.css",
    ]);
    expect(r.answers[0]).toBe("200 42");
    expect(r.answers[1]!.startsWith("404 ")).toBe(true);
    expect(r.loaded).toEqual([]);
  });

  it("a build with a static file, a good config file and a regex: serves the file, reads the config without the locating parser, runs the regex", async () => {
    const r = await startAndFetch(
      {
        "index.dbt": '<dbt:output>#1 + 1# #reReplace("abcb", "b+", "x", "all")#</dbt:output>',
        "style.css": "body { color: red }\n",
        "quarry.config.json": '{ "sessionTimeoutMinutes": 30 }\n',
      },
      ["/", "/style.css"],
    );
    expect(r.answers).toEqual(["200 2 axcx", "200 body { color: red }\n"]);
    expect(r.loaded).toEqual(["@fastify/static", "glob", "re2js"]);
  });

  it("pages with XML, a query of queries and password hashes: each loads its package when it runs", async () => {
    const r = await startAndFetch(
      {
        "index.dbt": "<dbt:output>plain</dbt:output>",
        "xml.dbt":
          '<dbt:set d = xmlParse("<a><b>1</b><b>2</b></a>")><dbt:output>#arrayLen(xmlSearch(d, "//b"))#</dbt:output>',
        "qoq.dbt":
          '<dbt:set q = queryNew("n", "integer", [[1], [2], [3]])><dbt:query name="r" dbtype="query">SELECT n FROM q WHERE n > 1</dbt:query><dbt:output>#r.recordCount#</dbt:output>',
        "hash.dbt":
          '<dbt:output>#verifyBCryptHash("s", generateBCryptHash("s", 4))# #argon2CheckHash("s", generateArgon2Hash("s", "argon2id", 1, 64, 1))#</dbt:output>',
      },
      ["/", "/xml", "/qoq", "/hash"],
    );
    expect(r.answers).toEqual(["200 plain", "200 2", "200 2", "200 true true"]);
    expect(r.loaded).toEqual(["@xmldom/xmldom", "xpath", "pgsql-ast-parser", "@node-rs/bcrypt", "@node-rs/argon2"]);
  });
});
