// limits.maxQueryRows and limits.maxQueryBytes against real Postgres, for every strategy and in
// both modes: rows are counted as they arrive, the statement is cancelled on the server once a
// bound is passed (pg_stat_activity shows no backend still running it), the page gets
// QRY_ERR_QUERY_LIMIT at its dbt:query with the figure, and the connection comes back clean
// (the same datasource answers the next statement; no connection was destroyed for it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, datasourcesFor, sql } from "./db.js";
import { until } from "./http.js";
import { render, renderError } from "./helpers.js";
import { defaultLimits } from "../engine/limits.js";
import type { Datasources } from "../datasources/registry.js";

let url: string;
let dbName: string;
const open: Datasources[] = [];

beforeAll(async () => {
  url = await createDatabase([], "qlimits");
  dbName = new URL(url).pathname.slice(1);
});
afterAll(async () => {
  await Promise.all(open.map((d) => d.close()));
});

/** Quarry's backends on the test database still running a statement that reads generate_series. */
const running = () =>
  sql<{ pid: number }>(
    url,
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'quarry:main' AND state <> 'idle' AND query LIKE '%generate_series%'",
    [dbName],
  );

/** Connections lent to a statement now (strategy pipeline: statements in flight on its shared connections). */
function inUse(ds: Datasources): number {
  const s = ds.get(undefined).stats();
  return s.inFlight ?? s.borrowed;
}

/** The row at which the running sum of `g`'s digits plus `width` characters per row passes maxQueryBytes. */
function bytesPassedAt(width: number): { rows: number; bytes: number } {
  let bytes = 0;
  for (let g = 1; ; g++) {
    bytes += String(g).length + width;
    if (bytes > defaultLimits.maxQueryBytes) return { rows: g, bytes };
  }
}

describe.each(["pool", "single", "per-request", "pipeline"])("strategy %s", (strategy) => {
  let ds: Datasources;
  beforeAll(() => {
    ds = datasourcesFor(url, { strategy, max: 2, pipelineConnections: 1 });
    open.push(ds);
  });

  it("stops a statement past maxQueryRows, cancels it, and the connection answers the next page", async () => {
    const err = await renderError(
      `<dbt:query name="q">SELECT g FROM generate_series(1, 2000000) g</dbt:query>#q.recordCount#`,
      {},
      {},
      undefined,
      ds,
    );
    expect([err.code, err.message, `${err.loc?.line}:${err.loc?.column}`]).toEqual([
      "QRY_ERR_QUERY_LIMIT",
      "Query stopped and cancelled: it returned more than 100000 rows (limit maxQueryRows)",
      "1:1",
    ]);
    expect(await until(running, (r) => r.length === 0)).toEqual([]);
    expect(inUse(ds)).toBe(0);
    expect(
      await render(`<dbt:query name="q">SELECT 41 + 1 AS n</dbt:query><dbt:output>#q.n#</dbt:output>`, {}, {}, ds),
    ).toBe("42");
  });

  it("stops a statement past maxQueryBytes with the figure", async () => {
    const at = bytesPassedAt(1000);
    const err = await renderError(
      `<dbt:query name="q">SELECT g, repeat('x', 1000) AS s FROM generate_series(1, 2000000) g</dbt:query>`,
      {},
      {},
      undefined,
      ds,
    );
    expect([err.code, err.message]).toEqual([
      "QRY_ERR_QUERY_LIMIT",
      `Query stopped and cancelled: it returned more than 33554432 bytes (limit maxQueryBytes: ${at.bytes} bytes in its first ${at.rows} rows)`,
    ]);
    expect(await until(running, (r) => r.length === 0)).toEqual([]);
    expect(inUse(ds)).toBe(0);
  });

  it("keeps the first maxrows rows and reads past them without counting them", async () => {
    expect(
      await render(
        `<dbt:query name="q" maxrows="3">SELECT g FROM generate_series(1, 150000) g</dbt:query><dbt:output>#q.recordCount# #valueList(q.g)#</dbt:output>`,
        {},
        {},
        ds,
      ),
    ).toBe("3 1,2,3");
  });
});
