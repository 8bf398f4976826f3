import { resolve } from "node:path";
import type { Command } from "commander";
import { invocation } from "./invocation.js";
import { report } from "./shared.js";

export function register(program: Command): void {
  program
    .command("init")
    .description("write a starter site (config, _db/ schema, a layout and one page) into a new folder")
    .argument("<dir>", "the folder to create")
    .action(async (dir: string) => {
      const { initSite } = await import("../server/init.js");
      try {
        const files = initSite(resolve(dir));
        process.stdout.write(
          `${files.map((f) => `  ${f}`).join("\n")}\nwrote a starter site into ${dir}; run: ${invocation()} dev ${dir}\n`,
        );
      } catch (err) {
        report(err);
      }
    });
}
