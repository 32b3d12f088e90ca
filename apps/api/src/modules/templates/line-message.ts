import { toLineMessage, type MessageContext } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { LineMessage } from '../../platform/line.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { infoValuesOf, type FriendRow } from '../friends/repository.ts';
import * as repo from './repository.ts';

/** One of the channel's templates (by id), to send; undefined for another channel's or a teppan id. */
export async function channelTemplate(db: Db, scope: ChannelScope, id: number): Promise<repo.TemplateRow | undefined> {
  return repo.find(db, scope, id);
}

/** What a message's variables are filled with for this friend: the name the console shows and the info values. */
export async function contextOf(db: Db, friend: FriendRow): Promise<MessageContext> {
  const values = await infoValuesOf(db, channelScope(friend.lineAccountId), [friend.id]);
  return {
    friendName: friend.displayNameOverride ?? friend.displayName,
    infoValues: Object.fromEntries(values.map((v) => [v.fieldId, v.value])),
  };
}

/** The template as the LINE message object sent to this friend, its web links replaced by `trackedUris`. */
export async function templateMessageFor(
  db: Db,
  template: repo.TemplateRow,
  friend: FriendRow,
  trackedUris: Record<number, string>,
): Promise<LineMessage> {
  return toLineMessage(template.message, { ...(await contextOf(db, friend)), trackedUris });
}
