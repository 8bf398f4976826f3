// <dbt:lock name="stock" type="exclusive" timeout="5" throwontimeout="true">…</dbt:lock>, or
// scope="application|session|request" instead of a name: the body runs while the request holds
// a reader/writer lock (engine/locks.ts), across every await inside it (queries, includes,
// dbt:http). The lock is given back however the body ends: normally, an error, dbt:abort, the
// page's time limit or its client going away. Waiting longer than `timeout` seconds raises a
// located QRY_ERR_LOCK, or with throwontimeout="false" skips the body.
// A named lock is this process's (scope="node") or the whole site's (scope="cluster": a
// Postgres advisory lock, server/cluster.ts); without scope, the config's cluster.lockScope
// says which. The application, session and request scopes guard what this process keeps, so
// they are its own.
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import type { PageState } from "../engine/page.js";
import { QuarryError, RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { stopIfDue } from "../engine/clock.js";
import { LockWaitError, type LockMode } from "../engine/locks.js";
import { siteServices } from "../engine/services.js";
import { fixedArg } from "./helpers.js";
import { callTag, type RunBody } from "./call.js";

export interface LockSpec {
  name: unknown;
  scope: string | undefined;
  type: string | undefined;
  timeout: unknown;
  throwontimeout: unknown;
}

// Request locks are the request's own: a name no other request can have.
const requestKeys = new WeakMap<PageState, string>();
let requests = 0;

function lockKey(ctx: RenderContext, spec: LockSpec, loc: Loc): { key: string; shown: string } {
  if (spec.scope === undefined || spec.scope === "node" || spec.scope === "cluster") {
    const name = rt.toStr(spec.name, loc);
    if (name.trim() === "") throw new RuntimeError(codes.LOCK, "The name of a dbt:lock must not be empty", loc, "lock");
    return { key: `name:${name}`, shown: JSON.stringify(name) };
  }
  const page = ctx.page;
  if (spec.scope === "application") return { key: "scope:application", shown: "application" };
  if (spec.scope === "session" && page.hooks)
    return { key: `scope:session:${page.hooks.sessionKey()}`, shown: "session" };
  let key = requestKeys.get(page);
  if (!key) requestKeys.set(page, (key = `scope:request:${++requests}`));
  // Without a server a page has no session beyond itself.
  return { key, shown: spec.scope };
}

/**
 * Takes the lock (see the module comment): its release, which underLock calls in `finally`
 * around the body, or null when the body is to be skipped (a timeout with throwontimeout="false").
 */
async function acquireLock(ctx: RenderContext, spec: LockSpec, loc: Loc): Promise<(() => void | Promise<void>) | null> {
  const page = ctx.page;
  const { key, shown } = lockKey(ctx, spec, loc);
  const mode: LockMode = spec.type === "readonly" ? "readonly" : "exclusive";
  const services = siteServices(page);
  // Without a link (no server: one process is the whole site) a cluster lock is this process's.
  const cluster =
    spec.name !== undefined && spec.scope !== "node" && services.cluster
      ? (spec.scope ?? services.cluster.lockScope) === "cluster"
        ? services.cluster
        : null
      : null;
  const seconds = rt.toNum(spec.timeout, loc);
  if (!(seconds >= 0))
    throw new RuntimeError(
      codes.LOCK,
      `The timeout of a dbt:lock must be 0 or more seconds, got ${seconds}`,
      loc,
      "lock",
    );
  stopIfDue(page, Date.now(), loc);
  // The page's own time limit ends the wait too, as QRY_ERR_TIMEOUT.
  const untilDeadline = page.deadline ? Math.max(1, page.deadline - Date.now() + 1) : Infinity;
  const wantMs = seconds === 0 ? Infinity : seconds * 1000;
  const waitMs = Math.min(wantMs, untilDeadline);
  const opts = { timeoutMs: waitMs === Infinity ? 0 : waitMs, signal: page.signal };
  try {
    if (cluster) return await cluster.lock(key.slice("name:".length), page, mode, opts);
    return await services.locks.acquire(key, page, mode, opts);
  } catch (err) {
    if (err instanceof QuarryError && !err.loc) err.loc = loc;
    if (!(err instanceof LockWaitError)) throw err;
    if (err.reason === "aborted") stopIfDue(page, Date.now(), loc);
    if (err.reason === "timeout" && waitMs < wantMs) stopIfDue(page, Infinity, loc);
    if (err.reason === "upgrade") {
      throw new RuntimeError(
        codes.LOCK,
        `This request holds the lock ${shown} readonly and cannot take it exclusive inside that (take it exclusive from the start)`,
        loc,
        "lock",
      );
    }
    if (spec.throwontimeout !== undefined && !rt.toBool(spec.throwontimeout, loc)) return null;
    const e = new RuntimeError(
      codes.LOCK,
      `The ${mode} ${cluster ? "cluster " : ""}lock ${shown} was not free within ${seconds} s (another request${cluster ? ", on this node or another," : ""} held it)`,
      loc,
      "lock",
    );
    e.status = 503;
    throw e;
  }
}

/** dbt:lock: runs the body holding the lock, which it gives back however the body ends. */
export async function underLock(
  ctx: RenderContext,
  name: unknown,
  scope: string | undefined,
  type: string | undefined,
  timeout: unknown,
  throwontimeout: unknown,
  body: RunBody,
  loc: Loc,
): Promise<void> {
  const release = await acquireLock(ctx, { name, scope, type, timeout, throwontimeout }, loc);
  if (!release) return;
  try {
    await body();
  } finally {
    // A cluster lock is given back (on the server) before the page goes on; a local one at
    // once, without a tick in which a waiter could run before this page's next statement.
    const given = release();
    if (given) await given;
  }
}

export const lockTag: TagDef = {
  name: "lock",
  body: "required",
  attributes: {
    name: { type: "string" },
    scope: { type: "enum", values: ["application", "session", "request", "node", "cluster"] },
    type: { type: "enum", values: ["readonly", "exclusive"] },
    timeout: { type: "number", required: true },
    throwontimeout: { type: "boolean" },
  },
  validate(node, v) {
    const scope = fixedArg(node, "scope");
    if (scope === "node" || scope === "cluster") {
      if (!node.args.name) throw v.error(`<dbt:lock scope="${scope}"> needs a "name"`, node.loc);
    } else if (!node.args.name === !node.args.scope)
      throw v.error('<dbt:lock> needs "name" or a scope application, session or request (one of them)', node.loc);
  },
  ...callTag(
    "underLock",
    underLock,
    [
      "name",
      { fixed: (node) => fixedArg(node, "scope") },
      { fixed: (node) => fixedArg(node, "type") },
      "timeout",
      "throwontimeout",
    ],
    { async: true, body: "run" },
  ),
};

export const runtime = { underLock };

export default { tags: [lockTag], runtime } satisfies TagModule;
