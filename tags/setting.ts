// <dbt:setting enableoutputonly="true|false" requesttimeout="seconds">: CFML's cfsetting.
// enableoutputonly counts (each true is undone by one false) and, while set, drops the page's
// text outside dbt:output, for the rest of the request; requesttimeout sets the page's time
// limit, counted from the start of the request, in place of the site's renderTimeoutMs.
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import { RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { stopIfDue } from "../engine/clock.js";
import { callTag } from "./call.js";
import { fixedArg } from "./helpers.js";

export function setting(ctx: RenderContext, outputOnly: string | undefined, timeout: unknown, loc: Loc): void {
  const page = ctx.page;
  if (outputOnly !== undefined) {
    if (outputOnly === "true" || outputOnly === "yes") page.outputOnly++;
    else page.outputOnly = Math.max(0, page.outputOnly - 1);
  }
  if (timeout !== undefined) {
    const s = rt.toNum(timeout, loc);
    if (!(s > 0) || !Number.isFinite(s))
      throw new RuntimeError(codes.TYPE, `requesttimeout must be a number of seconds above 0, got ${s}`, loc);
    page.deadline = page.started + s * 1000;
    stopIfDue(page, Date.now(), loc);
  }
}

export const settingTag: TagDef = {
  name: "setting",
  body: "none",
  attributes: {
    enableoutputonly: { type: "enum", values: ["true", "false", "yes", "no"] },
    requesttimeout: { type: "number" },
  },
  validate(node, v) {
    if (!node.args.enableoutputonly && !node.args.requesttimeout)
      throw v.error("<dbt:setting> needs enableoutputonly or requesttimeout", node.loc);
  },
  ...callTag("setting", setting, [{ fixed: (node) => fixedArg(node, "enableoutputonly") }, "requesttimeout"]),
};

export default { tags: [settingTag], runtime: { setting } } satisfies TagModule;
