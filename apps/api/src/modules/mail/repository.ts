import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { OemScope } from '../../platform/principal.ts';
import { oems } from '../tenants/schema.ts';
import { mailOutbox } from './schema.ts';

/*
 * The mail outbox is the platform's, not a tenant's: mails are found by their outbox id alone.
 */

export async function insertMail(
  db: Db,
  mail: { to: string; subject: string; text: string; from: string | null },
): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

export async function findMail(db: Db, id: number) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return mail;
}

export async function markMailSent(db: Db, id: number): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
}

/** The newest mails to one address (the demo outbox). */
export async function mailsTo(db: Db, to: string, limit: number) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** The OEM's own mail sender (name and address), each possibly unset. */
export async function oemSender(db: Db, { oemId }: OemScope) {
  const [row] = await db
    .select({ name: oems.mailFromName, address: oems.mailFromAddress })
    .from(oems)
    .where(eq(oems.id, oemId));
  return row;
}
