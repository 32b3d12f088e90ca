import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { addScore } from '../friends/repository.ts';
import { MARK_TABLES, TAG_TABLES, unlink } from '../labels/repository.ts';
import { PLAN_EFFECTS } from '../plan-engine/registries.ts';
import * as repo from './repository.ts';
import { requestRelink } from './relink.ts';

/*
 * Taps on a menu's areas. Every area but a link sends our postback data naming the area, so a tap is
 * counted per area, and what the area does beyond LINE's own action (a score, a plan, tags and
 * marks) is done here, in the tap's transaction, through the plan engine's effect kinds.
 */

const PREFIX = 'linq:rm:';
export const tapData = (areaId: number) => `${PREFIX}${areaId}`;
export function parseTapData(data: string): number | null {
  if (!data.startsWith(PREFIX)) return null;
  const id = Number(data.slice(PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

async function applyTap(
  ctx: AppContext,
  on: EventTransaction,
  lineAccountId: number,
  friendId: number,
  areaId: number,
) {
  const scope = channelScope(lineAccountId);
  const area = await repo.countTap(on.tx, scope, areaId);
  if (!area) return;
  const action = area.action;
  const effect = (kind: string, ids: number[]) =>
    ids.length === 0
      ? undefined
      : ctx.registries
          .all(PLAN_EFFECTS)
          .find((item) => item.kind === kind)
          ?.apply(ctx, on, scope, [friendId], ids);
  if (action.type === 'postback' && action.score !== 0) {
    await addScore(on.tx, scope, friendId, action.score);
    on.afterCommit(() => publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId, friendId }));
  }
  if (action.type === 'start_plan') await effect('start_plan', [action.plan_id]);
  if (action.type === 'labels') {
    await effect('tags', action.add_tag_ids);
    await effect('marks', action.add_mark_ids);
    for (const id of action.remove_tag_ids) await unlink(on.tx, TAG_TABLES, scope, id, [friendId]);
    for (const id of action.remove_mark_ids) await unlink(on.tx, MARK_TABLES, scope, id, [friendId]);
    // The friend's labels decide their menu.
    on.afterCommit(() => requestRelink(ctx, scope, [friendId]));
  }
}

/** Taps (postbacks of ours) are counted and acted on; a tag put on friends relinks their menus. */
export function richMenuSubscriptions(ctx: AppContext): void {
  ctx.events.subscribe('postback.tapped', async (tap, on) => {
    const areaId = parseTapData(tap.data);
    if (areaId !== null) await applyTap(ctx, on, tap.lineAccountId, tap.friendId, areaId);
  });
  ctx.events.subscribe('tag.added', async (added, on) => {
    on.afterCommit(() => requestRelink(ctx, channelScope(added.lineAccountId), added.friendIds));
  });
}
