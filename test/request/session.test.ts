// server/request/session.ts on its own: a visitor's session opened from their signed cookie (or
// fresh), what a page does to it through its functions, what finishing stores and which cookie it
// asks for; the write positions' cookie.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Signer } from "@fastify/cookie";
import { storeKey } from "../../server/session-store.js";
import {
  openSession,
  PageSession,
  sessionStoreKey,
  unsignedSession,
  visitorWrites,
} from "../../server/request/session.js";
import type { Site } from "../../server/site.js";
import { stageServer, type StageServer } from "./harness.js";
import { openTestSite } from "./site.js";

let site: Site;
let closeSite: () => Promise<void>;
let s: StageServer;
let signer: Signer;

/** What one request did: the session it found, what the page's session functions gave, what finishing asked for. */
interface Step {
  found: string | null;
  data: Record<string, unknown>;
  flash: Record<string, unknown> | null;
  key: string;
  cookie: { set: string } | { clear: true } | null;
  owner: string | null;
  guarded: string[];
  storeKey: string | null;
}

beforeAll(async () => {
  ({ site, close: closeSite } = await openTestSite({}));
  signer = await site.signer();
  s = await stageServer((app) => {
    app.get("/step", async (req) => {
      const q = req.query as Record<string, string>;
      const state = await openSession(site, req);
      const found = state.id;
      const data = { ...state.data };
      const session = new PageSession(site, req, state, q.errorPage === "1");
      const guarded: string[] = [];
      const beforeFlush = (what: string) => void guarded.push(what);
      const flash = q.read ? session.getFlash() : null;
      if (q.set) state.data[q.set] = q.value ?? "";
      if (q.flash) session.flash(q.flash, q.value ?? "");
      if (q.rotate) session.rotate(beforeFlush);
      if (q.invalidate) session.invalidate(beforeFlush);
      const key = session.key();
      const cookie = await session.finish();
      return {
        found,
        data,
        flash,
        key,
        cookie,
        owner: session.owner(),
        guarded,
        storeKey: await sessionStoreKey(site, req),
      };
    });
    app.get("/writes", async (req) => (await visitorWrites(site, req)).toString());
    app.get("/id", async (req) => ({ id: await unsignedSession(site, req) }));
  });
});
afterAll(async () => {
  await s?.close();
  await closeSite?.();
});

async function step(query: string, id?: string): Promise<Step> {
  const headers: Record<string, string> = id ? { cookie: `quarry_sid=${signer.sign(id)}` } : {};
  return (await (await fetch(`${s.base}/step?${query}`, { headers })).json()) as Step;
}

describe("the session stage", () => {
  it("gives a visitor without a cookie a fresh session that stores nothing and keys locks by the request", async () => {
    const r = await step("");
    expect(r).toMatchObject({ found: null, data: {}, cookie: null, owner: null, guarded: [], storeKey: null });
    expect(r.key).toMatch(/^request req-\d+$/);
  });

  it("stores what a page sets and names the new session in the cookie; the next request finds it by that cookie", async () => {
    const first = await step("set=name&value=Ada");
    expect(first.cookie).toEqual({ set: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    const id = (first.cookie as { set: string }).set;
    expect(first.owner).toBe(storeKey(id));
    const next = await step("", id);
    expect(next).toMatchObject({ found: id, data: { name: "Ada" }, key: id, cookie: null, owner: storeKey(id) });
    expect(next.storeKey).toBe(storeKey(id));
  });

  it("keeps a flash message for the next page that reads it, once", async () => {
    const id = ((await step("set=x&value=1")).cookie as { set: string }).set;
    await step("flash=note&value=saved", id);
    expect((await step("read=1", id)).flash).toEqual({ note: "saved" });
    expect((await step("read=1", id)).flash).toEqual({});
  });

  it("rotates to a new id with the same data; invalidating clears the cookie and the data", async () => {
    const id = ((await step("set=x&value=1")).cookie as { set: string }).set;
    const rotated = await step("rotate=1", id);
    expect(rotated.guarded).toEqual(["sessionRotate()"]);
    const newId = (rotated.cookie as { set: string }).set;
    expect(newId).not.toBe(id);
    expect((await step("", newId)).data).toEqual({ x: "1" });
    expect((await step("", id)).found).toBe(null);
    const gone = await step("invalidate=1", newId);
    expect(gone).toMatchObject({ cookie: { clear: true }, owner: null, guarded: ["sessionInvalidate()"] });
    expect((await step("", newId)).found).toBe(null);
  });

  it("an error page changes nothing of the session", async () => {
    const id = ((await step("set=x&value=1")).cookie as { set: string }).set;
    expect((await step("errorPage=1&set=y&value=2", id)).cookie).toBe(null);
    expect((await step("", id)).data).toEqual({ x: "1" });
  });

  it("takes no cookie it did not sign: a forged one opens a fresh session", async () => {
    const id = ((await step("set=x&value=1")).cookie as { set: string }).set;
    const forged = { cookie: `quarry_sid=${id}.AAAA` };
    expect(await (await fetch(`${s.base}/id`, { headers: forged })).json()).toEqual({ id: null });
    expect(((await (await fetch(`${s.base}/step`, { headers: forged })).json()) as Step).found).toBe(null);
    const signed = { cookie: `quarry_sid=${signer.sign(id)}` };
    expect(await (await fetch(`${s.base}/id`, { headers: signed })).json()).toEqual({ id });
  });

  it("reads the visitor's write positions from their signed cookie, none from a forged or missing one", async () => {
    const writes = (cookie?: string) =>
      fetch(`${s.base}/writes`, { headers: cookie ? { cookie } : {} }).then((r) => r.text());
    expect(await writes()).toBe("");
    expect(await writes(`quarry_writes=${signer.sign("main:1a2b~other:ff")}`)).toBe("main:1a2b~other:ff");
    expect(await writes("quarry_writes=main:1a2b.forged")).toBe("");
  });
});
