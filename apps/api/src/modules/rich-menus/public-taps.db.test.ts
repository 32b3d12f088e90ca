/**
 * Taps we count beyond postbacks: a link area opens our redirect (counted anonymously, then sent on
 * to its address), a page area opens the public /rich-menu page (its content from the editor), and
 * a postback tap reads in the friend's talk as 「label」を選択 under the menu's name.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimChannel } from '@linq/line-simulator';
import { richMenuPublicApi, richMenusApi as api, talksApi, type RichMenu } from '@linq/contract';
import { outputOf, useTestApp, type Caller } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { engineChannel, listening } from '../plan-engine/test-support.ts';
import { menuWithImage, published } from './test-support.ts';

const t = useTestApp({ simulator: true });
let channel: SimChannel;
let lineAccountId: number;
let as: Caller;
let consoleUrl: string;

beforeAll(async () => {
  consoleUrl = await listening(t);
});
beforeEach(async () => {
  ({ channel, lineAccountId, as } = await engineChannel(t, consoleUrl));
});

const tapsOf = async (menuId: number) =>
  (await t.call(api.get, { params: { id: menuId } }, as)).output.data.areas.map((area) => area.tap_count);

async function threeAreaMenu(): Promise<RichMenu> {
  const menu = await menuWithImage(t, as, '案内', {
    areas: [
      {
        x: 0,
        y: 0,
        width: 800,
        height: 843,
        action: { type: 'uri', label: 'ショップ', uri: 'https://example.com/shop' },
      },
      {
        x: 800,
        y: 0,
        width: 800,
        height: 843,
        action: { type: 'page', label: 'お知らせ', title: '春のセール', text: '全品10%オフ', image_url: null },
      },
      {
        x: 1600,
        y: 0,
        width: 900,
        height: 843,
        action: { type: 'postback', label: 'クーポン', display_text: '', score: 0 },
      },
    ],
  });
  return published(t, as, menu.id);
}

describe('rich-menu taps', () => {
  it('a link area goes through our redirect, counted, to its address', async () => {
    const menu = await threeAreaMenu();
    const { friend: sim, row } = await t.factory.followingFriend(channel, lineAccountId);
    await t.call(api.setOfFriend, { params: { friend_id: row.id }, body: { rich_menu_id: menu.id } }, as);
    await waitFor(async () => (sim.richMenuId() === menu.line_rich_menu_id ? true : undefined));
    // LINE holds our redirect, not the address itself.
    const tap = await sim.tapRichMenu(0);
    const path = menu.areas[0]!.public_path!;
    expect(path).toMatch(/^\/rich-menu-links\/[0-9a-f]{32}$/);
    expect(String(tap.action['uri'])).toMatch(new RegExp(`${path}$`));
    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('https://example.com/shop');
    expect(await tapsOf(menu.id)).toEqual([1, 0, 0]);
    // A token that names no link area finds nothing.
    expect((await t.app.inject({ method: 'GET', url: '/rich-menu-links/nope' })).statusCode).toBe(404);
  });

  it('a page area shows the editor’s content on the public page, counted', async () => {
    const menu = await threeAreaMenu();
    const path = menu.areas[1]!.public_path!;
    expect(path).toMatch(/^\/rich-menu\?p=[0-9a-f]{32}$/);
    const token = new URLSearchParams(path.split('?')[1]).get('p')!;
    const response = await t.send(richMenuPublicApi.page, { params: { token } });
    expect(response.status).toBe(200);
    expect(outputOf(richMenuPublicApi.page, response).data).toEqual({
      title: '春のセール',
      text: '全品10%オフ',
      image_url: null,
      menu_name: '案内',
    });
    expect(await tapsOf(menu.id)).toEqual([0, 1, 0]);
    // Another area's token (a link, not a page) is no page.
    const link = menu.areas[0]!.public_path!.split('/').at(-1)!;
    expect((await t.send(richMenuPublicApi.page, { params: { token: link } })).status).toBe(404);
  });

  it('a postback tap reads in the talk with the area’s label and the menu’s name', async () => {
    const menu = await threeAreaMenu();
    const { friend: sim, row } = await t.factory.followingFriend(channel, lineAccountId);
    await t.call(api.setOfFriend, { params: { friend_id: row.id }, body: { rich_menu_id: menu.id } }, as);
    await waitFor(async () => (sim.richMenuId() === menu.line_rich_menu_id ? true : undefined));
    await sim.tapRichMenu(2);
    const entry = await waitFor(async () => {
      const { output } = await t.call(talksApi.history, { query: { friend_id: row.id } }, as);
      return output.data.find((item) => item.type === 'postback');
    });
    expect(entry.content).toMatchObject({ label: 'クーポン', origin: { kind: 'rich_menu', text: '案内' } });
  });
});
