import { makePng } from '@linq/line-simulator';
import type { RichMenuAction } from '@linq/contract';
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { channelScope } from '../platform/principal.ts';
import * as richMenus from '../modules/rich-menus/repository.ts';
import { newImageKey } from '../modules/rich-menus/service.ts';

/*
 * Each demo channel's rich menus (issue 24): a main menu shown to everyone (the default) and a VIP
 * tab shown to friends tagged VIP by a display rule, each with an area switching to the other
 * (LINE's aliases). They are published to the simulator by the publish job once the jobs start.
 */

export const DEMO_MAIN_MENU = 'メインメニュー';
export const DEMO_VIP_MENU = 'VIP会員メニュー';
/** The tag the VIP menu's rule takes (one of DEMO_TAGS; the seed passes its id). */
export const DEMO_VIP_TAG = 'VIP';
const SIZE = { width: 2500, height: 843 };
const THIRD = Math.floor(SIZE.width / 3);

interface DemoArea {
  x: number;
  width: number;
  action: RichMenuAction;
}

const areasOf = (areas: DemoArea[]) =>
  areas.map((area, position) => ({
    id: null,
    position,
    x: area.x,
    y: 0,
    width: area.width,
    height: SIZE.height,
    actionType: area.action.type,
    action: area.action,
    switchRichMenuId: area.action.type === 'richmenuswitch' ? area.action.rich_menu_id : null,
  }));

async function menu(
  db: Db,
  ctx: AppContext,
  lineAccountId: number,
  name: string,
  alias: string,
  rgb: [number, number, number],
) {
  const key = newImageKey('image/png');
  await ctx.files.put(key, makePng(SIZE.width, SIZE.height, rgb));
  return richMenus.insertMenu(db, channelScope(lineAccountId), {
    name,
    chatBarText: name === DEMO_MAIN_MENU ? 'メニュー' : 'VIPメニュー',
    aliasId: alias,
    imageKey: key,
    imageType: 'image/png',
    ...SIZE,
    publishState: 'publishing',
  });
}

/** Seeds the channel's two menus, the default and the VIP rule; answers the menus to publish. */
export async function seedDemoRichMenus(
  db: Db,
  ctx: AppContext,
  lineAccountId: number,
  vipTagId: number | undefined,
): Promise<number[]> {
  const scope = channelScope(lineAccountId);
  const main = await menu(db, ctx, lineAccountId, DEMO_MAIN_MENU, 'main', [6, 199, 85]);
  const vip = await menu(db, ctx, lineAccountId, DEMO_VIP_MENU, 'vip', [212, 175, 55]);
  await richMenus.replaceAreas(
    db,
    scope,
    main.id,
    areasOf([
      { x: 0, width: THIRD, action: { type: 'postback', label: 'クーポン', display_text: 'クーポン', score: 10 } },
      { x: THIRD, width: THIRD, action: { type: 'uri', label: 'ショップ', uri: 'https://example.com/shop' } },
      {
        x: THIRD * 2,
        width: SIZE.width - THIRD * 2,
        action: { type: 'richmenuswitch', label: 'VIP', rich_menu_id: vip.id },
      },
    ]),
  );
  await richMenus.replaceAreas(
    db,
    scope,
    vip.id,
    areasOf([
      { x: 0, width: THIRD * 2, action: { type: 'postback', label: 'VIP特典', display_text: 'VIP特典', score: 20 } },
      {
        x: THIRD * 2,
        width: SIZE.width - THIRD * 2,
        action: { type: 'richmenuswitch', label: 'メイン', rich_menu_id: main.id },
      },
    ]),
  );
  await richMenus.saveSettings(db, scope, { defaultRichMenuId: main.id });
  if (vipTagId !== undefined) {
    await richMenus.insertRule(db, scope, {
      name: 'VIP会員',
      richMenuId: vip.id,
      audience: { kind: 'tags', match: 'any', ids: [vipTagId] },
      startsAt: null,
      endsAt: null,
    });
  }
  return [main.id, vip.id];
}

/** Asks the publish job to put the seeded menus on LINE (after the seed committed). */
export async function publishDemoRichMenus(ctx: AppContext, lineAccountId: number, menuIds: number[]): Promise<void> {
  for (const richMenuId of menuIds)
    await ctx.queue.send('rich-menus.publish', { lineAccountId, richMenuId, attempt: 1 });
}
