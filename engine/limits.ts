// What one render may use: a leaf module, so the config parser (config/site.ts) can
// read the defaults without the engine.
/** What one render may use; the `limits` section of the site config (docs/server.md, "Limits"). */
export interface Limits {
  /** Iterations one dbt:loop or dbt:output may run before it is stopped with an error. */
  maxIterations: number;
  /** How deeply dbt:module calls (and the calls of user-defined functions) may nest. */
  maxCallDepth: number;
  /** Most elements an array may grow to by index (`dbt:set a[n]`) or from a function. */
  maxArrayLength: number;
  /** Longest string (in UTF-16 code units) that `&`, a function or `dbt:set` may make. */
  maxStringLength: number;
  /** Longest output (in UTF-16 code units) one template run, and the page, may write. */
  maxOutputLength: number;
  /** Deepest nesting `jsonDecode`/`deserializeJSON` read. */
  maxJsonDepth: number;
  /** Most rows one statement may return; past it the statement is cancelled (QRY_ERR_QUERY_LIMIT). */
  maxQueryRows: number;
  /** Most bytes (of the values as the database sends them) one statement may return; past it, cancelled. */
  maxQueryBytes: number;
  /** About how many bytes of queries, arrays, structs and strings one page may hold (QRY_ERR_MEMORY_LIMIT). */
  maxPageBytes: number;
}

export const defaultLimits: Limits = {
  maxIterations: 1_000_000,
  maxCallDepth: 50,
  maxArrayLength: 1_000_000,
  maxStringLength: 16 * 1024 * 1024,
  maxOutputLength: 32 * 1024 * 1024,
  maxJsonDepth: 64,
  maxQueryRows: 100_000,
  maxQueryBytes: 32 * 1024 * 1024,
  maxPageBytes: 128 * 1024 * 1024,
};

/** V8's longest string (2^29 - 24 UTF-16 code units on 64-bit): a limit above it means nothing. */
export const V8_MAX_STRING = 536_870_888;

/** The values each limit may take: past these, a limit no longer protects anything. */
export const limitRanges: Record<keyof Limits, readonly [number, number]> = {
  maxIterations: [1, 1_000_000_000],
  maxCallDepth: [1, 1000],
  maxArrayLength: [1, 100_000_000],
  maxStringLength: [1, V8_MAX_STRING],
  maxOutputLength: [1, V8_MAX_STRING],
  maxJsonDepth: [1, 1000],
  maxQueryRows: [1, 100_000_000],
  maxQueryBytes: [1024, 64 * 1024 ** 3],
  maxPageBytes: [1024 * 1024, 1024 ** 4],
};
