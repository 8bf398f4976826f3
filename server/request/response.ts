// The response stage of a page: its status, headers and cookies put on the reply (the session's,
// the write positions', a new CSRF secret's, and those the page set), then its answer: a
// redirect, dbt:content's bytes, the static file _request.dbt ran before, or the page's output.
// With dbt:flush the head goes at the first flush and the output streams (server/page-stream.ts);
// a page that fails after that cannot change its status any more.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Loc } from "../../parser/ast.js";
import { untilStopped } from "../../engine/clock.js";
import { codes, RuntimeError } from "../../engine/errors.js";
import type { PageState } from "../../engine/page.js";
import { panelHtml, type DebugEntry } from "../debug.js";
import { errorPage, errorRecord, errorText, statusOf } from "../error-page.js";
import { PageStream } from "../page-stream.js";
import { SESSION_COOKIE, type CookieAction } from "../session.js";
import type { Served } from "../site.js";
import { CookieJar, cookiesOf } from "./cookies.js";
import { CSRF_COOKIE, PageCsrf } from "./csrf.js";
import { WRITES_COOKIE, WRITES_COOKIE_AGE, type PageSession } from "./session.js";

export class PageReply {
  /** Set by the first dbt:flush: the response's head has gone. */
  stream: PageStream | null = null;

  /** Throws for what needs a cookie once the head has gone (`what` names it). */
  readonly beforeFlush = (what: string): void => {
    if (this.stream)
      throw new RuntimeError(
        codes.FLUSH,
        `${what} after dbt:flush (at ${this.page.flushedAt}): the cookie it needs can no longer be sent; call it before the first flush`,
      );
  };

  /** The page's csrfToken(): a secret it makes goes out as the visitor's cookie. */
  readonly csrf: PageCsrf;

  constructor(
    private readonly served: Served,
    private readonly req: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly page: PageState,
    private readonly session: PageSession,
  ) {
    this.csrf = new PageCsrf(cookiesOf(req)[CSRF_COOKIE], this.beforeFlush);
  }

  /**
   * dbt:flush: the head goes with the first flush, the session stored as it is then (what the
   * page changes after is stored at its end).
   */
  readonly flush = async (text: string, loc: Loc): Promise<void> => {
    const { site } = this.served;
    if (!this.stream) {
      const cookie = await this.session.finish();
      site.sessions.sent(this.session.state, cookie);
      if (site.debug && this.page.trace) this.reply.header("x-quarry-request-id", this.req.id);
      if (this.page.writes?.changed) await this.session.signWrites();
      this.head(cookie);
      this.stream = new PageStream(this.reply);
    }
    // The time a slow client takes counts against the page's limit, and a client that
    // leaves stops the page: a page waiting here may hold a connection, a transaction or a lock.
    const taken = this.stream.write(text);
    if (taken) await untilStopped(this.page, taken, loc);
  };

  /**
   * Only a browser loading a page under quarry dev gets the reload script (and the debugging
   * panel); curl, tests and benchmark clients get the page byte for byte.
   */
  reloads(): boolean {
    const type = this.page.response.contentType ?? "text/html; charset=utf-8";
    return !!this.served.site.dev && type.startsWith("text/html") && this.req.headers["sec-fetch-dest"] === "document";
  }

  /** Answers with the page's output `body` (or ends the stream with it); `file`: the static file it ran before. */
  async send(body: string, cookie: CookieAction, file?: [string, string]): Promise<FastifyReply> {
    const { reply, page } = this;
    if (this.stream) {
      this.stream.end(body);
      return reply;
    }
    if (page.writes?.changed) await this.session.signWrites();
    this.head(cookie);
    const res = page.response;
    if (res.location !== null) return reply.header("location", res.location).send();
    // dbt:content variable: the bytes are the answer (before a static file too: the page ended it).
    if (res.body !== null) return reply.send(Buffer.from(res.body.buffer, res.body.byteOffset, res.body.byteLength));
    // Before a static file, _request.dbt only decides: the file answers unless it ended the request.
    if (file && !page.aborted && res.status === 200) return reply.sendFile(file[0], file[1]);
    return reply.send(body);
  }

  /** A page that failed after dbt:flush sent its head: the status cannot change any more (server/page-stream.ts). */
  failStreamed(stream: PageStream, err: unknown, entry: DebugEntry | null): FastifyReply {
    const { req, served } = this;
    if (req.quarrySignal?.aborted) {
      req.log.info("request cancelled: the client disconnected");
      stream.fail(null);
      return this.reply;
    }
    req.log.error({ err: errorRecord(err) }, "page failed after dbt:flush: connection cut");
    if (served.dev) served.log(errorText(err));
    stream.fail(served.dev ? builtinErrorPage(served, req, err, statusOf(err), entry) : null);
    return this.reply;
  }

  /** Made only for a response that sets a cookie (req.protocol is not free). */
  private secure() {
    return { httpOnly: true, sameSite: "lax", path: "/", secure: this.req.protocol === "https" } as const;
  }

  /** Puts the page's status, headers and cookies on the reply. */
  private head(cookie: CookieAction): void {
    const { reply, page } = this;
    const res = page.response;
    if (res.headers.size > 0) for (const [k, v] of res.headers) reply.header(k, v);
    // After the page's own Set-Cookie headers, as @fastify/cookie's onSend hook put them.
    this.cookies(cookie)?.writeTo(reply);
    reply.code(res.status).type(res.contentType ?? "text/html; charset=utf-8");
  }

  /** The session's cookie, the write positions', a new CSRF secret's and the page's; null (no jar) when none. */
  private cookies(cookie: CookieAction): CookieJar | null {
    const { page } = this;
    const signer = this.session.signer;
    const res = page.response;
    const writes = page.writes?.changed && signer ? signer.sign(page.writes.toString()) : null;
    if (!cookie && writes === null && !this.csrf.newSecret && res.cookies.length === 0) return null;
    const jar = new CookieJar();
    if (cookie && "set" in cookie) jar.set(SESSION_COOKIE, signer!.sign(cookie.set), this.secure());
    if (writes !== null) jar.set(WRITES_COOKIE, writes, { ...this.secure(), maxAge: WRITES_COOKIE_AGE });
    if (cookie && "clear" in cookie) jar.clear(SESSION_COOKIE, this.secure());
    if (this.csrf.newSecret) jar.set(CSRF_COOKIE, this.csrf.newSecret, this.secure());
    for (const c of res.cookies) {
      jar.set(c.name, c.value, {
        expires: c.expires ?? undefined,
        httpOnly: c.httpOnly,
        secure: c.secure,
        sameSite: c.sameSite,
        path: c.path,
        domain: c.domain ?? undefined,
      });
    }
    return jar;
  }
}

/** The built-in error page; for a browser under quarry dev, with the failed request's panel and the reload script. */
export function builtinErrorPage(
  served: Served,
  req: FastifyRequest,
  err: unknown,
  status: number,
  entry: DebugEntry | null,
): string {
  const { site } = served;
  const html = errorPage(err, status, req.id, served.dev);
  if (!site.dev || req.headers["sec-fetch-dest"] !== "document") return html;
  return site.dev.inject(html, (site.sqlCheck?.overlay() ?? "") + (entry ? panelHtml(entry) : ""));
}
