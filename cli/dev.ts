import { resolve } from "node:path";
import { type Command, Option } from "commander";
import type { Mode } from "../engine/engine.js";
import type { LogLevel } from "../server/app.js";
import { defaultPort, report, serverOptions } from "./shared.js";

export function register(program: Command): void {
  serverOptions(
    program
      .command("dev")
      .description(
        "serve a site folder for development: recompiles what changed, reloads the open page on save, detailed error pages; runs the tasks of its _schedule.json",
      )
      .argument("[site]", "the site folder", ".")
      .addOption(new Option("--mode <mode>", "execution mode").choices(["compiled", "interpreted"]).default("compiled"))
      .option("--trace", "print every request's queries (SQL, values, rows, time) and templates in the terminal"),
  ).action(
    async (
      site: string,
      opts: { port?: number; host: string; logLevel?: LogLevel; dataDir?: string; mode: Mode; trace?: boolean },
    ) => {
      const { serve } = await import("../server/app.js");
      await serve({
        root: resolve(site),
        mode: opts.mode,
        dev: true,
        port: opts.port ?? defaultPort(),
        host: opts.host,
        logLevel: opts.logLevel,
        dataDir: opts.dataDir,
        trace: !!opts.trace,
      }).catch(report);
    },
  );
}
