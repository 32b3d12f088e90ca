import { RICH_MENU_PAGE_ROUTE } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { addScore } from '../friends/repository.ts';
import { MARK_TABLES, TAG_TABLES } from '../labels/repository.ts';
import { unlinkLabel } from '../labels/service.ts';
import { friendPage } from '../links/friend-pages.ts';
import { PLAN_EFFECTS } from '../plan-engine/registries.ts';
import { tapDescriber } from '../talks/sources.ts';
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
  const area = await repo.countTap(on.tx, scope, areaId, { friendId, at: ctx.clock.now() });
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
    for (const id of action.remove_tag_ids) {
      await unlinkLabel(on, { tables: TAG_TABLES, folderType: 'tags' }, scope, id, [friendId]);
    }
    for (const id of action.remove_mark_ids) {
      await unlinkLabel(on, { tables: MARK_TABLES, folderType: 'marks' }, scope, id, [friendId]);
    }
  }
}

/**
 * Taps (postbacks of ours) are counted and acted on. What a rule's audience reads about friends
 * (tags, marks, info values) changing, or a friend coming back, relinks their menus after commit.
 */
export function richMenuSubscriptions(ctx: AppContext): void {
  ctx.events.subscribe('postback.tapped', async (tap, on) => {
    const areaId = parseTapData(tap.data);
    if (areaId !== null) await applyTap(ctx, on, tap.lineAccountId, tap.friendId, areaId);
  });
  const follow = (lineAccountId: number, friendIds: number[], on: EventTransaction) =>
    on.afterCommit(() => requestRelink(ctx, channelScope(lineAccountId), friendIds), 'rich-menus: relink friends');
  ctx.events.subscribe('tag.added', async (event, on) => follow(event.lineAccountId, event.friendIds, on));
  ctx.events.subscribe('mark.added', async (event, on) => follow(event.lineAccountId, event.friendIds, on));
  ctx.events.subscribe('label.removed', async (event, on) => follow(event.lineAccountId, event.friendIds, on));
  ctx.events.subscribe('friend.info_changed', async (event, on) => follow(event.lineAccountId, [event.friendId], on));
  // A new friend has nothing a rule reads yet; one coming back may (a blocked friend was not linked).
  ctx.events.subscribe('friend.followed', async (event, on) => {
    if (event.kind !== 'new') follow(event.lineAccountId, [event.friendId], on);
  });
}

/**
 * A tap on an area of ours in the friend's talk: the area's label (or its displayed text) under the
 * menu's name, so the talk reads 「クーポン」を選択 (リッチメニュー: メイン).
 */
export const richMenuTaps = tapDescriber({
  async describe(db, scope, _friendId, data) {
    const areaId = parseTapData(data);
    const found = areaId === null ? undefined : await repo.areaWithMenu(db, scope, areaId);
    if (!found) return undefined;
    const displayText =
      found.action.type === 'postback' && found.action.display_text ? found.action.display_text : null;
    return {
      label: found.action.label || displayText || found.menuName,
      display_text: displayText,
      origin: { kind: 'rich_menu', text: found.menuName },
    };
  },
});

/** The /rich-menu page wants its friend: opened through the friend's tracked link, the tap names them. */
export const richMenuFriendPage = friendPage({
  wants: (address) => address.pathname === RICH_MENU_PAGE_ROUTE && address.searchParams.has('p'),
});
