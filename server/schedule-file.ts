// A site's scheduled tasks: `_schedule.json` beside its pages, a list of tasks, each a page run
// on the slots of a cron expression (croner reads it, in the task's time zone). Read and checked
// at start (quarry dev, quarry start), by quarry check and by quarry build: every mistake in the
// file is reported at once, each at its line and column, as the config file's are.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Cron } from "croner";
import { findNodeAtLocation, parseTree, type Node } from "jsonc-parser";
import { ConfigError } from "../engine/errors.js";
import { located, parseJsonConfig } from "../config/locate.js";

/** The file, in the site folder (and copied into a build). */
export const SCHEDULE_FILE = "_schedule.json";

export interface ScheduledTask {
  /** Names the task in logs, in `quarry schedule run NAME` and in its runs' rows. */
  name: string;
  /** 5 fields (minute precision), 6 (seconds first) or 7 (a year last); or @hourly, @daily, … */
  cron: string;
  /** The page run as the task: a .dbt file of the site, relative to it ("_tasks/cleanup.dbt"). */
  page: string;
  /** The IANA zone the expression is read in (default: the site's `timezone`). */
  timezone: string;
  /** Run once for the latest slot missed while no process of the site ran (default false). */
  catchUp: boolean;
}

const KEYS = ["name", "cron", "page", "timezone", "catchUp"];
/** A task's name: it goes into log lines, a command line and a table. */
const NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;

/** The expression's timer: paused, it only computes slots. */
export function cronOf(task: Pick<ScheduledTask, "cron" | "timezone">): Cron {
  return new Cron(task.cron, { paused: true, timezone: task.timezone });
}

function zoneOf(v: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

interface Problem {
  /** Where in the file: the list's index, then a key. */
  path: (string | number)[];
  /** Place it at the key rather than at its value (an unknown key). */
  atKey?: boolean;
  message: string;
}

/** Is `page` not a path of a page inside the site (absolute, climbing out, not .dbt)? */
function badPage(page: string): boolean {
  const parts = page.split("/");
  return (
    !page.toLowerCase().endsWith(".dbt") ||
    page.includes("\\") ||
    page.includes("\0") ||
    parts.some((s) => s === "" || s === "." || s === "..")
  );
}

/**
 * Checks the parsed file: the tasks, or every problem found. `hasPage` says whether the site
 * has a page at a path (a file in a site folder, a template in a build).
 */
function parseTasks(
  raw: unknown,
  siteZone: string,
  hasPage: (page: string) => boolean,
): { tasks: ScheduledTask[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const tasks: ScheduledTask[] = [];
  if (!Array.isArray(raw)) {
    problems.push({
      path: [],
      message:
        'must hold a list of tasks, such as [{ "name": "cleanup", "cron": "0 3 * * *", "page": "_tasks/cleanup.dbt" }]',
    });
    return { tasks, problems };
  }
  const seen = new Map<string, number>();
  raw.forEach((entry: unknown, i) => {
    const at = (key?: string) => (key === undefined ? [i] : [i, key]);
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
      problems.push({ path: at(), message: `task ${i + 1} must be an object with a name, a cron and a page` });
      return;
    }
    const t = entry as Record<string, unknown>;
    const named = typeof t.name === "string" && NAME.test(t.name);
    const who = named ? `task "${t.name as string}"` : `task ${i + 1}`;
    const bad = (key: string | undefined, message: string, atKey = false) =>
      problems.push({ path: at(key), atKey, message: `${who}: ${message}` });
    for (const k of Object.keys(t))
      if (!KEYS.includes(k)) bad(k, `unknown key ${JSON.stringify(k)} (known: ${KEYS.join(", ")})`, true);
    for (const k of ["name", "cron", "page"]) if (t[k] === undefined) bad(undefined, `${k} is missing`);
    if (t.name !== undefined && !named)
      bad(
        "name",
        `name must be 1 to 64 letters, digits, "_", "-" or "." starting with a letter or digit, got ${JSON.stringify(t.name)}`,
      );
    if (named) {
      const first = seen.get(t.name as string);
      if (first !== undefined) bad("name", `the name is taken by task ${first + 1} already`);
      else seen.set(t.name as string, i);
    }
    let timezone: string | null = siteZone;
    if (t.timezone !== undefined) {
      timezone = typeof t.timezone === "string" ? zoneOf(t.timezone) : null;
      if (timezone === null)
        bad(
          "timezone",
          `timezone must be a time zone name such as "Europe/Oslo" or "UTC", got ${JSON.stringify(t.timezone)}`,
        );
    }
    const cron = taskCron(t.cron, timezone, bad);
    const page = taskPage(t.page, hasPage, bad);
    if (t.catchUp !== undefined && typeof t.catchUp !== "boolean")
      bad("catchUp", `catchUp must be true or false, got ${JSON.stringify(t.catchUp)}`);
    if (named && cron !== null && page !== null && timezone !== null)
      tasks.push({ name: t.name as string, cron, page, timezone, catchUp: t.catchUp === true });
  });
  return { tasks, problems };
}

/** Reports a problem of the task being checked, at `key` (its value, or with `atKey` the key itself). */
type Bad = (key: string | undefined, message: string, atKey?: boolean) => unknown;

/** The task's cron expression when it is one that runs (checked in its time zone), else null. */
function taskCron(value: unknown, timezone: string | null, bad: Bad): string | null {
  if (value === undefined) return null;
  // A string with a colon is a date to croner (one run at that time): not a schedule.
  if (typeof value !== "string" || value.includes(":") || value.trim() === "") {
    bad(
      "cron",
      `cron must be a cron expression (5, 6 or 7 fields, or a nickname such as "@hourly"), got ${JSON.stringify(value)}`,
    );
    return null;
  }
  try {
    const c = cronOf({ cron: value, timezone: timezone ?? "UTC" });
    if (c.nextRun() !== null) return value;
    bad("cron", `cron ${JSON.stringify(value)} never runs (no date matches it from now on)`);
  } catch (err) {
    const why = (err as Error).message.replace(/^CronPattern: /, "");
    bad("cron", `cron ${JSON.stringify(value)} is not a cron expression: ${why}`);
  }
  return null;
}

/** The task's page when it is a page of the site, else null. */
function taskPage(value: unknown, hasPage: (page: string) => boolean, bad: Bad): string | null {
  if (value === undefined) return null;
  if (typeof value !== "string" || badPage(value))
    bad(
      "page",
      `page must be the path of a .dbt page of the site, relative to it (such as "_tasks/cleanup.dbt"), got ${JSON.stringify(value)}`,
    );
  else if (!hasPage(value)) bad("page", `page ${JSON.stringify(value)} is not a page of the site`);
  else return value;
  return null;
}

/** Places a problem at its line and column in the file (offset -1: no place found). */
function place(file: string, text: string, tree: Node | undefined, p: Problem): { offset: number; text: string } {
  for (let path = p.path; tree; path = path.slice(0, -1)) {
    const node = findNodeAtLocation(tree, path);
    if (node) {
      const at = (p.atKey && node.parent?.type === "property" ? node.parent.children?.[0] : undefined) ?? node;
      return { offset: at.offset, text: located(file, text, at.offset, p.message) };
    }
    if (path.length === 0) break;
  }
  return { offset: -1, text: `${file}: ${p.message}` };
}

/**
 * The tasks of the site in `dir` (a site folder or a build), or null when it has no
 * `_schedule.json`. Throws a ConfigError listing every problem, each at its line and column.
 */
export function readSchedule(
  dir: string,
  siteZone: string,
  hasPage: (page: string) => boolean,
): ScheduledTask[] | null {
  const file = join(dir, SCHEDULE_FILE);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, "utf8");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const { errors } = parseJsonConfig(file, text);
    throw Object.assign(new ConfigError(errors.join("\n")), { problems: errors });
  }
  const { tasks, problems } = parseTasks(raw, siteZone, hasPage);
  if (problems.length === 0) return tasks;
  const tree = parseTree(text);
  const list = problems
    .map((p) => place(file, text, tree, p))
    .sort((a, b) => a.offset - b.offset)
    .map((p) => p.text);
  throw Object.assign(new ConfigError(list.join("\n")), { problems: list });
}

/** Does a site folder have the page `page` (a file inside it)? */
export const folderHasPage =
  (root: string) =>
  (page: string): boolean => {
    try {
      return statSync(join(root, page)).isFile();
    } catch {
      return false;
    }
  };
