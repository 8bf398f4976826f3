// `quarry check --db`, `quarry build --db` and quarry dev's check on save: every static
// statement of the site's templates (tags/query-shapes.ts builds them as the pages do) is
// described by Postgres without running (datasources/postgres/describe.ts), and every read of
// a column of its result is held against the columns Postgres names.
//
// Against what: the server of the site's dev database (what quarry dev uses: the default
// datasource's url or DATABASE_URL, else the embedded Postgres, joined when a server runs it,
// else started and stopped here), or the URL given. When the site has _db/*.sql migrations, a
// scratch database is created on that server, the migrations are applied to it, the check
// runs there and the scratch database is dropped: the site's own database is never migrated or
// written. Without migrations the statements are described on the database itself, in a
// read-only transaction that is rolled back. Either way nothing is left behind.
import { join } from "node:path";
import { QueryError, type QuarryError, withFrame } from "../engine/errors.js";
import type { TemplateAst } from "../parser/ast.js";
import type { Engine } from "../engine/engine.js";
import { siteTemplates } from "./site-files.js";
import {
  columnErrors,
  namesSet,
  statementsOf,
  type KnownQuery,
  type SkipReason,
  type Statement,
} from "../tags/query-shapes.js";
import { loadConfig } from "../config/site.js";
import type { LogFn } from "../datasources/datasource.js";
import { describeAll, scratchDatabase, type Refusal } from "../datasources/postgres/describe.js";
import { migrate, migrationFiles } from "./migrations.js";
import { openSiteDatabase, redact } from "./database.js";
import { sqlWithCaret } from "./error-page.js";

export interface SqlCheckOptions {
  siteDir: string;
  /** `--db URL`: the server (and, for a site without migrations, the database) to check against. */
  url?: string;
  /** The embedded Postgres's data folder, as for quarry dev (`--data-dir`). */
  dataDir?: string | null;
  log?: LogFn;
  /**
   * What to undo should the process be interrupted (Ctrl-C): while they exist, the scratch
   * database's drop and the stop of an embedded Postgres started for the check are in it.
   */
  undo?: Set<() => Promise<void>>;
}

export interface SqlCheckResult {
  errors: QuarryError[];
  /** Statements described by Postgres. */
  checked: number;
  skipped: Record<SkipReason, number>;
  /** Where they were checked, for the summary line; "" when there was nothing to check. */
  against: string;
}

/** A site's statements and what the column check needs, from its loaded templates. */
interface Collected {
  asts: TemplateAst[];
  statements: { st: Statement; ast: TemplateAst }[];
  names: Map<TemplateAst, string[]>;
  errors: QuarryError[];
  skipped: Record<SkipReason, number>;
}

function collect(asts: TemplateAst[], defaultDatasource: string): Collected {
  const out: Collected = { asts, statements: [], names: new Map(), errors: [], skipped: { dynamic: 0, datasource: 0 } };
  for (const ast of asts) {
    const shapes = statementsOf(ast);
    out.names.set(ast, shapes.names);
    for (const e of shapes.errors) out.errors.push(withFrame(e, ast.source, ast.file));
    for (const s of shapes.skipped) out.skipped[s.reason]++;
    for (const st of shapes.statements) {
      if (st.datasource !== undefined && st.datasource.toLowerCase() !== defaultDatasource.toLowerCase())
        out.skipped.datasource++;
      else out.statements.push({ st, ast });
    }
  }
  return out;
}

/** Postgres's refusal of a statement, as the page would have met it (QRY_ERR_QUERY), at the statement. */
function refused(r: Refusal, st: Statement, ast: TemplateAst): QueryError {
  const q = new QueryError(
    `Query failed: ${r.message}${r.state ? ` (SQLSTATE ${r.state})` : ""}`,
    st.sql,
    st.params,
    r.state,
    st.loc,
  );
  q.detail = r.detail;
  q.hint = r.hint;
  q.position = r.position;
  return withFrame(q, ast.source, ast.file);
}

/** Describes every statement on `url`: the columns of each, its refusal an error of `c`. */
async function describeOn(url: string, c: Collected): Promise<Map<Statement, string[]>> {
  const columns = new Map<Statement, string[]>();
  const answers = await describeAll(
    url,
    c.statements.map((s) => s.st.sql),
  );
  c.statements.forEach(({ st, ast }, i) => {
    const a = answers[i]!;
    if (Array.isArray(a)) columns.set(st, a);
    else c.errors.push(refused(a, st, ast));
  });
  return columns;
}

/** The column reads of every template, against the queries it runs that Postgres described. */
function checkColumns(c: Collected, columns: Map<Statement, string[]>, site: TemplateAst[] = c.asts): void {
  const assigned = new Set<string>();
  for (const ast of site) namesSet(ast, assigned);
  for (const ast of c.asts) {
    const count = new Map<string, number>();
    for (const n of c.names.get(ast) ?? []) count.set(n, (count.get(n) ?? 0) + 1);
    const known = new Map<string, KnownQuery>();
    for (const { st, ast: a } of c.statements) {
      const cols = columns.get(st);
      // A name two statements of the page fill (or one run with other SQL) has no one set of columns.
      if (a === ast && st.name !== undefined && cols && count.get(st.name) === 1)
        known.set(st.name, { columns: cols, statement: st });
    }
    if (known.size === 0) continue;
    for (const e of columnErrors(ast, known, assigned)) c.errors.push(withFrame(e, ast.source, ast.file));
  }
}

/**
 * Checks the statements of `asts` (the site's templates, loaded) against the site's database,
 * or `opts.url`. Refusals are errors of the result; a database that cannot be reached, or
 * migrations that fail, throw.
 */
export async function checkSql(asts: TemplateAst[], opts: SqlCheckOptions): Promise<SqlCheckResult> {
  const log = opts.log ?? (() => {});
  const config = await loadConfig(opts.siteDir);
  const c = collect(asts, config.defaultDatasource);
  const result = (against: string): SqlCheckResult => ({
    errors: c.errors,
    checked: c.statements.length,
    skipped: c.skipped,
    against,
  });
  if (c.statements.length === 0) return result("");
  const server = opts.url
    ? { url: opts.url, how: redact(opts.url), stop: async () => {} }
    : await openSiteDatabase(opts.siteDir, { built: false, dataDir: opts.dataDir, log });
  let against: string;
  const stop = () => server.stop();
  opts.undo?.add(stop);
  try {
    const dbDir = join(opts.siteDir, "_db");
    let columns: Map<Statement, string[]>;
    if (migrationFiles(dbDir).length > 0) {
      const scratch = await scratchDatabase(server.url);
      const drop = () => scratch.drop();
      opts.undo?.add(drop);
      try {
        await migrate(scratch.url, dbDir);
        columns = await describeOn(scratch.url, c);
      } finally {
        opts.undo?.delete(drop);
        await scratch.drop();
      }
      against = `a scratch database on ${server.how} with _db/ applied (dropped)`;
    } else {
      columns = await describeOn(server.url, c);
      against = server.how;
    }
    checkColumns(c, columns);
  } finally {
    opts.undo?.delete(stop);
    await server.stop();
  }
  return result(against);
}

/** A check's error as the terminal shows it: the located error, Postgres's detail and hint, the SQL with a caret. */
export function checkErrorText(err: QuarryError): string {
  if (!(err instanceof QueryError)) return err.format();
  const extra = [err.detail && `Detail: ${err.detail}`, err.hint && `Hint: ${err.hint}`]
    .filter(Boolean)
    .map((l) => `\n${l}`)
    .join("");
  return `${err.format()}${extra}\nSQL: ${sqlWithCaret(err.sql, err.position).replace(/\n/g, "\n     ")}`;
}

/** The summary line's part for the SQL check: "3 statements checked against …; 1 skipped (dynamic SQL)". */
export function checkSummary(r: SqlCheckResult): string {
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? "" : "s"}`;
  const skipped = [
    r.skipped.dynamic && `${r.skipped.dynamic} built at run time`,
    r.skipped.datasource && `${r.skipped.datasource} on another datasource`,
  ].filter(Boolean);
  const total = r.skipped.dynamic + r.skipped.datasource;
  return `${n(r.checked, "statement")} checked${r.against ? ` against ${r.against}` : ""}${total ? `, ${total} skipped (${skipped.join(", ")})` : ""}`;
}

/**
 * quarry dev's check on save: the saved template's statements described on the dev database
 * itself (dev applies the migrations to it), read-only and rolled back; its column reads held
 * against them. The problems stay until the template is saved without them: the page shows
 * them (`overlay`) and the terminal prints them.
 */
export class DevSqlCheck {
  /** By template name: what the last check of it found. */
  readonly problems = new Map<string, QuarryError[]>();
  constructor(
    /** An interpreted engine of its own, on the site folder (the served one compiles). */
    private readonly engine: Engine,
    private readonly url: string,
    private readonly defaultDatasource: string,
  ) {}

  /** Checks a saved template; returns what it found (also kept in `problems`). */
  async saved(name: string): Promise<QuarryError[]> {
    this.engine.invalidateWithDependents(name);
    this.problems.delete(name);
    const site: TemplateAst[] = [];
    let saved: TemplateAst | null = null;
    for (const f of siteTemplates(this.engine.root)) {
      try {
        const ast = this.engine.load(f).ast;
        site.push(ast);
        if (f === name) saved = ast;
      } catch {
        // A template that does not load shows its own error when served.
      }
    }
    if (!saved) return [];
    const c = collect([saved], this.defaultDatasource);
    if (c.statements.length > 0) checkColumns(c, await describeOn(this.url, c), site);
    if (c.errors.length > 0) this.problems.set(name, c.errors);
    return c.errors;
  }

  /** The problems as a box at the top of the page, or "" when there are none. */
  overlay(): string {
    const all = [...this.problems.values()].flat();
    if (all.length === 0) return "";
    const esc = (t: string) => t.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    return `<div id="quarry-sql-check" style="position:fixed;top:0;left:0;right:0;max-height:60vh;overflow:auto;z-index:2147483647;background:#fff3f3;color:#5a0000;border-bottom:3px solid #c00;padding:8px 12px;font:13px/1.4 ui-monospace,monospace"><strong>quarry dev: the SQL check found ${all.length} problem${all.length === 1 ? "" : "s"} (quarry build --db would fail)</strong>${all.map((e) => `<pre style="white-space:pre-wrap;margin:8px 0 0">${esc(checkErrorText(e))}</pre>`).join("")}</div>`;
  }
}
