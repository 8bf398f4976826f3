// Runs a site's scheduled tasks (_schedule.json, read by schedule-file.ts). Every process that
// serves the site keeps a timer per task; when a slot comes, each tries to claim it with
// `INSERT … ON CONFLICT DO NOTHING` in the table quarry_task_run of the site's default
// datasource, and only the one whose row went in runs the page: a slot runs once per cluster,
// however many workers and machines serve the site. The row records when the run started and
// ended, how it went and which process ran it. A slot missed while no process ran is not run
// later, unless its task says `catchUp`: then, at start, the latest missed slot runs once.
import { hostname } from "node:os";
import { Canceller, type CancelSignal } from "../engine/cancel.js";
import { QueryError, QuarryError } from "../engine/errors.js";
import type { Datasources } from "../datasources/registry.js";
import { cronOf, type ScheduledTask } from "./schedule-file.js";
import { Setup } from "./session-store.js";

export type { ScheduledTask };

/** One run of a task, as its row records it. */
export interface TaskRun {
  id: number;
  /** The slot it ran for; for a run by hand, when it was started. */
  slot: Date;
  /** Started by `quarry schedule run` (or runNow), not by its slot. */
  manual: boolean;
  /** The process that ran it: "host pid 1234". */
  node: string;
  started: Date;
  /** null while it runs (or when its process died during the run). */
  finished: Date | null;
  status: "running" | "ok" | "failed";
  /** Why it failed: `file:line:col CODE: message`. */
  error: string | null;
}

/** A task, when it runs next, and its latest runs (newest first). */
export interface TaskOverview {
  name: string;
  cron: string;
  page: string;
  timezone: string;
  catchUp: boolean;
  nextRun: Date | null;
  runs: TaskRun[];
}

/** What a task's page is told about its run (the page sees it as `request.task`). */
export interface RunInfo {
  name: string;
  slot: Date;
  manual: boolean;
}

/** How a run went: `error` is what the page threw. */
export interface RunResult {
  ok: boolean;
  error: unknown;
  run: TaskRun | null;
}

const TABLE = `CREATE TABLE IF NOT EXISTS quarry_task_run (
  id bigserial PRIMARY KEY,
  site text NOT NULL,
  task text NOT NULL,
  slot timestamptz NOT NULL,
  manual boolean NOT NULL DEFAULT false,
  node text NOT NULL,
  started timestamptz NOT NULL DEFAULT now(),
  finished timestamptz,
  status text NOT NULL DEFAULT 'running',
  error text
);
CREATE UNIQUE INDEX IF NOT EXISTS quarry_task_run_slot ON quarry_task_run (site, task, slot) WHERE NOT manual;
CREATE INDEX IF NOT EXISTS quarry_task_run_recent ON quarry_task_run (site, task, started DESC)`;

const COLUMNS = `id::float8 AS id, (extract(epoch FROM slot) * 1000)::float8 AS slot, manual, node,
  (extract(epoch FROM started) * 1000)::float8 AS started, (extract(epoch FROM finished) * 1000)::float8 AS finished, status, error`;

/** Runs are kept this many days (the latest scheduled run of each task always: catch-up reads it). */
const KEEP_DAYS = 7;

async function createTable(db: Datasources): Promise<void> {
  const ds = db.get(undefined);
  const lease = await db.begin(ds, undefined);
  let ok = false;
  try {
    // One starter at a time: concurrent CREATE … IF NOT EXISTS can still collide.
    await db.query(ds, lease, "SELECT pg_advisory_xact_lock(hashtext('quarry_task_run'))", []);
    for (const stmt of TABLE.split(";\n")) await db.query(ds, lease, stmt, []);
    ok = true;
  } finally {
    await db.control(ds, lease, ok ? "COMMIT" : "ROLLBACK").catch(() => {});
    await lease.release();
  }
}

function toRun(r: Record<string, unknown>): TaskRun {
  return {
    id: r.id as number,
    slot: new Date(r.slot as number),
    manual: r.manual as boolean,
    node: r.node as string,
    started: new Date(r.started as number),
    finished: r.finished === null ? null : new Date(r.finished as number),
    status: r.status as TaskRun["status"],
    error: r.error as string | null,
  };
}

/** The runs of a site's tasks in its default datasource (`site`: the config's cluster.name). */
export class TaskRuns {
  private readonly setup: Setup;
  constructor(
    private readonly db: Datasources,
    private readonly site: string,
  ) {
    this.setup = new Setup(() => createTable(db));
  }
  private q(sql: string, params: unknown[]) {
    return this.setup.then(() => this.db.query(this.db.get(undefined), null, sql, params));
  }
  /** Claims the slot (or, `manual`, records a run by hand): the new row, or null when another process has it. */
  async claim(task: string, slot: Date | null, node: string): Promise<TaskRun | null> {
    const r =
      slot === null
        ? await this.q(
            `INSERT INTO quarry_task_run (site, task, slot, manual, node) VALUES ($1, $2, clock_timestamp(), true, $3) RETURNING ${COLUMNS}`,
            [this.site, task, node],
          )
        : await this.q(
            `INSERT INTO quarry_task_run (site, task, slot, node) VALUES ($1, $2, to_timestamp($3::float8 / 1000), $4)
             ON CONFLICT (site, task, slot) WHERE NOT manual DO NOTHING RETURNING ${COLUMNS}`,
            [this.site, task, slot.getTime(), node],
          );
    const row = r.rows[0];
    return row ? toRun(row) : null;
  }
  async finish(id: number, error: string | null): Promise<void> {
    await this.q("UPDATE quarry_task_run SET finished = clock_timestamp(), status = $2, error = $3 WHERE id = $1", [
      id,
      error === null ? "ok" : "failed",
      error,
    ]);
  }
  /** The latest slot a process of the site claimed for the task (null: it never ran on a slot). */
  async lastSlot(task: string): Promise<Date | null> {
    const r = await this.q(
      "SELECT (extract(epoch FROM max(slot)) * 1000)::float8 AS slot FROM quarry_task_run WHERE site = $1 AND task = $2 AND NOT manual",
      [this.site, task],
    );
    const v = r.rows[0]?.slot as number | null | undefined;
    return v === null || v === undefined ? null : new Date(v);
  }
  /** Each task's latest `n` runs, newest first (none when no run was ever recorded). */
  async recent(tasks: string[], n: number): Promise<Map<string, TaskRun[]>> {
    const out = new Map<string, TaskRun[]>(tasks.map((t) => [t, []]));
    if (tasks.length === 0 || n <= 0) return out;
    let rows: Record<string, unknown>[];
    try {
      // No setup: listing creates nothing.
      const r = await this.db.query(
        this.db.get(undefined),
        null,
        `SELECT task, ${COLUMNS} FROM (
           SELECT *, row_number() OVER (PARTITION BY task ORDER BY started DESC, id DESC) AS n
           FROM quarry_task_run WHERE site = $1 AND task = ANY($2::text[])) r
         WHERE n <= $3 ORDER BY task, started DESC, id DESC`,
        [this.site, tasks, n],
      );
      rows = r.rows;
    } catch (err) {
      if (err instanceof QueryError && err.sqlState === "42P01") return out;
      throw err;
    }
    for (const row of rows) out.get(row.task as string)?.push(toRun(row));
    return out;
  }
  /** Forgets runs older than KEEP_DAYS, but each task's latest scheduled one. */
  async prune(): Promise<void> {
    await this.q(
      `DELETE FROM quarry_task_run r WHERE r.site = $1 AND r.started < now() - $2 * interval '1 day'
         AND (r.manual OR r.slot < (SELECT max(m.slot) FROM quarry_task_run m WHERE m.site = r.site AND m.task = r.task AND NOT m.manual))`,
      [this.site, KEEP_DAYS],
    );
  }
}

/**
 * The tasks with their next slot and latest `last` runs, newest first: what `quarry schedule
 * list` prints and what the dev dashboard shows. `runs` null: no database (no runs shown).
 */
export async function listTasks(
  tasks: readonly ScheduledTask[],
  runs: TaskRuns | null,
  opts: { now?: Date; last?: number } = {},
): Promise<TaskOverview[]> {
  const now = opts.now ?? new Date();
  const recent = runs
    ? await runs.recent(
        tasks.map((t) => t.name),
        opts.last ?? 5,
      )
    : new Map<string, TaskRun[]>();
  return tasks.map((t) => ({
    ...t,
    nextRun: cronOf(t).nextRun(now),
    runs: recent.get(t.name) ?? [],
  }));
}

/** How the scheduler reports: each run, each failure (at error level), and trouble of its own. */
export interface ScheduleLog {
  ran(task: ScheduledTask, run: TaskRun, ms: number): void;
  failed(task: ScheduledTask, run: TaskRun, err: unknown, ms: number): void;
  warn(message: string, err?: unknown): void;
}

export interface SchedulerOptions {
  tasks: ScheduledTask[];
  runs: TaskRuns;
  /** Renders the task's page; rejects with what the page threw. Stops when `signal` aborts. */
  run(task: ScheduledTask, info: RunInfo, signal: CancelSignal): Promise<void>;
  log: ScheduleLog;
}

/** A timer wait longer than this is cut in pieces (setTimeout takes at most 2^31-1 ms). */
const LONGEST_WAIT = 24 * 3_600_000;
/** A timer that fires late (a busy event loop, a suspended machine) runs at most this many slots it passed. */
const LATE_SLOTS = 10;
/** How often runs older than KEEP_DAYS are forgotten. */
const PRUNE_MS = 3_600_000;

/** The error text a run's row keeps. */
export function runError(err: unknown): string {
  if (err instanceof QuarryError) return err.format().split("\n")[0]!;
  return err instanceof Error ? err.message : String(err);
}

/** This process, in the rows it writes. */
export const NODE = `${hostname()} pid ${process.pid}`;

export class Scheduler {
  private tasks: ScheduledTask[];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Claims and runs under way (waited for on stop). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly cancellers = new Set<Canceller>();
  private pruner: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(private readonly opts: SchedulerOptions) {
    this.tasks = opts.tasks;
  }

  get list(): readonly ScheduledTask[] {
    return this.tasks;
  }

  /** Each task with its next slot and latest `last` runs (for the dev dashboard). */
  overview(last = 5): Promise<TaskOverview[]> {
    return listTasks(this.tasks, this.opts.runs, { last });
  }

  /** Arms a timer per task; catches up what the tasks that say so missed. */
  start(): void {
    if (this.stopping) return;
    const now = new Date();
    for (const task of this.tasks) {
      this.arm(task, now);
      if (task.catchUp) void this.track(this.catchUp(task, now));
    }
    if (this.tasks.length > 0 && !this.pruner) {
      this.pruner = setInterval(
        () =>
          void this.opts.runs
            .prune()
            .catch((err: unknown) => this.opts.log.warn("forgetting old task runs failed", err)),
        PRUNE_MS,
      );
      this.pruner.unref();
    }
  }

  /** New tasks (quarry dev: _schedule.json saved): the timers start again from now. */
  replace(tasks: ScheduledTask[]): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.tasks = tasks;
    this.start();
  }

  /** Runs a task now, by hand: recorded as a manual run, it takes no slot from the schedule. */
  async runNow(name: string): Promise<RunResult> {
    const task = this.tasks.find((t) => t.name === name);
    if (!task) throw new Error(`no task named ${JSON.stringify(name)}`);
    const run = await this.opts.runs.claim(task.name, null, NODE);
    return this.track(this.execute(task, run!));
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
    return p;
  }

  /** Waits for the task's next slot after `after`. The timer never keeps the process alive. */
  private arm(task: ScheduledTask, after: Date): void {
    const cron = cronOf(task);
    const next = cron.nextRun(after);
    if (!next || this.stopping) return;
    const wait = Math.min(Math.max(next.getTime() - Date.now(), 0), LONGEST_WAIT);
    const timer = setTimeout(() => this.fire(task, next), wait);
    timer.unref();
    this.timers.set(task.name, timer);
  }

  private fire(task: ScheduledTask, awaited: Date): void {
    if (this.stopping || this.tasks.indexOf(task) < 0) return;
    const now = Date.now();
    // Early (a long wait cut in pieces, a clock set back): wait on for the same slot.
    if (now < awaited.getTime()) {
      const timer = setTimeout(() => this.fire(task, awaited), Math.min(awaited.getTime() - now, LONGEST_WAIT));
      timer.unref();
      this.timers.set(task.name, timer);
      return;
    }
    // Late, the slots passed since the one awaited are due too (the latest LATE_SLOTS of them).
    const due = cronOf(task)
      .previousRuns(LATE_SLOTS, new Date(now + 1))
      .filter((d) => d.getTime() >= awaited.getTime())
      .reverse();
    if (due.length === 0) due.push(awaited);
    for (const slot of due) void this.track(this.claimAndRun(task, slot));
    this.arm(task, new Date(now));
  }

  private async claimAndRun(task: ScheduledTask, slot: Date): Promise<void> {
    let run: TaskRun | null;
    try {
      run = await this.opts.runs.claim(task.name, slot, NODE);
    } catch (err) {
      this.opts.log.warn(
        `task ${task.name}: the slot ${slot.toISOString()} could not be claimed, so it did not run`,
        err,
      );
      return;
    }
    // Another process of the site has it.
    if (run) await this.execute(task, run);
  }

  /** At start: the latest slot before now, if no process claimed it nor any later one. */
  private async catchUp(task: ScheduledTask, now: Date): Promise<void> {
    try {
      const last = await this.opts.runs.lastSlot(task.name);
      const missed = cronOf(task).previousRuns(1, new Date(now.getTime() + 1))[0];
      // Never run: nothing was missed (the task is new).
      if (!last || !missed || missed.getTime() <= last.getTime()) return;
      const run = await this.opts.runs.claim(task.name, missed, NODE);
      if (run) await this.execute(task, run);
    } catch (err) {
      this.opts.log.warn(`task ${task.name}: catching up a missed slot failed`, err);
    }
  }

  private async execute(task: ScheduledTask, run: TaskRun): Promise<RunResult> {
    const c = new Canceller();
    this.cancellers.add(c);
    const started = performance.now();
    let error: unknown = null;
    let failed = false;
    try {
      await this.opts.run(task, { name: task.name, slot: run.slot, manual: run.manual }, c.signal);
    } catch (err) {
      error = err;
      failed = true;
    } finally {
      this.cancellers.delete(c);
    }
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (failed) this.opts.log.failed(task, run, error, ms);
    else this.opts.log.ran(task, run, ms);
    const text = failed ? runError(error) : null;
    try {
      await this.opts.runs.finish(run.id, text);
      Object.assign(run, { finished: new Date(), status: failed ? "failed" : "ok", error: text });
    } catch (err) {
      this.opts.log.warn(`task ${task.name}: its run ${run.id} could not be recorded as finished`, err);
    }
    return { ok: !failed, error, run };
  }

  /**
   * Starts no more runs; the runs under way get `graceMs` to finish, then their pages are
   * cancelled (a running query too) and recorded as failed. Resolves once none is left.
   */
  async stop(graceMs: number, why = "the server is shutting down"): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      for (const t of this.timers.values()) clearTimeout(t);
      this.timers.clear();
      if (this.pruner) clearInterval(this.pruner);
      if (this.inFlight.size > 0) {
        const cut = setTimeout(() => {
          for (const c of this.cancellers)
            c.abort(new Error(`${why} and the run took longer than server.shutdownGraceMs (${graceMs} ms)`));
        }, graceMs);
        cut.unref();
      }
    }
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
