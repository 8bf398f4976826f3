import { resolve } from "node:path";
import type { Command } from "commander";
import type { LogLevel } from "../server/app.js";
import { defaultPort, report, serverOptions } from "./shared.js";

export function register(program: Command): void {
  serverOptions(
    program
      .command("start")
      .description("serve a site built by quarry build: precompiled, no parser, no per-request file checks, production error pages")
      .argument("[dist]", "the folder quarry build wrote", "dist"),
  ).action(async (dist: string, opts: { port?: number; host: string; logLevel?: LogLevel; dataDir?: string }) => {
    const { serve } = await import("../server/app.js");
    await serve({ dist: resolve(dist), port: opts.port ?? defaultPort(), host: opts.host, logLevel: opts.logLevel, dataDir: opts.dataDir }).catch(report);
  });
}
