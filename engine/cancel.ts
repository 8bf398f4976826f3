// The cancel signal of a request (server/request/page.ts) and of a statement on a shared connection
// (datasources/registry.ts): the part of an AbortSignal Quarry reads, without an EventTarget.
// An AbortController per request and listeners added and removed per query cost about 8% of a
// /fortunes request's CPU (a CPU profile of quarry start under autocannon). A real AbortSignal
// has the same shape, so a host app's or a test's signal works wherever this one does.
// A leaf: the engine and the datasources both import it.

export interface CancelSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** Makes and fires a CancelSignal: itself. Each listener runs once, on abort. */
export class Canceller implements CancelSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: (() => void)[] | null = null;

  get signal(): CancelSignal {
    return this;
  }

  addEventListener(_type: "abort", listener: () => void): void {
    (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const at = this.listeners?.indexOf(listener) ?? -1;
    if (at >= 0) this.listeners!.splice(at, 1);
  }

  abort(reason: unknown = new Error("This operation was aborted")): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners ?? [];
    this.listeners = null;
    for (const f of listeners) f();
  }
}

/** A real AbortSignal that follows `signal`, for an API that needs one (fetch). */
export function toAbortSignal(signal: CancelSignal): AbortSignal {
  if (signal instanceof AbortSignal) return signal;
  const ac = new AbortController();
  if (signal.aborted) ac.abort(signal.reason);
  else signal.addEventListener("abort", () => ac.abort(signal.reason), { once: true });
  return ac.signal;
}
