import { describe, expect, it } from 'vitest';
import { permissionsWith, type PlanDetail, type PlanListItem } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { folders } from '../folders/schema.ts';
import { planEnrolments } from './schema.ts';
import {
  addChild,
  boxOf,
  branchingScenario,
  createPlan,
  planForm,
  planJson,
  readPlan,
  savePlan,
  simplePlan,
} from './test-support.ts';
import { eq } from 'drizzle-orm';
import { tags } from '../labels/schema.ts';
import { QUOTA_UNREADABLE_MESSAGE } from '../delivery/service.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { FOREIGN_TAG_MESSAGE, QUOTA_EXCEEDED_MESSAGE, UNSAVED_BOX_MESSAGE, waitingMessage } from './messages.ts';

const t = useTestApp({ tenants: 2, simulator: true });

const errorsOf = (response: { json: { errors?: unknown } }) =>
  response.json.errors as Record<string, { description: string }>;

describe('plan save (multipart, spec sections 5 and 7)', () => {
  it('saves, reopens, changes and saves again: saved boxes and timings keep their ids', async () => {
    const created = await createPlan(t, t.staff, branchingScenario());
    expect(created.plan.name).toBe('友だち追加シナリオ');
    expect(created.plan.is_active).toBe(false);
    expect(created.plan.target_is_all).toBe(true);
    expect(created.plan_actions.map((action) => action.box_id)).toEqual(['box-0', 'box-1-0', 'box-1-1', 'box-2-0']);
    expect(created.plan_actions.every((action) => typeof action.id === 'number')).toBe(true);
    expect(created.plan_actions.every((action) => action.use_template === false)).toBe(true);
    const confirm = boxOf(created, 'box-0').message.message_confirm!;
    expect(confirm.message_actions.map((option) => option.box_id)).toEqual(['box-1-0', 'box-1-1']);
    expect(created.plan_timings.map((timing) => [timing.start, timing.end])).toEqual([
      ['box-0', 'box-1-0'],
      ['box-0', 'box-1-1'],
      ['box-1-0', 'box-2-0'],
    ]);

    // Change a branch: the text box's message, its timing to 1 day later at 10:00, and a new box under the image.
    let changed: PlanDetail = {
      ...created,
      plan: { ...created.plan, name: '友だち追加シナリオ（改）' },
      plan_actions: created.plan_actions.map((action) =>
        action.box_id === 'box-1-0' ? { ...action, message: { ...action.message, text: '変更しました' } } : action,
      ),
      plan_timings: created.plan_timings.map((timing) =>
        timing.end === 'box-2-0'
          ? { ...timing, timing_type: 'send_after', after_days: 1, next_action_at: '10:00', touched: true }
          : timing,
      ),
    };
    changed = addChild(changed, 'box-1-1', 'text_message');
    const saved = await savePlan(t, t.staff, changed);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ success: true, errors: {}, id: created.plan.id });

    const reopened = await readPlan(t, t.staff, created.plan.id!);
    expect(reopened.plan.name).toBe('友だち追加シナリオ（改）');
    for (const action of created.plan_actions) expect(boxOf(reopened, action.box_id).id).toBe(action.id);
    expect(boxOf(reopened, 'box-1-0').message.text).toBe('変更しました');
    // The message's own item ids are kept too.
    expect(boxOf(reopened, 'box-0').message.id).toBe(boxOf(created, 'box-0').message.id);
    expect(typeof boxOf(reopened, 'box-2-1').id).toBe('number');
    const after = reopened.plan_timings.find((timing) => timing.end === 'box-2-0')!;
    expect(after).toMatchObject({ timing_type: 'send_after', after_days: 1, next_action_at: '10:00' });
    expect(after.id).toBe(created.plan_timings.find((timing) => timing.end === 'box-2-0')!.id);
  });

  it('takes the save payload as JSON too (scripts), with the same rules', async () => {
    const created = await createPlan(t, t.staff, simplePlan('scenario', 'JSON'));
    const path = `/service/plans/${created.plan.id}`;
    const body = planJson({ ...created, plan: { ...created.plan, name: 'JSON 保存' } });
    expect((await t.request({ method: 'PUT', path, ...t.staff, body })).status).toBe(200);
    expect((await readPlan(t, t.staff, created.plan.id!)).plan.name).toBe('JSON 保存');
    const invalid = planJson({ ...created, plan: { ...created.plan, name: '' } });
    expect(errorsOf(await t.request({ method: 'PUT', path, ...t.staff, body: invalid }))['plan.name']).toBeDefined();
  });

  it('removing a box deletes it and its timing; the other boxes keep their ids', async () => {
    const created = await createPlan(t, t.staff, branchingScenario('削除テスト'));
    const removed: PlanDetail = {
      ...created,
      plan_actions: created.plan_actions.map((action) =>
        action.box_id === 'box-2-0' ? { ...action, _destroy: true } : action,
      ),
      plan_timings: created.plan_timings.map((timing) =>
        timing.end === 'box-2-0' ? { ...timing, _destroy: true } : timing,
      ),
    };
    expect((await savePlan(t, t.staff, removed)).status).toBe(200);
    const reopened = await readPlan(t, t.staff, created.plan.id!);
    expect(reopened.plan_actions.map((action) => action.id)).toEqual(created.plan_actions.slice(0, 3).map((a) => a.id));
    expect(reopened.plan_timings).toHaveLength(2);
  });

  it('answers keyed errors (422, success false) and saves nothing', async () => {
    const plan = branchingScenario('');
    const tooLong = {
      ...plan,
      plan_actions: plan.plan_actions.map((action) =>
        action.box_id === 'box-0'
          ? {
              ...action,
              message: {
                ...action.message,
                message_confirm: {
                  ...action.message.message_confirm!,
                  message_actions: action.message.message_confirm!.message_actions.map((option) => ({
                    ...option,
                    label: 'あ'.repeat(50),
                  })),
                },
              },
            }
          : action,
      ),
    };
    const response = await savePlan(t, t.staff, tooLong);
    expect(response.status).toBe(422);
    expect(response.json.success).toBe(false);
    const errors = errorsOf(response);
    expect(Object.keys(errors)[0]).toBe('plan.name');
    expect(errors['plan.name']!.description).toBe('プラン名を入力してください');
    expect(Object.keys(errors).some((key) => key.startsWith('plan_actions_attributes.0.message_attributes.'))).toBe(
      true,
    );
    const list = await t.request({ method: 'GET', path: '/service/plans', ...t.staff, query: { q: 'あああ' } });
    expect(list.json.data).toEqual([]);
  });

  it('refuses a broadcast time in the past, box ids the plan does not have, and a malformed form', async () => {
    const past = simplePlan('broadcast', '過去の配信');
    past.plan.send_at = '2020-01-01T10:00:00+09:00';
    expect(errorsOf(await savePlan(t, t.staff, past))['plan.send_at']!.description).toBe(
      '配信日時は現在より後にしてください',
    );

    const created = await createPlan(t, t.staff, simplePlan('scenario', 'ID テスト'));
    const stranger = { ...created, plan_actions: [{ ...created.plan_actions[0]!, id: 999_999 }] };
    expect(errorsOf(await savePlan(t, t.staff, stranger))['plan_actions_attributes.0.id']!.description).toBe(
      UNSAVED_BOX_MESSAGE,
    );

    const form = new FormData();
    form.append('name[a][__proto__]', 'x');
    const wire = new Request('http://localhost/', { method: 'POST', body: form });
    const malformed = await t.request({
      method: 'POST',
      path: '/service/plans',
      ...t.staff,
      body: Buffer.from(await wire.arrayBuffer()),
      headers: { 'content-type': wire.headers.get('content-type')! },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.json.success).toBe(false);
  });

  it('refuses tags, marks, plans and friends of another channel', async () => {
    const theirTag = await t.factory.tag(t.other.channels[0]!.id);
    const theirMark = await t.factory.mark(t.other.channels[0]!.id);
    const theirFriend = await t.factory.friend(t.other.channels[0]!.id);
    const theirPlan = await createPlan(
      t,
      { token: t.other.tokens.staff, lineAccountId: t.other.channels[0]!.id },
      simplePlan('scenario', '他チャネル'),
    );
    const plan = simplePlan('broadcast', '参照テスト');
    plan.plan = {
      ...plan.plan,
      target_send: 'advanced',
      target_is_all: false,
      target_tags: [{ id: theirTag.id, name: 'x' }],
      target_marks: [{ id: theirMark.id, name: 'x' }],
      target_is_specified_friend: true,
      target_friends: [{ id: theirFriend.id, display_name: 'x' }],
      start_plan_id: theirPlan.plan.id!,
    };
    plan.plan_actions = plan.plan_actions.map((action) => ({ ...action, tag_ids: [theirTag.id] }));
    const errors = errorsOf(await savePlan(t, t.staff, plan));
    expect(errors['plan.target_tag_ids.0']!.description).toBe(FOREIGN_TAG_MESSAGE);
    expect(errors['plan.target_mark_ids.0']).toBeDefined();
    expect(errors['plan.target_friend_ids.0']).toBeDefined();
    expect(errors['plan.start_plan_id']).toBeDefined();
    expect(errors['plan_actions_attributes.0.tag_ids.0']).toBeDefined();
  });

  it('keeps one friend-added scenario per channel', async () => {
    const first = branchingScenario('友だち追加 1');
    first.plan.scenario_trigger = 'friend_added';
    const created = await createPlan(t, t.staff, first);
    const second = simplePlan('scenario', '友だち追加 2');
    second.plan.scenario_trigger = 'friend_added';
    const refused = await savePlan(t, t.staff, second);
    expect(errorsOf(refused)['plan.scenario_trigger']!.description).toContain('友だち追加 1');
    // Saving the first again is fine; giving it another trigger frees the setting.
    expect((await savePlan(t, t.staff, created)).status).toBe(200);
    expect(
      (await savePlan(t, t.staff, { ...created, plan: { ...created.plan, scenario_trigger: 'manual' } })).status,
    ).toBe(200);
    expect((await savePlan(t, t.staff, second)).status).toBe(201);
  });
});

describe('plan list, copy, delete, activation', () => {
  it('filters by folder, type, active and name', async () => {
    const caller = { token: t.tenant.tokens.staff, lineAccountId: t.tenant.channels[1]!.id };
    const [folder] = await t.runtime.ctx.database.db
      .insert(folders)
      .values({ scope: 'service', lineAccountId: caller.lineAccountId, folderType: 'plans', name: '春' })
      .returning();
    const broadcast = simplePlan('broadcast', '春のセール');
    const inFolder = await createPlan(t, caller, { ...broadcast, plan: { ...broadcast.plan, folder_id: folder!.id } });
    const scenario = await createPlan(t, caller, simplePlan('scenario', 'ステップ配信'));
    const reply = simplePlan('auto_reply', '営業時間の自動応答');
    reply.plan.auto_keywords = ['営業時間'];
    const autoReply = await createPlan(t, caller, reply);
    expect(
      (await t.request({ method: 'POST', path: `/service/plans/${scenario.plan.id}/activate`, ...caller, body: {} }))
        .status,
    ).toBe(200);

    const ids = async (query: Record<string, string | number>) => {
      const response = await t.request({ method: 'GET', path: '/service/plans', ...caller, query });
      expect(response.status).toBe(200);
      return (response.json.data as PlanListItem[]).map((item) => item.id).sort();
    };
    expect(await ids({})).toEqual([inFolder.plan.id, scenario.plan.id, autoReply.plan.id].sort());
    expect(await ids({ folder_id: folder!.id })).toEqual([inFolder.plan.id]);
    expect(await ids({ plan_type: 'auto_reply' })).toEqual([autoReply.plan.id]);
    expect(await ids({ is_active: 'true' })).toEqual([scenario.plan.id]);
    expect(await ids({ is_active: 'false' })).toEqual([inFolder.plan.id, autoReply.plan.id].sort());
    expect(await ids({ q: 'セール' })).toEqual([inFolder.plan.id]);
    const listed = await t.request({ method: 'GET', path: '/service/plans', ...caller, query: { q: 'ステップ' } });
    expect(listed.json.data).toEqual([
      expect.objectContaining({ id: scenario.plan.id, is_active: true, enrolled_count: 0, sent_count: 0 }),
    ]);
    expect(listed.json.total_item_count).toBe(1);
  });

  it('copies a plan with new box ids, inactive, named with のコピー', async () => {
    const original = await createPlan(t, t.staff, branchingScenario('コピー元'));
    const response = await t.request({
      method: 'POST',
      path: `/service/plans/${original.plan.id}/copy`,
      ...t.staff,
      body: {},
    });
    expect(response.status).toBe(201);
    const copied = response.json as unknown as PlanDetail;
    expect(copied.plan.name).toBe('コピー元のコピー');
    expect(copied.plan.is_active).toBe(false);
    expect(copied.plan_actions.map((action) => action.box_id)).toEqual(original.plan_actions.map((a) => a.box_id));
    const originalIds = new Set(original.plan_actions.map((action) => action.id));
    expect(copied.plan_actions.some((action) => originalIds.has(action.id))).toBe(false);
    expect(boxOf(copied, 'box-0').message.id).not.toBe(boxOf(original, 'box-0').message.id);
    expect(copied.plan_timings).toHaveLength(original.plan_timings.length);
  });

  it('refuses to delete while friends wait in the plan, unless the user confirms ending them', async () => {
    const plan = await createPlan(t, t.staff, simplePlan('scenario', '待機中'));
    const friend = await t.factory.friend(t.staff.lineAccountId!);
    await t.runtime.ctx.database.db.insert(planEnrolments).values({
      lineAccountId: t.staff.lineAccountId!,
      planId: plan.plan.id!,
      friendId: friend.id,
      currentBoxId: 'box-0',
    });
    const refused = await t.request({ method: 'DELETE', path: `/service/plans/${plan.plan.id}`, ...t.staff });
    expect(refused.status).toBe(409);
    expect(refused.json.errors).toBe(waitingMessage(1));
    const removed = await t.request({
      method: 'DELETE',
      path: `/service/plans/${plan.plan.id}`,
      ...t.staff,
      query: { end_waiting: 'true' },
    });
    expect(removed.status).toBe(200);
    expect(removed.json.data).toEqual({ id: plan.plan.id, ended_enrolments: 1 });
    expect((await t.request({ method: 'GET', path: `/service/plans/${plan.plan.id}`, ...t.staff })).status).toBe(404);
  });

  it('deactivation pauses the enrolments and activation resumes them', async () => {
    const plan = await createPlan(t, t.staff, simplePlan('scenario', '一時停止'));
    const friend = await t.factory.friend(t.staff.lineAccountId!);
    await t.runtime.ctx.database.db
      .insert(planEnrolments)
      .values({ lineAccountId: t.staff.lineAccountId!, planId: plan.plan.id!, friendId: friend.id });
    const on = await t.request({
      method: 'POST',
      path: `/service/plans/${plan.plan.id}/activate`,
      ...t.staff,
      body: {},
    });
    expect(on.json.data).toMatchObject({ is_active: true, enrolled_count: 1 });
    const off = await t.request({ method: 'POST', path: `/service/plans/${plan.plan.id}/deactivate`, ...t.staff });
    expect(off.json.data).toMatchObject({ is_active: false, enrolled_count: 1 });
    const rows = await t.runtime.ctx.database.db.select().from(planEnrolments);
    expect(rows.find((row) => row.friendId === friend.id)!.status).toBe('paused');
  });
});

describe('broadcast forecast', () => {
  it('counts the recipients the target matches now, messages against the quota and the send time', async () => {
    const owner = await t.factory.tenant();
    const { row, channel } = await t.factory.simulatedChannel(owner.account.id, t.sim);
    const lineAccountId = row.id;
    await t.runtime.ctx.database.db.insert(userLineAccounts).values({ userId: owner.staff.id, lineAccountId });
    const caller = { token: owner.tokens.staff, lineAccountId };
    const tag = await t.factory.tag(lineAccountId);
    for (let i = 0; i < 3; i += 1) await t.factory.friend(lineAccountId, { tagIds: [tag.id] });
    await t.factory.friend(lineAccountId);
    await t.factory.friend(lineAccountId, { tagIds: [tag.id], status: 'blocked' });
    let detail = simplePlan('broadcast', '予測');
    detail = addChild(detail, 'box-0', 'text_message');
    detail.plan = {
      ...detail.plan,
      target_send: 'advanced',
      target_is_all: false,
      target_tags: [{ id: tag.id, name: tag.name }],
    };
    const plan = await createPlan(t, caller, detail);
    const forecast = async () => {
      const response = await t.request({ method: 'GET', path: `/service/plans/${plan.plan.id}/forecast`, ...caller });
      expect(response.status, response.text).toBe(200);
      return response.json.data;
    };

    channel.setQuota(10, 5);
    expect(await forecast()).toEqual({
      recipients: 3,
      messages_per_recipient: 2,
      total_messages: 6,
      quota_remaining: 5,
      exceeds_quota: true,
      estimated_seconds: 1 / 200,
    });
    const activate = (body: object) =>
      t.request({ method: 'POST', path: `/service/plans/${plan.plan.id}/activate`, ...caller, body });
    const refused = await activate({});
    expect(refused.status).toBe(409);
    expect(refused.json.errors).toBe(QUOTA_EXCEEDED_MESSAGE);
    expect((await activate({ allow_partial_send: true })).status).toBe(200);

    channel.setQuota(null);
    expect(await forecast()).toMatchObject({ quota_remaining: null, exceeds_quota: false });

    // The target's tag deleted: the plan's advanced target is gone and matches nobody, never everybody.
    await t.runtime.ctx.database.db.delete(tags).where(eq(tags.id, tag.id));
    expect(await forecast()).toMatchObject({ recipients: 0, total_messages: 0, estimated_seconds: 0 });
  });

  it('answers 409 when LINE cannot tell the quota (no channel access token)', async () => {
    const plan = await createPlan(t, t.staff, simplePlan('broadcast', '予測できない'));
    const response = await t.request({ method: 'GET', path: `/service/plans/${plan.plan.id}/forecast`, ...t.staff });
    expect(response.status).toBe(409);
    expect(String(response.json.errors)).toContain(QUOTA_UNREADABLE_MESSAGE);
  });
});

describe('plan permissions', () => {
  it('lets plans viewers read but not save, copy, delete or activate', async () => {
    const plan = await createPlan(t, t.staff, simplePlan('scenario', '権限'));
    const viewer = { token: t.tenant.tokens.viewer, lineAccountId: t.tenant.channels[0]!.id };
    expect((await t.request({ method: 'GET', path: '/service/plans', ...viewer })).status).toBe(200);
    expect((await t.request({ method: 'GET', path: `/service/plans/${plan.plan.id}`, ...viewer })).status).toBe(200);
    expect((await savePlan(t, viewer, plan)).status).toBe(403);
    expect((await savePlan(t, viewer, simplePlan())).status).toBe(403);
    const id = plan.plan.id;
    for (const [method, path] of [
      ['POST', `/service/plans/${id}/copy`],
      ['POST', `/service/plans/${id}/activate`],
      ['POST', `/service/plans/${id}/deactivate`],
      ['DELETE', `/service/plans/${id}`],
    ] as const) {
      expect((await t.request({ method, path, ...viewer, body: method === 'POST' ? {} : undefined })).status).toBe(403);
    }
  });

  it('refuses everything to staff without the plans feature', async () => {
    const permissions = permissionsWith('edit', true);
    permissions.features.plans = 'none';
    const authority = await t.factory.staffAuthority(t.tenant.account.id, permissions);
    const user = await t.factory.user('service', {
      accountId: t.tenant.account.id,
      staffAuthorityId: authority.id,
      lineAccountIds: [t.tenant.channels[0]!.id],
    });
    const caller = { token: await t.factory.login('service', user.email), lineAccountId: t.tenant.channels[0]!.id };
    expect((await t.request({ method: 'GET', path: '/service/plans', ...caller })).status).toBe(403);
    const form = await planForm(simplePlan());
    expect(
      (await t.request({ method: 'POST', path: '/service/plans', ...caller, body: form.body, headers: form.headers }))
        .status,
    ).toBe(403);
  });
});
