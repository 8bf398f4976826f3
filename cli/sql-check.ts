// The --db option of quarry check and quarry build: the site's SQL checked against its database.
import type { TemplateAst } from "../parser/ast.js";
import { report } from "./shared.js";

export const DB_HELP =
  "also have Postgres parse and describe, without running, every SQL statement written out in the templates (dbt:query, queryExecute) and check the columns read from each result; on the site's dev database (what quarry dev uses: the config's url or DATABASE_URL, else the embedded Postgres) or the database URL names: with _db/ migrations in a scratch database made on that server, migrated and dropped, without them in a read-only transaction rolled back";

/** Runs the check; the errors as the terminal shows them and the summary. A database that cannot be used ends the command. */
export async function sqlCheck(
  siteDir: string,
  asts: TemplateAst[],
  db: string | true,
  dataDir: string | undefined,
): Promise<{ texts: string[]; summary: string }> {
  const { checkSql, checkErrorText, checkSummary } = await import("../server/sql-check.js");
  // The embedded Postgres runs detached and unreferenced: hold the process until it has stopped.
  const hold = setInterval(() => {}, 1000);
  // Ctrl-C: drop the scratch database and stop an embedded Postgres started for the check first.
  const undo = new Set<() => Promise<void>>();
  const interrupted = (signal: NodeJS.Signals) => {
    process.stderr.write(`${signal}: cleaning up the SQL check…\n`);
    void (async () => {
      // The newest first: the scratch database goes before the Postgres that holds it stops.
      for (const f of [...undo].reverse()) await f().catch(() => {});
      process.exit(130);
    })();
  };
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  try {
    const r = await checkSql(asts, {
      siteDir,
      url: db === true ? undefined : db,
      dataDir,
      log: (line) => process.stderr.write(`${line}\n`),
      undo,
    });
    return { texts: r.errors.map(checkErrorText), summary: checkSummary(r) };
  } catch (err) {
    return report(err);
  } finally {
    process.off("SIGINT", interrupted).off("SIGTERM", interrupted);
    clearInterval(hold);
  }
}
