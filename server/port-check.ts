// A serving command checks its port before it starts the database or migrates: a port already
// taken is said at once, not after Postgres was started and the schema changed for nothing.
import { createServer } from "node:net";

/** Resolves when `host:port` can be listened on now (port 0 always can); rejects as listen would. */
export function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (err: NodeJS.ErrnoException) => {
      const shown = host.includes(":") ? `[${host}]` : host;
      if (err.code === "EADDRINUSE")
        err.message = `port ${port} on ${shown} is in use by another process: stop it or choose another with --port`;
      reject(err);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
