import { timingSafeEqual } from 'node:crypto';
import { formFriendPath } from '@linq/contract';
import type { SecretBox } from '../../platform/secrets.ts';

/*
 * A friend's own link to a form (`/form?t=<token>`): the token binds the form and the friend and
 * expires; it is signed with a key derived from the server's secrets key for this purpose only.
 * The public page names its friend by this token alone, never by an id in the request.
 */

const PURPOSE = 'form-link';
/** How long a friend's link stays valid after it was sent. */
export const FORM_LINK_TTL_DAYS = 30;
const DAY_MS = 86_400_000;

export interface FormLink {
  formId: number;
  friendId: number;
}

export function signFormLink(secrets: SecretBox, link: FormLink, now: Date): string {
  const expires = Math.floor((now.getTime() + FORM_LINK_TTL_DAYS * DAY_MS) / 1000);
  const payload = Buffer.from(`${link.formId}.${link.friendId}.${expires}`).toString('base64url');
  return `${payload}.${secrets.sign(PURPOSE, payload)}`;
}

/** The link a token names (`expired` once too old), null when it is not one of ours (tampered, malformed). */
export function readFormLink(secrets: SecretBox, token: string, now: Date): (FormLink & { expired: boolean }) | null {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = Buffer.from(secrets.sign(PURPOSE, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const parts = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  const [formId, friendId, expires] = parts.map(Number);
  if (parts.length !== 3 || ![formId, friendId, expires].every((n) => Number.isSafeInteger(n) && n! > 0)) return null;
  return { formId: formId!, friendId: friendId!, expired: expires! * 1000 <= now.getTime() };
}

/** The friend's link to the form on the console's origin. */
export function formLinkUrl(secrets: SecretBox, origin: string, link: FormLink, now: Date): string {
  return `${origin}${formFriendPath(signFormLink(secrets, link, now))}`;
}
