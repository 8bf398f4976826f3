import { relative, resolve } from "node:path";
import type { Command } from "commander";
import type { TemplateAst } from "../parser/ast.js";
import { report } from "./shared.js";
import { DB_HELP, sqlCheck } from "./sql-check.js";

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
    .option("--db [url]", `${DB_HELP}; a refused statement or column fails the build before anything is written`)
    .option(
      "--data-dir <dir>",
      "with --db and no URL: the embedded Postgres's data folder, as for quarry dev (default: dataDir in the config, else SITE/.quarry/postgres)",
    )
    .action(async (site: string, opts: { out: string; db?: string | true; dataDir?: string }) => {
      let checked = "";
      if (opts.db !== undefined) {
        // The templates that load; those that do not are the build's own errors below.
        const { Engine } = await import("../engine/engine.js");
        const { siteTemplates } = await import("../server/site-files.js");
        const engine = new Engine({ root: resolve(site), mode: "interpreted" });
        const asts: TemplateAst[] = [];
        for (const f of siteTemplates(engine.root)) {
          try {
            asts.push(engine.load(f).ast);
          } catch {
            // Reported by build().
          }
        }
        const r = await sqlCheck(engine.root, asts, opts.db, opts.dataDir);
        if (r.texts.length > 0) {
          for (const e of r.texts) process.stderr.write(`${e}\n\n`);
          process.stderr.write(
            `build failed: ${r.texts.length} error${r.texts.length === 1 ? "" : "s"} in the SQL check (${r.summary}); nothing written\n`,
          );
          process.exitCode = 1;
          return;
        }
        checked = `; ${r.summary}`;
      }
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
        `built ${result.templates} template${result.templates === 1 ? "" : "s"} and ${result.statics} static file${result.statics === 1 ? "" : "s"} into ${relative(process.cwd(), resolve(opts.out)) || "."}${checked}\n`,
      );
    });
}
