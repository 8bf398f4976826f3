// The real Lucee of `npm run compat:lucee` (bench/lucee/Oracle.java, the same jars and JVM
// set-up), run once over a few cases: shared by scripts/lucee-eval.mjs (script snippets) and
// scripts/lucee-page.mjs (tag pages). Needs `npm run build` (bench/lucee-java.ts) and java,
// javac and mvn; the first run fetches Lucee into ~/.m2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Runs cases on Lucee and returns Oracle.java's result objects ({id, out} or {id, error}), in
 * order. `prepare(work)` gets the working folder (Lucee's web root: a tag case is a path under it)
 * and returns the cases as [id, kind ("script" or "tag"), code]. Exits 1 with Lucee's output
 * when it wrote no results.
 */
export async function runOracle(prepare, tool) {
  const root = join(import.meta.dirname, "..");
  const { LUCEE_ARTIFACTS, classpath, compileJava, luceeCache, need } = await import(
    join(root, "build", "bench", "lucee-java.js")
  );
  need(["java", "javac", "mvn"], tool);
  const log = (s) => process.stderr.write(`${s}\n`);
  const cache = luceeCache("compat-lucee");
  const cp = classpath(LUCEE_ARTIFACTS, log);
  const classes = compileJava("Oracle", cache, cp, log);
  const work = mkdtempSync(join(tmpdir(), "quarry-lucee-oracle-"));
  try {
    const corpus = prepare(work).map(
      ([id, kind, code]) => `${id}\t${kind}\t${Buffer.from(code, "utf8").toString("base64")}`,
    );
    writeFileSync(join(work, "corpus.txt"), `${corpus.join("\n")}\n`);
    const args = [
      "-cp",
      [...cp, classes].join(":"),
      `-Dlucee.base.dir=${join(cache, "base")}`,
      "-Dfile.encoding=UTF-8",
    ];
    const r = spawnSync("java", [...args, "Oracle", "corpus.txt", "results.jsonl", "20000"], {
      cwd: work,
      encoding: "utf8",
    });
    let out;
    try {
      out = readFileSync(join(work, "results.jsonl"), "utf8");
    } catch {
      process.stderr.write(`${r.stdout}${r.stderr}`);
      process.exit(1);
    }
    return out
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
