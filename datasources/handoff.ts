// Strategies pool and single: the requests waiting while every connection of the pool is lent,
// each served, first come first served, by a connection given back — handed over directly
// instead of through generic-pool's queue (a request object, a timer, a deferred and the
// dispatch's promises per wait: about 1.6 KB a statement under contention). One timer watches
// the oldest wait's deadline: all waits are equally long, so the oldest ends first.
import type { CancelSignal } from "../engine/cancel.js";
import { abortError } from "./abort.js";

interface Waiter<T> {
  resolve(v: T | PromiseLike<T>): void;
  reject(err: Error): void;
  /** Date.now() past which it stops waiting. */
  until: number;
  signal: CancelSignal | undefined;
  onAbort: (() => void) | undefined;
}

export class Handoff<T> {
  private readonly queue: Waiter<T>[] = [];
  private timer: NodeJS.Timeout | undefined;

  /** `timedOut` is the error of a wait that lasted `timeoutMs`. */
  constructor(
    private readonly timeoutMs: number,
    private readonly timedOut: () => Error,
  ) {}

  get length(): number {
    return this.queue.length;
  }

  /** Waits for the next `give` (or `handOver`); rejects at the deadline or when `signal` aborts. */
  wait(signal?: CancelSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const w: Waiter<T> = { resolve, reject, until: Date.now() + this.timeoutMs, signal, onAbort: undefined };
      if (signal) {
        w.onAbort = () => {
          const i = this.queue.indexOf(w);
          if (i < 0) return;
          this.queue.splice(i, 1);
          if (this.queue.length === 0) this.stopTimer();
          reject(abortError(signal));
        };
        signal.addEventListener("abort", w.onAbort, { once: true });
      }
      this.queue.push(w);
      this.timer ??= setTimeout(() => this.expire(), this.timeoutMs);
    });
  }

  /** Gives `v` to the oldest waiter; false when nobody waits. */
  give(v: T): boolean {
    const w = this.next();
    if (!w) return false;
    w.resolve(v);
    return true;
  }

  /** Hands the oldest waiter over to what `get` will give it (its wait here ends); false when nobody waits. */
  handOver(get: (signal: CancelSignal | undefined) => Promise<T>): boolean {
    const w = this.next();
    if (!w) return false;
    w.resolve(get(w.signal));
    return true;
  }

  /** Ends every wait with `err`. */
  failAll(err: Error): void {
    for (let w = this.next(); w; w = this.next()) w.reject(err);
  }

  private next(): Waiter<T> | undefined {
    const w = this.queue.shift();
    if (w?.onAbort) w.signal!.removeEventListener("abort", w.onAbort);
    if (this.queue.length === 0) this.stopTimer();
    return w;
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Ends the waits past their deadline, then watches the oldest left. */
  private expire(): void {
    this.timer = undefined;
    const now = Date.now();
    while (this.queue.length > 0 && this.queue[0]!.until <= now) this.next()!.reject(this.timedOut());
    if (this.queue.length > 0) this.timer = setTimeout(() => this.expire(), this.queue[0]!.until - now);
  }
}
