import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  csvRecord,
  FORM_NAME_MAX,
  isChoiceType,
  listPage,
  textCell,
  UTF8_BOM,
  type channelFormAnswerListQuery,
  type copyFormInput,
  type Form,
  type FormActions,
  type FormAnswer,
  type formAnswerFilterQuery,
  type formAnswerListQuery,
  type FormHistoryEntry,
  type formInput,
  type formListQuery,
  type FormSummary,
} from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { accountScope, type ChannelRequest, type ChannelScope } from '../../platform/principal.ts';
import { actionSnapshot, presentAnswer, presentForm } from './present.ts';
import { requireFeature } from '../plan-limits/service.ts';
import * as repo from './repository.ts';

/* The form builder's rules, and the answers as staff read them (list, summary, CSV). */

export const FORM_NOUN = 'フォーム';
export const ANSWER_NOUN = '回答';
const FOREIGN_MESSAGE: Record<repo.OwnKind, string> = {
  folders: 'フォームのフォルダを選んでください',
  tags: 'このチャネルのタグではありません',
  marks: 'このチャネルのマークではありません',
  plans: 'このチャネルのプランではありません',
  rich_menus: 'このチャネルのリッチメニューではありません',
  info_fields: 'このチャネルの友だち情報欄ではありません',
  templates: 'このチャネルのテンプレートではありません',
  forms: 'このチャネルのフォームではありません',
};

type Parsed = z.output<typeof formInput>;

/** The public code of a form's anonymous address: 16 random bytes, URL-safe. */
const newPublicCode = () => randomBytes(16).toString('base64url');

function named(actions: FormActions): [repo.OwnKind, number[]][] {
  return [
    ['tags', [...actions.add_tag_ids, ...actions.remove_tag_ids]],
    ['marks', [...actions.add_mark_ids, ...actions.remove_mark_ids]],
    ['plans', actions.plan_id === null ? [] : [actions.plan_id]],
    ['rich_menus', actions.rich_menu_id === null ? [] : [actions.rich_menu_id]],
  ];
}

/** Checks what the input names against the channel: 422 on the first field naming another channel's item. */
async function checkInput(db: Db, scope: ChannelScope, input: Parsed): Promise<void> {
  const own = async (field: string, kind: repo.OwnKind, ids: number[]) => {
    const found = await repo.ownIds(db, scope, kind, ids);
    if (ids.some((id) => !found.has(id))) throw fieldError(field, FOREIGN_MESSAGE[kind]);
  };
  if (input.folder_id !== null) await own('folder_id', 'folders', [input.folder_id]);
  for (const [kind, ids] of named(input.actions)) await own('actions', kind, ids);
  for (const [index, field] of input.fields.entries()) {
    if (field.mapping?.kind === 'info_field')
      await own(`fields.${index}.mapping`, 'info_fields', [field.mapping.field_id]);
    if (!isChoiceType(field.type) && field.options.length > 0)
      throw fieldError(
        `fields.${index}.options`,
        '選択肢はプルダウン・ラジオボタン・チェックボックスにだけ指定できます',
      );
    for (const [optionIndex, option] of field.options.entries()) {
      for (const [kind, ids] of named(option.actions))
        await own(`fields.${index}.options.${optionIndex}.actions`, kind, ids);
    }
  }
  const after = input.settings.after_message;
  if (after.kind === 'template') await own('settings.after_message.template_id', 'templates', [after.template_id]);
}

const valuesOf = (input: Parsed): repo.FormValuesRow => ({
  name: input.name,
  folderId: input.folder_id,
  title: input.title,
  description: input.description,
  fields: input.fields,
  settings: input.settings,
  actions: input.actions,
});

export async function get(ctx: AppContext, scope: ChannelScope, id: number): Promise<Form> {
  const row = await repo.findForm(ctx.database.db, scope, id);
  if (!row) throw notFound(FORM_NOUN);
  return presentForm(row, ctx.clock.now());
}

export async function list(ctx: AppContext, scope: ChannelScope, query: z.output<typeof formListQuery>) {
  const { rows, total } = await repo.listForms(ctx.database.db, scope, {
    folderId: query.folder_id,
    name: query.name,
    page: query.page,
    limit: query.limit,
  });
  const now = ctx.clock.now();
  return listPage(
    rows.map((row) => presentForm(row, now)),
    total,
    query,
  );
}

export async function create(ctx: AppContext, scope: ChannelRequest, input: Parsed): Promise<Form> {
  const db = ctx.database.db;
  await requireFeature(db, accountScope(scope.accountId), 'forms');
  await checkInput(db, scope, input);
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertForm(tx, scope, { ...valuesOf(input), publicCode: newPublicCode() });
    await repo.insertHistory(tx, scope, {
      formId: created.id,
      kind: 'created',
      userId: scope.userId,
      before: null,
      after: actionSnapshot(input),
    });
    return created;
  });
  return presentForm(row, ctx.clock.now());
}

/** Saves the form; a change of its actions (its own or an option's) is recorded in its history. */
export async function update(ctx: AppContext, scope: ChannelRequest, id: number, input: Parsed): Promise<Form> {
  const db = ctx.database.db;
  const current = await repo.findForm(db, scope, id);
  if (!current) throw notFound(FORM_NOUN);
  await checkInput(db, scope, input);
  await db.transaction(async (tx) => {
    await repo.updateForm(tx, scope, id, valuesOf(input));
    const before = actionSnapshot(current);
    const after = actionSnapshot(input);
    if (!isDeepStrictEqual(before, after))
      await repo.insertHistory(tx, scope, { formId: id, kind: 'actions_changed', userId: scope.userId, before, after });
  });
  return get(ctx, scope, id);
}

export async function remove(ctx: AppContext, scope: ChannelScope, id: number): Promise<{ id: number }> {
  if (!(await repo.deleteForm(ctx.database.db, scope, id))) throw notFound(FORM_NOUN);
  return { id };
}

/** A copy without answers, named "…のコピー", with a public code of its own. */
export async function copy(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  body: z.output<typeof copyFormInput>,
): Promise<Form> {
  const original = await repo.findForm(ctx.database.db, scope, id);
  if (!original) throw notFound(FORM_NOUN);
  return create(ctx, scope, {
    name: `${original.name}のコピー`.slice(0, FORM_NAME_MAX),
    folder_id: body.folder_id === undefined ? original.folderId : body.folder_id,
    title: original.title,
    description: original.description,
    fields: original.fields,
    settings: original.settings,
    actions: original.actions,
  });
}

export async function history(ctx: AppContext, scope: ChannelScope, id: number): Promise<FormHistoryEntry[]> {
  const db = ctx.database.db;
  if (!(await repo.findForm(db, scope, id))) throw notFound(FORM_NOUN);
  const rows = await repo.historyOf(db, scope, id);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    actor_name: row.actorName,
    at: row.createdAt.toISOString(),
    before: row.before,
    after: row.after,
  }));
}

/** JST days (both inclusive) as the half-open range of instants they cover. */
function daysRange(query: { from?: string | undefined; to?: string | undefined }) {
  const to = query.to ? new Date(`${query.to}T00:00:00+09:00`) : undefined;
  return {
    from: query.from ? new Date(`${query.from}T00:00:00+09:00`) : undefined,
    to: to ? new Date(to.getTime() + 86_400_000) : undefined,
  };
}

const filterOf = (query: z.output<typeof formAnswerFilterQuery>): repo.AnswerFilter => ({
  friendName: query.friend_name,
  ...daysRange(query),
});

async function existingForm(db: Db, scope: ChannelScope, id: number): Promise<repo.FormRow> {
  const form = await repo.findForm(db, scope, id);
  if (!form) throw notFound(FORM_NOUN);
  return form;
}

export async function answers(
  ctx: AppContext,
  scope: ChannelScope,
  formId: number,
  query: z.output<typeof formAnswerListQuery>,
) {
  const db = ctx.database.db;
  await existingForm(db, scope, formId);
  const { rows, total } = await repo.listAnswers(
    db,
    scope,
    { ...filterOf(query), formId },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return listPage(rows.map(presentAnswer), total, query);
}

export async function allAnswers(
  ctx: AppContext,
  scope: ChannelScope,
  query: z.output<typeof channelFormAnswerListQuery>,
) {
  const { rows, total } = await repo.listAnswers(
    ctx.database.db,
    scope,
    { ...filterOf(query), formId: query.form_id },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return listPage(rows.map(presentAnswer), total, query);
}

export async function friendAnswers(
  ctx: AppContext,
  scope: ChannelScope,
  friendId: number,
  query: { page: number; limit: number },
) {
  const db = ctx.database.db;
  if ((await repo.channelFriendId(db, scope, friendId)) === undefined) throw notFound('友だち');
  const { rows, total } = await repo.listAnswers(
    db,
    scope,
    { friendId },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return listPage(rows.map(presentAnswer), total, query);
}

export async function answer(ctx: AppContext, scope: ChannelScope, id: number): Promise<FormAnswer> {
  const row = await repo.findAnswer(ctx.database.db, scope, id);
  if (!row) throw notFound(ANSWER_NOUN);
  return presentAnswer(row);
}

/** Per question of the form now: how many answered it and, for choices, how many chose each option. */
export async function summary(
  ctx: AppContext,
  scope: ChannelScope,
  formId: number,
  query: z.output<typeof formAnswerFilterQuery>,
): Promise<FormSummary> {
  const db = ctx.database.db;
  const form = await existingForm(db, scope, formId);
  const filter = { ...filterOf(query), formId };
  const [{ total }, counts] = [
    await repo.listAnswers(db, scope, filter, { limit: 1, offset: 0 }),
    await repo.answerCounts(db, scope, filter),
  ];
  return {
    answer_count: total,
    questions: form.fields
      .filter((field) => field.type !== 'heading')
      .map((field) => ({
        key: field.key,
        label: field.label,
        type: field.type,
        answered_count: counts.answered.get(field.key) ?? 0,
        options: field.options.map((option) => ({
          key: option.key,
          label: option.label,
          count: counts.values.get(field.key)?.get(option.key) ?? 0,
        })),
      })),
  };
}

const CSV_BATCH = 1000;
const jst = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/**
 * The form's answers as CSV: answered at (JST), the friend, then one column per question of the
 * form now (answers as text, choices by label). Every answer cell is untrusted text, so a cell that
 * would start a formula is neutralised.
 */
export async function exportCsv(
  ctx: AppContext,
  scope: ChannelScope,
  formId: number,
  query: z.output<typeof formAnswerFilterQuery>,
): Promise<{ filename: string; body: string }> {
  const db = ctx.database.db;
  const form = await existingForm(db, scope, formId);
  const questions = form.fields.filter((field) => field.type !== 'heading');
  let body =
    UTF8_BOM + csvRecord(['回答日時', '友だち', '編集日時', ...questions.map((field) => textCell(field.label))]);
  for (let offset = 0; ; offset += CSV_BATCH) {
    const { rows } = await repo.listAnswers(db, scope, { ...filterOf(query), formId }, { limit: CSV_BATCH, offset });
    for (const row of rows) {
      const items = new Map(row.items.map((item) => [item.key, item]));
      body += csvRecord([
        textCell(jst.format(row.answeredAt)),
        textCell(row.friendName ?? '匿名'),
        textCell(row.editedAt ? jst.format(row.editedAt) : null),
        ...questions.map((field) => {
          const item = items.get(field.key);
          return textCell(item ? (item.image_url ?? item.text) : null);
        }),
      ]);
    }
    if (rows.length < CSV_BATCH) break;
  }
  return { filename: `form-${form.id}-answers.csv`, body };
}
