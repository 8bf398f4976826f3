// Mail: the config's `mail` section (checked like every setting, each mistake located), the
// SMTP transport, and dbt:mail in both modes over HTTP, all sending to a real local SMTP server
// that keeps what it receives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, parseConfig } from "../config/site.js";
import { smtpMailer } from "../server/mail.js";
import { site } from "./helpers.js";
import { parseMessage, smtpSink, type Sink } from "./smtp-sink.js";
import { createDatabase } from "./db.js";
import { database, startServer, type Server } from "./http.js";

describe("the mail section of the site config", () => {
  it("is absent by default, and fills in the port from secure", () => {
    expect(parseConfig({}, "f", {}).mail).toBeNull();
    expect(parseConfig({ mail: { host: "smtp.example.com" } }, "f", {}).mail).toEqual({
      host: "smtp.example.com",
      port: 587,
      secure: false,
      requireTLS: false,
      auth: null,
      from: null,
      timeoutMs: 30_000,
    });
    expect(
      parseConfig(
        { mail: { host: "mx", secure: true, auth: { user: "u", pass: "p" }, from: "Shop <shop@example.com>" } },
        "f",
        {},
      ).mail,
    ).toMatchObject({
      port: 465,
      secure: true,
      auth: { user: "u", pass: "p" },
      from: "Shop <shop@example.com>",
    });
  });

  it.each([
    [
      { mail: "smtp.example.com" },
      "f: mail must be an object with the SMTP server's host (and port, secure, auth, from)",
    ],
    [{ mail: {} }, "f: mail.host must be the SMTP server's host name or address, got undefined"],
    [{ mail: { host: "mx", port: 70000 } }, "f: mail.port must be a port number from 1 to 65535, got 70000"],
    [{ mail: { host: "mx", secure: "yes" } }, 'f: mail.secure must be true or false, got "yes"'],
    [{ mail: { host: "mx", auth: { user: "u" } } }, 'f: mail.auth must be {"user": "…", "pass": "…"}'],
    [
      { mail: { host: "mx", from: "a@b.c\r\nBcc: x@y.z" } },
      'f: mail.from must be an address such as "Shop <shop@example.com>", on one line',
    ],
    [
      { mail: { host: "mx", tls: true } },
      "f: unknown setting mail.tls (known: host, port, secure, requireTLS, auth, from, timeoutMs)",
    ],
  ])("refuses %j", (raw, message) => {
    expect(() => parseConfig(raw as Record<string, unknown>, "f", {})).toThrow(message);
  });

  it("places each mistake of the section at its line in quarry.config.json", async () => {
    const root = site({ "quarry.config.json": '{\n  "mail": {\n    "host": "mx",\n    "port": "25"\n  }\n}\n' });
    const err = await loadConfig(root, {}).then(
      () => null,
      (e: unknown) => e as Error & { code: string },
    );
    expect(err!.code).toBe("QRY_ERR_CONFIG");
    expect(err!.message.split("\n")[0]).toBe(
      `${root}/quarry.config.json:4:13 mail.port must be a port number from 1 to 65535, got "25"`,
    );
  });
});

describe("the SMTP transport", () => {
  let sink: Sink;
  beforeAll(async () => {
    sink = await smtpSink({ user: "site", pass: "s3cret" });
  });
  afterAll(() => sink.close());

  it("delivers a message to the SMTP server, authenticated, with every header", async () => {
    const mailer = smtpMailer({
      host: "127.0.0.1",
      port: sink.port,
      secure: false,
      requireTLS: false,
      auth: { user: "site", pass: "s3cret" },
      from: "Shop <shop@example.com>",
      timeoutMs: 10_000,
    });
    try {
      const receipt = await mailer.send({
        from: "Shop <shop@example.com>",
        to: "ann@example.com, bob@example.com",
        cc: "cat@example.com",
        bcc: "dan@example.com",
        replyTo: "help@example.com",
        subject: "Your order 42",
        text: "Thank you.\r\nIt ships today.",
        html: null,
      });
      expect(receipt.accepted).toEqual(["ann@example.com", "bob@example.com", "cat@example.com", "dan@example.com"]);
      const got = await sink.next();
      expect(got.user).toBe("site");
      expect(got.envelopeFrom).toBe("shop@example.com");
      expect(got.envelopeTo).toEqual(["ann@example.com", "bob@example.com", "cat@example.com", "dan@example.com"]);
      const { headers, body } = parseMessage(got.raw);
      expect([headers.from, headers.to, headers.cc, headers["reply-to"], headers.subject]).toEqual([
        "Shop <shop@example.com>",
        "ann@example.com, bob@example.com",
        "cat@example.com",
        "help@example.com",
        "Your order 42",
      ]);
      // Bcc reaches the envelope, never the headers.
      expect(headers.bcc).toBeUndefined();
      expect(headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(headers["message-id"]).toBe(receipt.messageId);
      expect(body.trimEnd()).toBe("Thank you.\r\nIt ships today.");
    } finally {
      mailer.close();
    }
  });

  it("reports a refused login as QRY_ERR_MAIL", async () => {
    const mailer = smtpMailer({
      host: "127.0.0.1",
      port: sink.port,
      secure: false,
      requireTLS: false,
      auth: { user: "site", pass: "wrong" },
      from: null,
      timeoutMs: 10_000,
    });
    try {
      const err = await mailer
        .send({
          from: "a@example.com",
          to: "b@example.com",
          cc: "",
          bcc: "",
          replyTo: "",
          subject: "s",
          text: "t",
          html: null,
        })
        .then(
          () => null,
          (e: unknown) => e as Error & { code: string },
        );
      expect(err).toMatchObject({ code: "QRY_ERR_MAIL", type: "mail" });
      expect(err!.message).toMatch(
        /^The mail was not sent: Invalid login: 535 Invalid username or password \(SMTP server 127\.0\.0\.1:\d+\)$/,
      );
    } finally {
      mailer.close();
    }
  });
});

describe.each(["compiled", "interpreted"] as const)("dbt:mail over HTTP (%s)", (mode) => {
  let sink: Sink;
  let server: Server;
  beforeAll(async () => {
    sink = await smtpSink();
    const root = site({
      "quarry.config.json": JSON.stringify({
        mail: { host: "127.0.0.1", port: sink.port, from: "Shop <shop@example.com>", timeoutMs: 10_000 },
      }),
      "text.dbt": `<dbt:mail to="#url.to#" subject="Order #url.id#">Hello #url.name#, order #url.id# ships today.</dbt:mail>sent`,
      "html.dbt": `<dbt:mail to="#url.to#" from="desk@example.com" subject="Welcome" type="html" cc="boss@example.com"><p>Hello #url.name#</p></dbt:mail>sent`,
      "inject.dbt": `<dbt:try><dbt:mail to="#url.to#" subject="x">body</dbt:mail><dbt:catch type="mail"><dbt:output>#error.code#: #error.message#</dbt:output></dbt:catch></dbt:try>`,
      "list.dbt": `<dbt:mail to="#url.to#" cc="#url.cc#" subject="x" list="true">body</dbt:mail>sent`,
    });
    server = await startServer({ root, mode, database: database(await createDatabase([], "mail")) });
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it("sends a text mail from the config's sender, with #expr# printed as it is", async () => {
    const q = new URLSearchParams({ to: "ann@example.com", id: "42", name: "<b>Ann</b> & co" });
    expect(await (await fetch(`${server.base}/text?${q.toString()}`)).text()).toBe("sent");
    const { headers, body } = parseMessage((await sink.next()).raw);
    expect([headers.from, headers.to, headers.subject, headers["content-type"]]).toEqual([
      "Shop <shop@example.com>",
      "ann@example.com",
      "Order 42",
      "text/plain; charset=utf-8",
    ]);
    expect(body.trimEnd()).toBe("Hello <b>Ann</b> & co, order 42 ships today.");
  });

  it("sends an html mail with #expr# escaped, as dbt:output would", async () => {
    const q = new URLSearchParams({ to: "bob@example.com", name: "<b>Bob</b>" });
    expect(await (await fetch(`${server.base}/html?${q.toString()}`)).text()).toBe("sent");
    const got = await sink.next();
    expect(got.envelopeTo).toEqual(["bob@example.com", "boss@example.com"]);
    const { headers, body } = parseMessage(got.raw);
    expect([headers.from, headers.cc, headers["content-type"]]).toEqual([
      "desk@example.com",
      "boss@example.com",
      "text/html; charset=utf-8",
    ]);
    expect(body.trimEnd()).toBe("<p>Hello &lt;b&gt;Bob&lt;/b&gt;</p>");
  });

  it.each([
    ["a list", "ann@example.com, evil@example.net", 'must be one address (list="true" takes several)'],
    ["a group", "team: ann@example.com, evil@example.net;", "must not be a group"],
    ["a group of one", "team: evil@example.net;", "must not be a group"],
    ["a line separator", "ann@example.com\u2028evil@example.net", "must not contain control characters"],
    ["a name that is an address", '"ann@example.com" <evil@example.net>', "is not an address"],
    ["two addresses without a comma", "ann@example.com evil@example.net", "is not an address"],
    ["no address", "ann", "is not an address"],
  ])("refuses %s where one address is expected: nothing is sent", async (_what, to, why) => {
    const before = sink.received.length;
    const q = new URLSearchParams({ to });
    const text = await (await fetch(`${server.base}/inject?${q.toString()}`)).text();
    // dbt:output escapes the message as it prints it.
    const html = (t: string) =>
      t.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    expect(text).toBe(html(`QRY_ERR_MAIL: The to of dbt:mail ${why}: ${JSON.stringify(to)}`));
    expect(sink.received.length).toBe(before);
  });

  it('sends to every address of a list when the tag says list="true"', async () => {
    const q = new URLSearchParams({ to: 'Ann <ann@example.com>, "Bob, Jr." <bob@example.com>', cc: "cy@example.com" });
    expect(await (await fetch(`${server.base}/list?${q.toString()}`)).text()).toBe("sent");
    const got = await sink.next();
    expect(got.envelopeTo).toEqual(["ann@example.com", "bob@example.com", "cy@example.com"]);
    expect(parseMessage(got.raw).headers.to).toBe('Ann <ann@example.com>, "Bob, Jr." <bob@example.com>');
  });

  it("refuses CR/LF in an address (header injection): nothing is sent", async () => {
    const before = sink.received.length;
    const q = new URLSearchParams({ to: "ann@example.com\r\nBcc: all@example.com" });
    expect(await (await fetch(`${server.base}/inject?${q.toString()}`)).text()).toBe(
      "QRY_ERR_MAIL: The to of dbt:mail must not contain CR, LF or NUL (they would add mail headers)",
    );
    expect(sink.received.length).toBe(before);
  });
});
