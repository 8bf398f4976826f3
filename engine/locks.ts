// Named reader/writer locks for dbt:lock, held across awaits. A lock is shared by readers
// ("readonly") or held by one writer ("exclusive"); waiters are served first come, first
// served, so a stream of readers cannot starve a writer. An owner (one page request) may take
// a lock it already holds again (nested dbt:lock, a module calling back) without deadlocking
// itself; asking for exclusive while holding readonly is refused, since two owners doing it
// would wait for each other forever. Locks live in one process: a site served by several
// workers has one set per worker (docs/language.md says so).

import type { CancelSignal } from "./cancel.js";

export type LockMode = "readonly" | "exclusive";

/** Why an acquire failed without a lock: the timeout passed, or the owner's signal aborted. */
export class LockWaitError extends Error {
  constructor(
    readonly reason: "timeout" | "aborted" | "upgrade",
    message: string,
  ) {
    super(message);
  }
}

interface Waiter {
  owner: object;
  mode: LockMode;
  grant(): void;
}

interface Lock {
  /** Readers holding the lock, each with how many times it took it. */
  readers: Map<object, number>;
  writer: object | null;
  writerDepth: number;
  queue: Waiter[];
}

export interface LockStats {
  readers: number;
  writer: boolean;
  waiting: number;
}

export interface AcquireOptions {
  /** Give up after this many milliseconds (0: wait until the signal aborts). */
  timeoutMs: number;
  signal?: CancelSignal | null;
}

/** Gives a lock back; calling it again does nothing. */
export type Release = () => void;

export class LockManager {
  private readonly locks = new Map<string, Lock>();

  /** Takes lock `name` for `owner` in `mode`, waiting as long as the options allow. */
  acquire(name: string, owner: object, mode: LockMode, opts: AcquireOptions): Promise<Release> {
    let lock = this.locks.get(name);
    if (!lock) {
      lock = { readers: new Map(), writer: null, writerDepth: 0, queue: [] };
      this.locks.set(name, lock);
    }
    const l = lock;
    // Re-entry: the owner already holds it.
    if (l.writer === owner) {
      l.writerDepth++;
      return Promise.resolve(this.releaser(name, l, owner, "exclusive"));
    }
    if (l.readers.has(owner)) {
      if (mode === "exclusive") {
        return Promise.reject(
          new LockWaitError(
            "upgrade",
            `lock ${JSON.stringify(name)} is held readonly by this owner, who cannot take it exclusive inside that`,
          ),
        );
      }
      l.readers.set(owner, l.readers.get(owner)! + 1);
      return Promise.resolve(this.releaser(name, l, owner, "readonly"));
    }
    if (l.queue.length === 0 && this.free(l, mode)) {
      this.take(l, owner, mode);
      return Promise.resolve(this.releaser(name, l, owner, mode));
    }
    const signal = opts.signal ?? null;
    if (signal?.aborted)
      return Promise.reject(new LockWaitError("aborted", `stopped waiting for lock ${JSON.stringify(name)}`));
    return new Promise<Release>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const waiter: Waiter = {
        owner,
        mode,
        grant: () => {
          done();
          resolve(this.releaser(name, l, owner, mode));
        },
      };
      const giveUp = (err: LockWaitError) => {
        done();
        const i = l.queue.indexOf(waiter);
        if (i >= 0) l.queue.splice(i, 1);
        // A writer that leaves the head of the queue may let the readers behind it in.
        this.grantWaiting(name, l);
        reject(err);
      };
      const onAbort = () => giveUp(new LockWaitError("aborted", `stopped waiting for lock ${JSON.stringify(name)}`));
      if (opts.timeoutMs > 0) {
        timer = setTimeout(
          () =>
            giveUp(
              new LockWaitError(
                "timeout",
                `lock ${JSON.stringify(name)} was not free within ${opts.timeoutMs / 1000} s`,
              ),
            ),
          opts.timeoutMs,
        );
      }
      signal?.addEventListener("abort", onAbort, { once: true });
      l.queue.push(waiter);
    });
  }

  /** Who holds lock `name` and how many wait for it (for tests and the debug output). */
  stats(name: string): LockStats {
    const l = this.locks.get(name);
    return { readers: l?.readers.size ?? 0, writer: !!l?.writer, waiting: l?.queue.length ?? 0 };
  }

  /** How many locks are held or waited for. */
  get size(): number {
    return this.locks.size;
  }

  private free(l: Lock, mode: LockMode): boolean {
    return l.writer === null && (mode === "readonly" || l.readers.size === 0);
  }

  private take(l: Lock, owner: object, mode: LockMode): void {
    if (mode === "exclusive") {
      l.writer = owner;
      l.writerDepth = 1;
    } else l.readers.set(owner, 1);
  }

  private releaser(name: string, l: Lock, owner: object, mode: LockMode): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (mode === "exclusive") {
        if (--l.writerDepth === 0) l.writer = null;
      } else {
        const n = l.readers.get(owner)! - 1;
        if (n === 0) l.readers.delete(owner);
        else l.readers.set(owner, n);
      }
      this.grantWaiting(name, l);
    };
  }

  /** Hands the lock to the waiters at the head of the queue that can have it now. */
  private grantWaiting(name: string, l: Lock): void {
    while (l.queue.length > 0 && this.free(l, l.queue[0]!.mode)) {
      const w = l.queue.shift()!;
      this.take(l, w.owner, w.mode);
      w.grant();
    }
    if (l.writer === null && l.readers.size === 0 && l.queue.length === 0) this.locks.delete(name);
  }
}
