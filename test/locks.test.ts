// The lock manager behind dbt:lock: readers share, a writer is alone, waiters are served in
// order, an owner may re-enter, and a waiter leaves the queue on its timeout or its signal.
import { describe, expect, it } from "vitest";
import { LockManager, LockWaitError, type Release } from "../engine/locks.js";

const forever = { timeoutMs: 0 };

/** Settles after every queued promise callback has run. */
const flush = () => new Promise<void>((r) => setImmediate(r));

describe("LockManager", () => {
  it("lets readers share a lock and keeps a writer waiting until the last one leaves", async () => {
    const locks = new LockManager();
    const [a, b] = [{}, {}];
    const ra = await locks.acquire("n", a, "readonly", forever);
    const rb = await locks.acquire("n", b, "readonly", forever);
    expect(locks.stats("n")).toEqual({ readers: 2, writer: false, waiting: 0 });
    let granted = false;
    const w = locks.acquire("n", {}, "exclusive", forever).then((r) => ((granted = true), r));
    await flush();
    expect(locks.stats("n")).toEqual({ readers: 2, writer: false, waiting: 1 });
    ra();
    await flush();
    expect(granted).toBe(false);
    rb();
    (await w)();
    expect(granted).toBe(true);
    // Nothing held, nothing waiting: the lock is forgotten.
    expect(locks.size).toBe(0);
  });

  it("serves waiters in order: a reader that comes after a waiting writer waits behind it", async () => {
    const locks = new LockManager();
    const order: string[] = [];
    const first = await locks.acquire("n", {}, "readonly", forever);
    const take = (who: string, mode: "readonly" | "exclusive") =>
      locks.acquire("n", {}, mode, forever).then((r) => {
        order.push(who);
        return r;
      });
    const w = take("writer", "exclusive");
    const r2 = take("reader2", "readonly");
    const r3 = take("reader3", "readonly");
    await flush();
    expect(order).toEqual([]);
    expect(locks.stats("n").waiting).toBe(3);
    first();
    const wr = await w;
    await flush();
    expect(order).toEqual(["writer"]);
    wr();
    // Both readers behind the writer get in together.
    const [x, y] = await Promise.all([r2, r3]);
    expect(order).toEqual(["writer", "reader2", "reader3"]);
    expect(locks.stats("n")).toEqual({ readers: 2, writer: false, waiting: 0 });
    x();
    y();
  });

  it("lets an owner take a lock it holds again, and refuses readonly → exclusive", async () => {
    const locks = new LockManager();
    const me = {};
    const outer = await locks.acquire("n", me, "exclusive", forever);
    const inner = await locks.acquire("n", me, "readonly", forever);
    inner();
    // Still held by the outer section.
    expect(locks.stats("n")).toEqual({ readers: 0, writer: true, waiting: 0 });
    outer();
    expect(locks.stats("n").writer).toBe(false);

    const r = await locks.acquire("n", me, "readonly", forever);
    const again = await locks.acquire("n", me, "readonly", forever);
    await expect(locks.acquire("n", me, "exclusive", forever)).rejects.toMatchObject({ reason: "upgrade" });
    again();
    r();
    expect(locks.size).toBe(0);
  });

  it("gives up after the timeout (not before it) and leaves the queue", async () => {
    const locks = new LockManager();
    const held = await locks.acquire("n", {}, "exclusive", forever);
    const started = Date.now();
    const err = await locks.acquire("n", {}, "exclusive", { timeoutMs: 150 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(err).toBeInstanceOf(LockWaitError);
    expect((err as LockWaitError).reason).toBe("timeout");
    expect((err as Error).message).toBe('lock "n" was not free within 0.15 s');
    expect(locks.stats("n")).toEqual({ readers: 0, writer: true, waiting: 0 });
    held();
    expect(locks.size).toBe(0);
  });

  it("stops waiting when the owner's signal aborts, and lets the readers behind a gone writer in", async () => {
    const locks = new LockManager();
    const reader = await locks.acquire("n", {}, "readonly", forever);
    const ac = new AbortController();
    const w = locks.acquire("n", {}, "exclusive", { timeoutMs: 0, signal: ac.signal });
    let readerIn: Release | null = null;
    void locks.acquire("n", {}, "readonly", forever).then((r) => (readerIn = r));
    await flush();
    expect(locks.stats("n").waiting).toBe(2);
    ac.abort();
    await expect(w).rejects.toMatchObject({ reason: "aborted" });
    await flush();
    expect(readerIn).not.toBeNull();
    expect(locks.stats("n")).toEqual({ readers: 2, writer: false, waiting: 0 });
    readerIn!();
    reader();
    // An already aborted signal never queues.
    const held = await locks.acquire("n", {}, "exclusive", forever);
    await expect(locks.acquire("n", {}, "readonly", { timeoutMs: 0, signal: ac.signal })).rejects.toMatchObject({
      reason: "aborted",
    });
    expect(locks.stats("n").waiting).toBe(0);
    held();
  });

  it("releases once however often release is called, and keeps names apart", async () => {
    const locks = new LockManager();
    const [a, b] = [{}, {}];
    const ra = await locks.acquire("x", a, "readonly", forever);
    const rb = await locks.acquire("x", b, "readonly", forever);
    ra();
    ra();
    expect(locks.stats("x").readers).toBe(1);
    // Another name is another lock.
    const y = await locks.acquire("y", {}, "exclusive", { timeoutMs: 10 });
    expect(locks.stats("y").writer).toBe(true);
    y();
    rb();
    expect(locks.size).toBe(0);
  });
});
