// <dbt:savecontent variable="menu">…</dbt:savecontent>: renders the body into a variable
// instead of the page. The value is already HTML, so printing it does not escape it again.
import type { TagDef, TagModule } from "./types.js";
import * as rt from "../engine/runtime.js";
import { SafeString } from "../engine/values.js";
import { fixedArg, pathTarget, splitTarget } from "./helpers.js";
import { callTag } from "./call.js";

// The body is captured inline in compiled code (no await, so a page without I/O stays a
// generator), and so is the assignment: a call of a T.saveContent helper instead measured 16%
// fewer renders/s on a page looping over 500 savecontents.
export const savecontentTag: TagDef = {
  name: "savecontent",
  body: "required",
  attributes: { variable: { type: "variable", required: true } },
  async interpret(node, it) {
    const { base, steps } = splitTarget(pathTarget(fixedArg(node, "variable")!, node.loc));
    const content = await it.capture(node.body!);
    rt.assign(it.ctx, base, steps as string[], new SafeString(content), node.loc);
  },
  compile(node, c) {
    const { base, steps } = splitTarget(pathTarget(fixedArg(node, "variable")!, node.loc));
    const v = c.tmp("content");
    return `{ let ${v} = "";\n${c.capture(node.body!, v)}rt.assign(ctx, ${JSON.stringify(base)}, ${JSON.stringify(steps)}, new rt.SafeString(${v}), ${c.loc(node.loc)});\n}\n`;
  },
};

/**
 * <dbt:silent>…</dbt:silent>: runs the body for what it does (sets, queries, logs) and drops
 * what it prints, as CFML's cfsilent. An error inside still propagates.
 */
export const silentTag: TagDef = {
  name: "silent",
  body: "required",
  attributes: {},
  async interpret(node, it) {
    await it.capture(node.body!);
  },
  compile(node, c) {
    const v = c.tmp("dropped");
    return `{ let ${v} = "";\n${c.capture(node.body!, v)}}\n`;
  },
};

/**
 * <dbt:exit> (method="exitTemplate", the default, or "exitTag"): ends the template it stands in,
 * keeping its output; an including template, a module's caller or the request goes on. In a
 * module, exitTag ends the module as exitTemplate does (a module is its own template).
 */
export const exitTag: TagDef = {
  name: "exit",
  body: "none",
  attributes: { method: { type: "enum", values: ["exittemplate", "exittag"] } },
  ...callTag("exitTemplate", exitTemplate, []),
};

export function exitTemplate(): never {
  throw new rt.ExitSignal();
}

/** <dbt:abort>: ends the page here, keeping what was output so far. */
export const abortTag: TagDef = {
  name: "abort",
  body: "none",
  attributes: {},
  ...callTag("abortPage", abortPage, []),
};

export function abortPage(): never {
  throw new rt.AbortSignal();
}

export default {
  tags: [savecontentTag, silentTag, exitTag, abortTag],
  runtime: { abortPage, exitTemplate },
} satisfies TagModule;
