// quarry dev's mail: dbt:mail's messages are caught here instead of being delivered (unless the
// config's dev.deliverMail says otherwise), kept in memory, the newest 50, for the dashboard's
// mail panel. Nothing leaves the machine while a site is being developed.
import type { Mailer, MailMessage, MailReceipt } from "../../engine/services.js";

export interface CaughtMail extends MailMessage {
  /** 1, 2, … in the order caught (the viewer's address). */
  id: number;
  at: Date;
  messageId: string;
}

export const OUTBOX_SIZE = 50;

export class Outbox implements Mailer {
  private readonly messages: CaughtMail[] = [];
  private next = 1;

  /** `from`: the config's mail.from, when the site has a mail section. */
  constructor(
    readonly from: string | null,
    private readonly log: (line: string) => void = () => {},
  ) {}

  send(m: MailMessage): Promise<MailReceipt> {
    const id = this.next++;
    const messageId = `<dev-${id}@quarry.invalid>`;
    this.messages.push({ ...m, id, at: new Date(), messageId });
    if (this.messages.length > OUTBOX_SIZE) this.messages.shift();
    this.log(`mail caught (not sent): "${m.subject}" to ${m.to}; see /_quarry/mail`);
    const to = [m.to, m.cc, m.bcc].filter(Boolean).join(",");
    return Promise.resolve({ messageId, accepted: to.split(",").map((a) => a.trim()), rejected: [] });
  }

  /** Newest first. */
  list(): readonly CaughtMail[] {
    return [...this.messages].reverse();
  }

  get(id: number): CaughtMail | undefined {
    return this.messages.find((m) => m.id === id);
  }

  clear(): number {
    const n = this.messages.length;
    this.messages.length = 0;
    return n;
  }

  close(): void {}
}
