// The checks CI runs beside the tests, here too so that `npm test` catches them before a change
// lands: the tests (and the host-app type test, against the shipped .d.ts) type-check, and
// imports keep to the layers of .dependency-cruiser.cjs. ESLint (`npm run lint`) is slower and
// runs in CI only.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "..");
const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);

/** The command's output, or its failure's output (so a failing check shows what it found). */
async function check(cmd: string, args: string[], cwd = ROOT): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return { ok: true, out: stdout + stderr };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("static checks", () => {
  it("test/ type-checks (tsc -p test/tsconfig.json)", async () => {
    const r = await check(bin("tsc"), ["-p", "test/tsconfig.json"]);
    expect(r.out.trim()).toBe("");
    expect(r.ok).toBe(true);
  }, 120_000);

  it("imports keep to the layers (npm run deps)", async () => {
    const r = await check(bin("depcruise"), [
      "cli",
      "server",
      "engine",
      "tags",
      "parser",
      "datasources",
      "config",
      "bench",
      "test",
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "err",
    ]);
    expect(r.out).not.toMatch(/error/);
    expect(r.ok).toBe(true);
  }, 120_000);

  it("the no-value-cycles rule counts a cycle of value imports only", async () => {
    // A tree of its own, checked with the project's rules: one cycle of value imports (a → b → a),
    // one of type-only imports (c → d → c) and one with a type-only link (e → f → g ⇢ e).
    const dir = mkdtempSync(join(tmpdir(), "quarry-cycles-"));
    try {
      mkdirSync(join(dir, "engine"));
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "NodeNext" } }));
      const files: Record<string, string> = {
        a: 'import { b } from "./b.js";\nexport const a = () => b;\n',
        b: 'import { a } from "./a.js";\nexport const b = () => a;\n',
        c: 'import type { D } from "./d.js";\nexport type C = { d?: D };\n',
        d: 'import type { C } from "./c.js";\nexport type D = { c?: C };\n',
        e: 'import { f } from "./f.js";\nexport type E = number;\nexport const e = f;\n',
        f: 'import { g } from "./g.js";\nexport const f = g;\n',
        g: 'import type { E } from "./e.js";\nexport const g: E = 1;\n',
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "engine", `${name}.ts`), text);
      const config = join(ROOT, ".dependency-cruiser.cjs");
      const r = await check(bin("depcruise"), ["engine", "--config", config, "--output-type", "err"], dir);
      // Only the value cycle, once (depcruise names a cycle at its first module).
      expect(
        r.out
          .trim()
          .split("\n")
          .map((line) => line.trim()),
      ).toEqual([
        "error no-value-cycles: engine/a.ts →",
        "engine/b.ts →",
        "engine/a.ts",
        "",
        "x 1 dependency violations (1 errors, 0 warnings). 7 modules, 7 dependencies cruised.",
      ]);
      expect(r.ok).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
