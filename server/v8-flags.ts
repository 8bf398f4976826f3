// V8 settings of the processes that serve: what a request's many short-lived objects need.
import { setFlagsFromString } from "node:v8";

/**
 * The semi-space size (MB) `quarry start` gives its workers: V8's young generation is two of
 * them, 16 MB each by default on 64-bit. With many requests in flight every scavenge finds
 * their objects still alive and copies them, and promotes those it copied before: /fortunes at
 * 256 connections spent 796 ms of 5 s in scavenges with the default, 273 ms with 64 MB (45 MB
 * promoted instead of 147), about +10% requests/s; at 16 connections 4.6 → 2.6 µs a request.
 * It costs up to about 100 MB more memory per worker under load (docs/server.md).
 */
export const SEMI_SPACE_MB = 64;

/** Is a V8 flag (`pattern`: its name, - or _ between words) on the command line or in NODE_OPTIONS? */
function given(pattern: RegExp, execArgv: readonly string[], nodeOptions: string): boolean {
  return pattern.test(`${execArgv.join(" ")} ${nodeOptions}`);
}

/**
 * The node flags a worker of `quarry start` runs with: this process's, and the semi-space size
 * unless the command line or NODE_OPTIONS sets one. V8 reads it only when a process starts, so
 * it is a flag of the worker's command line (the process that forks can no longer change its own).
 */
export function workerExecArgv(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
): string[] {
  if (given(/--max[-_]semi[-_]space[-_]size\b/, execArgv, nodeOptions)) return [...execArgv];
  return [...execArgv, `--max-semi-space-size=${SEMI_SPACE_MB}`];
}

/**
 * Turns off V8's allocation-site pretenuring in this (server) process, unless the command line
 * or NODE_OPTIONS says otherwise. Under load V8 comes to allocate some of a request's objects
 * straight in the old generation; the rest of the request, young and referenced from them,
 * then survives every scavenge until a full collection and is promoted with it: about 7.5 KB of
 * a 40 KB /fortunes request, and 36 of the 40 µs of collection pause per request, against
 * 0.15 KB and 2.6 µs with the flag (node --trace-gc-nvp, 15,000 requests at 16 connections
 * after a warm-up; a page that renders only a string never tripped it). A hand-written route
 * allocates too little per request to trip it.
 */
export function noPretenuring(): void {
  if (!given(/--(no[-_])?allocation[-_]site[-_]pretenuring\b/, process.execArgv, process.env.NODE_OPTIONS ?? ""))
    setFlagsFromString("--no-allocation-site-pretenuring");
}
