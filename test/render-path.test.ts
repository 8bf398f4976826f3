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
  "quiet.dbt": `<dbt:set s = 0><dbt:output><dbt:loop from="1" to="#n#" index="i">#i#,<dbt:set s = s + i * 2></dbt:loop> #s# #i#</dbt:output>`,
  "nested.dbt": `<dbt:set t = 0><dbt:set s = ""><dbt:output><dbt:loop from="1" to="3" index="i">[<dbt:loop from="1" to="3" index="j">#i * j# <dbt:set t = t + i * j></dbt:loop>]<dbt:set s = s & i></dbt:loop> #t# #s# #i# #j#</dbt:output>`,
  "branch.dbt": `<dbt:set n = 0><dbt:output><dbt:loop from="1" to="4" index="i"><dbt:set go = i mod 2 eq 1>[<dbt:if go><dbt:loop from="1" to="3" index="j">#j#<dbt:set go = false><dbt:set n = n + 1></dbt:loop><dbt:else>-</dbt:if>]</dbt:loop> #n#</dbt:output>`,
  "fails.dbt": `<dbt:set s = 0><dbt:loop from="1" to="5" index="i"><dbt:set s = s + 1 / (3 - i)></dbt:loop><dbt:output>#s#</dbt:output>`,
  "rows.dbt": `<dbt:set q = queryNew("id", "integer", [{id: 1}, {id: 2}, {id: 3}])>
<dbt:output query="q">#id#,</dbt:output>`,
  // nested.dbt and fails.dbt in a page that awaits (an include): an async render.
  "nested-async.dbt": `<dbt:set t = 0><dbt:set s = ""><dbt:output><dbt:loop from="1" to="3" index="i">[<dbt:loop from="1" to="3" index="j">#i * j# <dbt:set t = t + i * j></dbt:loop>]<dbt:set s = s & i></dbt:loop> #t# #s# #i# #j#</dbt:output><dbt:include template="tail.dbt">`,
  "fails-async.dbt": `<dbt:set s = 0><dbt:loop from="1" to="5" index="i"><dbt:set s = s + 1 / (3 - i)></dbt:loop><dbt:include template="tail.dbt">`,
  "tail.dbt": `<dbt:output>|#i#</dbt:output>`,
  // A quiet loop whose output is captured, and one whose error is caught.
  "captured.dbt": `<dbt:set s = 0><dbt:savecontent variable="c"><dbt:output><dbt:loop from="1" to="4" index="i">#i#,<dbt:set s = s + i></dbt:loop></dbt:output></dbt:savecontent><dbt:output>[#c#] #s# #i#</dbt:output>`,
  "caught.dbt": `<dbt:set s = 0><dbt:output><dbt:try><dbt:loop from="1" to="5" index="i">#i#,<dbt:set s = s + 1 / (3 - i)></dbt:loop><dbt:catch>#error.code# #i# #s#</dbt:catch></dbt:try></dbt:output>`,
  // A quiet loop in each row of a query: its checked version stays in the render.
  "in-rows.dbt": `<dbt:set q = queryNew("id", "integer", [{id: 1}, {id: 2}])>
<dbt:output query="q"><dbt:loop from="1" to="3" index="j">#id * j#,</dbt:loop></dbt:output>`,
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

/** Makes the page's signal read as cancelled from its n-th look on; gives the count of looks. */
function cancelFrom(page: PageState, n: number): () => number {
  let looks = 0;
  page.signal = {
    get aborted() {
      return ++looks >= n;
    },
    reason: "stop",
  } as PageState["signal"];
  return () => looks;
}

/** The column of nested.dbt's inner loop tag. */
const INNER = '<dbt:set t = 0><dbt:set s = ""><dbt:output><dbt:loop from="1" to="3" index="i">['.length + 1;

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

  it("gives the same output when the clock pauses a loop that has written and set", async () => {
    // The clock is read at the fifth iteration and wants a pause (a compiled quiet loop's
    // checked version leaves its loop there and comes back to that iteration after the pause).
    const page = newPageState();
    page.budget = 5;
    page.yieldAt = 0;
    const { out } = start(engine, "quiet.dbt", { variables: { n: 8 } }, page);
    expect(out).toBeInstanceOf(Promise);
    await expect(out).resolves.toBe("1,2,3,4,5,6,7,8, 72 9");
  });

  // A clock read at every tick (stride 1) that wants a pause at the reads `due` picks. A compiled
  // quiet loop's checked version then leaves its loops at the tick that wants the pause, outer or
  // inner, and comes back to that iteration (tags/loop.ts checkedLoop).
  const pausing = (due: (read: number) => boolean, stride = 1): PageState => {
    const page = newPageState();
    let reads = 0;
    Object.defineProperty(page, "stride", { get: () => stride, set: () => {} });
    Object.defineProperty(page, "yieldAt", { get: () => (due(++reads) ? 0 : Infinity), set: () => {} });
    page.budget = 1;
    return page;
  };
  const nested = "[1 2 3 ][2 4 6 ][3 6 9 ] 36 123 4 4";

  it.each([
    ["every tick", () => true],
    ["an inner loop's tick, once in a while", (r: number) => r % 5 === 3],
    ["an outer loop's tick", (r: number) => r === 5],
  ])("gives the same output when the clock wants a pause at %s", async (_, due) => {
    const { out } = start(engine, "nested.dbt", {}, pausing(due));
    expect(out).toBeInstanceOf(Promise);
    await expect(out).resolves.toBe(nested);
    expect(start(engine, "nested.dbt", {}, newPageState()).out).toBe(nested);
  });

  it.each([
    ["nested.dbt", nested, 12],
    ["branch.dbt", "[123][-][123][-] 6", 10],
  ])(
    "comes back to the iteration a pause interrupted in %s: the clock read as often as the interpreter reads it",
    async (name, expected, ticks) => {
      // Every tick reads the clock and wants a pause. A loop run again after a pause (or handed
      // to the general version) would read it more often than its iterations; a branch tested
      // again after a pause inside it would take the other branch (branch.dbt's inner loop
      // turns `go` false).
      let reads = 0;
      const { out } = start(
        engine,
        name,
        {},
        pausing(() => (++reads, true)),
      );
      await expect(Promise.resolve(out)).resolves.toBe(expected);
      expect(reads).toBe(ticks);
    },
  );

  it.each([1, 3, 7])(
    "gives the same sum when the clock, read every %i ticks, wants a pause each time in a loop with fast runs",
    async (stride) => {
      const { out } = start(
        engine,
        "sum.dbt",
        { variables: { n: 50 } },
        pausing(() => true, stride),
      );
      expect(out).toBeInstanceOf(Promise);
      await expect(out).resolves.toBe("1:a&lt;b 2:c 1275");
      const nestedOut = start(
        engine,
        "nested.dbt",
        {},
        pausing((r) => r % 2 === 0, stride),
      ).out;
      await expect(Promise.resolve(nestedOut)).resolves.toBe(nested);
    },
  );

  it("comes back to the iteration a pause interrupted in a page that awaits, as in one that does not", async () => {
    // nested.dbt's 12 ticks and the include's: every one reads the clock and wants a pause.
    let reads = 0;
    const { out } = start(
      engine,
      "nested-async.dbt",
      {},
      pausing(() => (++reads, true)),
    );
    await expect(Promise.resolve(out)).resolves.toBe(`${nested}|4`);
    expect(reads).toBe(13);
  });

  it("fails with a loop's error in a page that awaits, the clock read as often", async () => {
    const page = pausing(() => false);
    const looks = cancelFrom(page, 4);
    // Interpreted, the error comes before the page awaits: runPage throws it.
    const err = await Promise.resolve()
      .then(() => start(engine, "fails-async.dbt", {}, page).out)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect([(err as QuarryError).code, (err as QuarryError).loc?.column, looks()]).toEqual(["QRY_ERR_TYPE", 71, 3]);
  });

  it.each([
    ["captured.dbt", "[1,2,3,4,] 10 5"],
    // The try's output is dropped with its error.
    ["caught.dbt", "QRY_ERR_TYPE 3 1.5"],
  ])("gives %s's output with a pause wanted at every tick, and without", async (name, expected) => {
    const { out } = start(
      engine,
      name,
      {},
      pausing(() => true),
    );
    await expect(Promise.resolve(out)).resolves.toBe(expected);
    await expect(Promise.resolve(start(engine, name, {}, newPageState()).out)).resolves.toBe(expected);
  });

  it("stops a page that awaits, cancelled during a pause an inner loop's tick wanted, there", async () => {
    const page = pausing((r) => r === 3);
    cancelFrom(page, 4);
    const err = await Promise.resolve(start(engine, "nested-async.dbt", {}, page).out).then(
      () => null,
      (e: unknown) => e,
    );
    expect([(err as QuarryError).code, (err as QuarryError).loc?.column]).toEqual(["QRY_ERR_CANCELLED", INNER]);
  });

  it("stops a page cancelled at an inner loop's tick there, not where the outer loop began", () => {
    // The clock is read at every tick; the third read finds the page cancelled (the same way as
    // past its deadline): a compiled checked version must not run the general version again.
    const page = pausing(() => false);
    cancelFrom(page, 3);
    let err: unknown;
    try {
      start(engine, "nested.dbt", {}, page);
    } catch (e) {
      err = e;
    }
    expect((err as QuarryError).code).toBe("QRY_ERR_CANCELLED");
    expect((err as QuarryError).loc?.column).toBe(INNER);
  });

  it("stops a page cancelled during a pause an inner loop's tick wanted there, not at the outer loop", async () => {
    // The third clock read (the inner loop's second tick) wants a pause; the page is cancelled
    // while it pauses (the fourth look at its signal, the one after the pause).
    const page = pausing((r) => r === 3);
    const looks = cancelFrom(page, 4);
    const { out } = start(engine, "nested.dbt", {}, page);
    expect(out).toBeInstanceOf(Promise);
    const err = await Promise.resolve(out).then(
      () => null,
      (e: unknown) => e,
    );
    expect([(err as QuarryError).code, (err as QuarryError).loc?.column, looks()]).toEqual([
      "QRY_ERR_CANCELLED",
      INNER,
      4,
    ]);
  });

  it("fails with a loop's error, not a stop the clock would find only on a second run of the loop", () => {
    // The clock is read at every tick: three reads, then the division by zero at i = 3. A page
    // cancelled from the fourth read on is not stopped (a compiled checked version that gives up
    // on the error runs the loop again on the time limit alone, never looking at the signal).
    const page = pausing(() => false);
    const looks = cancelFrom(page, 4);
    let err: unknown;
    try {
      start(engine, "fails.dbt", {}, page);
    } catch (e) {
      err = e;
    }
    expect([(err as QuarryError).code, (err as QuarryError).loc?.column, looks()]).toEqual(["QRY_ERR_TYPE", 71, 3]);
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

// Compiled code only: where a quiet loop's checked version is written (Compiler.ownFunction).
describe("a quiet loop's checked version in compiled code", () => {
  const engine = new Engine({ root, mode: "compiled" });
  const own = (source: string) => [
    ...source.matchAll(/const (\$checked\d+) = (function\*|async function) checked\d+\(/g),
  ];

  it("is a function of its own beside the render for a loop that runs once a run, called in the render's form", () => {
    const sync = engine.compiledSource("nested.dbt");
    expect(own(sync).map((m) => m[2])).toEqual(["function*"]);
    expect(sync.indexOf(own(sync)[0]![0])).toBeLessThan(sync.indexOf("const $run = function* render(ctx)"));
    expect(sync).toContain(`= yield* ${own(sync)[0]![1]}(ctx, $o, `);
    const awaiting = engine.compiledSource("nested-async.dbt");
    expect(own(awaiting).map((m) => m[2])).toEqual(["async function"]);
    expect(awaiting).toContain(`= await ${own(awaiting)[0]![1]}(ctx, $o, `);
  });

  it("stays in the render for a loop in each row of a query", () => {
    const source = engine.compiledSource("in-rows.dbt");
    expect(own(source)).toEqual([]);
    expect(source).toContain("throw T.PAUSE;");
  });

  it.each(MODES)("gives the same output in each row, %s", async (mode) => {
    await expect(new Engine({ root, mode }).render("in-rows.dbt", scopesFrom({}))).resolves.toBe("1,2,3,2,4,6,");
  });
});
