// One table of errors (like Fastify's errors.test.js): every code in engine/errors.ts has its row
// in docs/errors.md and every row is a code; no file names a code the table lacks; outside the
// table, source code raises codes only through `codes.NAME`, never a string literal.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import * as errors from "../engine/errors.js";
import { BuildOutError } from "../server/build.js";
import { MigrationError } from "../server/migrations.js";

const ROOT = join(import.meta.dirname, "..");
const PREFIX = "QRY" + "_ERR_"; // split so this file holds no code-shaped literal itself
const CODE = new RegExp(`${PREFIX}[A-Z0-9_]+`, "g");
/** A code written as a string literal (comments may name codes; code must use `codes.NAME`). */
const LITERAL = new RegExp(`["'\`](${PREFIX}[A-Z0-9_]+)["'\`]`, "g");
const table: string[] = Object.values(errors.codes);

interface Row {
  code: string;
  classes: string[];
  http: string;
  catchType: string;
  meaning: string;
  todo: string;
}

/** The rows of docs/errors.md's tables whose first cell is a code. */
function docRows(): Row[] {
  const rows: Row[] = [];
  for (const line of readFileSync(join(ROOT, "docs", "errors.md"), "utf8").split("\n")) {
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    const code = /^`([A-Z0-9_]+)`$/.exec(cells[0] ?? "")?.[1];
    if (!code?.startsWith(PREFIX)) continue;
    const [, classes = "", http = "", catchType = "", meaning = "", todo = ""] = cells;
    rows.push({ code, classes: classes === "—" ? [] : classes.split(/,\s*/), http, catchType, meaning, todo });
  }
  return rows;
}

/** Every file under `dir` (recursively) whose name ends with one of `exts`. */
function files(dir: string, exts: string[]): string[] {
  const skip = new Set(["node_modules", "build", "generated", ".git"]);
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && exts.some((x) => e.name.endsWith(x)))
    .map((e) => join(e.parentPath, e.name))
    .filter(
      (f) =>
        !relative(ROOT, f)
          .split("/")
          .some((part) => skip.has(part)),
    );
}

const SOURCE_DIRS = ["cli", "server", "engine", "tags", "datasources", "config", "parser", "bench", "scripts"];

describe("the table of error codes", () => {
  const rows = docRows();

  it("docs/errors.md has exactly one row for each code in engine/errors.ts", () => {
    const documented = rows.map((r) => r.code);
    expect(
      documented.filter((c, i) => documented.indexOf(c) !== i),
      "codes documented twice",
    ).toEqual([]);
    expect(
      table.filter((c) => !documented.includes(c)),
      "codes missing from docs/errors.md: add a row for each",
    ).toEqual([]);
    expect(
      documented.filter((c) => !table.includes(c)),
      "rows in docs/errors.md for codes that engine/errors.ts does not have",
    ).toEqual([]);
    expect(
      Object.keys(errors.codes).filter((k) => errors.codes[k as keyof typeof errors.codes] !== PREFIX + k),
      "a key of `codes` must be its code without the prefix",
    ).toEqual([]);
  });

  it("every row names real classes and says what the error means and what to do", () => {
    const classes = new Map<string, unknown>([
      ...Object.entries(errors),
      ["BuildOutError", BuildOutError],
      ["MigrationError", MigrationError],
    ]);
    for (const row of rows) {
      for (const c of row.classes) {
        const cls = classes.get(c);
        expect(
          typeof cls === "function" &&
            (cls === errors.QuarryError || (cls as { prototype: unknown }).prototype instanceof errors.QuarryError),
          `${row.code}: ${c} is not a QuarryError class`,
        ).toBe(true);
      }
      expect(row.http, `${row.code}: HTTP column`).toMatch(/^(—|\d{3}\b|the `status` attribute)/);
      expect(row.meaning.length, `${row.code}: meaning`).toBeGreaterThan(10);
      expect(row.todo.length, `${row.code}: what to do`).toBeGreaterThan(10);
    }
  });

  it("classes with a fixed code carry the code, class and status their row gives", () => {
    const made: errors.QuarryError[] = [
      new errors.ParamError("url.id", "m", null),
      new errors.ConfigError("m"),
      new errors.DatasourceError("main", "m"),
      new errors.QueryError("m", "SELECT 1", [], null, null),
      new errors.QueryParamError("m", null),
      new BuildOutError("m"),
    ];
    for (const err of made) {
      const row = rows.find((r) => r.code === err.code);
      expect(row, err.code).toBeDefined();
      expect(row!.classes, err.code).toContain(err.name);
      const status = statusOf(row!.http);
      expect([err.code, err.status ?? status], "documented status").toEqual([err.code, status]);
    }
  });
});

/** The status a row documents: its first three-digit number, or null for "—" (500 if raised while serving). */
function statusOf(http: string): number | null {
  const m = /^\d{3}/.exec(http);
  return m ? Number(m[0]) : http === "—" ? null : NaN;
}

describe("codes in the sources, tests and docs", () => {
  it("name only codes the table has", () => {
    const unknown: string[] = [];
    const scanned = [
      ...SOURCE_DIRS.flatMap((d) => files(join(ROOT, d), [".ts", ".mjs", ".js", ".peggy"])),
      ...files(join(ROOT, "test"), [".ts", ".dbt", ".txt", ".html", ".json"]),
      ...files(join(ROOT, "docs"), [".md"]),
      ...files(join(ROOT, "templates"), [".dbt"]),
      join(ROOT, "README.md"),
    ];
    for (const f of scanned) {
      for (const m of readFileSync(f, "utf8").matchAll(CODE))
        if (!table.includes(m[0])) unknown.push(`${relative(ROOT, f)}: ${m[0]}`);
    }
    expect(unknown, "add these to `codes` in engine/errors.ts and a row to docs/errors.md, or fix the name").toEqual(
      [],
    );
  });

  it("raise codes through `codes.NAME`: no code string literal in the source outside engine/errors.ts", () => {
    const literals: string[] = [];
    for (const f of SOURCE_DIRS.flatMap((d) => files(join(ROOT, d), [".ts", ".mjs", ".js", ".peggy"]))) {
      if (relative(ROOT, f) === join("engine", "errors.ts")) continue;
      readFileSync(f, "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const m of line.matchAll(LITERAL)) literals.push(`${relative(ROOT, f)}:${i + 1}: ${m[1]}`);
        });
    }
    expect(literals, "use codes.NAME from engine/errors.ts instead").toEqual([]);
  });
});
