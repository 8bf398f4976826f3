import { basename, relative } from "node:path";
import type { Command } from "commander";
import { QuarryError } from "../engine/errors.js";
import type { TemplateAst } from "../parser/ast.js";
import { DB_HELP, sqlCheck } from "./sql-check.js";

export function register(program: Command): void {
  program
    .command("check")
    .description(
      "validate every .dbt template in a folder and its _schedule.json; print each error with its code frame",
    )
    .argument("[dir]", "the site folder", ".")
    .option("--db [url]", DB_HELP)
    .option(
      "--data-dir <dir>",
      "with --db and no URL: the embedded Postgres's data folder, as for quarry dev (default: dataDir in the config, else SITE/.quarry/postgres)",
    )
    .action(async (dir: string, opts: { db?: string | true; dataDir?: string }) => {
      const { Engine } = await import("../engine/engine.js");
      const { siteTemplates } = await import("../server/site-files.js");
      const engine = new Engine({ root: dir, mode: "interpreted" });
      const files = siteTemplates(engine.root);
      const seen = new Set<string>();
      const asts: TemplateAst[] = [];
      for (const f of files) {
        try {
          asts.push(engine.load(f).ast);
        } catch (err) {
          const text = err instanceof QuarryError ? err.format() : String(err);
          if (!seen.has(text)) process.stderr.write(`${text}\n\n`);
          seen.add(text);
        }
      }
      // The site's _schedule.json, read in the site's time zone (a bad config is reported once, by the server).
      const { readSchedule, folderHasPage } = await import("../server/schedule-file.js");
      const { loadConfig } = await import("../config/site.js");
      let zone = "UTC";
      try {
        zone = (await loadConfig(engine.root)).timezone;
      } catch {
        // The config's own mistakes are the server's to report.
      }
      try {
        readSchedule(engine.root, zone, folderHasPage(engine.root));
      } catch (err) {
        const text = err instanceof QuarryError ? err.format() : String(err);
        if (!seen.has(text)) process.stderr.write(`${text}\n\n`);
        seen.add(text);
      }
      let sql = "";
      if (opts.db !== undefined) {
        const r = await sqlCheck(engine.root, asts, opts.db, opts.dataDir);
        for (const text of r.texts) {
          if (!seen.has(text)) process.stderr.write(`${text}\n\n`);
          seen.add(text);
        }
        sql = `; ${r.summary}`;
      }
      const where = relative(process.cwd(), engine.root) || basename(engine.root) || ".";
      process.stdout.write(
        `${files.length} template${files.length === 1 ? "" : "s"} checked in ${where}${sql}: ${seen.size === 0 ? "no errors" : `${seen.size} error${seen.size === 1 ? "" : "s"}`}\n`,
      );
      process.exitCode = seen.size === 0 ? 0 : 1;
    });
}
