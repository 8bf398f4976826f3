// npm run bench:strategies — serves the sample site three times, once per datasource strategy
// (pool, single, per-request), on one embedded Postgres, and drives each with autocannon over
// HTTP. Prints requests/s per page and strategy and each strategy's ratio to pool. Compare
// ratios within one run: absolute figures depend on the machine and what else it is doing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// autocannon ships no type declarations.
// @ts-expect-error untyped module
import autocannon from "autocannon";
import { startEmbedded } from "../datasources/embedded.js";
import { parseConfig } from "../datasources/config.js";
import { Datasources } from "../datasources/registry.js";
import { createApp } from "../server/app.js";

const site = fileURLToPath(new URL("../../templates", import.meta.url));
const PAGES = ["/fortunes", "/authors", "/access-log"];
const STRATEGIES = ["pool", "single", "per-request"] as const;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dir = mkdtempSync(join(tmpdir(), "quarry-bench-"));
const pg = await startEmbedded({ dataDir: dir, seedDir: join(site, "_db"), ephemeral: true });
const results: Record<string, Record<string, number>> = {};
try {
  for (const strategy of STRATEGIES) {
    const config = parseConfig({ datasources: { main: { url: pg.url, strategy, max: 10 } } }, "(bench)", {});
    const datasources = new Datasources(config, { main: pg.url });
    const app = await createApp({ root: site, database: { datasources, embedded: null, stop: () => datasources.close() }, log: () => {} });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    for (const page of PAGES) {
      await autocannon({ url: base + page, connections, duration: 1 }); // warm-up
      const r = (await autocannon({ url: base + page, connections, duration: seconds })) as { requests: { average: number }; non2xx: number };
      if (r.non2xx > 0) throw new Error(`${strategy} ${page}: ${r.non2xx} responses were not 2xx`);
      (results[page] ??= {})[strategy] = r.requests.average;
    }
    await app.close();
    await datasources.close();
  }
} finally {
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${connections} connections, ${seconds} s per page and strategy\n`);
console.log(`| page | ${STRATEGIES.map((s) => `${s} req/s`).join(" | ")} | single ÷ pool | per-request ÷ pool |`);
console.log(`|---|${STRATEGIES.map(() => "---:").join("|")}|---:|---:|`);
for (const page of PAGES) {
  const r = results[page]!;
  const ratio = (s: string) => (r[s]! / r.pool!).toFixed(2);
  console.log(`| ${page} | ${STRATEGIES.map((s) => Math.round(r[s]!)).join(" | ")} | ${ratio("single")} | ${ratio("per-request")} |`);
}
