// The loop's two rules, each written once: the tick (engine/clock.ts `tick`, with `tickCode`
// writing its inline fast path for compiled code) and the range loop's stepping rule
// (tags/range.ts `inRange`, with `inRangeCode` writing it for compiled code). Compiled code must
// do what the functions do.
import { describe, expect, it } from "vitest";
import { checkpoint, tick, tickCode, untilStopped, type Ticking } from "../engine/clock.js";
import { newPageState, SLICE_MS } from "../engine/page.js";
import { inRange, inRangeCode } from "../tags/range.js";
import { trips } from "../tags/loop.js";
import { at, render, renderError } from "./helpers.js";
import type { Loc } from "../parser/ast.js";

const L: Loc = { file: "page.dbt", line: 1, column: 1, start: 0, end: 1 };

/** A page whose clock reads the time every `stride` ticks and wants a pause at each read. */
function ticking(stride: number): Ticking {
  const page = newPageState();
  Object.defineProperty(page, "stride", { get: () => stride, set: () => {} });
  Object.defineProperty(page, "yieldAt", { get: () => 0, set: () => {} });
  page.budget = stride;
  return { page, limits: { ...newLimits(), maxIterations: 9, maxOutputLength: 20 } };
}
function newLimits() {
  return { maxIterations: 0, maxOutputLength: 0 } as unknown as Ticking["limits"];
}

/** "go", "pause", or the code of the error the tick threw. */
type Outcome = string;

/** What `tick` says for each of `lengths` (the output's length at that iteration). */
function byFunction(stride: number, lengths: number[]): Outcome[] {
  const ctx = ticking(stride);
  let n = 0;
  return lengths.map((len) => {
    try {
      return tick(ctx, ++n, len, L) ? "pause" : "go";
    } catch (e) {
      return (e as { code: string }).code;
    }
  });
}

/** What the code tickCode writes says, plain or in a checked version (its budget a local). */
function byCode(stride: number, lengths: number[], checked: boolean): Outcome[] {
  const code = tickCode({
    count: "s.n",
    loc: "L",
    // A checked version takes the budget back from the page when it comes back from the pause.
    onPause: checked ? "s.b = ctx.page.budget; return 'pause';" : "return 'pause'",
    checked: checked ? { lim: "s.lim", budget: "s.b", writes: true } : null,
  });
  // One iteration: the tick as written, in a function of its own.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the tick's generated code, as compiled mode runs it
  const step = new Function("ctx", "T", "L", "s", "$o", `${code}return "go";`) as (
    ctx: Ticking,
    t: { tick: typeof tick },
    l: Loc,
    s: { n: number; lim: number; b: number },
    o: string,
  ) => Outcome;
  const ctx = ticking(stride);
  const s = { n: 0, lim: ctx.limits.maxIterations, b: ctx.page.budget };
  return lengths.map((len) => {
    try {
      return step(ctx, { tick }, L, s, "x".repeat(len));
    } catch (e) {
      return (e as { code: string }).code;
    }
  });
}

describe("the tick", () => {
  const lengths = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  it.each([1, 2, 3])(
    "compiled as tickCode writes it, reading the clock every %i ticks, does what tick does",
    (stride) => {
      const expected = byFunction(stride, lengths);
      // A pause at every read, the loop limit (9) at the tenth iteration.
      expect(expected.filter((x) => x === "pause").length).toBe(Math.floor(9 / stride));
      expect(expected[9]).toBe("QRY_ERR_LOOP_LIMIT");
      expect(byCode(stride, lengths, false)).toEqual(expected);
      expect(byCode(stride, lengths, true)).toEqual(expected);
    },
  );

  it("stops at the output limit as the function does, in both forms", () => {
    const lengths = [0, 5, 21, 0];
    const expected = byFunction(2, lengths);
    expect(expected[2]).toBe("QRY_ERR_OUTPUT_LIMIT");
    expect(byCode(2, lengths, false)).toEqual(expected);
    expect(byCode(2, lengths, true)).toEqual(expected);
  });
});

describe("the range stepping rule", () => {
  const cases: [number, number, number][] = [
    [1, 5, 1],
    [5, 1, -1],
    [1, 5, -1],
    [0, 1, 0.1],
    [1, 0, -0.25],
    [2, 2, 3],
    [-3, 3, 2.5],
  ];
  it.each(cases)(
    "from %d to %d step %d: inRangeCode, with the step known and not, says what inRange says",
    (from, to, step) => {
      for (const i of [from - step, from, (from + to) / 2, to, to + step, to - step]) {
        // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the rule's generated code, as compiled mode runs it
        const known = new Function("i", "to", `return ${inRangeCode("i", "to", step)};`) as (
          i: number,
          to: number,
        ) => boolean;
        // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the same, the step a variable
        const unknown = new Function("i", "to", "s", `return ${inRangeCode("i", "to", "s")};`) as (
          i: number,
          to: number,
          s: number,
        ) => boolean;
        expect([known(i, to), unknown(i, to, step)]).toEqual([inRange(i, to, step), inRange(i, to, step)]);
      }
    },
  );

  it.each(cases)("from %d to %d step %d: both modes visit what inRange gives", async (from, to, step) => {
    const expected: number[] = [];
    for (let i = from; inRange(i, to, step); i += step) expected.push(i);
    const page = `<dbt:output><dbt:loop from="${from}" to="${to}" step="${step}" index="i">#i#,</dbt:loop></dbt:output>`;
    // Written as numbers (constants in the compiled loop) and as variables (bounds at run time).
    const dynamic = `<dbt:output><dbt:loop from="#a#" to="#b#" step="#c#" index="i">#i#,</dbt:loop></dbt:output>`;
    // The numbers as the page prints them: compare with what the same page prints for the list.
    const printed = await render(`<dbt:output><dbt:loop array="#xs#" index="x">#x#,</dbt:loop></dbt:output>`, {
      variables: { xs: expected },
    });
    expect(await render(page)).toBe(printed);
    expect(await render(dynamic, { variables: { a: from, b: to, c: step } })).toBe(printed);
    expect(printed.split(",").length - 1).toBe(expected.length);
  });
});

describe("the whole run of a loop of integer bounds (tags/loop.ts wholeRun)", () => {
  it.each([
    [1, 5, 1],
    [5, 1, -1],
    [1, 5, -1],
    [2, 2, 3],
    [-7, 8, 3],
    [10, -10, -4],
  ])("from %d to %d step %d: trips counts the values inRange visits", (from, to, step) => {
    let n = 0;
    for (let i = from; inRange(i, to, step); i += step) n++;
    expect(trips(from, to, step)).toBe(n);
  });

  // A table's columns: a loop of 5 in each row, run whole once the clock's budget is above 5.
  const ids = Array.from({ length: 40 }, (_, i) => ({ id: i + 1 }));
  const rows = `<dbt:set q = queryNew("id", "integer", ids)>`;
  const cells = (id: number, upTo: number, skip: number) =>
    [1, 2, 3, 4, 5]
      .filter((j) => j <= upTo && j !== skip)
      .map((j) => `${id * j},`)
      .join("");

  it("breaks, continues and leaves its index as the loop does, in both modes", async () => {
    const page = `${rows}<dbt:output query="q">#id#:<dbt:loop from="1" to="5" index="j"><dbt:if j EQ 4 AND id MOD 2 EQ 0><dbt:break></dbt:if><dbt:if j EQ 2><dbt:continue></dbt:if>#id * j#,</dbt:loop>#j#;</dbt:output>`;
    const expected = ids
      .map((r) => r.id)
      .map((id) => `${id}:${cells(id, id % 2 === 0 ? 3 : 5, 2)}${id % 2 === 0 ? 4 : 6};`)
      .join("");
    expect(await render(page, { variables: { ids } })).toBe(expected);
  });

  it("stops at the output limit at the iteration the tick would, in both modes", async () => {
    const page = `${rows}<dbt:output query="q">#id#:<dbt:loop from="1" to="5" index="j">#id * j#,</dbt:loop>
</dbt:output>`;
    const full = ids.map((r) => `${r.id}:${cells(r.id, 5, 0)}\n`).join("");
    // Past the limit after the third cell of row 30: the fourth iteration's tick stops the page.
    const limit = full.indexOf("30:") + "30:30,60,90,".length - 1;
    const err = await renderError(page, { variables: { ids } }, {}, { maxOutputLength: limit });
    // At the loop (column 72: after the queryNew and `#id#:`).
    expect([err.code, at(err)]).toEqual(["QRY_ERR_OUTPUT_LIMIT", "1:72"]);
  });
});

describe("a page that waited gets a new time slice", () => {
  // Other requests ran while it waited: a page whose statement took longer than a slice must not
  // pause again at its first tick (it would hold its result rows through one more turn of the
  // event loop; /rows?n=1000 spent twice the server CPU of the hand-written route that way).
  it.each([
    ["without a time limit", 0],
    ["with a time limit (the page's stop)", 60_000],
  ])("%s", async (_name, timeoutMs) => {
    const page = newPageState(null, timeoutMs);
    const before = Date.now();
    page.yieldAt = before; // its slice spent before the wait
    const waited = await untilStopped(page, new Promise<string>((r) => setTimeout(() => r("rows"), 20)), L);
    expect(waited).toBe("rows");
    // A new slice from when the wait ended (not a checkpoint's answer: a loaded machine may
    // take more than a slice between the resumption and the next line).
    expect(page.yieldAt).toBeGreaterThanOrEqual(before + 19 + SLICE_MS);
    expect(page.yieldAt).toBeLessThanOrEqual(Date.now() + SLICE_MS);
  });
});

describe("the clock's stride", () => {
  /** The strides after each read, the time read `ms` after the last at each (0: the same millisecond). */
  const strides = (gaps: number[]): number[] => {
    const page = newPageState();
    page.yieldAt = Infinity;
    const out: number[] = [];
    for (const ms of gaps) {
      // The clock moved on during the read: the gap it saw was not `ms`, so start again.
      const now = Date.now();
      page.lastCheck = now - ms;
      checkpoint(page, L);
      if (Date.now() !== now) return strides(gaps);
      out.push(page.stride);
    }
    return out;
  };

  it("grows four times under 1,024 ticks, then twice up to 16,384, when a read comes within the same millisecond", () => {
    expect(strides([0, 0, 0, 0, 0, 0, 0, 0])).toEqual([256, 1024, 2048, 4096, 8192, 16384, 16384, 16384]);
  });

  it("halves after a read more than a millisecond after the last, and stays after one a millisecond after", () => {
    expect(strides([0, 0, 5, 1, 2, 0])).toEqual([256, 1024, 512, 512, 256, 1024]);
  });
});
