// <dbt:transaction [isolation datasource]> … </dbt:transaction>: every query inside runs on one
// connection. The body's end commits; an error rolls everything back and propagates. Inside
// one, <dbt:transaction action="commit|rollback|setsavepoint" [savepoint]/> commits or rolls
// back so far (and goes on in a new transaction), or sets / returns to a savepoint.
// A dbt:break, continue, exit or abort that leaves the body commits (txEnd).
import type { Loc, TagNode } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import type { OpenTransaction } from "../engine/page.js";
import { QuarryError, RuntimeError, codes } from "../engine/errors.js";
import { AbortSignal, BreakSignal, ContinueSignal, ExitSignal } from "../engine/signals.js";
import { ISOLATION, type Isolation } from "../engine/isolation.js";
import { fixedArg } from "./helpers.js";
import { callTag, type RunBody } from "./call.js";

const ACTIONS = ["begin", "commit", "rollback", "setsavepoint"] as const;

function located<T>(loc: Loc, fn: () => Promise<T>): Promise<T> {
  return fn().catch((err: unknown) => {
    if (err instanceof QuarryError && !err.loc) err.loc = loc;
    throw err;
  });
}

async function txBegin(
  ctx: RenderContext,
  datasource: string | null,
  isolation: Isolation | null,
  loc: Loc,
): Promise<OpenTransaction> {
  const db = ctx.page.db;
  if (!db)
    throw new RuntimeError(
      codes.NO_DATASOURCE,
      "dbt:transaction needs a datasource: run the page with quarry dev or quarry start",
      loc,
      "database",
    );
  if (ctx.page.tx)
    throw new RuntimeError(
      codes.TRANSACTION,
      "Transactions do not nest: use savepoints inside the open one",
      loc,
      "database",
    );
  return located(loc, async () => {
    const ds = db.get(datasource ?? undefined);
    const lease = await db.begin(ds, isolation ?? undefined, ctx.page.signal);
    const tx: OpenTransaction = { datasource: ds.name, lease, savepoints: new Set() };
    ctx.page.tx = tx;
    return tx;
  });
}

const isSignal = (e: unknown) =>
  e instanceof AbortSignal || e instanceof BreakSignal || e instanceof ContinueSignal || e instanceof ExitSignal;

/** Ends the transaction: commit when the body finished (or left by a signal), else roll back. */
async function txEnd(ctx: RenderContext, tx: OpenTransaction, err: unknown, loc: Loc): Promise<void> {
  ctx.page.tx = null;
  const db = ctx.page.db!;
  const ds = db.get(tx.datasource);
  if (err === null || isSignal(err)) {
    try {
      await located(loc, () => db.control(ds, tx.lease, "COMMIT"));
    } catch (e) {
      await tx.lease.release(true);
      throw e;
    }
    // Read replicas: the visitor's next reads follow the primary until one has this commit.
    await db.committed(ds, tx.lease, ctx.page.writes);
    await tx.lease.release();
    return;
  }
  let broken = false;
  await db.control(ds, tx.lease, "ROLLBACK").catch(() => {
    broken = true;
  });
  await tx.lease.release(broken);
}

export async function txAction(ctx: RenderContext, action: string, savepoint: string | null, loc: Loc): Promise<void> {
  const tx = ctx.page.tx;
  if (!tx)
    throw new RuntimeError(
      codes.TRANSACTION,
      `dbt:transaction action="${action}" needs an open transaction`,
      loc,
      "database",
    );
  const db = ctx.page.db!;
  const ds = db.get(tx.datasource);
  const sp = savepoint === null ? null : `"${savepoint}"`;
  await located(loc, async () => {
    if (action === "setsavepoint") {
      await db.control(ds, tx.lease, `SAVEPOINT ${sp}`);
      tx.savepoints.add(savepoint!);
    } else if (action === "rollback" && sp) {
      if (!tx.savepoints.has(savepoint!))
        throw new RuntimeError(
          codes.TRANSACTION,
          `No savepoint named ${savepoint} in this transaction`,
          loc,
          "database",
        );
      await db.control(ds, tx.lease, `ROLLBACK TO SAVEPOINT ${sp}`);
    } else {
      await db.control(ds, tx.lease, action === "commit" ? "COMMIT" : "ROLLBACK");
      tx.savepoints.clear();
      await db.control(ds, tx.lease, "BEGIN");
    }
  });
}

/** <dbt:transaction>…</dbt:transaction>: the body on one connection, committed or rolled back as it ends. */
export async function inTransaction(
  ctx: RenderContext,
  datasource: string | null,
  isolation: Isolation | null,
  body: RunBody,
  loc: Loc,
): Promise<void> {
  const tx = await txBegin(ctx, datasource, isolation, loc);
  let error: unknown = null;
  try {
    await body();
  } catch (e) {
    error = e;
    throw e;
  } finally {
    await txEnd(ctx, tx, error, loc);
  }
}

const fixed = (name: string) => ({ fixed: (node: TagNode) => fixedArg(node, name) ?? null });
const withBody = callTag("inTransaction", inTransaction, [fixed("datasource"), fixed("isolation")], {
  async: true,
  body: "run",
});
const action = callTag("txAction", txAction, [fixed("action"), fixed("savepoint")], { async: true });

export const transactionTag: TagDef = {
  name: "transaction",
  body: "optional",
  // <dbt:transaction action="rollback"> acts on the open transaction: it never has a body.
  bodyless: (attrs) =>
    attrs.some((a) => a.name.toLowerCase() === "action" && a.raw !== null && a.raw.trim().toLowerCase() !== "begin"),
  attributes: {
    action: { type: "enum", values: ACTIONS },
    isolation: { type: "enum", values: ISOLATION },
    savepoint: { type: "name" },
    datasource: { type: "name" },
  },
  validate(node, v) {
    const action = fixedArg(node, "action");
    if (node.body) {
      if (action !== undefined && action !== "begin")
        throw v.error(`<dbt:transaction action="${action}"> takes no body`, node.loc, codes.NESTING);
      if (v.enclosing("transaction"))
        throw v.error("Transactions do not nest: use savepoints inside the open one", node.loc, codes.NESTING);
      if (node.args.savepoint)
        throw v.error('"savepoint" goes with action="setsavepoint" or action="rollback"', node.args.savepoint.loc);
      return;
    }
    if (action === undefined || action === "begin")
      throw v.error(
        "<dbt:transaction> needs a body, or an action of commit, rollback or setsavepoint",
        node.loc,
        codes.NESTING,
      );
    if (!v.enclosing("transaction"))
      throw v.error(
        `<dbt:transaction action="${action}"/> must stand inside a <dbt:transaction> body`,
        node.loc,
        codes.NESTING,
      );
    if (node.args.isolation || node.args.datasource)
      throw v.error(`"isolation" and "datasource" go on the <dbt:transaction> that has the body`, node.loc);
    if (action === "setsavepoint" && !node.args.savepoint)
      throw v.error('action="setsavepoint" needs the attribute "savepoint"', node.loc);
    if (action === "commit" && node.args.savepoint)
      throw v.error('action="commit" takes no savepoint', node.args.savepoint.loc);
  },
  // The body form and the action form, each one runtime function.
  interpret: (node, it) => (node.body ? withBody : action).interpret(node, it),
  compile: (node, c) => (node.body ? withBody : action).compile(node, c),
};

export const runtime = { inTransaction, txAction };

export default { tags: [transactionTag], runtime } satisfies TagModule;
