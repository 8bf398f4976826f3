// A page that never waits renders to a string without a promise, in both modes (compiled: a
// generator run by rt.settle; interpreted: the sync-first run). When its clock wants a pause it
// becomes a promise, and a page stopped during the pause unwinds its frames as an error would.
import { describe, expect, it } from "vitest";
import { Engine } from "../engine/engine.js";
import { RenderContext, runPage, scopesFrom } from "../engine/context.js";
import { QuarryError } from "../engine/errors.js";
import { newPageState, type PageState } from "../engine/page.js";
import { MODES, site } from "./helpers.js";

const root = site({
  "sum.dbt": `<dbt:set a = "a<b"><dbt:set s = 0><dbt:loop from="1" to="#n#" index="i"><dbt:set s = s + i></dbt:loop><dbt:output>1:#a# 2:c #s#</dbt:output>`,
  "rows.dbt": `<dbt:set q = queryNew("id", "integer", [{id: 1}, {id: 2}, {id: 3}])>
<dbt:output query="q">#id#,</dbt:output>`,
});

/** The page's render as runPage gives it, with the context it ran in. */
function start(engine: Engine, name: string, data: Record<string, unknown>, page: PageState) {
  const ctx = new RenderContext(scopesFrom(data), engine, engine.limits, page);
  return { out: runPage(engine.load(name).render, ctx), ctx };
}

/** A page state whose clock wants a pause at its first tick. */
function dueAtOnce(signal: AbortSignal | null = null): PageState {
  const page = newPageState(null, 0, signal);
  page.budget = 1;
  page.yieldAt = 0;
  return page;
}

describe.each(MODES)("the render path, %s", (mode) => {
  const engine = new Engine({ root, mode });

  it("gives a page that never waits its string at once", () => {
    const { out, ctx } = start(engine, "sum.dbt", { variables: { n: 3 } }, newPageState());
    expect(out).toBe("1:a&lt;b 2:c 6");
    expect(ctx.frames).toEqual([]);
  });

  it("gives a promise when the clock pauses the page, and the same output", async () => {
    const { out } = start(engine, "sum.dbt", { variables: { n: 1000 } }, dueAtOnce());
    expect(out).toBeInstanceOf(Promise);
    await expect(out).resolves.toBe("1:a&lt;b 2:c 500500");
  });

  it("stops a page cancelled during a pause inside an output row loop, its frames unwound", async () => {
    const ac = new AbortController();
    const { out, ctx } = start(engine, "rows.dbt", {}, dueAtOnce(ac.signal));
    expect(out).toBeInstanceOf(Promise);
    ac.abort("gone");
    const err = await Promise.resolve(out).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(QuarryError);
    const q = err as QuarryError;
    expect([q.code, q.message, `${q.loc?.line}:${q.loc?.column}`]).toEqual([
      "QRY_ERR_CANCELLED",
      "Page stopped: its request was cancelled: gone",
      "2:1",
    ]);
    expect(ctx.frames).toEqual([]);
  });

  it("keeps Engine.render a promise, settled for a page that never waits", async () => {
    const p = engine.render("sum.dbt", scopesFrom({ variables: { n: 4 } }));
    expect(p).toBeInstanceOf(Promise);
    await expect(p).resolves.toBe("1:a&lt;b 2:c 10");
  });
});
