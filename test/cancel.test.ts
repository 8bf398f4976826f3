// The request's cancel signal (engine/cancel.ts): listeners run once, on abort, unless removed;
// a real AbortSignal follows it for fetch. Its use (a disconnect cancelling a query) is tested
// over HTTP in test/disconnect.test.ts.
import { describe, expect, it } from "vitest";
import { Canceller, toAbortSignal } from "../engine/cancel.js";

describe("Canceller", () => {
  it("runs each listener once, on the first abort, with the reason set", () => {
    const c = new Canceller();
    const seen: string[] = [];
    const a = () => seen.push(`a:${String(c.reason)}`);
    const b = () => seen.push("b");
    c.addEventListener("abort", a);
    c.addEventListener("abort", b);
    c.removeEventListener("abort", b);
    expect(c.aborted).toBe(false);
    c.abort("gone");
    c.abort("again");
    expect([c.aborted, c.reason, seen]).toEqual([true, "gone", ["a:gone"]]);
  });

  it("gives an Error as the reason when none is given", () => {
    const c = new Canceller();
    c.abort();
    expect(c.reason).toBeInstanceOf(Error);
    expect((c.reason as Error).message).toBe("This operation was aborted");
  });

  it("is followed by a real AbortSignal, and a real one is passed through", () => {
    const c = new Canceller();
    const s = toAbortSignal(c);
    expect(s.aborted).toBe(false);
    c.abort("stop");
    expect([s.aborted, s.reason]).toEqual([true, "stop"]);
    const real = new AbortController().signal;
    expect(toAbortSignal(real)).toBe(real);
  });
});
