import { basename, relative } from "node:path";
import type { Command } from "commander";
import { QuarryError } from "../engine/errors.js";

export function register(program: Command): void {
  program
    .command("check")
    .description("validate every .dbt template in a folder; print each error with its code frame")
    .argument("[dir]", "the site folder", ".")
    .action(async (dir: string) => {
      const { Engine } = await import("../engine/engine.js");
      const { siteTemplates } = await import("../server/site-files.js");
      const engine = new Engine({ root: dir, mode: "interpreted" });
      const files = siteTemplates(engine.root);
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
      process.stdout.write(
        `${files.length} template${files.length === 1 ? "" : "s"} checked in ${where}: ${seen.size === 0 ? "no errors" : `${seen.size} error${seen.size === 1 ? "" : "s"}`}\n`,
      );
      process.exitCode = seen.size === 0 ? 0 : 1;
    });
}
