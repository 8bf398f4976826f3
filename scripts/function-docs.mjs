// Rewrites the function tables of docs/language.md from the built function library
// (run `npm run build` first): one table per category, in the library's order.
// Usage: node scripts/function-docs.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const { builtins } = await import(join(root, "build", "engine", "functions", "index.js"));
const file = join(root, "docs", "language.md");
const doc = readFileSync(file, "utf8");
const start = doc.indexOf("\n### ", doc.indexOf("## Function library"));
const end = doc.indexOf("## Differences from CFML");
if (start < 0 || end < 0 || end < start) throw new Error("docs/language.md: function library section not found");

const cell = (s) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
const code = (s) => (s.includes("`") ? `\`\` ${cell(s)} \`\`` : `\`${cell(s)}\``);
const groups = new Map();
for (const b of builtins) {
  if (!groups.has(b.category)) groups.set(b.category, []);
  groups.get(b.category).push(b);
}
let out = "\n";
for (const [cat, fns] of groups) {
  out += `### ${cat[0].toUpperCase()}${cat.slice(1)}\n\n| function | what it does | example | result |\n|---|---|---|---|\n`;
  for (const b of fns)
    out += `| \`${b.name}(${b.params})\` | ${cell(b.doc)} | ${code(b.example)} | ${code(b.result)} |\n`;
  out += "\n";
}
let text = doc.slice(0, start) + out + doc.slice(end);

// The member function table (engine/functions/lucee-names.ts and java-members.ts), before the function library.
const { ALL_MEMBERS: MEMBERS } = await import(join(root, "build", "engine", "functions", "java-members.js"));
const byName = new Map(builtins.map((b) => [b.name.toLowerCase(), b]));
let members = "| receiver | member functions |\n|---|---|\n";
for (const [type, ms] of Object.entries(MEMBERS)) {
  const cells = Object.values(ms)
    .filter(([fn]) => byName.has(fn.toLowerCase()))
    .map(([fn, pos, chain, written]) => {
      const b = byName.get(fn.toLowerCase()).name;
      const same = written.toLowerCase() === b.toLowerCase();
      return `\`${written}\`${same ? "" : ` (${b})`}${pos === 2 ? "²" : pos === 3 ? "³" : ""}${chain ? "†" : ""}`;
    });
  members += `| ${type} | ${cells.join(", ")} |\n`;
}
const mStart = text.indexOf("| receiver | member functions |");
const mEnd = text.indexOf("\n## Function library");
if (mStart < 0 || mEnd < mStart) throw new Error("docs/language.md: member function table not found");
text = text.slice(0, mStart) + members + text.slice(mEnd);
writeFileSync(file, text);
console.log(`docs/language.md: ${builtins.length} functions in ${groups.size} tables`);
