/**
 * LINE's rich-menu insight beside our counts: a draft has none, below LINE's privacy threshold it is
 * "not enough data" (never zeros), above it the taps and unique users per area, matched to our areas.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimChannel } from '@linq/line-simulator';
import { richMenusApi as api } from '@linq/contract';
import { useTestApp, type Caller } from '../../test/kit.ts';
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

const insightOf = async (id: number, query: { from?: string; to?: string } = {}) =>
  (await t.call(api.insight, { params: { id }, query }, as)).output.data;

async function privacyThreshold(value: number) {
  const response = await fetch(`${t.sim.url}/_sim/channels/${channel.channelId}/richmenu-settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ insightPrivacyThreshold: value }),
  });
  expect(response.status).toBe(200);
}

describe('rich-menu insight', () => {
  it('is not_published for a draft, not_enough_data below LINE’s threshold, and the figures per area above it', async () => {
    const draft = await menuWithImage(t, as, '下書き');
    expect((await insightOf(draft.id)).state).toBe('not_published');

    const menu = await published(t, as, (await menuWithImage(t, as, '集計')).id);
    const { friend: sim, row } = await t.factory.followingFriend(channel, lineAccountId);
    await t.call(api.setOfFriend, { params: { friend_id: row.id }, body: { rich_menu_id: menu.id } }, as);
    await waitFor(async () => (sim.richMenuId() === menu.line_rich_menu_id ? true : undefined));
    await sim.tapRichMenu(0);

    // One friend tapped: LINE withholds the figures, and we say so instead of showing 0.
    const withheld = await insightOf(menu.id);
    expect(withheld).toMatchObject({ state: 'not_enough_data', impressions: null, areas: [] });

    await privacyThreshold(1);
    const figures = await insightOf(menu.id);
    expect(figures.state).toBe('ready');
    expect(figures.areas).toHaveLength(1);
    expect(figures.areas[0]).toMatchObject({ area_id: menu.areas[0]!.id, count: 1, unique_users: 1 });
    expect(figures.areas[0]!.daily.reduce((sum, day) => sum + day.count, 0)).toBe(1);

    // More than LINE's 99 days of daily figures: refused with the field.
    const tooLong = await t.send(
      api.insight,
      { params: { id: menu.id }, query: { from: '2026-01-01', to: '2026-06-30' } },
      as,
    );
    expect(tooLong.status).toBe(422);
  });
});
