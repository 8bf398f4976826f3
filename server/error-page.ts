// What a failed request answers: the status an error asks for (400 for bad input, 503 for a
// datasource that is down, else 500) and, in dev, a page with the message, the code frame and
// the SQL; in production a page with nothing internal but the request id.
import { DatasourceError, QuarryError, QueryError, RequestError, codes } from "../engine/errors.js";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function statusOf(err: unknown): number {
  if (err instanceof DatasourceError) return 503;
  if (err instanceof QuarryError && err.status && err.status >= 400 && err.status < 600) return err.status;
  return 500;
}

const TITLES: Record<number, string> = {
  400: "Bad request",
  403: "Forbidden",
  404: "Not found",
  413: "Payload too large",
  405: "Method not allowed",
  500: "Internal server error",
  503: "Service unavailable",
};
export const titleOf = (status: number) => TITLES[status] ?? `Error ${status}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2em auto;max-width:60em;padding:0 1em}pre{background:#f4f4f4;padding:1em;overflow:auto}h1{color:#a00}</style>
</head><body>
${body}
</body></html>
`;
}

/** The message a visitor may see: bad input is theirs to fix; anything else stays internal. */
export function publicMessage(err: unknown, status: number): string {
  if (status < 500 && err instanceof Error) return err.message;
  if (err instanceof QuarryError && err.code === codes.TIMEOUT)
    return "The page took too long to answer. Try again shortly.";
  if (err instanceof QuarryError && err.code === codes.CANCELLED) return "The request was cancelled.";
  if (err instanceof QuarryError && err.code === codes.OVERLOADED) return "The server is busy. Try again shortly.";
  if (status === 503) return "The site's database is unavailable. Try again shortly.";
  return "Something went wrong on our side.";
}

export function errorPage(err: unknown, status: number, requestId: string, dev: boolean): string {
  const title = titleOf(status);
  if (!dev)
    return page(
      title,
      `<h1>${status} ${esc(title)}</h1>\n<p>${esc(publicMessage(err, status))}</p>\n<p><small>Request id: ${esc(requestId)}</small></p>`,
    );
  const parts = [`<h1>${status} ${esc(title)}</h1>`, ...detailParts(err)];
  parts.push(`<p><small>Request id: ${esc(requestId)} · this page is shown by quarry dev only</small></p>`);
  return page(title, parts.join("\n"));
}

/**
 * Under quarry dev, what is added to the site's `_error.dbt` or `_404.dbt` page a browser
 * loads: the same detail as the built-in page, styled on its own (the page's styles are the site's).
 */
export function devDetail(err: unknown, status: number, requestId: string): string {
  return `<section id="quarry-error" style="font:15px/1.5 system-ui,sans-serif;border-top:3px solid #a00;background:#fff;color:#222;padding:.5em 1em;margin-top:2em">
<style>#quarry-error pre{background:#f4f4f4;padding:1em;overflow:auto}</style>
<h2 style="color:#a00">${status} ${esc(titleOf(status))}</h2>
${detailParts(err).join("\n")}
<p><small>Request id: ${esc(requestId)} · this detail is added by quarry dev only: quarry start shows the site's page alone</small></p>
</section>`;
}

/**
 * Under quarry dev, `error.detail` for the site's `_error.dbt` and `_404.dbt`: the parts of the
 * detail that apply, as values, so that the page can lay them out itself — `file`, `line`,
 * `column`, `frame` (the code frame), `sql` (with a caret line where Postgres points), `params`,
 * `hint` and `pgDetail` (Postgres's), `candidates` (the files a 404 looked for) or `stack` (an
 * error that is not Quarry's). Never under quarry start.
 */
export function detailData(err: unknown): Record<string, unknown> {
  if (err instanceof RequestError) return { candidates: [...err.candidates] };
  if (!(err instanceof QuarryError)) return { stack: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  const d: Record<string, unknown> = {};
  if (err.loc) Object.assign(d, { file: err.loc.file, line: err.loc.line, column: err.loc.column });
  if (err.frame) d.frame = err.frame;
  if (err instanceof QueryError) {
    d.sql = sqlWithCaret(err.sql, err.position);
    d.params = err.params;
    if (err.hint) d.hint = err.hint;
    if (err.detail) d.pgDetail = err.detail;
  }
  return d;
}

/** What dev shows of an error: code and message, location, code frame, SQL and parameters, or the stack. */
function detailParts(err: unknown): string[] {
  const parts: string[] = [];
  if (err instanceof RequestError) {
    // Not a crash: say what was asked for and, for a 404, which files would have answered.
    parts.push(`<p><b>${esc(err.code)}</b>: ${esc(err.message)}</p>`);
    if (err.candidates.length > 0) {
      parts.push(
        `<p>Looked for these files in the site folder:</p>\n<ul class="candidates">${err.candidates.map((c) => `<li><code>${esc(c)}</code></li>`).join("")}</ul>`,
      );
    }
  } else if (err instanceof QuarryError) {
    const where = err.loc ? `${err.loc.file}:${err.loc.line}:${err.loc.column}` : "";
    parts.push(`<p><b>${esc(err.code)}</b>: ${esc(err.message)}</p>`);
    if (where) parts.push(`<p>at <code>${esc(where)}</code></p>`);
    if (err.frame) parts.push(`<pre class="frame">${esc(err.frame)}</pre>`);
    if (err instanceof QueryError) {
      if (err.detail) parts.push(`<p class="detail"><b>Detail</b>: ${esc(err.detail)}</p>`);
      if (err.hint) parts.push(`<p class="hint"><b>Hint</b>: ${esc(err.hint)}</p>`);
      parts.push(`<h2>SQL</h2><pre class="sql">${esc(sqlWithCaret(err.sql, err.position))}</pre>`);
      parts.push(`<h2>Parameters</h2><pre class="params">${esc(JSON.stringify(err.params, null, 2))}</pre>`);
    }
  } else {
    parts.push(`<pre>${esc(err instanceof Error ? (err.stack ?? err.message) : String(err))}</pre>`);
  }
  return parts;
}

/**
 * The SQL with a caret line under the character Postgres points at (`position`, 1-based, in
 * characters), or as it is when there is none.
 */
export function sqlWithCaret(sql: string, position: number | null): string {
  const chars = [...sql];
  if (!position || position < 1 || position > chars.length + 1) return sql;
  const before = chars.slice(0, position - 1).join("");
  const lineStart = before.lastIndexOf("\n") + 1;
  const column = [...before.slice(lineStart)].length;
  const lineEnd = sql.indexOf("\n", before.length);
  const end = lineEnd === -1 ? sql.length : lineEnd;
  return `${sql.slice(0, end)}\n${" ".repeat(column)}^${sql.slice(end)}`;
}

/** A failed request as quarry dev prints it in the terminal: the located error, then the SQL. */
export function errorText(err: unknown): string {
  if (!(err instanceof QuarryError)) return err instanceof Error ? (err.stack ?? err.message) : String(err);
  if (!(err instanceof QueryError)) return err.format();
  const extra = [err.detail && `Detail: ${err.detail}`, err.hint && `Hint: ${err.hint}`]
    .filter(Boolean)
    .map((l) => `\n${l}`)
    .join("");
  return `${err.format()}${extra}\nSQL: ${sqlWithCaret(err.sql, err.position).replace(/\n/g, "\n     ")}\nParameters: ${JSON.stringify(err.params)}`;
}

/** One log record of a failed request: everything, for the server's log. */
export function errorRecord(err: unknown): Record<string, unknown> {
  if (!(err instanceof QuarryError))
    return {
      message: err instanceof Error ? err.message : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    };
  const r: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.loc) r.at = `${err.loc.file}:${err.loc.line}:${err.loc.column}`;
  if (err instanceof QueryError) {
    Object.assign(r, { sql: err.sql, params: err.params, sqlState: err.sqlState });
    if (err.detail) r.detail = err.detail;
    if (err.hint) r.hint = err.hint;
    if (err.position) r.position = err.position;
  }
  return r;
}
