/**
 * Rich menus through the API against the LINE simulator: CRUD, LINE's image rules as 422 reasons,
 * publish / replace / delete (nothing left on LINE), a 429 waited out, display rules relinking
 * friends in bulk (those who matched before the rule existed too), a friend's own menu, and a plan
 * box switching the menu through the effect registry.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimChannel } from '@linq/line-simulator';
import { makePng } from '@linq/line-simulator';
import { RICH_MENU_IMAGE_MESSAGES, richMenusApi as api, tagsApi, type RichMenuInput } from '@linq/contract';
import { useTestApp, type Caller } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { engineChannel, listening } from '../plan-engine/test-support.ts';
import {
  friendsOfChannel as channelFriends,
  menuInput,
  menuWithImage as withImage,
  published as publishedMenu,
  upload as uploadTo,
} from './test-support.ts';

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

const upload = (menuId: number, bytes: Buffer) => uploadTo(t, as, menuId, bytes);
const input = menuInput;
const menuWithImage = (name: string, more: Partial<RichMenuInput> = {}) => withImage(t, as, name, more);
const published = (menuId: number) => publishedMenu(t, as, menuId);

/** The simulator's control routes: what LINE holds for the channel. */
async function control<T>(path: string): Promise<T> {
  return (await (await fetch(`${t.sim.url}/_sim/channels/${channel.channelId}${path}`)).json()) as T;
}
const onLine = async () => (await control<{ richMenuId: string }[]>('/richmenus')).map((menu) => menu.richMenuId);
const lineDefault = async () => (await control<{ defaultRichMenuId: string | null }>('')).defaultRichMenuId;

const friendsOfChannel = (count: number) => channelFriends(t, channel, lineAccountId, count);

describe('rich menus', () => {
  it('are created, listed by name and folder, copied and saved with their areas', async () => {
    const { output: created } = await t.call(api.create, { body: input('春のメニュー') }, as);
    expect(created.data).toMatchObject({ name: '春のメニュー', publish_state: 'draft', image_url: null });
    expect(created.data.areas).toEqual([
      expect.objectContaining({ x: 0, y: 0, width: 1250, height: 843, tap_count: 0 }),
    ]);
    const { output: copy } = await t.call(api.copy, { params: { id: created.data.id }, body: {} }, as);
    expect(copy.data.name).toBe('春のメニューのコピー');
    const { output: found } = await t.call(api.list, { query: { name: 'コピー' } }, as);
    expect(found.data.map((menu) => menu.id)).toEqual([copy.data.id]);

    const areaId = created.data.areas[0]!.id;
    const saved = await t.call(
      api.update,
      {
        params: { id: created.data.id },
        body: input('春のメニュー', {
          areas: [
            {
              id: areaId,
              x: 10,
              y: 10,
              width: 100,
              height: 100,
              action: { type: 'message', label: '', text: 'こんにちは' },
            },
            { x: 200, y: 0, width: 100, height: 100, action: { type: 'uri', label: '', uri: 'https://example.com/' } },
          ],
        }),
      },
      as,
    );
    expect(saved.output.data.areas.map((area) => area.id)[0]).toBe(areaId);
    expect(saved.output.data.areas).toHaveLength(2);
    // More than 14 characters in the chat bar, or an area of another menu: refused with the field.
    const long = await t.send(
      api.update,
      { params: { id: created.data.id }, body: input('x', { chat_bar_text: 'あ'.repeat(15) }) },
      as,
    );
    expect(long.status).toBe(422);
    expect(Object.keys(long.json.errors as object)).toEqual(['chat_bar_text']);
  });

  it('refuses images outside LINE’s rules with the reason', async () => {
    const { output } = await t.call(api.create, { body: input('画像') }, as);
    const cases: [Buffer, keyof typeof RICH_MENU_IMAGE_MESSAGES][] = [
      [Buffer.from('not an image'), 'type'],
      [makePng(700, 300), 'width'],
      [makePng(1000, 200), 'height'],
      [makePng(1000, 800), 'ratio'],
    ];
    for (const [bytes, reason] of cases) {
      const response = await upload(output.data.id, bytes);
      expect(response.status).toBe(422);
      expect(response.json.errors).toEqual({ file: { description: RICH_MENU_IMAGE_MESSAGES[reason] } });
    }
    const ok = await upload(output.data.id, makePng(2500, 843));
    expect(ok.json.data).toMatchObject({ width: 2500, height: 843 });
    const image = await t.app.inject({ method: 'GET', url: new URL(ok.json.data!.image_url!, 'http://x').pathname });
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('publishes to LINE, replaces an edited menu without a gap, and leaves nothing on LINE after delete', async () => {
    const tab = await menuWithImage('タブB', { alias_id: 'tab-b' });
    const menu = await menuWithImage('既定', {
      areas: [
        { x: 0, y: 0, width: 1250, height: 843, action: { type: 'richmenuswitch', label: '', rich_menu_id: tab.id } },
      ],
    });
    const first = await published(menu.id);
    // The switch area names a tab that is not on LINE yet: LINE would refuse, the publish says so.
    expect(first.line_rich_menu_id).toBeTruthy();
    await published(tab.id);
    await t.call(api.setDefault, { body: { rich_menu_id: menu.id } }, as);
    await waitFor(async () => ((await lineDefault()) === first.line_rich_menu_id ? true : undefined));
    const { sims, ids } = await friendsOfChannel(2);
    await t.call(api.setOfFriend, { params: { friend_id: ids[0]! }, body: { rich_menu_id: menu.id } }, as);
    await waitFor(async () => (sims[0]!.richMenuId() === first.line_rich_menu_id ? true : undefined));

    // The tab cannot go while a menu switches to it.
    expect((await t.call(api.remove, { params: { id: tab.id } }, as)).status).toBe(409);

    // Edited and published again: a new copy on LINE, the friend and the default moved over, the old one deleted.
    await t.call(api.update, { params: { id: menu.id }, body: input('既定（改）') }, as);
    const second = await published(menu.id);
    expect(second.line_rich_menu_id).not.toBe(first.line_rich_menu_id);
    await waitFor(async () => ((await onLine()).includes(first.line_rich_menu_id!) ? undefined : true));
    expect(sims[0]!.richMenuId()).toBe(second.line_rich_menu_id);
    expect(await lineDefault()).toBe(second.line_rich_menu_id);

    // Both deleted: LINE keeps nothing of them.
    await t.call(api.remove, { params: { id: menu.id } }, as);
    await t.call(api.remove, { params: { id: tab.id } }, as);
    await waitFor(async () => ((await onLine()).length === 0 ? true : undefined));
    expect(sims[0]!.richMenuId()).toBeUndefined();
  });

  it('waits out a 429 on create and publishes after it', async () => {
    const menu = await menuWithImage('混雑');
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'createRichMenu', mode: 'rate429', count: 1 });
    const done = await published(menu.id);
    expect(await onLine()).toEqual([done.line_rich_menu_id]);
  });

  it('links friends a rule takes in bulk, those tagged before the rule existed too, and unlinks those it no longer takes', async () => {
    const fallback = await published((await menuWithImage('既定')).id);
    const tagged = await published((await menuWithImage('タグ付き')).id);
    await t.call(api.setDefault, { body: { rich_menu_id: fallback.id } }, as);
    const { output: tag } = await t.call(tagsApi.create, { body: { name: 'VIP', folder_id: null } }, as);
    const { sims, ids } = await friendsOfChannel(620);
    // Tagged before any rule exists.
    await t.call(tagsApi.addFriends, { params: { id: tag.data.id }, body: { friend_ids: ids.slice(0, 600) } }, as);
    const { output: rule } = await t.call(
      api.createRule,
      { body: { name: 'VIP', rich_menu_id: tagged.id, audience: { kind: 'tags', match: 'any', ids: [tag.data.id] } } },
      as,
    );
    await waitFor(async () =>
      sims.slice(0, 600).every((sim) => sim.richMenuId() === tagged.line_rich_menu_id) ? true : undefined,
    );
    // The others see the default, which is never linked to them.
    expect(sims[600]!.richMenuId()).toBe(fallback.line_rich_menu_id);
    const why = await t.call(api.ofFriend, { params: { friend_id: ids[0]! } }, as);
    expect(why.output.data).toMatchObject({ reason: 'rule', rule_id: rule.data.id, rich_menu_id: tagged.id });
    expect((await t.call(api.ofFriend, { params: { friend_id: ids[610]! } }, as)).output.data.reason).toBe('default');
    expect((await t.call(api.previewRules, {}, as)).output.data).toEqual([
      { rule_id: rule.data.id, friend_count: 600 },
    ]);

    // A tag put on a friend later: their menu follows.
    await t.call(tagsApi.addFriends, { params: { id: tag.data.id }, body: { friend_ids: [ids[610]!] } }, as);
    await waitFor(async () => (sims[610]!.richMenuId() === tagged.line_rich_menu_id ? true : undefined));

    // The rule goes: everyone it took is unlinked, so the default shows.
    await t.call(api.removeRule, { params: { id: rule.data.id } }, as);
    await waitFor(async () =>
      sims.every((sim) => sim.richMenuId() === fallback.line_rich_menu_id) ? true : undefined,
    );

    // Clean exit: no per-user menu and no default left on LINE.
    await t.call(api.setOfFriend, { params: { friend_id: ids[1]! }, body: { rich_menu_id: tagged.id } }, as);
    await waitFor(async () => (sims[1]!.richMenuId() === tagged.line_rich_menu_id ? true : undefined));
    await t.call(api.cleanExit, { body: {} }, as);
    await waitFor(async () => (sims.every((sim) => sim.richMenuId() === undefined) ? true : undefined));
  });

  it('a plan box’s rich menu becomes the friend’s own menu through the effect registry', async () => {
    const menu = await published((await menuWithImage('プラン')).id);
    const { ids, sims } = await friendsOfChannel(1);
    const effect = t.ctx.registries
      .all((await import('../plan-engine/registries.ts')).PLAN_EFFECTS)
      .find((kind) => kind.kind === 'rich_menu')!;
    const { channelScope } = await import('../../platform/principal.ts');
    await t.ctx.events.transaction(t.db, (on) => effect.apply(t.ctx, on, channelScope(lineAccountId), ids, [menu.id]));
    await waitFor(async () => (sims[0]!.richMenuId() === menu.line_rich_menu_id ? true : undefined));
    expect((await t.call(api.ofFriend, { params: { friend_id: ids[0]! } }, as)).output.data.reason).toBe('personal');
  });

  it('counts a tap on a postback area and gives its score', async () => {
    const menu = await published((await menuWithImage('タップ')).id);
    const { friend: sim, row } = await t.factory.followingFriend(channel, lineAccountId);
    await t.call(api.setOfFriend, { params: { friend_id: row.id }, body: { rich_menu_id: menu.id } }, as);
    await waitFor(async () => (sim.richMenuId() === menu.line_rich_menu_id ? true : undefined));
    await sim.tapRichMenu(0);
    await waitFor(async () => {
      const { output } = await t.call(api.get, { params: { id: menu.id } }, as);
      return output.data.areas[0]!.tap_count === 1 ? true : undefined;
    });
  });
});
