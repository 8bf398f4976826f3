// The time limit inside a synchronous built-in. A built-in cannot pause, so the page's clock
// (engine/clock.ts), which ticks at loop iterations, rows and calls, never reads while one runs:
// `arrayRemoveDuplicates` on a large array or `jsonEncode` of fifty arrays of a million elements
// would hold the process for as long as it takes. The built-ins whose work is not bounded by
// the size limits of their input and result (maxStringLength, maxArrayLength) — nested walks,
// quadratic loops, repeated steps, matches — count their steps here instead; every
// WORK_STRIDE steps the clock is read and a page past its deadline, or cancelled, stops with
// its coded error (QRY_ERR_TIMEOUT, QRY_ERR_CANCELLED), located at the call by rt.call.
import { stopIfDue } from "./clock.js";
import { WORK_STRIDE, type PageState } from "./page.js";
import type { Limits } from "./limits.js";
import { LimitError, codes } from "./errors.js";
import type { Loc } from "../parser/ast.js";

// WORK_STRIDE: a step is one element, item, match or comparison (about 10-100 ns), so a read
// comes every few milliseconds of a built-in's work at most.
export { WORK_STRIDE };

/** What a built-in counts against: its render's page and limits (a RenderContext is one). */
export interface Metered {
  readonly page: PageState;
  readonly limits: Limits;
}

/** Counts `steps` of a built-in's work; reads the clock when the stride is spent. */
export function work(m: Metered | null | undefined, steps: number): void {
  if (!m) return;
  const p = m.page;
  if ((p.work -= steps) > 0) return;
  p.work = WORK_STRIDE;
  stopIfDue(p, Date.now(), null);
}

// The page's memory budget (limits.maxPageBytes): an estimate of what the page allocates where
// the language allocates in bulk — query rows (queryNew, queryAddRow, a query's result), array
// elements (arrayResize, arraySet, arrayAppend…, an index past the end), struct members and the
// characters of strings stored in them (dbt:set, structInsert…). Not every JavaScript object:
// temporaries are garbage at once, and so are the variables of a module or function call. It
// counts what was allocated over the page's life, not what is still reachable (a string set
// in place of another counts the difference). The figures are V8's for dictionary-mode objects,
// as structs were until they took STRUCT_PROTO (measured with --expose-gc on Node 20: a
// one-column row about 195 bytes, an element 8-10); a struct in fast mode takes less (a
// one-column row about 75 bytes, five columns about 175), so the estimate errs high.

/** An array element. */
export const ELEMENT_BYTES = 8;
/** A struct member or query cell. */
export const MEMBER_BYTES = 40;
/** A query row's object, before its cells. */
export const ROW_BYTES = 160;
/** The characters a value brings along when it is stored: a string's length (one byte each, as V8 keeps Latin-1). */
export const weigh = (v: unknown): number => (typeof v === "string" ? v.length : 0);

/**
 * Counts `bytes` the page now holds (less when negative: a string replaced by a shorter one);
 * past limits.maxPageBytes the page stops with QRY_ERR_MEMORY_LIMIT (at `loc`, or where rt.call
 * locates it). What was counted stays counted, so a dbt:catch cannot go on allocating.
 */
export function hold(m: Metered | null | undefined, bytes: number, loc: Loc | null = null): void {
  if (!m) return;
  const p = m.page;
  if ((p.bytes += bytes) <= m.limits.maxPageBytes || bytes <= 0) return;
  p.bytes -= bytes;
  throw new LimitError(
    codes.MEMORY_LIMIT,
    `The page would hold about ${p.bytes + bytes} bytes of queries, arrays, structs and strings, more than ${m.limits.maxPageBytes} (limit maxPageBytes)`,
    loc,
  );
}
