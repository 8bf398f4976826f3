// Quarry commands as real processes: wait for the URL a serving command prints, stop it as an
// operator would.
import type { ChildProcess } from "node:child_process";

/** The URL `quarry dev` / `quarry start` prints once it listens; rejects with its output if it exits first. */
export function listening(child: ChildProcess): Promise<string> {
  let out = "";
  return new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

/** Sends SIGTERM and resolves with the exit code. */
export const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.on("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
