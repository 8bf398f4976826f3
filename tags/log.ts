// <dbt:log text="…" type="warning" log="orders">: one line to the server's log, at a level
// (CFML's type names, or pino's). Under quarry start it is a JSON line of the request's logger
// (with reqId, template and place); under quarry dev a readable line; under quarry render a
// line on standard error.
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import * as rt from "../engine/runtime.js";
import { siteServices, type PageLogLevel } from "../engine/services.js";
import { fixedArg } from "./helpers.js";
import { callTag } from "./call.js";

const LEVELS: Record<string, PageLogLevel> = {
  information: "info",
  info: "info",
  warning: "warn",
  warn: "warn",
  error: "error",
  fatal: "fatal",
  debug: "debug",
};

export function writeLog(
  ctx: RenderContext,
  text: unknown,
  type: string | undefined,
  log: string | undefined,
  loc: Loc,
): void {
  siteServices(ctx.page).log({
    level: LEVELS[type ?? "information"]!,
    text: rt.toStr(text, loc),
    at: `${loc.file}:${loc.line}:${loc.column}`,
    log: log ?? null,
  });
}

export const logTag: TagDef = {
  name: "log",
  body: "none",
  attributes: {
    text: { type: "string", required: true },
    type: { type: "enum", values: Object.keys(LEVELS) },
    log: { type: "text" },
    file: { type: "text" },
  },
  validate(node, v) {
    if (node.args.log && node.args.file) throw v.error('<dbt:log> takes "log" or "file", not both', node.args.file.loc);
  },
  ...callTag("writeLog", writeLog, [
    "text",
    { fixed: (node) => fixedArg(node, "type") },
    { fixed: (node) => fixedArg(node, "log") ?? fixedArg(node, "file") },
  ]),
};

export const runtime = { writeLog };

export default { tags: [logTag], runtime } satisfies TagModule;
