/**
 * Large changes by LINE's batch: when every friend on one LINE menu moves to another and they are
 * more than the threshold, one batch request moves them (not bulk calls of 500); a failed batch is
 * resumed by its resumeRequestKey; LINE's batch rate limit (3 per hour) falls back to bulk calls.
 * The threshold is lowered here (the job's is 10,000 friends).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SimChannel, SimFriend } from '@linq/line-simulator';
import { richMenusApi as api, tagsApi, type RichMenu } from '@linq/contract';
import { rowsOf } from '../../platform/db.ts';
import { channelScope } from '../../platform/principal.ts';
import { useTestApp, type Caller } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { engineChannel, listening } from '../plan-engine/test-support.ts';
import { relink } from './relink.ts';
import * as repo from './repository.ts';
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

const FRIENDS = 12;
const BATCH_ABOVE = 5;

/** Two published menus, FRIENDS friends on the first by a tag rule; answers what the test moves. */
async function friendsOnA(): Promise<{ a: RichMenu; b: RichMenu; ruleId: number; sims: SimFriend[] }> {
  const a = await published(t, as, (await menuWithImage(t, as, 'A')).id);
  const b = await published(t, as, (await menuWithImage(t, as, 'B')).id);
  const { output: tag } = await t.call(tagsApi.create, { body: { name: '対象', folder_id: null } }, as);
  const { sims, ids } = await friendsOfChannel(t, channel, lineAccountId, FRIENDS);
  await t.call(tagsApi.addFriends, { params: { id: tag.data.id }, body: { friend_ids: ids } }, as);
  const { output: rule } = await t.call(
    api.createRule,
    { body: { name: '対象', rich_menu_id: a.id, audience: { kind: 'tags', match: 'any', ids: [tag.data.id] } } },
    as,
  );
  await everyoneSees(sims, a);
  await relinksDone();
  return { a, b, ruleId: rule.data.id, sims };
}

/** No relink job waits or runs (the ones the setup asked for would otherwise move friends by bulk). */
const relinksDone = () =>
  waitFor(async () => {
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'rich-menus.relink' and state in ('created', 'retry', 'active')`,
      ),
    );
    return rows[0]?.n === 0 ? true : undefined;
  });

const everyoneSees = (sims: SimFriend[], menu: RichMenu) =>
  waitFor(async () => (sims.every((sim) => sim.richMenuId() === menu.line_rich_menu_id) ? true : undefined));

/** The rule now shows `menu` (written without the API's relink, so only the relink below moves anyone). */
async function ruleShows(ruleId: number, menu: RichMenu) {
  await repo.updateRule(t.db, channelScope(lineAccountId), ruleId, { richMenuId: menu.id });
}

const calls = () => ({
  batch: channel.operationCount('richMenuBatch'),
  bulk: channel.operationCount('linkRichMenuIdToUsers'),
});

describe('relinking many friends by LINE’s batch', () => {
  it('moves everyone on one menu to another in one batch', async () => {
    const { b, ruleId, sims } = await friendsOnA();
    const before = calls();
    await ruleShows(ruleId, b);
    await relink(t.ctx, lineAccountId, undefined, BATCH_ABOVE);
    await everyoneSees(sims, b);
    expect(calls()).toEqual({ batch: before.batch + 1, bulk: before.bulk });
    const friendIds = (await repo.friendMenusAfter(t.db, channelScope(lineAccountId), 0, 100)).map((r) => r.friendId);
    const why = await t.call(api.ofFriend, { params: { friend_id: friendIds[0]! } }, as);
    expect(why.output.data.linked_rich_menu_id).toBe(b.id);
  });

  it('resumes a failed batch by its resumeRequestKey', async () => {
    const { b, ruleId, sims } = await friendsOnA();
    const settings = await fetch(`${t.sim.url}/_sim/channels/${channel.channelId}/richmenu-settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ batchFailAfterUsers: 4 }),
    });
    expect(settings.status).toBe(200);
    const before = calls();
    await ruleShows(ruleId, b);
    await relink(t.ctx, lineAccountId, undefined, BATCH_ABOVE);
    // LINE stopped after 4 friends; the batch job sends it again with its key and LINE finishes it.
    await everyoneSees(sims, b);
    expect(calls()).toEqual({ batch: before.batch + 2, bulk: before.bulk });
  });

  it('falls back to bulk calls when LINE’s batch limit (3 per hour) is reached', async () => {
    const { b, ruleId, sims } = await friendsOnA();
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'richMenuBatch', mode: 'rate429', count: 1 });
    const before = calls();
    await ruleShows(ruleId, b);
    await relink(t.ctx, lineAccountId, undefined, BATCH_ABOVE);
    await everyoneSees(sims, b);
    expect(calls().bulk).toBe(before.bulk + 1);
  });
});
