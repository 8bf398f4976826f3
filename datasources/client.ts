// One Postgres connection as Quarry opens it: an `error` listener from the first moment (a
// pg.Client without one takes the process down when Postgres restarts), a `broken` mark that
// keeps it from being reused, and type parsers that give templates numbers for int8.
import pg from "pg";
import type { DatasourceConfig } from "./config.js";

export interface Connection {
  client: pg.Client;
  /** Set when the socket failed; a broken connection is destroyed, never reused. */
  broken: boolean;
}

const INT8 = 20;
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8) {
      return (v: string) => {
        const n = Number(v);
        return Number.isSafeInteger(n) ? n : v;
      };
    }
    return pg.types.getTypeParser(oid, format);
  },
};

/** Opens a connection; rejects with the driver's error when Postgres cannot be reached. */
export async function connect(config: DatasourceConfig, url: string, onError: (err: Error) => void): Promise<Connection> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: config.acquireTimeoutMs,
    statement_timeout: config.statementTimeoutMs || undefined,
    application_name: `quarry:${config.name}`,
    types,
  });
  const conn: Connection = { client, broken: false };
  client.on("error", (err) => {
    conn.broken = true;
    onError(err);
  });
  client.on("end", () => {
    conn.broken = true;
  });
  try {
    await client.connect();
  } catch (err) {
    conn.broken = true;
    client.end().catch(() => {});
    throw err;
  }
  return conn;
}

/** Closes a connection, ignoring a socket that is already gone. */
export async function disconnect(conn: Connection): Promise<void> {
  conn.broken = true;
  await conn.client.end().catch(() => {});
}

/**
 * Errors that mean the connection (or the server) is gone rather than the SQL being wrong:
 * no SQLSTATE at all (socket errors), class 08 (connection exception), or the server
 * shutting down (57P01-57P03).
 */
export function isConnectionError(err: unknown, conn?: Connection): boolean {
  if (conn?.broken) return true;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03";
}
