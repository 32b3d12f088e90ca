import nodemailer from 'nodemailer';
import type { AppContext } from '../../platform/context.ts';
import { findMail, insertMail, markMailSent } from './repository.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail goes through the outbox table, then the `mail.send` job delivers it. */
export async function queueMail(ctx: AppContext, mail: Mail): Promise<void> {
  const outboxId = await insertMail(ctx.database.db, mail);
  await ctx.queue.send('mail.send', { outboxId });
}

export function mailSender(ctx: AppContext) {
  const transport = ctx.config.SMTP_URL ? nodemailer.createTransport(ctx.config.SMTP_URL) : null;
  return async ({ outboxId }: { outboxId: number }) => {
    const db = ctx.database.db;
    const mail = await findMail(db, outboxId);
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
    await markMailSent(db, outboxId);
  };
}
