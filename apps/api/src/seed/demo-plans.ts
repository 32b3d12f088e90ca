import { and, eq } from 'drizzle-orm';
import {
  defaultPlan,
  defaultTiming,
  emptyMessage,
  firstBox,
  newAction,
  newChildBox,
  permissionsWith,
  toPlanMessage,
  toPlanSavePayload,
  updateOption,
  type PlanAction,
  type PlanDetail,
  type PlanMessage,
  type PlanTiming,
} from '@linq/contract';
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { saveIn } from '../modules/plans/save.ts';
import { tags } from '../modules/labels/schema.ts';
import { channelScope, type ChannelRequest } from '../platform/principal.ts';

/*
 * Each demo channel's plans (issue 14): a friend-added welcome scenario whose confirm box branches,
 * a weekly auto-reply, a broadcast to a tag scheduled a week ahead, and a survey scenario that has
 * run (its history comes once the demo friends exist). Saved through the plans
 * service, so they meet every rule a save from the editor meets.
 */

export const DEMO_WELCOME_SCENARIO = '友だち追加ウェルカムシナリオ';
export const DEMO_AUTO_REPLY = '週末の営業時間 自動応答';
export const DEMO_BROADCAST = 'VIP会員様限定セールのお知らせ';
/** A finished survey scenario: the demo's plan analysis shows its past sends (demo-plan-history.ts). */
export const DEMO_SURVEY_SCENARIO = 'ご来店アンケート（配信済み）';
/** The tag the demo broadcast goes to (one of DEMO_TAGS). */
export const DEMO_BROADCAST_TAG = 'VIP';

const text = (value: string): PlanMessage => ({ ...toPlanMessage(emptyMessage('text_message')), text: value });

function confirm(question: string, answers: string[]): PlanMessage {
  return {
    ...toPlanMessage(emptyMessage('confirm')),
    alt_text: question,
    message_confirm: {
      id: null,
      text: question,
      message_actions: answers.map((label) => ({
        ...newAction('postback'),
        label,
        display_text: label,
        box_id: null,
        diagram_hide_children: false,
      })),
    },
  };
}

/** A child box with `message` under `parent` (under its option `option` when it branches), and the timing into it. */
function child(
  detail: PlanDetail,
  parentId: string,
  message: PlanMessage,
  timing: Partial<PlanTiming> = {},
  option: number | null = null,
): PlanDetail {
  const parent = detail.plan_actions.find((action) => action.box_id === parentId)!;
  const box: PlanAction = { ...newChildBox(detail.plan_actions, parent, message.message_type), message };
  const actions = detail.plan_actions.map((action) =>
    option !== null && action.box_id === parentId
      ? {
          ...action,
          message: updateOption(action.message, { column: null, action: option }, (item) => ({
            ...item,
            box_id: box.box_id,
          })),
        }
      : action,
  );
  return {
    ...detail,
    plan_actions: [...actions, box],
    plan_timings: [...detail.plan_timings, { ...defaultTiming(parentId, box.box_id), ...timing }],
  };
}

function welcomeScenario(newTagId: number | undefined): PlanDetail {
  let detail: PlanDetail = {
    plan: {
      ...defaultPlan('scenario'),
      name: DEMO_WELCOME_SCENARIO,
      is_active: true,
      scenario_trigger: 'friend_added',
    },
    plan_actions: [
      {
        ...firstBox('text_message'),
        message: text('{{name}}さん、友だち追加ありがとうございます！\nDemo Shopの新商品やお得な情報をお届けします。'),
        tag_ids: newTagId === undefined ? [] : [newTagId],
      },
    ],
    plan_timings: [],
  };
  detail = child(detail, 'box-0', confirm('今週末のご来店のご予定はありますか？', ['はい', 'いいえ']), {
    timing_type: 'send_after',
    after_days: 1,
    next_action_at: '10:00',
  });
  detail = child(detail, 'box-1-0', text('ご来店をお待ちしております！\n店頭でこの画面をご提示ください。'), {}, 0);
  detail = child(
    detail,
    'box-1-0',
    text('承知しました。オンラインショップもぜひご利用ください。'),
    { timing_type: 'send_after', after_days: 0, after_hours: 3 },
    1,
  );
  return detail;
}

/** Stopped after its run: a confirm asking about the last visit, each answer thanked by its own text. */
function surveyScenario(): PlanDetail {
  let detail: PlanDetail = {
    plan: { ...defaultPlan('scenario'), name: DEMO_SURVEY_SCENARIO },
    plan_actions: [{ ...firstBox('confirm'), message: confirm('先日のご来店はいかがでしたか？', ['満足', '不満']) }],
    plan_timings: [],
  };
  detail = child(detail, 'box-0', text('ありがとうございます！またのご来店をお待ちしております。'), {}, 0);
  detail = child(detail, 'box-0', text('ご意見ありがとうございます。改善に努めます。'), {}, 1);
  return detail;
}

function weekendAutoReply(): PlanDetail {
  return {
    plan: {
      ...defaultPlan('auto_reply'),
      name: DEMO_AUTO_REPLY,
      is_active: true,
      auto_keywords: ['営業時間', '何時まで'],
      auto_keyword_match: 'partial',
      // Saturdays and Sundays.
      auto_weekdays: [0, 6],
    },
    plan_actions: [
      { ...firstBox('text_message'), message: text('土日の営業時間は10:00〜18:00です。ご来店をお待ちしております。') },
    ],
    plan_timings: [],
  };
}

/** A week from `now`, at 10:00 in Japan. */
function nextWeekAtTen(now: Date): string {
  const japan = new Date(now.getTime() + 9 * 3_600_000 + 7 * 86_400_000);
  const day = japan.toISOString().slice(0, 10);
  return `${day}T10:00:00+09:00`;
}

function vipBroadcast(vipTagId: number | undefined, now: Date): PlanDetail {
  return {
    plan: {
      ...defaultPlan('broadcast'),
      name: DEMO_BROADCAST,
      is_active: true,
      send_at: nextWeekAtTen(now),
      ...(vipTagId === undefined
        ? {}
        : {
            target_send: 'advanced' as const,
            target_is_all: false,
            target_tags: [{ id: vipTagId, name: DEMO_BROADCAST_TAG }],
          }),
    },
    plan_actions: [
      {
        ...firstBox('text_message'),
        message: text('【VIP会員様限定】\n{{name}}さんだけにお届けする特別セールを今週末に開催します！'),
      },
    ],
    plan_timings: [],
  };
}

/** The demo plans of one channel, saved as its staff member. */
export async function seedDemoPlans(
  db: Db,
  ctx: AppContext,
  channel: { accountId: number; lineAccountId: number },
  staffId: number,
  now: Date = new Date(),
): Promise<void> {
  const scope: ChannelRequest = {
    ...channelScope(channel.lineAccountId),
    accountId: channel.accountId,
    userId: staffId,
    permissions: permissionsWith('edit', true),
  };
  const tagId = async (name: string) => {
    const [row] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.lineAccountId, channel.lineAccountId), eq(tags.name, name)));
    return row?.id;
  };
  for (const detail of [
    welcomeScenario(await tagId('新規')),
    weekendAutoReply(),
    vipBroadcast(await tagId(DEMO_BROADCAST_TAG), now),
    surveyScenario(),
  ]) {
    await ctx.events.transaction(db, (on) => saveIn(ctx, on, scope, null, toPlanSavePayload(detail), now));
  }
}
