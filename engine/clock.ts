// The page's clock, shared by both modes. Every loop iteration, output row and include or
// module call is a tick; the clock is read only every `stride` ticks, and the stride adapts so
// that a read comes about once a millisecond whatever a tick costs. At a read, a page past its
// deadline or whose signal is aborted stops; every SLICE_MS of computing it pauses (awaits
// setImmediate) so other requests are served while it runs.
import type { Loc } from "../parser/ast.js";
import { LimitError, codes } from "./errors.js";
import { SLICE_MS, type PageState } from "./page.js";

const MAX_STRIDE = 1 << 14;

/** Counts one tick; true when the caller must `await pause(page, loc)`. */
export function tickClock(page: PageState, loc: Loc): boolean {
  return --page.budget <= 0 && checkpoint(page, loc);
}

/** Reads the clock now: throws when the page must stop; true when it is time to pause. */
export function checkpoint(page: PageState, loc: Loc | null): boolean {
  const now = Date.now();
  const dt = now - page.lastCheck;
  if (dt > 1) page.stride = Math.max(1, page.stride >> 1);
  else if (dt === 0 && page.stride < MAX_STRIDE) page.stride <<= 1;
  page.budget = page.stride;
  page.lastCheck = now;
  stopIfDue(page, now, loc);
  if (now < page.yieldAt) return false;
  page.yieldAt = now + SLICE_MS;
  return true;
}

/** Stops a page past its deadline (QRY_ERR_TIMEOUT) or cancelled (QRY_ERR_CANCELLED). */
export function stopIfDue(page: PageState, now: number, loc: Loc | null): void {
  if (page.deadline !== 0 && now > page.deadline) {
    throw new LimitError(
      codes.TIMEOUT,
      "Page stopped: it ran longer than its time limit (renderTimeoutMs, or dbt:setting requesttimeout)",
      loc,
      503,
    );
  }
  if (page.signal?.aborted) {
    const why =
      page.signal.reason instanceof Error
        ? `: ${page.signal.reason.message}`
        : typeof page.signal.reason === "string"
          ? `: ${page.signal.reason}`
          : "";
    throw new LimitError(codes.CANCELLED, `Page stopped: its request was cancelled${why}`, loc, 503);
  }
}

/** Lets other requests run, then checks again: the pause may have been long. */
export async function pause(page: PageState, loc: Loc): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  stopIfDue(page, Date.now(), loc);
}

/** One tick and, when due, the pause: for callers that await anyway (include, module, query). */
export async function tickAsync(page: PageState, loc: Loc): Promise<void> {
  if (tickClock(page, loc)) await pause(page, loc);
}

/**
 * Awaits `work` (a query) but no longer than the page may run: past the deadline or on the
 * signal the page stops at once. The work itself is left to finish or to be cancelled by its
 * owner (a statement timeout, a query cancel); its late failure is ignored.
 */
export function untilStopped<T>(page: PageState, work: Promise<T>, loc: Loc): Promise<T> {
  const signal = page.signal;
  if (page.deadline === 0 && !signal) return work.then((v) => (stopIfDue(page, Date.now(), loc), v));
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    // The timer fires at the deadline: `now` is past it even if the clock reads a little early.
    const fail = (now: number) => {
      try {
        stopIfDue(page, now, loc);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    if (page.deadline !== 0) timer = setTimeout(() => fail(Infinity), Math.max(0, page.deadline - Date.now() + 1));
    if (signal) {
      onAbort = () => fail(Date.now());
      signal.addEventListener("abort", onAbort, { once: true });
    }
  });
  return Promise.race([work, stop])
    .finally(() => {
      clearTimeout(timer);
      if (onAbort) signal!.removeEventListener("abort", onAbort);
    })
    .then((v) => (stopIfDue(page, Date.now(), loc), v));
}

/**
 * Runs a compiled page that never awaits: its render is a generator that yields a location
 * where the clock wants a pause. The page's string comes back at once unless it did; then a
 * promise, the pause awaited and the generator resumed (or thrown into, when the page must
 * stop, so that its own finally blocks run).
 */
export function settle(page: PageState, gen: Generator<Loc, string, void>): string | Promise<string> {
  const r = gen.next();
  return r.done ? r.value : resume(page, gen, r.value);
}

async function resume(page: PageState, gen: Generator<Loc, string, void>, at: Loc): Promise<string> {
  for (;;) {
    const stopped = await pause(page, at).then(
      () => null,
      (err: unknown) => ({ err }),
    );
    const r = stopped ? gen.throw(stopped.err) : gen.next();
    if (r.done) return r.value;
    at = r.value;
  }
}
