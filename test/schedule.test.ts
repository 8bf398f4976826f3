// Scheduled tasks (_schedule.json, server/schedule.ts): the file checked with located errors;
// each slot run once however many processes and machines serve the site (real `quarry start`
// processes on one database); missed slots caught up only when a task asks; `quarry schedule
// run|list`; SIGTERM during a run; and the recipe's site, examples/schedule/.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, datasourcesFor, sql } from "./db.js";
import { database, startServer, until } from "./http.js";
import { site } from "./helpers.js";
import { listening, stop } from "./process.js";
import { build } from "../server/build.js";
import { migrate } from "../server/migrations.js";
import { readSchedule, folderHasPage } from "../server/schedule-file.js";
import { listTasks, TaskRuns, type Scheduler } from "../server/schedule.js";
import { QuarryError } from "../engine/errors.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
const EXAMPLE = join(import.meta.dirname, "..", "examples", "schedule");
const run = promisify(execFile);

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c().catch(() => {});
});

/** `quarry` as a user runs it, on the database `url`; resolves with its exit code and output. */
async function quarry(url: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [bin, ...args], { env: { ...process.env, DATABASE_URL: url } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** `quarry start` of a build on the database `url`; stopped (SIGTERM) after the file. */
async function start(
  dist: string,
  url: string,
  workers: number,
  level = "silent",
): Promise<ChildProcess & { base: string }> {
  const child = spawn(process.execPath, [bin, "start", dist, "--workers", String(workers), "--port", "0"], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: level },
  });
  closers.push(() => (child.exitCode === null ? stop(child) : Promise.resolve()));
  return Object.assign(child, { base: await listening(child) });
}

function built(root: string): string {
  const out = join(mkdtempSync(join(tmpdir(), "quarry-schedule-")), "dist");
  expect(build(root, out).errors).toEqual([]);
  return out;
}

const TICK_SITE = {
  "_db/001_tick.sql":
    "CREATE TABLE tick (slot timestamptz NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());\n",
  "_schedule.json": '[{ "name": "tick", "cron": "* * * * * *", "page": "_tasks/tick.dbt" }]\n',
  "_tasks/tick.dbt": "<dbt:query>INSERT INTO tick (slot) VALUES (#request.task.slot#)</dbt:query>\n",
  "index.dbt": "<p>ticking</p>\n",
};

describe("_schedule.json", () => {
  const pages = { "_tasks/a.dbt": "<p>a</p>\n", "index.dbt": "<p>i</p>\n" };

  it("reports every mistake at its line and column, with a code frame", () => {
    const root = site({
      ...pages,
      "_schedule.json": `[
  { "name": "a", "cron": "61 * * * *", "page": "_tasks/a.dbt" },
  { "name": "b", "cron": "* * * * *", "page": "_tasks/missing.dbt", "zone": "UTC" },
  { "cron": "@hourly", "page": "_tasks/a.dbt", "timezone": "Mars/Base", "catchUp": "yes" },
  { "name": "a", "cron": "2027-01-01T00:00:00", "page": "../a.dbt" }
]
`,
    });
    const f = join(root, "_schedule.json");
    let err: unknown;
    try {
      readSchedule(root, "UTC", folderHasPage(root));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(QuarryError);
    const problems = (err as { problems: string[] }).problems.map((p) => p.split("\n")[0]);
    expect(problems).toEqual([
      `${f}:2:26 task "a": cron "61 * * * *" is not a cron expression: Invalid value for minute: 61`,
      `${f}:3:47 task "b": page "_tasks/missing.dbt" is not a page of the site`,
      `${f}:3:69 task "b": unknown key "zone" (known: name, cron, page, timezone, catchUp)`,
      `${f}:4:3 task 3: name is missing`,
      `${f}:4:60 task 3: timezone must be a time zone name such as "Europe/Oslo" or "UTC", got "Mars/Base"`,
      `${f}:4:84 task 3: catchUp must be true or false, got "yes"`,
      `${f}:5:13 task "a": the name is taken by task 1 already`,
      `${f}:5:26 task "a": cron must be a cron expression (5, 6 or 7 fields, or a nickname such as "@hourly"), got "2027-01-01T00:00:00"`,
      `${f}:5:57 task "a": page must be the path of a .dbt page of the site, relative to it (such as "_tasks/cleanup.dbt"), got "../a.dbt"`,
    ]);
    expect((err as QuarryError).format().split("\n").slice(0, 8).join("\n")).toBe(
      `QRY_ERR_CONFIG: ${f}:2:26 task "a": cron "61 * * * *" is not a cron expression: Invalid value for minute: 61
  1 | [
> 2 |   { "name": "a", "cron": "61 * * * *", "page": "_tasks/a.dbt" },
    |                          ^
  3 |   { "name": "b", "cron": "* * * * *", "page": "_tasks/missing.dbt", "zone": "UTC" },
  4 |   { "cron": "@hourly", "page": "_tasks/a.dbt", "timezone": "Mars/Base", "catchUp": "yes" },
${f}:3:47 task "b": page "_tasks/missing.dbt" is not a page of the site
  1 | [`,
    );
  });

  it("places a JSON syntax error, and says what a file that is not a list should hold", () => {
    const bad = site({ ...pages, "_schedule.json": '[{ "name": "a", }]\n' });
    expect(() => readSchedule(bad, "UTC", folderHasPage(bad))).toThrow(
      `${join(bad, "_schedule.json")}:1:17 JSON syntax: a property name in double quotes was expected (no trailing commas)`,
    );
    const obj = site({ ...pages, "_schedule.json": '{ "tasks": [] }\n' });
    expect(() => readSchedule(obj, "UTC", folderHasPage(obj))).toThrow(
      `${join(obj, "_schedule.json")}:1:1 must hold a list of tasks, such as [{ "name": "cleanup", "cron": "0 3 * * *", "page": "_tasks/cleanup.dbt" }]`,
    );
    const never = site({
      ...pages,
      "_schedule.json": '[{ "name": "n", "cron": "0 0 30 2 *", "page": "_tasks/a.dbt" }]',
    });
    expect(() => readSchedule(never, "UTC", folderHasPage(never))).toThrow(
      `${join(never, "_schedule.json")}:1:25 task "n": cron "0 0 30 2 *" never runs (no date matches it from now on)`,
    );
  });

  it("reads a good file: the site's time zone unless the task names one, no catch-up unless asked", () => {
    const root = site({
      ...pages,
      "_schedule.json": JSON.stringify([
        { name: "a", cron: "0 3 * * *", page: "_tasks/a.dbt" },
        { name: "b.2", cron: "*/5 * * * * *", page: "_tasks/a.dbt", timezone: "Asia/Tokyo", catchUp: true },
      ]),
    });
    expect(readSchedule(root, "Europe/Oslo", folderHasPage(root))).toEqual([
      { name: "a", cron: "0 3 * * *", page: "_tasks/a.dbt", timezone: "Europe/Oslo", catchUp: false },
      { name: "b.2", cron: "*/5 * * * * *", page: "_tasks/a.dbt", timezone: "Asia/Tokyo", catchUp: true },
    ]);
    expect(readSchedule(site(pages), "UTC", () => true)).toBeNull();
  });

  it("stops quarry check, quarry build and the server with the same error", async () => {
    const root = site({ ...pages, "_schedule.json": '[{ "name": "a", "cron": "* * *", "page": "_tasks/a.dbt" }]\n' });
    const first = `QRY_ERR_CONFIG: ${join(root, "_schedule.json")}:1:25 task "a": cron "* * *" is not a cron expression: invalid configuration format ('* * *'), exactly five, six, or seven space separated parts are required.`;
    const check = await quarry("postgres://nowhere.invalid/x", "check", root);
    expect(check.code).toBe(1);
    expect(check.stderr.split("\n")[0]).toBe(first);
    expect(check.stdout).toMatch(/^2 templates checked in .*: 1 error\n$/);
    const out = join(mkdtempSync(join(tmpdir(), "quarry-schedule-")), "dist");
    expect(build(root, out).errors.map((e) => e.split("\n")[0])).toEqual([first]);
    const url = await createDatabase([], "sched_bad");
    const db = database(url);
    await expect(startServer({ root, database: db })).rejects.toThrow(first.replace("QRY_ERR_CONFIG: ", ""));
    await db.stop();
  });
});

describe("each slot runs once per cluster", () => {
  it("a slot is claimed by one of many claims; another site (cluster.name) has its own; runs by hand take none", async () => {
    const url = await createDatabase([], "sched_claim");
    const db = datasourcesFor(url);
    try {
      const runs = new TaskRuns(db, "");
      const slot = new Date(Date.UTC(2026, 0, 1, 6));
      const claims = await Promise.all([1, 2, 3, 4, 5].map((i) => runs.claim("t", slot, `node ${i}`)));
      expect(claims.filter((c) => c !== null).map((c) => [c.slot, c.manual, c.status])).toEqual([
        [slot, false, "running"],
      ]);
      expect(await new TaskRuns(db, "other").claim("t", slot, "n")).toMatchObject({ slot, manual: false });
      const byHand = [await runs.claim("t", null, "n"), await runs.claim("t", null, "n")];
      expect(byHand.map((r) => r!.manual)).toEqual([true, true]);
      expect(await runs.claim("t", new Date(Date.UTC(2026, 0, 2, 6)), "n")).toMatchObject({ manual: false });
      expect(await runs.lastSlot("t")).toEqual(new Date(Date.UTC(2026, 0, 2, 6)));
    } finally {
      await db.close();
    }
  });

  it("an every-second task served by quarry start --workers 2 and a second server on the same database", async () => {
    const root = site(TICK_SITE);
    const dist = built(root);
    const url = await createDatabase([], "sched_tick");
    const a = await start(dist, url, 2);
    const b = await start(dist, url, 1);
    await until(
      async () => (await sql<{ n: number }>(url, "SELECT count(DISTINCT slot)::int AS n FROM tick"))[0]!.n,
      (n) => n >= 8,
      30_000,
    );
    await Promise.all([stop(a), stop(b)]);
    const [t] = await sql<{ rows: number; slots: number; seconds: number }>(
      url,
      "SELECT count(*)::int AS rows, count(DISTINCT slot)::int AS slots, (extract(epoch FROM max(slot) - min(slot)) + 1)::int AS seconds FROM tick",
    );
    // No slot twice, and none left out between the first and the last.
    expect(t!.slots).toBeGreaterThanOrEqual(8);
    expect(t!.rows).toBe(t!.slots);
    expect(t!.seconds).toBe(t!.slots);
    // Every slot claimed once, run to the end, by one process of the two servers.
    const runs = await sql<{ slot: Date; status: string; manual: boolean; n: number }>(
      url,
      "SELECT slot, status, manual, count(*) OVER (PARTITION BY slot)::int AS n FROM quarry_task_run WHERE task = 'tick' ORDER BY slot",
    );
    const ticked = await sql<{ slot: Date }>(url, "SELECT slot FROM tick ORDER BY slot");
    expect(runs.map((r) => r.slot.getTime())).toEqual(ticked.map((r) => r.slot.getTime()));
    expect(new Set(runs.map((r) => `${r.status} ${r.manual} ${r.n}`))).toEqual(new Set(["ok false 1"]));
  }, 90_000);
});

describe("a failing task", () => {
  it("is logged at error level with its name and error, and the server goes on serving", async () => {
    const root = site({
      "_schedule.json": '[{ "name": "boom", "cron": "* * * * * *", "page": "_tasks/boom.dbt" }]\n',
      "_tasks/boom.dbt": "<dbt:query>SELECT nothing</dbt:query>\n",
      "index.dbt": "<p>still here</p>\n",
    });
    const url = await createDatabase([], "sched_boom");
    const child = await start(built(root), url, 1, "error");
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    const line = await until(
      () => out.split("\n").find((l) => l.includes('"task failed"')),
      (l) => l !== undefined,
      20_000,
    );
    const record = JSON.parse(line!) as Record<string, unknown>;
    expect(record).toMatchObject({
      level: 50,
      msg: "task failed",
      task: "boom",
      err: {
        code: "QRY_ERR_QUERY",
        message: 'Query failed: column "nothing" does not exist (SQLSTATE 42703)',
        at: "_tasks/boom.dbt:1:1",
        sql: "SELECT nothing",
      },
    });
    expect(record.slot).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    const r = await fetch(`${child.base}/`);
    expect([r.status, await r.text()]).toEqual([200, "<p>still here</p>\n"]);
    expect(await stop(child)).toBe(0);
  }, 60_000);
});

describe("under quarry dev", () => {
  it("runs the tasks, prints a line for each run, and takes a saved _schedule.json at once", async () => {
    const root = site(TICK_SITE);
    const url = await createDatabase([], "sched_dev");
    await migrate(url, join(root, "_db"));
    const lines: string[] = [];
    const s = await startServer({ root, dev: true, database: database(url), log: (l) => lines.push(l) });
    try {
      const ran = (name: string) =>
        lines.filter((l) => new RegExp(`^task ${name} \\(slot \\S+\\) done in [\\d.]+ ms$`).test(l));
      await until(
        () => ran("tick").length,
        (n) => n >= 1,
      );
      const file = join(root, "_schedule.json");
      // A file with a mistake is reported; the tasks run as before.
      writeFileSync(file, '[{ "name": "tock", "cron": "* * * * * * * *", "page": "_tasks/tick.dbt" }]\n');
      const bad = await until(
        () => lines.find((l) => l.startsWith("QRY_ERR_CONFIG")),
        (l) => l !== undefined,
      );
      expect(bad!.split("\n")[0]).toBe(
        `QRY_ERR_CONFIG: ${file}:1:28 task "tock": cron "* * * * * * * *" is not a cron expression: invalid configuration format ('* * * * * * * *'), exactly five, six, or seven space separated parts are required.`,
      );
      expect(bad!.endsWith("\n(the tasks run as before)")).toBe(true);
      const before = ran("tick").length;
      await until(
        () => ran("tick").length,
        (n) => n > before,
      );
      writeFileSync(file, '[{ "name": "tock", "cron": "* * * * * *", "page": "_tasks/tick.dbt" }]\n');
      await until(
        () => ran("tock").length,
        (n) => n >= 1,
      );
      expect(lines).toContain("_schedule.json: 1 task scheduled");
    } finally {
      await s.close();
    }
  });
});

describe("a task's page", () => {
  it("runs with the site's time limit and no visitor's scopes; request.task says which run it is", async () => {
    const root = site({
      "quarry.config.json": JSON.stringify({ renderTimeoutMs: 300 }),
      "_db/001_seen.sql": "CREATE TABLE seen (what text NOT NULL);\n",
      "_schedule.json": JSON.stringify([
        { name: "scopes", cron: "0 3 * * *", page: "_tasks/scopes.dbt" },
        { name: "slow", cron: "0 3 * * *", page: "_tasks/slow.dbt" },
      ]),
      "_tasks/scopes.dbt":
        '<dbt:query>INSERT INTO seen (what) VALUES (#serializeJSON({url: url, form: form, cookie: cookie, cgi: cgi, session: isDefined("session"), task: request.task.name, manual: request.task.manual, slot: isDate(request.task.slot)})#)</dbt:query>\n',
      "_tasks/slow.dbt": "<dbt:query>SELECT pg_sleep(5)</dbt:query>\n",
    });
    const url = await createDatabase([], "sched_page");
    await migrate(url, join(root, "_db"));
    let scheduler: Scheduler | null = null;
    const s = await startServer({
      root,
      database: database(url),
      schedule: false,
      onSchedule: (x) => (scheduler = x),
    });
    try {
      // A visitor's request with a query string and a cookie comes first: none of it reaches the task.
      await fetch(`${s.base}/nothing?x=1`, { headers: { cookie: "a=b" } });
      const ok = await scheduler!.runNow("scopes");
      expect(ok.ok).toBe(true);
      expect(await sql(url, "SELECT what FROM seen")).toEqual([
        { what: '{"url":{},"form":{},"cookie":{},"cgi":{},"session":false,"task":"scopes","manual":true,"slot":true}' },
      ]);
      const slow = await scheduler!.runNow("slow");
      expect(slow.ok).toBe(false);
      expect(slow.run!.status).toBe("failed");
      const timeout =
        "_tasks/slow.dbt:1:1 QRY_ERR_TIMEOUT: Page stopped: it ran longer than its time limit (renderTimeoutMs, or dbt:setting requesttimeout)";
      expect(slow.run!.error).toBe(timeout);
      expect(await sql(url, "SELECT status, error FROM quarry_task_run WHERE task = 'slow'")).toEqual([
        { status: "failed", error: timeout },
      ]);
      // Its query was cancelled, not left running.
      const sleeping = await until(
        () => sql(url, "SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query = 'SELECT pg_sleep(5)'"),
        (r) => r.length === 0,
      );
      expect(sleeping).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe("missed slots", () => {
  it("are not caught up unless the task says catchUp: then the latest runs once, at start", async () => {
    const yearly = (name: string, catchUp: boolean) => ({
      name,
      cron: "0 0 1 1 *",
      page: "_tasks/ran.dbt",
      timezone: "UTC",
      catchUp,
    });
    const root = site({
      "_db/001_ran.sql": "CREATE TABLE ran (task text NOT NULL, slot timestamptz NOT NULL, manual boolean NOT NULL);\n",
      "_schedule.json": JSON.stringify([yearly("catch", true), yearly("skip", false), yearly("new", true)]),
      "_tasks/ran.dbt":
        "<dbt:query>INSERT INTO ran (task, slot, manual) VALUES (#request.task.name#, #request.task.slot#, #request.task.manual#)</dbt:query>\n",
    });
    const url = await createDatabase([], "sched_missed");
    await migrate(url, join(root, "_db"));
    // "catch" and "skip" last ran two new years ago; "new" never ran.
    const year = new Date().getUTCFullYear();
    const db = datasourcesFor(url);
    const runs = new TaskRuns(db, "");
    for (const task of ["catch", "skip"]) {
      const r = await runs.claim(task, new Date(Date.UTC(year - 2, 0, 1)), "test");
      await runs.finish(r!.id, null);
    }
    let scheduler: Scheduler | null = null;
    const s = await startServer({ root, database: database(url), onSchedule: (x) => (scheduler = x) });
    try {
      await until(
        () =>
          sql(url, "SELECT 1 FROM quarry_task_run WHERE task = 'catch' AND status = 'ok' AND slot > $1", [
            new Date(Date.UTC(year - 1, 5, 1)),
          ]),
        (r) => r.length === 1,
      );
      // Every catch-up started at start has ended.
      await scheduler!.stop(5000);
      expect(await sql(url, "SELECT task, slot, manual FROM ran")).toEqual([
        { task: "catch", slot: new Date(Date.UTC(year, 0, 1)), manual: false },
      ]);
      const list = await listTasks(scheduler!.list, runs, { last: 2 });
      expect(list.map((t) => [t.name, t.nextRun, t.runs.map((r) => [r.slot, r.status])])).toEqual([
        [
          "catch",
          new Date(Date.UTC(year + 1, 0, 1)),
          [
            [new Date(Date.UTC(year, 0, 1)), "ok"],
            [new Date(Date.UTC(year - 2, 0, 1)), "ok"],
          ],
        ],
        ["skip", new Date(Date.UTC(year + 1, 0, 1)), [[new Date(Date.UTC(year - 2, 0, 1)), "ok"]]],
        ["new", new Date(Date.UTC(year + 1, 0, 1)), []],
      ]);
    } finally {
      await s.close();
      await db.close();
    }
  });
});

describe("quarry schedule run and list", () => {
  const files = {
    "_db/001_ran.sql": "CREATE TABLE ran (task text NOT NULL, manual boolean NOT NULL);\n",
    "_schedule.json": `[
  { "name": "ok", "cron": "0 3 * * *", "page": "_tasks/ok.dbt" },
  { "name": "fail", "cron": "30 4 * * 1", "page": "_tasks/fail.dbt", "timezone": "Europe/Oslo" }
]
`,
    "_tasks/ok.dbt":
      "<dbt:query>INSERT INTO ran (task, manual) VALUES (#request.task.name#, #request.task.manual#)</dbt:query>\n",
    "_tasks/fail.dbt": "<p>before</p>\n<dbt:query>SELECT nothing</dbt:query>\n",
  };

  it.each(["site folder (interpreted)", "build (compiled)"])(
    "runs a task by hand from a %s, and fails with the page's error",
    async (how) => {
      const root = site(files);
      const dir = how.startsWith("build") ? built(root) : root;
      const url = await createDatabase([], "sched_run");
      await migrate(url, join(root, "_db"));
      const ok = await quarry(url, "schedule", "run", "ok", dir);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/^task ok \(_tasks\/ok\.dbt\) done in \d+ ms\n$/);
      expect(await sql(url, "SELECT task, manual FROM ran")).toEqual([{ task: "ok", manual: true }]);

      const fail = await quarry(url, "schedule", "run", "fail", dir);
      expect(fail.code).toBe(1);
      expect(fail.stdout).toBe("");
      // A build holds no sources: its errors have no code frame (as its error pages and logs).
      const frame = how.startsWith("build")
        ? ""
        : "  1 | <p>before</p>\n> 2 | <dbt:query>SELECT nothing</dbt:query>\n    | ^\n  3 |\n";
      expect(fail.stderr.replace(/after \d+ ms/, "after N ms")).toBe(
        `task fail (_tasks/fail.dbt) failed after N ms:
_tasks/fail.dbt:2:1 QRY_ERR_QUERY: Query failed: column "nothing" does not exist (SQLSTATE 42703)
${frame}SQL: SELECT nothing
            ^
Parameters: []
`,
      );
      const unknown = await quarry(url, "schedule", "run", "nope", dir);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe(`no task named "nope" in ${join(dir, "_schedule.json")} (tasks: ok, fail)\n`);

      // Recorded as runs by hand: they take no slot from the schedule.
      expect(
        await sql(
          url,
          "SELECT task, manual, status, error, finished IS NOT NULL AS finished FROM quarry_task_run ORDER BY id",
        ),
      ).toEqual([
        { task: "ok", manual: true, status: "ok", error: null, finished: true },
        {
          task: "fail",
          manual: true,
          status: "failed",
          error: '_tasks/fail.dbt:2:1 QRY_ERR_QUERY: Query failed: column "nothing" does not exist (SQLSTATE 42703)',
          finished: true,
        },
      ]);

      const list = await quarry(url, "schedule", "list", dir);
      expect(list.code).toBe(0);
      const T = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d";
      expect(list.stdout).toMatch(
        new RegExp(
          `^ok: "0 3 \\* \\* \\*" in UTC, page _tasks/ok\\.dbt\\n  next run: \\d{4}-\\d\\d-\\d\\d 03:00:00\\n  by hand at ${T}: ok in \\d+ ms \\(.+ pid \\d+\\)\\n` +
            `fail: "30 4 \\* \\* 1" in Europe/Oslo, page _tasks/fail\\.dbt\\n  next run: \\d{4}-\\d\\d-\\d\\d 04:30:00\\n  by hand at ${T}: failed in \\d+ ms \\(.+ pid \\d+\\)\\n` +
            `    _tasks/fail\\.dbt:2:1 QRY_ERR_QUERY: Query failed: column "nothing" does not exist \\(SQLSTATE 42703\\)\\n$`,
        ),
      );
    },
    60_000,
  );
});

describe("SIGTERM while a task runs", () => {
  it("gives the run the shutdown grace period, then cancels its query and records it as failed", async () => {
    const root = site({
      "quarry.config.json": JSON.stringify({ server: { shutdownGraceMs: 300 } }),
      "_schedule.json": '[{ "name": "hold", "cron": "* * * * * *", "page": "_tasks/hold.dbt" }]\n',
      // Waits for a lock the test holds: it runs until something stops it.
      "_tasks/hold.dbt": "<dbt:query>SELECT pg_advisory_lock(4242)</dbt:query>\n",
      "index.dbt": "<p>i</p>\n",
    });
    const dist = built(root);
    const url = await createDatabase([], "sched_term");
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(4242)");
      const child = await start(dist, url, 2);
      const waiting = () =>
        sql<{ n: number }>(
          url,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query = 'SELECT pg_advisory_lock(4242)'",
        ).then((r) => r[0]!.n);
      await until(waiting, (n) => n >= 1, 20_000);
      await stop(child);
      // No session is left waiting on the lock, no run is left "running".
      expect(await waiting()).toBe(0);
      const rows = await sql<{ status: string; error: string | null; finished: boolean }>(
        url,
        "SELECT DISTINCT status, error, finished IS NOT NULL AS finished FROM quarry_task_run",
      );
      expect(rows).toEqual([
        {
          status: "failed",
          error:
            "_tasks/hold.dbt:1:1 QRY_ERR_CANCELLED: Page stopped: its request was cancelled: the server is shutting down and the run took longer than server.shutdownGraceMs (300 ms)",
          finished: true,
        },
      ]);
    } finally {
      await holder.end();
    }
  }, 60_000);
});

describe("examples/schedule in docs/recipes/scheduled-tasks.md", () => {
  it("shows every file of the site as it is", () => {
    const text = readFileSync(join(import.meta.dirname, "..", "docs", "recipes", "scheduled-tasks.md"), "utf8");
    const shown = new Map(
      [...text.matchAll(/^File `examples\/([^`]+)`:\n\n```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!]),
    );
    const files = (readdirSync(EXAMPLE, { recursive: true }) as string[])
      .filter((f) => /\.(dbt|sql|json)$/.test(f) && !/(^|\/)\./.test(f))
      .map((f) => `schedule/${f}`)
      .sort();
    expect([...shown.keys()].sort()).toEqual(files);
    for (const [file, code] of shown) expect(code, file).toBe(readFileSync(join(EXAMPLE, "..", file), "utf8"));
  });

  it("purges expired notes and counts them by hand, as the recipe shows, while quarry start serves it", async () => {
    const dist = built(EXAMPLE);
    const url = await createDatabase([], "ex_schedule");
    const child = await start(dist, url, 2);
    await sql(
      url,
      "INSERT INTO note (body, expires) VALUES ('old', now() - interval '1 hour'), ('kept', now() + interval '1 day')",
    );
    const purge = await quarry(url, "schedule", "run", "purge", dist);
    expect(purge.stderr).toBe("");
    expect(purge.stdout).toMatch(/^task purge \(_tasks\/purge\.dbt\) done in \d+ ms\n$/);
    expect(await sql(url, "SELECT body FROM note")).toEqual([{ body: "kept" }]);
    const count = await quarry(url, "schedule", "run", "count", dist);
    expect(count.code).toBe(0);
    expect(await sql(url, "SELECT total FROM note_count")).toEqual([{ total: 1 }]);
    const page = await (await fetch(`${child.base}/`)).text();
    expect(page).toMatch(
      /^<!DOCTYPE html>\n<title>Notes<\/title>\n<h1>Notes<\/h1>\n<ul>\n {2}<li>kept<\/li>\n<\/ul>\n<p>Counted 1 on \d{4}-\d\d-\d\d \d\d:\d\d\.<\/p>\n$/,
    );
    await stop(child);
  }, 60_000);
});
