// Several primary hosts in one URL, as libpq writes them: postgres://u:p@h1:5432,h2:5432/db.
// node-postgres 8.x reads one host only and has no target_session_attrs, so Quarry splits the
// URL into one URL per host and opens the first writable one: the host that last was, then the
// others in the order given. Writable means `transaction_read_only` is off (a replica, or a
// server that came back as one after a failover, says on). Each new connection chooses afresh,
// so once the old primary's connections have broken, the next ones reach the promoted host
// without a restart. A URL with one host is used as it is, unchecked.
import pg from "pg";

/** A postgres:// URL's parts: the scheme, user and password up to the @, the hosts, and the rest. */
function parts(url: string): { scheme: string; auth: string; hosts: string; tail: string } | null {
  const scheme = /^postgres(?:ql)?:\/\//i.exec(url)?.[0];
  if (!scheme) return null;
  const rest = url.slice(scheme.length);
  const end = rest.search(/[/?#]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  const at = authority.lastIndexOf("@");
  return {
    scheme,
    auth: authority.slice(0, at + 1),
    hosts: authority.slice(at + 1),
    tail: end < 0 ? "" : rest.slice(end),
  };
}

/** The URL of each host of `url` (one element: `url` itself when it names a single host). */
export function hostUrls(url: string): string[] {
  const p = parts(url);
  if (!p || !p.hosts.includes(",")) return [url];
  // libpq's own parameter: Quarry always wants the writable host (pg would send it to Postgres).
  const tail = p.tail.replace(/([?&])target_session_attrs=[^&]*&?/, "$1").replace(/[?&]$/, "");
  return p.hosts.split(",").map((h) => `${p.scheme}${p.auth}${h}${tail}`);
}

/** The host and port an URL names, for messages (no user or password). */
export function hostOf(url: string): string {
  return parts(url)?.hosts || "(default host)";
}

/** Thrown by an `open` of firstWritable for a host that answered but takes no writes. */
export class ReadOnlyHost extends Error {
  constructor(url: string) {
    super(`${hostOf(url)} is read-only (a replica)`);
  }
}

/** The index of the host found writable last, per multi-host URL. */
const preferred = new Map<string, number>();

/**
 * Opens `url` with `open`: for a multi-host URL, each host in turn (the one found writable last
 * first) until one opens; `open(hostUrl, true)` must throw ReadOnlyHost for a read-only host.
 * When none does, an Error that names what each host said.
 */
export async function firstWritable<T>(url: string, open: (hostUrl: string, check: boolean) => Promise<T>): Promise<T> {
  const hosts = hostUrls(url);
  if (hosts.length === 1) return open(url, false);
  const start = preferred.get(url) ?? 0;
  const said: string[] = [];
  for (let i = 0; i < hosts.length; i++) {
    const k = (start + i) % hosts.length;
    try {
      const conn = await open(hosts[k]!, true);
      preferred.set(url, k);
      return conn;
    } catch (err) {
      said.push(err instanceof ReadOnlyHost ? err.message : `${hostOf(hosts[k]!)}: ${(err as Error).message}`);
    }
  }
  throw new Error(`no writable host: ${said.join("; ")}`);
}

/**
 * A plain pg.Client (migrations, the guardian's questions) to `url`: with several hosts, the
 * writable one. Errors on the socket after connecting are the caller's to see in its queries.
 */
export function connectClient(url: string, config: Omit<pg.ClientConfig, "connectionString"> = {}): Promise<pg.Client> {
  return firstWritable(url, async (one, check) => {
    const client = new pg.Client({ ...config, connectionString: one });
    client.on("error", () => {});
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (check && (await client.query<{ ro: string }>("SHOW transaction_read_only")).rows[0]!.ro === "on") {
      await client.end().catch(() => {});
      throw new ReadOnlyHost(one);
    }
    return client;
  });
}

/** `url` naming the database `name` instead of its own (its other parameters kept). */
export function withDatabaseName(url: string, name: string): string {
  const p = parts(url);
  if (!p) return url;
  const query = /[?#]/.exec(p.tail);
  return `${p.scheme}${p.auth}${p.hosts}/${encodeURIComponent(name)}${query ? p.tail.slice(query.index) : ""}`;
}
