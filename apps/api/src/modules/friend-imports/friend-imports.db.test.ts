import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { presetMapping, takeoversApi as api, type ImportMapping } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { friendInfoFields, friendInfoValues, friends } from '../friends/schema.ts';
import { friendTags, marks, tags } from '../labels/schema.ts';
import { BATCH_ROWS } from './engine.ts';
import { runImport } from './jobs.ts';
import { friendImports } from './schema.ts';
import { csvBytes, lineUserId, multipartFile, uploadCsv } from './test-support.ts';

// The API role only: each run is driven here (runImport), as the worker would, step by step.
const t = useTestApp({ tenants: 2, role: 'api' });
const owner = () => ({ token: t.tenant.tokens.owner });
const channelId = () => t.tenant.channels[0]!.id;
const where = (table: typeof friends | typeof tags | typeof friendInfoFields) => eq(table.lineAccountId, channelId());
const countOf = async (table: typeof friends | typeof tags | typeof friendInfoFields) =>
  (await t.db.select({ n: count() }).from(table).where(where(table)))[0]!.n;
const friendOf = async (userId: string) =>
  (
    await t.db
      .select()
      .from(friends)
      .where(and(eq(friends.lineAccountId, channelId()), eq(friends.lineUserId, userId)))
  )[0];
const tagNamesOf = async (friendId: number) =>
  (
    await t.db
      .select({ name: tags.name })
      .from(friendTags)
      .innerJoin(tags, eq(tags.id, friendTags.tagId))
      .where(eq(friendTags.friendId, friendId))
  )
    .map((row) => row.name)
    .sort();
const infoOf = async (friendId: number) =>
  Object.fromEntries(
    (
      await t.db
        .select({ name: friendInfoFields.name, value: friendInfoValues.value })
        .from(friendInfoValues)
        .innerJoin(friendInfoFields, eq(friendInfoFields.id, friendInfoValues.fieldId))
        .where(eq(friendInfoValues.friendId, friendId))
    ).map((row) => [row.name, row.value]),
  );

/** Starts the run through the API, then does the worker's part. */
async function runToEnd(id: number, mapping: ImportMapping) {
  const started = await t.call(api.run, { params: { id }, body: mapping }, owner());
  expect(started.status).toBe(202);
  await runImport(t.ctx, id);
  return (await t.call(api.get, { params: { id } }, owner())).output.data.import;
}

// A Lステップ-like export: its own number, the LINE user id, one column per tag, an info field.
const taro = lineUserId();
const hanako = lineUserId();
const known = lineUserId();
const LSTEP_ROWS = [
  [
    'ID',
    'LINEユーザーID',
    '表示名',
    '登録(友だち登録)日時',
    'ユーザーブロック',
    '対応マーク',
    'タグ:見込み客',
    'タグ:購入済み',
    '会社名',
    'スコア',
  ],
  ['101', taro, '山田 太郎', '2024/04/01 10:30', '0', '要対応', '1', '0', '山田商店', '3'],
  ['102', hanako, '佐藤 花子', '2024-05-02', '1', '', '1', '1', '', ''],
  ['103', '', '鈴木 一郎', '2024-05-03', '0', '', '0', '0', '', ''],
  ['104', 'Uxyz', '高橋', '2024-05-04', '0', '', '0', '0', '', ''],
  ['105', known, '既存さん', '2024-01-01 09:00', '0', '', '0', '1', '鈴木工業', '10'],
  ['106', taro, '重複', '2024-05-06', '0', '', '0', '0', '', ''],
];

describe('friend import (takeovers)', () => {
  it('reads a Shift_JIS CSV, suggests the Lステップ mapping and reports a dry run that writes nothing', async () => {
    const existing = await t.factory.friend(channelId(), { lineUserId: known, score: 1, displayName: 'LINEの名前' });
    const upload = await uploadCsv(
      t,
      t.tenant.tokens.owner,
      channelId(),
      csvBytes(LSTEP_ROWS, 'shift_jis'),
      '友だち.csv',
    );
    expect(upload.import).toMatchObject({ encoding: 'shift_jis', status: 'uploaded', file_name: '友だち.csv' });
    expect(upload.headers).toEqual(LSTEP_ROWS[0]);
    expect(upload.suggested).toMatchObject({
      preset: 'lstep',
      line_user_id: 'LINEユーザーID',
      tool_id: 'ID',
      display_name: '表示名',
      blocked: 'ユーザーブロック',
      marks_column: '対応マーク',
      tag_columns: ['タグ:見込み客', 'タグ:購入済み'],
      info_fields: [{ column: '会社名', name: '会社名' }],
    });
    const before = {
      friends: await countOf(friends),
      tags: await countOf(tags),
      fields: await countOf(friendInfoFields),
    };

    const preview = (await t.call(api.dryRun, { params: { id: upload.import.id }, body: upload.suggested }, owner()))
      .output.data;
    expect(preview).toMatchObject({ total_rows: 6, create: 2, update: 1, unchanged: 0, errors: 3 });
    expect(preview.row_errors).toEqual([
      { line: 4, message: 'LINEユーザーIDがないため照合できません（元のツールのID: 103）' },
      { line: 5, message: expect.stringContaining('形式が正しくありません') },
      { line: 7, message: '2行目と同じLINEユーザーIDです' },
    ]);
    expect(preview.tags).toEqual(
      expect.arrayContaining([
        { name: '見込み客', friends: 2, new: true },
        { name: '購入済み', friends: 2, new: true },
      ]),
    );
    expect(preview.fields).toEqual(expect.arrayContaining([{ name: '会社名', friends: 2, new: true }]));
    expect(preview.rows[0]).toMatchObject({
      line: 2,
      outcome: 'create',
      display_name: '山田 太郎',
      followed_at: '2024-04-01T01:30:00.000Z',
      blocked: false,
      score: 3,
      marks: ['要対応'],
    });

    // Nothing was written.
    expect({
      friends: await countOf(friends),
      tags: await countOf(tags),
      fields: await countOf(friendInfoFields),
    }).toEqual(before);
    expect((await friendOf(known))!.score).toBe(existing.score);
  });

  it('runs, is idempotent by LINE user id, reports and undoes', async () => {
    const [upload] = (await t.call(api.list, { query: { line_account_id: channelId() } }, owner())).output.data;
    const detail = (await t.call(api.get, { params: { id: upload!.id } }, owner())).output.data;
    const done = await runToEnd(upload!.id, detail.suggested);
    expect(done).toMatchObject({
      status: 'completed',
      total_rows: 6,
      processed_rows: 6,
      created: 2,
      updated: 1,
      errors: 3,
    });
    expect(done).toMatchObject({ waiting: 2, can_undo: true });

    const created = (await friendOf(taro))!;
    expect(created).toMatchObject({ displayName: '山田 太郎', status: 'following', score: 3 });
    expect(await tagNamesOf(created.id)).toEqual(['見込み客']);
    expect(await infoOf(created.id)).toEqual({ 会社名: '山田商店' });
    expect((await friendOf(hanako))!.status).toBe('blocked');
    const updated = (await friendOf(known))!;
    // LINE's name stays; the score, the tag and the info value come in.
    expect(updated).toMatchObject({ displayName: 'LINEの名前', score: 10 });
    expect(await tagNamesOf(updated.id)).toEqual(['購入済み']);
    expect(await infoOf(updated.id)).toEqual({ 会社名: '鈴木工業' });

    const report = await t.request({
      method: 'GET',
      path: `/account/takeovers/imports/${upload!.id}/report`,
      ...owner(),
    });
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.text).toContain('4,エラー,,103,,LINEユーザーIDがないため照合できません');
    expect(report.text).toContain(`2,作成,${taro},101,待機中,`);

    // The same file again changes nothing.
    const again = await uploadCsv(t, t.tenant.tokens.owner, channelId(), csvBytes(LSTEP_ROWS, 'shift_jis'));
    expect(again.saved).toMatchObject({ preset: 'lstep', line_user_id: 'LINEユーザーID' });
    const snapshot = await t.db.select().from(friends).where(where(friends));
    const second = await runToEnd(again.import.id, again.saved!);
    expect(second).toMatchObject({ status: 'completed', created: 0, updated: 0, unchanged: 3, errors: 3 });
    expect(await t.db.select().from(friends).where(where(friends))).toEqual(snapshot);

    // Only the last completed import can be undone: the second, which changed nothing.
    const refused = await t.call(api.undo, { params: { id: upload!.id } }, owner());
    expect(refused.status).toBe(409);
    expect((await t.call(api.undo, { params: { id: again.import.id } }, owner())).output.data.status).toBe('undone');

    // Now the first is the last completed: its undo removes what it created and restores what it changed.
    const undone = (await t.call(api.undo, { params: { id: upload!.id } }, owner())).output.data;
    expect(undone).toMatchObject({ status: 'undone', can_undo: false });
    expect(await friendOf(taro)).toBeUndefined();
    expect(await friendOf(hanako)).toBeUndefined();
    const restored = (await friendOf(known))!;
    expect(restored).toMatchObject({ displayName: 'LINEの名前', score: 1 });
    expect(await tagNamesOf(restored.id)).toEqual([]);
    expect(await infoOf(restored.id)).toEqual({});
  });

  it('detects UTF-8 with a BOM and takes one delimited tag column (the generic preset)', async () => {
    const user = lineUserId();
    const rows = [
      ['line_user_id', 'display_name', 'tags', 'marks'],
      [user, 'BOMさん', 'A, B,C', '済'],
    ];
    const upload = await uploadCsv(t, t.tenant.tokens.owner, channelId(), csvBytes(rows, 'utf-8-bom'));
    expect(upload.import.encoding).toBe('utf-8-bom');
    expect(upload.headers[0]).toBe('line_user_id');
    expect(upload.suggested).toMatchObject({ preset: 'generic', tags_column: 'tags', marks_column: 'marks' });
    await runToEnd(upload.import.id, upload.suggested);
    const friend = (await friendOf(user))!;
    expect(await tagNamesOf(friend.id)).toEqual(['A', 'B', 'C']);
    const [mark] = await t.db
      .select()
      .from(marks)
      .where(and(eq(marks.lineAccountId, channelId()), eq(marks.name, '済')));
    expect(mark).toBeDefined();
  });

  it('resumes after a restart from its checkpoint, writing no row twice', async () => {
    const users = Array.from({ length: BATCH_ROWS + 234 }, () => lineUserId());
    const rows = [['line_user_id', 'display_name', 'tags'], ...users.map((user, i) => [user, `再開 ${i}`, '再開'])];
    const upload = await uploadCsv(t, t.tenant.tokens.owner, channelId(), csvBytes(rows, 'utf-8'));
    expect((await t.call(api.run, { params: { id: upload.import.id }, body: upload.suggested }, owner())).status).toBe(
      202,
    );
    // The worker stops after its first batch (a deploy): the batch and its checkpoint are committed.
    await runImport(t.ctx, upload.import.id, { stopAfterBatches: 1 });
    const cut = (await t.db.select().from(friendImports).where(eq(friendImports.id, upload.import.id)))[0]!;
    expect(cut).toMatchObject({ status: 'running', processedRows: BATCH_ROWS, created: BATCH_ROWS });
    // The next worker goes on from there.
    await runImport(t.ctx, upload.import.id);
    const done = (await t.call(api.get, { params: { id: upload.import.id } }, owner())).output.data.import;
    expect(done).toMatchObject({
      status: 'completed',
      processed_rows: BATCH_ROWS + 234,
      created: BATCH_ROWS + 234,
      errors: 0,
    });
    const [tag] = await t.db
      .select()
      .from(tags)
      .where(and(eq(tags.lineAccountId, channelId()), eq(tags.name, '再開')));
    expect((await t.db.select({ n: count() }).from(friendTags).where(eq(friendTags.tagId, tag!.id)))[0]!.n).toBe(
      BATCH_ROWS + 234,
    );
  });

  /** What the run may keep in memory beyond what was there before (measured: 11 MiB on PostgreSQL). */
  const RETAINED_BOUND_BYTES = 64 * 1024 * 1024;
  // What it proves (a streamed file, a batch at a time in memory) is the same on either database: it runs
  // once, on PostgreSQL, where 100,000 rows take a minute (the embedded database takes five).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'imports 100,000 rows streamed, in bounded memory',
    async () => {
      const channel = t.tenant.channels[1]!.id;
      const header = 'line_user_id,display_name,followed_at,tags,score\r\n';
      const lines: string[] = [header];
      for (let i = 0; i < 100_000; i++)
        lines.push(`${lineUserId()},友だち${i},2024-01-01 00:00,"大量,t${i % 10}",${i % 100}\r\n`);
      const bytes = Buffer.from(lines.join(''), 'utf8');
      lines.length = 0;
      const upload = await uploadCsv(t, t.tenant.tokens.owner, channel, bytes);
      expect(
        (await t.call(api.run, { params: { id: upload.import.id }, body: upload.suggested }, owner())).status,
      ).toBe(202);
      // What the run keeps in memory: the heap after a full collection, read every second.
      const collect = global.gc;
      if (!collect) throw new Error('run with --expose-gc (the db project passes it)');
      const retained = () => {
        collect();
        return process.memoryUsage().heapUsed;
      };
      const start = retained();
      let peak = start;
      const sampler = setInterval(() => (peak = Math.max(peak, retained())), 1000);
      try {
        await runImport(t.ctx, upload.import.id);
      } finally {
        clearInterval(sampler);
      }
      const done = (await t.call(api.get, { params: { id: upload.import.id } }, owner())).output.data.import;
      expect(done).toMatchObject({ status: 'completed', created: 100_000, errors: 0 });
      // A batch at a time, never the file: the 8 MB file as rows would hold far more than this.
      expect(peak - start).toBeLessThan(RETAINED_BOUND_BYTES);
      expect((await t.db.select({ n: count() }).from(friends).where(eq(friends.lineAccountId, channel)))[0]!.n).toBe(
        100_000,
      );
    },
    900_000,
  );

  it('refuses another account’s channel, a missing file and an empty one', async () => {
    const bytes = csvBytes([['line_user_id'], [lineUserId()]], 'utf-8');
    await expect(uploadCsv(t, t.tenant.tokens.owner, t.other.channels[0]!.id, bytes)).rejects.toThrow('(404)');
    await expect(uploadCsv(t, t.tenant.tokens.owner, channelId(), Buffer.alloc(0))).rejects.toThrow('(422)');
    const otherField = multipartFile(Buffer.from('x'));
    const response = await t.request({
      method: 'POST',
      path: '/account/takeovers/imports',
      query: { line_account_id: channelId() },
      token: t.tenant.tokens.owner,
      body: Buffer.from(otherField.payload.toString().replace('name="file"', 'name="other"')),
      headers: { 'content-type': otherField.contentType },
    });
    expect(response.status).toBe(422);
  });

  it('keeps the info-field limit when mapping columns to new fields', async () => {
    const headers = ['line_user_id', ...Array.from({ length: 101 }, (_, i) => `欄${i}`)];
    const upload = await uploadCsv(t, t.tenant.tokens.owner, channelId(), csvBytes([headers], 'utf-8'));
    const mapping = {
      ...presetMapping('generic', headers),
      info_fields: headers.slice(1, 101).map((column) => ({ column, name: column })),
    };
    const refused = await t.call(api.dryRun, { params: { id: upload.import.id }, body: mapping }, owner());
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.json)).toContain('友だち情報欄は1チャネル100個まで');
  });
});
