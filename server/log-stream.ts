// Where quarry start's JSON lines go: standard output, written the way nginx writes its access
// log with `buffer=… flush=1s`. pino's default destination hands every line to the libuv
// thread pool on its own when no write is under way, so a request at low concurrency paid a
// thread hop, a futex and an eventfd wake-up for its log line: about 70 µs of CPU a request at
// 1 connection and 15 µs at 16 (/fortunes, this 2-core VM; `strace -c` showed 2 futex calls
// and an eventfd write and read per request). Here lines wait in memory until a batch is full,
// the flush interval passes, a warning or worse is written, or the process exits.
import pino from "pino";

/** Lines are written once this many bytes wait (below PIPE_BUF: see MAX_WRITE_BYTES). */
export const LOG_BATCH_BYTES = 3072;
/** A line waits at most this long (a quiet site's lines still show at once to `tail -f`). */
export const LOG_FLUSH_MS = 1000;
/**
 * At most PIPE_BUF bytes a write, whole lines only: a write to a pipe that long is atomic, so
 * the lines of several workers sharing one standard output never interleave mid-line.
 */
const MAX_WRITE_BYTES = 4096;
/** pino's level for warn: from it on, a line is written at once. */
const WARN = 40;

/**
 * The stream for the app's pino logger. Buffered lines are written synchronously when the
 * process exits (pino registers that for the destination), so a stop (SIGTERM, SIGINT) or an
 * uncaught error loses none; a process killed with SIGKILL loses at most LOG_FLUSH_MS of lines.
 */
export function logStream(): pino.DestinationStream {
  const dest = pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    maxWrite: MAX_WRITE_BYTES,
  });
  // A timer only while lines wait (sonic-boom's periodicFlush would run for good, per app).
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    dest.flush();
  };
  // pino tells a stream that asks for it the level of the line it writes next (lastLevel).
  const stream = {
    [pino.symbols.needsMetadataGsym]: true as const,
    lastLevel: 0,
    write(line: string): void {
      dest.write(line);
      if (stream.lastLevel >= WARN) dest.flush();
      else if (!timer) {
        timer = setTimeout(flush, LOG_FLUSH_MS);
        timer.unref();
      }
    },
  };
  return stream;
}
