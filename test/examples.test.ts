// The runnable sites of docs/recipes/ (examples/<name>/), served as a user serves them, each
// with a Postgres database of its own: interpreted from the folder (its _db/ migrations
// applied), and compiled by `quarry build` and served by `quarry start` with two workers
// (which applies the migrations itself). Each walks its recipe's path over real HTTP, so the
// recipes cannot rot.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { adminUrl, createDatabase, sql } from "./db.js";
import { Browser, database, sleep, startServer } from "./http.js";
import { listening, stop } from "./process.js";
import { parseMessage, smtpSink } from "./smtp-sink.js";
import { build } from "../server/build.js";
import { migrate } from "../server/migrations.js";

const EXAMPLES = join(import.meta.dirname, "..", "examples");
const bin = join(import.meta.dirname, "..", "bin", "quarry.js");
const MODES = ["interpreted", "compiled"] as const;

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

describe.each([
  ["forms", "forms.md"],
  ["login", "login.md"],
  ["pagination", "pagination.md"],
  ["api", "api.md"],
  ["mail", "mail.md"],
  ["uploads", "uploads.md"],
  ["deploy", "deploy.md"],
])("examples/%s in docs/recipes/%s", (name, recipe) => {
  it("shows every file of the site as it is", () => {
    const text = readFileSync(join(import.meta.dirname, "..", "docs", "recipes", recipe), "utf8");
    const shown = new Map(
      [...text.matchAll(/^File `examples\/([^`]+)`:\n\n```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!]),
    );
    const files = (readdirSync(join(EXAMPLES, name), { recursive: true }) as string[])
      // (.quarry/ is where quarry dev keeps the site's embedded Postgres.)
      .filter((f) => /\.(dbt|sql|json|js)$/.test(f) && !/(^|\/)\./.test(f))
      .map((f) => `${name}/${f}`)
      .sort();
    expect([...shown.keys()].sort()).toEqual(files);
    for (const [file, code] of shown) expect(code, file).toBe(readFileSync(join(EXAMPLES, file), "utf8"));
  });
});

/** Serves examples/<name> in `mode` against a new database; returns its base URL and the database's. */
async function serve(
  name: string,
  mode: (typeof MODES)[number],
  env: Record<string, string> = {},
): Promise<{ base: string; url: string }> {
  const root = join(EXAMPLES, name);
  const url = await createDatabase([], `ex_${name}`);
  if (mode === "interpreted") {
    // (A quarry.config.js reads them when the server loads it.)
    Object.assign(process.env, env);
    await migrate(url, join(root, "_db"));
    const s = await startServer({ root, mode: "interpreted", database: database(url) });
    closers.push(() => s.close());
    return { base: s.base, url };
  }
  const out = join(mkdtempSync(join(tmpdir(), `quarry-example-${name}-`)), "dist");
  expect(build(root, out).errors).toEqual([]);
  const child: ChildProcess = spawn(process.execPath, [bin, "start", out, "--workers", "2", "--port", "0"], {
    env: { ...process.env, ...env, DATABASE_URL: url, LOG_LEVEL: "silent" },
  });
  closers.push(() => stop(child));
  return { base: await listening(child), url };
}

/** The text of the page's first element matching `re` (a class="notice"/"error" line), or null. */
const notice = (body: string) => /<p class="notice">([^<]*)<\/p>/.exec(body)?.[1] ?? null;
const errors = (body: string) => [...body.matchAll(/<span class="error">([^<]*)<\/span>/g)].map((m) => m[1]);

describe.each(MODES)("examples/forms (%s): docs/recipes/forms.md", (mode) => {
  it("shows a bad post again with a message per field and what was typed; a good one redirects and flashes once", async () => {
    const { base, url } = await serve("forms", mode);
    const b = new Browser(base);
    const first = await b.get("/sign");
    expect(first).toContain(`<label>Name <input name="name" value="" maxlength="80"></label>\n\n`);
    expect(errors(first)).toEqual([]);

    const bad = await b.post("/sign", { name: "", email: "ann@", body: `"><script>alert(1)</script>` });
    const badBody = await bad.text();
    expect(bad.status).toBe(422);
    expect(errors(badBody)).toEqual([
      "Please tell us your name (at most 80 characters)",
      "That does not look like an email address",
    ]);
    expect(badBody).toContain(`<p class="error">Please correct 2 field(s).</p>`);
    expect(badBody).toContain(`<input name="email" type="email" value="ann@">`);
    // What was typed comes back escaped: the field shows it as text.
    expect(badBody).toContain(
      `<textarea name="body" maxlength="2000">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>`,
    );
    expect(badBody).not.toContain("<script>");
    expect(await sql(url, "SELECT count(*)::int AS n FROM entry")).toEqual([{ n: 0 }]);

    const huge = await b.post("/sign", { name: "Ann", email: "ann@example.com", body: "x".repeat(5000) });
    expect([huge.status, errors(await huge.text())]).toEqual([422, ["Write a message of at most 2,000 characters"]]);

    const good = await b.post("/sign", { name: "Ann <Lee>", email: "ann@example.com", body: "Hello & welcome" });
    expect([good.status, good.headers.get("location")]).toEqual([303, "/"]);
    const home = await b.get("/");
    expect(notice(home)).toBe("Thank you, Ann &lt;Lee&gt;: your entry is in the book.");
    expect(home).toContain("<article><h2>Ann &lt;Lee&gt;</h2><p>Hello &amp; welcome</p></article>");
    // Shown once: a reload has no message, the entry stays.
    const again = await b.get("/");
    expect(notice(again)).toBe(null);
    expect(again).toContain("<article><h2>Ann &lt;Lee&gt;</h2>");
    expect(await sql(url, "SELECT name, email, body FROM entry")).toEqual([
      { name: "Ann <Lee>", email: "ann@example.com", body: "Hello & welcome" },
    ]);
  });

  it("refuses a post without the CSRF token", async () => {
    const { base } = await serve("forms", mode);
    const res = await fetch(`${base}/sign`, {
      method: "POST",
      body: new URLSearchParams({ name: "x", email: "x@example.com", body: "x" }),
    });
    expect(res.status).toBe(403);
  });
});

describe.each(MODES)("examples/login (%s): docs/recipes/login.md", (mode) => {
  it("registers, refuses a wrong password, signs in with a new session id, and signs out", async () => {
    const { base, url } = await serve("login", mode);
    const b = new Browser(base);
    const sid = () => b.cookies.get("quarry_sid");

    // The members' page sends a visitor to the login, with a message and the way back.
    const guarded = await b.fetch("/members/");
    expect([guarded.status, guarded.headers.get("location")]).toEqual([303, "/login?next=%2Fmembers%2F"]);
    expect(notice(await b.get("/login?next=%2Fmembers%2F"))).toBe("Please sign in first.");
    // However the path is spelt, the page is not run for a visitor who is not signed in.
    for (const path of ["/members", "/%6Dembers/", "/%6dembers/index", "/members/index?x=1"]) {
      const res = await b.fetch(path);
      expect([path, res.status, res.headers.get("location")]).toEqual([path, 303, "/login?next=%2Fmembers%2F"]);
    }

    await b.get("/register");
    const bad = await b.post("/register", { name: "Ada", email: "ada@", password: "short" });
    const badBody = await bad.text();
    expect(bad.status).toBe(422);
    expect(errors(badBody)).toEqual([
      "That does not look like an email address",
      "Choose a password of 10 to 200 characters",
    ]);
    expect(badBody).toContain(`<input name="name" value="Ada">`);
    expect(badBody).not.toContain("short");

    const made = await b.post("/register", { name: "Ada", email: "Ada@Example.com", password: "correct horse" });
    expect([made.status, made.headers.get("location")]).toEqual([303, "/login"]);
    expect(notice(await b.get("/login"))).toBe("Your account is ready: please sign in.");
    const [row] = await sql<{ password_hash: string }>(url, "SELECT password_hash FROM account");
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    await b.get("/register");
    const twice = await b.post("/register", { name: "Eve", email: "ada@example.com", password: "0123456789" });
    expect([twice.status, errors(await twice.text())]).toEqual([
      422,
      ["There is already an account with this email address"],
    ]);

    await b.get("/login");
    for (const [email, password] of [
      ["ada@example.com", "wrong password"],
      ["nobody@example.com", "correct horse"],
    ]) {
      const wrong = await b.post("/login?next=%2Fmembers%2F", { email: email!, password: password! });
      const body = await wrong.text();
      expect([wrong.status, /<p class="error">([^<]*)<\/p>/.exec(body)?.[1]]).toEqual([
        401,
        "Wrong email or password.",
      ]);
      expect(body).toContain(`<input name="email" type="email" value="${email}">`);
    }
    expect((await b.fetch("/members/")).status).toBe(303);
    await b.get("/login");

    const before = sid();
    expect(before).toBeDefined();
    const ok = await b.post("/login?next=%2Fmembers%2F", { email: "ADA@example.com", password: "correct horse" });
    expect([ok.status, ok.headers.get("location")]).toEqual([303, "/members/"]);
    expect(sid()).not.toBe(before);
    const members = await b.get("/members/");
    expect(notice(members)).toBe("Welcome back, Ada.");
    expect(members).toContain("<h1>Hello, Ada</h1><p>You are signed in as Ada@Example.com.</p>");
    // The id from before the login (one an attacker could have planted) reads nothing.
    const planted = new Browser(base);
    planted.cookies.set("quarry_sid", before!);
    expect((await planted.fetch("/members/")).status).toBe(303);

    // A link elsewhere is refused, not followed.
    expect((await b.fetch("/login?next=%2F%2Fevil.example%2F")).status).toBe(400);

    // Signing out is a POST with the token; afterwards the members' page is closed again.
    const signedIn = sid();
    const out = await b.post("/logout", {});
    expect([out.status, out.headers.get("location")]).toEqual([303, "/"]);
    expect(sid()).not.toBe(signedIn);
    expect(notice(await b.get("/"))).toBe("You are signed out.");
    expect((await b.fetch("/members/")).status).toBe(303);
    const old = new Browser(base);
    old.cookies.set("quarry_sid", signedIn!);
    expect((await old.fetch("/members/")).status).toBe(303);
  });
});

/** The text of `body` from the first `start` to the next `end` after it, both included ("" when absent). */
function between(body: string, start: string, end: string): string {
  const i = body.indexOf(start);
  const j = i === -1 ? -1 : body.indexOf(end, i);
  return j === -1 ? "" : body.slice(i, j + end.length);
}

describe.each(MODES)("examples/pagination (%s): docs/recipes/pagination.md", (mode) => {
  it("pages through the table with numbered links; a hostile ?page is a 400 naming it, a page past the end a 404", async () => {
    const { base } = await serve("pagination", mode);
    const page = async (path: string) => {
      const res = await fetch(base + path);
      const body = await res.text();
      return {
        status: res.status,
        items: [...body.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]),
        nav: between(body, '<nav class="pages">', "</nav>"),
        error: /<p class="error">([^<]*)<\/p>/.exec(body)?.[1] ?? null,
      };
    };
    const first = await page("/");
    expect(first.status).toBe(200);
    expect(first.items).toEqual(
      Array.from({ length: 10 }, (_, i) => `Product ${i + 1}: ${((i + 1) * 1.25).toFixed(2)}`),
    );
    expect(first.nav).toBe(
      '<nav class="pages">\n<strong>1</strong><a href="/?page=2">2</a><a href="/?page=3">3</a><a href="/?page=4">4</a><a href="/?page=5">5</a>\n<a href="/?page=2" rel="next">Next</a>\n</nav>',
    );
    expect(await page("/?page=1")).toEqual(first);
    const second = await page("/?page=2");
    expect([second.items[0], second.items[9]]).toEqual(["Product 11: 13.75", "Product 20: 25.00"]);
    expect(second.nav).toBe(
      '<nav class="pages">\n<a href="/?page=1" rel="prev">Previous</a>\n<a href="/?page=1">1</a><strong>2</strong><a href="/?page=3">3</a><a href="/?page=4">4</a><a href="/?page=5">5</a>\n<a href="/?page=3" rel="next">Next</a>\n</nav>',
    );
    const last = await page("/?page=5");
    expect(last.items).toEqual([
      "Product 41: 51.25",
      "Product 42: 52.50",
      "Product 43: 53.75",
      "Product 44: 55.00",
      "Product 45: 56.25",
    ]);
    expect(last.nav).toBe(
      '<nav class="pages">\n<a href="/?page=4" rel="prev">Previous</a>\n<a href="/?page=1">1</a><a href="/?page=2">2</a><a href="/?page=3">3</a><a href="/?page=4">4</a><strong>5</strong>\n</nav>',
    );

    for (const [query, status, error] of [
      ["page=-1", 400, "Parameter url.page must be at least 1"],
      ["page=0", 400, "Parameter url.page must be at least 1"],
      ["page=abc", 400, "Parameter url.page must be an integer, got &quot;abc&quot;"],
      ["page=1.5", 400, "Parameter url.page must be an integer, got &quot;1.5&quot;"],
      ["page=99999999999999", 400, "Parameter url.page must be an integer, got &quot;99999999999999&quot;"],
      ["page=100001", 400, "Parameter url.page must be at most 100000"],
      ["page=2&page=3", 400, "Parameter url.page must be an integer, got array"],
      ["page=1%27%20OR%201=1", 400, "Parameter url.page must be an integer, got &quot;1&#39; OR 1=1&quot;"],
      ["page=6", 404, "There is no page 6: the last one is 5"],
      ["page=100000", 404, "There is no page 100000: the last one is 5"],
    ] as const) {
      const res = await page(`/?${query}`);
      expect([query, res.status, res.error, res.items]).toEqual([query, status, error, []]);
    }

    // Keyset paging: follow "More" to the end; every row once, in order.
    const seen: string[] = [];
    const links: string[] = [];
    for (let path: string | null = "/feed"; path !== null;) {
      const body = await (await fetch(base + path)).text();
      seen.push(...[...body.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]!));
      path = /<a href="([^"]+)" rel="next">More<\/a>/.exec(body)?.[1] ?? null;
      if (path) links.push(path);
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `Product ${i + 1}`));
    expect(links).toEqual(["/feed?after=10", "/feed?after=20", "/feed?after=30", "/feed?after=40"]);
    expect((await page("/feed?after=-5")).error).toBe("Parameter url.after must be at least 0");
  });
});

describe.each(MODES)("examples/api (%s): docs/recipes/api.md", (mode) => {
  it("answers JSON with its status codes, reads JSON bodies, takes an API key on /api/ and the CSRF header elsewhere", async () => {
    const { base, url } = await serve("api", mode);
    const KEY = { authorization: "Bearer demo-key-change-me", "content-type": "application/json" };
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(base + path, init);
      const text = await res.text();
      return {
        status: res.status,
        type: res.headers.get("content-type"),
        location: res.headers.get("location"),
        // Each answer is one line of JSON.
        body: text.endsWith("\n") ? text.slice(0, -1) : `${text} (no newline at the end)`,
      };
    };
    const JSON_TYPE = "application/json; charset=utf-8";
    const post = (path: string, body: string, headers: Record<string, string> = KEY) =>
      call(path, { method: "POST", headers, body });
    const refused = (status: number, code: string, message: string) => ({
      status,
      type: JSON_TYPE,
      location: null,
      body: JSON.stringify({ status, code, message }),
    });

    expect(await call("/api/notes")).toEqual({ status: 200, type: JSON_TYPE, location: null, body: "[]" });
    expect(await post("/api/notes", JSON.stringify({ title: "Buy <milk>" }))).toEqual({
      status: 201,
      type: JSON_TYPE,
      location: "/api/note?id=1",
      body: '{"id":1,"title":"Buy <milk>","done":false}',
    });
    expect((await post("/api/notes", JSON.stringify({ title: "Call Ann", done: true }))).body).toBe(
      '{"id":2,"title":"Call Ann","done":true}',
    );
    expect((await call("/api/notes")).body).toBe(
      '[{"id":1,"title":"Buy <milk>","done":false},{"id":2,"title":"Call Ann","done":true}]',
    );
    expect(await call("/api/note?id=1")).toEqual({
      status: 200,
      type: JSON_TYPE,
      location: null,
      body: '{"id":1,"title":"Buy <milk>","done":false}',
    });
    expect((await post("/api/note?id=1", JSON.stringify({ done: true }))).body).toBe(
      '{"id":1,"title":"Buy <milk>","done":true}',
    );
    expect((await post("/api/note?id=2", JSON.stringify({ title: "Call Bob" }))).body).toBe(
      '{"id":2,"title":"Call Bob","done":true}',
    );

    // Refusals, each a status and a JSON body naming the reason.
    expect(await call("/api/note?id=9")).toEqual(refused(404, "QRY_ERR_THROW", "There is no note 9"));
    expect(await call("/api/note?id=x")).toEqual(
      refused(400, "QRY_ERR_PARAM", 'Parameter url.id must be an integer, got "x"'),
    );
    expect(await post("/api/notes", JSON.stringify({ title: "" }))).toEqual(
      refused(400, "QRY_ERR_PARAM", "Parameter form.title must not be empty"),
    );
    expect(await post("/api/notes", JSON.stringify({ title: ["a"] }))).toEqual(
      refused(400, "QRY_ERR_PARAM", "Parameter form.title must be a string, got array"),
    );
    expect(await post("/api/note?id=2", JSON.stringify({ done: "maybe" }))).toEqual(
      refused(400, "QRY_ERR_PARAM", 'Parameter form.done must be a boolean, got "maybe"'),
    );
    expect(await post("/api/notes", "{bad")).toEqual(
      refused(400, "QRY_ERR_BAD_REQUEST", "Body is not valid JSON but content-type is set to 'application/json'"),
    );
    const noKey = await fetch(`${base}/api/notes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect([noKey.status, noKey.headers.get("www-authenticate"), await noKey.text()]).toEqual([
      401,
      "Bearer",
      JSON.stringify({
        status: 401,
        code: "QRY_ERR_THROW",
        message: "Send a valid API key as Authorization: Bearer <key>",
      }) + "\n",
    ]);
    expect((await post("/api/notes", "{}", { ...KEY, authorization: "Bearer demo-key-change-me!" })).status).toBe(401);
    expect(
      await post("/api/notes", "title=x", { authorization: KEY.authorization, "content-type": "text/plain" }),
    ).toEqual(refused(415, "QRY_ERR_THROW", "Send the body as application/json"));
    expect(await call("/api/notes", { method: "DELETE", headers: KEY })).toEqual(
      refused(405, "QRY_ERR_METHOD", "DELETE is not allowed here: pages answer GET, HEAD and POST"),
    );
    expect(await sql(url, "SELECT id, title, done FROM note ORDER BY id")).toEqual([
      { id: 1, title: "Buy <milk>", done: true },
      { id: 2, title: "Call Bob", done: true },
    ]);

    // The site's own script: /done is not exempt, so it needs the token (as X-CSRF-Token) and this site's Origin.
    await post("/api/notes", JSON.stringify({ title: "Water plants" }));
    const b = new Browser(base);
    const home = await b.get("/");
    expect(home).toContain('<li>Water plants <button data-id="3">Done</button></li>');
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(home)![1]!;
    const headers = { "content-type": "application/json", accept: "application/json" };
    const noToken = await b.fetch("/done", { method: "POST", headers, body: '{"id":3}' });
    expect([noToken.status, await noToken.text()]).toEqual([
      403,
      JSON.stringify({
        status: 403,
        code: "QRY_ERR_CSRF",
        message:
          "The request has no valid CSRF token (the form field _csrf or the header X-CSRF-Token, holding what csrfToken() gives); reload the page and send it again",
      }) + "\n",
    ]);
    const foreign = await b.fetch("/done", {
      method: "POST",
      headers: { ...headers, "x-csrf-token": token, origin: "https://evil.example" },
      body: '{"id":3}',
    });
    expect(foreign.status).toBe(403);
    const done = await b.fetch("/done", {
      method: "POST",
      headers: { ...headers, "x-csrf-token": token },
      body: '{"id":3}',
    });
    expect([done.status, await done.text()]).toEqual([200, '{"id":3,"title":"Water plants","done":true}\n']);
    expect(await b.get("/")).toContain("<li>Water plants (done)</li>");
  });
});

describe.each(MODES)("examples/mail (%s): docs/recipes/mail.md", (mode) => {
  it("saves a message, mails it to the desk and a receipt to the visitor; a mail server that is down loses nothing", async () => {
    const sink = await smtpSink();
    closers.push(() => sink.close());
    const { base, url } = await serve("mail", mode, { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port) });
    const b = new Browser(base);
    await b.get("/");
    const bad = await b.post("/", { name: "Ann", email: "ann@example.com, evil@example.net", body: "Hi" });
    expect([bad.status, errors(await bad.text())]).toEqual([422, ["That does not look like an email address"]]);

    const good = await b.post("/", { name: "Ann <Lee>", email: "ann@example.com", body: "Where is my order?\n#42" });
    expect([good.status, good.headers.get("location")]).toEqual([303, "/"]);
    expect(notice(await b.get("/"))).toBe("Thank you, Ann &lt;Lee&gt;: we will answer by mail.");
    const mails = [await sink.next(), await sink.next()].map((m) => {
      const { headers, body } = parseMessage(m.raw);
      return {
        envelope: [m.envelopeFrom, ...m.envelopeTo],
        headers: [headers.from, headers.to, headers["reply-to"], headers.subject, headers["content-type"]],
        body,
      };
    });
    expect(mails).toEqual([
      {
        envelope: ["shop@example.com", "desk@example.com"],
        headers: [
          "Example Shop <shop@example.com>",
          "Help desk <desk@example.com>",
          "ann@example.com",
          "Contact message 1",
          "text/plain; charset=utf-8",
        ],
        body: "Ann <Lee> (ann@example.com) wrote:\r\n\r\nWhere is my order?\r\n#42\r\n",
      },
      {
        envelope: ["shop@example.com", "ann@example.com"],
        headers: [
          "Example Shop <shop@example.com>",
          "ann@example.com",
          undefined,
          "We have your message",
          "text/plain; charset=utf-8",
        ],
        body: "Hello Ann <Lee>,\r\n\r\nthank you for writing. We answer within two working days.\r\n",
      },
    ]);

    // The mail server refuses for a while: the message is kept (sent = false) and the visitor told.
    sink.refuse = true;
    const down = await b.post("/", { name: "Bob", email: "bob@example.com", body: "Hello?" });
    expect([down.status, down.headers.get("location")]).toEqual([303, "/"]);
    expect(notice(await b.get("/"))).toBe("Thank you, Bob: your message is saved, but no receipt could be mailed.");
    expect(await sql(url, "SELECT name, email, body, sent FROM contact_message ORDER BY id")).toEqual([
      { name: "Ann <Lee>", email: "ann@example.com", body: "Where is my order?\n#42", sent: true },
      { name: "Bob", email: "bob@example.com", body: "Hello?", sent: false },
    ]);
  });
});

describe.each(MODES)("examples/uploads (%s): docs/recipes/uploads.md", (mode) => {
  it("stores a picture checked by its bytes under a number of its own, serves it back, refuses the rest", async () => {
    const { base, url } = await serve("uploads", mode);
    const b = new Browser(base);
    await b.get("/");
    const PNG = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    const upload = (files: [string, Uint8Array | string, string?][], token = b.token) => {
      const fd = new FormData();
      if (token) fd.append("_csrf", token);
      for (const [name, bytes, type] of files)
        if (typeof bytes === "string" && type === undefined) fd.append(name, bytes);
        else fd.append(name, new Blob([bytes], { type: type ?? "application/octet-stream" }), `${name}-file`);
      return b.fetch("/", { method: "POST", body: fd });
    };
    const named = (fileName: string, bytes: Uint8Array | string, type: string) => {
      const fd = new FormData();
      fd.append("_csrf", b.token!);
      fd.append("photo", new Blob([bytes], { type }), fileName);
      return b.fetch("/", { method: "POST", body: fd });
    };

    // The browser's file name and type are the visitor's word: a path in the name is dropped, the type read from the bytes.
    const ok = await named("../../../etc/cron.d/evil.png", PNG, "text/html");
    expect([ok.status, ok.headers.get("location")]).toEqual([303, "/"]);
    const home = await b.get("/");
    expect(notice(home)).toBe("Thank you: evil.png is picture 1.");
    expect(home).toContain(
      `<figure><img src="/photo?id=1" alt=""><figcaption>evil.png (image/png, 16 bytes)</figcaption></figure>\n`,
    );
    const photo = await fetch(`${base}/photo?id=1`);
    expect([
      photo.status,
      photo.headers.get("content-type"),
      photo.headers.get("x-content-type-options"),
      photo.headers.get("cache-control"),
    ]).toEqual([200, "image/png", "nosniff", "public, max-age=86400"]);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG);

    // Refused: a page that claims to be a picture, no file, a text field, too large, two files, no token.
    for (const [res, status, message] of [
      [
        await named("cat.png", "<script>alert(1)</script>", "image/png"),
        422,
        "Upload a PNG, JPEG, GIF or WebP picture",
      ],
      [await upload([]), 422, "Choose a picture to upload"],
      [await upload([["photo", "just text"]]), 422, "Choose a picture to upload"],
    ] as const) {
      expect([res.status, errors(await res.text())]).toEqual([status, [message]]);
    }
    const big = await named("big.png", new Uint8Array(1048577), "image/png");
    expect([big.status, /<p class="error">([^<]*)<\/p>/.exec(await big.text())?.[1]]).toEqual([
      413,
      "Uploaded file is larger than server.maxFileBytes allows (1048576 bytes)",
    ]);
    const two = await upload([
      ["photo", PNG, "image/png"],
      ["other", PNG, "image/png"],
    ]);
    expect([two.status, /<p class="error">([^<]*)<\/p>/.exec(await two.text())?.[1]]).toEqual([
      413,
      "Request has more files than server.maxFiles allows (1)",
    ]);
    expect((await upload([["photo", PNG, "image/png"]], null)).status).toBe(403);
    for (const [path, status, message] of [
      ["/photo?id=2", 404, "There is no picture 2"],
      ["/photo?id=x", 400, "Parameter url.id must be an integer, got &quot;x&quot;"],
    ] as const) {
      const res = await fetch(base + path);
      expect([res.status, /<p class="error">([^<]*)<\/p>/.exec(await res.text())?.[1]]).toEqual([status, message]);
    }
    expect(await sql(url, "SELECT id, file_name, content_type, size, data FROM photo")).toEqual([
      { id: 1, file_name: "evil.png", content_type: "image/png", size: 16, data: Buffer.from(PNG) },
    ]);
  });
});

describe("examples/deploy: docs/recipes/deploy.md", () => {
  it("runs its commands: build, start with two workers that migrate, health checks, a drained stop, a new build started", async () => {
    const text = readFileSync(join(import.meta.dirname, "..", "docs", "recipes", "deploy.md"), "utf8");
    const blocks = [...text.matchAll(/^```(sh|text)\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!] as const);
    const commands = blocks.filter(([kind]) => kind === "sh").map(([, code]) => code);
    const shown = blocks.filter(([kind]) => kind === "text").map(([, code]) => code);
    // Every command of the recipe, each run below as written (PORT=0 stands for 3000).
    expect(commands).toEqual([
      "npx quarry build examples/deploy --out dist\n",
      "npx quarry start dist\n",
      "curl -fsS http://127.0.0.1:3000/healthz\ncurl -fsS http://127.0.0.1:3000/readyz\ncurl -fsS http://127.0.0.1:3000/\n",
      "npx quarry db status dist\n",
      "npx quarry build examples/deploy --out dist-2\nnpx quarry start dist-2\n",
    ]);
    const dir = mkdtempSync(join(tmpdir(), "quarry-deploy-"));
    cpSync(join(EXAMPLES, "deploy"), join(dir, "examples", "deploy"), { recursive: true });
    const url = await createDatabase([], "ex_deploy");
    const env = { ...process.env, DATABASE_URL: url, PORT: "0", LOG_LEVEL: "silent" };
    const run = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [bin, ...args], { cwd: dir, env });
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.stderr.on("data", (d: Buffer) => (out += d.toString()));
        child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`quarry ${args.join(" ")}: ${out}`))));
      });
    const start = async (dist: string) => {
      const child = spawn(process.execPath, [bin, "start", dist], { cwd: dir, env });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      // (Stopped by the test itself; this only when an expectation failed first.)
      closers.push(async () => {
        if (child.exitCode === null && child.signalCode === null) await stop(child);
      });
      const base = await listening(child);
      return { child, base, exited, line: () => out.split("\n")[0]! };
    };

    // 1. Build.
    expect(await run(["build", "examples/deploy", "--out", "dist"])).toBe(shown[0]);
    // 2. Start: two workers, the migrations applied before they serve.
    const first = await start("dist");
    expect(
      first
        .line()
        .replace(/:\d+\//, ":3000/")
        .replace(/pids \d+ \d+/, "pids 4711 4712") + "\n",
    ).toBe(shown[1]);
    // 3. The health checks and the page, exactly as shown.
    const bodies: string[] = [];
    for (const path of ["/healthz", "/readyz", "/"]) {
      const res = await fetch(first.base + path);
      expect([path, res.status]).toEqual([path, 200]);
      bodies.push(await res.text());
    }
    expect(bodies.map((b) => (b.endsWith("\n") ? b : `${b}\n`)).join("")).toBe(shown[2]);
    const status = await run(["db", "status", "dist"]);
    expect(
      status
        .replace(
          /^database: datasource main \(postgres:\/\/quarry:\*\*\*@127\.0\.0\.1:\d+\/ex_deploy_\w+\)$/m,
          "database: datasource main (postgres://app:***@db.internal:5432/app)",
        )
        .replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/, "2026-11-28 09:00:00 UTC"),
    ).toBe(shown[3]);

    // 5 (begun): the new build is made beside the one serving.
    expect(await run(["build", "examples/deploy", "--out", "dist-2"])).toBe(
      "built 2 templates and 0 static files into dist-2\n",
    );
    // 4. SIGTERM while a slow request runs: it is answered after the signal, then the process exits 0.
    const report = fetch(`${first.base}/report?ms=1500`).then(
      async (r) => [r.status, await r.text(), Date.now()] as const,
    );
    await sleep(400);
    first.child.kill("SIGTERM");
    const signalled = Date.now();
    const [code, body, answered] = await report;
    expect([code, body, answered > signalled]).toEqual([200, "Report: 1 visit(s) so far\n", true]);
    expect(text).toContain("(a\n`/report` that takes a second answers `Report: 1 visit(s) so far` after the signal)");
    expect(await first.exited).toBe(0);

    // 5. The new build starts on the same database: the count goes on.
    const second = await start("dist-2");
    expect(await (await fetch(`${second.base}/readyz`)).text()).toBe("ready\n");
    expect(await (await fetch(`${second.base}/`)).text()).toContain("<h1>Hello</h1><p>Visit 2.</p>");
    expect(text).toContain("the count goes on (`Visit 2.`)");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 60_000);
});

describe.each(["forms", "login", "pagination", "api", "mail", "uploads"])("docs/recipes/%s.md: Try it", (name) => {
  it("serves the page it names under `npx quarry dev examples/<name>`, as written", async () => {
    const text = readFileSync(join(import.meta.dirname, "..", "docs", "recipes", `${name}.md`), "utf8");
    const m = /^Try it from a clone: `npx quarry dev (examples\/[a-z]+)`, then open `([^`]+)`\./m.exec(text);
    expect(m?.[1]).toBe(`examples/${name}`);
    const dir = mkdtempSync(join(tmpdir(), `quarry-try-${name}-`));
    cpSync(join(EXAMPLES, name), join(dir, "examples", name), { recursive: true });
    const url = await createDatabase([], `try_${name}`);
    const child = spawn(process.execPath, [bin, "dev", m![1]!], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: url, PORT: "0", LOG_LEVEL: "silent" },
    });
    closers.push(() => stop(child));
    const res = await fetch((await listening(child)) + m![2]!, { redirect: "manual" });
    // The members' page sends a visitor who is not signed in to the login first.
    expect(res.status).toBe(name === "login" ? 303 : 200);
  });
});

describe("the examples' SQL, checked by quarry check --db", () => {
  it.each([
    ["forms", "4 templates", 2],
    ["login", "9 templates", 4],
    ["pagination", "5 templates", 3],
    ["api", "6 templates", 7],
    ["mail", "1 template", 2],
    ["uploads", "3 templates", 3],
    ["deploy", "2 templates", 2],
  ])(
    "examples/%s: every statement and column read passes against its migrations",
    async (name, templates, statements) => {
      const out = await quarry(["check", `examples/${name}`, "--db", adminUrl()], join(EXAMPLES, ".."));
      expect(out.replace(/postgres:\/\/quarry:\*\*\*@127\.0\.0\.1:\d+\/postgres/, "URL")).toBe(
        `${templates} checked in examples/${name}; ${statements} statements checked against a scratch database on URL with _db/ applied (dropped): no errors\n`,
      );
    },
  );
});

/** The files a section of docs/tutorial.md shows ("File `guestbook/…`:" and its block), in order. */
function tutorialFiles(section: string): [string, string][] {
  return [...section.matchAll(/^File `guestbook\/([^`]+)`:\n\n```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => [
    m[1]!,
    m[2]!,
  ]);
}

/** Runs the quarry command in `cwd`; resolves with its output, rejects when it fails. */
function quarry(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, LOG_LEVEL: "silent" } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`quarry ${args.join(" ")}: ${out}`))));
  });
}

describe("docs/tutorial.md, a guestbook with login in 15 minutes", () => {
  it("runs step by step: quarry init, each step's files, the clicks it describes, then build and start", async () => {
    const text = readFileSync(join(import.meta.dirname, "..", "docs", "tutorial.md"), "utf8");
    const steps = text.split(/^## Step \d+: .*$/m).slice(1);
    expect(steps).toHaveLength(5);
    const dir = mkdtempSync(join(tmpdir(), "quarry-tutorial-"));
    const root = join(dir, "guestbook");
    // Step 0, as written: quarry init (quarry dev is the server each step starts below).
    expect(steps[0]).toContain("npx quarry init guestbook\nnpx quarry dev guestbook\n");
    expect(await quarry(["init", "guestbook"], dir)).toContain("wrote a starter site into guestbook");
    const url = await createDatabase([], "tutorial");
    /** Writes a step's files and serves the site as quarry dev would (its new _db/ files applied). */
    const step = async (n: number) => {
      const files = tutorialFiles(steps[n]!);
      expect(files.length).toBeGreaterThan(0);
      for (const [file, code] of files) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), code);
      }
      await migrate(url, join(root, "_db"));
      const s = await startServer({ root, database: database(url) });
      closers.push(() => s.close());
      return new Browser(s.base);
    };

    // Step 1: the guestbook, its form checked and shown again, the thank-you shown once.
    let b = await step(1);
    expect(await b.get("/")).toContain("<h1>Guestbook</h1>");
    const bad = await b.post("/", { name: "", body: "hi <there>" });
    const badBody = await bad.text();
    expect([bad.status, errors(badBody)]).toEqual([422, ["Please tell us your name", ""]]);
    expect(badBody).toContain('<textarea name="body">hi &lt;there&gt;</textarea>');
    const good = await b.post("/", { name: "<b>Ann</b>", body: "Hello" });
    expect([good.status, good.headers.get("location")]).toEqual([303, "/"]);
    let home = await b.get("/");
    expect(notice(home)).toBe("Thank you, &lt;b&gt;Ann&lt;/b&gt;!");
    expect(home).toContain("<article><h2>&lt;b&gt;Ann&lt;/b&gt;</h2><p>Hello</p></article>");
    expect(notice(await b.get("/"))).toBe(null);

    // Step 2: register, a wrong password, the right one (a new session id), sign out.
    b = await step(2);
    await b.get("/register");
    const reg = await b.post("/register", { name: "Ada", email: "ada@", password: "short" });
    expect([reg.status, errors(await reg.text())]).toEqual([
      422,
      ["", "That does not look like an email address", "Choose a password of 10 to 200 characters"],
    ]);
    const made = await b.post("/register", { name: "Ada", email: "ada@example.com", password: "correct horse" });
    expect([made.status, made.headers.get("location")]).toEqual([303, "/login"]);
    expect(notice(await b.get("/login"))).toBe("Your account is ready: please sign in.");
    const wrong = await b.post("/login", { email: "ada@example.com", password: "incorrect horse" });
    expect([wrong.status, (await wrong.text()).includes(`<p class="error">Wrong email or password.</p>`)]).toEqual([
      401,
      true,
    ]);
    const before = b.cookies.get("quarry_sid");
    const signIn = await b.post("/login", { email: "ada@example.com", password: "correct horse" });
    expect([signIn.status, signIn.headers.get("location")]).toEqual([303, "/"]);
    expect(b.cookies.get("quarry_sid")).not.toBe(before);
    home = await b.get("/");
    expect(notice(home)).toBe("Welcome back, Ada.");
    expect(home).toContain(`Ada <form method="post" action="/logout">`);
    const out = await b.post("/logout", {});
    expect([out.status, out.headers.get("location")]).toEqual([303, "/"]);
    home = await b.get("/");
    expect(notice(home)).toBe("You are signed out.");
    expect(home).toContain(`<a href="/login">Sign in</a>`);

    // Step 3: only members sign, under their account's name.
    b = await step(3);
    await b.get("/login");
    const anonymous = await b.post("/", { body: "sneaky" });
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([303, "/login"]);
    expect(notice(await b.get("/login"))).toBe("Please sign in to sign the guestbook.");
    await b.post("/login", { email: "ada@example.com", password: "correct horse" });
    await b.get("/");
    const empty = await b.post("/", { body: "" });
    expect([empty.status, errors(await empty.text())]).toEqual([422, ["Write a message of at most 2,000 characters"]]);
    await b.post("/", { body: "Signed by a member" });
    home = await b.get("/");
    expect(notice(home)).toBe("Thank you, Ada!");
    expect(home).toContain("<article><h2>Ada</h2><p>Signed by a member</p></article>");
    expect(await sql(url, "SELECT name, body FROM entry ORDER BY id")).toEqual([
      { name: "<b>Ann</b>", body: "Hello" },
      { name: "Ada", body: "Signed by a member" },
    ]);

    // Step 4: quarry build and quarry start (compiled, two workers, sessions in Postgres).
    expect(steps[4]).toContain("npx quarry build guestbook --out dist\nnpx quarry start dist\n");
    expect(await quarry(["build", "guestbook", "--out", "dist"], dir)).toBe(
      "built 6 templates and 0 static files into dist\n",
    );
    const child = spawn(process.execPath, [bin, "start", "dist", "--workers", "2", "--port", "0"], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
    });
    closers.push(() => stop(child));
    b = new Browser(await listening(child));
    expect(await b.get("/")).toContain("<article><h2>Ada</h2><p>Signed by a member</p></article>");
    await b.get("/login");
    const prod = await b.post("/login", { email: "ada@example.com", password: "correct horse" });
    expect(prod.status).toBe(303);
    await b.get("/");
    await b.post("/", { body: "From production" });
    home = await b.get("/");
    expect(notice(home)).toBe("Thank you, Ada!");
    expect(home).toContain("<article><h2>Ada</h2><p>From production</p></article>");
    await b.post("/logout", {});
    expect(notice(await b.get("/"))).toBe("You are signed out.");
  }, 60_000);
});
