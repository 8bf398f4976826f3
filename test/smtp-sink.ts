// A real SMTP server for the mail tests (the smtp-server package on a free local port): it
// accepts every message (optionally only after AUTH) and keeps what it received, envelope and
// raw message, so a test can read the mail a page sent.
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  /** The message as sent (headers, blank line, body), line ends CRLF. */
  raw: string;
  /** The user that authenticated, or null. */
  user: string | null;
}

export interface Sink {
  port: number;
  received: Received[];
  /** While true, every message is refused (451 at MAIL FROM), as a mail server that is down for a while. */
  refuse: boolean;
  /** The next message, once it has arrived (those already received count in order). */
  next(): Promise<Received>;
  close(): Promise<void>;
}

export async function smtpSink(auth?: { user: string; pass: string }): Promise<Sink> {
  const received: Received[] = [];
  const waiting: ((r: Received) => void)[] = [];
  let taken = 0;
  const server = new SMTPServer({
    // Plain SMTP on a local port: no STARTTLS (the package's built-in test certificate stays unused).
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    onMailFrom(_address, _session, cb) {
      if (sink.refuse) cb(Object.assign(new Error("Service unavailable, try again later"), { responseCode: 451 }));
      else cb();
    },
    onAuth(a, _session, cb) {
      if (auth && a.username === auth.user && a.password === auth.pass) cb(null, { user: a.username });
      else cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const r: Received = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          user: typeof session.user === "string" ? session.user : null,
        };
        received.push(r);
        waiting.shift()?.(r);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const sink: Sink = {
    port,
    received,
    refuse: false,
    next() {
      const i = taken++;
      if (i < received.length) return Promise.resolve(received[i]!);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}

/** A received message's headers (unfolded, names lower-cased; the first of a repeated one) and body. */
export function parseMessage(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const i = line.indexOf(":");
    const name = line.slice(0, i).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(i + 1).trim();
  }
  return { headers, body: raw.slice(end + 4) };
}
