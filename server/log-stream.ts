// Where quarry start's JSON lines go: standard output, written the way nginx writes its access
// log with `buffer=… flush=1s`. pino's default destination hands every line to the libuv
// thread pool on its own when no write is under way, so a request at low concurrency paid a
// thread hop for its log line (`strace -c` on the server at 1 connection: 5 futex calls, an
// eventfd write and read per request; 0.4 futex calls after), about 12% of the server's CPU
// per /fortunes request on a 2-core VM. Here lines wait in memory until a batch is full,
// the flush interval passes, a warning or worse is written, or the process exits. Each batch is
// written synchronously, as nginx writes its log: an asynchronous write still under way at exit
// was overtaken by the lines written there (sonic-boom's flushSync), so lines came out of
// order, and one could be lost with the thread writing it. A reader of standard output that
// stalls therefore holds the server back once the pipe is full (64 KB, about 300 lines).
import { hostname } from "node:os";
import type { FastifyBaseLogger as Log } from "fastify";
import pino from "pino";

/** Lines are written once this many bytes wait (below PIPE_BUF: see MAX_WRITE_BYTES). */
const LOG_BATCH_BYTES = 3072;
/** A line waits at most this long (a quiet site's lines still show at once to `tail -f`). */
export const LOG_FLUSH_MS = 1000;
/**
 * At most PIPE_BUF bytes a write, whole lines only: a write to a pipe that long is atomic, so
 * the lines of several workers sharing one standard output never interleave mid-line.
 */
const MAX_WRITE_BYTES = 4096;
/** pino's levels: info, and warn, from which on a line is written at once. */
const INFO = 30;
const WARN = 40;
/** pino's own bindings, as its default `base` writes them. */
const BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/** The logger's stream, and the request line's own way in. */
export interface LogStream extends pino.DestinationStream {
  /** Writes one request's line as pino would (see requestLine), without pino's generic path. */
  request(fields: RequestLine): void;
}

/** What a request's line says (docs/server.md, Logging). */
export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  template: string | undefined;
  closed: boolean;
}

/**
 * The stream for the app's pino logger. What waits is written when the process exits, so a
 * stop (SIGTERM, SIGINT) or an uncaught error loses no line; a process killed with SIGKILL
 * loses at most LOG_FLUSH_MS of lines.
 */
export function logStream(): LogStream {
  // Lines wait here, not in sonic-boom: its write measures its last chunk with Buffer.byteLength
  // on every call, which flattens a chunk built by `+=` (a copy of up to 4 KB a request line:
  // 2.4 KB of the ~45 KB /fortunes allocated a request, a sampling heap profile at 64
  // connections). It gets whole batches, written at once (no minLength).
  const dest = pino.destination({ dest: 1, sync: true, maxWrite: MAX_WRITE_BYTES });
  let lines: string[] = [];
  let bytes = 0;
  const writeOut = () => {
    if (lines.length === 0) return;
    const batch = lines.join("");
    lines = [];
    bytes = 0;
    dest.write(batch);
  };
  flushedAtExit({
    flushSync() {
      writeOut();
      dest.flushSync();
    },
  });
  // A timer only while lines wait (sonic-boom's periodicFlush would run for good, per app).
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    writeOut();
  };
  // pino tells a stream that asks for it the level of the line it writes next (lastLevel).
  const stream = {
    [pino.symbols.needsMetadataGsym]: true as const,
    lastLevel: 0,
    write(line: string): void {
      const n = Buffer.byteLength(line);
      // Whole lines, at most MAX_WRITE_BYTES a write (a longer line goes alone).
      if (bytes + n > MAX_WRITE_BYTES) writeOut();
      lines.push(line);
      bytes += n;
      if (stream.lastLevel >= WARN || bytes >= LOG_BATCH_BYTES) writeOut();
      else if (!timer) {
        timer = setTimeout(flush, LOG_FLUSH_MS);
        timer.unref();
      }
    },
    request(f: RequestLine): void {
      stream.lastLevel = INFO;
      stream.write(requestLine(f));
    },
  };
  return stream;
}

/**
 * A request's line, byte for byte what `req.log.info({ method, url, status, ms, template,
 * closed }, "request")` writes (test/logging.test.ts compares them), built directly: one line
 * every request writes, so pino's generic path (the child's bindings, the object's keys walked
 * and serialised one by one) is not worth its cost here.
 */
export function requestLine(f: RequestLine, time = Date.now()): string {
  let line = `{"level":${INFO},"time":${time}${BASE},"reqId":${JSON.stringify(f.reqId)},"method":${JSON.stringify(f.method)},"url":${JSON.stringify(f.url)},"status":${f.status},"ms":${f.ms}`;
  if (f.template !== undefined) line += `,"template":${JSON.stringify(f.template)}`;
  if (f.closed) line += `,"closed":true`;
  return `${line},"msg":"request"}\n`;
}

/** Every stream made here (one per app; tests make many): written out by one exit listener. */
const streams = new Set<{ flushSync(): void }>();
function flushedAtExit(dest: { flushSync(): void }): void {
  if (streams.size === 0)
    process.on("exit", () => {
      for (const d of streams) {
        try {
          d.flushSync();
        } catch {
          // Standard output closed: nothing more can be said.
        }
      }
    });
  streams.add(dest);
}

type Bindings = pino.Bindings;
type ChildOptions = pino.ChildLoggerOptions;

/**
 * Fastify's childLoggerFactory: a request's logger (req.log) made when it is first used. Fastify
 * makes pino's child for every request, and pino serialises the child's bindings ({ reqId }) as
 * it makes it: 1.8% of the server's busy time on /fortunes at one connection (a CPU profile),
 * for a logger almost no request writes to (the request line goes by LogStream.request).
 */
export function lazyChildLogger(parent: Log, bindings: Bindings, opts: ChildOptions): Log {
  return new LazyChild(parent, bindings, opts);
}

class LazyChild {
  #real: Log | null = null;
  constructor(
    private readonly parent: Log,
    private readonly bindings: Bindings,
    private readonly opts: ChildOptions,
  ) {}
  private get real(): Log {
    return (this.#real ??= this.parent.child(this.bindings, this.opts));
  }
  private write(level: pino.Level, args: unknown[]): void {
    (this.real as unknown as Record<pino.Level, (...a: unknown[]) => void>)[level](...args);
  }
  get level(): string {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  fatal(...args: unknown[]): void {
    this.write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.write("error", args);
  }
  warn(...args: unknown[]): void {
    this.write("warn", args);
  }
  info(...args: unknown[]): void {
    this.write("info", args);
  }
  debug(...args: unknown[]): void {
    this.write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.write("trace", args);
  }
  silent(): void {}
  child(bindings: Bindings, opts?: ChildOptions): Log {
    return this.real.child(bindings, opts);
  }
}
