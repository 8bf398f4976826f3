// How the user ran quarry, so the commands we print are ones that will work when pasted.
import { realpathSync } from "node:fs";
import { delimiter, join, relative, sep } from "node:path";

const onPath = (script: string): boolean => {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    try {
      if (realpathSync(join(dir, "quarry")) === script) return true;
    } catch {
      // not in this folder
    }
  }
  return false;
};

/** The command prefix that runs this same quarry: `quarry`, `npx quarry` or `node path/bin/quarry.js`. */
export function invocation(): string {
  const script = process.argv[1] ? realpathSync(process.argv[1]) : "";
  // Run by npx: its PATH holds a temporary folder with this quarry in it, gone when npx exits,
  // so "quarry" would not work when pasted; npx finds it again from the same folder.
  if (process.env.npm_command === "exec") return "npx quarry";
  if (onPath(script)) return "quarry";
  // A project's own node_modules: npx finds it from the project folder.
  if (script.includes(`${sep}node_modules${sep}quarry${sep}`)) return "npx quarry";
  const rel = relative(process.cwd(), script);
  return `node ${rel.startsWith("..") || rel === "" ? script : rel}`;
}
