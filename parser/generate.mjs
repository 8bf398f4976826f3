// Generates parser/generated/grammar.js and its type declarations (peggy's own --dts) from
// grammar.peggy. Run by `npm run build`; the output is never edited by hand and never committed.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
// The declarations are a feature of peggy's command line, not of its API: run the CLI.
const peggy = join(dirname(createRequire(import.meta.url).resolve("peggy/package.json")), "bin", "peggy.js");
const startRules = ["Template", "Interpolated", "ExpressionOnly", "ComponentFile"];
mkdirSync(join(here, "generated"), { recursive: true });
execFileSync(
  process.execPath,
  [
    peggy,
    "--format",
    "es",
    "--dts",
    "--allowed-start-rules",
    startRules.join(","),
    // parse.ts gives each start rule's result its type; the parser itself promises nothing more.
    "--return-types",
    JSON.stringify(Object.fromEntries(startRules.map((r) => [r, "unknown"]))),
    "--output",
    relative(root, join(here, "generated", "grammar.js")),
    relative(root, join(here, "grammar.peggy")),
  ],
  { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
);
