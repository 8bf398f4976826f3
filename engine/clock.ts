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

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/**
 * Awaits `work` (a query) but no longer than the page may run: past the deadline or on the
 * signal the page stops at once. The work itself is left to finish or to be cancelled by its
 * owner (a statement timeout, a query cancel); its late failure is ignored.
 */
export function untilStopped<T>(page: PageState, work: Promise<T>, loc: Loc | null): Promise<T> {
  const signal = page.signal;
  if (page.deadline === 0 && !signal) return work.then((v) => (stopIfDue(page, Date.now(), loc), v));
  // One promise per call, settled by whichever comes first (a query runs this once or more
  // per request: no race, finally or then promises on top of it).
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const fail = (now: number) => {
      if (settled) return;
      try {
        stopIfDue(page, now, loc);
      } catch (err) {
        finish();
        reject(asError(err));
      }
    };
    const onAbort = () => fail(Date.now());
    // The timer fires at the deadline: `now` is past it even if the clock reads a little early.
    if (page.deadline !== 0) timer = setTimeout(fail, Math.max(0, page.deadline - Date.now() + 1), Infinity);
    signal?.addEventListener("abort", onAbort, { once: true });
    work.then(
      (v) => {
        if (settled) return;
        finish();
        try {
          stopIfDue(page, Date.now(), loc);
          resolve(v);
        } catch (err) {
          reject(asError(err));
        }
      },
      (err: unknown) => {
        if (settled) return;
        finish();
        reject(asError(err));
      },
    );
  });
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
