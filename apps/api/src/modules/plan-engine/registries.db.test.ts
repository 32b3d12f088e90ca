/**
 * The plan engine's plug-in points (registries.ts): a feature adds a trigger kind and an effect kind
 * from its own manifest, as a form or rich-menu module will, and the engine starts scenarios and
 * applies effects by them; a trigger matching many friends at once enrols them in bulk by a job,
 * after which the enrolments' statistics count them.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { SimChannel, SimFriend } from '@linq/line-simulator';
import { plansApi, tagsApi } from '@linq/contract';
import { ANALYZE_AFTER_ROWS, rowsOf } from '../../platform/db.ts';
import type { ModuleManifest } from '../../platform/module.ts';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { friends } from '../friends/schema.ts';
import { planEnrolments } from '../plans/schema.ts';
import { branchingScenario, savePlan, simplePlan, type Caller } from '../plans/test-support.ts';
import { INLINE_ENROLMENT_MAX } from './enrol.ts';
import { richMenuFriends, richMenus } from '../rich-menus/schema.ts';
import { planTrigger } from './registries.ts';
import { planSends } from './schema.ts';
import { activePlan, engineChannel, listening } from './test-support.ts';

/**
 * A feature as later issues will write one, here in a test: its trigger "a link was opened" (naming
 * the link's action). The effect kind `rich_menu` is the rich-menus module's own.
 */
const featureModule: ModuleManifest = {
  name: 'registry-test',
  contributes: [
    planTrigger({
      kind: 'test_link_opened',
      event: 'link.opened',
      ref: {
        listPath: '/service/tags',
        requiredMessage: 'リンクを選んでください',
        foreignMessage: 'このチャネルのリンクではありません',
        ownIds: async (_db, _scope, ids) => new Set(ids.filter((id) => id < 1_000)),
      },
      fired: (event) => ({
        lineAccountId: event.lineAccountId,
        friendIds: [event.friendId],
        refId: event.actionItemId,
      }),
    }),
  ],
};

const t = useTestApp({ simulator: true, modules: [featureModule] });
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

/** Whether every bulk enrolment request so far was handled by the engine's job. */
async function bulkRequestsHandled(): Promise<boolean> {
  const [row] = rowsOf<{ waiting: number }>(
    await t.db.execute(sql`
      select count(*)::int as waiting from outbox_events e
      where e.name = 'plan.enrolment_requested'
        and not exists (select 1 from outbox_receipts r where r.event_id = e.id and r.consumer = 'plan-engine.bulk-enrolment')`),
  );
  return row!.waiting === 0;
}

/** Friends of the channel on LINE and in the console, without webhooks (too many to follow one by one). */
async function quietFriends(count: number): Promise<{ sims: SimFriend[]; ids: number[] }> {
  const sims = channel.createFriends(count, (index) => `一括 ${index}`);
  const ids: number[] = [];
  for (const sim of sims) ids.push((await t.factory.friend(lineAccountId, { lineUserId: sim.userId })).id);
  return { sims, ids };
}

describe('the plan engine’s registries', () => {
  it('lists the scenario triggers there are, those of other modules too, with what each names', async () => {
    const { output } = await t.call(plansApi.triggers, {}, as);
    expect(output.data.map((trigger) => trigger.kind)).toEqual([
      'manual',
      'start_plan',
      'tag_added',
      'friend_added',
      'inflow_attributed',
      'form_answered',
      'test_link_opened',
    ]);
    expect(output.data.find((trigger) => trigger.kind === 'tag_added')?.ref?.list_path).toBe('/service/tags');
  });

  it('starts scenarios by a trigger a module registered, and applies an effect kind it registered', async () => {
    const detail = branchingScenario('リンクで開始');
    const [menu] = await t.db
      .insert(richMenus)
      .values({ lineAccountId, name: 'プランのメニュー', chatBarText: 'メニュー' })
      .returning();
    const plan = await activePlan(t, as, {
      ...detail,
      plan: { ...detail.plan, scenario_trigger: 'test_link_opened', trigger_ref_id: 7, rich_menu_id: menu!.id },
    });
    // The trigger names a link: without one, or with one the module does not own, the save is refused.
    const refused = await savePlan(t, as, { ...plan, plan: { ...plan.plan, trigger_ref_id: null } });
    expect(refused.json.errors).toEqual({ 'plan.trigger_ref_id': { description: 'リンクを選んでください' } });
    const foreign = await savePlan(t, as, { ...plan, plan: { ...plan.plan, trigger_ref_id: 5_000 } });
    expect(foreign.json.errors).toEqual({
      'plan.trigger_ref_id': { description: 'このチャネルのリンクではありません' },
    });

    const { ids } = await quietFriends(2);
    const opened = (friendId: number, actionItemId: number) =>
      t.ctx.events.transaction(t.db, (on) =>
        on.publish('link.opened', { lineAccountId, friendId, actionItemId, first: true }),
      );
    await opened(ids[0]!, 7);
    await opened(ids[1]!, 8); // another link: no scenario names it
    const enrolled = await t.db.select().from(planEnrolments).where(eq(planEnrolments.planId, plan.plan.id!));
    expect(enrolled.map((row) => [row.friendId, row.trigger])).toEqual([[ids[0], 'test_link_opened']]);
    // Entering the plan applied its rich menu through the registered effect kind.
    const personal = await t.db.select().from(richMenuFriends).where(eq(richMenuFriends.lineAccountId, lineAccountId));
    expect(personal.map((row) => [row.friendId, row.personalRichMenuId])).toEqual([[ids[0], menu!.id]]);
  });

  it(`enrols more than ${INLINE_ENROLMENT_MAX} friends a tag reaches at once by a job, each once`, async () => {
    const { output: tag } = await t.call(tagsApi.create, { body: { name: '一括タグ', folder_id: null } }, as);
    const detail = branchingScenario('一括');
    const plan = await activePlan(t, as, {
      ...detail,
      plan: { ...detail.plan, scenario_trigger: 'tag_added', trigger_ref_id: tag.data.id, reentry_policy: 'once' },
    });
    const { sims, ids } = await quietFriends(INLINE_ENROLMENT_MAX + 20);
    const tagged = await t.call(tagsApi.addFriends, { params: { id: tag.data.id }, body: { friend_ids: ids } }, as);
    expect(tagged.output.data.changed).toBe(ids.length);

    // The triggering transaction wrote one request for the job, with every friend in it.
    const requests = rowsOf<{ payload: { planId: number; friendIds: number[] } }>(
      await t.db.execute(sql`select payload from outbox_events where name = 'plan.enrolment_requested'`),
    ).filter((row) => row.payload.planId === plan.plan.id);
    expect(requests.map((row) => row.payload.friendIds.length)).toEqual([ids.length]);

    const enrolledCount = async () =>
      (await t.db.select().from(planEnrolments).where(eq(planEnrolments.planId, plan.plan.id!))).length;
    await waitFor(async () => (await enrolledCount()) === ids.length || undefined, 30_000);
    await waitFor(() => sims.every((sim) => sim.inbox().length >= 1) || undefined, 30_000);
    expect(sims.map((sim) => sim.inbox().length)).toEqual(sims.map(() => 1));

    // Once only: the tag taken off and put on again enrols nobody a second time.
    await t.call(tagsApi.removeFriends, { params: { id: tag.data.id }, body: { friend_ids: ids } }, as);
    await t.call(tagsApi.addFriends, { params: { id: tag.data.id }, body: { friend_ids: ids } }, as);
    await waitFor(async () => (await bulkRequestsHandled()) || undefined, 30_000);
    const sends = await t.db
      .select()
      .from(planSends)
      .where(and(eq(planSends.planId, plan.plan.id!), eq(planSends.boxId, 'box-0')));
    expect(sends).toHaveLength(ids.length);
    expect(await enrolledCount()).toBe(ids.length);
  });

  it('a bulk request names only its channel’s friends', async () => {
    const other = await t.factory.friend((await t.factory.tenant()).channels[0]!.id);
    const detail = branchingScenario('他チャネル');
    const plan = await activePlan(t, as, detail);
    await t.ctx.events.transaction(t.db, (on) =>
      on.publish('plan.enrolment_requested', {
        lineAccountId,
        planId: plan.plan.id!,
        friendIds: [other.id],
        trigger: 'manual',
      }),
    );
    await waitFor(async () => (await bulkRequestsHandled()) || undefined, 30_000);
    expect(await t.db.select().from(planEnrolments).where(eq(planEnrolments.friendId, other.id))).toEqual([]);
  });
});

describe('the statistics the engine’s statements are planned on', () => {
  it('the hot tables are analyzed and vacuumed sooner than by default (both databases take the settings)', async () => {
    const rows = rowsOf<{ relname: string; reloptions: string[] }>(
      await t.db.execute(sql`
        select relname, reloptions from pg_class
        where relname in ('plan_enrolments', 'plan_sends', 'friends', 'deliveries') order by relname`),
    );
    expect(rows.map((row) => row.relname)).toEqual(['deliveries', 'friends', 'plan_enrolments', 'plan_sends']);
    for (const row of rows) {
      expect(row.reloptions).toEqual(
        expect.arrayContaining(['autovacuum_analyze_scale_factor=0.02', 'autovacuum_vacuum_scale_factor=0.05']),
      );
    }
  });

  it(`a bulk enrolment of ${ANALYZE_AFTER_ROWS.toLocaleString('en')} friends leaves the enrolments’ statistics counting them`, async () => {
    const plan = await activePlan(t, as, simplePlan('scenario', '大量'));
    const sims = channel.createFriends(ANALYZE_AFTER_ROWS);
    const inserted = await t.db
      .insert(friends)
      .values(sims.map((sim) => ({ lineAccountId, lineUserId: sim.userId })))
      .returning({ id: friends.id });
    await t.ctx.events.transaction(t.db, (on) =>
      on.publish('plan.enrolment_requested', {
        lineAccountId,
        planId: plan.plan.id!,
        friendIds: inserted.map((row) => row.id),
        trigger: 'manual',
      }),
    );
    const believedRows = async () =>
      rowsOf<{ rows: number }>(
        await t.db.execute(sql`select reltuples::int as rows from pg_class where relname = 'plan_enrolments'`),
      )[0]!.rows;
    await waitFor(async () => (await believedRows()) >= ANALYZE_AFTER_ROWS || undefined, 60_000);
  });
});
