// The store behind dbt:cache, on a clock the test steps: entries expire after their time span,
// the least recently used go first when entries or characters run out, flush forgets.
import { describe, expect, it } from "vitest";
import { FragmentCache } from "../engine/fragment-cache.js";

describe("FragmentCache", () => {
  it("keeps output for its time span and not a millisecond longer", () => {
    let now = 1_000_000;
    const cache = new FragmentCache({ maxEntries: 10, maxChars: 1000, now: () => now });
    cache.set("a", "<p>A</p>", 5000);
    now += 4999;
    expect(cache.get("a")).toBe("<p>A</p>");
    now += 2;
    expect(cache.get("a")).toBeUndefined();
    // A time span of 0 keeps nothing.
    cache.set("b", "x", 0);
    expect(cache.get("b")).toBeUndefined();
    // No time span: kept until flushed (or pushed out).
    cache.set("c", "y", null);
    now += 365 * 86_400_000;
    expect(cache.get("c")).toBe("y");
  });

  it("drops the least recently used entry when entries or characters run out", () => {
    const now = 0;
    const cache = new FragmentCache({ maxEntries: 2, maxChars: 10, now: () => now });
    cache.set("a", "aaa", 1000);
    cache.set("b", "bbb", 1000);
    expect(cache.get("a")).toBe("aaa");
    cache.set("c", "ccc", 1000);
    // b was used least recently.
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["aaa", undefined, "ccc"]);
    cache.set("d", "dddddddd", 1000);
    // 8 + 3 characters pass 10: the older one goes.
    expect([cache.get("c"), cache.get("d")]).toEqual([undefined, "dddddddd"]);
    // Larger than the whole cache: not kept, and nothing else is pushed out for it.
    cache.set("e", "e".repeat(11), 1000);
    expect([cache.get("e"), cache.get("d")]).toEqual([undefined, "dddddddd"]);
  });

  it("forgets one key or all of them", () => {
    const cache = new FragmentCache({ maxEntries: 10, maxChars: 100 });
    cache.set("a", "1", 60_000);
    cache.set("b", "2", 60_000);
    expect(cache.delete("a")).toBe(true);
    expect(cache.delete("a")).toBe(false);
    cache.set("c", "3", 60_000);
    expect(cache.clear()).toBe(2);
    expect(cache.size).toBe(0);
    expect(cache.get("b")).toBeUndefined();
  });
});
