import { parseActionPostbackData } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { channelAction } from './repository.ts';

/**
 * The template action a friend tapped, from a postback's data: its id, label and score. Only
 * actions of the channel's own templates count; other data (ours or not) and unknown ids give undefined.
 */
export async function tappedAction(
  db: Db,
  scope: ChannelScope,
  data: string,
): Promise<{ id: number; label: string; score: number } | undefined> {
  const actionId = parseActionPostbackData(data);
  if (actionId === null) return undefined;
  const action = await channelAction(db, scope, actionId);
  return action && { id: actionId, ...action };
}
