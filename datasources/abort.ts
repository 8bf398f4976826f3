// Waiting with a cancel signal: the error a cancelled wait ends with, and a wait that ends when
// the signal aborts while what it waited for, arriving late, goes back where it came from.
import type { CancelSignal } from "../engine/cancel.js";

/** The cancellation error of a signal: its reason when that is an Error. */
export function abortError(signal: CancelSignal): Error {
  const why = signal.reason;
  if (why instanceof Error) return why;
  return new Error(`cancelled${why ? `: ${typeof why === "string" ? why : JSON.stringify(why)}` : ""}`);
}

/** `work`, or a rejection as soon as `signal` aborts; a result that arrives later goes to `late`. */
export function abortable<T>(work: Promise<T>, signal: CancelSignal | undefined, late: (v: T) => void): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.then(late, () => {});
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.then(late, () => {});
      reject(abortError(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        // Aborted meanwhile: onAbort has handed the connection to `late`.
        if (!signal.aborted) resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
