// The pages bench:render measures and their hand-written baselines (the same output built with
// plain string concatenation), rendered as `quarry start` renders a page: shared by
// bench/render.ts and bench/variants.ts.
import { fileURLToPath } from "node:url";
import { Engine } from "../engine/engine.js";
import { RenderContext, runPage, scopesFrom, type Rendered, type Scopes } from "../engine/context.js";
import { newPageState } from "../engine/page.js";
import type { RenderFn } from "../engine/template.js";
import { QueryResult, escapeHtml, newStruct, numToStr } from "../engine/values.js";
import { mandelbrotPage } from "./hand.js";
import { FIELDS, MESSAGES, PARA, USER } from "./page-data.js";

const root = fileURLToPath(new URL("../../bench/pages", import.meta.url));
const sampleSite = fileURLToPath(new URL("../../templates", import.meta.url));

const fortunes = new QueryResult(
  ["id", "message"],
  MESSAGES.map((message, i) => ({ id: i + 1, message })),
);

const user = Object.assign(newStruct(), USER);

const rows = new QueryResult(
  ["id", "name", "price"],
  Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}`, price: (i * 3.7).toFixed(2) })),
);

/** templates/mandelbrot.dbt's defaults (no query string). */
const MANDELBROT = { width: 72, height: 32, maxiter: 256, x0: -2.2, x1: 1, y0: -1.2, y1: 1.2 };

// Hand-written baselines: the same output, built with plain string concatenation.
export const hand = {
  fortunes(): string {
    let o =
      "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>\n";
    for (const r of fortunes.rows)
      o += `<tr><td>${numToStr(r.id as number)}</td><td>${escapeHtml(r.message as string)}</td></tr>`;
    return `${o}\n</table></body></html>\n`;
  },
  personalised(): string {
    const u = user;
    const put = (v: unknown) => (typeof v === "number" ? numToStr(v) : escapeHtml(v as string));
    let o = `<html><head><title>Welcome, ${put(u.name)}</title></head><body>`;
    for (let i = 0; i < 20; i++) {
      const f = FIELDS[i % FIELDS.length]!;
      o += `\n<p>${PARA}Your ${f}: <b>${put(u[f])}</b>.</p>`;
    }
    return `${o}\n</body></html>\n`;
  },
  table(): string {
    let o = "<table>\n";
    for (const r of rows.rows) {
      const id = r.id as number;
      o += `<tr><td>${numToStr(id)}</td><td>${escapeHtml(r.name as string)}</td>`;
      for (let j = 1; j <= 5; j++) o += `<td>${numToStr(id * j)}</td>`;
      o +=
        id % 2 === 0
          ? `<td class="even">${escapeHtml(r.price as string)}</td>`
          : `<td>${escapeHtml(r.price as string)}</td>`;
      o += "</tr>\n";
    }
    return `${o}</table>\n`;
  },
  // Seed 003's Mandelbrot: the sample site's page, as bench/hand.ts's route builds it.
  mandelbrot(): string {
    return mandelbrotPage(MANDELBROT, true);
  },
  loop(): string {
    let n = 0;
    for (let i = 1; i <= 10000; i++) n += i;
    return `${numToStr(n)}\n`;
  },
};

const engines = {
  compiled: new Engine({ root, mode: "compiled" }),
  interpreted: new Engine({ root, mode: "interpreted" }),
};
const siteEngines = {
  compiled: new Engine({ root: sampleSite, mode: "compiled" }),
  interpreted: new Engine({ root: sampleSite, mode: "interpreted" }),
};

/** A page's scopes: `data` as scopesFrom takes it (url, application, …) and its variables. */
export const pages = [
  { name: "fortunes", file: "fortunes.dbt", engines, data: {}, vars: { fortunes } },
  { name: "personalised", file: "personalised.dbt", engines, data: {}, vars: { user } },
  { name: "table", file: "table.dbt", engines, data: {}, vars: { rows } },
  { name: "loop", file: "loop.dbt", engines, data: {}, vars: {} },
  // As the sample site runs it: _application.dbt sets application.siteName.
  {
    name: "mandelbrot",
    file: "mandelbrot.dbt",
    engines: siteEngines,
    data: { application: { siteName: "Quarry" } },
    vars: {},
  },
] as const;

/** Each page's scopes that outlive a request (application, session) and the empty others. */
const lasting = new Map(pages.map((p) => [p, scopesFrom(p.data)]));
/**
 * A request's scopes as the server makes them for every request (server/scopes.ts): variables,
 * request and url (a page's params write it) fresh, application and session shared.
 */
export function scopes(p: Page): Scopes {
  return {
    ...lasting.get(p)!,
    variables: Object.assign(newStruct(), p.vars),
    request: newStruct(),
    url: newStruct(),
  };
}

/** A page bench:render measures. */
export type Page = (typeof pages)[number];

/** One render of `fn` (the page's compiled render, or a variant of it) on a fresh context, in compiled mode's engine. */
export const runWith = (p: Page, fn: RenderFn, s: Scopes) =>
  runPage(fn, new RenderContext(s, p.engines.compiled, p.engines.compiled.limits, newPageState()));

/**
 * A page rendered as `quarry start` renders it (PrecompiledSource.render): runPage with fresh
 * scopes, context and page state, its clock on as in the server (a page that runs past its time
 * slice pauses: then a promise, awaited), its output flattened as a socket write would.
 */
export function serve(e: Engine, file: string, s: Scopes): void | Promise<void> {
  return flatten(served(e, file, s));
}

/** `file` rendered as the server renders it (runPage on a fresh context and page state): a string unless the page paused. */
export const served = (e: Engine, file: string, s: Scopes): Rendered =>
  runPage(e.load(file).render, new RenderContext(s, e, e.limits, newPageState()));

/** A page's output flattened (a rope made a string), as a socket write would; a promise only when the page paused. */
export function flatten(out: Rendered): void | Promise<void> {
  if (typeof out === "string") return void Buffer.byteLength(out);
  return out.then((o) => void Buffer.byteLength(o));
}
