// The `quarry` command line. Each command loads only what it needs: `quarry start` serves a
// built site without ever loading the parser or the compiler.
import { readFileSync } from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";
import { Command, InvalidArgumentError, Option } from "commander";
import type { Mode } from "./engine.js";
import { QuarryError } from "./errors.js";

function readData(file: string | undefined): Record<string, unknown> {
  if (!file) return {};
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new InvalidArgumentError(`cannot read ${file}: ${(err as Error).message}`);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new InvalidArgumentError(`${file} must hold a JSON object`);
  return data as Record<string, unknown>;
}

function report(err: unknown): never {
  // System errors (a port in use, a missing file) are the user's to fix: the message is enough.
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  const system = typeof code === "string" && /^E[A-Z]+$/.test(code);
  process.stderr.write(`${err instanceof QuarryError ? err.format() : system ? `error: ${(err as Error).message}` : err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
}

function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError("must be a port number from 0 to 65535");
  return n;
}

const defaultPort = () => (process.env.PORT ? parsePort(process.env.PORT) : 3000);
const serverOptions = (cmd: Command) =>
  cmd
    .addOption(new Option("--port <port>", "port to listen on (default: $PORT, else 3000)").argParser(parsePort))
    .option("--host <host>", "address to listen on", "127.0.0.1");

const program = new Command();
program
  .name("quarry")
  .description("Quarry: ColdFusion-style .dbt templates for Node.js, interpreted or compiled, served with pooled Postgres.")
  .showHelpAfterError();

program
  .command("render")
  .description("render one template and print the page (no datasource: dbt:query needs dev or start)")
  .argument("<file>", "the .dbt template")
  .option("--data <file>", 'JSON object with the scopes to render with, e.g. {"url": {"id": 1}, "variables": {…}}')
  .addOption(new Option("--mode <mode>", "execution mode").choices(["compiled", "interpreted"]).default("compiled"))
  .option("--root <dir>", "site folder that include and module paths resolve in (default: the file's folder)")
  .action(async (file: string, opts: { data?: string; mode: Mode; root?: string }) => {
    const { Engine } = await import("./engine.js");
    const { scopesFrom } = await import("./context.js");
    const root = resolve(opts.root ?? dirname(file));
    const engine = new Engine({ root, mode: opts.mode });
    const name = engine.name(resolve(file));
    if (name === null) report(new Error(`${file} is not inside ${root}`));
    try {
      process.stdout.write(await engine.render(name, scopesFrom(readData(opts.data))));
    } catch (err) {
      report(err);
    }
  });

program
  .command("check")
  .description("validate every .dbt template in a folder; print each error with its code frame")
  .argument("[dir]", "the site folder", ".")
  .action(async (dir: string) => {
    const { Engine } = await import("./engine.js");
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
    process.stdout.write(`${files.length} template${files.length === 1 ? "" : "s"} checked in ${where}: ${seen.size === 0 ? "no errors" : `${seen.size} error${seen.size === 1 ? "" : "s"}`}\n`);
    process.exitCode = seen.size === 0 ? 0 : 1;
  });

serverOptions(
  program
    .command("dev")
    .description("serve a site folder for development: recompiles what changed, reloads the open page on save, detailed error pages")
    .argument("[site]", "the site folder", ".")
    .addOption(new Option("--mode <mode>", "execution mode").choices(["compiled", "interpreted"]).default("compiled")),
).action(async (site: string, opts: { port?: number; host: string; mode: Mode }) => {
  const { serve } = await import("../server/app.js");
  await serve({ root: resolve(site), mode: opts.mode, dev: true, port: opts.port ?? defaultPort(), host: opts.host }).catch(report);
});

serverOptions(
  program
    .command("start")
    .description("serve a site built by quarry build: precompiled, no parser, no per-request file checks, production error pages")
    .argument("[dist]", "the folder quarry build wrote", "dist"),
).action(async (dist: string, opts: { port?: number; host: string }) => {
  const { serve } = await import("../server/app.js");
  await serve({ dist: resolve(dist), port: opts.port ?? defaultPort(), host: opts.host }).catch(report);
});

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

program
  .command("init")
  .description("write a starter site (config, _db/ schema, a layout and one page) into a new folder")
  .argument("<dir>", "the folder to create")
  .action(async (dir: string) => {
    const { initSite } = await import("../server/init.js");
    try {
      const files = initSite(resolve(dir));
      process.stdout.write(`${files.map((f) => `  ${f}`).join("\n")}\nwrote a starter site into ${dir}; run: quarry dev ${dir}\n`);
    } catch (err) {
      report(err);
    }
  });

await program.parseAsync(process.argv);
