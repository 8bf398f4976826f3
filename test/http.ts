// Real servers for the HTTP tests: Fastify with the Quarry plugin on a free port, and a raw
// HTTP client that sends paths exactly as written (fetch would normalise "..").
import { request } from "node:http";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { createApp } from "../server/app.js";
import type { QuarryOptions } from "../server/plugin.js";
import type { Database } from "../server/database.js";
import { datasourcesFor } from "./db.js";

export const TEMPLATES = join(import.meta.dirname, "..", "templates");
export const SAMPLE_SEED = ["001_schema.sql", "002_seed.sql"].map((f) => join(TEMPLATES, "_db", f));

export interface Server {
  app: FastifyInstance;
  base: string;
  close(): Promise<void>;
}

/** A database handle for the plugin that the test owns (the plugin will not stop it). */
export function database(url: string, raw: Record<string, unknown> = {}): Database {
  const datasources = datasourcesFor(url, raw);
  return { datasources, embedded: null, url, stop: () => datasources.close() };
}

export async function startServer(opts: QuarryOptions): Promise<Server> {
  // A test process blocks its event loop for seconds at a time (builds, fuzzing): shedding on
  // event-loop delay would turn that into 503s here. Shedding is tested in request-limits.test.ts.
  const app = await createApp({ log: () => {}, ...opts, server: { maxEventLoopDelayMs: 0, ...opts.server } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await opts.database?.stop();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET (or another method) with the path sent byte for byte. */
export function raw(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path, method: init.method ?? "GET", headers: init.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `fn` until `ok` holds or `ms` pass; returns the last value. */
export async function until<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  let v = await fn();
  while (!ok(v) && Date.now() < end) {
    await sleep(50);
    v = await fn();
  }
  return v;
}

/**
 * A visitor with a cookie jar, as a browser would be: keeps the cookies the server sets, and
 * posts forms with the CSRF token of the last page it read that had one.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  token: string | null = null;
  constructor(readonly base: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has("cookie")) headers.set("cookie", this.cookieHeader);
    const res = await fetch(`${this.base}${path}`, { redirect: "manual", ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      if (attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(i + 1));
    }
    return res;
  }

  /** GETs a page and remembers its form's CSRF token; returns the body. */
  async get(path: string): Promise<string> {
    const body = await (await this.fetch(path)).text();
    const m = /name="_csrf" value="([^"]+)"/.exec(body);
    if (m) this.token = m[1]!;
    return body;
  }

  /** POSTs form fields with the remembered CSRF token. */
  post(path: string, fields: Record<string, string>, init: RequestInit = {}): Promise<Response> {
    return this.fetch(path, {
      method: "POST",
      body: new URLSearchParams({ ...(this.token ? { _csrf: this.token } : {}), ...fields }),
      ...init,
    });
  }
}
