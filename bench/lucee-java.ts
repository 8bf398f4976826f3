// A real Lucee from Maven Central, for the oracle (bench/compat-lucee.ts) and the performance
// peer (bench/lucee-peer.ts): the pinned version, its jars fetched with `mvn dependency:get`
// into ~/.m2, and the harness's Java sources (bench/lucee/*.java) compiled with javac into a
// cache folder named by the source's hash (never committed as classes).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const LUCEE = "org.lucee:lucee:6.2.0.321";
export const LUCEE_VERSION = LUCEE.split(":")[2]!;
/** What Lucee needs besides its own jar (without jsp-api: NoClassDefFoundError javax/servlet/jsp/JspException). */
export const LUCEE_ARTIFACTS = [
  LUCEE,
  "javax.servlet:javax.servlet-api:4.0.1",
  "javax.servlet.jsp:javax.servlet.jsp-api:2.3.3",
  "javax.el:javax.el-api:3.0.0",
];

const SOURCES = fileURLToPath(new URL("../../bench/lucee/", import.meta.url));

/** Fails with what to install when a command is missing. */
export function need(cmds: string[], what: string): void {
  for (const cmd of cmds) {
    const r = spawnSync("sh", ["-c", `command -v ${cmd}`]);
    if (r.status !== 0) throw new Error(`${cmd} is not installed: ${what} needs ${cmds.join(", ")}`);
  }
}

/** ~/.cache/quarry/<tool>/<Lucee version>, made if missing. */
export function luceeCache(tool: string): string {
  const dir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "quarry", tool, LUCEE_VERSION);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The jars of `artifacts` (group:artifact:version) in ~/.m2, fetched with Maven when missing. */
export function classpath(artifacts: string[], log: (s: string) => void): string[] {
  const repo = join(homedir(), ".m2", "repository");
  return artifacts.map((a) => {
    const [group, artifact, version] = a.split(":") as [string, string, string];
    const jar = join(repo, ...group.split("."), artifact, version, `${artifact}-${version}.jar`);
    if (!existsSync(jar)) {
      log(`fetching ${a} with mvn`);
      const r = spawnSync("mvn", ["-q", "-B", "dependency:get", `-Dartifact=${a}`, "-Dtransitive=false"], {
        stdio: ["ignore", "inherit", "inherit"],
      });
      if (r.status !== 0 || !existsSync(jar)) throw new Error(`mvn dependency:get ${a} failed`);
    }
    return jar;
  });
}

export const hash = (s: string): string => createHash("sha1").update(s).digest("hex").slice(0, 10);

/** Compiles bench/lucee/NAME.java into `cache`/classes-HASH; returns that folder. */
export function compileJava(name: string, cache: string, cp: string[], log: (s: string) => void): string {
  const source = join(SOURCES, `${name}.java`);
  const out = join(cache, `classes-${hash(readFileSync(source, "utf8"))}`);
  if (!existsSync(join(out, `${name}.class`))) {
    log(`compiling bench/lucee/${name}.java`);
    mkdirSync(out, { recursive: true });
    const r = spawnSync("javac", ["-nowarn", "-Xlint:-deprecation", "-d", out, "-cp", cp.join(":"), source], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (r.status !== 0) throw new Error(`javac failed on bench/lucee/${name}.java`);
  }
  return out;
}
