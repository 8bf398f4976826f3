// systemd readiness, the sd_notify protocol: with `Type=notify` systemd starts the unit, sets
// NOTIFY_SOCKET (a unix datagram socket) and counts the service as started only once it is
// told `READY=1`, so `systemctl restart` returns when the node serves, not when its process
// exists (a rolling restart that went on too early took the whole site down). `STOPPING=1`
// says a shutdown began. Without NOTIFY_SOCKET nothing happens.
//
// Node has no unix datagram sockets; the optional dependency unix-dgram (a small native addon)
// sends them. Where it could not be installed (no compiler), a NOTIFY_SOCKET gets a warning
// and no message: use Type=simple then. Abstract socket names (`@…`) are not supported.
import { createRequire } from "node:module";

interface DgramSocket {
  on(event: "error", fn: (err: Error) => void): void;
  send(buf: Buffer, offset: number, length: number, path: string, cb?: (err?: Error) => void): void;
  close(): void;
}

export interface Notifier {
  /** Sends one state line ("READY=1", "STOPPING=1", "STATUS=…"); errors are logged, never thrown. */
  notify(state: string): void;
}

let socket: DgramSocket | null = null;

/** The notifier for this process: sends to $NOTIFY_SOCKET, or does nothing when it is unset. */
export function systemdNotifier(log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Notifier {
  const path = env.NOTIFY_SOCKET;
  const none: Notifier = { notify: () => {} };
  if (!path) return none;
  if (path.startsWith("@")) {
    log(
      `NOTIFY_SOCKET=${path} is an abstract socket, which Quarry cannot send to: systemd is not told when the server is ready`,
    );
    return none;
  }
  if (!socket) {
    try {
      const dgram = createRequire(import.meta.url)("unix-dgram") as {
        createSocket(type: "unix_dgram"): DgramSocket;
      };
      socket = dgram.createSocket("unix_dgram");
      socket.on("error", (err) => log(`sd_notify: ${err.message}`));
    } catch (err) {
      log(
        `NOTIFY_SOCKET is set but the optional package unix-dgram is not installed (${(err as Error).message.split("\n")[0]}): systemd is not told when the server is ready; install it (it needs a C++ compiler) or use Type=simple`,
      );
      return none;
    }
  }
  const sock = socket;
  return {
    notify(state: string) {
      const buf = Buffer.from(state);
      sock.send(buf, 0, buf.length, path, (err) => {
        if (err) log(`sd_notify ${state}: ${err.message}`);
      });
    },
  };
}
