// <dbt:try> … <dbt:catch type="any|expression|param|template|application|my.type"> … </dbt:catch>
// <dbt:finally> … </dbt:finally></dbt:try>
// Output the try body made before the error is dropped (unless a dbt:flush sent it: then all the
// output before the catch stays sent, and the catch's output follows it); the catch body sees `error` (type,
// message, detail, code, file, line, column) and may <dbt:rethrow> it. The finally body runs
// however the rest ends: normally, after a catch, or while an error, a dbt:abort/exit, a page
// stop or a dbt:break passes through. <dbt:throw> raises an error of its own type.
import type { Loc, Node, TagNode } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import { QuarryError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { isStruct } from "../engine/values.js";
import { keyOf } from "../engine/keys.js";
import { fixedArg } from "./helpers.js";
import { callTag } from "./call.js";

// Catch nodes are kept whole: their attributes are validated after this hook runs.
interface TryData {
  body: Node[];
  catches: TagNode[];
  /** The body of dbt:finally, or null. */
  final: Node[] | null;
}

const catchType = (k: TagNode) => (fixedArg(k, "type") ?? "any").toLowerCase();

/** The variable each catch names in script (`catch (any e)`), or undefined when none does. */
const catchNames = (catches: TagNode[]) =>
  catches.some((k) => k.script?.name) ? catches.map((k) => k.script?.name ?? null) : undefined;

/** The index of the first catch that takes `err`, or -1 (then it propagates). */
export function matchCatch(err: unknown, types: string[]): number {
  if (!(err instanceof QuarryError) || !err.catchable) return -1;
  const t = err.type.toLowerCase();
  return types.findIndex((c) => c === "any" || c === t || t.startsWith(`${c}.`));
}

export function errorStruct(err: QuarryError) {
  return rt.struct(
    ["type", "message", "detail", "code", "file", "line", "column"],
    [err.type, err.message, err.detail, err.code, err.loc?.file ?? "", err.loc?.line ?? 0, err.loc?.column ?? 0],
  );
}

/**
 * Which catch takes `err`, with `error` made visible for its body; -1 (nothing pushed) when
 * none does. Both modes call it, run the body, then `leaveCatch` in a finally; compiled code
 * keeps the body inline so a dbt:break inside it still leaves the enclosing loop.
 */
export function enterCatch(ctx: RenderContext, err: unknown, types: string[], names?: (string | null)[]): number {
  const i = matchCatch(err, types);
  if (i >= 0) {
    const e = errorStruct(err as QuarryError);
    // A script catch (any e) names it too.
    const name = names?.[i];
    ctx.frames.push({
      kind: "vars",
      // CFML's name for it too (one struct: a change through either name shows in both).
      vars: name ? rt.struct(["error", "cfcatch", name], [e, e, e]) : rt.struct(["error", "cfcatch"], [e, e]),
      caught: err as QuarryError,
    });
  }
  return i;
}

/** dbt:rethrow: the error the innermost dbt:catch took, thrown again as it was. */
export function rethrow(ctx: RenderContext, loc: Loc): never {
  for (let i = ctx.frames.length - 1; i >= 0; i--) {
    const f = ctx.frames[i]!;
    if (f.kind === "vars" && f.caught !== undefined) throw f.caught;
  }
  throw new QuarryError(codes.NESTING, "template", "<dbt:rethrow> has no caught error to throw", loc);
}

/**
 * The output a catch body starts from: the output before the dbt:try (`mark`), or nothing when a
 * dbt:flush inside the try body sent it (`flushes` is the page's flush count before the try).
 */
export function outputAtCatch(ctx: RenderContext, mark: string, flushes: number): string {
  return ctx.page.flushed === flushes ? mark : "";
}

export function leaveCatch(ctx: RenderContext): void {
  ctx.frames.pop();
}

/** dbt:throw: raises an error of the template's own type (default "application"); the message may be a struct of them. */
export function throwError(
  _ctx: RenderContext,
  message: unknown,
  type: unknown,
  detail: unknown,
  status: unknown,
  loc: Loc,
): never {
  // `throw {message: …, type: …};` (Lucee): the struct's keys are the attributes not given.
  if (isStruct(message)) {
    const given = message;
    const at = (k: string) => {
      const key = keyOf(given, k);
      return key === undefined ? undefined : given[key];
    };
    [type, detail] = [type ?? at("type"), detail ?? at("detail")];
    message = at("message");
  }
  const err = new QuarryError(
    codes.THROW,
    type === undefined ? "application" : rt.toStr(type, loc),
    rt.toStr(message ?? "", loc),
    loc,
  );
  if (detail !== undefined) err.detail = rt.toStr(detail, loc);
  if (status !== undefined) err.status = rt.toNum(status, loc);
  throw err;
}

export const tryTag: TagDef<TryData> = {
  name: "try",
  body: "required",
  attributes: {},
  validate(node, v) {
    const data: TryData = { body: [], catches: [], final: null };
    for (const child of node.body!) {
      const blank = child.type === "text" && child.value.trim() === "";
      if (data.final !== null) {
        if (!blank) throw v.error("Nothing may follow <dbt:finally> in <dbt:try>", child.loc, codes.NESTING);
      } else if (child.type === "tag" && child.name === "finally") {
        data.final = child.body!;
      } else if (child.type === "tag" && child.name === "catch") {
        data.catches.push(child);
      } else if (data.catches.length > 0 && !blank) {
        throw v.error(
          "Nothing but <dbt:catch> or <dbt:finally> may follow the first <dbt:catch> in <dbt:try>",
          child.loc,
          codes.NESTING,
        );
      } else if (data.catches.length === 0) data.body.push(child);
    }
    if (data.catches.length === 0 && data.final === null)
      throw v.error("<dbt:try> needs at least one <dbt:catch> or a <dbt:finally>", node.loc, codes.NESTING);
    node.data = data;
  },
  async interpret(node, it) {
    const { body, catches, final } = node.data;
    const mark = it.out;
    const flushed = it.ctx.page.flushed;
    try {
      await it.run(body);
    } catch (err) {
      const i = enterCatch(it.ctx, err, catches.map(catchType), catchNames(catches));
      if (i < 0) throw err;
      it.out = outputAtCatch(it.ctx, mark, flushed);
      try {
        await it.run(catches[i]!.body!);
      } finally {
        leaveCatch(it.ctx);
      }
    } finally {
      if (final) await it.run(final);
    }
  },
  compile(node, c) {
    const { body, catches, final } = node.data;
    const [mark, sent, e, i] = [c.tmp("mark"), c.tmp("sent"), c.tmp("e"), c.tmp("i")];
    const names = catchNames(catches);
    const handlers = catches
      .map((k, n) => `if (${i} === ${n}) {\n${c.inFrame(null, () => c.nodes(k.body!))}}`)
      .join(" else ");
    const caught =
      catches.length === 0
        ? ""
        : ` catch (${e}) {
const ${i} = T.enterCatch(ctx, ${e}, ${JSON.stringify(catches.map(catchType))}${names ? `, ${JSON.stringify(names)}` : ""});
if (${i} < 0) throw ${e};
$o = T.outputAtCatch(ctx, ${mark}, ${sent});
try {
${handlers}
} finally { T.leaveCatch(ctx); }
}`;
    return `{ const ${mark} = $o, ${sent} = ctx.page.flushed;
try {
${c.nodes(body)}}${caught}${final ? ` finally {\n${c.nodes(final)}}` : ""}
}\n`;
  },
};

export const catchTag: TagDef = {
  name: "catch",
  body: "required",
  parents: ["try"],
  attributes: { type: { type: "text" } },
  interpret() {},
  compile: () => "",
};

export const finallyTag: TagDef = {
  name: "finally",
  body: "required",
  parents: ["try"],
  attributes: {},
  interpret() {},
  compile: () => "",
};

export const rethrowTag: TagDef = {
  name: "rethrow",
  body: "none",
  attributes: {},
  validate(node, v) {
    if (!v.enclosing("catch")) throw v.error("<dbt:rethrow> must stand inside <dbt:catch>", node.loc, codes.NESTING);
  },
  ...callTag("rethrow", rethrow, []),
};

export const throwTag: TagDef = {
  name: "throw",
  body: "none",
  attributes: {
    message: { type: "string" },
    type: { type: "string" },
    detail: { type: "string" },
    status: { type: "integer" },
  },
  ...callTag("throwError", throwError, ["message", "type", "detail", "status"]),
};

export const runtime = { enterCatch, outputAtCatch, leaveCatch, throwError, rethrow };

export default { tags: [tryTag, catchTag, finallyTag, rethrowTag, throwTag], runtime } satisfies TagModule;
