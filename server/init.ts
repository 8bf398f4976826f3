// `quarry init DIR`: a starter site — config, schema and seed data, a layout and one page
// that queries, takes a parameter and writes in a transaction.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { codes, QuarryError } from "../engine/errors.js";
import { dirname, join } from "node:path";

const FILES: Record<string, string> = {
  // The embedded Postgres keeps its data in .quarry/; a build is made, not written.
  ".gitignore": ".quarry/\ndist/\nnode_modules/\n",
  "quarry.config.json": `${JSON.stringify({ datasources: { main: { strategy: "pool", max: 10 } } }, null, 2)}\n`,
  "_db/001_schema.sql": `CREATE TABLE note (
  id serial PRIMARY KEY,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 500),
  created timestamptz NOT NULL DEFAULT now()
);
INSERT INTO note (body) VALUES ('Hello from Quarry'), ('Edit index.dbt and save: the page reloads');
`,
  "_layout/header.dbt": `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title><dbt:output>#variables.title ?: "Quarry"#</dbt:output></title></head>
<body>
`,
  "_layout/footer.dbt": `</body>
</html>
`,
  // A bad post is shown again with its message (not a 400); a good one redirects with a flash
  // message (docs/recipes/forms.md).
  "index.dbt": `<dbt:set title = "Notes">
<dbt:if cgi.request_method eq "POST">
  <dbt:param name="form.body" type="string" min="1" max="500" onerror="collect" message="Write a note of 1 to 500 characters">
  <dbt:if structIsEmpty(paramErrors)>
    <dbt:transaction>
      <dbt:query>INSERT INTO note (body) VALUES (#form.body#)</dbt:query>
    </dbt:transaction>
    <dbt:set flash("notice", "Note added")>
    <dbt:location url="/" statuscode="303">
  </dbt:if>
  <dbt:header statuscode="422">
</dbt:if>
<dbt:include template="/_layout/header.dbt">
<dbt:query name="notes">SELECT id, body, created FROM note ORDER BY id</dbt:query>
<h1>Notes</h1>
<dbt:set notice = getFlash("notice")>
<dbt:if len(notice)><dbt:output><p class="notice">#notice#</p></dbt:output></dbt:if>
<ul>
<dbt:output query="notes">
  <li>#body#</li>
</dbt:output>
</ul>
<form method="post"><dbt:output>#csrfField()#<input name="body" maxlength="500" value="#form.body ?: ""#"> <button>Add</button> <span class="error">#paramErrors.body ?: ""#</span></dbt:output></form>
<dbt:include template="/_layout/footer.dbt">
`,
};

/** Writes the starter site into `dir`, which must be missing or empty; returns the files. */
export function initSite(dir: string): string[] {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new QuarryError(
      codes.INIT_DIR,
      "application",
      `${dir} is not empty: quarry init writes only into a new or empty folder`,
      null,
    );
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return Object.keys(FILES);
}
