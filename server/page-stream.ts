// dbt:flush on the wire (tags/flush.ts): the first flush sends the response's head and opens a
// chunked body that later flushes and the page's end write to. A page that fails after that
// cannot change its status any more: under quarry dev the error page is written after what was
// sent; in production the connection is cut, so that neither a browser nor a proxy takes the
// truncated page for a complete one.
import { PassThrough } from "node:stream";
import type { FastifyReply } from "fastify";

export class PageStream {
  private readonly body = new PassThrough();

  /** Sends the head the reply holds now (status, headers, cookies) and starts the body. */
  constructor(private readonly reply: FastifyReply) {
    // nginx holds a proxied response in its buffers (proxy_buffering, on by default) until they
    // fill or the response ends, so a flushed part waited for the page's end: this header turns
    // that off for this response only (docs/deploy.md, test/multihost).
    void reply.header("x-accel-buffering", "no");
    void reply.send(this.body);
  }

  /**
   * Writes `text`; a promise when the client must take some first, resolved once it may take
   * more or has gone. A body already destroyed (the client left: the page's signal stops the
   * page) takes nothing: its write would wait for a "close" that has already been.
   */
  write(text: string): Promise<void> | void {
    if (this.body.destroyed || this.body.write(text)) return;
    return new Promise<void>((resolve) => {
      const done = () => {
        this.body.off("drain", done).off("close", done);
        resolve();
      };
      this.body.once("drain", done).once("close", done);
    });
  }

  /** The page's last output: the response ends. */
  end(text: string): void {
    this.body.end(text);
  }

  /** The page failed after a flush: `text` (quarry dev's error page) ends the response, or null cuts the connection. */
  fail(text: string | null): void {
    if (text !== null) return void this.body.end(text);
    // A chunked body without its last chunk is incomplete to any client. A response to HTTP/1.0
    // (nginx's default to its upstreams) has no framing: its body ends where the connection
    // closes, so a close would deliver the truncated page as a complete 200; a reset is an error.
    if (!this.reply.raw.chunkedEncoding) this.reply.raw.socket?.resetAndDestroy();
    this.body.destroy(new Error("the page failed after dbt:flush"));
  }
}
