// The `quarry` command line: the top of the stack. One module per command, each registered here;
// a command loads only what it needs, so `quarry start` serves a built site without ever loading
// the parser or the compiler.
import { readFileSync } from "node:fs";
import { Command } from "commander";

type CommandModule = { register(program: Command): void };

/** Every command, in the order `quarry --help` lists them. */
const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  render: () => import("./render.js"),
  compile: () => import("./compile.js"),
  check: () => import("./check.js"),
  dev: () => import("./dev.js"),
  start: () => import("./start.js"),
  build: () => import("./build.js"),
  init: () => import("./init.js"),
  bench: () => import("./bench.js"),
  db: () => import("./db.js"),
  schedule: () => import("./schedule.js"),
};

const program = new Command();
program
  .name("quarry")
  .description(
    "Quarry: ColdFusion-style .dbt templates for Node.js, interpreted or compiled, served with pooled Postgres.",
  )
  .version(
    (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version,
    "-v, --version",
    "print the version of quarry (-V too)",
  )
  .showHelpAfterError();

// `quarry <command> …` registers that command alone: its parsing, help and errors are the same,
// and a start loads none of the other commands' modules. Anything else (no command, --help,
// help, a mistyped name that commander suggests a command for) registers them all.
const named = process.argv[2];
const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
for (const command of await Promise.all(wanted.map((name) => COMMANDS[name]!()))) command.register(program);

// -V is commander's usual spelling, -v npm's and node's: both print the version.
await program.parseAsync(process.argv.map((a, i) => (i === 2 && a === "-V" ? "-v" : a)));
