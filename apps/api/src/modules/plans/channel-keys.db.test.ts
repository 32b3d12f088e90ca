/**
 * The second wall (issue 22 §4): a plan's boxes, timings, effects, settings and enrolments, and a
 * friend's tags, marks and info values, carry the channel in their foreign keys, so the database
 * itself refuses a row of channel A that points at a row of channel B, whatever a repository does.
 * Written in SQL on purpose: no service is in the way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/kit.ts';

const t = useTestApp();
const sql = (text: string, values: unknown[] = []) => t.ctx.database.sql.executeSql(text, values);
const FOREIGN_KEY_VIOLATION = '23503';

/** One channel's plan, box, tag, mark, info field and friend, written as rows. */
async function channelRows(lineAccountId: number) {
  const tag = await t.factory.tag(lineAccountId);
  const mark = await t.factory.mark(lineAccountId);
  const friend = await t.factory.friend(lineAccountId);
  const field = await t.factory.infoField(lineAccountId);
  const plan = await sql(
    `insert into plans (line_account_id, name, plan_type) values ($1, 'plan', 'scenario') returning id`,
    [lineAccountId],
  );
  const planId = plan.rows[0]!.id as number;
  return {
    lineAccountId,
    fieldId: field.id,
    tagId: tag.id,
    markId: mark.id,
    friendId: friend.id,
    planId,
    actionId: await box(lineAccountId, planId),
  };
}

let boxes = 0;
async function box(lineAccountId: number, planId: number): Promise<number> {
  boxes += 1;
  const action = await sql(
    `insert into plan_actions (line_account_id, plan_id, box_id, box_level, box_index, x, y, box_width, box_height, message_type, message)
     values ($1, $2, $3, 0, 0, 0, 0, 100, 100, 'text_message', '{}') returning id`,
    [lineAccountId, planId, `box-${boxes}`],
  );
  return action.rows[0]!.id as number;
}

let a: Awaited<ReturnType<typeof channelRows>>;
let b: Awaited<ReturnType<typeof channelRows>>;
beforeAll(async () => {
  a = await channelRows(t.tenant.channels[0]!.id);
  b = await channelRows(t.tenant.channels[1]!.id);
});

const refused = (text: string, values: unknown[]) =>
  expect(sql(text, values), text).rejects.toMatchObject({ code: FOREIGN_KEY_VIOLATION });

describe('composite channel keys', () => {
  it('refuses a box, effect, timing, setting or enrolment of channel A that names a row of channel B', async () => {
    await refused(
      `insert into plan_actions (line_account_id, plan_id, box_id, box_level, box_index, x, y, box_width, box_height, message_type, message)
       values ($1, $2, 'cross', 0, 0, 0, 0, 100, 100, 'text_message', '{}')`,
      [a.lineAccountId, b.planId],
    );
    await refused(`update plan_actions set start_plan_id = $2 where id = $1`, [a.actionId, b.planId]);
    await refused(`update plans set start_plan_id = $2 where id = $1`, [a.planId, b.planId]);
    await refused(`insert into plan_action_tags (line_account_id, plan_action_id, tag_id) values ($1, $2, $3)`, [
      a.lineAccountId,
      a.actionId,
      b.tagId,
    ]);
    await refused(`insert into plan_action_tags (line_account_id, plan_action_id, tag_id) values ($1, $2, $3)`, [
      a.lineAccountId,
      b.actionId,
      a.tagId,
    ]);
    await refused(`insert into plan_action_marks (line_account_id, plan_action_id, mark_id) values ($1, $2, $3)`, [
      a.lineAccountId,
      a.actionId,
      b.markId,
    ]);
    await refused(
      `insert into plan_timings (line_account_id, plan_id, plan_action_id, next_plan_action_id) values ($1, $2, $3, $4)`,
      [a.lineAccountId, a.planId, a.actionId, b.actionId],
    );
    await refused(`insert into channel_plan_settings (line_account_id, friend_added_plan_id) values ($1, $2)`, [
      a.lineAccountId,
      b.planId,
    ]);
    await refused(`insert into plan_enrolments (line_account_id, plan_id, friend_id) values ($1, $2, $3)`, [
      a.lineAccountId,
      a.planId,
      b.friendId,
    ]);
    await refused(`insert into plan_enrolments (line_account_id, plan_id, friend_id) values ($1, $2, $3)`, [
      a.lineAccountId,
      b.planId,
      a.friendId,
    ]);
    await refused(
      `insert into plan_enrolments (line_account_id, plan_id, friend_id, next_plan_action_id) values ($1, $2, $3, $4)`,
      [a.lineAccountId, a.planId, a.friendId, b.actionId],
    );
  });

  it("refuses a friend's tag, mark or info value of channel A that names channel B's friend or label", async () => {
    const link = (table: string, column: string) =>
      `insert into ${table} (line_account_id, friend_id, ${column}) values ($1, $2, $3)`;
    await refused(link('friend_tags', 'tag_id'), [a.lineAccountId, a.friendId, b.tagId]);
    await refused(link('friend_tags', 'tag_id'), [a.lineAccountId, b.friendId, a.tagId]);
    await refused(link('friend_tags', 'tag_id'), [a.lineAccountId, b.friendId, b.tagId]);
    await refused(link('friend_marks', 'mark_id'), [a.lineAccountId, a.friendId, b.markId]);
    await refused(link('friend_marks', 'mark_id'), [a.lineAccountId, b.friendId, a.markId]);
    const value = `insert into friend_info_values (line_account_id, friend_id, field_id, value) values ($1, $2, $3, 'x')`;
    await refused(value, [a.lineAccountId, a.friendId, b.fieldId]);
    await refused(value, [a.lineAccountId, b.friendId, a.fieldId]);

    await sql(link('friend_tags', 'tag_id'), [a.lineAccountId, a.friendId, a.tagId]);
    await sql(link('friend_marks', 'mark_id'), [a.lineAccountId, a.friendId, a.markId]);
    await sql(value, [a.lineAccountId, a.friendId, a.fieldId]);
  });

  it('takes the same references within one channel, and deleting the target nulls only the pointer', async () => {
    const target = await sql(
      `insert into plans (line_account_id, name, plan_type) values ($1, 'target', 'scenario') returning id`,
      [a.lineAccountId],
    );
    const targetId = target.rows[0]!.id as number;
    const second = await box(a.lineAccountId, a.planId);
    await sql(`update plans set start_plan_id = $2 where id = $1`, [a.planId, targetId]);
    await sql(`update plan_actions set start_plan_id = $2 where id = $1`, [a.actionId, targetId]);
    await sql(`insert into plan_action_tags (line_account_id, plan_action_id, tag_id) values ($1, $2, $3)`, [
      a.lineAccountId,
      a.actionId,
      a.tagId,
    ]);
    await sql(
      `insert into plan_timings (line_account_id, plan_id, plan_action_id, next_plan_action_id) values ($1, $2, $3, $4)`,
      [a.lineAccountId, a.planId, a.actionId, second],
    );
    await sql(`insert into channel_plan_settings (line_account_id, friend_added_plan_id) values ($1, $2)`, [
      a.lineAccountId,
      targetId,
    ]);
    const enrolment = await sql(
      `insert into plan_enrolments (line_account_id, plan_id, friend_id, next_plan_action_id) values ($1, $2, $3, $4) returning id`,
      [a.lineAccountId, a.planId, a.friendId, second],
    );

    await sql(`delete from plans where id = $1`, [targetId]);
    await sql(`delete from plan_actions where id = $1`, [second]);

    const [plan] = (await sql(`select line_account_id, start_plan_id from plans where id = $1`, [a.planId])).rows;
    expect(plan).toEqual({ line_account_id: a.lineAccountId, start_plan_id: null });
    const [action] = (await sql(`select line_account_id, start_plan_id from plan_actions where id = $1`, [a.actionId]))
      .rows;
    expect(action).toEqual({ line_account_id: a.lineAccountId, start_plan_id: null });
    const [settings] = (
      await sql(`select line_account_id, friend_added_plan_id from channel_plan_settings where line_account_id = $1`, [
        a.lineAccountId,
      ])
    ).rows;
    expect(settings).toEqual({ line_account_id: a.lineAccountId, friend_added_plan_id: null });
    const [enrolled] = (
      await sql(`select line_account_id, next_plan_action_id from plan_enrolments where id = $1`, [
        enrolment.rows[0]!.id,
      ])
    ).rows;
    expect(enrolled).toEqual({ line_account_id: a.lineAccountId, next_plan_action_id: null });
    expect((await sql(`select 1 from plan_timings where next_plan_action_id = $1`, [second])).rows).toEqual([]);

    await sql(`delete from tags where id = $1`, [a.tagId]);
    expect((await sql(`select 1 from plan_action_tags where tag_id = $1`, [a.tagId])).rows).toEqual([]);
    expect((await sql(`select 1 from friend_tags where tag_id = $1`, [a.tagId])).rows).toEqual([]);
    await sql(`delete from friends where id = $1`, [a.friendId]);
    expect((await sql(`select 1 from plan_enrolments where friend_id = $1`, [a.friendId])).rows).toEqual([]);
    expect((await sql(`select 1 from friend_marks where friend_id = $1`, [a.friendId])).rows).toEqual([]);
    expect((await sql(`select 1 from friend_info_values where friend_id = $1`, [a.friendId])).rows).toEqual([]);
  });
});
