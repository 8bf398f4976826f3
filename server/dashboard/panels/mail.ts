// Mail: what dbt:mail sent under quarry dev, caught in the outbox (../outbox.ts) instead of
// delivered, newest first, each opened in a viewer (an HTML mail in a sandboxed frame: its
// scripts and links do not run, nothing it names is loaded); a button empties the outbox.
import { DASHBOARD_PATH, actionForm, esc, table } from "../html.js";
import type { Panel } from "../context.js";
import { OUTBOX_SIZE } from "../outbox.js";

export const mailPanel: Panel = {
  id: "mail",
  title: "Mail",
  summary: "the mail dbt:mail sent, caught here instead of delivered, with a viewer",
  items: true,
  render(ctx, view) {
    const outbox = ctx.outbox;
    if (!outbox) {
      const m = ctx.config.mail;
      return `<p>dev.deliverMail is true: dbt:mail delivers through ${m ? `<code>${esc(`${m.host}:${m.port}`)}</code>` : "the config's mail section (there is none: dbt:mail fails)"}; nothing is caught here.</p>`;
    }
    const note = ctx.config.mail
      ? `<p>Caught, not delivered (set dev.deliverMail to send through <code>${esc(`${ctx.config.mail.host}:${ctx.config.mail.port}`)}</code>). The last ${OUTBOX_SIZE} are kept.</p>`
      : `<p>Caught, not delivered. The site has no mail section: under quarry start dbt:mail fails with QRY_ERR_MAIL. The last ${OUTBOX_SIZE} are kept.</p>`;
    if (view.item !== null) {
      const m = /^\d{1,9}$/.test(view.item) ? outbox.get(Number(view.item)) : undefined;
      if (!m) return null;
      const head = table(
        ["field", "value"],
        [
          ["Date", esc(m.at.toISOString())],
          ["From", esc(m.from)],
          ["To", esc(m.to)],
          ...(m.cc ? [["Cc", esc(m.cc)]] : []),
          ...(m.bcc ? [["Bcc", esc(m.bcc)]] : []),
          ...(m.replyTo ? [["Reply-To", esc(m.replyTo)]] : []),
          ["Subject", esc(m.subject)],
          ["Message-ID", esc(m.messageId)],
          ["Type", m.html !== null ? "HTML" : "text"],
        ],
      );
      const body =
        m.html !== null
          ? `<iframe sandbox="" title="the mail as HTML" srcdoc="${esc(m.html)}"></iframe>\n<details><summary>HTML source</summary><pre>${esc(m.html)}</pre></details>`
          : `<pre class="mail-text">${esc(m.text ?? "")}</pre>`;
      return `<p><a href="${DASHBOARD_PATH}/mail">← all mail</a></p>\n${head}\n${body}`;
    }
    const list = outbox.list();
    const rows = list.map((m) => [
      `<a href="${DASHBOARD_PATH}/mail/${m.id}">${m.id}</a>`,
      esc(m.at.toISOString()),
      esc(m.from),
      esc(m.to),
      `<a href="${DASHBOARD_PATH}/mail/${m.id}">${esc(m.subject || "(no subject)")}</a>`,
    ]);
    return `${note}\n${
      list.length
        ? `${table(["#", "date", "from", "to", "subject"], rows)}\n<p>${actionForm(view.token, "mail", "clear", "Empty the outbox")}</p>`
        : `<p class="muted">No mail yet.</p>`
    }`;
  },
  actions: {
    clear(ctx) {
      const n = ctx.outbox?.clear() ?? 0;
      return Promise.resolve({ ok: true, text: `Removed ${n} message${n === 1 ? "" : "s"}` });
    },
  },
};
