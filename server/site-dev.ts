// quarry dev's side of an open site: a saved file reloads the pages that use it, is checked
// against the database (SQL), and may change what a cached query or fragment should answer; a
// saved _db/*.sql file is applied at once and a saved _schedule.json replaces the tasks (a
// failure is logged and the server goes on). Loaded only under quarry dev (server/site.ts).
import type { Limits } from "../engine/context.js";
import { Engine } from "../engine/engine.js";
import { QuarryError } from "../engine/errors.js";
import { devReload } from "./dev.js";
// The schedule reader (croner) is loaded with this module: a dev server may get a schedule on save.
import { readSchedule, SCHEDULE_FILE, type ScheduledTask } from "./schedule-file.js";
import type { QuarryOptions, Site } from "./site.js";
import type { EngineSource } from "./sources.js";
import { checkErrorText, DevSqlCheck } from "./sql-check.js";

const text = (err: unknown) => (err instanceof QuarryError ? err.format() : String(err));

/** Sets the site's reloader and SQL check, watching its folder. */
export function watchSite(
  site: Site,
  source: EngineSource,
  dir: string,
  opts: QuarryOptions,
  limits: Limits,
  log: (line: string) => void,
): void {
  // The SQL check on save needs the database's URL (a host's own Database may not give it).
  site.sqlCheck = site.database.url
    ? new DevSqlCheck(
        new Engine({ root: dir, mode: "interpreted", limits, functions: opts.functions, tags: opts.tags }),
        site.database.url,
        site.config.defaultDatasource,
      )
    : null;
  site.dev = devReload(source.engine, log, (name) => saved(site, dir, name, log));
}

async function saved(site: Site, dir: string, name: string, log: (line: string) => void): Promise<void> {
  if (name.endsWith(".dbt") && site.sqlCheck) {
    const found = await site.sqlCheck.saved(name).catch((err: unknown) => {
      log(`SQL check of ${name} failed: ${text(err)}`);
      return [];
    });
    for (const e of found) log(checkErrorText(e));
  }
  if (name === SCHEDULE_FILE) await reloadSchedule(site, dir, log);
  const { database } = site;
  if (/^_db\/[^/]+\.sql$/.test(name) && database.migrate) {
    await database.migrate().catch((err: unknown) => log(text(err)));
  }
  flushCaches(site, log);
}

function flushCaches(site: Site, log: (line: string) => void): void {
  const n = site.database.datasources.flushCache();
  if (n > 0) log(`flushed ${n} cached quer${n === 1 ? "y" : "ies"}`);
  const f = site.services.fragments.clear();
  if (f > 0) log(`flushed ${f} cached fragment${f === 1 ? "" : "s"}`);
  const o = site.services.objects.clear();
  if (o > 0) log(`flushed ${o} cached value${o === 1 ? "" : "s"}`);
}

/** _schedule.json saved: its tasks from now on (a file with mistakes changes nothing). */
async function reloadSchedule(site: Site, dir: string, log: (line: string) => void): Promise<void> {
  let tasks: ScheduledTask[];
  try {
    tasks = readSchedule(dir, site.config.timezone, (page) => site.source.find([page]) !== null) ?? [];
  } catch (err) {
    log(`${text(err)}\n(the tasks run as before)`);
    return;
  }
  site.tasks = tasks;
  site.schedule?.replace(tasks);
  log(`${SCHEDULE_FILE}: ${tasks.length} task${tasks.length === 1 ? "" : "s"} scheduled`);
}
