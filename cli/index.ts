// The `quarry` command line: the top of the stack. One module per command, each registered here;
// a command loads only what it needs, so `quarry start` serves a built site without ever loading
// the parser or the compiler.
import { readFileSync } from "node:fs";
import { Command } from "commander";
import * as bench from "./bench.js";
import * as build from "./build.js";
import * as check from "./check.js";
import * as db from "./db.js";
import * as dev from "./dev.js";
import * as init from "./init.js";
import * as render from "./render.js";
import * as start from "./start.js";

const program = new Command();
program
  .name("quarry")
  .description(
    "Quarry: ColdFusion-style .dbt templates for Node.js, interpreted or compiled, served with pooled Postgres.",
  )
  .version(
    (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version,
    "-V, --version",
    "print the version of quarry",
  )
  .showHelpAfterError();

for (const command of [render, check, dev, start, build, init, bench, db]) command.register(program);

await program.parseAsync(process.argv);
