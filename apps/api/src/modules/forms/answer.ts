import { randomBytes } from 'node:crypto';
import {
  FRIEND_DISPLAY_NAME_MAX,
  FRIEND_NOTES_MAX,
  INFO_FIELD_VALUE_MAX,
  isChoiceType,
  renderText,
  toLineMessage,
  validateAnswer,
  visibleFields,
  type FormActions,
  type FormValues,
  type PublicAnswerResult,
  type PublicForm,
  type ValidationErrors,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { EventTransaction } from '../../platform/events.ts';
import type { LineMessage } from '../../platform/line.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { storeImage } from '../files/service.ts';
import { channelFriend, updateFriend, writeInfoValues } from '../friends/repository.ts';
import * as infoFields from '../friends/info-field-repository.ts';
import { checkValue } from '../friends/service.ts';
import { storeTrackedLinks, trackedLinksFor } from '../links/service.ts';
import { PLAN_EFFECTS } from '../plan-engine/registries.ts';
import { announceTalkSend, recordTalkSend, type TalkSend } from '../talks/service.ts';
import { channelTemplate, contextOf } from '../templates/line-message.ts';
import { readFormLink } from './link.ts';
import { answerItems, answerText, stateOf } from './present.ts';
import * as repo from './repository.ts';
import { FORM_NOUN } from './service.ts';

/*
 * The public /form page: who answers is told by the friend's signed link (or, for forms that allow
 * it, the form's public code: anonymous), never by an id in the request. An answer is stored, its
 * mapped friend fields written, its actions run and form.answered published in one transaction;
 * a repeated submission (same submission id) finds its answer and does nothing more.
 */

const STATE_MESSAGE = {
  scheduled: 'このフォームはまだ回答を受け付けていません。',
  closed: 'このフォームの回答受付は終了しました。',
  full: 'このフォームは回答数の上限に達したため、受付を終了しました。',
} as const;
export const ANSWERED_MESSAGE = 'このフォームには回答済みです。';
export const EXPIRED_MESSAGE = 'このリンクは有効期限が切れています。LINEのトークから新しいリンクを開いてください。';

interface Answering {
  form: repo.FormRow;
  scope: ChannelScope;
  /** null: anonymous. */
  friendId: number | null;
  expired: boolean;
}

/** The form and the friend a request's token or code names; 404 when it names none (a tampered link too). */
async function answering(ctx: AppContext, who: { t?: string | undefined; c?: string | undefined }): Promise<Answering> {
  const db = ctx.database.db;
  if (who.t) {
    const link = readFormLink(ctx.secrets, who.t, ctx.clock.now());
    const form = link && (await repo.formByIdUnscoped(db, link.formId));
    if (!link || !form) throw notFound(FORM_NOUN);
    const scope = channelScope(form.lineAccountId);
    // A link of a friend of another channel names no answerer of this form.
    if ((await repo.channelFriendId(db, scope, link.friendId)) === undefined) throw notFound(FORM_NOUN);
    return { form, scope, friendId: link.friendId, expired: link.expired };
  }
  const form = who.c ? await repo.formByCodeUnscoped(db, who.c) : undefined;
  if (!form || !form.settings.allow_anonymous) throw notFound(FORM_NOUN);
  return { form, scope: channelScope(form.lineAccountId), friendId: null, expired: false };
}

export async function view(
  ctx: AppContext,
  who: { t?: string | undefined; c?: string | undefined },
): Promise<PublicForm> {
  const { form, scope, friendId, expired } = await answering(ctx, who);
  const base = { title: form.title, description: form.description, anonymous: friendId === null };
  if (expired) return { ...base, state: 'expired', fields: [], previous: null };
  const state = stateOf(form, ctx.clock.now());
  const previous =
    friendId !== null && form.settings.once_per_friend
      ? await repo.answerOfFriend(ctx.database.db, scope, form.id, friendId)
      : undefined;
  if (previous && !form.settings.editable) return { ...base, state: 'answered', fields: [], previous: null };
  // An editable answer stays editable once the form is full (editing takes no new place).
  const open = state === 'open' || (state === 'full' && previous !== undefined);
  if (!open) return { ...base, state, fields: [], previous: null };
  return { ...base, state: 'open', fields: form.fields, previous: previous?.values ?? null };
}

/** An image for one of the form's image fields: stored as other uploads are, named by a random token. */
export async function upload(
  ctx: AppContext,
  who: { t?: string | undefined; c?: string | undefined },
  bytes: Buffer,
  consoleOrigin: string,
): Promise<{ token: string }> {
  const { form, scope, expired } = await answering(ctx, who);
  if (expired) throw new AppError('gone', EXPIRED_MESSAGE);
  if (!form.fields.some((field) => field.type === 'image')) throw notFound(FORM_NOUN);
  const stored = await storeImage(ctx, bytes, consoleOrigin);
  const token = randomBytes(24).toString('base64url');
  await repo.insertUpload(ctx.database.db, scope, { formId: form.id, token, url: stored.originalContentUrl });
  return { token };
}

/** The chosen options' actions and the form's own, run as the plan engine's effects for the friend. */
async function runActions(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  friendId: number,
  form: repo.FormRow,
  values: FormValues,
) {
  const all: FormActions[] = [form.actions];
  for (const field of visibleFields(form, values)) {
    const value = values[field.key];
    if (!isChoiceType(field.type) || value === undefined) continue;
    const chosen = Array.isArray(value) ? value : [value];
    for (const option of field.options) if (chosen.includes(option.key)) all.push(option.actions);
  }
  const effects = ctx.registries.all(PLAN_EFFECTS);
  const effect = async (kind: string, ids: number[]) => {
    if (ids.length === 0) return;
    await effects.find((item) => item.kind === kind)?.apply(ctx, on, scope, [friendId], [...new Set(ids)]);
  };
  await effect(
    'remove_tags',
    all.flatMap((actions) => actions.remove_tag_ids),
  );
  await effect(
    'tags',
    all.flatMap((actions) => actions.add_tag_ids),
  );
  await effect(
    'remove_marks',
    all.flatMap((actions) => actions.remove_mark_ids),
  );
  await effect(
    'marks',
    all.flatMap((actions) => actions.add_mark_ids),
  );
  const score = all.reduce((sum, actions) => sum + actions.score, 0);
  if (score !== 0) await effect('score', [score]);
  const menus = all.flatMap((actions) => (actions.rich_menu_id === null ? [] : [actions.rich_menu_id]));
  if (menus.length > 0) await effect('rich_menu', [menus.at(-1)!]);
  await effect(
    'start_plan',
    all.flatMap((actions) => (actions.plan_id === null ? [] : [actions.plan_id])),
  );
}

/** Writes the answers of mapped fields on the friend (an info value that does not fit its field is left as it was). */
async function writeMapped(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  friendId: number,
  form: repo.FormRow,
  values: FormValues,
) {
  const tx = on.tx;
  const infoIds = form.fields.flatMap((field) =>
    field.mapping?.kind === 'info_field' ? [field.mapping.field_id] : [],
  );
  const fields = new Map((await infoFields.findMany(tx, scope, infoIds)).map((field) => [field.id, field]));
  const set: { fieldId: number; value: string }[] = [];
  const friendChanges: { displayNameOverride?: string; notes?: string } = {};
  for (const field of visibleFields(form, values)) {
    const value = values[field.key];
    if (!field.mapping || value === undefined) continue;
    const text = answerText(field, value);
    if (text === '') continue;
    if (field.mapping.kind === 'display_name')
      friendChanges.displayNameOverride = text.slice(0, FRIEND_DISPLAY_NAME_MAX);
    else if (field.mapping.kind === 'notes') friendChanges.notes = text.slice(0, FRIEND_NOTES_MAX);
    else {
      const info = fields.get(field.mapping.field_id);
      const checked = info && checkValue(info, text.slice(0, INFO_FIELD_VALUE_MAX));
      if (checked && 'value' in checked) set.push({ fieldId: info.id, value: checked.value });
    }
  }
  if (set.length > 0) {
    await writeInfoValues(tx, scope, friendId, set, []);
    await on.publish('friend.info_changed', { lineAccountId: scope.lineAccountId, friendId });
  }
  if (Object.keys(friendChanges).length > 0) await updateFriend(tx, scope, friendId, friendChanges);
  if (set.length > 0 || Object.keys(friendChanges).length > 0)
    on.afterCommit(() =>
      publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId: scope.lineAccountId, friendId }),
    );
}

/** The LINE message after answering, recorded in the friend's talk (null when the form sends none or cannot). */
async function sendAfterMessage(
  ctx: AppContext,
  db: Db,
  scope: ChannelScope,
  friendId: number,
  form: repo.FormRow,
  answerId: number,
  consoleOrigin: string,
): Promise<TalkSend | null> {
  const after = form.settings.after_message;
  if (after.kind === 'none') return null;
  const friend = await channelFriend(db, scope, friendId);
  if (!friend || friend.status !== 'following') return null;
  let message: LineMessage;
  if (after.kind === 'text') {
    const context = await contextOf(db, friend, { ctx, message: after.text });
    message = { type: 'text', text: renderText(after.text, context).text };
  } else {
    const template = await channelTemplate(db, scope, after.template_id);
    if (!template) return null;
    const links = await trackedLinksFor(db, friend, template.message, consoleOrigin);
    const context = await contextOf(db, friend, { ctx, message: template.message });
    message = toLineMessage(template.message, { ...context, trackedUris: links.uris }) as LineMessage;
    await storeTrackedLinks(db, scope, links);
  }
  return recordTalkSend(ctx, db, scope, friendId, message, { source: 'form', sourceId: answerId, userId: null });
}

/** 422 as the form's fields name them (`values.<key>`). */
function invalid(errors: Record<string, string>): AppError {
  const fieldErrors: ValidationErrors = Object.fromEntries(
    Object.entries(errors).map(([key, description]) => [`values.${key}`, { description }]),
  );
  return new AppError('validation', Object.values(errors)[0] ?? '入力内容を確認してください', fieldErrors);
}

export async function submit(
  ctx: AppContext,
  input: { t?: string | undefined; c?: string | undefined; submission_id: string; values: Record<string, unknown> },
  consoleOrigin: string,
): Promise<PublicAnswerResult> {
  const { form, scope, friendId, expired } = await answering(ctx, input);
  if (expired) throw new AppError('gone', EXPIRED_MESSAGE);
  const checked = validateAnswer(form, input.values);
  if (!checked.ok) throw invalid(checked.errors);
  const { values } = checked;
  // Each image answer must name an upload made for this form.
  const imageAnswers = form.fields.flatMap((field) => {
    const value = values[field.key];
    return field.type === 'image' && typeof value === 'string' ? [{ key: field.key, token: value }] : [];
  });
  const images = await repo.uploadsOf(
    ctx.database.db,
    scope,
    form.id,
    imageAnswers.map((answer) => answer.token),
  );
  const missing = imageAnswers.filter((answer) => !images.has(answer.token));
  if (missing.length > 0)
    throw invalid(Object.fromEntries(missing.map((answer) => [answer.key, '画像をアップロードし直してください'])));
  const result = {
    thank_you_message: form.settings.thank_you_message,
    redirect_url: form.settings.redirect_url,
  };

  const sent = await ctx.events.transaction(ctx.database.db, async (on) => {
    const tx = on.tx;
    const locked = await repo.lockForm(tx, scope, form.id);
    if (!locked) throw notFound(FORM_NOUN);
    if (await repo.answerBySubmission(tx, scope, locked.id, input.submission_id)) return null;
    const now = ctx.clock.now();
    const items = answerItems(locked.fields, values, images);
    const previous =
      friendId !== null && locked.settings.once_per_friend
        ? await repo.answerOfFriend(tx, scope, locked.id, friendId)
        : undefined;
    const state = stateOf(locked, now);
    if (previous) {
      if (!locked.settings.editable) throw conflict(ANSWERED_MESSAGE);
      if (state === 'scheduled' || state === 'closed') throw conflict(STATE_MESSAGE[state]);
      await repo.editAnswer(tx, scope, previous.id, {
        values,
        items,
        editedAt: now,
        submissionId: input.submission_id,
      });
      await writeMapped(ctx, on, scope, friendId!, locked, values);
      return null;
    }
    if (state !== 'open') throw conflict(STATE_MESSAGE[state]);
    const answer = await repo.insertAnswer(tx, scope, {
      formId: locked.id,
      friendId,
      submissionId: input.submission_id,
      values,
      items,
      answeredAt: now,
    });
    await repo.countAnswer(tx, scope, locked.id);
    if (friendId !== null) {
      await writeMapped(ctx, on, scope, friendId, locked, values);
      await runActions(ctx, on, scope, friendId, locked, values);
    }
    await on.publish('form.answered', {
      lineAccountId: scope.lineAccountId,
      formId: locked.id,
      answerId: answer.id,
      friendId,
    });
    if (friendId === null) return null;
    on.afterCommit(() =>
      publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId: scope.lineAccountId, friendId }),
    );
    const message = await sendAfterMessage(ctx, tx, scope, friendId, locked, answer.id, consoleOrigin);
    return message && { friendId, message };
  });
  if (sent) await announceTalkSend(ctx, scope, sent.friendId, sent.message);
  return result;
}
