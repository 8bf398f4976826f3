// npm run bench:startup — how long until a site answers (issue 10's targets: `quarry start` of
// a built site with 100 templates ready in < 0.5 s, the database excluded; a dev save visible
// in < 100 ms). A generated site of 100 templates (a shared include, loops, sets, output, every
// tenth page a query) is built once; then, in BENCH_ROUNDS rounds (5), the real CLI is spawned
// as a user would run it, and the clock runs from the spawn until the first 200 from a page.
// `node -e ""` and a bare Fastify server with one route are spawned in the same rounds: the
// floors that Node's own start and Fastify's module graph set.
// Dev: `quarry dev` on the site, a page loaded once, then BENCH_SAVES (10) saves of that page,
// each timed from the write until a request shows the new text. The database (DATABASE_URL, or
// one embedded Postgres started once) is up before any clock starts.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../server/build.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";
import { median, startDatabase } from "./runner.js";

const loadAtStart = loadavg();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SAVES = Number(process.env.BENCH_SAVES ?? 10);
const PAGES = 100;
const cli = fileURLToPath(new URL("../../bin/quarry.js", import.meta.url));

function page(i: number): string {
  const query =
    i % 10 === 0 ? `<dbt:query name="q">SELECT ${i} AS n</dbt:query>\n<dbt:output query="q">#n#</dbt:output>\n` : "";
  return `<dbt:include template="_header.dbt">
<dbt:set title = "Page ${i}">
<dbt:set total = 0>
<dbt:loop from="1" to="20" index="k"><dbt:set total = total + k * ${i}></dbt:loop>
${query}<dbt:output><h1>#title#</h1><p>#total# #uCase("page")# #dateFormat(createDate(2026, 1, ${(i % 28) + 1}), "yyyy-mm-dd")#</p></dbt:output>
<dbt:if total GT 1000><p>big</p><dbt:else><p>small</p></dbt:if>
`;
}

function makeSite(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "_header.dbt"), "<header>startup bench</header>\n");
  for (let i = 1; i <= PAGES; i++) writeFileSync(join(dir, `p${String(i).padStart(3, "0")}.dbt`), page(i));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function fetchText(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const r = await fetch(url);
    return { status: r.status, body: await r.text() };
  } catch {
    return null;
  }
}

/** Polls `url` every 2 ms until `done` holds for its answer; the ms since `t0`. */
async function until(
  url: string,
  t0: number,
  done: (r: { status: number; body: string }) => boolean,
  child?: ChildProcess,
): Promise<number> {
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    const r = await fetchText(url);
    if (r && done(r)) return performance.now() - t0;
    if (performance.now() - t0 > 60_000)
      throw new Error(
        `${url} did not answer as expected within 60 s (last: ${r ? `${r.status} ${r.body.slice(0, 200)}` : "no answer"})`,
      );
    await new Promise((res) => setTimeout(res, 2));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const t = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(t);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

function quarry(args: string[], databaseUrl: string): ChildProcess {
  let err = "";
  const child = spawn(process.execPath, [cli, ...args, "--log-level", "warn"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, CI: "true" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.on("data", (b: Buffer) => (err = (err + b.toString()).slice(-2000)));
  child.once("exit", (code) => {
    if (code) process.stderr.write(`quarry ${args[0]} exited with ${code}:\n${err}\n`);
  });
  return child;
}

async function nodeStart(): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => child.once("exit", r));
  return performance.now() - t0;
}

/** The floor a Fastify server sets: a bare one with one route, spawned and timed the same way. */
async function fastifyStart(): Promise<number> {
  const port = await freePort();
  const script = `import Fastify from "fastify"; const app = Fastify(); app.get("/", async () => "ok"); await app.listen({ port: ${port}, host: "127.0.0.1" });`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL("../../", import.meta.url)),
    stdio: "ignore",
  });
  try {
    return await until(`http://127.0.0.1:${port}/`, t0, (r) => r.status === 200, child);
  } finally {
    await stop(child);
  }
}

async function startRound(dist: string, databaseUrl: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = quarry(["start", dist, "--workers", "1", "--port", String(port), "--host", "127.0.0.1"], databaseUrl);
  try {
    return await until(
      `http://127.0.0.1:${port}/p050`,
      t0,
      (r) => r.status === 200 && r.body.includes("Page 50"),
      child,
    );
  } finally {
    await stop(child);
  }
}

async function devSaves(site: string, databaseUrl: string): Promise<{ ready: number; saves: number[] }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = quarry(["dev", site, "--port", String(port), "--host", "127.0.0.1"], databaseUrl);
  const url = `http://127.0.0.1:${port}/p001`;
  try {
    const ready = await until(url, t0, (r) => r.status === 200, child);
    const saves: number[] = [];
    for (let s = 1; s <= SAVES; s++) {
      // Let the watcher settle between saves, as between a person's saves.
      await new Promise((res) => setTimeout(res, 300));
      const marker = `saved ${s} ${Date.now()}`;
      const tw = performance.now();
      writeFileSync(join(site, "p001.dbt"), `${page(1)}<p>${marker}</p>\n`);
      saves.push(await until(url, tw, (r) => r.body.includes(marker), child));
    }
    return { ready, saves };
  } finally {
    await stop(child);
  }
}

const work = mkdtempSync(join(tmpdir(), "quarry-bench-startup-"));
const db = await startDatabase(null, (m) => process.stderr.write(`${m}\n`));
try {
  const site = join(work, "site");
  makeSite(site);
  const dist = join(work, "dist");
  const built = build(site, dist);
  if (built.errors.length) throw new Error(`quarry build failed:\n${built.errors.join("\n\n")}`);

  const starts: number[] = [];
  const nodes: number[] = [];
  const bare: number[] = [];
  const tasks = [
    async () => starts.push(await startRound(dist, db.url)),
    async () => nodes.push(await nodeStart()),
    async () => bare.push(await fastifyStart()),
  ];
  for (let r = 0; r < ROUNDS; r++) {
    // Rotate the order so none always runs on a machine another just warmed.
    for (let k = 0; k < tasks.length; k++) await tasks[(k + r) % tasks.length]!();
  }
  const dev = await devSaves(site, db.url);

  const ms = (xs: number[]) =>
    `${Math.round(median(xs))} ms (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`;
  const markdown = [
    `A generated site of ${PAGES} templates, built with \`quarry build\`; the database (${db.description}) already running. ${ROUNDS} rounds; median (min–max).`,
    "",
    mdTable(
      ["measure", "time", "target"],
      [
        [`\`quarry start --workers 1\`: spawn → first 200 from a page`, ms(starts), "< 500 ms"],
        ["a bare Fastify server with one route, spawn → first 200 (same rounds)", ms(bare), "—"],
        ['Node\'s own start (`node -e ""`, same rounds)', ms(nodes), "—"],
        ["`quarry dev`: spawn → first 200 (compiles on demand)", `${Math.round(dev.ready)} ms (one run)`, "—"],
        [`\`quarry dev\`: a save → the new text served (${SAVES} saves)`, ms(dev.saves), "< 100 ms"],
      ],
    ),
  ].join("\n");
  process.stdout.write(`${markdown}\n`);
  writeSection({
    name: "startup",
    title: "Start-up and dev reload (`npm run bench:startup`)",
    command: commandLine("bench:startup", ["BENCH_ROUNDS", "BENCH_SAVES"]),
    markdown,
    loadAtStart,
  });
} finally {
  await db.stop();
  rmSync(work, { recursive: true, force: true });
}
