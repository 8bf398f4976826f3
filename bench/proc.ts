// What the kernel knows about a process: CPU time (its own and its reaped children's, so a
// CGI front's spawned processes count) and resident memory, read from /proc. Linux only; on
// other systems every figure is null and the report says "n/a".
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";

let ticks = 0;
function clockTicks(): number {
  if (ticks) return ticks;
  try {
    ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    ticks = 100;
  }
  return ticks;
}

interface Stat {
  ppid: number;
  /** utime + stime, µs. */
  self: number;
  /** cutime + cstime (children that exited and were waited for), µs. */
  children: number;
}

function stat(pid: number, file = `/proc/${pid}/stat`): Stat | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: split after its last ')'.
  const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const us = 1e6 / clockTicks();
  return {
    ppid: Number(f[1]),
    self: (Number(f[11]) + Number(f[12])) * us,
    children: (Number(f[13]) + Number(f[14])) * us,
  };
}

export const procAvailable = (): boolean => existsSync("/proc/self/stat");

/** CPU time of a process and of its children that have exited, in µs (null off Linux). */
export function cpuMicros(pid: number): number | null {
  const s = stat(pid);
  return s ? s.self + s.children : null;
}

/**
 * What a process's threads have used: CPU time (µs) of its main thread and of its other threads
 * together (V8's collector and compiler helpers, libuv's pool), and how often the main thread
 * gave up its CPU — `slept` (voluntary: it waited, for the network or a lock, and was woken) and
 * `preempted` (involuntary: another task took the CPU); null off Linux.
 */
export function threadUse(pid: number): { main: number; others: number; slept: number; preempted: number } | null {
  let tids: string[];
  let status: string;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
    status = readFileSync(`/proc/${pid}/task/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  let main = 0;
  let others = 0;
  for (const tid of tids) {
    const used = stat(pid, `/proc/${pid}/task/${tid}/stat`)?.self ?? 0;
    if (Number(tid) === pid) main += used;
    else others += used;
  }
  const slept = /^voluntary_ctxt_switches:\s+(\d+)/m.exec(status);
  const preempted = /^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status);
  if (!slept || !preempted) return null;
  return { main, others, slept: Number(slept[1]), preempted: Number(preempted[1]) };
}

/** Resident set size of a process in MiB. */
export function rssMiB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Resident set size of a process and its live children (a guardian and its workers), in MiB. */
export function treeRssMiB(rootPid: number): number | null {
  const own = rssMiB(rootPid);
  if (own === null) return null;
  let total = own;
  for (const name of readdirSync("/proc")) {
    if (/^\d+$/.test(name) && stat(Number(name))?.ppid === rootPid) total += rssMiB(Number(name)) ?? 0;
  }
  return total;
}

/**
 * CPU time of a Postgres cluster: the postmaster, every live backend under it and the
 * backends that have exited (the postmaster's reaped children), in µs. Only for a cluster on
 * this machine whose postmaster pid we know; also a guardian and its workers.
 */
export function treeCpuMicros(rootPid: number): number | null {
  const root = stat(rootPid);
  if (!root) return null;
  let total = root.self + root.children;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s && s.ppid === rootPid) total += s.self;
  }
  return total;
}

/** The postmaster's pid from a data directory's postmaster.pid. */
export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
