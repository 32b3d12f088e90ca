import nodemailer from 'nodemailer';
import type { AppContext } from '../../platform/context.ts';
import { sqlExecutorOf, type Db } from '../../platform/db.ts';
import type { OemScope } from '../../platform/principal.ts';
import { findMail, insertMail, markMailSent, oemSender } from './repository.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every mail goes through the outbox table, then the `mail.send` job delivers it. It is sent on behalf
 * of one OEM (`sender`): from that OEM's sender when it has an address, else from the configured one.
 */
export async function queueMail(ctx: AppContext, sender: OemScope, mail: Mail): Promise<void> {
  await ctx.database.db.transaction((tx) => queueMailIn(ctx, tx, sender, mail));
  ctx.queue.wake('mail.send');
}

/**
 * queueMail's writes in the caller's transaction `tx`: the mail and its job commit with the caller's
 * rows or not at all (a claim that marks a mail queued cannot commit without it). Once committed, the
 * caller wakes the sender (`ctx.queue.wake('mail.send')`), else it starts at its next poll.
 */
export async function queueMailIn(ctx: AppContext, tx: Db, sender: OemScope, mail: Mail): Promise<void> {
  const from = await fromOf(tx, sender);
  const outboxId = await insertMail(tx, { ...mail, from });
  await ctx.queue.sendManyThrough(sqlExecutorOf(tx), 'mail.send', [{ outboxId }]);
}

/** The OEM's From header ("name" <address>), resolved when queued; null: the configured MAIL_FROM. */
async function fromOf(db: Db, scope: OemScope): Promise<string | null> {
  const sender = await oemSender(db, scope);
  const address = sender?.address?.trim();
  if (!address) return null;
  const name = sender?.name?.trim();
  return name ? `"${name.replace(/["\\]/g, '\\$&')}" <${address}>` : address;
}

export function mailSender(ctx: AppContext) {
  const transport = ctx.config.SMTP_URL ? nodemailer.createTransport(ctx.config.SMTP_URL) : null;
  return async ({ outboxId }: { outboxId: number }) => {
    const db = ctx.database.db;
    const mail = await findMail(db, outboxId);
    if (!mail || mail.sentAt) return;
    const from = mail.from ?? ctx.config.MAIL_FROM;
    if (transport) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    } else {
      // No SMTP server configured (demo): the outbox row and this log line are the delivery.
      ctx.log.info(
        { from, to: mail.to, subject: mail.subject, text: mail.text },
        'mail kept in the outbox (SMTP_URL not set)',
      );
    }
    await markMailSent(db, outboxId);
  };
}
