// Pages and routes: which URL each page of the site answers (server/routes.ts's rules), the
// site's special templates, its components, the templates only included, its static files and
// quarry dev's own paths.
import { siteFiles } from "../../site-files.js";
import { servable } from "../../routes.js";
import { DEBUG_PATH } from "../../debug.js";
import { RELOAD_PATH } from "../../dev.js";
import { DASHBOARD_PATH, esc, table } from "../html.js";
import type { Panel } from "../context.js";

const SPECIAL: Record<string, string> = {
  "_application.dbt": "runs once, before the first request: fills the application scope",
  "_request.dbt": "runs before every page (and static file, unless requestTemplateForStatic is false)",
  "_error.dbt": "the page of every error status",
  "_404.dbt": "the page of a path no page answers",
};

/** The URL a page answers: a/b.dbt → /a/b, a/index.dbt → /a/ (and /a). */
export function pageUrl(file: string): string {
  const path = file.slice(0, -".dbt".length);
  if (path === "index") return "/";
  return path.endsWith("/index") ? `/${path.slice(0, -"index".length)}` : `/${path}`;
}

const STATIC_SHOWN = 200;

export const pagesPanel: Panel = {
  id: "pages",
  title: "Pages and routes",
  summary: "which URL each page answers, the special templates, components and static files",
  render(ctx) {
    const files = siteFiles(ctx.root);
    const pages = files.filter((f) => servable(f, "page"));
    const statics = files.filter((f) => servable(f, "static"));
    const special = files.filter((f) => f in SPECIAL);
    const components = files.filter((f) => f.toLowerCase().endsWith(".cfc"));
    const included = files.filter((f) => f.toLowerCase().endsWith(".dbt") && !servable(f, "page") && !(f in SPECIAL));
    const link = (u: string) => `<a href="${esc(u)}">${esc(u)}</a>`;
    const out = [
      `<h2>Pages (${pages.length})</h2>`,
      table(
        ["URL", "template"],
        pages.map((f) => [link(pageUrl(f)), `<code>${esc(f)}</code>`]),
      ),
      `<h2>Special templates</h2>`,
      special.length
        ? table(
            ["template", "role"],
            special.map((f) => [`<code>${esc(f)}</code>`, esc(SPECIAL[f])]),
          )
        : `<p class="muted">none (_application.dbt, _request.dbt, _error.dbt, _404.dbt)</p>`,
      `<h2>Included only, never a route (${included.length})</h2>`,
      included.length
        ? `<ul>${included.map((f) => `<li><code>${esc(f)}</code></li>`).join("")}</ul>`
        : `<p class="muted">none</p>`,
      `<h2>Components (${components.length})</h2>`,
      components.length
        ? `<ul>${components.map((f) => `<li><code>${esc(f)}</code></li>`).join("")}</ul>`
        : `<p class="muted">none</p>`,
      `<h2>Static files (${statics.length})</h2>`,
      statics.length
        ? `<ul>${statics
            .slice(0, STATIC_SHOWN)
            .map((f) => `<li>${link(`/${f}`)}</li>`)
            .join(
              "",
            )}</ul>${statics.length > STATIC_SHOWN ? `<p class="muted">and ${statics.length - STATIC_SHOWN} more</p>` : ""}`
        : `<p class="muted">none</p>`,
      `<h2>quarry dev's own paths</h2>`,
      table(
        ["path", "what"],
        [
          [link(`${DASHBOARD_PATH}/`), "this dashboard"],
          [link(DEBUG_PATH), "the recent requests as JSON"],
          [`<code>${esc(RELOAD_PATH)}</code>`, "live reload (server-sent events)"],
        ],
      ),
    ];
    return out.join("\n");
  },
};
