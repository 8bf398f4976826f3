// Renders a report.html in headless Chromium (the distribution's package) and writes a PNG
// beside it: proof that the self-contained report draws its charts with no network. It also
// reads the rendered page and exits 1 unless Chart.js drew a chart on every canvas.
// Usage: node build/bench/screenshot.js bench-results/<run>/report.html [out.png] [height]
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const file = process.argv[2];
if (!file || !existsSync(file)) {
  process.stderr.write("usage: node build/bench/screenshot.js REPORT.html [OUT.png] [HEIGHT]\n");
  process.exit(2);
}
const out = resolve(process.argv[3] ?? file.replace(/\.html$/, ".png"));
const height = Number(process.argv[4] ?? 4000);
const browser = ["chromium", "chromium-browser", "google-chrome"].find((b) => {
  try {
    execFileSync("which", [b], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
});
if (!browser) {
  process.stderr.write("no Chromium found: install the distribution's package (apt-get install chromium)\n");
  process.exit(2);
}
const flags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--virtual-time-budget=5000",
];
const url = pathToFileURL(resolve(file)).href;
execFileSync(browser, [...flags, "--hide-scrollbars", `--window-size=1400,${height}`, `--screenshot=${out}`, url], {
  stdio: ["ignore", "ignore", "pipe"],
  timeout: 60_000,
});
const dom = execFileSync(browser, [...flags, "--dump-dom", url], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "pipe"],
  timeout: 60_000,
  maxBuffer: 64 * 2 ** 20,
});
// The attribute the report's script sets on <body> once it has drawn: found by position, then
// read with an anchored pattern (no scan that could backtrack over the whole page).
const at = dom.indexOf(' data-charts="');
const charts = at < 0 ? null : /^ data-charts="(\d+)\/(\d+)"/.exec(dom.slice(at, at + 40));
if (!charts || charts[1] !== charts[2] || charts[1] === "0") {
  process.stderr.write(
    `${file}: the charts were not all drawn (${charts ? `${charts[1]} of ${charts[2]} canvases` : "the report's script did not finish"})\n`,
  );
  process.exit(1);
}
process.stdout.write(`${out}: ${charts[1]} charts drawn\n`);
