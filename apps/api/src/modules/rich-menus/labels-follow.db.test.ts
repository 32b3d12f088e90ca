/**
 * A friend's menu follows what the rules read about them within seconds: a tag or mark put on or
 * taken off (friend detail and bulk, a menu tap, the label deleted), and info values set.
 */
import { beforeAll, beforeEach, describe, it } from 'vitest';
import type { SimChannel, SimFriend } from '@linq/line-simulator';
import {
  friendsApi,
  infoFieldsApi,
  marksApi,
  richMenusApi as api,
  tagsApi,
  type AudienceExpression,
  type RichMenu,
} from '@linq/contract';
import { useTestApp, type Caller } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { engineChannel, listening } from '../plan-engine/test-support.ts';
import { friendsOfChannel, menuWithImage, published } from './test-support.ts';

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

/** A published menu shown by a rule over the audience. */
async function ruleMenu(name: string, audience: AudienceExpression): Promise<RichMenu> {
  const menu = await published(t, as, (await menuWithImage(t, as, name)).id);
  await t.call(api.createRule, { body: { name, rich_menu_id: menu.id, audience } }, as);
  return menu;
}

const sees = (sim: SimFriend, menu: RichMenu | null) =>
  waitFor(async () => (sim.richMenuId() === (menu?.line_rich_menu_id ?? undefined) ? true : undefined));

describe('a friend’s menu follows their labels and info', () => {
  it('tags and marks put on and taken off, one by one and in bulk, and a deleted label', async () => {
    const { output: tag } = await t.call(tagsApi.create, { body: { name: 'VIP', folder_id: null } }, as);
    const { output: mark } = await t.call(
      marksApi.create,
      { body: { name: '要対応', folder_id: null, color: '#FF4D4F' } },
      as,
    );
    const tagged = await ruleMenu('タグ', { kind: 'tags', match: 'any', ids: [tag.data.id] });
    const marked = await ruleMenu('マーク', { kind: 'marks', match: 'any', ids: [mark.data.id] });
    const { sims, ids } = await friendsOfChannel(t, channel, lineAccountId, 3);

    await t.call(tagsApi.addFriends, { params: { id: tag.data.id }, body: { friend_ids: ids } }, as);
    await sees(sims[2]!, tagged);
    // Taken off one friend (the friend detail): the next rule (the mark) or nothing.
    await t.call(marksApi.addFriends, { params: { id: mark.data.id }, body: { friend_ids: [ids[0]!] } }, as);
    await t.call(tagsApi.removeFriends, { params: { id: tag.data.id }, body: { friend_ids: [ids[0]!] } }, as);
    await sees(sims[0]!, marked);
    await t.call(marksApi.removeFriends, { params: { id: mark.data.id }, body: { friend_ids: [ids[0]!] } }, as);
    await sees(sims[0]!, null);
    // The tag deleted while friends carry it: they lose the menu.
    const gone = await t.send(tagsApi.remove, { params: { id: tag.data.id }, query: { confirm: 'true' } }, as);
    if (gone.status !== 200) throw new Error(`tag delete: ${gone.status}`);
    await sees(sims[1]!, null);
    await sees(sims[2]!, null);
  });

  it('info values set or cleared', async () => {
    const { output: field } = await t.call(
      infoFieldsApi.create,
      { body: { name: '会員ランク', field_type: 'select', options: ['ゴールド', 'シルバー'] } },
      as,
    );
    const gold = await ruleMenu('ゴールド', { kind: 'info', field_id: field.data.id, op: 'equals', value: 'ゴールド' });
    const { sims, ids } = await friendsOfChannel(t, channel, lineAccountId, 1);
    const setRank = (value: string) =>
      t.call(
        friendsApi.setInfoValues,
        { params: { id: ids[0]! }, body: { values: [{ field_id: field.data.id, value }] } },
        as,
      );
    await setRank('ゴールド');
    await sees(sims[0]!, gold);
    await setRank('');
    await sees(sims[0]!, null);
  });
});
