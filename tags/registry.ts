// The tag registry: every tag the language knows, built-in or registered by the user. The
// parser asks it how a tag is shaped, the validator for its schema, both modes for its hooks.
import type { TagDef } from "./types.js";
import type { ExprKind } from "../parser/parse.js";
import type { TagShape } from "../parser/tree.js";
import { ifTag, elseifTag, elseTag } from "./if.js";
import { setTag } from "./set.js";
import { outputTag, runtime as outputRuntime } from "./output.js";
import { loopTag, breakTag, continueTag, runtime as loopRuntime } from "./loop.js";
import { paramTag, runtime as paramRuntime } from "./param.js";
import { includeTag } from "./include.js";
import { moduleTag, runtime as moduleRuntime } from "./module.js";
import { switchTag, caseTag, defaultcaseTag, runtime as switchRuntime } from "./switch.js";
import { tryTag, catchTag, throwTag, runtime as tryRuntime } from "./try.js";
import { savecontentTag, abortTag } from "./savecontent.js";
import { dumpTag, runtime as dumpRuntime } from "./dump.js";
import { queryTag, runtime as queryRuntime } from "./query.js";
import { queryparamTag, runtime as queryparamRuntime } from "./queryparam.js";
import { transactionTag, runtime as transactionRuntime } from "./transaction.js";
import { locationTag, headerTag, cookieTag, contentTag, runtime as responseRuntime } from "./response.js";

const tags = new Map<string, TagDef>();

/** Adds a tag. Its name must be new; tag names are case-insensitive. */
export function registerTag(def: TagDef): void {
  const name = def.name.toLowerCase();
  if (tags.has(name)) throw new Error(`Tag <dbt:${name}> is already registered`);
  tags.set(name, def);
}

for (const def of [
  ifTag, elseifTag, elseTag, setTag, outputTag, loopTag, breakTag, continueTag, paramTag, includeTag, moduleTag,
  switchTag, caseTag, defaultcaseTag, tryTag, catchTag, throwTag, savecontentTag, abortTag, dumpTag,
  queryTag, queryparamTag, transactionTag, locationTag, headerTag, cookieTag, contentTag,
]) registerTag(def);

export function findTag(name: string): TagDef | undefined {
  return tags.get(name);
}

export function tagDef(name: string): TagDef {
  const def = tags.get(name);
  if (!def) throw new Error(`No tag <dbt:${name}> is registered`);
  return def;
}

export function allTags(): TagDef[] {
  return [...tags.values()];
}

export const exprKind = (name: string): ExprKind => tags.get(name)?.expression ?? null;
export const tagShape = (name: string): TagShape | undefined => tags.get(name);

/** Helpers compiled templates reach as `T`: the runtime side of the tag modules. */
export const tagRuntime = {
  ...outputRuntime, ...loopRuntime, ...paramRuntime, ...moduleRuntime, ...switchRuntime, ...tryRuntime, ...dumpRuntime,
  ...queryRuntime, ...queryparamRuntime, ...transactionRuntime, ...responseRuntime,
};
