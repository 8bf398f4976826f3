// <dbt:flush>: sends the page's output so far to the client now, while the page goes on (a
// slow report shows its head at once). The first flush fixes the response: its status,
// headers and cookies go with it, and a tag that would change them afterwards is refused
// (afterFlush). Output is threaded through dbt:include (page.held) so that a flush inside an
// included template sends what its callers wrote before it, in order. Where the output is not
// the page's yet (a dbt:savecontent, a query's SQL, a module or function body) it is refused.
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import { outputLimit, type RenderContext } from "../engine/context.js";
import { RuntimeError, codes } from "../engine/errors.js";
import { stopIfDue } from "../engine/clock.js";

const at = (loc: Loc) => `${loc.file}:${loc.line}:${loc.column}`;

/** Sends `out` (the running template's output) after what the including templates hold; gives the template's output from here on (""). */
export async function flushPage(ctx: RenderContext, out: string, loc: Loc): Promise<string> {
  const page = ctx.page;
  if (ctx.callDepth > 0 || page.captures > 0)
    throw new RuntimeError(
      codes.FLUSH,
      `dbt:flush inside ${ctx.callDepth > 0 ? "a module or a function" : "a body whose output is not the page's (dbt:savecontent, dbt:silent, dbt:cache, a query's SQL, a mail or http body)"}: only the page's own output can be sent`,
      loc,
    );
  page.flushedAt ??= at(loc);
  const hooks = page.hooks;
  // Nothing streams (quarry render, a static file's _request.dbt): the output stays where it is.
  if (!hooks?.flush) return out;
  // A page whose client has gone, or whose time is up, stops here instead of sending.
  stopIfDue(page, Date.now(), loc);
  let text = "";
  for (let i = 0; i < page.held.length; i++) {
    text += page.held[i]!;
    page.held[i] = "";
  }
  text += out;
  // A chunk is encoded on its own: the first half of a surrogate pair waits for its second,
  // which would otherwise arrive as two U+FFFD. It is the last of all: it starts what follows.
  const last = text.charCodeAt(text.length - 1);
  const kept = last >= 0xd800 && last <= 0xdbff ? text.slice(-1) : "";
  if (kept) text = text.slice(0, -1);
  // What was sent counts against the limit: a loop that flushes cannot stream without end.
  if (page.flushed + text.length > ctx.limits.maxOutputLength) throw outputLimit(ctx.limits, loc);
  page.flushed += text.length;
  await hooks.flush(text, loc);
  return kept;
}

/** Refuses to change the response (`what`) once dbt:flush has sent it. */
export function afterFlush(ctx: RenderContext, what: string, loc: Loc): void {
  const sent = ctx.page.flushedAt;
  if (sent !== null)
    throw new RuntimeError(
      codes.FLUSH,
      `${what} after dbt:flush (at ${sent}): the status, headers and cookies went to the client with the first flush; set them before it`,
      loc,
    );
}

export const flushTag: TagDef = {
  name: "flush",
  body: "none",
  attributes: {},
  interpret(node, it) {
    return flushPage(it.ctx, it.out, node.loc).then((rest) => {
      it.out = rest;
    });
  },
  compile(node, c) {
    return `$o = ${c.awaiting(`await T.flushPage(ctx, $o, ${c.loc(node.loc)})`)};\n`;
  },
};

export default { tags: [flushTag], runtime: { flushPage } } satisfies TagModule;
