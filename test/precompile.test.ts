// A template compiled to an ES module renders exactly what the engine renders.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { site } from "./helpers.js";
import { Engine } from "../engine/engine.js";
import { compileModule } from "../engine/template.js";
import { RenderContext, scopesFrom, defaultLimits } from "../engine/context.js";

it("compiles a template to an importable ES module", async () => {
  const root = site({
    "p.dbt": '<dbt:set xs = [1, "<2>"]><dbt:loop array="#xs#" item="x"><dbt:output>[#x#]</dbt:output></dbt:loop>',
  });
  const engine = new Engine({ root });
  const runtime = pathToFileURL(join(import.meta.dirname, "..", "engine", "precompiled.ts")).href;
  const file = join(root, "p.mjs");
  writeFileSync(file, compileModule(engine.load("p.dbt").ast, runtime));
  const mod = (await import(pathToFileURL(file).href)) as { default: (ctx: RenderContext) => Promise<string> };
  const out = await mod.default(new RenderContext(scopesFrom({}), engine, defaultLimits));
  expect(out).toBe("[1][&lt;2&gt;]");
  expect(out).toBe(await engine.render("p.dbt", scopesFrom({})));
});
