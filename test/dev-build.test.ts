// The daily workflow: quarry dev reloads on save, quarry build + quarry start serve the same
// pages, quarry init writes a site that works, and the commands run as real processes.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { listening, stop } from "./process.js";
import { createDatabase } from "./db.js";
import { SAMPLE_SEED, TEMPLATES, database, until, startServer, type Server } from "./http.js";
import { build } from "../server/build.js";
import { RELOAD_PATH } from "../server/dev.js";
import { PrecompiledSource } from "../server/sources.js";
import { COMPILED_RUNTIME } from "../engine/precompiled.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
const run = promisify(execFile);

let url: string;
beforeAll(async () => {
  url = await createDatabase(SAMPLE_SEED, "workflow");
});

describe("quarry dev", () => {
  it("recompiles an edited include and what includes it, and tells open pages to reload", async () => {
    const root = site({
      "index.dbt": `<dbt:include template="_part.dbt"><p>page</p>\n</body>`,
      "_part.dbt": "<p>old</p>\n",
      "other.dbt": "other",
    });
    const lines: string[] = [];
    const server = await startServer({ root, dev: true, database: database(url), log: (l) => lines.push(l) });
    try {
      expect(await (await fetch(`${server.base}/`)).text()).toBe(`<p>old</p>\n<p>page</p>\n</body>`);
      const browser = await (await fetch(`${server.base}/`, { headers: { "sec-fetch-dest": "document" } })).text();
      expect(browser.startsWith(`<p>old</p>\n<p>page</p>\n<details id="quarry-debug" `)).toBe(true);
      expect(
        browser.endsWith(
          `</details><script>(function(){var s=new EventSource("/_quarry/reload");s.onmessage=function(e){if(e.data==="reload")location.reload()};})();</script></body>`,
        ),
      ).toBe(true);
      await fetch(`${server.base}/other`);
      const events = await fetch(server.base + RELOAD_PATH);
      expect(events.headers.get("content-type")).toBe("text/event-stream");
      const reader = events.body!.getReader();
      await reader.read();
      // The server listens only once its watcher has scanned the site: one save is seen.
      writeFileSync(join(root, "_part.dbt"), "<p>new</p>\n");
      const chunk = await reader.read();
      expect(new TextDecoder().decode(chunk.value as Uint8Array)).toBe("data: reload\n\n");
      const body = await until(
        () => fetch(`${server.base}/`).then((r) => r.text()),
        (t) => t.startsWith("<p>new</p>"),
      );
      expect(body.startsWith("<p>new</p>\n<p>page</p>\n")).toBe(true);
      expect(lines).toContain("changed _part.dbt: recompiling _part.dbt, index.dbt on next request");
      await reader.cancel();
    } finally {
      await server.close();
    }
  });
  it("reads an edited component file again: the next new makes the new kind of instance", async () => {
    const root = site({
      "index.dbt": "<dbt:set c = new models.Counter()><dbt:output>#c.label()#</dbt:output>",
      "models/Counter.cfc": 'component { function label() { return "old"; } }',
    });
    const lines: string[] = [];
    const server = await startServer({ root, dev: true, database: database(url), log: (l) => lines.push(l) });
    try {
      expect(await (await fetch(`${server.base}/`)).text()).toBe("old");
      writeFileSync(join(root, "models", "Counter.cfc"), 'component { function label() { return "new"; } }');
      expect(
        await until(
          () => fetch(`${server.base}/`).then((r) => r.text()),
          (t) => t === "new",
        ),
      ).toBe("new");
      expect(lines).toContain("changed models/Counter.cfc: recompiling models/Counter.cfc on next request");
      expect((await fetch(`${server.base}/models/Counter.cfc`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("an error page a browser loads reloads itself once the template is fixed", async () => {
    const root = site({
      "_error.dbt": `<html><body><dbt:output><h1>#error.title#</h1></dbt:output></body></html>`,
      "notes.dbt": `<dbt:query name="q">SELECT creatd FROM (SELECT 1 AS created) t</dbt:query><dbt:output>#q.created#</dbt:output>`,
    });
    const server = await startServer({ root, dev: true, database: database(url), log: () => {} });
    let reader: ReadableStreamDefaultReader | undefined;
    try {
      const failed = await fetch(`${server.base}/notes`, { headers: { "sec-fetch-dest": "document" } });
      expect(failed.status).toBe(500);
      const html = await failed.text();
      expect(html.startsWith(`<html><body><h1>Internal server error</h1><section id="quarry-error" `)).toBe(true);
      expect(html).toContain(`<pre class="sql">SELECT creatd FROM (SELECT 1 AS created) t\n       ^</pre>`);
      expect(
        html.endsWith(
          `</details><script>(function(){var s=new EventSource("/_quarry/reload");s.onmessage=function(e){if(e.data==="reload")location.reload()};})();</script></body></html>`,
        ),
      ).toBe(true);
      // What the script does: listen, and reload on the save that fixes the page.
      reader = (await fetch(server.base + RELOAD_PATH)).body!.getReader();
      await reader.read();
      writeFileSync(
        join(root, "notes.dbt"),
        `<dbt:query name="q">SELECT created FROM (SELECT 1 AS created) t</dbt:query><dbt:output>#q.created#</dbt:output>`,
      );
      expect(new TextDecoder().decode((await reader.read()).value as Uint8Array)).toBe("data: reload\n\n");
      const fixed = await fetch(`${server.base}/notes`);
      expect([fixed.status, await fixed.text()]).toEqual([200, "1"]);
    } finally {
      await reader?.cancel(); // an open event stream would hold the server's close
      await server.close();
    }
  });
  it("never follows a symlink out of the site: links to the parent and to / are not walked", async () => {
    const outside = mkdtempSync(join(tmpdir(), "quarry-outside-"));
    mkdirSync(join(outside, "deep"));
    writeFileSync(join(outside, "deep", "page.dbt"), "outside");
    const root = site({ "index.dbt": "<p>in</p>" });
    symlinkSync("..", join(root, "up"));
    symlinkSync("/", join(root, "root"));
    symlinkSync(outside, join(root, "elsewhere"));
    const lines: string[] = [];
    let stream: ReadableStreamDefaultReader | undefined;
    const server = await startServer({ root, dev: true, database: database(url), log: (l) => lines.push(l) });
    try {
      expect(await (await fetch(`${server.base}/`)).text()).toBe("<p>in</p>");
      const events = await fetch(server.base + RELOAD_PATH);
      const reader = events.body!.getReader();
      stream = reader;
      await reader.read();
      // A save outside through the link is not seen; the next save inside is the first event.
      writeFileSync(join(outside, "deep", "page.dbt"), "changed outside");
      writeFileSync(join(root, "index.dbt"), "<p>in, edited</p>");
      expect(new TextDecoder().decode((await reader.read()).value as Uint8Array)).toBe("data: reload\n\n");
      await until(
        () => Promise.resolve(lines),
        (l) => l.includes("changed index.dbt: recompiling index.dbt on next request"),
      );
      expect(lines.filter((l) => l.startsWith("changed "))).toEqual([
        "changed index.dbt: recompiling index.dbt on next request",
      ]);
    } finally {
      await stream?.cancel(); // an open event stream would hold the server's close
      await server.close();
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe("quarry build + quarry start", () => {
  let dist: string;
  let fromSource: Server;
  let fromBuild: Server;
  let interpreted: Server;
  beforeAll(async () => {
    dist = join(mkdtempSync(join(tmpdir(), "quarry-dist-")), "dist");
    const result = build(TEMPLATES, dist);
    expect(result.errors).toEqual([]);
    fromSource = await startServer({ root: TEMPLATES, database: database(url) });
    fromBuild = await startServer({ dist, database: database(url) });
    interpreted = await startServer({ root: TEMPLATES, mode: "interpreted", database: database(url) });
  });
  afterAll(async () => {
    await fromSource.close();
    await fromBuild.close();
    await interpreted.close();
  });

  it("writes one module per template, the manifest, static files, the config and _db", () => {
    const manifest = JSON.parse(readFileSync(join(dist, "manifest.json"), "utf8")) as {
      templates: Record<string, string>;
      statics: string[];
    };
    expect(Object.keys(manifest.templates)).toEqual([
      "_404.dbt",
      "_application.dbt",
      "_error.dbt",
      "_layout/footer.dbt",
      "_layout/header.dbt",
      "access-log.dbt",
      "authors.dbt",
      "board/index.dbt",
      "cart.dbt",
      "fortunes.dbt",
      "index.dbt",
      "mandelbrot.dbt",
      "personalised.dbt",
    ]);
    expect(manifest.statics).toEqual(["style.css"]);
    expect(readFileSync(join(dist, "templates", "fortunes.mjs"), "utf8")).toMatch(
      /^export default function \(rt, F, T\) \{\n"use strict";/,
    );
    expect(existsSync(join(dist, "_db", "002_seed.sql"))).toBe(true);
    expect(existsSync(join(dist, "fortunes.dbt"))).toBe(false);
  });

  it("is refused by a Quarry whose compiled code calls the runtime differently", async () => {
    const old = join(mkdtempSync(join(tmpdir(), "quarry-dist-")), "dist");
    cpSync(dist, old, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(old, "manifest.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.runtime).toBe(COMPILED_RUNTIME);
    delete manifest.runtime;
    writeFileSync(join(old, "manifest.json"), JSON.stringify(manifest));
    await expect(PrecompiledSource.load(old)).rejects.toThrow(
      `${old} was built by a Quarry whose compiled code calls its runtime differently (compiled runtime 1, this Quarry's ${COMPILED_RUNTIME}): rebuild it with this Quarry's quarry build`,
    );
    rmSync(join(old, ".."), { recursive: true, force: true });
  });

  it.each([
    "/",
    "/fortunes",
    "/authors",
    "/access-log",
    "/personalised?user=3&password=secret3&file=4",
    "/personalised?user=x",
    "/mandelbrot?width=30&height=12",
    "/cart",
    "/board/?id=999999",
    "/nope",
    "/fortunes.dbt",
    "/style.css",
    "/../package.json",
  ])("%s is identical built, compiled and interpreted", async (path) => {
    const [a, b, c] = await Promise.all(
      [fromSource, fromBuild, interpreted].map(async (s) => {
        const res = await fetch(s.base + path, { method: path === "/style.css" ? "HEAD" : "GET" });
        // CSRF tokens are random per visitor; everything else must match byte for byte.
        return {
          status: res.status,
          type: res.headers.get("content-type"),
          body: (await res.text())
            .replace(/name="_csrf" value="[^"]+"/g, 'name="_csrf" value=""')
            // Each server has request ids of its own.
            .replace(/req-[0-9a-f]{10}[0-9a-z]+/g, "req-…"),
        };
      }),
    );
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });
});

describe("quarry build failures", () => {
  it("lists every invalid template and writes nothing", () => {
    const root = site({
      "a.dbt": "<dbt:if>x</dbt:if>",
      "ok.dbt": "fine",
      "b/c.dbt": "<dbt:output>#nope(#</dbt:output>",
    });
    const out = join(mkdtempSync(join(tmpdir(), "quarry-fail-")), "dist");
    const result = build(root, out);
    expect(result.errors).toHaveLength(2);
    expect(result.errors[0]).toMatch(/^a\.dbt:1:1 QRY_ERR_\w+: /);
    expect(result.errors[1]).toMatch(/^b\/c\.dbt:1:\d+ QRY_ERR_SYNTAX: /);
    expect(existsSync(out)).toBe(false);
  });
});

describe("the commands as processes", () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill("SIGKILL")));

  /** Starts `quarry …`, waits for the URL it prints, and returns it. */
  async function serveProcess(args: string[], databaseUrl = url): Promise<{ child: ChildProcess; base: string }> {
    const child = spawn(process.execPath, [bin, ...args, "--port", "0"], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
    });
    children.push(child);
    return { child, base: await listening(child) };
  }

  it("quarry init writes a site that quarry dev serves, writes to and validates", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "quarry-init-")), "site");
    const { stdout } = await run(process.execPath, [bin, "init", dir]);
    expect(stdout).toContain("wrote a starter site into");
    // An empty database of its own: quarry dev applies the starter's _db/ migrations to it.
    const { child, base } = await serveProcess(["dev", dir], await createDatabase([], "init"));
    const page = await (await fetch(`${base}/`)).text();
    expect(page).toContain("<li>Hello from Quarry</li>");
    const form = await fetch(`${base}/`);
    const token = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
    const cookie = form.headers.getSetCookie()[0]!.split(";")[0]!;
    const post = await fetch(`${base}/`, {
      method: "POST",
      body: new URLSearchParams({ body: "<b>hi</b>", _csrf: token }),
      headers: { cookie },
      redirect: "manual",
    });
    expect(post.status).toBe(303);
    // The note is listed, and the flash message shows once (the post started a session).
    const session = post.headers.getSetCookie()[0]!.split(";")[0]!;
    const listed = await (await fetch(`${base}/`, { headers: { cookie: `${cookie}; ${session}` } })).text();
    expect(listed).toContain("<li>&lt;b&gt;hi&lt;/b&gt;</li>");
    expect(listed).toContain(`<p class="notice">Note added</p>`);
    const again = await (await fetch(`${base}/`, { headers: { cookie: `${cookie}; ${session}` } })).text();
    expect(again).not.toContain(`class="notice"`);
    // A bad post is the form again with its message and what was typed, not a 400.
    const long = "x".repeat(501);
    const bad = await fetch(`${base}/`, {
      method: "POST",
      body: new URLSearchParams({ body: long, _csrf: token }),
      headers: { cookie },
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain(
      `<input name="body" maxlength="500" value="${long}"> <button>Add</button> <span class="error">Write a note of 1 to 500 characters</span>`,
    );
    expect(await stop(child)).toBe(0);
    await expect(run(process.execPath, [bin, "init", dir])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("is not empty"),
    });
  });

  it("quarry build then quarry start serve the sample site", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "quarry-cli-dist-")), "dist");
    const { stdout } = await run(process.execPath, [bin, "build", TEMPLATES, "--out", out]);
    expect(stdout).toMatch(/^built 13 templates and 1 static file into /);
    const { child, base } = await serveProcess(["start", out]);
    const res = await fetch(`${base}/authors`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<td>Gringlesby</td>");
    expect(await stop(child)).toBe(0);
  });

  it("quarry start runs with the parser, validator, interpreter and compiler removed", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "quarry-lean-dist-")), "dist");
    build(TEMPLATES, out);
    // A copy of the build inside the project (so node_modules resolves) without those modules.
    const lean = mkdtempSync(join(import.meta.dirname, "..", "build-lean-"));
    try {
      cpSync(join(import.meta.dirname, "..", "build"), lean, { recursive: true });
      rmSync(join(lean, "parser"), { recursive: true });
      for (const f of ["validate", "interpreter", "compiler", "template", "engine"])
        rmSync(join(lean, "engine", `${f}.js`));
      const child = spawn(process.execPath, [join(lean, "cli", "index.js"), "start", out, "--port", "0"], {
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
      });
      children.push(child);
      const base = await listening(child);
      expect(await (await fetch(`${base}/fortunes`)).text()).toContain(
        "<td>Additional fortune added at request time.</td>",
      );
      expect(await stop(child)).toBe(0);
    } finally {
      rmSync(lean, { recursive: true, force: true });
    }
  });

  it("builds component files (Name.cfc) beside the pages, and the build serves them", async () => {
    const root = site({
      "index.dbt": "<dbt:set p = new models.Person()><dbt:output>#p.hi()#</dbt:output>",
      "models/Person.cfc": 'component { function hi() { return "hi"; } }',
      "models/Person.dbt": "a page of the same name",
    });
    const out = join(mkdtempSync(join(tmpdir(), "quarry-cfc-dist-")), "dist");
    expect(build(root, out).errors).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")) as {
      templates: Record<string, string>;
      statics: string[];
    };
    expect(manifest.templates).toEqual({
      "index.dbt": "templates/index.mjs",
      "models/Person.cfc": "templates/models/Person.cfc.mjs",
      "models/Person.dbt": "templates/models/Person.mjs",
    });
    expect(manifest.statics).toEqual([]);
    const server = await startServer({ dist: out, database: database(url) });
    try {
      expect(await (await fetch(`${server.base}/`)).text()).toBe("hi");
      expect(await (await fetch(`${server.base}/models/Person`)).text()).toBe("a page of the same name");
      expect((await fetch(`${server.base}/models/Person.cfc`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("quarry build takes a folder whose serving mark names a process that is gone (kill -9)", async () => {
    const dist = join(mkdtempSync(join(tmpdir(), "quarry-stale-")), "dist");
    expect(build(TEMPLATES, dist).errors).toEqual([]);
    const { child } = await serveProcess(["start", dist, "--workers", "1"]);
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await gone;
    expect(readFileSync(join(dist, ".quarry-serving"), "utf8")).toBe(`${child.pid}\n`);
    await run(process.execPath, [bin, "build", TEMPLATES, "--out", dist]);
  });

  it.each(["1", "2"])(
    "quarry build refuses the folder a running quarry start --workers %s serves, and takes it once stopped",
    async (workers) => {
      const dist = join(mkdtempSync(join(tmpdir(), "quarry-served-")), "dist");
      expect(build(TEMPLATES, dist).errors).toEqual([]);
      const { child, base } = await serveProcess(["start", dist, "--workers", workers]);
      expect((await fetch(`${base}/`)).status).toBe(200);
      const pid = readFileSync(join(dist, ".quarry-serving"), "utf8");
      expect(pid).toBe(`${child.pid}\n`);
      await expect(run(process.execPath, [bin, "build", TEMPLATES, "--out", dist])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          `is served by quarry start (process ${child.pid}): a worker replaced later would serve the new build beside the old one. Build into a new folder and point quarry start at it (docs/deploy.md), or stop the server first`,
        ),
      });
      expect(await stop(child)).toBe(0);
      expect(existsSync(join(dist, ".quarry-serving"))).toBe(false);
      await run(process.execPath, [bin, "build", TEMPLATES, "--out", dist]);
    },
  );

  it("serving commands say plainly what is missing or taken", async () => {
    await expect(run(process.execPath, [bin, "dev", "/nonexistent-site"])).rejects.toMatchObject({
      code: 1,
      stderr: "QRY_ERR_CONFIG: Site folder /nonexistent-site does not exist\n",
    });
    const empty = mkdtempSync(join(tmpdir(), "quarry-empty-"));
    await expect(run(process.execPath, [bin, "start", empty])).rejects.toMatchObject({
      code: 1,
      stderr: `QRY_ERR_CONFIG: ${empty} is not a Quarry build (no manifest.json): run quarry build first\n`,
    });
    const { child, base } = await serveProcess(["dev", TEMPLATES]);
    const port = new URL(base).port;
    // Said before the database is touched: the sample site's migrations are not applied.
    const fresh = await createDatabase([], "busyport");
    const busy = `error: port ${port} on 127.0.0.1 is in use by another process: stop it or choose another with --port\n`;
    await expect(
      run(process.execPath, [bin, "dev", TEMPLATES, "--port", port], { env: { ...process.env, DATABASE_URL: fresh } }),
    ).rejects.toMatchObject({ code: 1, stderr: busy });
    const built = mkdtempSync(join(tmpdir(), "quarry-busy-"));
    build(TEMPLATES, join(built, "dist"));
    for (const workers of ["1", "2"])
      await expect(
        run(process.execPath, [bin, "start", join(built, "dist"), "--port", port, "--workers", workers], {
          env: { ...process.env, DATABASE_URL: fresh },
        }),
      ).rejects.toMatchObject({ code: 1, stderr: busy });
    const db = new pg.Client({ connectionString: fresh });
    await db.connect();
    try {
      expect((await db.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await db.end();
    }
    expect(await stop(child)).toBe(0);
  });

  it("quarry build exits 1 and prints every error", async () => {
    const root = site({ "a.dbt": "<dbt:if>x</dbt:if>", "b.dbt": "<dbt:nope>" });
    const err = await run(process.execPath, [
      bin,
      "build",
      root,
      "--out",
      join(mkdtempSync(join(tmpdir(), "quarry-fail-")), "dist"),
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 1 });
    const stderr = (err as { stderr: string }).stderr;
    expect(stderr).toContain("a.dbt:1:1");
    expect(stderr).toContain("b.dbt:1:1 QRY_ERR_UNKNOWN_TAG: Unknown tag <dbt:nope>");
    expect(stderr).toContain("build failed: 2 errors in 2 templates; nothing written");
  });
});
