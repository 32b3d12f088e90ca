import { parseActionPostbackData, tappedItemOf } from '@linq/contract';
import { channelFriend } from '../friends/repository.ts';
import { tapDescriber } from '../talks/sources.ts';
import { contextOf } from './line-message.ts';
import { channelActionMessage } from './repository.ts';

/**
 * A tap on an action of one of the channel's templates (sent from the talk or as a test), as the
 * friend saw it: the button's label and the message it was under, filled in for the friend. Only the
 * channel's own templates count; other data gives undefined.
 */
export const templateTaps = tapDescriber({
  async describe(db, scope, friendId, data) {
    const actionId = parseActionPostbackData(data);
    if (actionId === null) return undefined;
    const message = await channelActionMessage(db, scope, actionId);
    const friend = message && (await channelFriend(db, scope, friendId));
    if (!message || !friend) return undefined;
    return tappedItemOf(message, actionId, await contextOf(db, friend)) ?? undefined;
  },
});
