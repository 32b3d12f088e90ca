import { parseActionPostbackData } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { channelAction } from './repository.ts';

/**
 * The template action a friend tapped, from a postback event's payload: its label and score. Only
 * actions of the channel's own templates count; other data (ours or not) and unknown ids give undefined.
 */
export async function tappedAction(
  db: Db,
  scope: ChannelScope,
  payload: Record<string, unknown>,
): Promise<{ label: string; score: number } | undefined> {
  const postback = payload.postback as { data?: unknown } | undefined;
  if (typeof postback?.data !== 'string') return undefined;
  const actionId = parseActionPostbackData(postback.data);
  return actionId === null ? undefined : channelAction(db, scope, actionId);
}
