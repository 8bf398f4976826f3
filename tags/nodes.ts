// A tag node with its tag's data typed: the hot tags whose data the loop plan's analysis walks
// (tags/flow.ts, tags/loop-plan.ts, loop.ts) are narrowed by name, as the registry finds a
// node's TagDef, instead of cast. What other modules act on is declared as TagDef.facts
// (tags/types.ts). Type imports only: no module here loads a tag's module.
import type { Node, TagNode } from "../parser/ast.js";
import type { IfData } from "./if.js";
import type { LoopData } from "./loop.js";
import type { OutputData } from "./output.js";
import type { SetData } from "./set.js";

/** The data each of these tags' validate hook stores in node.data. */
interface TagData {
  loop: LoopData;
  set: SetData;
  if: IfData;
  output: OutputData;
}

/** Is `n` a built-in tag `name` (validated: its data is that tag's)? */
export function isTag<K extends keyof TagData>(n: Node, name: K): n is TagNode<TagData[K]> {
  return n.type === "tag" && !n.custom && n.name === name;
}
