import { dirname, resolve } from "node:path";
import { type Command, Option } from "commander";
import type { Mode } from "../engine/engine.js";
import { readData, report } from "./shared.js";

export function register(program: Command): void {
  program
    .command("render")
    .description("render one template and print the page (no datasource: dbt:query needs dev or start)")
    .argument("<file>", "the .dbt template")
    .option("--data <file>", 'JSON object with the scopes to render with, e.g. {"url": {"id": 1}, "variables": {…}}')
    .addOption(new Option("--mode <mode>", "execution mode").choices(["compiled", "interpreted"]).default("compiled"))
    .option("--root <dir>", "site folder that include and module paths resolve in (default: the file's folder)")
    .action(async (file: string, opts: { data?: string; mode: Mode; root?: string }) => {
      const { Engine } = await import("../engine/engine.js");
      const { scopesFrom } = await import("../engine/context.js");
      const { loadConfig } = await import("../config/site.js");
      const root = resolve(opts.root ?? dirname(file));
      const { newPageState } = await import("../engine/page.js");
      const { localServices } = await import("../engine/services.js");
      const { OutboundPolicy } = await import("../engine/outbound.js");
      // The site's limits and outbound rules hold here as when it is served; a bad config is
      // reported like any error.
      const config = await loadConfig(root).catch((err: unknown) => report(err));
      const engine = new Engine({ root, mode: opts.mode, limits: config.limits });
      const name = engine.name(resolve(file));
      if (name === null) report(new Error(`${file} is not inside ${root}`));
      const page = newPageState();
      page.services = { ...localServices(), outbound: new OutboundPolicy(config.http) };
      try {
        process.stdout.write(await engine.render(name, scopesFrom(readData(opts.data)), page));
      } catch (err) {
        report(err);
      }
    });
}
