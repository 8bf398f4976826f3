// Scheduled tasks: the site's _schedule.json (server/schedule.ts), each task with its cron
// slot, time zone, when it runs next and its latest runs (claimed rows of quarry_task_run,
// the ones run by hand marked), the error of a failed run as the log wrote it.
import { esc, table } from "../html.js";
import type { Panel } from "../context.js";

const when = (d: Date | null) => (d === null ? "—" : esc(d.toISOString().replace(".000Z", "Z")));

export const schedulePanel: Panel = {
  id: "schedule",
  title: "Scheduled tasks",
  summary: "the tasks of _schedule.json, when each runs next, and its latest runs",
  async render(ctx) {
    const scheduler = ctx.schedule();
    if (scheduler === null)
      return `<p>The site has no <code>_schedule.json</code>: no task runs on a schedule (docs/recipes/scheduled-tasks.md).</p>`;
    const tasks = await scheduler.overview(5);
    if (tasks.length === 0) return `<p class="muted"><code>_schedule.json</code> lists no task.</p>`;
    const rows = tasks.map((t) => [
      `<b>${esc(t.name)}</b>`,
      `<code>${esc(t.cron)}</code>`,
      esc(t.page),
      esc(t.timezone),
      t.catchUp ? "yes" : "no",
      when(t.nextRun),
      t.runs.length === 0
        ? `<span class="muted">none yet</span>`
        : t.runs
            .map(
              (r) =>
                `${when(r.slot)} ${esc(r.status)}${r.manual ? " (by hand)" : ""} on ${esc(r.node)}${r.error ? `: <code>${esc(r.error)}</code>` : ""}`,
            )
            .join("<br>"),
    ]);
    return `<p>Each slot runs once for the whole cluster; <code>quarry schedule run NAME</code> runs a task now.</p>\n${table(
      ["task", "cron", "page", "time zone", "catch up", "next run", "latest runs (newest first)"],
      rows,
    )}`;
  },
};
