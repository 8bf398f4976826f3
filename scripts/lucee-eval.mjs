// Runs CFML script snippets on the real Lucee of `npm run compat:lucee` (bench/lucee/Oracle.java,
// the same jars and JVM set-up) and prints what each returns or its error, one JSON line each:
// the quickest way to see what Lucee does before changing what Quarry does.
// Usage: npm run build && node scripts/lucee-eval.mjs 'return dateAdd("d", 1, "2024-01-31");' […]
// Each snippet is the body of a script that returns a string (`return x;`). About 6 s a run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";

const snippets = process.argv.slice(2);
if (snippets.length === 0 || snippets.includes("-h") || snippets.includes("--help")) {
  console.log("Usage: node scripts/lucee-eval.mjs '<CFML script returning a string>' […]");
  process.exit(snippets.length === 0 ? 2 : 0);
}
const root = join(import.meta.dirname, "..");
const { LUCEE_ARTIFACTS, classpath, compileJava, luceeCache, need } = await import(
  join(root, "build", "bench", "lucee-java.js")
);
need(["java", "javac", "mvn"], "scripts/lucee-eval.mjs");
const log = (s) => process.stderr.write(`${s}\n`);
const cache = luceeCache("compat-lucee");
const cp = classpath(LUCEE_ARTIFACTS, log);
const classes = compileJava("Oracle", cache, cp, log);
const work = mkdtempSync(join(tmpdir(), "quarry-lucee-eval-"));
try {
  const corpus = snippets.map((c, i) => `s${i + 1}\tscript\t${Buffer.from(c, "utf8").toString("base64")}`);
  writeFileSync(join(work, "corpus.txt"), `${corpus.join("\n")}\n`);
  const args = ["-cp", [...cp, classes].join(":"), `-Dlucee.base.dir=${join(cache, "base")}`, "-Dfile.encoding=UTF-8"];
  const r = spawnSync("java", [...args, "Oracle", "corpus.txt", "results.jsonl", "20000"], {
    cwd: work,
    encoding: "utf8",
  });
  let out = "";
  try {
    out = readFileSync(join(work, "results.jsonl"), "utf8");
  } catch {
    process.stderr.write(`${r.stdout}${r.stderr}`);
    process.exit(1);
  }
  process.stdout.write(out);
} finally {
  rmSync(work, { recursive: true, force: true });
}
