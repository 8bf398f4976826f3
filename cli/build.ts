import { relative, resolve } from "node:path";
import type { Command } from "commander";
import { report } from "./shared.js";

export function register(program: Command): void {
  program
    .command("build")
    .description("validate and precompile every template of a site into a folder that quarry start serves")
    .argument("[site]", "the site folder", ".")
    .option(
      "--out <dir>",
      "output folder, outside the site: new, empty or a previous build, which is replaced whole; anything else is refused",
      "dist",
    )
    .action(async (site: string, opts: { out: string }) => {
      const { build } = await import("../server/build.js");
      const { SingleBar, Presets } = await import("cli-progress");
      const bar = new SingleBar(
        { format: "building {bar} {value}/{total} {name}", clearOnComplete: true },
        Presets.shades_classic,
      );
      let started = false;
      const progress = (done: number, total: number, name: string) => {
        if (!started) bar.start(total, 0, { name });
        started = true;
        bar.update(done, { name });
      };
      const result = (() => {
        try {
          return build(resolve(site), resolve(opts.out), progress);
        } catch (err) {
          bar.stop();
          return report(err);
        }
      })();
      bar.stop();
      for (const r of result.recovered) process.stdout.write(`${r}\n`);
      if (result.errors.length > 0) {
        for (const e of result.errors) process.stderr.write(`${e}\n\n`);
        process.stderr.write(
          `build failed: ${result.errors.length} error${result.errors.length === 1 ? "" : "s"} in ${result.templates} templates; nothing written\n`,
        );
        process.exitCode = 1;
        return;
      }
      process.stdout.write(
        `built ${result.templates} template${result.templates === 1 ? "" : "s"} and ${result.statics} static file${result.statics === 1 ? "" : "s"} into ${relative(process.cwd(), resolve(opts.out)) || "."}\n`,
      );
    });
}
