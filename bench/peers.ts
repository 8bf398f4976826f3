// npm run bench:peers — render only, no HTTP, no database: the Fortunes page and the
// personalised page (seed 004) in Quarry (compiled, interpreted) and in eta, pug, ejs,
// handlebars, nunjucks and liquidjs, against hand-written string concatenation. Every output
// is checked equal to Quarry's up to entity spelling (&#39; / &#x27; / ', &quot; / &#34;),
// every output string is flattened as a socket write would (Buffer.byteLength), and engines
// run interleaved in rounds, order rotated, ratios to hand-written taken within a round.
// Writes bench-results/peers-<timestamp>/peers.json and prints a table.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, platform, release, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Eta } from "eta";
import pug from "pug";
import ejs from "ejs";
import Handlebars from "handlebars";
import nunjucks from "nunjucks";
import { Liquid } from "liquidjs";
import { Engine } from "../engine/engine.js";
import { scopesFrom } from "../engine/context.js";
import { QueryResult, escapeHtml, newStruct } from "../engine/values.js";
import { median } from "./runner.js";
import { FIELDS, MESSAGES, PARA, USER as user } from "./page-data.js";
import { served } from "./render-pages.js";

const pagesDir = fileURLToPath(new URL("../../bench/pages", import.meta.url));
const ROUNDS = Number(process.env.PEERS_ROUNDS ?? 7);
const MS = Number(process.env.PEERS_MS ?? 250);

// ------------------------------------------------------------------ the data

const fortuneRows = MESSAGES.map((message, i) => ({ id: i + 1, message }));

// ------------------------------------------------------------------ the templates

const FORTUNES_HEAD =
  "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>\n";
const FORTUNES_TAIL = "\n</table></body></html>\n";
/** The personalised page's lines with {field} where a value goes (from bench/pages/personalised.dbt). */
const personalisedLines = readFileSync(join(pagesDir, "personalised.dbt"), "utf8")
  .replace(/^<dbt:output>/, "")
  .replace(/<\/dbt:output>\n$/, "")
  .split("\n")
  .map((l) => l.replace(/#user\.(\w+)#/g, "{$1}"));
const subst = (line: string, f: (field: string) => string) => line.replace(/\{(\w+)\}/g, (_m, k: string) => f(k));
const personalisedWith = (f: (field: string) => string) => `${personalisedLines.map((l) => subst(l, f)).join("\n")}\n`;

type Render = () => string | Promise<string>;
interface Page {
  name: string;
  file: string;
  vars: Record<string, unknown>;
  engines: Record<string, Render>;
}

function fortunesPage(): Page {
  const data = { fortunes: fortuneRows };
  const eta = new Eta({ autoTrim: false, autoEscape: true });
  const etaFn = eta.compile(
    `${FORTUNES_HEAD}<% for (const f of it.fortunes) { %><tr><td><%= f.id %></td><td><%= f.message %></td></tr><% } %>${FORTUNES_TAIL}`,
  );
  const ejsFn = ejs.compile(
    `${FORTUNES_HEAD}<% for (const f of fortunes) { %><tr><td><%= f.id %></td><td><%= f.message %></td></tr><% } %>${FORTUNES_TAIL}`,
  );
  const hbs = Handlebars.compile(
    `${FORTUNES_HEAD}{{#each fortunes}}<tr><td>{{id}}</td><td>{{message}}</td></tr>{{/each}}${FORTUNES_TAIL}`,
  );
  const nj = new nunjucks.Environment(null, { autoescape: true });
  const njT = nunjucks.compile(
    `${FORTUNES_HEAD}{% for f in fortunes %}<tr><td>{{ f.id }}</td><td>{{ f.message }}</td></tr>{% endfor %}${FORTUNES_TAIL}`,
    nj,
  );
  const liquid = new Liquid({ outputEscape: "escape" });
  const lqT = liquid.parse(
    `${FORTUNES_HEAD}{% for f in fortunes %}<tr><td>{{ f.id }}</td><td>{{ f.message }}</td></tr>{% endfor %}${FORTUNES_TAIL}`,
  );
  const pugFn = pug.compile(
    `| ${FORTUNES_HEAD.trimEnd()}\n|\neach f in fortunes\n  | <tr><td>#{f.id}</td><td>#{f.message}</td></tr>\n|\n| </table></body></html>\n|\n`,
  );
  return {
    name: "fortunes",
    file: "fortunes.dbt",
    vars: { fortunes: new QueryResult(["id", "message"], fortuneRows) },
    engines: {
      hand: () => {
        let o = FORTUNES_HEAD;
        for (const r of fortuneRows) o += `<tr><td>${r.id}</td><td>${escapeHtml(r.message)}</td></tr>`;
        return o + FORTUNES_TAIL;
      },
      eta: () => etaFn.call(eta, data),
      pug: () => pugFn(data),
      ejs: () => ejsFn(data),
      handlebars: () => hbs(data),
      nunjucks: () => njT.render(data),
      liquidjs: () => liquid.renderSync(lqT, data) as string,
    },
  };
}

function personalisedPage(): Page {
  const data = { user };
  const eta = new Eta({ autoTrim: false, autoEscape: true });
  const etaFn = eta.compile(personalisedWith((k) => `<%= it.user.${k} %>`));
  const ejsFn = ejs.compile(personalisedWith((k) => `<%= user.${k} %>`));
  const hbs = Handlebars.compile(personalisedWith((k) => `{{user.${k}}}`));
  const nj = new nunjucks.Environment(null, { autoescape: true });
  const njT = nunjucks.compile(
    personalisedWith((k) => `{{ user.${k} }}`),
    nj,
  );
  const liquid = new Liquid({ outputEscape: "escape" });
  const lqT = liquid.parse(personalisedWith((k) => `{{ user.${k} }}`));
  const pugFn = pug.compile(`${personalisedLines.map((l) => `| ${subst(l, (k) => `#{user.${k}}`)}`).join("\n")}\n|\n`);
  const put = (v: unknown) => (typeof v === "number" ? String(v) : escapeHtml(v as string));
  const u = user as Record<string, unknown>;
  return {
    name: "personalised",
    file: "personalised.dbt",
    vars: { user: Object.assign(newStruct(), user) },
    engines: {
      // As bench/render.ts writes it: the page's 20 paragraphs cycle through the 10 fields.
      hand: () => {
        let o = `<html><head><title>Welcome, ${put(u.name)}</title></head><body>`;
        for (let i = 0; i < 20; i++) {
          const f = FIELDS[i % FIELDS.length]!;
          o += `\n<p>${PARA}Your ${f}: <b>${put(u[f])}</b>.</p>`;
        }
        return `${o}\n</body></html>\n`;
      },
      eta: () => etaFn.call(eta, data),
      pug: () => pugFn(data),
      ejs: () => ejsFn(data),
      handlebars: () => hbs(data),
      nunjucks: () => njT.render(data),
      liquidjs: () => liquid.renderSync(lqT, data) as string,
    },
  };
}

/** Equal up to how an entity is spelled: &#39; &#x27; &#039; &apos; are ', &quot; &#34; &#x22; are ", &#x3D; is =, &#x60; is `. */
export const canonical = (s: string): string =>
  s
    .replace(/&#39;|&#x27;|&#039;|&apos;/g, "'")
    .replace(/&quot;|&#34;|&#x22;/g, '"')
    .replace(/&#x3D;/g, "=")
    .replace(/&#x60;/g, "`");

// ------------------------------------------------------------------ measuring

async function rate(fn: Render, ms: number): Promise<number> {
  let n = 0;
  let bytes = 0;
  const end = performance.now() + ms;
  const t0 = performance.now();
  let now = t0;
  while (now < end) {
    for (let i = 0; i < 20; i++) {
      // Flattening the result is part of the cost: a socket write would do it. A promise is
      // awaited (an async engine's, or a Quarry page that paused), a string taken as it is.
      const r = fn();
      const s = typeof r === "string" ? r : await r;
      bytes += Buffer.byteLength(s);
    }
    n += 20;
    now = performance.now();
  }
  if (bytes === 0) throw new Error("nothing rendered");
  return (n * 1000) / (now - t0);
}

interface PeerResult {
  page: string;
  engine: string;
  rounds: number[];
  ratios: number[];
  median: number;
  ratio: number;
}

const startedAt = new Date();
const quarry = {
  compiled: new Engine({ root: pagesDir, mode: "compiled" }),
  interpreted: new Engine({ root: pagesDir, mode: "interpreted" }),
};
const results: PeerResult[] = [];
for (const page of [fortunesPage(), personalisedPage()]) {
  const scopes = () => {
    const s = scopesFrom({});
    Object.assign(s.variables, page.vars);
    return s;
  };
  const s = scopes();
  // As the server renders a page (PrecompiledSource.render): runPage with a fresh context and
  // page state, its output a string unless the page paused. Engine.render, for embedding, always
  // answers a promise: a promise and a turn of the microtask queue more per render than an engine
  // whose render returns the string, which is not what a visitor waits for.
  const engines: Record<string, Render> = {
    ...page.engines,
    "quarry compiled": () => served(quarry.compiled, page.file, s),
    "quarry interpreted": () => served(quarry.interpreted, page.file, s),
  };
  const reference = await quarry.compiled.render(page.file, scopes());
  for (const [name, fn] of Object.entries(engines)) {
    const out = await fn();
    if (canonical(out) !== canonical(reference)) {
      let i = 0;
      const [a, b] = [canonical(reference), canonical(out)];
      while (a[i] === b[i]) i++;
      throw new Error(
        `${page.name}: ${name}'s output differs from Quarry's at character ${i}:\n  ${JSON.stringify(a.slice(i - 30, i + 30))}\n  ${JSON.stringify(b.slice(i - 30, i + 30))}`,
      );
    }
  }
  const names = Object.keys(engines);
  const perRound: Record<string, number>[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const row: Record<string, number> = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + r) % names.length]!;
      row[name] = await rate(engines[name]!, MS);
    }
    perRound.push(row);
    process.stderr.write(`${page.name}: round ${r + 1}/${ROUNDS}\n`);
  }
  // Round 1 warms every engine up; it is measured but left out of the figures.
  const counted = perRound.length > 1 ? perRound.slice(1) : perRound;
  for (const name of names) {
    const rounds = counted.map((row) => row[name]!);
    const ratios = counted.map((row) => row.hand! / row[name]!);
    results.push({ page: page.name, engine: name, rounds, ratios, median: median(rounds), ratio: median(ratios) });
  }
}

const out = {
  version: 1,
  kind: "peers",
  startedAt: startedAt.toISOString(),
  command: "npm run bench:peers",
  settings: { rounds: ROUNDS, msPerEngineAndRound: MS, countedRounds: Math.max(1, ROUNDS - 1) },
  machine: {
    node: process.version,
    cpu: cpus()[0]?.model.trim() ?? "?",
    cores: cpus().length,
    memGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    loadAvg: loadavg().map((x) => Math.round(x * 100) / 100),
  },
  versions: Object.fromEntries(
    ["eta", "pug", "ejs", "handlebars", "nunjucks", "liquidjs"].map((p) => [
      p,
      (
        JSON.parse(
          readFileSync(fileURLToPath(new URL(`../../node_modules/${p}/package.json`, import.meta.url)), "utf8"),
        ) as { version: string }
      ).version,
    ]),
  ),
  results,
};
const dir = resolve(
  process.env.PEERS_OUT ??
    join(
      "bench-results",
      `peers-${startedAt
        .toISOString()
        .replace(/:/g, "-")
        .replace(/\.\d+Z$/, "Z")}`,
    ),
);
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "peers.json"), `${JSON.stringify(out, null, 1)}\n`);
const { peersMarkdown } = await import("./results-md.js");
process.stdout.write(`${peersMarkdown(out)}\nwrote ${join(dir, "peers.json")}\n`);
