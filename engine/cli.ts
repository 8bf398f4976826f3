// The `quarry` command line.
import { readFileSync, readdirSync } from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";
import { Command, InvalidArgumentError, Option } from "commander";
import { Engine, type Mode } from "./engine.js";
import { scopesFrom } from "./context.js";
import { QuarryError } from "./errors.js";

function readData(file: string | undefined): Record<string, unknown> {
  if (!file) return {};
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new InvalidArgumentError(`cannot read ${file}: ${(err as Error).message}`);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new InvalidArgumentError(`${file} must hold a JSON object`);
  return data as Record<string, unknown>;
}

function report(err: unknown): never {
  process.stderr.write(`${err instanceof QuarryError ? err.format() : err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
}

/** Every .dbt file under `dir`, as paths relative to it, sorted. */
export function templatesIn(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".dbt") && !f.split(/[\\/]/).includes("node_modules"))
    .map((f) => f.split("\\").join("/"))
    .sort();
}

const program = new Command();
program
  .name("quarry")
  .description("Quarry: ColdFusion-style .dbt templates for Node.js, interpreted or compiled.")
  .showHelpAfterError();

program
  .command("render")
  .description("render one template and print the page")
  .argument("<file>", "the .dbt template")
  .option("--data <file>", 'JSON object with the scopes to render with, e.g. {"url": {"id": 1}, "variables": {…}}')
  .addOption(new Option("--mode <mode>", "execution mode").choices(["compiled", "interpreted"]).default("compiled"))
  .option("--root <dir>", "site folder that include and module paths resolve in (default: the file's folder)")
  .action(async (file: string, opts: { data?: string; mode: Mode; root?: string }) => {
    const root = resolve(opts.root ?? dirname(file));
    const engine = new Engine({ root, mode: opts.mode });
    const name = engine.name(resolve(file));
    if (name === null) report(new Error(`${file} is not inside ${root}`));
    try {
      process.stdout.write(await engine.render(name, scopesFrom(readData(opts.data))));
    } catch (err) {
      report(err);
    }
  });

program
  .command("check")
  .description("validate every .dbt template in a folder; print each error with its code frame")
  .argument("[dir]", "the site folder", ".")
  .action((dir: string) => {
    const engine = new Engine({ root: dir, mode: "interpreted" });
    const files = templatesIn(engine.root);
    const seen = new Set<string>();
    for (const f of files) {
      try {
        engine.load(f);
      } catch (err) {
        const text = err instanceof QuarryError ? err.format() : String(err);
        if (!seen.has(text)) process.stderr.write(`${text}\n\n`);
        seen.add(text);
      }
    }
    const where = relative(process.cwd(), engine.root) || basename(engine.root) || ".";
    process.stdout.write(`${files.length} template${files.length === 1 ? "" : "s"} checked in ${where}: ${seen.size === 0 ? "no errors" : `${seen.size} error${seen.size === 1 ? "" : "s"}`}\n`);
    process.exitCode = seen.size === 0 ? 0 : 1;
  });

await program.parseAsync(process.argv);
