// CFML's names are case-insensitive: variables, scope members, struct keys, query columns. A
// struct keeps each key in the case it was first written with (for output, iteration and
// serializeJSON), and a name in another case finds that key. The exact spelling is tried first,
// so a page that writes its names one way pays nothing; another spelling is found through a
// per-struct index of lower-case keys, made at the first miss and kept by the writes that go
// through noteKey and dropKey.

/** A struct's own key, for the Record<string, unknown> objects the language calls structs. */
type Keyed = Record<string, unknown>;

// eslint-disable-next-line @typescript-eslint/unbound-method -- always invoked as own.call(target, key)
const own = Object.prototype.hasOwnProperty;

/** lower-case key → the key as written, for each struct that has missed a spelling once. */
const FOLDS = new WeakMap<object, Map<string, string>>();

/**
 * From this many keys a struct gets an index (lower-case key → key) at its first miss; a smaller
 * one is scanned, which allocates nothing. An index is kept by every write path that adds keys
 * to an existing struct (noteKey, dropKey); one that no longer knows a key it names is rebuilt.
 */
const INDEX_FROM = 64;

function index(s: Keyed): Map<string, string> {
  const m = new Map<string, string>();
  for (const k in s) if (own.call(s, k)) m.set(k.toLowerCase(), k);
  FOLDS.set(s, m);
  return m;
}

/** Structs made case-sensitive (structNew("casesensitive")): their keys are not folded. */
const CASE_SENSITIVE = new WeakSet<object>();

/** Makes `s` case-sensitive, as CFML's structNew("casesensitive"). */
export function caseSensitive<S extends Keyed>(s: S): S {
  CASE_SENSITIVE.add(s);
  return s;
}

/** The key of `s` that is `key` case-insensitively: `key` itself when `s` has it, else undefined. */
export function keyOf(s: Keyed, key: string): string | undefined {
  return own.call(s, key) ? key : foldedKey(s, key);
}

/** keyOf when `s` is known not to have `key` itself. */
export function foldedKey(s: Keyed, key: string): string | undefined {
  if (CASE_SENSITIVE.has(s)) return undefined;
  const lower = key.toLowerCase();
  if (lower !== key && own.call(s, lower)) return lower;
  const m = FOLDS.get(s);
  if (m === undefined) {
    let n = 0;
    for (const k in s) {
      if (k.length === key.length && k.toLowerCase() === lower && own.call(s, k)) return k;
      n++;
    }
    if (n >= INDEX_FROM) index(s);
    return undefined;
  }
  let k = m.get(lower);
  if (k !== undefined && !own.call(s, k)) k = index(s).get(lower);
  return k !== undefined && own.call(s, k) ? k : undefined;
}

/** Tells the index, if `s` has one, of a key just added. */
export function noteKey(s: Keyed, key: string): void {
  const m = FOLDS.get(s);
  if (m !== undefined && !m.has(key.toLowerCase())) m.set(key.toLowerCase(), key);
}

/** Tells the index, if `s` has one, of a key just deleted. */
function dropKey(s: Keyed, key: string): void {
  const m = FOLDS.get(s);
  if (m !== undefined && m.get(key.toLowerCase()) === key) m.delete(key.toLowerCase());
}

/** Deletes `s`'s key `key` in any case; whether there was one. */
export function deleteKey(s: Keyed, key: string): boolean {
  const k = keyOf(s, key);
  if (k === undefined) return false;
  delete s[k];
  dropKey(s, k);
  return true;
}

/**
 * Before a loop writes its variable `name` straight into the scope `s` (the spelling of its
 * template, Validator.spell): a key that is `name` in another case, set by another template,
 * takes this spelling, so that the scope never holds the name twice.
 */
export function respell(s: Keyed, name: string): void {
  if (own.call(s, name)) return;
  const k = foldedKey(s, name);
  if (k !== undefined) {
    const v = s[k];
    delete s[k];
    dropKey(s, k);
    s[name] = v;
  }
  // Known to the index before the loop adds it without a call.
  noteKey(s, name);
}

/** Does `s` have `name` only in another case? */
export function respelled(s: Keyed, name: string): boolean {
  return !own.call(s, name) && foldedKey(s, name) !== undefined;
}

/** A query's columns by name in any case: what it was asked, and each column by its lower-case form. */
export interface ColumnFold {
  columns: readonly string[];
  length: number;
  /** The answer for each name asked, as asked: no lower-casing on the next ask (a row loop asks each row). */
  asked: Map<string, string | null>;
  lower: Map<string, string>;
}

/** Bounds `asked` for a query asked many computed names. */
const ASKED_MAX = 256;

/** The column of query `q` that is `name` case-insensitively, or undefined. */
export function columnOf(q: { columns: string[]; fold?: ColumnFold }, name: string): string | undefined {
  let f = q.fold;
  // A query's columns change only by queryAddColumn (a push) and queryDeleteColumn (a new array).
  if (f === undefined || f.columns !== q.columns || f.length !== q.columns.length) {
    const lower = new Map<string, string>();
    for (const c of q.columns) if (!lower.has(c.toLowerCase())) lower.set(c.toLowerCase(), c);
    f = q.fold = { columns: q.columns, length: q.columns.length, asked: new Map(), lower };
  }
  let c = f.asked.get(name);
  if (c === undefined) {
    c = f.lower.get(name.toLowerCase()) ?? null;
    if (f.asked.size < ASKED_MAX) f.asked.set(name, c);
  }
  return c ?? undefined;
}

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

/** Keys that reach JavaScript's prototypes, in any case (CFML's names are case-insensitive). */
export function isForbiddenKey(key: string): boolean {
  // Only names of these lengths can be one: no lower-casing of other keys on this hot path.
  return (key.length === 9 || key.length === 11) && FORBIDDEN.has(key.toLowerCase());
}
