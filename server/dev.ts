// Dev mode's live reload: a watcher on the site folder forgets what changed (and what
// includes it) so the next request recompiles only that, and tells every open page to reload
// itself through server-sent events.
import { relative, sep } from "node:path";
import type { FastifyInstance } from "fastify";
import { createRequire } from "node:module";
import type { Engine } from "../engine/engine.js";
import { KEPT_OUT } from "./site-files.js";

export const RELOAD_PATH = "/_quarry/reload";

const SCRIPT = `<script>(function(){var s=new EventSource(${JSON.stringify(RELOAD_PATH)});s.onmessage=function(e){if(e.data==="reload")location.reload()};})();</script>`;

export interface DevReload {
  /** Adds the reload script (and `extra`, the debugging panel) before the page's </body>. */
  inject(html: string, extra?: string): string;
  route(app: FastifyInstance): void;
  /** Resolves once the watcher is ready (tests wait for it before editing files). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * `onChange` runs for every change to a template, a `_db/` file or `_schedule.json` (dev flushes query caches and
 * applies new migrations); open pages reload once it is done.
 */
export function devReload(
  engine: Engine,
  log: (line: string) => void,
  onChange: (name: string) => void | Promise<void> = () => {},
): DevReload {
  const clients = new Set<{ write(s: string): unknown }>();
  const broadcast = () => {
    for (const c of clients) c.write("data: reload\n\n");
  };
  // chokidar is loaded here, so quarry start never loads it.
  const { watch } = createRequire(import.meta.url)("chokidar") as typeof import("chokidar");
  const watcher = watch(engine.root, {
    ignoreInitial: true,
    ignored: (p) => KEPT_OUT.test(p),
    // A link out of the site (`up -> ..`, `root -> /`) would have the watcher walk the disk
    // (or loop) before dev serves anything; routing never follows one out either.
    followSymlinks: false,
    awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 },
  });
  // An unreadable folder must not stop dev: say so once per message, go on watching the rest.
  const reported = new Set<string>();
  watcher.on("error", (e) => {
    const message = e instanceof Error ? e.message : String(e);
    if (reported.has(message)) return;
    reported.add(message);
    log(`watcher: ${message} (changes there are not seen)`);
  });
  // chokidar reports the site's symlinks as added during its first scan, ignoreInitial or not.
  let scanned = false;
  const changed = (file: string, removed: boolean) => {
    if (!scanned) return;
    const name = relative(engine.root, file).split(sep).join("/");
    // A component file (Name.cfc) is loaded as templates are: the next `new` reads it again.
    if (name.endsWith(".dbt") || name.endsWith(".cfc")) {
      const names = engine.invalidateWithDependents(name);
      log(`changed ${name}: recompiling ${names.length ? names.join(", ") : name} on next request`);
    } else if (/^quarry\.config\.(json|js)$/.test(name)) {
      log(`changed ${name}: restart quarry dev to apply it`);
    } else if (!removed && /^_db\/[^/]+\.sql$/.test(name)) {
      log(`changed ${name}: applying new migrations`);
    } else log(`changed ${name}`);
    if (name.endsWith(".dbt") || name.endsWith(".cfc") || name.startsWith("_db/") || name === "_schedule.json")
      void Promise.resolve(onChange(name)).then(broadcast, broadcast);
    else broadcast();
  };
  watcher
    .on("add", (f) => changed(f, false))
    .on("change", (f) => changed(f, false))
    .on("unlink", (f) => changed(f, true));
  const ready = new Promise<void>((resolve) =>
    watcher.once("ready", () => {
      scanned = true;
      resolve();
    }),
  );
  return {
    ready,
    inject: (html, extra = "") => {
      const at = html.toLowerCase().lastIndexOf("</body>");
      return at < 0 ? html + extra + SCRIPT : html.slice(0, at) + extra + SCRIPT + html.slice(at);
    },
    route(app) {
      app.get(RELOAD_PATH, (req, reply) => {
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          "content-type": "text/event-stream",
          "cache-control": "no-cache",
          connection: "keep-alive",
        });
        res.write(": connected\n\n");
        clients.add(res);
        req.raw.on("close", () => clients.delete(res));
      });
    },
    async close() {
      for (const c of clients) (c as unknown as { end(): void }).end();
      clients.clear();
      await watcher.close();
    },
  };
}
