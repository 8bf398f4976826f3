// Renders templates through both modes and insists they agree.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { Engine, type Mode } from "../engine/engine.js";
import { scopesFrom } from "../engine/context.js";
import { QuarryError } from "../engine/errors.js";
import type { Limits } from "../engine/context.js";
import { newPageState } from "../engine/page.js";
import type { Datasources } from "../datasources/registry.js";
import { localServices, type SiteServices } from "../engine/services.js";

export const MODES: Mode[] = ["compiled", "interpreted"];

const sites: string[] = [];

/** Writes files into a fresh site folder and returns its path (removed after the test file). */
export function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "quarry-test-"));
  sites.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

/** Removes every site folder this test file made (test/cleanup.ts calls it after each file). */
export function removeSites(): void {
  for (const root of sites.splice(0)) rmSync(root, { recursive: true, force: true });
}

export async function renderMode(
  root: string,
  mode: Mode,
  page: string,
  data: Record<string, unknown> = {},
  limits?: Partial<Limits>,
  db: Datasources | null = null,
  services?: Partial<SiteServices>,
): Promise<string> {
  const state = newPageState(db);
  if (services) state.services = { ...localServices(), ...services };
  return new Engine({ root, mode, limits }).render(page, scopesFrom(data), state);
}

/** The outcome of a render as comparable data: the output, or the error's code, message and place. */
export async function outcome(
  root: string,
  mode: Mode,
  page: string,
  data?: Record<string, unknown>,
  limits?: Partial<Limits>,
  db: Datasources | null = null,
  services?: Partial<SiteServices>,
) {
  try {
    return { output: await renderMode(root, mode, page, data, limits, db, services) };
  } catch (err) {
    if (!(err instanceof QuarryError)) throw err;
    return { error: err.format() };
  }
}

/**
 * Fails unless compiled mode's outcome `a` equals interpreted mode's `b`, saying which mode gave
 * what (a bare toEqual would print "Expected/Received", not which mode printed which).
 */
export function sameInBothModes(a: unknown, b: unknown): void {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  expect.fail(
    `the two modes differ:\ncompiled printed    ${JSON.stringify(a)}\ninterpreted printed ${JSON.stringify(b)}`,
  );
}

/** Renders `source` (plus other files) in both modes; both must give the same output. */
export async function render(
  source: string,
  data: Record<string, unknown> = {},
  files: Record<string, string> = {},
  db: Datasources | null = null,
  services?: Partial<SiteServices>,
): Promise<string> {
  const root = site({ ...files, "page.dbt": source });
  const a = await outcome(root, "compiled", "page.dbt", data, undefined, db, services);
  const b = await outcome(root, "interpreted", "page.dbt", data, undefined, db, services);
  sameInBothModes(a, b);
  if (a.error !== undefined) throw new Error(`render failed:\n${a.error}`);
  return a.output;
}

/** Renders `source` in both modes; both must fail with the same error, which is returned. */
export async function renderError(
  source: string,
  data: Record<string, unknown> = {},
  files: Record<string, string> = {},
  limits?: Partial<Limits>,
  db: Datasources | null = null,
  services?: Partial<SiteServices>,
): Promise<QuarryError> {
  const root = site({ ...files, "page.dbt": source });
  const errors: QuarryError[] = [];
  for (const mode of MODES) {
    const err = await renderMode(root, mode, "page.dbt", data, limits, db, services).then(
      (out) => {
        throw new Error(`expected an error in ${mode} mode, got output ${JSON.stringify(out)}`);
      },
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(QuarryError);
    errors.push(err as QuarryError);
  }
  const [a, b] = errors;
  const facts = (e: QuarryError) => ({ code: e.code, message: e.message, loc: e.loc, frame: e.frame });
  sameInBothModes(facts(a!), facts(b!));
  return a!;
}

/** "line:column" of an error. */
export const at = (err: QuarryError) => `${err.loc?.line}:${err.loc?.column}`;
