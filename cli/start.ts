import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { type Command, InvalidArgumentError, Option } from "commander";
import type { LogLevel } from "../server/app.js";
import { defaultPort, report, serverOptions } from "./shared.js";

const parseWorkers = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 1024)
    throw new InvalidArgumentError("must be a whole number from 1 to 1024");
  return n;
};

export function register(program: Command): void {
  serverOptions(
    program
      .command("start")
      .description(
        "serve a site built by quarry build: precompiled, no parser, no per-request file checks, production error pages; runs the tasks of its _schedule.json",
      )
      .argument("[dist]", "the folder quarry build wrote", "dist")
      .addOption(
        new Option(
          "--workers <n>",
          "worker processes sharing the port, watched by a guardian that replaces a crashed or stuck one; 1 serves from this one process (default: the config's server.workers, else the number of CPUs)",
        ).argParser(parseWorkers),
      )
      .option(
        "--no-migrate",
        "do not apply pending _db/*.sql migrations on start (run quarry db migrate as a deploy step first); the node reports not ready on /readyz while any is pending",
      ),
  ).action(
    async (
      dist: string,
      opts: {
        port?: number;
        host: string;
        logLevel?: LogLevel;
        dataDir?: string;
        workers?: number;
        migrate: boolean;
      },
    ) => {
      const common = {
        dist: resolve(dist),
        port: opts.port ?? defaultPort(),
        host: opts.host,
        logLevel: opts.logLevel,
        dataDir: opts.dataDir,
        migrate: opts.migrate,
      };
      let workers: number;
      try {
        const { loadConfig } = await import("../config/site.js");
        workers = opts.workers ?? (await loadConfig(common.dist)).server.workers ?? availableParallelism();
      } catch (err) {
        report(err);
      }
      if (workers === 1) {
        const { serve } = await import("../server/app.js");
        await serve(common).catch(report);
        return;
      }
      const { runGuardian } = await import("../server/guardian.js");
      await runGuardian({ ...common, workers }).catch(report);
    },
  );
}
