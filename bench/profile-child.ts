// Inside a bench server process (server-child.ts, when QUARRY_BENCH_PROFILE is set): V8's CPU
// profiler and sampling heap profiler, started and stopped by the parent over IPC
// (bench/request-path.ts), each stop answered with what the window cost by function — self CPU
// time, and bytes allocated, the objects already collected counted too (allocation is what a
// server pays again in collections). Summed here: a whole profile is megabytes of IPC.
import { Session } from "node:inspector/promises";

/** One function's share of a profiled window. */
export interface FunctionCost {
  name: string;
  cpuUs: number;
  bytes: number;
}

/** What a profiled window cost the server's main thread. */
export interface ProfileSummary {
  functions: FunctionCost[];
  /** Sampled time not idle, and of it V8's collector's. */
  busyUs: number;
  gcUs: number;
  bytes: number;
}

export type ProfileMessage = { profile: "start" } | { profile: "stop" };
export type ProfileReply = { profiling: true } | { profiled: ProfileSummary };

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples?: number[];
  timeDeltas?: number[];
}
interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

/** A short place: a package's file from node_modules, Quarry's from the checkout, a build's template, node's own. */
function place(url: string): string {
  const path = url.replace(/^file:\/\//, "");
  const pkg = path.lastIndexOf("/node_modules/");
  if (pkg >= 0) return path.slice(pkg + "/node_modules/".length);
  const ours = path.lastIndexOf("/build/");
  if (ours >= 0) return path.slice(ours + 1);
  // A compiled template of a build (in a temporary folder): templates/<name>.mjs.
  const template = path.lastIndexOf("/templates/");
  return template >= 0 ? path.slice(template + 1) : path;
}

/** "fn (place:line)"; V8's own entries ("(garbage collector)", "(program)") as they are. */
export function functionName(f: CallFrame): string {
  const fn = f.functionName || "(anonymous)";
  return f.url === "" ? fn : `${fn} (${place(f.url)}:${f.lineNumber + 1})`;
}

export function summarise(cpu: CpuProfile, heap: HeapNode): ProfileSummary {
  const costs = new Map<string, FunctionCost>();
  const cost = (name: string) => {
    let c = costs.get(name);
    if (!c) costs.set(name, (c = { name, cpuUs: 0, bytes: 0 }));
    return c;
  };
  const byId = new Map(cpu.nodes.map((n) => [n.id, functionName(n.callFrame)]));
  const samples = cpu.samples ?? [];
  const deltas = cpu.timeDeltas ?? [];
  let busyUs = 0;
  let gcUs = 0;
  // A sample's time is the gap to the next one (the profiler's own convention).
  for (let i = 0; i < samples.length; i++) {
    const name = byId.get(samples[i]!)!;
    const us = deltas[i + 1] ?? 0;
    if (name === "(idle)") continue;
    busyUs += us;
    if (name === "(garbage collector)") gcUs += us;
    cost(name).cpuUs += us;
  }
  let bytes = 0;
  const walk = (n: HeapNode) => {
    if (n.selfSize > 0) {
      cost(functionName(n.callFrame)).bytes += n.selfSize;
      bytes += n.selfSize;
    }
    for (const c of n.children) walk(c);
  };
  walk(heap);
  return { functions: [...costs.values()], busyUs, gcUs, bytes };
}

/** Answers the parent's start and stop messages with the profilers (see ProfileMessage). */
export function profileOnMessages(): void {
  const session = new Session();
  session.connect();
  process.on("message", (m: ProfileMessage) => {
    void (async () => {
      if (m.profile === "start") {
        await session.post("Profiler.enable");
        await session.post("Profiler.setSamplingInterval", { interval: 100 });
        await session.post("Profiler.start");
        await session.post("HeapProfiler.startSampling", {
          samplingInterval: 1024,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
        process.send!({ profiling: true } satisfies ProfileReply);
      } else if (m.profile === "stop") {
        const { profile: cpu } = await session.post("Profiler.stop");
        const { profile: heap } = await session.post("HeapProfiler.stopSampling");
        const profiled = summarise(cpu, heap.head);
        process.send!({ profiled } satisfies ProfileReply);
      }
    })();
  });
}
