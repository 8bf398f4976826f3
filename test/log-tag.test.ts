// dbt:log where each command writes it: quarry start as a JSON line of the request's logger
// (level, text, request id, template, place, log name), quarry dev as a readable line, quarry
// render on standard error (the page on standard output stays clean). Real processes, real logs.
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./helpers.js";
import { listening } from "./process.js";
import { createDatabase } from "./db.js";
import { database, startServer } from "./http.js";
import { build } from "../server/build.js";

const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
const PAGE = `<p>paid</p>\n<dbt:log text="order #url.id# paid" log="orders">\n<dbt:log text="stock low" type="warning">\n<dbt:log text="details" type="debug">\n`;
let url: string;
let root: string;
const made: string[] = [];

beforeAll(async () => {
  url = await createDatabase([], "logtag");
  root = site({ "pay.dbt": PAGE, "data.json": JSON.stringify({ url: { id: "9" } }) });
});
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("dbt:log", () => {
  it("writes JSON lines under quarry start, at the server's level, with the request's id", async () => {
    const dist = join(mkdtempSync(join(tmpdir(), "quarry-logtag-")), "dist");
    made.push(join(dist, ".."));
    expect(build(root, dist).errors).toEqual([]);
    const child = spawn(process.execPath, [bin, "start", dist, "--port", "0", "--log-level", "info"], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "" },
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    const base = await listening(child);
    expect(await (await fetch(`${base}/pay?id=7`)).text()).toBe("<p>paid</p>\n");
    child.kill("SIGTERM");
    await exited;
    const lines = out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const logged = lines
      .filter((l) => l.at !== undefined)
      .map(({ level, msg, template, at, log }) => ({ level, msg, template, at, log }));
    // debug is below the server's level (info): not written.
    expect(logged).toEqual([
      { level: 30, msg: "order 7 paid", template: "pay.dbt", at: "pay.dbt:2:1", log: "orders" },
      { level: 40, msg: "stock low", template: "pay.dbt", at: "pay.dbt:3:1", log: undefined },
    ]);
    const request = lines.find((l) => l.msg === "request")!;
    for (const l of lines.filter((l) => l.at !== undefined)) expect(l.reqId).toBe(request.reqId);
  });

  it.each(["compiled", "interpreted"] as const)("writes readable lines under quarry dev (%s)", async (mode) => {
    const log: string[] = [];
    const server = await startServer({ root, mode, dev: true, database: database(url), log: (l) => log.push(l) });
    try {
      expect(await (await fetch(`${server.base}/pay?id=8`)).text()).toBe("<p>paid</p>\n");
      expect(log.filter((l) => l.startsWith("["))).toEqual([
        "[info] pay.dbt:2:1 (orders) order 8 paid",
        "[warn] pay.dbt:3:1 stock low",
        "[debug] pay.dbt:4:1 details",
      ]);
    } finally {
      await server.close();
    }
  });

  it.each(["compiled", "interpreted"])("writes to standard error under quarry render (%s)", async (mode) => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      bin,
      "render",
      join(root, "pay.dbt"),
      "--mode",
      mode,
      "--data",
      join(root, "data.json"),
    ]);
    expect(stdout).toBe("<p>paid</p>\n");
    expect(stderr).toBe(
      "[info] pay.dbt:2:1 (orders) order 9 paid\n[warn] pay.dbt:3:1 stock low\n[debug] pay.dbt:4:1 details\n",
    );
  });
});
