// The written results: summary.md (tables) and report.html (the same tables and Chart.js
// charts, the library inlined so the file opens offline). Both are made from results.json
// alone, so a report can be regenerated from a stored run.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { BenchResults, Cell, ScenarioResult } from "./spec.js";
import { median } from "./runner.js";

const fmt = (n: number | null | undefined, digits = 0): string =>
  n === null || n === undefined || !Number.isFinite(n)
    ? "n/a"
    : n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const lat = (x: number) => (x === 0 ? "<1" : fmt(x));
const pct = (x: number) => `${Math.round(x * 100)}%`;
const ratio = (x: number | null | undefined) =>
  x === null || x === undefined || !Number.isFinite(x) ? "n/a" : `${x.toFixed(2)}×`;
/**
 * Per-round ratios against a target (at least it, or at most it): the median (min–max) and ✓ or
 * ✗. A median that misses the target by less than two decimals show gets a third (0.997×, not a
 * 1.00× marked ✗).
 */
export function judged(xs: number[], target: number, atMost = false): string {
  const m = median(xs);
  const ok = atMost ? m <= target : m >= target;
  return `${spread(xs, !ok && Number(m.toFixed(2)) === target ? 3 : 2)} ${ok ? "✓" : "✗"}`;
}

/** Per-round ratios as their median (min–max), the median to `digits` decimals. */
export const spread = (xs: number[], digits = 2) =>
  `${median(xs).toFixed(digits)}× (${ratio(Math.min(...xs))}–${ratio(Math.max(...xs))})`;
const series = (c: Cell) => (c.perClient ? `${c.server} ×${c.perClient}` : c.server);

export function failureText(c: Cell): string {
  const e = c.rounds.reduce(
    (a, r) => ({
      errors: a.errors + r.errors,
      timeouts: a.timeouts + r.timeouts,
      non2xx: a.non2xx + r.non2xx,
      mismatches: a.mismatches + r.mismatches,
    }),
    { errors: 0, timeouts: 0, non2xx: 0, mismatches: 0 },
  );
  const parts = [
    e.errors && `${e.errors} errors`,
    e.timeouts && `${e.timeouts} timeouts`,
    e.non2xx && `${e.non2xx} non-2xx`,
    e.mismatches && `${e.mismatches} wrong bodies`,
  ].filter(Boolean);
  return parts.length ? `✗ ${parts.join(", ")}` : "0";
}

/** Rows of the main table of a scenario: page, connections, server; figures as medians over rounds. */
export function cellRows(s: ScenarioResult): string[][] {
  const order = new Map(s.servers.map((x, i) => [x.name, i]));
  const cells = [...s.cells].sort(
    (a, b) =>
      s.pages.findIndex((p) => p.path === a.page) - s.pages.findIndex((p) => p.path === b.page) ||
      a.connections - b.connections ||
      (a.perClient ?? 0) - (b.perClient ?? 0) ||
      order.get(a.server)! - order.get(b.server)!,
  );
  return cells.map((c) => {
    const r = c.summary;
    const rounds = c.rounds.length > 1;
    return [
      c.page,
      (c.perClient ? `${c.connections} × ${c.perClient}` : String(c.connections)) +
        (c.rounds.some((m) => m.capped) ? " (capped)" : ""),
      c.server,
      rounds ? `${fmt(r.rps.median)} (${fmt(r.rps.min)}–${fmt(r.rps.max)})` : fmt(r.rps.median),
      r.ratio
        ? rounds
          ? `${ratio(r.ratio.median)} (${r.ratio.min.toFixed(2)}–${r.ratio.max.toFixed(2)})`
          : ratio(r.ratio.median)
        : "n/a",
      `${lat(r.p50)} / ${lat(r.p90)} / ${lat(r.p99)}`,
      fmt(r.serverCpuUs),
      fmt(r.pgCpuUs),
      fmt(r.rssMiB),
      `${pct(r.loadgenCpu)}${r.saturatedGenerator ? " ⚠" : ""}`,
      rounds ? pct(r.spread) : "—",
      failureText(c),
    ];
  });
}

export const CELL_HEAD = [
  "page",
  "clients",
  "server",
  "req/s median (min–max)",
  "÷ baseline",
  "latency p50 / p90 / p99 ms",
  "server CPU µs/req",
  "Postgres CPU µs/req",
  "RSS MiB",
  "generator CPU",
  "rounds spread",
  "failures",
];

export function comparisonRows(s: ScenarioResult): string[][] {
  return s.comparisons.map((c) => [
    c.what,
    c.paper,
    c.ours === null ? (c.note ?? "n/a") : `${c.ours.toFixed(2)}`,
    c.ratio === null ? "—" : `${c.ratio.toFixed(2)}`,
  ]);
}
export const COMPARISON_HEAD = ["comparison", "paper", "ours", "ours ÷ paper"];

function disagreement(s: ScenarioResult): string {
  const spreads = s.cells.filter((c) => c.rounds.length > 1).map((c) => c.summary.spread);
  if (spreads.length === 0) return "one round: no spread measured";
  const sorted = [...spreads].sort((a, b) => a - b);
  return `rounds disagreed by ${pct(sorted[sorted.length >> 1]!)} (median over cells, (max − min) ÷ median req/s), at most ${pct(sorted[sorted.length - 1]!)}`;
}

export function mdTable(head: string[], rows: string[][]): string {
  const esc = (x: string) => x.replace(/\|/g, "\\|");
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
}

function design(s: ScenarioResult): string {
  const d = s.perClient
    ? `each client makes ${s.perClient.join(" or ")} requests (the total time is what counts; a cell marked capped was stopped at its time limit)`
    : `${s.duration} s per cell`;
  return `${s.rounds} round${s.rounds > 1 ? "s" : ""}, ${d}, ${s.warmup} s warm-up per page and server each round; baseline: ${s.baseline}`;
}

export function machineLine(r: BenchResults): string {
  const m = r.machine;
  return `${m.cores} × ${m.cpu}, ${m.memGiB} GiB, ${m.os}, Node ${m.node}; load average at start ${m.loadAvg.join(", ")}`;
}

export function scenarioMarkdown(s: ScenarioResult, level = "##"): string {
  const parts = [
    `${level} ${s.title}`,
    "",
    s.about,
    "",
    `Servers: ${s.servers.map((x) => `**${x.name}** (${x.detail})`).join("; ")}. Pages: ${s.pages.map((p) => `${p.path} (${fmt(p.bytes)} bytes)`).join(", ")}. ${design(s)}; ${disagreement(s)}.`,
    "",
  ];
  if (s.comparisons.length) parts.push(mdTable(COMPARISON_HEAD, comparisonRows(s)), "");
  parts.push(mdTable(CELL_HEAD, cellRows(s)), "");
  return parts.join("\n");
}

export function summaryMarkdown(r: BenchResults): string {
  const head = [
    "# Quarry benchmark",
    "",
    `Command: \`${r.command}\``,
    "",
    `Machine: ${machineLine(r)}. Database: ${r.database}. Run ${r.startedAt} – ${r.finishedAt}.`,
    "",
    "Figures are medians over rounds (min–max in brackets); ratios are taken within a round against the baseline server and then summarised. Server CPU is the server process's CPU time (with its reaped children) per request; ⚠ marks a load generator that used 90% or more of a core, where the generator may be the limit. A cell with failures (errors, timeouts, non-2xx, or a body that differs from the one fetched before the run) is marked ✗: its figures do not count.",
    "",
    ...r.notes.map((n) => `Note: ${n}.`),
    ...(r.notes.length ? [""] : []),
  ];
  return `${[...head, ...r.scenarios.map((s) => scenarioMarkdown(s))].join("\n")}\n`;
}

// ---------------------------------------------------------------------------- HTML

const escHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const htmlTable = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${escHtml(h)}</th>`).join("")}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((x) => `<td${x.startsWith("✗") ? ' class="bad"' : ""}>${escHtml(x)}</td>`).join("")}</tr>`).join("")}</tbody></table>`;

/** Chart specs for one scenario: data only; the page's script turns them into Chart.js charts. */
function charts(s: ScenarioResult): object[] {
  const out: object[] = [];
  const names = [...new Set(s.cells.map(series))];
  const xs = s.connections;
  for (const p of s.pages) {
    const cells = s.cells.filter((c) => c.page === p.path);
    if (xs.length > 1) {
      const line = (metric: (c: Cell) => number | null) =>
        names.map((n) => ({
          label: n,
          data: xs.map((x) => metric(cells.find((c) => series(c) === n && c.connections === x)!) ?? null),
        }));
      out.push({
        type: "line",
        title: `${p.path}: requests/s against clients`,
        x: xs.map(String),
        xTitle: "clients (connections)",
        yTitle: "req/s (median of rounds)",
        datasets: line((c) => c?.summary.rps.median ?? null),
      });
      out.push({
        type: "line",
        title: `${p.path}: p99 latency against clients`,
        x: xs.map(String),
        xTitle: "clients (connections)",
        yTitle: "p99 ms (median of rounds)",
        datasets: line((c) => c?.summary.p99 ?? null),
      });
    }
  }
  const top = Math.max(...xs);
  const atTop = s.cells.filter((c) => c.connections === top);
  const labels = s.pages.map((p) => p.path);
  // Each server's bar spans the rounds' min to max, in two parts meeting at the median (solid
  // below it, light above): the spread is drawn, not only the median (issue 27).
  const spans = (stats: (c: Cell) => { min: number; median: number; max: number } | null | undefined) =>
    names.flatMap((n) => {
      const of = labels.map((l) => {
        const c = atTop.find((x) => x.page === l && series(x) === n);
        return c ? (stats(c) ?? null) : null;
      });
      return [
        { label: n, stack: n, data: of.map((v) => (v ? [v.min, v.median] : null)) },
        { label: `${n} (median to max)`, stack: n, light: true, data: of.map((v) => (v ? [v.median, v.max] : null)) },
      ];
    });
  out.push({
    type: "bar",
    title: `Requests/s per page at ${top} clients (bars: min to max of rounds, split at the median)`,
    x: labels,
    xTitle: "page",
    yTitle: "req/s",
    datasets: spans((c) => c.summary.rps),
  });
  out.push({
    type: "bar",
    title: `Ratio to ${s.baseline} at ${top} clients (within a round; min to max, split at the median)`,
    x: labels,
    xTitle: "page",
    yTitle: `req/s ÷ ${s.baseline}`,
    datasets: spans((c) => c.summary.ratio),
  });
  return out;
}

function chartLibrary(): string {
  const require = createRequire(import.meta.url);
  // The package exports no path to its UMD build; it sits beside the CommonJS entry.
  return readFileSync(join(dirname(require.resolve("chart.js")), "chart.umd.min.js"), "utf8").replace(
    /<\/script/gi,
    "<\\/script",
  );
}

export function htmlReport(r: BenchResults): string {
  const sections = r.scenarios.map((s, i) => {
    const cs = charts(s);
    return `<section><h2>${escHtml(s.title)}</h2><p>${escHtml(s.about)}</p>
<p class="meta">${escHtml(design(s))}; ${escHtml(disagreement(s))}.</p>
<p class="meta">Servers: ${s.servers.map((x) => `<b>${escHtml(x.name)}</b> (${escHtml(x.detail)})`).join("; ")}</p>
${s.comparisons.length ? `<h3>The paper beside ours</h3>${htmlTable(COMPARISON_HEAD, comparisonRows(s))}` : ""}
<div class="charts">${cs.map((_, j) => `<div class="chart"><canvas id="c${i}_${j}"></canvas></div>`).join("")}</div>
<details open><summary>All cells</summary>${htmlTable(CELL_HEAD, cellRows(s))}</details>
<script type="application/json" class="spec" data-prefix="c${i}_">${JSON.stringify(cs).replace(/</g, "\\u003c")}</script></section>`;
  });
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Quarry benchmark ${escHtml(r.startedAt)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}
h1{font-size:22px}h2{font-size:18px;margin-top:36px;border-top:1px solid #ccc;padding-top:16px}
table{border-collapse:collapse;margin:8px 0;font-size:12px}td,th{border:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}th{background:#f4f4f4}
td.bad{color:#b00;font-weight:bold}.meta{color:#555}.charts{display:flex;flex-wrap:wrap;gap:16px}.chart{width:560px;height:320px}
code{background:#f4f4f4;padding:1px 4px}
</style></head><body>
<h1>Quarry benchmark</h1>
<p>Command: <code>${escHtml(r.command)}</code></p>
<p class="meta">Machine: ${escHtml(machineLine(r))}. Database: ${escHtml(r.database)}. Run ${escHtml(r.startedAt)} – ${escHtml(r.finishedAt)}.</p>
<p class="meta">Medians over rounds (min–max); ratios within a round against the baseline. ⚠: the load generator used ≥ 90% of a core. ✗: a cell with errors, timeouts, non-2xx or wrong bodies.</p>
${r.notes.map((n) => `<p class="meta">Note: ${escHtml(n)}.</p>`).join("\n")}
${sections.join("\n")}
<script>${chartLibrary()}</script>
<script>
const colours = ["#1f77b4","#d62728","#2ca02c","#ff7f0e","#9467bd","#8c564b","#e377c2","#7f7f7f","#17becf","#bcbd22","#393b79","#637939"];
let drawn = 0;
for (const el of document.querySelectorAll("script.spec")) {
  JSON.parse(el.textContent).forEach((c, j) => {
    new Chart(document.getElementById(el.dataset.prefix + j), {
      type: c.type,
      // A server's two bar parts (one stack) share its colour, the upper one light.
      data: { labels: c.x, datasets: c.datasets.map((d, k) => {
        const colour = colours[(d.stack ? Math.floor(k / 2) : k) % colours.length];
        return { label: d.label, data: d.data, stack: d.stack, light: d.light, borderColor: colour, backgroundColor: d.light ? colour + "55" : colour, spanGaps: true };
      }) },
      options: { animation: false, responsive: true, maintainAspectRatio: false,
        // A server's light part (median to max) has no legend entry of its own.
        plugins: { title: { display: true, text: c.title }, legend: { labels: { filter: (item, data) => !data.datasets[item.datasetIndex].light } } },
        // Bars: stacked on x only, so a server's parts stand at one place, each at its own values.
        scales: { x: { stacked: c.type === "bar", title: { display: true, text: c.xTitle } }, y: { stacked: false, beginAtZero: true, title: { display: true, text: c.yTitle } } } },
    });
    drawn++;
  });
}
// For bench/screenshot.ts: how many charts Chart.js drew, beside how many canvases there are.
document.body.dataset.charts = drawn + "/" + document.querySelectorAll("canvas").length;
</script>
</body></html>
`;
}
