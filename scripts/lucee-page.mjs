// Runs a tag page on the real Lucee of `npm run compat:lucee` (scripts/lucee-oracle.mjs) and
// prints its output as it is: what Lucee makes of a whole page (tags, whitespace, a component
// beside it), where scripts/lucee-eval.mjs answers for a script expression. A .dbt page is run
// as compat:lucee runs a fixture (`<dbt:x>` written `<cfx>`); the .cfc, .cfm and .dbt files
// beside the page and in its folders go with it (converted the same way), so run it on a page in
// a folder of its own (a fixture's). An error prints its type and message on stderr, exit 1.
// Usage: npm run build && node scripts/lucee-page.mjs test/fixtures/dump/page.dbt […]. About 6 s.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { runOracle } from "./lucee-oracle.mjs";

const files = process.argv.slice(2);
if (files.length === 0 || files.includes("-h") || files.includes("--help")) {
  console.log("Usage: node scripts/lucee-page.mjs PAGE.cfm|PAGE.dbt […]");
  process.exit(files.length === 0 ? 2 : 0);
}
const toCfml = (f, text) => (f.endsWith(".dbt") || f.endsWith(".cfc") ? text.replace(/<(\/?)dbt:/gi, "<$1cf") : text);
/** The files that go with a page: CFML and .dbt files in its folder and below (no dot folders, no node_modules). */
const beside = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(cfc|cfm|dbt)$/.test(d.name))
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .filter((f) => !f.split(/[\\/]/).some((p) => p.startsWith(".") || p === "node_modules"));

const results = await runOracle(
  (work) =>
    files.map((file, i) => {
      const dir = dirname(resolve(file));
      for (const f of beside(dir)) {
        const to = join(work, `p${i}`, f.replace(/\.dbt$/, ".cfm"));
        mkdirSync(dirname(to), { recursive: true });
        writeFileSync(to, toCfml(f, readFileSync(join(dir, f), "utf8")));
      }
      return [file, "tag", `/p${i}/${basename(file).replace(/\.dbt$/, ".cfm")}`];
    }),
  "scripts/lucee-page.mjs",
);
let failed = false;
for (const r of results) {
  if (files.length > 1) process.stdout.write(`==> ${r.id} <==\n`);
  if (r.error) {
    failed = true;
    process.stderr.write(`${files.length > 1 ? `${r.id}: ` : ""}error ${r.error.type}: ${r.error.message}\n`);
  } else process.stdout.write(r.out);
}
process.exitCode = failed ? 1 : 0;
