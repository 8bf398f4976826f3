// The page's clock, shared by both modes. Every loop iteration, output row and include or
// module call is a tick; the clock is read only every `stride` ticks, and the stride adapts so
// that a read comes about once a millisecond whatever a tick costs. At a read, a page past its
// deadline or whose signal is aborted stops; every SLICE_MS of computing it pauses (awaits
// setImmediate) so other requests are served while it runs.
import type { Loc } from "../parser/ast.js";
import { LimitError, RuntimeError, codes } from "./errors.js";
import { outputLimit } from "./context.js";
import type { Limits } from "./limits.js";
import { SLICE_MS, type PageState } from "./page.js";
import type { CancelSignal } from "./cancel.js";

const MAX_STRIDE = 1 << 14;
const QUICK_STRIDE = 1 << 10;

/**
 * The tick, the one clock check of both modes: every loop iteration (`count`, its number so
 * far), output row or group (count 0) and include, module or function call (count 0, output
 * length 0) is one. It stops a loop past limits.maxIterations (QRY_ERR_LOOP_LIMIT) and a page
 * whose output (`outLength` so far) passed limits.maxOutputLength, and takes one tick off the
 * page's clock budget, reading the clock when it is spent (checkpoint). True when the caller
 * must `await pause(page, loc)` before it goes on. `spent`: the caller took the tick off the
 * budget itself (the compiled fast path, tickCode).
 */
export function tick(ctx: Ticking, count: number, outLength: number, loc: Loc, spent = false): boolean {
  const limits = ctx.limits;
  if (count > limits.maxIterations) {
    throw new RuntimeError(
      codes.LOOP_LIMIT,
      `Loop stopped after ${limits.maxIterations} iterations (limit maxIterations)`,
      loc,
    );
  }
  if (outLength > limits.maxOutputLength) throw outputLimit(limits, loc);
  const page = ctx.page;
  return (spent ? page.budget : --page.budget) <= 0 && checkpoint(page, loc);
}

/** What the tick reads: the page's limits and its clock. */
export interface Ticking {
  limits: Limits;
  page: PageState;
}

/**
 * The tick as compiled code writes it inline: its fast path (the count, the output's length,
 * one decrement of the budget) and, when one of them fires, a call of `tick` with the tick
 * already spent, then `onPause` when it wants a pause. `count` is the local counting the loop's
 * iterations (null: an output row, which only ticks). In a quiet loop's checked version
 * (tags/region.ts) the budget is the local `checked.budget`, given back to the page around the
 * call, and the count is checked against `checked.lim`, a local holding maxIterations, or 0 when
 * the output had passed its limit as the loop started (a loop whose body writes nothing
 * (`checked.writes` false) cannot change the output's length while it runs, so its first tick
 * throws as every tick would).
 */
export function tickCode(t: {
  count: string | null;
  loc: string;
  onPause: string;
  /**
   * `whole`: the tick of a whole run (tags/loop.ts wholeRun), which starts only when its count
   * stays within the limit and its budget above 0 to its end: only the output's length is looked at.
   */
  checked?: { lim: string; budget: string; writes: boolean; whole?: boolean } | null;
  /** false: the limits only, no clock (Compiler's CompileOptions.clock): `tick` is called only to throw. */
  clock?: boolean;
}): string {
  const k = t.checked;
  const n = t.count ?? "0";
  const call = `T.tick(ctx, ${n}, $o.length, ${t.loc}, true)`;
  if (t.clock === false) {
    const count = t.count === null ? "" : k ? `++${n} > ${k.lim} || ` : `++${n} > ctx.limits.maxIterations || `;
    return `if (${count}$o.length > ctx.limits.maxOutputLength) ${call};\n`;
  }
  if (!k) {
    const counted = t.count === null ? "" : `++${t.count} > ctx.limits.maxIterations || `;
    return `if (${counted}$o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (${call}) ${t.onPause}; }\n`;
  }
  if (k.whole) {
    // The output past its limit: the tick throws, as it would at this iteration.
    const out = k.writes ? `if ($o.length > ctx.limits.maxOutputLength) ${call};\n` : "";
    return `++${n}; ${out}--${k.budget};\n`;
  }
  const out = k.writes ? "$o.length > ctx.limits.maxOutputLength || " : "";
  return `if (++${n} > ${k.lim} || ${out}--${k.budget} <= 0) { ctx.page.budget = ${k.budget}; if (${call}) { ${t.onPause} } ${k.budget} = ctx.page.budget; }\n`;
}

/** Reads the clock now: throws when the page must stop; true when it is time to pause. */
export function checkpoint(page: PageState, loc: Loc | null): boolean {
  const now = Date.now();
  const dt = now - page.lastCheck;
  if (dt > 1) page.stride = Math.max(1, page.stride >> 1);
  // Below QUICK_STRIDE a stride that took under a millisecond grows four times, so that a page
  // of cheap ticks reaches a stride of its own in fewer reads (each costs about 50 ns here).
  else if (dt === 0 && page.stride < MAX_STRIDE) page.stride <<= page.stride < QUICK_STRIDE ? 2 : 1;
  page.budget = page.stride;
  page.lastCheck = now;
  stopIfDue(page, now, loc);
  // A replay (tags/region.ts) does not pause: see stopIfDue.
  if (page.replaying > 0) return false;
  if (now < page.yieldAt) return false;
  page.yieldAt = now + SLICE_MS;
  return true;
}

/**
 * Stops a page past its deadline (QRY_ERR_TIMEOUT) or cancelled (QRY_ERR_CANCELLED). A replay
 * (page.replaying, tags/region.ts) repeats work the page was already clocked for, up to the same
 * error: it stops at the deadline but does not look at the signal, so that both modes look at
 * it as often and fail with the same error.
 */
export function stopIfDue(page: PageState, now: number, loc: Loc | null): void {
  if (page.deadline !== 0 && now > page.deadline) {
    throw new LimitError(
      codes.TIMEOUT,
      "Page stopped: it ran longer than its time limit (renderTimeoutMs, or dbt:setting requesttimeout)",
      loc,
      503,
    );
  }
  if (page.replaying === 0 && page.signal?.aborted) {
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

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/**
 * The page's one stop, made at its first wait (a query, a flush, a sleep) and shared by every
 * wait after it: it fires its listeners when the page's signal aborts or its deadline passes.
 * One deadline timer and one listener on the signal per page, instead of a timer and a listener
 * per statement in untilStopped and again in the statement's cancel: a CancelSignal whose
 * `aborted` means "the page must stop", so a statement given it as its signal is cancelled on
 * Postgres at the same moment. The server ends it with the request (endPage); a page nobody ends
 * (quarry render, _application.dbt) keeps an unref'd timer until its deadline, which then fires
 * with nobody listening.
 */
export class PageStop implements CancelSignal {
  private listeners: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined = undefined;
  /** The deadline the timer was set for (-1: none set, or it has fired). */
  private armedFor = -1;
  /** The timer fired for the page's current deadline: the page is past it, whatever the clock reads. */
  timedOut = false;
  private readonly onSignal = () => this.fire();
  private readonly onTimer = () => {
    this.timer = undefined;
    this.armedFor = -1;
    this.timedOut = true;
    this.fire();
  };

  constructor(private readonly page: PageState) {
    page.signal?.addEventListener("abort", this.onSignal, { once: true });
  }

  get aborted(): boolean {
    const p = this.page;
    return !!p.signal?.aborted || this.timedOut || (p.deadline !== 0 && Date.now() > p.deadline);
  }

  /** The page's signal's reason when it was cancelled, else why a statement stopped: the time limit. */
  get reason(): unknown {
    const s = this.page.signal;
    return s?.aborted ? s.reason : new Error("the page ran out of time");
  }

  addEventListener(_type: "abort", listener: () => void): void {
    const d = this.page.deadline;
    // A deadline set or moved since (dbt:setting requesttimeout): the timer follows it.
    if (d !== this.armedFor) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.timedOut = false;
      this.armedFor = d;
      // At the deadline: a page past it when the timer fires stops, even if the clock reads a little early.
      if (d !== 0) this.timer = setTimeout(this.onTimer, Math.max(0, d - Date.now() + 1)).unref();
    }
    this.listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const ls = this.listeners;
    const at = ls.lastIndexOf(listener);
    if (at < 0) return;
    if (at === ls.length - 1) ls.pop();
    else ls.splice(at, 1);
  }

  private fire(): void {
    const ls = this.listeners;
    if (ls.length === 0) return;
    this.listeners = [];
    for (const f of ls) f();
  }

  /** The request is over: no timer, no listener left behind. */
  end(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = -1;
    this.listeners = [];
    this.page.signal?.removeEventListener("abort", this.onSignal);
  }
}

/** The page's stop (see PageStop), or null for a page with neither a deadline nor a signal. */
export function pageStop(page: PageState): PageStop | null {
  if (page.stop) return page.stop;
  if (page.deadline === 0 && !page.signal) return null;
  return (page.stop = new PageStop(page));
}

/** Ends what the page's waits left armed (its stop's timer and listener): the server calls it when a request is over. */
export function endPage(page: PageState): void {
  page.stop?.end();
}

/**
 * A page going on after a wait: stopped if it is due, and given a new time slice: other
 * requests ran while it waited, so a page whose statement took longer than a slice does not
 * pause again at its first tick (every such page paused once, holding its result rows through
 * another turn of the event loop).
 */
function resumed(page: PageState, loc: Loc | null): void {
  const now = Date.now();
  stopIfDue(page, now, loc);
  page.yieldAt = now + SLICE_MS;
}

/**
 * Awaits `work` (a query) but no longer than the page may run: past the deadline or on the
 * signal the page stops at once. The work itself is left to finish or to be cancelled by its
 * owner (a statement timeout, a query cancel); its late failure is ignored.
 */
export function untilStopped<T>(page: PageState, work: Promise<T>, loc: Loc | null): Promise<T> {
  const stop = pageStop(page);
  if (!stop) return work.then((v) => (resumed(page, loc), v));
  // One promise per call, settled by whichever comes first (a query runs this once or more
  // per request: no race, finally or then promises on top of it).
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onStop = () => {
      if (settled) return;
      try {
        stopIfDue(page, stop.timedOut ? Infinity : Date.now(), loc);
      } catch (err) {
        settled = true;
        reject(asError(err));
      }
    };
    stop.addEventListener("abort", onStop);
    work.then(
      (v) => {
        if (settled) return;
        settled = true;
        stop.removeEventListener("abort", onStop);
        try {
          resumed(page, loc);
          resolve(v);
        } catch (err) {
          reject(asError(err));
        }
      },
      (err: unknown) => {
        if (settled) return;
        settled = true;
        stop.removeEventListener("abort", onStop);
        // A statement cancelled at the deadline may fail before the page's own timer fires:
        // the page stopped, and that is what it reports (503), not the cancelled query.
        try {
          stopIfDue(page, stop.timedOut ? Infinity : Date.now(), loc);
        } catch (stopped) {
          reject(asError(stopped));
          return;
        }
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
