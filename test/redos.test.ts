// No regular expression in Quarry's own source can stall the process: every regex literal (and
// every `new RegExp("…")` with a literal pattern) in the repository's TypeScript outside test/
// is checked with recheck, a ReDoS checker, and must come out safe. (The tests' own patterns
// run only on the tests' expected output, never in a server.) Patterns that templates give at
// run time go to a linear-time engine instead (engine/regex.ts).
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { check } from "recheck";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const SKIP = new Set(["node_modules", "build", "test"]);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith(".")) return [];
    const p = join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

interface Found {
  where: string;
  source: string;
  flags: string;
}

/**
 * `new RegExp(…)` sites whose pattern is built at run time and cannot be checked here, each
 * with why it is safe. Any other dynamic pattern fails the test: check it, or add it here.
 */
const DYNAMIC: Record<string, string> = {
  "engine/functions/strings.ts escapeRe(f)": "an escaped literal: no quantifier, no alternation",
  'engine/functions/text.ts f.replace(/[.*+?^${}()|[\\]\\\\]/g, "\\\\$&")':
    "an escaped literal: no quantifier, no alternation",
  "engine/functions/numbers.ts `^-?[${digits}]+$`": "one character class repeated, anchored",
  "bench/loadgen.ts job.expectPattern": "the operator's own --expect pattern, for their own benchmark",
  "bench/runner.ts page.expect": "the operator's own --expect pattern, for their own benchmark",
  "bench/main.ts o.expect":
    "the operator's own --expect pattern, compiled once to refuse an invalid one before the run",
  "bench/loadgen.ts job.mask":
    "the bench's own CSRF-field mask (bench/runner.ts CSRF_MASK, linear), run on the pages it measures",
  "bench/runner.ts page.mask":
    "the bench's own CSRF-field mask (bench/runner.ts CSRF_MASK, linear), run on the pages it measures",
};

/**
 * recheck bounded by steps, never by time: no timeout on the check, the fuzzer's incubation or
 * its seeding, and a fixed seed (recall validation stays off, its default), so a loaded machine
 * makes the check slower but never changes its verdict.
 */
const DETERMINISTIC = { timeout: null, incubationTimeout: null, seedingTimeout: null, randomSeed: 0 } as const;

/** Unsafe on purpose, never given input from outside: file and pattern, and why. */
const DELIBERATE: Record<string, string> = {
  "bench/regex.ts /(a+)+$/": "the attack pattern the regex benchmark times V8's engine on",
};

/** Every regex literal and literal `new RegExp(…)` pattern in one file; `dynamic` gets the rest. */
function regexesIn(file: string, dynamic: string[]): Found[] {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = relative(ROOT, file);
  const found: Found[] = [];
  const where = (n: ts.Node) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
    return `${rel}:${line + 1}:${character + 1}`;
  };
  // Constant strings of this file, so `new RegExp(String.raw`^${TIME}$`)` can be checked whole.
  const consts = new Map<string, ts.Expression>();
  const collect = (n: ts.Node): void => {
    if (
      ts.isVariableDeclaration(n) &&
      ts.isIdentifier(n.name) &&
      n.initializer &&
      (ts.getCombinedNodeFlags(n) & ts.NodeFlags.Const) !== 0
    )
      consts.set(n.name.text, n.initializer);
    ts.forEachChild(n, collect);
  };
  collect(sf);
  const value = (e: ts.Expression, raw = false): string | null => {
    if (ts.isStringLiteralLike(e)) return raw && ts.isNoSubstitutionTemplateLiteral(e) ? (e.rawText ?? e.text) : e.text;
    if (ts.isIdentifier(e)) {
      const init = consts.get(e.text);
      return init ? value(init) : null;
    }
    if (ts.isTaggedTemplateExpression(e) && e.tag.getText(sf) === "String.raw") return value(e.template, true);
    if (ts.isTemplateExpression(e)) {
      let out = raw ? (e.head.rawText ?? e.head.text) : e.head.text;
      for (const span of e.templateSpans) {
        const v = value(span.expression);
        if (v === null) return null;
        out += v + (raw ? (span.literal.rawText ?? span.literal.text) : span.literal.text);
      }
      return out;
    }
    return null;
  };
  const visit = (n: ts.Node): void => {
    if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const lit = n.getText(sf);
      const end = lit.lastIndexOf("/");
      found.push({ where: where(n), source: lit.slice(1, end), flags: lit.slice(end + 1) });
    } else if (
      (ts.isNewExpression(n) || ts.isCallExpression(n)) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text === "RegExp"
    ) {
      const [pattern, flags] = n.arguments ?? [];
      const source = pattern ? value(pattern) : null;
      const flagText = flags ? value(flags) : "";
      if (source !== null && flagText !== null) found.push({ where: where(n), source, flags: flagText });
      else if (!DYNAMIC[`${rel} ${pattern?.getText(sf)}`]) dynamic.push(`${where(n)} ${pattern?.getText(sf)}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe("regular expressions in the source", () => {
  const dynamic: string[] = [];
  const all = tsFiles(ROOT).flatMap((f) => regexesIn(f, dynamic));

  it("builds no pattern at run time that it cannot check, beyond the known safe ones", () => {
    expect(dynamic).toEqual([]);
  });

  it("finds the regexes it is meant to check", () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.map((r) => r.where)).toContainEqual(expect.stringMatching(/^engine\/values\.ts:\d+:\d+$/));
  });

  it("are all safe from super-linear backtracking (recheck)", async () => {
    const verdicts = new Map<string, Promise<string>>();
    const verdict = (source: string, flags: string) => {
      const key = `/${source}/${flags}`;
      if (!verdicts.has(key)) {
        verdicts.set(
          key,
          check(source, flags, DETERMINISTIC).then((d) =>
            d.status === "vulnerable"
              ? `vulnerable (${d.complexity.type}, attack ${JSON.stringify(d.attack.pattern)})`
              : d.status === "unknown"
                ? `unknown (${d.error.kind}${"message" in d.error ? `: ${d.error.message}` : ""})`
                : d.status,
          ),
        );
      }
      return verdicts.get(key)!;
    };
    const checked = all.filter((r) => !DELIBERATE[`${r.where.split(":")[0]} /${r.source}/${r.flags}`]);
    expect(checked.length).toBe(all.length - Object.keys(DELIBERATE).length);
    const results = await Promise.all(
      checked.map(async (r) => `${r.where} /${r.source}/${r.flags}: ${await verdict(r.source, r.flags)}`),
    );
    expect(results.filter((r) => !r.endsWith(": safe"))).toEqual([]);
  }, 600_000);

  it("the checker tells an unsafe pattern from a safe one", async () => {
    // The former number check of engine/values.ts: quadratic on a run of digits and a letter.
    expect((await check("^\\s*[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?\\s*$", "", DETERMINISTIC)).status).toBe(
      "vulnerable",
    );
    expect((await check("(a+)+$", "", DETERMINISTIC)).status).toBe("vulnerable");
    expect(
      (await check("^\\s*[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?\\s*$", "", DETERMINISTIC)).status,
    ).toBe("safe");
  }, 300_000);
});
