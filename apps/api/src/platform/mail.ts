import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { AppContext } from './context.ts';
import { mailOutbox } from '../modules/passwords/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail goes through the outbox table, then the `mail.send` job delivers it. */
export async function queueMail(ctx: AppContext, mail: Mail): Promise<void> {
  const [row] = await ctx.database.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  await ctx.queue.send('mail.send', { outboxId: row.id });
}

export function mailSender(ctx: AppContext) {
  const transport = ctx.config.SMTP_URL ? nodemailer.createTransport(ctx.config.SMTP_URL) : null;
  return async ({ outboxId }: { outboxId: number }) => {
    const db = ctx.database.db;
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    if (!mail || mail.sentAt) return;
    if (transport) {
      await transport.sendMail({ from: ctx.config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    } else {
      // No SMTP server configured (demo): the outbox row and this log line are the delivery.
      ctx.log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail kept in the outbox (SMTP_URL not set)',
      );
    }
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, outboxId));
  };
}
