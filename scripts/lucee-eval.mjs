// Runs CFML script snippets on the real Lucee of `npm run compat:lucee` (scripts/lucee-oracle.mjs)
// and prints what each returns or its error, one JSON line each: the quickest way to see what
// Lucee does before changing what Quarry does. For a tag page, scripts/lucee-page.mjs.
// Usage: npm run build && node scripts/lucee-eval.mjs 'return dateAdd("d", 1, "2024-01-31");' […]
// Each snippet is the body of a script that returns a string (`return x;`). About 6 s a run.
import { runOracle } from "./lucee-oracle.mjs";

const snippets = process.argv.slice(2);
if (snippets.length === 0 || snippets.includes("-h") || snippets.includes("--help")) {
  console.log("Usage: node scripts/lucee-eval.mjs '<CFML script returning a string>' […]");
  process.exit(snippets.length === 0 ? 2 : 0);
}
const results = await runOracle(() => snippets.map((c, i) => [`s${i + 1}`, "script", c]), "scripts/lucee-eval.mjs");
for (const r of results) process.stdout.write(`${JSON.stringify(r)}\n`);
