// What `quarry dev` records of one request for its debugging output: every query and every
// template with its time. Only dev pages carry a Trace; elsewhere `page.trace` is null and the
// hooks cost one null check.
import type { Rendered } from "./context.js";
import { ensure } from "./maybe.js";

export interface QueryTrace {
  datasource: string;
  sql: string;
  params: unknown[];
  rows: number;
  ms: number;
  cached: boolean;
  /** Where in which template the query sits: file:line:col. */
  at: string;
  error?: string;
}

export interface TemplateTrace {
  name: string;
  ms: number;
  /** 0 for the page itself (and _request.dbt), 1 for what it includes, … */
  depth: number;
}

export interface Trace {
  queries: QueryTrace[];
  templates: TemplateTrace[];
  depth: number;
}

export const newTrace = (): Trace => ({ queries: [], templates: [], depth: 0 });

/** Runs one template render, recording its time in the trace when there is one. */
export function traced(trace: Trace | null, name: string, render: () => Rendered): Rendered {
  if (!trace) return render();
  const entry: TemplateTrace = { name, ms: 0, depth: trace.depth };
  trace.templates.push(entry);
  const started = performance.now();
  trace.depth++;
  return ensure(render, () => {
    trace.depth--;
    entry.ms = Math.round((performance.now() - started) * 100) / 100;
  });
}
