// dbt:mail's transport: the SMTP server of the config's `mail` section, through nodemailer
// (a small pool of connections, so a page that sends does not open one per message).
// The tag has already refused header injection and empty recipients; what the SMTP server
// refuses comes back as QRY_ERR_MAIL.
import type { Transporter } from "nodemailer";
import { RuntimeError, codes } from "../engine/errors.js";
import type { Mailer, MailMessage, MailReceipt } from "../engine/services.js";
import type { MailSettings } from "../config/mail-settings.js";

export interface SmtpMailer extends Mailer {
  close(): void;
}

export function smtpMailer(s: MailSettings): SmtpMailer {
  // nodemailer is loaded with the first message, not at start-up: most pages never send one.
  let made: Promise<Transporter> | null = null;
  const transporter = () =>
    (made ??= import("nodemailer").then(({ createTransport }) =>
      createTransport({
        pool: true,
        maxConnections: 3,
        host: s.host,
        port: s.port,
        secure: s.secure,
        requireTLS: s.requireTLS,
        auth: s.auth ?? undefined,
        connectionTimeout: s.timeoutMs,
        greetingTimeout: s.timeoutMs,
        socketTimeout: s.timeoutMs,
      }),
    ));
  return {
    from: s.from,
    async send(m: MailMessage): Promise<MailReceipt> {
      try {
        const info = await (
          await transporter()
        ).sendMail({
          from: m.from,
          to: m.to,
          cc: m.cc || undefined,
          bcc: m.bcc || undefined,
          replyTo: m.replyTo || undefined,
          subject: m.subject,
          ...(m.html !== null ? { html: m.html } : { text: m.text ?? "" }),
        });
        const list = (v: unknown): string[] =>
          Array.isArray(v)
            ? v.map((a) => (typeof a === "string" ? a : String((a as { address?: string }).address)))
            : [];
        return {
          messageId: String(info.messageId ?? ""),
          accepted: list(info.accepted),
          rejected: list(info.rejected),
        };
      } catch (err) {
        throw new RuntimeError(
          codes.MAIL,
          `The mail was not sent: ${(err as Error).message} (SMTP server ${s.host}:${s.port})`,
          null,
          "mail",
        );
      }
    },
    close: () => void made?.then((t) => t.close()),
  };
}
