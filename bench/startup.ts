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
// Besides the wall clock, the CPU the server process has used by its first 200 (user + system,
// from /proc on Linux): on a shared machine it varies far less than the wall clock.
// A/B: BENCH_BASELINE=<folder of another built Quarry checkout> starts that one too, in the
// same rounds (alternating with this one), each serving a build of the site made by its own
// `quarry build`; the table adds its rows and the ratio of the medians.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "../server/build.js";
import { mdTable } from "./report.js";
import { commandLine, writeSection } from "./results-file.js";
import { median, startDatabase, waitExit } from "./runner.js";

const loadAtStart = loadavg();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SAVES = Number(process.env.BENCH_SAVES ?? 10);
const PAGES = 100;
const cli = fileURLToPath(new URL("../../bin/quarry.js", import.meta.url));
const baseline = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
if (baseline && !existsSync(join(baseline, "build", "server", "build.js")))
  throw new Error(`BENCH_BASELINE=${baseline}: no build/server/build.js there (run npm run build in it)`);

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

/** User + system CPU ms a process has used (Linux /proc; null elsewhere). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, in clock ticks of 1/100 s (USER_HZ on Linux).
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

async function fetchText(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const r = await fetch(url);
    return { status: r.status, body: await r.text() };
  } catch {
    return null;
  }
}

/** Polls `url` (or, given a function, the URL it returns once known) every 2 ms until `done` holds for its answer; the ms since `t0`. */
async function until(
  url: string | (() => string | null),
  t0: number,
  done: (r: { status: number; body: string }) => boolean,
  child?: ChildProcess,
): Promise<number> {
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    const u = typeof url === "string" ? url : url();
    const r = u === null ? null : await fetchText(u);
    if (r && done(r)) return performance.now() - t0;
    if (performance.now() - t0 > 60_000)
      throw new Error(
        `${u ?? "the server"} did not answer as expected within 60 s (last: ${r ? `${r.status} ${r.body.slice(0, 200)}` : "no answer"})`,
      );
    await new Promise((res) => setTimeout(res, 2));
  }
}

function stop(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM");
  return waitExit(child, 10_000);
}

/** A quarry command on port 0; `base()` is the URL it prints once it listens (null before). */
function quarry(bin: string, args: string[], databaseUrl: string): { child: ChildProcess; base: () => string | null } {
  let err = "";
  let out = "";
  const child = spawn(process.execPath, [bin, ...args, "--port", "0", "--host", "127.0.0.1", "--log-level", "warn"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (b: Buffer) => (out = (out + b.toString()).slice(-2000)));
  child.stderr.on("data", (b: Buffer) => (err = (err + b.toString()).slice(-2000)));
  child.once("exit", (code) => {
    if (code) process.stderr.write(`quarry ${args[0]} exited with ${code}:\n${err}\n`);
  });
  return { child, base: () => /listening on (http:\/\/\S+?)\/?\s/.exec(out)?.[1] ?? null };
}

async function nodeStart(): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => child.once("exit", r));
  return performance.now() - t0;
}

/** The floor a Fastify server sets: a bare one with one route, spawned and timed the same way. */
async function fastifyStart(): Promise<number> {
  const script = `import Fastify from "fastify"; const app = Fastify(); app.get("/", async () => "ok"); await app.listen({ port: 0, host: "127.0.0.1" }); console.log("listening on " + "http://127.0.0.1:" + app.server.address().port + "/");`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL("../../", import.meta.url)),
    stdio: ["ignore", "pipe", "ignore"],
  });
  let out = "";
  child.stdout.on("data", (b: Buffer) => (out += b.toString()));
  try {
    return await until(
      () => /listening on (\S+)/.exec(out)?.[1] ?? null,
      t0,
      (r) => r.status === 200,
      child,
    );
  } finally {
    await stop(child);
  }
}

/** `quarry start` of `dist` by the CLI `bin`: the ms until the first 200 from a page, and the CPU ms the server used by then. */
async function startRound(bin: string, dist: string, databaseUrl: string): Promise<{ ms: number; cpu: number | null }> {
  const t0 = performance.now();
  const { child, base } = quarry(bin, ["start", dist, "--workers", "1"], databaseUrl);
  try {
    const ms = await until(
      () => {
        const b = base();
        return b && `${b}/p050`;
      },
      t0,
      (r) => r.status === 200 && r.body.includes("Page 50"),
      child,
    );
    return { ms, cpu: cpuMs(child.pid) };
  } finally {
    await stop(child);
  }
}

async function devSaves(site: string, databaseUrl: string): Promise<{ ready: number; saves: number[] }> {
  const t0 = performance.now();
  const { child, base } = quarry(cli, ["dev", site], databaseUrl);
  try {
    const ready = await until(
      () => {
        const b = base();
        return b && `${b}/p001`;
      },
      t0,
      (r) => r.status === 200,
      child,
    );
    const url = `${base()!}/p001`;
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
  // The baseline builds its own copy: its compiled code may call its runtime differently.
  const baseDist = join(work, "dist-baseline");
  if (baseline) {
    const { build: baseBuild } = (await import(pathToFileURL(join(baseline, "build", "server", "build.js")).href)) as {
      build: typeof build;
    };
    const b = baseBuild(site, baseDist);
    if (b.errors.length) throw new Error(`the baseline's quarry build failed:\n${b.errors.join("\n\n")}`);
  }

  const starts: { ms: number; cpu: number | null }[] = [];
  const baseStarts: { ms: number; cpu: number | null }[] = [];
  const nodes: number[] = [];
  const bare: number[] = [];
  const tasks = [
    async () => starts.push(await startRound(cli, dist, db.url)),
    async () => nodes.push(await nodeStart()),
    async () => bare.push(await fastifyStart()),
  ];
  if (baseline)
    tasks.splice(1, 0, async () =>
      baseStarts.push(await startRound(join(baseline, "bin", "quarry.js"), baseDist, db.url)),
    );
  for (let r = 0; r < ROUNDS; r++) {
    // Rotate the order so none always runs on a machine another just warmed.
    for (let k = 0; k < tasks.length; k++) await tasks[(k + r) % tasks.length]!();
  }
  const dev = await devSaves(site, db.url);

  const ms = (xs: number[]) =>
    `${Math.round(median(xs))} ms (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`;
  const cpus = (rs: { cpu: number | null }[]) => rs.map((r) => r.cpu).filter((c): c is number => c !== null);
  const cpuRow = (label: string, rs: { cpu: number | null }[]) => (cpus(rs).length ? [[label, ms(cpus(rs)), "—"]] : []);
  const ratio = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(2);
  const baselineRows = baseline
    ? [
        [`baseline (${baseline}): \`quarry start --workers 1\`, same rounds`, ms(baseStarts.map((r) => r.ms)), "—"],
        ...cpuRow("baseline: its CPU by then", baseStarts),
        [
          "this ÷ baseline (medians): wall, CPU",
          `${ratio(
            starts.map((r) => r.ms),
            baseStarts.map((r) => r.ms),
          )}, ${cpus(starts).length && cpus(baseStarts).length ? ratio(cpus(starts), cpus(baseStarts)) : "—"}`,
          "—",
        ],
      ]
    : [];
  const markdown = [
    `A generated site of ${PAGES} templates, built with \`quarry build\`; the database (${db.description}) already running. ${ROUNDS} rounds; median (min–max). CPU: user + system time of the server process at its first 200.`,
    "",
    mdTable(
      ["measure", "time", "target"],
      [
        [`\`quarry start --workers 1\`: spawn → first 200 from a page`, ms(starts.map((r) => r.ms)), "< 500 ms"],
        ...cpuRow("`quarry start --workers 1`: its CPU by then", starts),
        ...baselineRows,
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
