// Lucee as a performance peer (`quarry bench --peer lucee`, issue 25): the pages of
// bench/lucee/peer/ (Fortunes as a CFML developer writes it) served by Lucee's servlet in an
// embedded Jetty (bench/lucee/LuceePeer.java) on the benchmark's shared Postgres, through
// the Postgres JDBC driver from Maven Central. Lucee compiles a page on its first request and
// the JVM's JIT needs thousands more: the server is warmed up (LUCEE_WARMUP_REQUESTS, 5,000 by
// default, 16 at a time) before the runner measures it, so its figures are after warm-up.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LUCEE_ARTIFACTS, classpath, compileJava, luceeCache, need } from "./lucee-java.js";
import type { RunningServer } from "./runner.js";
import type { ServerSpec } from "./spec.js";

const JETTY = "9.4.57.v20241219";
const ARTIFACTS = [
  ...LUCEE_ARTIFACTS,
  ...["server", "servlet", "util", "http", "io", "security"].map((m) => `org.eclipse.jetty:jetty-${m}:${JETTY}`),
  "org.postgresql:postgresql:42.7.14",
];
const PAGES = fileURLToPath(new URL("../../bench/lucee/peer/", import.meta.url));
/** The paths the peer serves (one .cfm each). */
export const LUCEE_PAGES = ["/fortunes"];

/** Fails before anything starts when a page has no Lucee version. */
export function checkLuceePages(paths: string[]): void {
  const missing = paths.filter((p) => !LUCEE_PAGES.includes(p.split("?")[0]!));
  if (missing.length)
    throw new Error(
      `--peer lucee serves ${LUCEE_PAGES.join(", ")} only (bench/lucee/peer/); not ${missing.join(", ")}`,
    );
}

export async function startLucee(
  spec: ServerSpec,
  databaseUrl: string,
  paths: string[],
  log: (s: string) => void = () => {},
): Promise<RunningServer> {
  need(["java", "javac", "mvn"], "--peer lucee");
  checkLuceePages(paths);
  const cp = classpath(ARTIFACTS, log);
  const classes = compileJava("LuceePeer", luceeCache("lucee-peer"), cp, log);
  // A fresh web root and Lucee base per run: nothing of an earlier run's compiled pages or config.
  const work = mkdtempSync(join(tmpdir(), "quarry-lucee-peer-"));
  cpSync(PAGES, join(work, "web"), { recursive: true });
  const db = new URL(databaseUrl);
  const child = spawn("java", ["-cp", [...cp, classes].join(":"), "LuceePeer", join(work, "web"), join(work, "base")], {
    env: {
      ...process.env,
      QUARRY_PEER_JDBC_URL: `jdbc:postgresql://${db.host}${db.pathname}`,
      QUARRY_PEER_DB_USER: decodeURIComponent(db.username),
      QUARRY_PEER_DB_PASSWORD: decodeURIComponent(db.password),
      QUARRY_PEER_POOL_MAX: String(spec.poolMax ?? 10),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (b: Buffer) => (output = (output + b.toString()).slice(-4000));
  child.stderr.on("data", keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(t);
    }
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      // Lucee's first start unpacks itself: about 45 s on a busy 2-core machine.
      const t = setTimeout(() => reject(new Error(`lucee: did not listen within 180 s\n${output}`)), 180_000);
      let stdout = "";
      child.stdout.on("data", (b: Buffer) => {
        stdout += b.toString();
        keep(b);
        const m = /listening (\d+)/.exec(stdout);
        if (m) {
          clearTimeout(t);
          resolve(Number(m[1]));
        }
      });
      child.once("exit", (code) => {
        clearTimeout(t);
        reject(new Error(`lucee: exited with ${code} before listening\n${output}`));
      });
    });
    const base = `http://127.0.0.1:${port}`;
    await warmUp(base, paths, Number(process.env.LUCEE_WARMUP_REQUESTS ?? 5000), log);
    return { spec, base, pid: child.pid ?? null, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** `n` requests over the pages, 16 at a time; the first of each must be a 200. */
async function warmUp(base: string, paths: string[], n: number, log: (s: string) => void): Promise<void> {
  const started = Date.now();
  for (const p of paths) {
    const r = await fetch(base + p, { signal: AbortSignal.timeout(120_000) });
    const body = await r.text();
    if (r.status !== 200) throw new Error(`lucee: ${p} answered ${r.status}\n${body.slice(0, 600)}`);
  }
  let left = n;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (left-- > 0) await (await fetch(base + paths[left % paths.length]!)).text();
    }),
  );
  log(`lucee: warmed up with ${n} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
