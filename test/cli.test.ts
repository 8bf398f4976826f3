// The quarry command, run as a user would: a real process on real files.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { delimiter, join } from "node:path";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { createDatabase } from "./db.js";

const run = promisify(execFile);
const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
const quarry = (...args: string[]) => run(process.execPath, [bin, ...args]);

describe("quarry render", () => {
  const root = site({
    "page.dbt": '<dbt:param name="url.name" default="world">\n<dbt:include template="_greet.dbt">\n',
    "_greet.dbt": "<dbt:output><p>Hello, #url.name#!</p></dbt:output>\n",
    "data.json": JSON.stringify({ url: { name: "<Ann>" } }),
  });

  it.each(["compiled", "interpreted"])("prints the page in %s mode", async (mode) => {
    const { stdout } = await quarry(
      "render",
      join(root, "page.dbt"),
      "--data",
      join(root, "data.json"),
      "--mode",
      mode,
    );
    expect(stdout).toBe("<p>Hello, &lt;Ann&gt;!</p>\n");
  });

  it("rejects an unknown mode", async () => {
    await expect(quarry("render", join(root, "page.dbt"), "--mode", "fast")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Allowed choices are compiled, interpreted"),
    });
  });

  it("exits 1 with the located error", async () => {
    writeFileSync(join(root, "oops.dbt"), "<dbt:output>#nothing#</dbt:output>");
    await expect(quarry("render", join(root, "oops.dbt"))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('oops.dbt:1:14 QRY_ERR_UNDEFINED: Variable "nothing" is undefined'),
    });
  });
});

describe("quarry check", () => {
  it("passes a clean folder", async () => {
    const root = site({ "a.dbt": "<p>a</p>", "sub/b.dbt": '<dbt:include template="../a.dbt">' });
    const { stdout } = await quarry("check", root);
    expect(stdout).toMatch(/^2 templates checked in .*: no errors\n$/);
  });

  it("names the file, line and column of every broken template and exits non-zero", async () => {
    const root = site({
      "ok.dbt": "<p>ok</p>",
      "pages/bad.dbt": "<p>\n  <dbt:if x GT>y</dbt:if>",
      "worse.dbt": "<dbt:loop>",
    });
    const err = await quarry("check", root).then(
      () => null,
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toContain('pages/bad.dbt:2:15 QRY_ERR_SYNTAX: Expected an expression but found ">"');
    expect(err?.stderr).toContain("> 2 |   <dbt:if x GT>y</dbt:if>");
    expect(err?.stderr).toContain("worse.dbt:1:1 QRY_ERR_NESTING");
    expect(err?.stdout).toContain("3 templates checked in ");
    expect(err?.stdout).toContain(": 2 errors\n");
  });
});

describe("quarry compile", () => {
  const root = site({
    "page.dbt": '<dbt:include template="_part.dbt"><dbt:output>#len("ab") + 1#</dbt:output>',
    "_part.dbt": "<p>part</p>",
    "bad.dbt": "<dbt:if x GT>y</dbt:if>",
  });

  it("prints the JavaScript quarry build writes for the page", async () => {
    const { stdout } = await quarry("compile", join(root, "page.dbt"));
    expect(stdout.startsWith('"use strict";\n// Compiled by Quarry from "page.dbt".\n')).toBe(true);
    expect(stdout).toContain("return async function render(ctx) {");
    expect(stdout).toContain('"_part.dbt"');
  });

  it("reports a template that does not compile with its location", async () => {
    await expect(quarry("compile", join(root, "bad.dbt"))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('bad.dbt:1:13 QRY_ERR_SYNTAX: Expected an expression but found ">"'),
    });
  });
});

describe("quarry --help", () => {
  it("lists every command", async () => {
    const { stdout } = await quarry("--help");
    for (const cmd of ["render", "compile", "check", "dev", "start", "build", "init"])
      expect(stdout).toMatch(new RegExp(`^  ${cmd} `, "m"));
  });

  // `quarry <command>` registers only that command; these need them all.
  it("suggests the command a mistyped name meant", async () => {
    const err = (await quarry("strat").catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(err.code).toBe(1);
    // The suggestion, then the help that lists every command.
    expect(err.stderr.startsWith("error: unknown command 'strat'\n(Did you mean start?)\n")).toBe(true);
    for (const cmd of ["render", "compile", "check", "dev", "start", "build", "init", "bench", "db", "schedule"])
      expect(err.stderr).toMatch(new RegExp(`^  ${cmd} `, "m"));
  });

  it.each(["-v", "-V", "--version"])("prints the version with %s", async (flag) => {
    const version = (
      JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8")) as { version: string }
    ).version;
    expect((await quarry(flag)).stdout).toBe(`${version}\n`);
  });

  it("prints a command's help through quarry help", async () => {
    const { stdout } = await quarry("help", "start");
    expect(stdout.startsWith("Usage: quarry start [options] [dist]\n")).toBe(true);
  });
});

describe("the commands quarry prints", () => {
  // quarry init ends with the command to run next, spelled as this quarry was run.
  it.each([
    ["on the PATH", {}, "quarry dev site"],
    // npx puts a temporary folder holding quarry on the PATH: gone once npx exits.
    ["run by npx", { npm_command: "exec" }, "npx quarry dev site"],
  ])("%s: init says %s", async (_how, env: Record<string, string>, next) => {
    const dir = mkdtempSync(join(tmpdir(), "quarry-invocation-"));
    try {
      mkdirSync(join(dir, "bin"));
      symlinkSync(join(import.meta.dirname, "..", "bin", "quarry.js"), join(dir, "bin", "quarry"));
      const childEnv: NodeJS.ProcessEnv = {
        ...process.env,
        PATH: `${join(dir, "bin")}${delimiter}${process.env.PATH ?? ""}`,
        ...env,
      };
      if (!("npm_command" in env)) delete childEnv.npm_command;
      const { stdout } = await run(process.execPath, [join(dir, "bin", "quarry"), "init", "site"], {
        cwd: dir,
        env: childEnv,
      });
      expect(stdout).toContain(`wrote a starter site into site; run: ${next}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the package as users install it", () => {
  // What `npm start` and `quarry build` leave in the sample site (the embedded cluster with its
  // password, logs, builds) never ships: the package's `files` allow-list only what git tracks.
  it("packs only tracked sources and the compiled build, never a site's runtime data", async () => {
    const root = join(import.meta.dirname, "..");
    const copy = mkdtempSync(join(tmpdir(), "quarry-packlist-"));
    try {
      for (const entry of ["package.json", "README.md", "bin", "build", "docs", "templates"])
        cpSync(join(root, entry), join(copy, entry), { recursive: true });
      const planted = {
        "templates/.quarry/quarry.json": '{"password":"secret"}',
        "templates/.quarry/postgres.log": "log",
        "templates/.quarry/data/base/1/page.dbt": "cluster file",
        "templates/_db/.quarry/x.sql": "select 1",
        "templates/server.log": "log",
        "templates/.env": "DATABASE_URL=postgres://u:p@h/db",
        "templates/dist/manifest.json": "{}",
        "templates/dist/index.js": "built",
        "docs/notes.log": "log",
        "build/server/plugin.js.map": "{}",
      };
      for (const [file, text] of Object.entries(planted)) {
        mkdirSync(join(copy, file, ".."), { recursive: true });
        writeFileSync(join(copy, file), text);
      }
      const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: copy });
      const packed = (JSON.parse(stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path).sort();
      const tracked = (await run("git", ["ls-files", "templates", "docs"], { cwd: root })).stdout.split("\n");
      const expected = ["README.md", "bin/quarry.js", "package.json", ...tracked.filter(Boolean)].sort();
      expect(packed.filter((f) => !f.startsWith("build/"))).toEqual(expected);
      expect(packed.filter((f) => f.startsWith("build/") && !/\.(js|d\.ts)$/.test(f))).toEqual([]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);

  it("npm pack gives a tarball whose quarry runs init, check and bench from any folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "quarry-pack-"));
    try {
      const root = join(import.meta.dirname, "..");
      // The build exists (pretest); --ignore-scripts keeps pack from rebuilding it.
      await run("npm", ["pack", "--ignore-scripts", "--pack-destination", dir], { cwd: root });
      const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
      const { stdout: listing } = await run("tar", ["-tzf", join(dir, tarball)]);
      expect(listing).toContain("package/build/cli/index.js");
      expect(listing).not.toMatch(/package\/test\//);
      // The recipes ship with the docs; their runnable sites (examples/) are the repository's tests.
      expect(listing).toContain("package/docs/recipes/forms.md");
      expect(listing).not.toMatch(/package\/examples\//);
      // quarry bench's modules ship; the in-process benchmarks of this repository do not.
      expect(listing).toContain("package/build/bench/main.js");
      expect(listing).not.toContain("package/build/bench/peers.js");
      writeFileSync(join(dir, "package.json"), '{"name":"app","private":true}');
      await run("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline", `./${tarball}`], {
        cwd: dir,
      });
      const installed = join(dir, "node_modules", ".bin", "quarry");
      const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
      expect((await run(installed, ["--version"], { cwd: dir })).stdout).toBe(`${version}\n`);
      const init = await run(installed, ["init", "site"], { cwd: dir });
      expect(init.stdout).toContain("wrote a starter site into site; run: npx quarry dev site\n");
      expect(readFileSync(join(dir, "site", ".gitignore"), "utf8")).toBe(".quarry/\ndist/\nnode_modules/\n");
      expect((await run(installed, ["check", "site"], { cwd: dir })).stdout).toBe(
        "3 templates checked in site: no errors\n",
      );
      // The starter page has a form (a fresh CSRF token each time): bench compares it all the same.
      const url = await createDatabase([join(dir, "site", "_db", "001_schema.sql")], "pack");
      const args = [
        "bench",
        "site",
        "--pages",
        "/",
        "--variants",
        "precompiled",
        "--quick",
        "--connections",
        "1",
        "--duration",
        "0.3",
        "--warmup",
        "0",
        "--no-progress",
        "--out",
        "results",
      ];
      const bench = await run(installed, args, { cwd: dir, env: { ...process.env, DATABASE_URL: url } });
      expect(bench.stdout).toMatch(/^\| \/ \| 1 \| precompiled \| [\d,]+ \| 1\.00× \|.*\| 0 \|$/m);
      expect(bench.stdout).toMatch(/^wrote results\/[\dT:Z-]+\/results\.json, summary\.md and report\.html$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
