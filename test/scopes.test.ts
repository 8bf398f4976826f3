// The request scopes are built on first read: a page that never reads cookie, cgi, form or url
// pays nothing for them, and a module sees the same request scopes as its caller.
import { describe, expect, it } from "vitest";
import type { FastifyRequest } from "fastify";
import { requestScopes } from "../server/scopes.js";
import { newStruct } from "../engine/values.js";
import { RenderContext, defaultLimits } from "../engine/context.js";

function request(reads: string[]): FastifyRequest {
  const data = {
    query: { id: "7" },
    cookies: { theme: "dark" },
    method: "GET",
    url: "/p?id=7",
    headers: { host: "x" },
    ip: "127.0.0.1",
    hostname: "x",
    protocol: "http",
    body: undefined,
  };
  return new Proxy(data, {
    get: (t, k: string) => (reads.push(k), t[k as keyof typeof t]),
  }) as unknown as FastifyRequest;
}

describe("request scopes", () => {
  it("read nothing of the request until a scope is used, then build it once", () => {
    const reads: string[] = [];
    const scopes = requestScopes(request(reads), {}, newStruct(), newStruct());
    expect(reads).toEqual([]);
    expect(scopes.url).toEqual({ id: "7" });
    expect(reads).toEqual(["query"]);
    expect(scopes.url).toBe(scopes.url);
    expect(reads).toEqual(["query"]);
    expect(scopes.cookie!.theme).toBe("dark");
    expect(reads).toEqual(["query", "cookies"]);
  });

  it("are shared with a module's context", () => {
    const scopes = requestScopes(request([]), {}, newStruct(), newStruct());
    const ctx = new RenderContext(scopes, { siteRoot: ".", renderInto: async () => "" }, defaultLimits);
    const inner = ctx.forModule(newStruct(), newStruct());
    expect(inner.scopes.url).toBe(scopes.url);
    expect(inner.scopes.cgi).toBe(scopes.cgi);
    expect(inner.scopes.variables).not.toBe(scopes.variables);
  });
});
