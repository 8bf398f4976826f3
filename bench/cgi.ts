// Seed 002's cgi-bin, for real: a front server that answers every request by spawning a fresh
// Node process (bench/cgi-page.ts) which loads the precompiled templates, connects to Postgres,
// renders the one page, prints it CGI-style (a Status and Content-Type header, a blank line,
// the body) and exits.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance } from "fastify";

const PAGE = fileURLToPath(new URL("./cgi-page.js", import.meta.url));

function runCgi(
  dist: string,
  databaseUrl: string,
  uri: string,
): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PAGE], {
      env: {
        PATH: process.env.PATH,
        QUARRY_CGI_DIST: dist,
        DATABASE_URL: databaseUrl,
        REQUEST_URI: uri,
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (code) => {
      const all = Buffer.concat(out);
      const split = all.indexOf("\r\n\r\n");
      if (code !== 0 || split < 0)
        return reject(new Error(`cgi process exited with ${code}: ${Buffer.concat(err).toString().slice(0, 500)}`));
      const head = all.subarray(0, split).toString();
      resolve({
        status: Number(/^Status: (\d+)/m.exec(head)?.[1] ?? 200),
        type: /^Content-Type: (.*)$/m.exec(head)?.[1] ?? "text/html; charset=utf-8",
        body: all.subarray(split + 4),
      });
    });
  });
}

export async function cgiFront(dist: string, databaseUrl: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get("/*", async (req, reply) => {
    const r = await runCgi(dist, databaseUrl, req.url);
    return reply.code(r.status).type(r.type).send(r.body);
  });
  return app;
}
