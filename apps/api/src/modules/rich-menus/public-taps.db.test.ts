/**
 * Taps we count beyond postbacks: a link area opens our redirect (counted anonymously, then sent on
 * to its address), a page area opens the public /rich-menu page (its content from the editor), and
 * a postback tap reads in the friend's talk as 「label」を選択 under the menu's name.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimChannel } from '@linq/line-simulator';
import { asc, eq } from 'drizzle-orm';
import {
  FRIEND_LINK_PARAM,
  linksApi,
  richMenuPublicApi,
  richMenusApi as api,
  talksApi,
  type RichMenu,
} from '@linq/contract';
import { serverOrigin } from '../../platform/public-origin.ts';
import { channelScope } from '../../platform/principal.ts';
import { outputOf, useTestApp, type Caller } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { insertLinks } from '../links/repository.ts';
import { engineChannel, listening } from '../plan-engine/test-support.ts';
import { richMenuTaps } from './schema.ts';
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

  it('counts taps per area by JST day: the engine clock’s instant falls on its Japanese date', async () => {
    const menu = await threeAreaMenu();
    const { friend: sim, row } = await t.factory.followingFriend(channel, lineAccountId);
    await t.call(api.setOfFriend, { params: { friend_id: row.id }, body: { rich_menu_id: menu.id } }, as);
    await waitFor(async () => (sim.richMenuId() === menu.line_rich_menu_id ? true : undefined));
    const pageToken = new URLSearchParams(menu.areas[1]!.public_path!.split('?')[1]).get('p')!;
    const openPage = async () =>
      expect((await t.send(richMenuPublicApi.page, { params: { token: pageToken } })).status).toBe(200);
    const ours = async (from: string, to: string) =>
      (await t.call(api.insight, { params: { id: menu.id }, query: { from, to } }, as)).output.data.ours.map(
        (area) => area.count,
      );

    // The last second of 9 March in Japan (14:59:59 UTC): one page opening.
    t.ctx.clock.set(new Date('2026-03-09T14:59:59Z'));
    await openPage();
    // Midnight of 10 March in Japan (15:00 UTC on the 9th): two page openings, a link, a postback.
    t.ctx.clock.set(new Date('2026-03-09T15:00:00Z'));
    await openPage();
    await openPage();
    expect((await t.app.inject({ method: 'GET', url: menu.areas[0]!.public_path! })).statusCode).toBe(302);
    await sim.tapRichMenu(2);
    await waitFor(async () => ((await ours('2026-03-10', '2026-03-10'))[2] === 1 ? true : undefined));

    expect(await ours('2026-03-09', '2026-03-09')).toEqual([0, 1, 0]);
    expect(await ours('2026-03-10', '2026-03-10')).toEqual([1, 2, 1]);
    expect(await ours('2026-03-09', '2026-03-10')).toEqual([1, 3, 1]);
    expect(await ours('2026-03-08', '2026-03-08')).toEqual([0, 0, 0]);
    expect(await ours('2026-03-11', '2026-03-11')).toEqual([0, 0, 0]);
    // The all-time count stays on the menu (the list's total).
    expect(await tapsOf(menu.id)).toEqual([1, 3, 1]);
  });

  it('a page opened through the friend’s own tracked link names the friend; otherwise the opening is anonymous', async () => {
    const menu = await threeAreaMenu();
    const { row: friend } = await t.factory.followingFriend(channel, lineAccountId);
    const pagePath = menu.areas[1]!.public_path!;
    const pageToken = new URLSearchParams(pagePath.split('?')[1]).get('p')!;
    const origin = serverOrigin(t.app, t.ctx.config);
    // Tracked links as a template's send stores them: one to the page, one elsewhere with the same path.
    await insertLinks(t.db, channelScope(lineAccountId), [
      { token: 'tokenToThePage0000000A', friendId: friend.id, actionItemId: 1, targetUrl: `${origin}${pagePath}` },
      {
        token: 'tokenToElsewhere000000A',
        friendId: friend.id,
        actionItemId: 2,
        targetUrl: `https://elsewhere.example${pagePath}`,
      },
    ]);

    // The redirect answers the page with the link's token added; a page elsewhere gets nothing added.
    const followed = (await t.call(linksApi.follow, { params: { token: 'tokenToThePage0000000A' } })).output.data;
    const answered = new URL(followed.url);
    expect(`${answered.origin}${answered.pathname}`).toBe(`${origin}/rich-menu`);
    expect(answered.searchParams.get('p')).toBe(pageToken);
    const via = answered.searchParams.get(FRIEND_LINK_PARAM)!;
    expect(via).toBe('tokenToThePage0000000A');
    expect(String(friend.id)).not.toBe(via);
    const elsewhere = (await t.call(linksApi.follow, { params: { token: 'tokenToElsewhere000000A' } })).output.data;
    expect(elsewhere.url).toBe(`https://elsewhere.example${pagePath}`);

    // Another channel's friend with a link to this very page: not this channel's friend.
    const other = await engineChannel(t, consoleUrl);
    const { row: stranger } = await t.factory.followingFriend(other.channel, other.lineAccountId);
    await insertLinks(t.db, channelScope(other.lineAccountId), [
      { token: 'tokenOfAnotherChannelA', friendId: stranger.id, actionItemId: 3, targetUrl: `${origin}${pagePath}` },
    ]);

    const open = async (query: { via?: string }) =>
      expect((await t.send(richMenuPublicApi.page, { params: { token: pageToken }, query })).status).toBe(200);
    await open({ via }); // through the friend's link: the friend's
    await open({}); // opened directly: anonymous
    await open({ via: 'tokenToElsewhere000000A' }); // the friend's link to another address: anonymous
    await open({ via: 'nope' }); // no link: anonymous, still counted
    await open({ via: 'tokenOfAnotherChannelA' }); // another channel's friend: anonymous

    const taps = await t.db
      .select({ areaId: richMenuTaps.areaId, friendId: richMenuTaps.friendId })
      .from(richMenuTaps)
      .where(eq(richMenuTaps.richMenuId, menu.id))
      .orderBy(asc(richMenuTaps.id));
    expect(taps).toEqual([
      { areaId: menu.areas[1]!.id, friendId: friend.id },
      { areaId: menu.areas[1]!.id, friendId: null },
      { areaId: menu.areas[1]!.id, friendId: null },
      { areaId: menu.areas[1]!.id, friendId: null },
      { areaId: menu.areas[1]!.id, friendId: null },
    ]);
  });
});
