import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  defaultPlan,
  firstBox,
  formInput,
  FORM_ANSWERED_TRIGGER,
  permissionsWith,
  toPlanMessage,
  toPlanSavePayload,
  emptyMessage,
  type FormInput,
  type FormValues,
  type PlanDetail,
} from '@linq/contract';
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { channelScope, type ChannelRequest } from '../platform/principal.ts';
import { folders } from '../modules/folders/schema.ts';
import { friendInfoFields, friendInfoValues, friends } from '../modules/friends/schema.ts';
import { friendTags, tags } from '../modules/labels/schema.ts';
import { answerItems, actionSnapshot } from '../modules/forms/present.ts';
import * as formsRepo from '../modules/forms/repository.ts';
import { saveIn } from '../modules/plans/save.ts';

/*
 * Each demo channel's answer forms (issue 25), in a folder: a visit survey friends answer through
 * their own links (a required text, a radio whose option adds a tag, a phone number written to the
 * friend's info field, a prefecture, a consent), with a scenario it starts, and a document request
 * open to anonymous answers until a date ahead. The survey's answers come once the demo friends exist.
 */

export const DEMO_FORM_FOLDER = 'アンケート';
export const DEMO_VISIT_FORM = '来店アンケート';
export const DEMO_REQUEST_FORM = '資料請求';
export const DEMO_FORM_SCENARIO = 'アンケート回答のお礼';
/** The tag the survey's SNS option puts on (one of the demo channels' tags). */
export const DEMO_SNS_TAG = 'SNSから来店';
const PHONE_FIELD = '電話番号';
const DAY_MS = 86_400_000;

function visitSurvey(folderId: number, snsTagId: number | undefined, phoneFieldId: number | undefined): FormInput {
  return {
    name: DEMO_VISIT_FORM,
    folder_id: folderId,
    title: 'ご来店アンケート',
    description: 'ご来店ありがとうございました。今後のサービス向上のため、アンケートにご協力ください。',
    fields: [
      { key: 'name', type: 'text', label: 'お名前', required: true, placeholder: '山田 花子' },
      {
        key: 'visit',
        type: 'radio',
        label: '当店を知ったきっかけ',
        required: true,
        options: [
          { key: 'sns', label: 'SNS', actions: { add_tag_ids: snsTagId === undefined ? [] : [snsTagId] } },
          { key: 'friend', label: '友人・知人の紹介' },
          { key: 'walk', label: '通りがかり' },
        ],
      },
      {
        key: 'phone',
        type: 'text',
        label: '電話番号',
        check: 'phone',
        help: 'ハイフンなしでも入力できます',
        mapping: phoneFieldId === undefined ? null : { kind: 'info_field', field_id: phoneFieldId },
      },
      { key: 'prefecture', type: 'prefecture', label: 'お住まいの都道府県' },
      { key: 'comment', type: 'textarea', label: 'ご意見・ご感想', max_length: 1000 },
      { key: 'consent', type: 'consent', label: '個人情報の取り扱いに同意する', required: true },
    ],
    settings: {
      once_per_friend: true,
      editable: true,
      thank_you_message: 'ご回答ありがとうございました。次回のご来店をお待ちしております。',
      after_message: { kind: 'text', text: '{{name}}さん、アンケートへのご回答ありがとうございました！' },
    },
    actions: { score: 10 },
  };
}

function documentRequest(folderId: number, now: Date): FormInput {
  return {
    name: DEMO_REQUEST_FORM,
    folder_id: folderId,
    title: '資料請求フォーム',
    description: 'カタログをご希望の方は、送付先をご入力ください。',
    fields: [
      { key: 'name', type: 'text', label: 'お名前', required: true },
      { key: 'kana', type: 'text', label: 'フリガナ', required: true, check: 'katakana' },
      { key: 'email', type: 'email', label: 'メールアドレス', required: true },
      { key: 'address', type: 'address', label: '送付先住所', required: true },
      { key: 'consent', type: 'consent', label: '個人情報の取り扱いに同意する', required: true },
    ],
    settings: {
      closes_at: new Date(now.getTime() + 60 * DAY_MS).toISOString(),
      once_per_friend: false,
      allow_anonymous: true,
      thank_you_message: '資料請求を受け付けました。1週間ほどでお届けします。',
    },
  };
}

function thanksScenario(formId: number): PlanDetail {
  return {
    plan: {
      ...defaultPlan('scenario'),
      name: DEMO_FORM_SCENARIO,
      is_active: true,
      scenario_trigger: FORM_ANSWERED_TRIGGER,
      trigger_ref_id: formId,
    },
    plan_actions: [
      {
        ...firstBox('text_message'),
        message: toPlanMessage({
          ...emptyMessage('text_message'),
          text: 'アンケートのお礼に、次回使える10%OFFクーポンをお送りします。',
        }),
      },
    ],
    plan_timings: [],
  };
}

/** The channel's form folder, its two forms (with their history) and the scenario the survey starts. */
export async function seedDemoForms(
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
  const [folder] = await db
    .insert(folders)
    .values({ scope: 'service', lineAccountId: channel.lineAccountId, folderType: 'forms', name: DEMO_FORM_FOLDER })
    .returning();
  const [snsTag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.lineAccountId, channel.lineAccountId), eq(tags.name, DEMO_SNS_TAG)));
  const [phone] = await db
    .select({ id: friendInfoFields.id })
    .from(friendInfoFields)
    .where(and(eq(friendInfoFields.lineAccountId, channel.lineAccountId), eq(friendInfoFields.name, PHONE_FIELD)));
  const ids: number[] = [];
  for (const input of [visitSurvey(folder!.id, snsTag?.id, phone?.id), documentRequest(folder!.id, now)]) {
    const parsed = formInput.parse(input);
    const row = await formsRepo.insertForm(db, scope, {
      name: parsed.name,
      folderId: parsed.folder_id,
      title: parsed.title,
      description: parsed.description,
      fields: parsed.fields,
      settings: parsed.settings,
      actions: parsed.actions,
      publicCode: randomBytes(16).toString('base64url'),
    });
    await formsRepo.insertHistory(db, scope, {
      formId: row.id,
      kind: 'created',
      userId: staffId,
      before: null,
      after: actionSnapshot(parsed),
    });
    ids.push(row.id);
  }
  await ctx.events.transaction(db, (on) =>
    saveIn(ctx, on, scope, null, toPlanSavePayload(thanksScenario(ids[0]!)), now),
  );
}

const ANSWERS: { name: string; visit: string; phone?: string; prefecture?: string; comment?: string }[] = [
  {
    name: '佐藤 美咲',
    visit: 'sns',
    phone: '09012345678',
    prefecture: '東京都',
    comment: 'スタッフの方が親切でした。',
  },
  { name: '鈴木 一郎', visit: 'friend', prefecture: '神奈川県' },
  { name: '高橋 由美', visit: 'sns', prefecture: '埼玉県', comment: '新商品が楽しみです。' },
  { name: '田中 健', visit: 'walk', phone: '08098765432', prefecture: '千葉県' },
  { name: '伊藤 さくら', visit: 'sns', prefecture: '東京都', comment: '<b>また来ます</b>' },
  { name: '渡辺 翔', visit: 'friend', prefecture: '大阪府' },
];

/**
 * The visit survey's past answers by the first demo friends (once they exist), with what the
 * answers did: the SNS option's tag and the phone number in the friend's info field. Idempotent: a
 * survey that has answers keeps them.
 */
export async function seedDemoFormAnswers(db: Db, lineAccountId: number, now: Date = new Date()): Promise<void> {
  const scope = channelScope(lineAccountId);
  const { rows } = await formsRepo.listForms(db, scope, { name: DEMO_VISIT_FORM, page: 1, limit: 1 });
  const form = rows.find((row) => row.name === DEMO_VISIT_FORM);
  if (!form || form.answerCount > 0) return;
  const friendRows = await db
    .select({ id: friends.id })
    .from(friends)
    .where(eq(friends.lineAccountId, lineAccountId))
    .orderBy(asc(friends.id))
    .limit(ANSWERS.length);
  const snsTag = form.fields.find((field) => field.key === 'visit')?.options.find((option) => option.key === 'sns')
    ?.actions.add_tag_ids[0];
  const phoneMapping = form.fields.find((field) => field.key === 'phone')?.mapping;
  await db.transaction(async (tx) => {
    for (const [index, friend] of friendRows.entries()) {
      const answer = ANSWERS[index]!;
      const values: FormValues = { ...answer, consent: true };
      await formsRepo.insertAnswer(tx, scope, {
        formId: form.id,
        friendId: friend.id,
        submissionId: `demo-${index}`,
        values,
        items: answerItems(form.fields, values, new Map()),
        answeredAt: new Date(now.getTime() - (index + 1) * DAY_MS),
      });
      await formsRepo.countAnswer(tx, scope, form.id);
      if (answer.visit === 'sns' && snsTag !== undefined)
        await tx.insert(friendTags).values({ lineAccountId, friendId: friend.id, tagId: snsTag }).onConflictDoNothing();
      if (answer.phone && phoneMapping?.kind === 'info_field')
        await tx
          .insert(friendInfoValues)
          .values({ lineAccountId, friendId: friend.id, fieldId: phoneMapping.field_id, value: answer.phone })
          .onConflictDoNothing();
    }
  });
}
