// Generates parser/generated/grammar.js (+ .d.ts) from grammar.peggy. Run by `npm run build`;
// the output is never edited by hand and never committed.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import peggy from "peggy";

const here = dirname(fileURLToPath(import.meta.url));
const grammar = readFileSync(join(here, "grammar.peggy"), "utf8");
const source = peggy.generate(grammar, {
  output: "source",
  format: "es",
  grammarSource: "parser/grammar.peggy",
  allowedStartRules: ["Template", "Interpolated", "ExpressionOnly"],
});
mkdirSync(join(here, "generated"), { recursive: true });
writeFileSync(join(here, "generated", "grammar.js"), source);
writeFileSync(
  join(here, "generated", "grammar.d.ts"),
  `// Generated with parser/generate.mjs.
export interface PeggyLocation { start: { offset: number; line: number; column: number }; end: { offset: number; line: number; column: number } }
export class SyntaxError extends Error {
  expected: Array<{ type: string; text?: string; description?: string }> | null;
  found: string | null;
  location: PeggyLocation;
}
export function parse(input: string, options?: Record<string, unknown>): unknown;
`,
);
