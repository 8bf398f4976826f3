// The checks CI runs beside the tests, here too so that `npm test` catches them before a change
// lands: the tests (and the host-app type test, against the shipped .d.ts) type-check, and
// imports keep to the layers of .dependency-cruiser.cjs. ESLint (`npm run lint`) is slower and
// runs in CI only.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "..");
const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);

/** The command's output, or its failure's output (so a failing check shows what it found). */
async function check(cmd: string, args: string[]): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
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
});
