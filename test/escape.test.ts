// escapeHtml (engine/values.ts) scans, then jumps by regex over long plain runs; these check it
// against the one-line definition on strings where specials are dense, sparse, at either end,
// and separated by runs just under and over the jump threshold.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { escapeHtml } from "../engine/values.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const reference = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

describe("escapeHtml", () => {
  it("spells the five entities exactly and returns plain strings as they are", () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&#39;f");
    expect(escapeHtml("")).toBe("");
    expect(escapeHtml("plain text, nothing to do")).toBe("plain text, nothing to do");
    expect(escapeHtml("<")).toBe("&lt;");
    expect(escapeHtml(`${"x".repeat(15)}&${"y".repeat(16)}'${"z".repeat(40)}`)).toBe(
      `${"x".repeat(15)}&amp;${"y".repeat(16)}&#39;${"z".repeat(40)}`,
    );
  });

  it("matches the reference on random mixes of specials and plain runs", () => {
    const piece = fc.oneof(
      fc.constantFrom("&", "<", ">", '"', "'"),
      fc.integer({ min: 0, max: 40 }).map((n) => "é a".repeat(n).slice(0, n)),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const s = parts.join("");
        expect(escapeHtml(s)).toBe(reference(s));
      }),
      { numRuns: 2000 },
    );
  });
});
