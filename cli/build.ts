import { relative, resolve } from "node:path";
import type { Command } from "commander";

export function register(program: Command): void {
  program
    .command("build")
    .description("validate and precompile every template of a site into a folder that quarry start serves")
    .argument("[site]", "the site folder", ".")
    .option("--out <dir>", "output folder (replaced)", "dist")
    .action(async (site: string, opts: { out: string }) => {
      const { build } = await import("../server/build.js");
      const { SingleBar, Presets } = await import("cli-progress");
      const bar = new SingleBar({ format: "building {bar} {value}/{total} {name}", clearOnComplete: true }, Presets.shades_classic);
      let started = false;
      const result = build(resolve(site), resolve(opts.out), (done, total, name) => {
        if (!started) bar.start(total, 0, { name });
        started = true;
        bar.update(done, { name });
      });
      bar.stop();
      if (result.errors.length > 0) {
        for (const e of result.errors) process.stderr.write(`${e}\n\n`);
        process.stderr.write(`build failed: ${result.errors.length} error${result.errors.length === 1 ? "" : "s"} in ${result.templates} templates; nothing written\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`built ${result.templates} templates and ${result.statics} static files into ${relative(process.cwd(), resolve(opts.out)) || "."}\n`);
    });
}
