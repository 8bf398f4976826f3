// Questions the server's guardian asks a Postgres server before starting workers.
import { connectClient } from "./hosts.js";

/**
 * The server's max_connections. When `raiseTo(max)` returns a number, max_connections is
 * raised to it (ALTER SYSTEM: it takes effect when the server restarts) and `raised` is true.
 */
export async function maxConnections(
  url: string,
  raiseTo: (max: number) => number | null,
): Promise<{ max: number; raised: boolean }> {
  // Several hosts: the primary's (hosts.ts).
  const client = await connectClient(url, { connectionTimeoutMillis: 5000 });
  try {
    const max = Number(
      (await client.query<{ max_connections: string }>("SHOW max_connections")).rows[0]!.max_connections,
    );
    const to = raiseTo(max);
    if (to === null) return { max, raised: false };
    await client.query(`ALTER SYSTEM SET max_connections = ${Math.floor(to)}`);
    return { max, raised: true };
  } finally {
    await client.end().catch(() => {});
  }
}
