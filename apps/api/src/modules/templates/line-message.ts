import { toLineMessage, type MessageContext } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { LineMessage } from '../../platform/line.ts';
import { channelScope, type ChannelScope, type PlatformScope } from '../../platform/principal.ts';
import { contribution, registryKey, type Contribution } from '../../platform/registry.ts';
import { infoValuesOf, type FriendRow } from '../friends/repository.ts';
import * as repo from './repository.ts';

/** One of the channel's templates (by id), to send; undefined for another channel's or a teppan id. */
export async function channelTemplate(db: Db, scope: ChannelScope, id: number): Promise<repo.TemplateRow | undefined> {
  return repo.find(db, scope, id);
}

/**
 * A module that fills part of a message's context for the friend it is sent to (a form's signed
 * link for `{{form:<id>}}`), given the message as JSON so it fills only what the message names.
 * Contributors run for sends only (with the app context); shown messages leave their parts empty.
 */
export interface MessageContextContributor {
  contribute(ctx: AppContext, db: Db, friend: FriendRow, messageJson: string): Promise<Partial<MessageContext>>;
  /**
   * Why a message naming its items may not be saved by `owner` (an item of another channel, or any
   * item in a platform template), or null when it may.
   */
  refusal(db: Db, owner: ChannelScope | PlatformScope, messageJson: string): Promise<string | null>;
}

export const MESSAGE_CONTEXT_CONTRIBUTORS = registryKey<MessageContextContributor>('templates.message-context');

export function messageContextContributor(contributor: MessageContextContributor): Contribution {
  return contribution(MESSAGE_CONTEXT_CONTRIBUTORS, contributor);
}

/** Why `owner` may not save messages naming what they name (the first contributor's reason), or null. */
export async function messageRefusal(
  ctx: Pick<AppContext, 'registries'>,
  db: Db,
  owner: ChannelScope | PlatformScope,
  message: unknown,
): Promise<string | null> {
  const json = JSON.stringify(message);
  for (const contributor of ctx.registries.all(MESSAGE_CONTEXT_CONTRIBUTORS)) {
    const refused = await contributor.refusal(db, owner, json);
    if (refused) return refused;
  }
  return null;
}

/**
 * What a message's variables are filled with for this friend: the name the console shows and the
 * info values; when `sending` (the app context and the message), also what the registered
 * contributors add for it.
 */
export async function contextOf(
  db: Db,
  friend: FriendRow,
  sending?: { ctx: AppContext; message: unknown },
): Promise<MessageContext> {
  const values = await infoValuesOf(db, channelScope(friend.lineAccountId), [friend.id]);
  let context: MessageContext = {
    friendName: friend.displayNameOverride ?? friend.displayName,
    infoValues: Object.fromEntries(values.map((v) => [v.fieldId, v.value])),
  };
  if (sending) {
    const json = JSON.stringify(sending.message);
    for (const contributor of sending.ctx.registries.all(MESSAGE_CONTEXT_CONTRIBUTORS)) {
      context = { ...context, ...(await contributor.contribute(sending.ctx, db, friend, json)) };
    }
  }
  return context;
}

/** The template as the LINE message object sent to this friend, its web links replaced by `trackedUris`. */
export async function templateMessageFor(
  ctx: AppContext,
  db: Db,
  template: repo.TemplateRow,
  friend: FriendRow,
  trackedUris: Record<number, string>,
): Promise<LineMessage> {
  const context = await contextOf(db, friend, { ctx, message: template.message });
  return toLineMessage(template.message, { ...context, trackedUris });
}
