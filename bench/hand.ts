// The hand-written baselines: the sample site's benchmarked pages as plain Fastify routes with
// node-postgres and string concatenation, producing byte for byte what the .dbt pages produce
// (the bench checks it before every run). They are the ceiling a template engine is measured
// against. The same connection strategies as Quarry's datasources: a pool, one shared
// connection, a new connection per request, or two connections in node-postgres's pipeline
// mode that every request's queries share (round robin).
import { createHash, randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import pg from "pg";

export type HandStrategy = "pool" | "single" | "per-request" | "pipeline";
/** Connections of the hand-written pipeline strategy (Quarry's pipelineConnections default). */
const PIPELINE_CONNECTIONS = 2;
type Row = Record<string, unknown>;
type Query = (sql: string, params?: unknown[]) => Promise<Row[]>;

/** One request's access to the database, in the chosen strategy. */
export class HandDb {
  private pool: pg.Pool | null = null;
  private client: pg.Client | null = null;
  private pipelined: pg.Client[] = [];
  private next = 0;
  /** Named statements' names by SQL text (see `named`). */
  private readonly names = new Map<string, string>();
  /**
   * `named`: every statement goes as a named prepared statement, as Quarry sends them (the
   * extended protocol: Bind, Describe, Execute, Sync; Parse once a connection — Quarry also
   * describes once a connection, node-postgres every run), where node-postgres sends a
   * statement without values as one simple Query message.
   */
  constructor(
    private readonly url: string,
    readonly strategy: HandStrategy,
    max: number,
    private readonly named = false,
  ) {
    if (strategy === "pool") this.pool = new pg.Pool({ connectionString: url, max });
  }
  async open(): Promise<void> {
    if (this.strategy === "pipeline") {
      this.pipelined = Array.from(
        { length: PIPELINE_CONNECTIONS },
        () => new pg.Client({ connectionString: this.url, pipeline: true }),
      );
      await Promise.all(this.pipelined.map((c) => c.connect()));
      return;
    }
    if (this.strategy !== "single") return;
    this.client = new pg.Client({ connectionString: this.url });
    await this.client.connect();
  }
  /** One statement on `c`: as node-postgres sends it by default, or (`named`) as a named prepared statement. */
  private send(c: pg.Pool | pg.ClientBase, sql: string, params?: unknown[]): Promise<Row[]> {
    let config: pg.QueryConfig = { text: sql, values: params };
    if (this.named) {
      let name = this.names.get(sql);
      if (name === undefined)
        this.names.set(sql, (name = `hand_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`));
      config = { text: sql, values: params, name };
    }
    return c.query<Row>(config).then((r) => r.rows);
  }
  /** Runs fn with a query function; per-request opens one connection for the whole request. */
  async with<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    const on =
      (c: pg.Pool | pg.ClientBase): Query =>
      (sql, params) =>
        this.send(c, sql, params);
    if (this.pool) return fn(on(this.pool));
    if (this.pipelined.length > 0) return fn(on(this.pipelined[this.next++ % this.pipelined.length]!));
    // node-postgres queues queries on one client: requests share it first come, first served.
    if (this.client) return fn(on(this.client));
    const c = new pg.Client({ connectionString: this.url });
    await c.connect();
    try {
      return await fn(on(c));
    } finally {
      await c.end();
    }
  }
  /**
   * A write transaction: `fn`'s statements between BEGIN and COMMIT on one connection (a
   * pool's, the shared one, or the request's own). Pipelined connections are shared by every
   * request at once, so there a hand-written route sends `oneStatement`, the same write as a
   * single statement (Postgres runs each statement in a transaction of its own).
   */
  async transaction(fn: (q: Query) => Promise<void>, oneStatement: string): Promise<void> {
    if (this.pipelined.length > 0) {
      await this.with((q) => q(oneStatement));
      return;
    }
    const pooled = this.pool ? await this.pool.connect() : null;
    const run = async (c: pg.ClientBase) => {
      const q: Query = (sql, params) => this.send(c, sql, params);
      await q("BEGIN");
      try {
        await fn(q);
        await q("COMMIT");
      } catch (err) {
        await q("ROLLBACK");
        throw err;
      }
    };
    if (pooled) {
      try {
        await run(pooled);
      } finally {
        pooled.release();
      }
      return;
    }
    if (this.client) {
      // One shared connection: node-postgres queues each query, so a transaction's statements
      // could interleave with another request's; the single statement keeps them apart.
      await this.with((q) => q(oneStatement));
      return;
    }
    const c = new pg.Client({ connectionString: this.url });
    await c.connect();
    try {
      await run(c);
    } finally {
      await c.end();
    }
  }
  async close(): Promise<void> {
    await this.pool?.end();
    await this.client?.end();
    await Promise.all(this.pipelined.map((c) => c.end()));
  }
}

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const esc = (s: string): string => (/[&<>"']/.test(s) ? s.replace(/[&<>"']/g, (c) => ESC[c]!) : s);

const header = (title: string) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${esc(title)} · Quarry</title>\n<link rel="stylesheet" href="/style.css">\n</head>\n<body>\n<nav><a href="/">Quarry sample site</a></nav>\n<main>\n`;
const FOOTER = "</main>\n</body>\n</html>\n";
const html = (reply: FastifyReply, body: string) => reply.type("text/html; charset=utf-8").send(body);

/**
 * A double-submit CSRF token as the pages print one: a random secret in the visitor's cookie
 * (made when they have none) and a salted hash of it in the form.
 */
function csrfField(req: FastifyRequest, reply: FastifyReply): string {
  let secret = /(?:^|;\s*)hcsrf=([\w-]+)/.exec(req.headers.cookie ?? "")?.[1];
  if (!secret) {
    secret = randomBytes(18).toString("base64url");
    reply.header("set-cookie", `hcsrf=${secret}; Path=/; HttpOnly; SameSite=Lax`);
  }
  const salt = randomBytes(6).toString("base64url");
  return `<input type="hidden" name="_csrf" value="${salt}-${createHash("sha256").update(`${salt}${secret}`).digest("base64url")}">`;
}

/** Sessions as Quarry keeps them: in memory, one per cookieless visitor that stores something. */
class Sessions {
  private readonly map = new Map<string, Row>();
  get(req: FastifyRequest): { id: string | null; data: Row } {
    const id = /(?:^|;\s*)hsid=([\w-]+)/.exec(req.headers.cookie ?? "")?.[1] ?? null;
    const data = id ? this.map.get(id) : undefined;
    return data ? { id, data } : { id: null, data: {} };
  }
  save(reply: FastifyReply, s: { id: string | null; data: Row }): void {
    if (s.id) return;
    const id = randomBytes(18).toString("base64url");
    this.map.set(id, s.data);
    const prev = reply.getHeader("set-cookie");
    const cookie = `hsid=${id}; Path=/; HttpOnly; SameSite=Lax`;
    reply.header(
      "set-cookie",
      prev === undefined ? cookie : [...(Array.isArray(prev) ? prev : [String(prev)]), cookie],
    );
  }
}

function fortunes(app: FastifyInstance, db: HandDb): void {
  app.get("/fortunes", async (_req, reply) => {
    const rows = await db.with((q) => q("SELECT id, message FROM fortune"));
    rows.push({ id: 0, message: "Additional fortune added at request time." });
    rows.sort((a, b) =>
      (a.message as string) < (b.message as string) ? -1 : (a.message as string) > (b.message as string) ? 1 : 0,
    );
    let o =
      "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>";
    for (const r of rows) o += `<tr><td>${r.id as number}</td><td>${esc(r.message as string)}</td></tr>`;
    return html(reply, `${o}</table></body></html>\n`);
  });
}

function authors(app: FastifyInstance, db: HandDb): void {
  app.get("/authors", async (_req, reply) => {
    const rows = await db.with((q) =>
      q("SELECT au_id, au_fname, au_lname, phone, address, city, state, zip, contract FROM author ORDER BY au_id"),
    );
    let o = `${header("Authors")}<h1>Authors</h1>\n<table>\n<tr><th>ID</th><th>First name</th><th>Last name</th><th>Phone</th><th>Address</th><th>City</th><th>State</th><th>Zip</th><th>Contract</th></tr>\n`;
    for (const r of rows) {
      o += `<tr><td>${esc(r.au_id as string)}</td><td>${esc(r.au_fname as string)}</td><td>${esc(r.au_lname as string)}</td><td>${esc(r.phone as string)}</td><td>${esc(r.address as string)}</td><td>${esc(r.city as string)}</td><td>${esc(r.state as string)}</td><td>${esc(r.zip as string)}</td><td>${r.contract ? "Yes" : "No"}</td></tr>\n`;
    }
    return html(reply, `${o}</table>\n${FOOTER}`);
  });
}

function accessLog(app: FastifyInstance, db: HandDb): void {
  app.get("/access-log", async (_req, reply) => {
    const rows = await db.with((q) =>
      q("SELECT host(ip) AS ip, sum(bytes) AS bytes FROM access_log WHERE status = 200 GROUP BY ip ORDER BY ip"),
    );
    let o = `${header("Access log report")}<h1>Bytes sent per address (status 200)</h1>\n<table>\n<tr><th>IP address</th><th>Bytes</th></tr>\n`;
    for (const r of rows) o += `<tr><td>${esc(r.ip as string)}</td><td>${esc(String(r.bytes))}</td></tr>\n`;
    return html(reply, `${o}</table>\n${FOOTER}`);
  });
}

/** Seed 004: password check, the user's attributes, a content file with substitutions. */
function personalised(app: FastifyInstance, db: HandDb): void {
  app.get("/personalised", async (req, reply) => {
    const u = req.query as Record<string, string | undefined>;
    const id = Number(u.user);
    const file = u.file === undefined ? 1 : Number(u.file);
    if (!Number.isInteger(id) || id < 1 || !Number.isInteger(file) || file < 1 || u.password === undefined)
      return reply.code(400).send("bad parameters");
    return db.with(async (q) => {
      const [user] = await q("SELECT password_hash, first_name, last_name, city, plan FROM app_user WHERE id = $1", [
        id,
      ]);
      if (!user || user.password_hash !== createHash("sha256").update(u.password!).digest("hex"))
        return html(reply.code(403), "<p>Unknown user or wrong password.</p>");
      const [content] = await q("SELECT title, body FROM content_file WHERE id = $1", [file]);
      if (!content) return html(reply.code(404), "<p>No such content file.</p>");
      let body = content.body as string;
      for (const f of ["first_name", "last_name", "city", "plan"])
        body = body.replaceAll(`{${f}}`, esc(user[f] as string));
      return html(
        reply,
        `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(content.title as string)}</title></head><body>\n${body}\n</body></html>\n`,
      );
    });
  });
}

/** Seed 003's bulletin board, read side: the next 10 messages, the session remembering the last. */
function board(app: FastifyInstance, db: HandDb, sessions: Sessions): void {
  app.get("/board/", async (req, reply) => {
    const s = sessions.get(req);
    if ((req.query as Record<string, string>).restart === "true" || typeof s.data.boardLastRead !== "number")
      s.data.boardLastRead = 0;
    const rows = await db.with((q) =>
      q("SELECT id, author, body FROM board_message WHERE id > $1 ORDER BY id LIMIT 10", [s.data.boardLastRead]),
    );
    if (rows.length > 0) s.data.boardLastRead = Math.max(...rows.map((r) => r.id as number));
    const csrf = csrfField(req, reply);
    let o = `${header("Bulletin board")}<h1>Bulletin board</h1>\n`;
    for (const r of rows) {
      o += `  <article id="m${r.id as number}"><h2>${esc(r.author as string)}</h2><p>${esc(r.body as string)}</p>\n  <form method="post">${csrf}<input type="hidden" name="action" value="delete"><input type="hidden" name="id" value="${r.id as number}"><button>Delete</button></form></article>\n`;
    }
    o += `  <p>${rows.length} messages. <a href="/board/">Next 10</a> · <a href="/board/?restart=true">From the start</a></p>\n  <form method="post">${csrf}<input type="hidden" name="action" value="create">\n  <input name="author" maxlength="40" placeholder="Your name"> <textarea name="body" maxlength="2000"></textarea> <button>Post</button></form>\n`;
    sessions.save(reply, s);
    return html(reply, o + FOOTER);
  });
}

/**
 * Seed 003's shopping cart, read side: viewing never writes the session (changes are POSTs, which
 * the benchmark does not make); products cached for 5 minutes like the page's cachedwithin.
 */
function cart(app: FastifyInstance, db: HandDb, sessions: Sessions): void {
  let products: { rows: Row[]; at: number } | null = null;
  app.get("/cart", async (req, reply) => {
    const c = (sessions.get(req).data.cart ?? {}) as Record<string, number>;
    if (!products || Date.now() - products.at > 300_000)
      products = { rows: await db.with((q) => q("SELECT id, name, price FROM product ORDER BY id")), at: Date.now() };
    const csrf = csrfField(req, reply);
    let o = `${header("Shopping cart")}<h1>Shopping cart</h1>\n<table>\n<tr><th>Product</th><th>Quantity</th><th>Price</th><th></th></tr>\n`;
    let total = 0;
    for (const p of products.rows) {
      const n = c[p.id as number];
      if (n === undefined) continue;
      total += Number(p.price) * n;
      o += `<tr><td>${esc(p.name as string)}</td><td>${n}</td><td>${(Number(p.price) * n).toFixed(2)}</td><td><form method="post">${csrf}<button name="remove" value="${p.id as number}">Remove</button></form></td></tr>\n`;
    }
    o += `</table>\n<p>Total: ${total.toFixed(2)} (${Object.keys(c).length} products)</p>\n<h2>Products</h2>\n<ul>\n`;
    for (const p of products.rows)
      o += `<li>${esc(p.name as string)}, ${Number(p.price).toFixed(2)} <form method="post">${csrf}<button name="add" value="${p.id as number}">Add to cart</button></form></li>\n`;
    return html(reply, `${o}</ul>\n${FOOTER}`);
  });
}

export interface MandelbrotArea {
  width: number;
  height: number;
  maxiter: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Seed 003's Mandelbrot with the page's loops, in plain JavaScript: the points inside, and the ASCII art. */
export function mandelbrotArt(m: MandelbrotArea, ascii: boolean): { inside: number; art: string } {
  const PALETTE = " .:-=+*#%@";
  const { width: w, height: h, maxiter: max, x0, x1, y0, y1 } = m;
  let inside = 0;
  let art = "";
  for (let row = 0; row <= h - 1; row++) {
    const cy = y0 + ((y1 - y0) * row) / h;
    let line = "";
    for (let col = 0; col <= w - 1; col++) {
      const cx = x0 + ((x1 - x0) * col) / w;
      let zx = 0;
      let zy = 0;
      let n = 0;
      while (n < max && zx * zx + zy * zy <= 4) {
        const t = zx * zx - zy * zy + cx;
        zy = 2 * zx * zy + cy;
        zx = t;
        n++;
      }
      if (n === max) inside++;
      if (ascii) line += n === max ? "@" : PALETTE[n % 9];
    }
    if (ascii) art += `${line}\n`;
  }
  return { inside, art };
}

function mandelbrot(app: FastifyInstance): void {
  app.get("/mandelbrot", async (req, reply) => {
    const u = req.query as Record<string, string | undefined>;
    const num = (k: string, d: number) => (u[k] === undefined ? d : Number(u[k]));
    const m = {
      width: num("width", 72),
      height: num("height", 32),
      maxiter: num("maxiter", 256),
      x0: num("x0", -2.2),
      x1: num("x1", 1),
      y0: num("y0", -1.2),
      y1: num("y1", 1.2),
    };
    return html(reply, mandelbrotPage(m, (u.output ?? "ascii") === "ascii"));
  });
}

/** The sample site's /mandelbrot page, layout included, as plain JavaScript builds it (also bench:render's baseline). */
export function mandelbrotPage(m: MandelbrotArea, ascii: boolean): string {
  const { inside, art } = mandelbrotArt(m, ascii);
  const pre = ascii ? `<pre class="mandelbrot">${esc(art)}</pre>` : "";
  return `${header("Mandelbrot")}<h1>Mandelbrot</h1>\n<p>${m.width} × ${m.height} points, at most ${m.maxiter} iterations each: ${inside} points in the set.</p>\n${pre}\n${FOOTER}`;
}

/** bench/workload-site's pages (bench/workloads.ts): the same output as its .dbt pages. */
function workloads(app: FastifyInstance, db: HandDb): void {
  const int = (v: unknown, dflt: number) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : dflt);
  app.get("/fast", async (_req, reply) => {
    const rows = await db.with((q) => q("SELECT name FROM item WHERE id = 1"));
    return html(reply, `${esc(rows[0]!.name as string)}\n`);
  });
  app.get("/slow", async (req, reply) => {
    const ms = int((req.query as Record<string, unknown>).ms, 50);
    await db.with((q) => q("SELECT pg_sleep($1::float8) AS s", [ms / 1000]));
    return html(reply, "slept\n");
  });
  app.get("/rows", async (req, reply) => {
    const n = int((req.query as Record<string, unknown>).n, 10);
    const rows = await db.with((q) => q("SELECT id, name, price FROM item ORDER BY id LIMIT $1", [n]));
    let o = "<table>";
    for (const r of rows)
      o += `<tr><td>${r.id as number}</td><td>${esc(r.name as string)}</td><td>${esc(r.price as string)}</td></tr>`;
    return html(reply, `${o}</table>\n`);
  });
  app.get("/write", async (_req, reply) => {
    await db.transaction(async (q) => {
      await q("INSERT INTO visit (page) VALUES ('write')");
      await q("SELECT count(*)::int AS n FROM visit WHERE page = 'write'");
    }, "WITH w AS (INSERT INTO visit (page) VALUES ('write') RETURNING 1) SELECT (SELECT count(*) FROM visit WHERE page = 'write')::int + (SELECT count(*) FROM w)::int AS n");
    return html(reply, "ok\n");
  });
}

/** A Fastify app serving every hand-written page of the sample site (`site` holds style.css). */
export async function handApp(site: string, db: HandDb): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: site, serve: false });
  app.get("/style.css", (_req, reply) => reply.sendFile("style.css"));
  const sessions = new Sessions();
  fortunes(app, db);
  authors(app, db);
  accessLog(app, db);
  personalised(app, db);
  board(app, db, sessions);
  cart(app, db, sessions);
  mandelbrot(app);
  workloads(app, db);
  app.addHook("onClose", () => db.close());
  return app;
}
