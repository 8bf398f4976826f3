// The pinned counts of bench/compat-known.ts (npm run compat:lucee fails when an entry explains
// another number of cases): the check itself, and that the pins agree with the last recorded run
// (bench/compat-lucee.json), so a count is never edited without the run that shows it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { known, knownIds, pinFailures } from "../bench/compat-known.js";

const recorded = JSON.parse(readFileSync(join(import.meta.dirname, "..", "bench", "compat-lucee.json"), "utf8")) as {
  known: Record<string, string[]>;
};

describe("known differences' pinned counts", () => {
  it("each entry's count is the number of cases the recorded run found it explains", () => {
    expect(Object.keys(recorded.known)).toEqual(known.map((k) => k.name));
    expect(Object.fromEntries(known.map((k) => [k.name, recorded.known[k.name]!.length]))).toEqual(
      Object.fromEntries(known.map((k) => [k.name, k.count])),
    );
    expect(pinFailures(recorded.known, recorded.known)).toEqual([]);
  });

  it("counts a case under every entry that explains it together, ids sorted", () => {
    const ids = knownIds([
      { id: "fixtures:b", verdict: "known", why: "html-escape + tag-line-whitespace" },
      { id: "fixtures:a", verdict: "known", why: "html-escape" },
      { id: "fixtures:c", verdict: "agree", why: "" },
      { id: "fixtures:d", verdict: "disagree", why: "different output" },
    ]);
    expect(ids["html-escape"]).toEqual(["fixtures:a", "fixtures:b"]);
    expect(ids["tag-line-whitespace"]).toEqual(["fixtures:b"]);
    expect(ids["error-wording"]).toEqual([]);
  });

  it("names the entry and the case ids that came or went when a run finds another number", () => {
    const entry = known.find((k) => k.name === "lucee-fails-its-test")!;
    const before = recorded.known[entry.name]!;
    const more = { ...recorded.known, [entry.name]: [...before, "cfml-cases:new1"].sort() };
    expect(pinFailures(more, recorded.known)).toEqual([
      `known difference \`lucee-fails-its-test\` explains ${entry.count + 1} case(s), its count in bench/compat-known.ts is ${entry.count} (new: cfml-cases:new1); set the count there if this is meant`,
    ]);
    const fewer = { ...recorded.known, [entry.name]: before.slice(1) };
    expect(pinFailures(fewer, recorded.known)).toEqual([
      `known difference \`lucee-fails-its-test\` explains ${entry.count - 1} case(s), its count in bench/compat-known.ts is ${entry.count} (missing: ${before[0]}); set the count there if this is meant`,
    ]);
    // Without a recorded run, every case of the entry is named.
    const one = { ...recorded.known, "function-local-mode": ["snippets:a", "snippets:b"] };
    expect(pinFailures(one, undefined)).toEqual([
      "known difference `function-local-mode` explains 2 case(s), its count in bench/compat-known.ts is 1 (its cases: snippets:a, snippets:b); set the count there if this is meant",
    ]);
  });

  it("files every case of lucee-fails-its-test under a kind", () => {
    const entry = known.find((k) => k.name === "lucee-fails-its-test")!;
    const kindOf = (source: string, lucee = "x", quarry = "y") =>
      entry.kinds!.find(([, t]) =>
        t({ id: "cfml-cases:x", source, expectsError: false }, { out: lucee }, { out: quarry }),
      )?.[0];
    expect(kindOf('BitAnd("9223372036854775808", 255)')).toMatch(/^preciseMath=false/);
    expect(kindOf('lsParseDateTime( "Feb 30, 2008","english (us)")')).toBe("Feb 30 turned into Feb 29");
    expect(kindOf("chr(128515)")).toBe('chr above U+FFFF is "" (a Java char)');
    expect(kindOf('structGet("s.x")', "AAA,bbb", "aaa,bbb")).toMatch(/^a key upper-cased/);
    expect(kindOf("len(x)")).toBeUndefined();
  });
});
