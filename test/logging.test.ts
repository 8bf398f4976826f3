// Logging as an operator sees it: quarry start writes one JSON line a request, at the level
// chosen by --log-level over $LOG_LEVEL over the config's logLevel.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { listening } from "./process.js";
import { createDatabase } from "./db.js";
import { build } from "../server/build.js";
import pino from "pino";
import { LOG_FLUSH_MS, requestLine, type RequestLine } from "../server/log-stream.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
let url: string;
let dist: string;
const made: string[] = [];

beforeAll(async () => {
  url = await createDatabase([], "logging");
  const root = site({
    "index.dbt": "<p>home</p>",
    "cut.dbt": "<p>sent</p><dbt:flush><dbt:set x = 1 / 0>",
    "slow.dbt": '<dbt:query name="q">SELECT pg_sleep(2)</dbt:query><p>late</p>',
    "go.dbt": '<dbt:param name="url.next" default="/"><dbt:location url="#url.next#">',
    "quarry.config.json": '{"logLevel": "warn"}',
  });
  dist = join(mkdtempSync(join(tmpdir(), "quarry-log-")), "dist");
  made.push(root, join(dist, ".."));
  expect(build(root, dist).errors).toEqual([]);
});
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * Runs quarry start, makes the requests, stops it, and returns the JSON lines it printed. A
 * path after "!" is left 300 ms after it was asked for, as a visitor who gives up.
 */
async function logsOf(
  args: string[],
  env: Record<string, string>,
  paths: string[],
): Promise<Record<string, unknown>[]> {
  const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", ...args], {
    env: { ...process.env, DATABASE_URL: url, ...env },
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const base = await listening(child);
  // A response cut before its end (a page failing after dbt:flush) rejects: its line is what counts.
  for (const p of paths) {
    if (p.startsWith("!")) {
      await fetch(base + p.slice(1), { signal: AbortSignal.timeout(300) }).catch(() => null);
      continue;
    }
    await (await fetch(base + p)).text().catch(() => "");
  }
  child.kill("SIGTERM");
  await exited;
  return out
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/**
 * The request lines, by url, last first: a line of a request whose connection closed early may
 * come after the next request's on a loaded machine.
 */
function closedLines(all: Record<string, unknown>[]): Record<string, unknown>[] {
  return all.filter((l) => l.msg === "request").sort((a, b) => String(b.url).localeCompare(String(a.url)));
}

describe("quarry start logging", () => {
  it("writes one line a request with its id, method, url, status, time and template", async () => {
    const all = await logsOf(["--log-level", "info"], { LOG_LEVEL: "silent" }, ["/", "/nothing?x=1", "/%zz"]);
    // One line per request, and one error line for the bad URL: nothing else carries a request id.
    expect(
      all
        .filter((l) => l.reqId !== undefined)
        .map((l) => l.msg)
        .sort(),
    ).toEqual(['The path segment "%zz" is not valid percent-encoding', "request", "request", "request"]);
    // By url: each worker writes its lines in batches, so two workers' lines come in the order
    // their batches were written (each line carries its time).
    const lines = all.filter((l) => l.msg === "request").sort((a, b) => String(a.url).localeCompare(String(b.url)));
    expect(lines.map(({ method, url, status, template }) => ({ method, url, status, template }))).toEqual([
      { method: "GET", url: "/", status: 200, template: "index.dbt" },
      // Refused by Fastify before any route (and any onRequest hook): logged all the same.
      { method: "GET", url: "/%zz", status: 400, template: undefined },
      { method: "GET", url: "/nothing?x=1", status: 404, template: undefined },
    ]);
    for (const l of lines) {
      expect(l.reqId).toMatch(/^req-\w+$/);
      expect(typeof l.ms).toBe("number");
    }
    // Unique across processes (workers, restarts): another run's ids are other ids.
    const again = (await logsOf(["--log-level", "info"], {}, ["/", "/"])).filter((l) => l.msg === "request");
    const ids = [...lines, ...again].map((l) => l.reqId);
    expect(new Set(ids).size).toBe(5);
  });

  it("answers a visitor's redirect to another site with 400 and a warning, one reqId a line", async () => {
    const all = await logsOf(["--log-level", "info"], {}, ["/go?next=https://evil.example/"]);
    const request = all.find((l) => l.msg === "request")!;
    expect(request.status).toBe(400);
    const warn = all.find((l) => l.code === "QRY_ERR_REDIRECT")!;
    expect([warn.level, warn.reqId, warn.msg]).toEqual([
      40,
      request.reqId,
      'dbt:location refuses "https://evil.example/": not a path on this site (add external="true" to redirect to another site\'s http or https URL)',
    ]);
  });

  it("writes the line of a page cut after dbt:flush too, with the status it sent, marked closed", async () => {
    const all = await logsOf(["--log-level", "info"], {}, ["/cut", "/"]);
    const lines = closedLines(all);
    expect(lines.map(({ url, status, template, closed }) => ({ url, status, template, closed }))).toEqual([
      { url: "/cut", status: 200, template: "cut.dbt", closed: true },
      { url: "/", status: 200, template: "index.dbt", closed: undefined },
    ]);
    expect(all.find((l) => l.msg === "page failed after dbt:flush: connection cut")?.reqId).toBe(lines[0]!.reqId);
  });

  it("writes one line for a visitor who left before the head went: status 499, marked closed", async () => {
    const all = await logsOf(["--log-level", "info"], {}, ["!/slow", "/"]);
    const lines = closedLines(all);
    expect(lines.map(({ url, status, template, closed }) => ({ url, status, template, closed }))).toEqual([
      { url: "/slow", status: 499, template: "slow.dbt", closed: true },
      { url: "/", status: 200, template: "index.dbt", closed: undefined },
    ]);
    // Cut at the visitor's leaving (300 ms), not at the end of the page's 2 s query.
    expect(lines[0]!.ms).toBeGreaterThanOrEqual(250);
    expect(lines[0]!.ms).toBeLessThan(1500);
  });

  it("takes the level from $LOG_LEVEL over the config, and the config's when neither is given", async () => {
    expect((await logsOf([], { LOG_LEVEL: "info" }, ["/"])).filter((l) => l.msg === "request")).toHaveLength(1);
    // An empty $LOG_LEVEL counts as unset; the site's config says warn: no request lines.
    expect((await logsOf([], { LOG_LEVEL: "" }, ["/"])).filter((l) => l.msg === "request")).toEqual([]);
    // Two starts of a guardian and its workers: on a loaded machine more than the default 30 s.
  }, 90_000);
});

describe("quarry start's log lines are batched, not held", () => {
  it("writes a request's line within LOG_FLUSH_MS while the server runs, and a warning at once", async () => {
    const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", "--log-level", "info"], {
      env: { ...process.env, DATABASE_URL: url },
    });
    const seen: { line: Record<string, unknown>; at: number }[] = [];
    let rest = "";
    child.stdout.on("data", (d: Buffer) => {
      const lines = (rest + d.toString()).split("\n");
      rest = lines.pop()!;
      for (const l of lines) if (l.startsWith("{")) seen.push({ line: JSON.parse(l) as never, at: Date.now() });
    });
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    try {
      const base = await listening(child);
      const lineOf = async (pred: (l: Record<string, unknown>) => boolean) => {
        for (let i = 0; i < 100 && !seen.some((s) => pred(s.line)); i++) await new Promise((r) => setTimeout(r, 50));
        return seen.find((s) => pred(s.line));
      };
      await (await fetch(base + "/")).text();
      // Held in memory at first (a batch is LOG_BATCH_BYTES), written by the timer.
      const request = await lineOf((l) => l.msg === "request" && l.url === "/");
      expect(request?.line.status).toBe(200);
      // A warning goes out with what waits before it, without waiting for the timer.
      await (await fetch(base + "/go?next=https://evil.example/")).text();
      const answered = Date.now();
      const warn = await lineOf((l) => l.code === "QRY_ERR_REDIRECT");
      expect(warn!.at - answered).toBeLessThan(LOG_FLUSH_MS / 2);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    // A guardian and a worker per CPU start, and stop, as processes: 4–5 s alone, past 30 s once
    // inside a full npm test on a loaded machine (475 s).
  }, 90_000);
});

describe("the log stream", () => {
  // A process writing many lines through logStream and then ending: what reaches its standard
  // output, and each write it made (fs.writeSync, which sonic-boom calls, wrapped).
  it("writes whole lines in order, at most 4096 bytes a write unless one line is longer, all of them by exit", async () => {
    const stream = join(import.meta.dirname, "..", "build", "server", "log-stream.js");
    const script = `
      import fs from "node:fs";
      const writes = [];
      const writeSync = fs.writeSync;
      fs.writeSync = (fd, data, ...rest) => { if (fd === 1) writes.push(String(data)); return writeSync(fd, data, ...rest); };
      const { logStream } = await import(${JSON.stringify(pathToFileURL(stream).href)});
      const s = logStream();
      for (let i = 0; i < 300; i++)
        s.request({ reqId: "r" + i, method: "GET", url: "/" + i + (i % 50 === 7 ? "x".repeat(5000) : ""), status: 200, ms: 1, template: undefined, closed: false });
      process.on("exit", () => process.stderr.write(JSON.stringify(writes.map((w) => [w.length, w.endsWith("\\n")]))));
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    await new Promise((resolve) => child.on("close", resolve));
    const urls = out
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => (JSON.parse(l) as { url: string }).url.replace(/x+$/, ""));
    expect(urls).toEqual(Array.from({ length: 300 }, (_, i) => `/${i}`));
    const writes = JSON.parse(err) as [number, boolean][];
    expect(writes.every(([, whole]) => whole)).toBe(true);
    expect(writes.filter(([n]) => n > 4096).length).toBe(6);
    expect(writes.length).toBeGreaterThan(6);
  });
});

describe("a request's line", () => {
  it("is byte for byte what pino writes for the request's child logger", () => {
    const lines: RequestLine[] = [
      { reqId: "req-1a2b-7", method: "GET", url: "/", status: 200, ms: 0.3, template: "index.dbt", closed: false },
      {
        reqId: "edge.7:x_y",
        method: "POST",
        url: '/a?q="x"&y=\\é\u2028',
        status: 499,
        ms: 12,
        template: undefined,
        closed: true,
      },
      { reqId: "req-2", method: "GET", url: "/f\u0001", status: 404, ms: 1234.5, template: "_404.dbt", closed: false },
    ];
    for (const f of lines) {
      let written = "";
      const logger = pino({ timestamp: () => `,"time":1795868770444` }, { write: (s: string) => (written += s) });
      const { reqId, closed, ...rest } = f;
      logger.child({ reqId }).info({ ...rest, closed: closed || undefined }, "request");
      expect(requestLine(f, 1795868770444)).toBe(written);
    }
  });
});
