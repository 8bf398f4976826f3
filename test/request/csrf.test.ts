// server/request/csrf.ts on its own: which token a POST carries, which paths are exempt, why a
// POST is refused (with the exact message), and the token a page's csrfToken() makes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Tokens from "@fastify/csrf";
import { csrfRefusal, exempt, PageCsrf, postedToken } from "../../server/request/csrf.js";
import { stageServer, type StageServer } from "./harness.js";

const ON = { enabled: true, exempt: ["/hooks/pay", "/api/*"] };
const NO_TOKEN =
  "The request has no valid CSRF token (the form field _csrf or the header X-CSRF-Token, holding what csrfToken() gives); reload the page and send it again";

let s: StageServer;
beforeAll(async () => {
  s = await stageServer((app) => {
    // What the stage says of a POST: its token and its refusal (JSON bodies: fields as sent).
    app.post("/*", async (req) => {
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const refused = csrfRefusal(req, req.url.split("?")[0]!, fields, ON);
      return { token: postedToken(req, fields), refused: refused && [refused.code, refused.status, refused.message] };
    });
  });
});
afterAll(() => s.close());

async function ask(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { token: string | null; refused: [string, number, string] | null };
}

/** A token for a visitor whose cookie holds `secret`, as a page's csrfToken() makes it. */
const tokenFor = (secret: string) =>
  new PageCsrf(secret, () => {
    throw new Error("not consulted for a visitor with a cookie");
  }).token();

describe("the CSRF stage", () => {
  it("takes the token from the X-CSRF-Token header before the _csrf field, the first of a repeated field, nothing else", async () => {
    expect((await ask("/p", { _csrf: "field" }, { "x-csrf-token": "header" })).token).toBe("header");
    expect((await ask("/p", { _csrf: ["one", "two"] })).token).toBe("one");
    expect((await ask("/p", { _csrf: 7 })).token).toBe(null);
    expect((await ask("/p", {})).token).toBe(null);
  });

  it("exempts the listed paths exactly, and those under a trailing *", () => {
    expect(exempt("/hooks/pay", ON.exempt)).toBe(true);
    expect(exempt("/hooks/pay/more", ON.exempt)).toBe(false);
    expect(exempt("/api/", ON.exempt)).toBe(true);
    expect(exempt("/api/a/b", ON.exempt)).toBe(true);
    expect(exempt("/apix", ON.exempt)).toBe(false);
    expect(exempt("/anything", [])).toBe(false);
  });

  it("refuses a POST without a valid token, from another origin, or cross-site, each with its message", async () => {
    expect((await ask("/p", {})).refused).toEqual(["QRY_ERR_CSRF", 403, NO_TOKEN]);
    const secret = "s".repeat(24);
    expect((await ask("/p", { _csrf: tokenFor("t".repeat(24)) }, { cookie: `quarry_csrf=${secret}` })).refused).toEqual(
      ["QRY_ERR_CSRF", 403, NO_TOKEN],
    );
    // A secret of the wrong form is no secret, even with a token made from it.
    expect((await ask("/p", { _csrf: Tokens().create("short") }, { cookie: "quarry_csrf=short" })).refused).toEqual([
      "QRY_ERR_CSRF",
      403,
      NO_TOKEN,
    ]);
    const withToken = { cookie: `quarry_csrf=${secret}`, "x-csrf-token": tokenFor(secret) };
    expect((await ask("/p", {}, { ...withToken, origin: "https://evil.example" })).refused).toEqual([
      "QRY_ERR_CSRF",
      403,
      "A form from another site (Origin https://evil.example) may not post here",
    ]);
    expect((await ask("/p", {}, { ...withToken, "sec-fetch-site": "cross-site" })).refused).toEqual([
      "QRY_ERR_CSRF",
      403,
      "A form from another site may not post here",
    ]);
  });

  it("lets a POST with the token of its cookie's secret run, from this origin too; exempt paths need none", async () => {
    const secret = "A_b-".repeat(6);
    const headers = { cookie: `quarry_csrf=${secret}`, "x-csrf-token": tokenFor(secret) };
    expect((await ask("/p", {}, headers)).refused).toBe(null);
    expect((await ask("/p", {}, { ...headers, origin: s.base })).refused).toBe(null);
    expect((await ask("/p", { _csrf: tokenFor(secret) }, { cookie: `quarry_csrf=${secret}` })).refused).toBe(null);
    expect((await ask("/hooks/pay", {})).refused).toBe(null);
    expect((await ask("/api/x?y=1", {})).refused).toBe(null);
  });

  it("refuses nothing when switched off", async () => {
    const off = await stageServer((app) => {
      app.post("/p", async (req) => csrfRefusal(req, "/p", {}, { enabled: false, exempt: [] }) === null);
    });
    try {
      expect(
        await (await fetch(`${off.base}/p`, { method: "POST", headers: { origin: "https://evil.example" } })).json(),
      ).toBe(true);
    } finally {
      await off.close();
    }
  });
});

describe("a page's csrfToken()", () => {
  it("makes a secret for a visitor without a cookie, once, and one token a request that verifies against it", async () => {
    const asked: string[] = [];
    const csrf = new PageCsrf(undefined, (what) => asked.push(what));
    const token = csrf.token();
    expect(csrf.token()).toBe(token);
    expect(asked).toEqual(["csrfToken() for a visitor without a CSRF cookie"]);
    expect(csrf.newSecret).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const headers = { cookie: `quarry_csrf=${csrf.newSecret}`, "x-csrf-token": token };
    expect((await ask("/p", {}, headers)).refused).toBe(null);
  });

  it("uses the visitor's secret and makes none; a secret of the wrong form is replaced", () => {
    const secret = "k".repeat(32);
    const kept = new PageCsrf(secret, () => {});
    kept.token();
    expect(kept.newSecret).toBe(null);
    const replaced = new PageCsrf("bad secret!", () => {});
    replaced.token();
    expect(replaced.newSecret).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it("after the head has gone, refuses to make a secret (the guard throws), before anything is kept", () => {
    const csrf = new PageCsrf(undefined, (what) => {
      throw new Error(`${what}: too late`);
    });
    expect(() => csrf.token()).toThrow("csrfToken() for a visitor without a CSRF cookie: too late");
    expect(csrf.newSecret).toBe(null);
  });
});
