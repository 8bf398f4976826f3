// A built folder that `quarry start` serves carries a mark with the serving process's id, so
// `quarry build` refuses to write into it: a worker replaced after the rebuild would serve the
// new build while the others serve the old one (pages 404 on some requests, 200 on others).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const SERVING_MARK = ".quarry-serving";

/** Marks `dist` as served by this process until it exits (a stale mark of a dead process is ignored). */
export function markServing(dist: string): void {
  const file = join(dist, SERVING_MARK);
  writeFileSync(file, `${process.pid}\n`);
  process.on("exit", () => {
    // Only our own: a later quarry start may have marked it since.
    if (servingPid(dist) === process.pid) rmSync(file, { force: true });
  });
}

/** The process id the mark names, or null. */
export function servingPid(dist: string): number | null {
  try {
    const pid = Number(readFileSync(join(dist, SERVING_MARK), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
