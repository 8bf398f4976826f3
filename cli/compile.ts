import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import { report } from "./shared.js";

export function register(program: Command): void {
  program
    .command("compile")
    .description("print the JavaScript a template compiles to (what quarry build writes for it), to read it")
    .argument("<file>", "the .dbt template")
    .option("--site <dir>", "site folder that include and module paths resolve in (default: the file's folder)")
    .action(async (file: string, opts: { site?: string }) => {
      const { Engine } = await import("../engine/engine.js");
      const { loadConfig } = await import("../config/site.js");
      const root = resolve(opts.site ?? dirname(file));
      const config = await loadConfig(root).catch((err: unknown) => report(err));
      const engine = new Engine({ root, mode: "compiled", limits: config.limits });
      const name = engine.name(resolve(file));
      if (name === null) report(new Error(`${file} is not inside ${root}`));
      try {
        process.stdout.write(`${engine.compiledSource(name)}\n`);
      } catch (err) {
        report(err);
      }
    });
}
