#!/usr/bin/env node
// Completes package-lock.json with the optional platform packages (rollup's native builds) that
// this machine's registry does not serve. Without an entry per platform, `npm ci` refuses the
// lock ("Missing: @rollup/rollup-android-arm-eabi@ from lock file"). Entries carry the platform
// fields npm uses to skip them, so no machine here ever downloads them; run after `npm install`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const CPU = {
  arm: "arm",
  "arm-eabi": "arm",
  arm64: "arm64",
  x64: "x64",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
};
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const at = `node_modules/${dep}`;
    if (lock.packages[at] || lock.packages[`${path}/${at}`]) continue;
    const m = /^@rollup\/rollup-([a-z0-9]+?)-([a-z0-9]+?)(?:-(gnueabihf|musleabihf|eabi|gnu|musl|msvc))?$/.exec(dep);
    if (!m) throw new Error(`${dep}: not a platform package this script knows; add its entry by hand`);
    const [, os, cpuName, abi] = m;
    const cpu = abi === "eabi" ? "arm" : CPU[cpuName];
    const libc = abi === "gnu" || abi === "gnueabihf" ? ["glibc"] : abi?.startsWith("musl") ? ["musl"] : undefined;
    lock.packages[at] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(libc && os === "linux" ? { libc } : {}),
      license: "MIT",
      optional: true,
      os: [os],
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`lock-platforms: ${added} platform entries added`);
