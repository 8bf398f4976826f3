// A serving command checks its port before it starts the database or migrates: a port already
// taken is said at once, not after Postgres was started and the schema changed for nothing.
// The check connects, it does not listen: a probe that listened for a moment accepted the
// connections a proxy was retrying on this restarting node (nginx sends them as fast as they
// are refused) and reset them when it closed, after nginx had sent the request — a POST that
// then failed with 502. A port bound by a process that does not listen passes the check; the
// server's own listen then fails as before.
import { connect } from "node:net";

/** Where to knock for `host`: a wildcard address is reached on loopback. */
function target(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "::1";
  return host;
}

/** Resolves when nothing answers on `host:port` (port 0 always passes); rejects when something listens. */
export function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const sock = connect({ port, host: target(host) });
    // A host that drops the packets: let the listen decide.
    sock.setTimeout(1000, () => {
      sock.destroy();
      resolve();
    });
    sock.once("connect", () => {
      sock.destroy();
      const shown = host.includes(":") ? `[${host}]` : host;
      const err = new Error(
        `port ${port} on ${shown} is in use by another process: stop it or choose another with --port`,
      ) as NodeJS.ErrnoException;
      err.code = "EADDRINUSE";
      reject(err);
    });
    sock.once("error", () => resolve());
  });
}
