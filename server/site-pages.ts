// The pages a site runs with no visitor: _application.dbt, once before the first request, to
// fill the application scope; and the page of each scheduled task (_schedule.json) on its slot.
import type { FastifyInstance } from "fastify";
import type { CancelSignal } from "../engine/cancel.js";
import { endPage } from "../engine/clock.js";
import { toStructDeep, type Scopes } from "../engine/context.js";
import { newStruct } from "../engine/values.js";
import { errorRecord, errorText } from "./error-page.js";
import type { ScheduledTask } from "./schedule-file.js";
import type { RunInfo, ScheduleLog } from "./schedule.js";
import { pageLog, sitePage, type QuarryOptions, type Served } from "./site.js";

/** Runs _application.dbt, when the site has one. */
export async function runApplicationPage(served: Served): Promise<void> {
  const { site } = served;
  const appPage = site.source.find(["_application.dbt"]);
  if (!appPage) return;
  const page = sitePage(site, null, pageLog(served, { log: served.logger }, null));
  try {
    await site.source.render(
      appPage,
      { variables: newStruct(), application: site.application, request: newStruct() },
      page,
    );
  } finally {
    endPage(page);
  }
}

/**
 * Makes the site's scheduler, its timers started once the server is ready (none keeps the
 * process alive). quarry dev makes one for a site without _schedule.json too, so a file saved
 * later takes effect.
 */
export async function scheduleTasks(app: FastifyInstance, served: Served, opts: QuarryOptions): Promise<void> {
  const { site } = served;
  if (site.tasks !== null || served.dev) {
    const { Scheduler, TaskRuns } = await import("./schedule.js");
    site.schedule = new Scheduler({
      tasks: site.tasks ?? [],
      runs: new TaskRuns(site.database.datasources, site.config.cluster.name),
      run: (task, info, signal) => runTask(served, task, info, signal),
      log: scheduleLog(served),
    });
    if (opts.schedule !== false) app.addHook("onReady", async () => site.schedule?.start());
  }
  opts.onSchedule?.(site.schedule);
}

/**
 * Runs a task's page as a request runs a page, with the site's time limit and services, but
 * with no visitor: no session, cookies, url or form values, no _request.dbt. The page reads
 * its run as `request.task` (name, slot, manual); what it prints goes nowhere.
 */
export async function runTask(served: Served, task: ScheduledTask, info: RunInfo, signal: CancelSignal): Promise<void> {
  const { site } = served;
  const page = sitePage(site, signal, pageLog(served, { log: served.logger.child({ task: task.name }) }, task.page));
  const request = newStruct();
  request.task = toStructDeep({ name: info.name, slot: info.slot, manual: info.manual });
  const scopes: Scopes = {
    variables: newStruct(),
    request,
    application: site.application,
    url: newStruct(),
    form: newStruct(),
    cookie: newStruct(),
    cgi: newStruct(),
  };
  try {
    await site.source.render(task.page, scopes, page);
  } finally {
    endPage(page);
  }
}

/** Task runs in the log: dev's readable lines, else JSON lines with the task's name. */
export function scheduleLog(served: Served): ScheduleLog {
  const slotOf = (run: { slot: Date; manual: boolean }) =>
    run.manual ? "run by hand" : `slot ${run.slot.toISOString()}`;
  const { log, logger } = served;
  if (served.dev)
    return {
      ran: (task, run, ms) => log(`task ${task.name} (${slotOf(run)}) done in ${ms} ms`),
      failed: (task, run, err, ms) =>
        log(`task ${task.name} (${slotOf(run)}) failed after ${ms} ms:\n${errorText(err)}`),
      warn: (message, err) => log(`[warn] ${message}${err === undefined ? "" : `: ${errorText(err)}`}`),
    };
  const fields = (task: ScheduledTask, run: { slot: Date; manual: boolean }, ms: number) => ({
    task: task.name,
    slot: run.slot.toISOString(),
    manual: run.manual || undefined,
    ms,
  });
  return {
    ran: (task, run, ms) => logger.info(fields(task, run, ms), "task done"),
    failed: (task, run, err, ms) => logger.error({ ...fields(task, run, ms), err: errorRecord(err) }, "task failed"),
    warn: (message, err) => logger.warn(err === undefined ? {} : { err: errorRecord(err) }, message),
  };
}
