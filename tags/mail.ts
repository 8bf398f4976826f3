// <dbt:mail to="…" from="…" subject="…" cc bcc replyto type="text|html">body</dbt:mail> sends
// the body through the SMTP server of the config's `mail` section, before the page goes on
// (a failure is a located QRY_ERR_MAIL the page can catch, not a lost message in a spool).
// #expr# in the body is live; in a text mail it is not HTML-escaped (the body is not HTML),
// in an html mail it is, as in dbt:output. CR or LF in an address or the subject would add
// headers (header injection): refused. Each address field holds one address unless the tag says
// list="true": a visitor's `a@x.com, evil@y.com` (or a group, or a name that is an address)
// would otherwise add recipients the page never meant.
import type { Loc, Node } from "../parser/ast.js";
import type { TagDef, TagModule } from "./types.js";
import type { Validator } from "../engine/validate.js";
import type { RenderContext } from "../engine/context.js";
import { QuarryError, RuntimeError, codes } from "../engine/errors.js";
import * as rt from "../engine/runtime.js";
import { toBool } from "../engine/values.js";
import { untilStopped } from "../engine/clock.js";
import { siteServices } from "../engine/services.js";
import { fixedArg } from "./helpers.js";
import { callTag, type CaptureBody } from "./call.js";

export interface MailSpec {
  to: unknown;
  from: unknown;
  subject: unknown;
  cc: unknown;
  bcc: unknown;
  replyto: unknown;
  type: string | undefined;
  list: boolean;
}

const FIELDS = ["to", "from", "subject", "cc", "bcc", "replyto"] as const;

function field(spec: MailSpec, name: (typeof FIELDS)[number], loc: Loc): string {
  const v = spec[name];
  if (v === undefined || v === null) return "";
  const s = rt.toStr(v, loc);
  if (/[\r\n\0]/.test(s))
    throw new RuntimeError(
      codes.MAIL,
      `The ${name} of dbt:mail must not contain CR, LF or NUL (they would add mail headers)`,
      loc,
      "mail",
    );
  return s.trim();
}

type AddressParser = (s: string) => { name: string; address?: string; group?: unknown[] }[];
// Loaded with the first mail, as the transport is: most pages never send one.
let parser: Promise<AddressParser> | null = null;

const ADDRESS_FIELDS = new Set(["to", "from", "cc", "bcc", "replyto"]);
// Stricter than RFC 5322 on purpose: a mailbox a page can check by eye.
const MAILBOX = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

/**
 * An address field as nodemailer will read it, one mailbox (or, with `list`, several), each
 * written back as `"name" <address>` so the transport parses exactly what was checked.
 */
function addresses(parse: AddressParser, value: string, name: string, list: boolean, loc: Loc): string {
  if (value === "") return "";
  const bad = (why: string) =>
    new RuntimeError(codes.MAIL, `The ${name} of dbt:mail ${why}: ${JSON.stringify(value)}`, loc, "mail");
  if (/[\u0000-\u001f\u007f\u0085\u2028\u2029]/.test(value)) throw bad("must not contain control characters");
  const parsed = parse(value);
  if (parsed.length > 1 && (!list || name === "from"))
    throw bad(name === "from" ? "must be one address" : 'must be one address (list="true" takes several)');
  return parsed
    .map((a) => {
      if ("group" in a && a.group) throw bad("must not be a group");
      const address = a.address ?? "";
      if (!MAILBOX.test(address) || a.name.includes("@") || a.name.includes(":")) throw bad("is not an address");
      return a.name ? `"${a.name.replace(/["\\]/g, "\\$&")}" <${address}>` : address;
    })
    .join(", ");
}

async function sendMail(ctx: RenderContext, spec: MailSpec, body: string, loc: Loc): Promise<void> {
  const parse = await (parser ??= import("nodemailer/lib/addressparser").then(
    (m) => (m as unknown as { default: AddressParser }).default,
  ));
  const f = Object.fromEntries(
    FIELDS.map((n) => {
      const v = field(spec, n, loc);
      return [n, ADDRESS_FIELDS.has(n) ? addresses(parse, v, n, spec.list, loc) : v];
    }),
  ) as Record<(typeof FIELDS)[number], string>;
  if (f.to === "") throw new RuntimeError(codes.MAIL, "dbt:mail needs a recipient: to is empty", loc, "mail");
  const mailer = siteServices(ctx.page).mailer;
  if (!mailer)
    throw new RuntimeError(
      codes.MAIL,
      "dbt:mail needs an SMTP server: add a mail section to the site config (docs/server.md) and serve the site with quarry dev or quarry start",
      loc,
      "mail",
    );
  const from = f.from || mailer.from;
  if (!from)
    throw new RuntimeError(codes.MAIL, 'dbt:mail needs a sender: give "from" or the config\'s mail.from', loc, "mail");
  const html = spec.type === "html";
  try {
    await untilStopped(
      ctx.page,
      mailer.send({
        from,
        to: f.to,
        cc: f.cc,
        bcc: f.bcc,
        replyTo: f.replyto,
        subject: f.subject,
        text: html ? null : body,
        html: html ? body : null,
      }),
      loc,
    );
  } catch (err) {
    if (err instanceof QuarryError && !err.loc) err.loc = loc;
    throw err;
  }
}

/** In a text mail, #expr# prints as it is: each one becomes #raw(expr)# (SQL bodies left alone). */
function unescaped(nodes: Node[], v: Validator): void {
  nodes.forEach((n, i) => {
    if (n.type === "interp") nodes[i] = { ...n, expr: { type: "call", name: "raw", args: [n.expr], loc: n.expr.loc } };
    else if (n.type === "tag" && n.body && !v.host.tag(n.name)?.silentBody) unescaped(n.body, v);
  });
}

/** dbt:mail: renders the body, then sends it. */
export async function mail(
  ctx: RenderContext,
  to: unknown,
  from: unknown,
  subject: unknown,
  cc: unknown,
  bcc: unknown,
  replyto: unknown,
  type: string | undefined,
  list: unknown,
  body: CaptureBody,
  loc: Loc,
): Promise<void> {
  const text = await body();
  await sendMail(
    ctx,
    { to, from, subject, cc, bcc, replyto, type, list: list !== undefined && toBool(list, loc) },
    text,
    loc,
  );
}

export const mailTag: TagDef = {
  name: "mail",
  body: "required",
  interpolateBody: true,
  attributes: {
    to: { type: "string", required: true },
    from: { type: "string" },
    subject: { type: "string", required: true },
    cc: { type: "string" },
    bcc: { type: "string" },
    replyto: { type: "string" },
    type: { type: "enum", values: ["text", "plain", "html"] },
    list: { type: "boolean" },
  },
  validate(node, v) {
    if (fixedArg(node, "type") !== "html") unescaped(node.body!, v);
  },
  ...callTag("mail", mail, [...FIELDS, { fixed: (node) => fixedArg(node, "type") }, "list"], {
    async: true,
    body: "capture",
  }),
};

export const runtime = { mail };

export default { tags: [mailTag], runtime } satisfies TagModule;
