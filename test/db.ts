// Test databases: each caller gets its own database in the run's embedded Postgres, seeded
// from SQL files, and Datasources connected to it.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { parseConfig, type SiteConfig } from "../config/site.js";
import { Datasources } from "../datasources/registry.js";
import { runSeedFiles } from "../datasources/postgres/embedded.js";

export const adminUrl = () => inject("adminUrl");

/** Runs SQL as the admin (CREATE DATABASE cannot run in a transaction). */
export async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A new database seeded with `files`; returns its URL. */
export async function createDatabase(files: string[], prefix = "t"): Promise<string> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = adminUrl().replace(/\/postgres$/, `/${name}`);
  await runSeedFiles(url, files);
  return url;
}

/** Runs one query on a database and returns its rows. */
export async function sql<T = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

export function configFor(url: string, raw: Record<string, unknown> = {}): SiteConfig {
  return parseConfig({ datasources: { main: { url, ...raw } } }, "(test config)", {});
}

export function datasourcesFor(url: string, raw: Record<string, unknown> = {}): Datasources {
  return new Datasources(configFor(url, raw), { main: url });
}
