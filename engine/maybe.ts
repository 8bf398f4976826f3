// A value now or later. Render paths that never wait stay synchronous (no promise, no
// microtask) and turn into promises only from the first step that must wait (issue 10).
export type Maybe<T> = T | Promise<T>;

/** `f(x)` now, or once `x` has resolved. */
export function andThen<T, U>(x: Maybe<T>, f: (v: T) => Maybe<U>): Maybe<U> {
  return x instanceof Promise ? x.then(f) : f(x);
}

/** Runs `cleanup` after `run`, whether it returns, throws or settles later. */
export function ensure<T>(run: () => Maybe<T>, cleanup: () => void): Maybe<T> {
  let r: Maybe<T>;
  try {
    r = run();
  } catch (e) {
    cleanup();
    throw e;
  }
  if (r instanceof Promise) return r.finally(cleanup);
  cleanup();
  return r;
}
