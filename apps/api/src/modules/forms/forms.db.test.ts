/**
 * Answer forms through the API: the builder's CRUD, copy and history of action changes; answers
 * through the public endpoint with a friend's signed link (tags, info field, plan started once even
 * for a double submit, the talk entry), limits (period, count, once per friend, editable),
 * anonymous answers, CSV, summaries, permissions, and `{{form:<id>}}` sent as the friend's own link.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makePng, type SimChannel } from '@linq/line-simulator';
import {
  FORM_ANSWER_TALK_TYPE,
  formPublicApi,
  formsApi as api,
  formSettings,
  formVariable,
  NO_FORM_ACTIONS,
  permissionsWith,
  templatesApi,
  talksApi,
  UTF8_BOM,
  type FormInput,
} from '@linq/contract';
import { useTestApp, type Caller } from '../../test/kit.ts';
import { friendInfoValues, friends } from '../friends/schema.ts';
import { friendMarks, friendTags } from '../labels/schema.ts';
import { planEnrolments } from '../plans/schema.ts';
import { simplePlan } from '../plans/test-support.ts';
import { action, messageOf, payloadOf } from '../templates/test-support.ts';
import { activePlan, engineChannel, listening, receivedCount } from '../plan-engine/test-support.ts';
import { signFormLink } from './link.ts';
import { forms } from './schema.ts';

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

const visitForm = (more: Partial<FormInput> = {}): FormInput => ({
  name: '来店アンケート',
  title: 'ご来店ありがとうございました',
  fields: [
    { key: 'name', type: 'text', label: 'お名前', required: true },
    {
      key: 'visit',
      type: 'radio',
      label: '来店のきっかけ',
      required: true,
      options: [
        { key: 'sns', label: 'SNS' },
        { key: 'friend', label: '友人の紹介' },
      ],
    },
  ],
  ...more,
});
const linkOf = (formId: number, friendId: number) =>
  signFormLink(t.ctx.secrets, { formId, friendId }, t.ctx.clock.now());
let submissions = 0;
const submit = (who: { t?: string; c?: string }, values: Record<string, unknown>, submissionId?: string) =>
  t.send(formPublicApi.answer, {
    body: { ...who, submission_id: submissionId ?? `submission-${++submissions}-${Date.now()}`, values },
  });
const view = (who: { t?: string; c?: string }) => t.call(formPublicApi.view, { query: who });

describe('the form builder', () => {
  it('creates, lists by name, copies, saves and deletes forms', async () => {
    const folder = await t.factory.folder(lineAccountId, 'forms', { name: 'アンケート' });
    const { output: created } = await t.call(api.create, { body: visitForm({ folder_id: folder.id }) }, as);
    expect(created.data).toMatchObject({
      name: '来店アンケート',
      folder_id: folder.id,
      answer_count: 0,
      state: 'open',
      public_path: null,
    });
    const { output: copy } = await t.call(api.copy, { params: { id: created.data.id }, body: {} }, as);
    expect(copy.data).toMatchObject({ name: '来店アンケートのコピー', folder_id: folder.id });
    const { output: found } = await t.call(api.list, { query: { name: 'コピー' } }, as);
    expect(found.data.map((form) => form.id)).toEqual([copy.data.id]);
    const { output: inFolder } = await t.call(api.list, { query: { folder_id: folder.id } }, as);
    expect(inFolder.total_item_count).toBe(2);

    const { output: saved } = await t.call(
      api.update,
      {
        params: { id: created.data.id },
        body: visitForm({ title: '新しい題名', settings: { allow_anonymous: true } }),
      },
      as,
    );
    expect(saved.data.title).toBe('新しい題名');
    expect(saved.data.public_path).toMatch(/^\/form\?c=/);

    expect((await t.call(api.remove, { params: { id: copy.data.id } }, as)).status).toBe(200);
    expect((await t.call(api.get, { params: { id: copy.data.id } }, as)).status).toBe(404);
  });

  it('refuses a condition on a later field, a foreign folder and an unknown info field', async () => {
    const bad = await t.send(
      api.create,
      {
        body: visitForm({
          fields: [
            { key: 'a', type: 'text', label: 'A', condition: { field_key: 'b', operator: 'answered' } },
            { key: 'b', type: 'text', label: 'B' },
          ],
        }),
      },
      as,
    );
    expect(bad.status).toBe(422);
    const otherFolder = await t.factory.folder(lineAccountId, 'tags', { name: 'タグ' });
    expect((await t.send(api.create, { body: visitForm({ folder_id: otherFolder.id }) }, as)).status).toBe(422);
    const unmapped = visitForm({
      fields: [{ key: 'a', type: 'text', label: 'A', mapping: { kind: 'info_field', field_id: 2147483647 } }],
    });
    const refused = await t.send(api.create, { body: unmapped }, as);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toHaveProperty(['fields.0.mapping']);
  });

  it('records who changed the actions and how in the form’s history', async () => {
    const tag = await t.factory.tag(lineAccountId, { name: '回答者' });
    const { output: created } = await t.call(api.create, { body: visitForm() }, as);
    const id = created.data.id;
    await t.call(api.update, { params: { id }, body: visitForm({ title: '題名だけ変更' }) }, as);
    await t.call(api.update, { params: { id }, body: visitForm({ actions: { add_tag_ids: [tag.id] } }) }, as);
    const { output } = await t.call(api.history, { params: { id } }, as);
    expect(output.data.map((entry) => entry.kind)).toEqual(['actions_changed', 'created']);
    const [changed] = output.data;
    expect(changed!.actor_name).toBeTruthy();
    expect(changed!.before?.form.add_tag_ids).toEqual([]);
    expect(changed!.after.form.add_tag_ids).toEqual([tag.id]);
  });

  it('refuses staff without the forms authority', async () => {
    const none = permissionsWith('edit', true);
    none.features.forms = 'none';
    const authority = await t.factory.staffAuthority(t.tenant.account.id, none);
    const user = await t.factory.user('service', {
      accountId: t.tenant.account.id,
      staffAuthorityId: authority.id,
      lineAccountIds: [lineAccountId],
    });
    const caller = { token: await t.factory.login('service', user.email), lineAccountId };
    expect((await t.send(api.list, {}, caller)).status).toBe(403);
    expect((await t.send(api.create, { body: visitForm() }, caller)).status).toBe(403);
    expect((await t.send(api.allAnswers, {}, caller)).status).toBe(403);
  });
});

describe('answers through a friend’s signed link', () => {
  it('stores the answer once, writes the mapped info field, runs the actions and starts the plan once', async () => {
    const tag = await t.factory.tag(lineAccountId, { name: 'SNS経由' });
    const removed = await t.factory.tag(lineAccountId, { name: '未回答' });
    const mark = await t.factory.mark(lineAccountId, { name: '要フォロー', color: '#ff0000' });
    const info = await t.factory.infoField(lineAccountId, { name: 'お名前', fieldType: 'text' });
    const plan = await activePlan(t, as, simplePlan('scenario', 'フォーム回答のお礼'));
    const { friend, row } = await t.factory.followingFriend(channel, lineAccountId, '回答 さん');
    await t.db.insert(friendTags).values({ lineAccountId, friendId: row.id, tagId: removed.id });
    const { output: form } = await t.call(
      api.create,
      {
        body: visitForm({
          fields: [
            {
              key: 'name',
              type: 'text',
              label: 'お名前',
              required: true,
              mapping: { kind: 'info_field', field_id: info.id },
            },
            {
              key: 'visit',
              type: 'radio',
              label: '来店のきっかけ',
              required: true,
              options: [
                { key: 'sns', label: 'SNS', actions: { add_tag_ids: [tag.id], score: 5 } },
                { key: 'friend', label: '友人の紹介' },
              ],
            },
          ],
          actions: { remove_tag_ids: [removed.id], add_mark_ids: [mark.id], plan_id: plan.plan.id! },
          settings: { thank_you_message: 'ありがとうございました' },
        }),
      },
      as,
    );
    const token = linkOf(form.data.id, row.id);
    const { output: opened } = await view({ t: token });
    expect(opened.data).toMatchObject({ state: 'open', anonymous: false, previous: null });

    const invalid = await submit({ t: token }, { visit: 'sns' });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors).toEqual({ 'values.name': { description: '入力してください' } });

    const values = { name: '<script>alert(1)</script>', visit: 'sns', friend_id: 999 };
    const [first, second] = await Promise.all([
      submit({ t: token }, values, 'double-submit-1'),
      submit({ t: token }, values, 'double-submit-1'),
    ]);
    expect([first!.status, second!.status]).toEqual([201, 201]);
    expect(first!.json.data).toEqual({ thank_you_message: 'ありがとうございました', redirect_url: null });

    const { output: answers } = await t.call(api.answers, { params: { id: form.data.id } }, as);
    expect(answers.total_item_count).toBe(1);
    expect(answers.data[0]).toMatchObject({
      friend: { id: row.id, name: '回答 さん' },
      values: { name: '<script>alert(1)</script>', visit: 'sns' },
    });
    expect(answers.data[0]!.items.map((item) => item.text)).toEqual(['<script>alert(1)</script>', 'SNS']);

    const tags = await t.db.select().from(friendTags).where(eq(friendTags.friendId, row.id));
    expect(tags.map((link) => link.tagId)).toEqual([tag.id]);
    expect(await t.db.select().from(friendMarks).where(eq(friendMarks.friendId, row.id))).toHaveLength(1);
    const [value] = await t.db
      .select()
      .from(friendInfoValues)
      .where(and(eq(friendInfoValues.friendId, row.id), eq(friendInfoValues.fieldId, info.id)));
    expect(value?.value).toBe('<script>alert(1)</script>');
    const [friendRow] = await t.db.select().from(friends).where(eq(friends.id, row.id));
    expect(friendRow?.score).toBe(5);
    expect(await receivedCount(t, friend, 1)).toEqual(['お知らせです']);
    const enrolments = await t.db
      .select()
      .from(planEnrolments)
      .where(and(eq(planEnrolments.friendId, row.id), eq(planEnrolments.planId, plan.plan.id!)));
    expect(enrolments).toHaveLength(1);

    // Once per friend, not editable: answered.
    expect((await view({ t: token })).output.data.state).toBe('answered');
    expect((await submit({ t: token }, { name: 'もう一度', visit: 'friend' })).status).toBe(409);

    // The talk shows the answer with the way to it.
    const { output: talk } = await t.call(talksApi.history, { query: { friend_id: row.id } }, as);
    const entry = talk.data.find((message) => message.type === FORM_ANSWER_TALK_TYPE);
    expect(entry?.content).toMatchObject({
      text: 'フォームに回答しました',
      path: `/service/forms/${form.data.id}?answer=${answers.data[0]!.id}`,
    });

    // The friend's answers and the channel's.
    const { output: ofFriend } = await t.call(api.ofFriend, { params: { friend_id: row.id } }, as);
    expect(ofFriend.data.map((answer) => answer.form_id)).toEqual([form.data.id]);
    const { output: all } = await t.call(api.allAnswers, { query: { friend_name: '回答' } }, as);
    expect(all.data.map((answer) => answer.id)).toEqual([answers.data[0]!.id]);
  });

  it('starts the scenarios triggered by the form', async () => {
    const { output: form } = await t.call(api.create, { body: visitForm() }, as);
    const detail = simplePlan('scenario', 'フォームで開始');
    await activePlan(t, as, {
      ...detail,
      plan: { ...detail.plan, scenario_trigger: 'form_answered', trigger_ref_id: form.data.id },
    });
    const { friend, row } = await t.factory.followingFriend(channel, lineAccountId, 'きっかけ さん');
    expect((await submit({ t: linkOf(form.data.id, row.id) }, { name: 'A', visit: 'sns' })).status).toBe(201);
    expect(await receivedCount(t, friend, 1)).toEqual(['お知らせです']);
  });

  it('lets a friend edit an editable answer, which runs no action again', async () => {
    const tag = await t.factory.tag(lineAccountId);
    const { output: form } = await t.call(
      api.create,
      { body: visitForm({ settings: { editable: true }, actions: { add_tag_ids: [tag.id] } }) },
      as,
    );
    const row = await t.factory.friend(lineAccountId);
    const token = linkOf(form.data.id, row.id);
    expect((await submit({ t: token }, { name: '最初', visit: 'sns' })).status).toBe(201);
    await t.db.delete(friendTags).where(eq(friendTags.friendId, row.id));
    const { output: again } = await view({ t: token });
    expect(again.data).toMatchObject({ state: 'open', previous: { name: '最初', visit: 'sns' } });
    expect((await submit({ t: token }, { name: '変更後', visit: 'friend' })).status).toBe(201);
    const { output: answers } = await t.call(api.answers, { params: { id: form.data.id } }, as);
    expect(answers.data).toHaveLength(1);
    expect(answers.data[0]).toMatchObject({ values: { name: '変更後', visit: 'friend' } });
    expect(answers.data[0]!.edited_at).not.toBeNull();
    expect(await t.db.select().from(friendTags).where(eq(friendTags.friendId, row.id))).toEqual([]);
  });

  it('refuses tampered, expired and other channels’ links, and answers outside the period or once full', async () => {
    const { output: form } = await t.call(api.create, { body: visitForm({ settings: { max_answers: 1 } }) }, as);
    const row = await t.factory.friend(lineAccountId);
    const token = linkOf(form.data.id, row.id);
    expect((await t.send(formPublicApi.view, { query: { t: `${token}x` } })).status).toBe(404);
    const elsewhere = await t.factory.lineAccount(t.tenant.account.id);
    const stranger = await t.factory.friend(elsewhere.id);
    expect((await t.send(formPublicApi.view, { query: { t: linkOf(form.data.id, stranger.id) } })).status).toBe(404);
    const old = signFormLink(t.ctx.secrets, { formId: form.data.id, friendId: row.id }, new Date('2020-01-01'));
    expect((await view({ t: old })).output.data.state).toBe('expired');
    expect((await submit({ t: old }, { name: 'A', visit: 'sns' })).status).toBe(410);

    expect((await submit({ t: token }, { name: 'A', visit: 'sns' })).status).toBe(201);
    const other = await t.factory.friend(lineAccountId);
    expect((await view({ t: linkOf(form.data.id, other.id) })).output.data.state).toBe('full');
    const full = await submit({ t: linkOf(form.data.id, other.id) }, { name: 'B', visit: 'sns' });
    expect(full.status).toBe(409);

    const { output: closed } = await t.call(
      api.create,
      { body: visitForm({ settings: { closes_at: '2020-01-01T00:00:00+09:00' } }) },
      as,
    );
    expect(closed.data.state).toBe('closed');
    expect((await submit({ t: linkOf(closed.data.id, row.id) }, { name: 'A', visit: 'sns' })).status).toBe(409);
    const { output: later } = await t.call(
      api.create,
      { body: visitForm({ settings: { opens_at: '2999-01-01T00:00:00+09:00' } }) },
      as,
    );
    expect((await view({ t: linkOf(later.data.id, row.id) })).output.data.state).toBe('scheduled');
  });

  it('takes anonymous answers only by the public code of a form that allows them, with no actions', async () => {
    const { output: closedToAnyone } = await t.call(api.create, { body: visitForm() }, as);
    const code = (path: string | null) => new URLSearchParams(path?.split('?')[1]).get('c') ?? '';
    expect(closedToAnyone.data.public_path).toBeNull();
    const tag = await t.factory.tag(lineAccountId);
    const { output: form } = await t.call(
      api.create,
      { body: visitForm({ settings: { allow_anonymous: true }, actions: { add_tag_ids: [tag.id] } }) },
      as,
    );
    const c = code(form.data.public_path);
    expect((await view({ c })).output.data).toMatchObject({ state: 'open', anonymous: true });
    expect((await submit({ c }, { name: '匿名', visit: 'sns' })).status).toBe(201);
    expect((await submit({ c }, { name: '匿名2', visit: 'sns' })).status).toBe(201);
    const { output: answers } = await t.call(api.answers, { params: { id: form.data.id } }, as);
    expect(answers.data.map((answer) => answer.friend)).toEqual([null, null]);
    expect(await t.db.select().from(friendTags).where(eq(friendTags.tagId, tag.id))).toEqual([]);
  });
});

/** One file as the page uploads it (multipart/form-data, field "file"). */
function multipart(bytes: Buffer) {
  const boundary = `----form${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('image answers', () => {
  it('take an image uploaded for the form, checked as other uploads, and refuse a token of no upload', async () => {
    const { output: form } = await t.call(
      api.create,
      {
        body: visitForm({
          fields: [{ key: 'photo', type: 'image', label: '写真', required: true }],
          settings: { allow_anonymous: true },
        }),
      },
      as,
    );
    const c = new URLSearchParams(form.data.public_path!.split('?')[1]).get('c')!;
    const upload = async (bytes: Buffer) => {
      const body = multipart(bytes);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/public/forms/uploads?c=${encodeURIComponent(c)}`,
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      return { status: response.statusCode, json: response.json<{ data: { token: string } }>() };
    };
    expect((await upload(Buffer.from('not an image'))).status).toBe(422);
    const uploaded = await upload(makePng(100, 100));
    expect(uploaded.status).toBe(201);
    const refused = await submit({ c }, { photo: 'A'.repeat(32) });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toHaveProperty(['values.photo']);
    expect((await submit({ c }, { photo: uploaded.json.data.token })).status).toBe(201);
    const { output: answers } = await t.call(api.answers, { params: { id: form.data.id } }, as);
    expect(answers.data[0]!.items[0]!.image_url).toMatch(/\/files\/[0-9a-f]{48}\.png$/);
  });
});

describe('answers for staff', () => {
  it('sums up choices per option and exports CSV with a BOM and formulas neutralised', async () => {
    const { output: form } = await t.call(api.create, { body: visitForm() }, as);
    const names = ['=HYPERLINK("http://evil.example")', '普通の名前', '+1'];
    for (const [index, name] of names.entries()) {
      const friend = await t.factory.friend(lineAccountId, { displayName: `集計 ${index}` });
      const visit = index === 0 ? 'friend' : 'sns';
      expect((await submit({ t: linkOf(form.data.id, friend.id) }, { name, visit })).status).toBe(201);
    }
    const { output: summary } = await t.call(api.summary, { params: { id: form.data.id } }, as);
    expect(summary.data.answer_count).toBe(3);
    expect(summary.data.questions.find((question) => question.key === 'visit')).toMatchObject({
      answered_count: 3,
      options: [
        { key: 'sns', label: 'SNS', count: 2 },
        { key: 'friend', label: '友人の紹介', count: 1 },
      ],
    });

    const csv = await t.request({ method: 'GET', path: `/service/forms/${form.data.id}/answers/export`, ...as });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.text).toContain(`'+1`);
    expect(csv.text.split('\r\n')[0]).toBe(`${UTF8_BOM}回答日時,友だち,編集日時,お名前,来店のきっかけ`);

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(t.ctx.clock.now());
    const { output: inRange } = await t.call(
      api.answers,
      { params: { id: form.data.id }, query: { from: today, to: today, friend_name: '集計 1' } },
      as,
    );
    expect(inRange.total_item_count).toBe(1);
    const { output: before } = await t.call(
      api.answers,
      { params: { id: form.data.id }, query: { to: '2020-01-01' } },
      as,
    );
    expect(before.total_item_count).toBe(0);
  });
});

describe('form links in messages', () => {
  it('sends {{form:<id>}} as the friend’s own signed link, in text and as a uri action', async () => {
    const { output: form } = await t.call(api.create, { body: visitForm() }, as);
    const message = { ...messageOf('text_message'), text: `回答はこちら ${formVariable(form.data.id)}` };
    const template = await t.factory.template(as, message);
    const { friend, row } = await t.factory.followingFriend(channel, lineAccountId, 'リンク さん');
    const sent = await t.call(
      talksApi.send,
      { body: { friend_id: row.id, message: { type: 'template', template_id: template.plan.id } } },
      as,
    );
    expect(sent.status).toBe(201);
    const [text] = await receivedCount(t, friend, 1);
    const url = /https?:\/\/\S+\/form\?t=(\S+)/.exec(text ?? '');
    expect(url).not.toBeNull();
    const token = decodeURIComponent(url![1]!);
    expect((await view({ t: token })).output.data.state).toBe('open');
    expect((await submit({ t: token }, { name: 'リンク', visit: 'sns' })).status).toBe(201);
    const { output: answers } = await t.call(api.answers, { params: { id: form.data.id } }, as);
    expect(answers.data[0]?.friend?.id).toBe(row.id);

    // As a uri action's whole address: the button opens the friend's own link.
    const confirm = messageOf('confirm');
    const withButton = {
      ...confirm,
      message_confirm: {
        ...confirm.message_confirm!,
        message_actions: [
          confirm.message_confirm!.message_actions[0]!,
          { ...action('uri', '回答する'), uri: formVariable(form.data.id) },
        ],
      },
    };
    const buttonTemplate = await t.factory.template(as, withButton);
    await t.call(
      talksApi.send,
      { body: { friend_id: row.id, message: { type: 'template', template_id: buttonTemplate.plan.id } } },
      as,
    );
    await receivedCount(t, friend, 2);
    const sentButton = friend.inbox()[1]!.message as { template: { actions: { type: string; uri?: string }[] } };
    const uri = sentButton.template.actions.find((item) => item.type === 'uri')?.uri ?? '';
    expect(uri).toMatch(/\/form\?t=/);
  });

  it('refuses {{form:<id>}} naming a form that is not the channel’s', async () => {
    const elsewhere = await t.factory.lineAccount(t.tenant.account.id);
    const [foreign] = await t.db
      .insert(forms)
      .values({
        lineAccountId: elsewhere.id,
        name: 'よそのフォーム',
        title: 'よそ',
        fields: [],
        settings: formSettings.parse({}),
        actions: NO_FORM_ACTIONS,
        publicCode: `foreign-${Date.now()}`,
      })
      .returning();
    const message = { ...messageOf('text_message'), text: `回答 ${formVariable(foreign!.id)}` };
    const refused = await t.send(templatesApi.create, { body: payloadOf(message, {}) }, as);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toHaveProperty(['message_attributes']);
  });
});
