// A site's link to its other processes (the workers of this machine and the other machines),
// through its default datasource's Postgres (datasources/postgres/cluster.ts):
// - cache flushes: dbt:cache action="flush" and cachedwithin="0", queryCacheFlush() and a
//   query's cachedwithin="0", cacheDelete/cacheRemove/cacheClear apply here at once and are
//   sent on a LISTEN/NOTIFY channel, which every process of the site listens on (one session
//   each, on the directUrl); each applies the others' flushes. A message larger than a NOTIFY
//   may carry becomes a flush of that whole cache. Each time the listener (re)connects, this
//   process empties its caches: what was sent while it was away is lost.
// - dbt:lock scope="cluster": first the lock of this process (so requests of one process queue
//   here, each holding no connection while it waits), then a session advisory lock on a
//   connection of a small pool of its own, keyed by a hash of cluster.name and the lock's name.
import { createHash, randomUUID } from "node:crypto";
import type { ClusterSettings } from "../config/site.js";
import type { Datasource } from "../datasources/datasource.js";
import type { Datasources } from "../datasources/registry.js";
import {
  AdvisoryLocks,
  Listener,
  LockConnectionError,
  LockWaitError as AdvisoryWaitError,
  MAX_PAYLOAD_BYTES,
} from "../datasources/postgres/cluster.js";
import { DatasourceError, RuntimeError, codes } from "../engine/errors.js";
import type { FragmentCache } from "../engine/fragment-cache.js";
import { LockWaitError, type AcquireOptions, type LockManager, type LockMode } from "../engine/locks.js";
import type { ObjectCache } from "../engine/object-cache.js";
import type { CacheEvent, ClusterLink } from "../engine/services.js";
import { wildcard } from "../engine/functions/cache.js";

export interface SiteCaches {
  fragments: FragmentCache;
  objects: ObjectCache;
  queries: Datasources;
}

export interface SiteClusterOptions {
  /** The default datasource: its directUrl (else url) carries the channel and the locks. */
  datasource: Datasource;
  settings: ClusterSettings;
  /** Listen and send cache flushes (the config's cluster.notify, its default resolved). */
  notify: boolean;
  locks: LockManager;
  caches: SiteCaches;
  log: (line: string) => void;
}

/** The channel of a site: one per cluster.name, a valid identifier whatever the name. */
export function channelOf(name: string): string {
  return name === "" ? "quarry_flush" : `quarry_flush_${createHash("sha256").update(name).digest("hex").slice(0, 16)}`;
}

/** The advisory lock key of a named lock: 64 bits of a hash of the site's cluster.name and the name. */
export function lockKeyOf(site: string, name: string): string {
  const h = createHash("sha256").update(`quarry dbt:lock\0${site}\0${name}`).digest();
  return h.readBigInt64BE(0).toString();
}

interface Message {
  /** The process that sent it (its own are skipped). */
  n: string;
  e: CacheEvent;
}

const WHOLE: Record<CacheEvent["kind"], CacheEvent> = {
  fragments: { kind: "fragments", key: null },
  queries: { kind: "queries", key: null },
  objects: { kind: "objects-filter", filter: "" },
  "objects-filter": { kind: "objects-filter", filter: "" },
};

export class SiteCluster implements ClusterLink {
  /** This process, in the messages it sends. */
  readonly node = randomUUID();
  readonly lockScope: "node" | "cluster";
  readonly listener: Listener | null;
  private advisory: AdvisoryLocks | null = null;
  /** Cluster locks each owner (a page) holds now, with how many times, for re-entry. */
  private readonly held = new WeakMap<object, Map<string, number>>();
  /** Flushes heard from other processes (for tests and the debug output). */
  received = 0;

  constructor(private readonly opts: SiteClusterOptions) {
    this.lockScope = opts.settings.lockScope;
    const ds = opts.datasource;
    this.listener = opts.notify
      ? new Listener({
          url: ds.sessionUrl,
          config: ds.config,
          channel: channelOf(opts.settings.name),
          onMessage: (p) => this.receive(p),
          // The first time the caches hold only what this process put there since it started.
          onListen: (first) => {
            if (!first) this.flushAll("the cluster channel was reconnected");
          },
          overflow: JSON.stringify({ n: this.node, e: { kind: "fragments", key: null } } satisfies Message),
          log: opts.log,
        })
      : null;
    this.listener?.start();
  }

  publish(event: CacheEvent): void {
    if (!this.listener) return;
    let payload = JSON.stringify({ n: this.node, e: event } satisfies Message);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
      payload = JSON.stringify({ n: this.node, e: WHOLE[event.kind] } satisfies Message);
    this.listener.send(payload);
  }

  private receive(payload: string): void {
    let m: Message;
    try {
      m = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (m.n === this.node || typeof m.e !== "object" || m.e === null) return;
    this.received++;
    this.apply(m.e);
  }

  /** Applies a flush another process sent. */
  apply(e: CacheEvent): void {
    const c = this.opts.caches;
    switch (e.kind) {
      case "fragments":
        if (e.key === null) c.fragments.clear();
        else c.fragments.delete(String(e.key));
        break;
      case "queries":
        c.queries.forgetCached(e.key === null ? null : String(e.key));
        break;
      case "objects":
        if (Array.isArray(e.ids)) for (const id of e.ids) c.objects.delete(String(id));
        break;
      case "objects-filter":
        for (const id of c.objects.ids()) if (e.filter === "" || wildcard(String(e.filter), id)) c.objects.delete(id);
        break;
    }
  }

  private flushAll(why: string): void {
    const c = this.opts.caches;
    const n = c.fragments.clear() + c.objects.clear() + c.queries.forgetCached(null);
    if (n > 0) this.opts.log(`cluster: ${why}: flushed the ${n} cached entries of this process`);
  }

  async lock(name: string, owner: object, mode: LockMode, opts: AcquireOptions): Promise<() => Promise<void>> {
    const localKey = `cluster:${name}`;
    const started = Date.now();
    // This process's lock first (re-entry and the readonly-then-exclusive refusal come from it).
    const local = await this.opts.locks.acquire(localKey, owner, mode, opts);
    let mine = this.held.get(owner);
    if (!mine) this.held.set(owner, (mine = new Map<string, number>()));
    const depth = mine.get(name) ?? 0;
    const dropLocal = () => {
      const n = mine.get(name)! - 1;
      if (n === 0) mine.delete(name);
      else mine.set(name, n);
      local();
    };
    mine.set(name, depth + 1);
    // Held already by this owner: the advisory lock is too.
    if (depth > 0) return () => Promise.resolve(dropLocal());
    const left = opts.timeoutMs > 0 ? Math.max(1, opts.timeoutMs - (Date.now() - started)) : 0;
    const ds = this.opts.datasource;
    this.advisory ??= new AdvisoryLocks(ds.sessionUrl, ds.config, this.opts.settings.lockConnections, this.opts.log);
    let unlock: () => Promise<void>;
    try {
      unlock = await this.advisory.lock(
        lockKeyOf(this.opts.settings.name, name),
        mode === "readonly",
        left,
        opts.signal ?? null,
      );
    } catch (err) {
      dropLocal();
      if (err instanceof LockConnectionError) {
        if (err.pooled)
          throw new RuntimeError(codes.LOCK, `A cluster lock needs a session of its own: ${err.message}`, null, "lock");
        throw new DatasourceError(ds.name, `Datasource ${ds.name} unavailable for a cluster lock: ${err.message}`);
      }
      if (err instanceof AdvisoryWaitError) throw new LockWaitError(err.reason, err.message);
      throw err;
    }
    return async () => {
      await unlock();
      dropLocal();
    };
  }

  /** Lock connections open now, and lent (held or waited on). */
  lockConnections(): { open: number; lent: number } {
    return { open: this.advisory?.open ?? 0, lent: this.advisory?.lent ?? 0 };
  }

  async close(): Promise<void> {
    await Promise.all([this.listener?.close(), this.advisory?.close()]);
  }
}
