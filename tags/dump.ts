// <dbt:dump var="#x#" [label="…"]>: a readable HTML rendering of any value, queries included.
import type { TagDef, TagModule } from "./types.js";
import type { RenderContext } from "../engine/context.js";
import * as rt from "../engine/runtime.js";
import { callTag } from "./call.js";
import { componentName } from "../engine/component.js";
import { QueryResult, XmlValue, escapeHtml, isStruct, toStr, typeName } from "../engine/values.js";

const MAX_DEPTH = 8;

function cell(v: unknown, depth: number, seen: Set<unknown>): string {
  const type = typeName(v);
  // An XML document or node: its text.
  if (v instanceof XmlValue) return `<span class="dbt-dump-xml">${escapeHtml(v.toText())}</span>`;
  if (v !== null && typeof v === "object" && !(v instanceof Date) && type !== "string") {
    if (seen.has(v)) return `<span class="dbt-dump-ref">[circular ${type}]</span>`;
    if (depth >= MAX_DEPTH) return `<span class="dbt-dump-ref">[${type}: too deep]</span>`;
    seen.add(v);
    try {
      if (Array.isArray(v)) {
        const rows = v.map((x, i) => `<tr><th>${i + 1}</th><td>${cell(x, depth + 1, seen)}</td></tr>`).join("");
        return `<table class="dbt-dump dbt-dump-array"><caption>array [${v.length}]</caption>${rows}</table>`;
      }
      if (v instanceof QueryResult) {
        const head = `<tr><th>#</th>${v.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr>`;
        const rows = v.rows
          .map(
            (r, i) =>
              `<tr><th>${i + 1}</th>${v.columns.map((c) => `<td>${cell(r[c] ?? null, depth + 1, seen)}</td>`).join("")}</tr>`,
          )
          .join("");
        return `<table class="dbt-dump dbt-dump-query"><caption>query [${v.recordCount} rows]</caption>${head}${rows}</table>`;
      }
      if (isStruct(v)) {
        const rows = Object.keys(v)
          .map((k) => `<tr><th>${escapeHtml(k)}</th><td>${cell(v[k], depth + 1, seen)}</td></tr>`)
          .join("");
        // A component instance: its `this`, captioned with the component's name.
        const inst = componentName(v);
        const caption = inst === undefined ? `struct [${Object.keys(v).length}]` : `component ${escapeHtml(inst)}`;
        return `<table class="dbt-dump dbt-dump-${inst === undefined ? "struct" : "component"}"><caption>${caption}</caption>${rows}</table>`;
      }
      return `<span class="dbt-dump-ref">[${escapeHtml(type)}]</span>`;
    } finally {
      seen.delete(v);
    }
  }
  const text = v === null ? "null" : typeof v === "string" ? v : toStr(v, null);
  return `<span class="dbt-dump-${type}">${escapeHtml(text)}</span>`;
}

export function dump(v: unknown, label: unknown): string {
  const caption =
    label === undefined ? "" : `<strong class="dbt-dump-label">${escapeHtml(rt.toStr(label, null))}</strong>`;
  return `<div class="dbt-dump-block">${caption}${cell(v, 0, new Set())}</div>`;
}

export const dumpTag: TagDef = {
  name: "dump",
  body: "none",
  attributes: { var: { type: "any", required: true }, label: { type: "string" } },
  ...callTag("dumpTag", dumpTagText, ["var", "label"], { output: true }),
};

/** What <dbt:dump> writes to the page. */
export function dumpTagText(_ctx: RenderContext, v: unknown, label: unknown): string {
  return dump(v, label);
}

export const runtime = { dumpTag: dumpTagText };

export default { tags: [dumpTag], runtime } satisfies TagModule;
