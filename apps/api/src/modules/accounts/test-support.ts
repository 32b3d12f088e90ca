import { desc, eq } from 'drizzle-orm';
import type { Role } from '@linq/contract';
import type { TestAppHandle } from '../../test/kit.ts';
import { mailOutbox } from '../mail/schema.ts';

/** An admin of the OEM, logged in: the caller of admin endpoints acting on that OEM. */
export async function oemAdmin(t: TestAppHandle, oemId: number) {
  const user = await t.factory.user('admin', { oemId });
  return { user, token: await t.factory.login('admin', user.email) };
}

/** The newest mail to the address, from the outbox. */
export async function lastMailTo(t: TestAppHandle, to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** The single-use token of the newest invitation mailed to the address. */
export async function invitationToken(t: TestAppHandle, to: string): Promise<string> {
  const mail = await lastMailTo(t, to);
  const token = /(?:invitation=|token=|reset-password\/)([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}

/** Sets the password through the invitation link's reset endpoint and logs in with it. */
export async function acceptInvitation(
  t: TestAppHandle,
  role: Role,
  email: string,
  password = 'Invited-password-2026',
) {
  const token = await invitationToken(t, email);
  const reset = await t.request({ method: 'POST', path: `/${role}/password/reset`, body: { token, password } });
  if (reset.status !== 200) throw new Error(`reset refused (${reset.status}): ${reset.text}`);
  return t.factory.login(role, email, password);
}
