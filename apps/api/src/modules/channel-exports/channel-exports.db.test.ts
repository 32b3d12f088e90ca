/**
 * Full channel export through the API: the owner asks for it, the worker builds the ZIP, the owner
 * downloads it; unzipped here: every dataset as CSV (with a BOM) and JSON, the README, the rich-menu
 * image, the columns and a few values; nothing of another channel. Staff are refused (403), another
 * account's export is not found, and an expired export loses its file.
 */
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  CHANNEL_EXPORT_RETENTION_DAYS,
  channelExportsApi as api,
  formPublicApi,
  formsApi,
  inflowsApi,
  type ChannelExport,
} from '@linq/contract';
import { parseCsv } from '../../test/csv.ts';
import type { Tenant } from '../../test/factory.ts';
import { useTestApp, type Caller } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { signFormLink } from '../forms/link.ts';
import { inflowAttributions } from '../inflows/schema.ts';
import { createPlan, simplePlan } from '../plans/test-support.ts';
import { menuWithImage } from '../rich-menus/test-support.ts';
import { messages } from '../talks/schema.ts';
import { expireOld, OWNER_ONLY_MESSAGE } from './service.ts';

const t = useTestApp({ tenants: 2 });
const owner = (tenant: Tenant): Caller => ({ token: tenant.tokens.owner });

/** Every entry of a ZIP by its path. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

const download = (id: number, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/account/takeovers/exports/${id}/download`,
    headers: { authorization: `Bearer ${token}` },
  });

async function finishedExport(tenant: Tenant, lineAccountId: number): Promise<ChannelExport> {
  const created = await t.call(api.create, { body: { line_account_id: lineAccountId } }, owner(tenant));
  expect(created.status).toBe(201);
  expect(created.output.data.status).toBe('queued');
  return waitFor(async () => {
    const { output } = await t.call(api.list, {}, owner(tenant));
    const row = output.data.find((item) => item.id === created.output.data.id);
    if (row?.status === 'failed') throw new Error(row.error ?? 'failed');
    return row?.status === 'done' ? row : undefined;
  });
}

/** A CSV file of the ZIP: UTF-8 with a BOM, as records of cells. */
function csvOf(entries: Map<string, Buffer>, path: string): { header: string[]; rows: string[][] } {
  const text = entries.get(path)?.toString('utf8');
  expect(text, path).toBeDefined();
  expect(text!.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text!.slice(1));
  return { header: header!, rows };
}

const jsonOf = <T>(entries: Map<string, Buffer>, path: string): T[] =>
  JSON.parse(entries.get(path)!.toString('utf8')) as T[];

describe('full channel export', () => {
  it('builds a ZIP of the channel’s data as CSV and JSON with a README and the menu images', async () => {
    const lineAccountId = t.tenant.channels[0]!.id;
    const as = t.staff;
    const tag = await t.factory.tag(lineAccountId, { name: 'VIP' });
    const mark = await t.factory.mark(lineAccountId, { name: '対応中' });
    const field = await t.factory.infoField(lineAccountId, { name: '居住地' });
    const friend = await t.factory.friend(lineAccountId, {
      displayName: '=山田 花子',
      score: 12,
      tagIds: [tag.id],
      markIds: [mark.id],
      info: { [field.id]: '東京都' },
    });
    const route = (await t.call(inflowsApi.create, { body: { name: 'Instagram広告' } }, as)).output.data;
    await t.db.insert(inflowAttributions).values({
      lineAccountId,
      friendId: friend.id,
      routeId: route.id,
      kind: 'new',
      firstTouch: true,
      actions: route.actions,
      actionsApplied: true,
      attributedAt: new Date('2026-11-01T01:00:00Z'),
    });
    await t.db.insert(messages).values({
      lineAccountId,
      friendId: friend.id,
      direction: 'incoming',
      type: 'text',
      content: { type: 'text', text: '予約できますか？' },
    });
    await t.factory.template(as);
    await createPlan(t, as, simplePlan('scenario', 'ステップ配信'));
    const form = (
      await t.call(
        formsApi.create,
        {
          body: {
            name: '来店アンケート',
            title: 'ご来店ありがとうございました',
            fields: [{ key: 'name', type: 'text', label: 'お名前', required: true }],
          },
        },
        as,
      )
    ).output.data;
    const answer = await t.send(formPublicApi.answer, {
      body: {
        t: signFormLink(t.ctx.secrets, { formId: form.id, friendId: friend.id }, t.ctx.clock.now()),
        submission_id: 'export-test-1',
        values: { name: '山田' },
      },
    });
    expect(answer.status).toBe(201);
    const menu = await menuWithImage(t, as, '旧メニュー');
    const elsewhere = await t.factory.friend(t.other.channels[0]!.id, { displayName: '別アカウントの友だち' });

    const finished = await finishedExport(t.tenant, lineAccountId);
    expect(finished).toMatchObject({ progress: 100, line_account_name: t.tenant.channels[0]!.name, error: null });
    expect(finished.byte_size).toBeGreaterThan(0);
    expect(Date.parse(finished.expires_at!) - Date.parse(finished.finished_at!)).toBe(
      CHANNEL_EXPORT_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    );

    const response = await download(finished.id, t.tenant.tokens.owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="channel-export-.+\.zip"$/);
    expect(response.rawPayload.length).toBe(finished.byte_size);
    const entries = await unzip(response.rawPayload);
    const datasets = ['friends', 'talks', 'templates', 'plans', 'forms', 'form_answers', 'rich_menus'];
    expect([...entries.keys()].sort()).toEqual(
      [
        'README.md',
        ...datasets.flatMap((file) => [`${file}.csv`, `${file}.json`]),
        `rich_menus/images/${menu.id}.png`,
      ].sort(),
    );
    expect(entries.get(`rich_menus/images/${menu.id}.png`)!.subarray(1, 4).toString()).toBe('PNG');
    const readme = entries.get('README.md')!.toString('utf8');
    for (const file of datasets) expect(readme).toContain(`## ${file}.csv / ${file}.json`);
    expect(readme).toContain('| line_user_id |');

    const friends = csvOf(entries, 'friends.csv');
    expect(friends.header).toEqual([
      'id',
      'line_user_id',
      'display_name',
      'name_override',
      'status',
      'followed_at',
      'blocked_at',
      'score',
      'language',
      'tags',
      'marks',
      'inflows',
      'notes',
      'created_at',
      'info:居住地',
    ]);
    expect(friends.rows).toHaveLength(1);
    const row = Object.fromEntries(friends.header.map((name, i) => [name, friends.rows[0]![i]]));
    expect(row).toMatchObject({
      id: String(friend.id),
      line_user_id: friend.lineUserId,
      // A name that starts like a formula stays text in a spreadsheet.
      display_name: "'=山田 花子",
      score: '12',
      tags: 'VIP',
      marks: '対応中',
      inflows: 'Instagram広告',
      'info:居住地': '東京都',
    });
    expect(entries.get('friends.csv')!.toString('utf8')).not.toContain(elsewhere.displayName);
    const [friendJson] = jsonOf<Record<string, unknown>>(entries, 'friends.json');
    expect(friendJson).toMatchObject({
      display_name: '=山田 花子',
      tags: ['VIP'],
      marks: ['対応中'],
      info: { 居住地: '東京都' },
      inflows: [{ route: 'Instagram広告', kind: 'new', first_touch: true }],
    });

    const talks = csvOf(entries, 'talks.csv');
    expect(talks.header).toEqual(['id', 'friend_id', 'direction', 'type', 'text', 'content', 'occurred_at']);
    expect(talks.rows.map((r) => [r[1], r[2], r[4]])).toEqual([[String(friend.id), 'incoming', '予約できますか？']]);
    expect(jsonOf(entries, 'templates.json')).toHaveLength(1);
    const [plan] = jsonOf<{ name: string; parts: { actions: unknown[] } }>(entries, 'plans.json');
    expect(plan!.name).toBe('ステップ配信');
    expect(plan!.parts.actions.length).toBeGreaterThan(0);
    expect(csvOf(entries, 'forms.csv').rows.map((r) => r[1])).toEqual(['来店アンケート']);
    const answers = csvOf(entries, 'form_answers.csv');
    expect(answers.rows.map((r) => [r[1], r[2], r[3]])).toEqual([[String(form.id), String(friend.id), 'お名前: 山田']]);
    const [menuJson] = jsonOf<{ name: string; image: string; areas: unknown[] }>(entries, 'rich_menus.json');
    expect(menuJson).toMatchObject({ name: '旧メニュー', image: `rich_menus/images/${menu.id}.png` });
    expect(menuJson!.areas).toHaveLength(1);
  });

  it('is the owner’s alone: staff are refused, another account’s export is not found', async () => {
    const lineAccountId = t.tenant.channels[1]!.id;
    const finished = await finishedExport(t.tenant, lineAccountId);
    const staff = await download(finished.id, t.tenant.tokens.staff);
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ success: false, errors: OWNER_ONLY_MESSAGE });
    expect((await download(finished.id, t.other.tokens.owner)).statusCode).toBe(404);
    const foreign = await t.send(api.create, { body: { line_account_id: t.other.channels[0]!.id } }, owner(t.tenant));
    expect(foreign.status).toBe(422);
    expect((await t.call(api.list, {}, owner(t.other))).output.data.map((row) => row.id)).not.toContain(finished.id);
  });

  it('expires after the retention period: the file is deleted and the download is gone', async () => {
    const finished = await finishedExport(t.tenant, t.tenant.channels[0]!.id);
    await expireOld(t.ctx);
    expect((await download(finished.id, t.tenant.tokens.owner)).statusCode).toBe(200);
    t.ctx.clock.advance((CHANNEL_EXPORT_RETENTION_DAYS * 24 + 1) * 60 * 60 * 1000);
    await expireOld(t.ctx);
    const { output } = await t.call(api.list, {}, owner(t.tenant));
    expect(output.data.find((row) => row.id === finished.id)?.status).toBe('expired');
    expect((await download(finished.id, t.tenant.tokens.owner)).statusCode).toBe(404);
  });
});
