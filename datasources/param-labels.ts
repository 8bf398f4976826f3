// How the bound values of a query were written ("url.id"), kept beside the params array that
// dbt:queryparam fills, so an error Postgres raises about $2 can name it in the template's
// terms. A WeakMap: nothing to clear, and the engine needs no new field for it.
const labels = new WeakMap<unknown[], string[]>();

/** Records the label of the value just pushed onto `params`. */
export function labelParam(params: unknown[], label: string): void {
  const l = labels.get(params);
  if (l) l[params.length - 1] = label;
  else labels.set(params, Object.assign([], { [params.length - 1]: label }));
}

/** The label of $n (1-based), if one was recorded. */
export function paramLabel(params: unknown[], n: number): string | undefined {
  return labels.get(params)?.[n - 1];
}
