// `quarry schedule run|list`: the tasks of a site's _schedule.json (server/schedule.ts), run by
// hand or listed with their next slot and last run, on the database quarry dev and start use.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Command, Option } from "commander";
import { LOG_LEVELS } from "../config/site.js";
import type { LogLevel } from "../server/app.js";
import { common as dbCommon, signalsTaken, withDatabase } from "./db.js";

const SITE_HELP = "the site folder, or a build made by quarry build";

const common = (cmd: Command) => dbCommon(cmd, SITE_HELP);

/** `2026-11-28 03:00:00` in `zone`. */
function when(d: Date, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  ) as Record<string, string>;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The pages a build holds (its manifest), else null: a site folder. */
function builtPages(dir: string): Set<string> | null {
  const file = join(dir, "manifest.json");
  if (!existsSync(file)) return null;
  return new Set(Object.keys((JSON.parse(readFileSync(file, "utf8")) as { templates: object }).templates));
}

export function register(program: Command): void {
  const schedule = program
    .command("schedule")
    .description(
      "the site's scheduled tasks (_schedule.json): run one now by hand, or list them with their next and last run",
    );

  common(schedule.command("run").argument("<name>", "the task's name in _schedule.json"))
    .addOption(
      new Option("--log-level <level>", "the server log's level, as JSON lines on stdout (the page's dbt:log lines)")
        .choices(LOG_LEVELS)
        .default("silent"),
    )
    .description(
      "run one task's page now, on the site's database as it is (no migrations applied), recorded as a run by hand that takes no slot from the schedule; prints how it went and exits 1 if the page failed",
    )
    .action((name: string, site: string, o: { dataDir?: string; logLevel: LogLevel }) =>
      withDatabase(site, o.dataDir, (d, dir) => runByHand(d, dir, name, o.logLevel)),
    );

  common(schedule.command("list"))
    .option("--runs <n>", "how many of each task's latest runs to show", "1")
    .description(
      "list each task of _schedule.json with its expression, time zone, page, next run and latest runs (ok, failed with the error, or running)",
    )
    .action((site: string, o: { dataDir?: string; runs: string }) =>
      withDatabase(site, o.dataDir, (d, dir) => listSchedule(d, dir, o.runs)),
    );
}

type SiteDatabase = import("../server/database.js").SiteDatabase;

/** quarry schedule run: the task `name` run now, recorded as a run by hand; 1 when its page failed. */
async function runByHand(d: SiteDatabase, dir: string, name: string, logLevel: LogLevel): Promise<number> {
  const { buildApp } = await import("../server/app.js");
  const { errorText } = await import("../server/error-page.js");
  type Scheduler = import("../server/schedule.js").Scheduler;
  let scheduler: Scheduler | null = null;
  const built = builtPages(dir) !== null;
  const { app } = await buildApp({
    ...(built ? { dist: dir } : { root: dir, mode: "interpreted" as const }),
    embeddedUrl: d.embedded ? d.url : undefined,
    migrate: false,
    schedule: false,
    logLevel,
    log: (line) => process.stderr.write(`${line}\n`),
    onSchedule: (s) => (scheduler = s),
  });
  try {
    const s = scheduler as Scheduler | null;
    const task = s?.list.find((t) => t.name === name);
    if (!s || !task) {
      const names = s?.list.map((t) => t.name) ?? [];
      process.stderr.write(
        `no task named ${JSON.stringify(name)} in ${join(dir, "_schedule.json")}${s ? ` (tasks: ${names.join(", ") || "none"})` : ": the site has no such file"}\n`,
      );
      return 1;
    }
    // Ctrl-C or SIGTERM cancels the page (its query too); the run is recorded as failed.
    signalsTaken.add("SIGINT").add("SIGTERM");
    const cancel = () => void s.stop(0, "quarry schedule run was interrupted");
    process.on("SIGINT", cancel).on("SIGTERM", cancel);
    const started = performance.now();
    try {
      const r = await s.runNow(name);
      const ms = Math.round(performance.now() - started);
      if (r.ok) {
        process.stdout.write(`task ${name} (${task.page}) done in ${ms} ms\n`);
        return 0;
      }
      process.stderr.write(`task ${name} (${task.page}) failed after ${ms} ms:\n${errorText(r.error)}\n`);
      return 1;
    } finally {
      process.off("SIGINT", cancel).off("SIGTERM", cancel);
      signalsTaken.delete("SIGINT");
      signalsTaken.delete("SIGTERM");
    }
  } finally {
    await app.close();
  }
}

/** quarry schedule list: each task, its next run and its latest `runs`. */
async function listSchedule(d: SiteDatabase, dir: string, runs: string): Promise<number> {
  const { loadConfig } = await import("../config/site.js");
  const { Datasources } = await import("../datasources/registry.js");
  const { readSchedule, folderHasPage, SCHEDULE_FILE } = await import("../server/schedule-file.js");
  const { listTasks, TaskRuns } = await import("../server/schedule.js");
  const config = await loadConfig(dir);
  const pages = builtPages(dir);
  const tasks = readSchedule(dir, config.timezone, pages ? (p) => pages.has(p) : folderHasPage(dir));
  if (tasks === null) {
    process.stdout.write(`no scheduled tasks: ${join(dir, SCHEDULE_FILE)} does not exist\n`);
    return 0;
  }
  const n = Math.max(0, Math.floor(Number(runs)) || 0);
  // The default datasource alone: the runs are kept there.
  const name = config.defaultDatasource;
  const db = new Datasources({ ...config, datasources: { [name]: config.datasources[name]! } }, { [name]: d.url });
  try {
    const list = await listTasks(tasks, new TaskRuns(db, config.cluster.name), { last: n });
    for (const t of list) {
      process.stdout.write(
        `${t.name}: "${t.cron}" in ${t.timezone}, page ${t.page}${t.catchUp ? ", catches up a missed slot" : ""}\n`,
      );
      process.stdout.write(`  next run: ${t.nextRun ? when(t.nextRun, t.timezone) : "never"}\n`);
      if (n > 0 && t.runs.length === 0) process.stdout.write("  last run: never\n");
      for (const r of t.runs) {
        const what = r.manual ? `by hand at ${when(r.started, t.timezone)}` : `slot ${when(r.slot, t.timezone)}`;
        const took = r.finished ? ` in ${r.finished.getTime() - r.started.getTime()} ms` : "";
        const how = r.status === "running" ? `running since ${when(r.started, t.timezone)}` : `${r.status}${took}`;
        process.stdout.write(`  ${what}: ${how} (${r.node})${r.error ? `\n    ${r.error}` : ""}\n`);
      }
    }
  } finally {
    await db.close();
  }
  return 0;
}
