import { describe, expect, it } from 'vitest';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { friendsApi, talksApi } from '@linq/contract';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { rowsOf } from '../../platform/db.ts';
import { containsPattern } from '../../platform/sql.ts';
import { friends } from './schema.ts';

const t = useTestApp();

/** A channel of its own, and a staff member of it, so the test sees only its friends. */
const freshChannel = () => t.factory.staffedChannel(t.tenant.account.id, t.tenant.fullAuthority.id);
type Channel = Awaited<ReturnType<typeof freshChannel>>;

const byId = (x: number, y: number) => x - y;

async function friendList(channel: Channel, name: string) {
  const query = { name, limit: 100 };
  const r = await t.request({
    method: 'GET',
    path: '/service/friends',
    token: channel.token,
    lineAccountId: channel.id,
    query,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const page = outputOf(friendsApi.list, r);
  expect(page.total_item_count).toBe(page.data.length);
  return page.data.map((f) => f.id).sort(byId);
}

async function talkList(channel: Channel, name: string) {
  const r = await t.request({
    method: 'GET',
    path: '/service/messages/conversations',
    token: channel.token,
    lineAccountId: channel.id,
    query: { name },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const page = outputOf(talksApi.conversations, r);
  expect(page.total_item_count).toBe(page.data.length);
  return page.data.map((c) => c.id).sort(byId);
}

/** The search as it was before the character index: `ilike` on each name column, nothing else. */
async function byIlikeAlone(channel: Channel, name: string) {
  const pattern = containsPattern(name);
  const rows = await t.db
    .select({ id: friends.id })
    .from(friends)
    .where(
      and(
        eq(friends.lineAccountId, channel.id),
        or(ilike(friends.displayNameOverride, pattern), ilike(friends.displayName, pattern)),
      ),
    );
  return rows.map((row) => row.id).sort(byId);
}

describe('name search of one or two characters (the name_grams index)', () => {
  it('finds in the friend list and the talk list exactly the friends ilike finds: kanji, kana, latin of either case', async () => {
    const channel = await freshChannel();
    const friend = (displayName: string, displayNameOverride: string | null = null) =>
      t.factory.friend(channel.id, { displayName, displayNameOverride, lastMessageAt: new Date() });
    const tanaka = await friend('田中 太郎');
    // 山田 only in the staff's override; LINE's name has neither character.
    const renamed = await friend('LINE名', '山田様');
    // 山 in LINE's name and 田 in the override: the pair 山田 is in neither name, so 山田 does not find it.
    const across = await friend('山本', '田村');
    const sakura = await friend('さくら');
    const katakana = await friend('サクラ');
    const kato = await friend('Kato Taro');
    const upper = await friend('KATO', 'VIP');
    // One code point of two UTF-16 units: 𠮷野 is a two-character search.
    const yoshino = await friend('𠮷野家');
    const noOverride = await friend('田');
    // Another channel's friend of the same name is never found.
    const other = await freshChannel();
    await t.factory.friend(other.id, { displayName: '田中 太郎', lastMessageAt: new Date() });

    const cases: [search: string, expected: number[]][] = [
      ['田', [tanaka.id, renamed.id, across.id, noOverride.id]],
      ['田中', [tanaka.id]],
      ['山田', [renamed.id]],
      ['山', [renamed.id, across.id]],
      ['様', [renamed.id]],
      ['く', [sakura.id]],
      ['さく', [sakura.id]],
      ['サク', [katakana.id]],
      ['k', [kato.id, upper.id]],
      ['K', [kato.id, upper.id]],
      ['tA', [kato.id]],
      ['RO', [kato.id]],
      ['v', [upper.id]],
      ['𠮷', [yoshino.id]],
      ['𠮷野', [yoshino.id]],
      ['野家', [yoshino.id]],
      ['%', []],
      ['佐藤', []],
    ];
    for (const [search, expected] of cases) {
      const sorted = [...expected].sort(byId);
      expect(await byIlikeAlone(channel, search), `ilike ${search}`).toEqual(sorted);
      expect(await friendList(channel, search), `friend list ${search}`).toEqual(sorted);
      expect(await talkList(channel, search), `talk list ${search}`).toEqual(sorted);
    }
  });

  it('is an index the planner can use for each name column', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(
        sql`explain select id from friends where name_grams(display_name) @> array['田'] or name_grams(display_name_override) @> array['田']`,
      );
      const text = rowsOf<{ 'QUERY PLAN': string }>(plan)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(text).toContain('friends_display_name_grams_idx');
      expect(text).toContain('friends_display_name_override_grams_idx');
    });
  });
});
