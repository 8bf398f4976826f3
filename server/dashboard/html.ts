// The dashboard's HTML: one page layout, tables and forms. Every value goes through esc();
// nothing is loaded from elsewhere (no script at all, one small style sheet inline), so the
// pages work without JavaScript under a strict Content-Security-Policy.
import { escapeHtml } from "../../engine/values.js";

export const DASHBOARD_PATH = "/_quarry";

export const esc = (v: unknown): string => escapeHtml(String(v));

/** What the pages may load: nothing but their own inline style (a mail's HTML is shown in a sandboxed frame). */
export const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#2d2a26;color:#fff;padding:.6em 1em}header a{color:#ffd9a0;margin-right:1em;text-decoration:none}
header a[aria-current]{color:#fff;font-weight:bold;text-decoration:underline}
main{padding:1em 1.5em;max-width:80em}h1{font-size:1.4em;margin:.2em 0 .6em}
table{border-collapse:collapse;margin:.5em 0 1em;background:#fff}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
th{background:#eee}pre{margin:0;white-space:pre-wrap;word-break:break-word}
.done{background:#e6f4e6;border:1px solid #7a7;padding:.5em}.failed{background:#fbe9e9;border:1px solid #c77;padding:.5em}
form{display:inline;margin:0}button{font:inherit;padding:.15em .7em}.muted{color:#666}
iframe{width:100%;height:24em;border:1px solid #ccc;background:#fff}`;

/** Cells are HTML already (escape what goes in). */
export function table(head: string[], rows: string[][]): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join("");
  const tr = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("\n");
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${tr}\n</tbody></table>`;
}

/** A button that POSTs to /_quarry/<panel>/<action> with the CSRF token and `fields`. */
export function actionForm(
  token: string,
  panel: string,
  action: string,
  label: string,
  fields: Record<string, string> = {},
): string {
  const hidden = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join("");
  return `<form method="post" action="${DASHBOARD_PATH}/${esc(panel)}/${esc(action)}"><input type="hidden" name="_csrf" value="${esc(token)}">${hidden}<button type="submit">${esc(label)}</button></form>`;
}

/** A value as indented JSON, escaped. */
export const jsonBlock = (v: unknown): string => `<pre>${esc(JSON.stringify(v, null, 2))}</pre>`;

export interface Message {
  ok: boolean;
  text: string;
}

/** The page around a panel: the navigation, the result of an action, the panel's content. */
export function layout(
  nav: { id: string; title: string }[],
  current: string,
  title: string,
  content: string,
  message: Message | null = null,
): string {
  const links = nav
    .map(
      (p) => `<a href="${DASHBOARD_PATH}/${p.id}"${p.id === current ? ' aria-current="page"' : ""}>${esc(p.title)}</a>`,
    )
    .join("");
  const note = message
    ? `<p class="${message.ok ? "done" : "failed"}" role="${message.ok ? "status" : "alert"}">${esc(message.text)}</p>\n`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)} · Quarry dev</title><style>${STYLE}</style></head>
<body><header><a href="${DASHBOARD_PATH}/"${current === "" ? ' aria-current="page"' : ""}>Quarry dev</a> ${links}</header>
<main id="panel"><h1>${esc(title)}</h1>
${note}${content}
</main></body></html>
`;
}
