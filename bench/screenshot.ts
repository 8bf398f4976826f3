// Renders a report.html in headless Chromium (the distribution's package) and writes a PNG
// beside it: proof that the self-contained report draws its charts with no network.
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
execFileSync(browser, [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
  "--hide-scrollbars", "--virtual-time-budget=5000", `--window-size=1400,${height}`, `--screenshot=${out}`, pathToFileURL(resolve(file)).href,
], { stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 });
process.stdout.write(`${out}\n`);
