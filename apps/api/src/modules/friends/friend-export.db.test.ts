import { describe, expect, it } from 'vitest';
import { permissionsWith, type Permissions } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { parseCsv } from '../../test/csv.ts';
import { friends } from './schema.ts';
import { exportBatches } from './export-repository.ts';
import { channelScope } from '../../platform/principal.ts';
import { EXPORT_BATCH_SIZE, EXPORT_FORBIDDEN_MESSAGE } from './service.ts';

const t = useTestApp({ tenants: 2 });

const HEADER = ['ID', '表示名', 'LINE表示名', '状態', '友だち追加日時', 'ブロック日時', 'タグ', '対応マーク', 'スコア'];

/** A channel of its own per test, with a staff login of full authority. */
async function freshChannel(permissions: Permissions = permissionsWith('edit', true)) {
  const authority = await t.factory.staffAuthority(t.tenant.account.id, permissions);
  return t.factory.staffedChannel(t.tenant.account.id, authority.id);
}
type Channel = Awaited<ReturnType<typeof freshChannel>>;

const exportOf = (channel: Channel, query: Record<string, string | string[]> = {}, token = channel.token) =>
  t.request({ method: 'GET', path: '/service/friends/export', token, lineAccountId: channel.id, query });

function csvOf(response: Awaited<ReturnType<typeof exportOf>>): string[][] {
  expect(response.status, response.text).toBe(200);
  expect(response.text.startsWith('\uFEFF')).toBe(true);
  return parseCsv(response.text.slice(1));
}

describe('GET /service/friends/export', () => {
  it('streams UTF-8 CSV with a BOM, CRLF, a Japanese header, labels, info fields and local times', async () => {
    const channel = await freshChannel();
    const vip = await t.factory.tag(channel.id, { name: 'VIP', sortIndex: 1 });
    const seminar = await t.factory.tag(channel.id, { name: 'セミナー参加', sortIndex: 2 });
    const todo = await t.factory.mark(channel.id, { name: '要対応' });
    const birthday = await t.factory.infoField(channel.id, { name: '誕生日', fieldType: 'date', sortIndex: 1 });
    const rank = await t.factory.infoField(channel.id, {
      name: '会員ランク',
      fieldType: 'select',
      options: ['ゴールド', 'シルバー'],
      sortIndex: 2,
    });
    const points = await t.factory.infoField(channel.id, { name: 'ポイント', fieldType: 'number', sortIndex: 3 });
    const hanako = await t.factory.friend(channel.id, {
      displayName: '山田 花子',
      displayNameOverride: '常連 花子さん',
      followedAt: new Date('2024-03-31T15:00:00Z'),
      score: 12,
      notes: '1行目\n2行目, "引用"',
      tagIds: [seminar.id, vip.id],
      markIds: [todo.id],
      info: { [birthday.id]: '1990-04-01', [rank.id]: 'ゴールド', [points.id]: '-15' },
    });
    const blocked = await t.factory.friend(channel.id, {
      displayName: 'Taro',
      status: 'blocked',
      followedAt: new Date('2024-01-01T00:00:00Z'),
      blockedAt: new Date('2024-02-01T12:34:56Z'),
    });

    const response = await exportOf(channel);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="friends-\d{8}-\d{6}\.csv"$/);
    // Every record ends with CRLF; the only bare LF is inside the quoted note.
    expect(response.text.endsWith('\r\n')).toBe(true);
    expect(response.text.split('\r\n')).toHaveLength(4);
    const records = csvOf(response);
    expect(records[0]).toEqual([...HEADER, '誕生日', '会員ランク', 'ポイント', 'メモ']);
    expect(records.slice(1)).toEqual([
      [
        String(hanako.id),
        '常連 花子さん',
        '山田 花子',
        'フォロー中',
        // Asia/Tokyo.
        '2024-04-01 00:00:00',
        '',
        'VIP, セミナー参加',
        '要対応',
        '12',
        '1990-04-01',
        'ゴールド',
        '-15',
        '1行目\n2行目, "引用"',
      ],
      [
        String(blocked.id),
        'Taro',
        'Taro',
        'ブロック',
        '2024-01-01 09:00:00',
        '2024-02-01 21:34:56',
        '',
        '',
        '0',
        '',
        '',
        '',
        '',
      ],
    ]);
  });

  it('neutralises cells that a spreadsheet would run as a formula', async () => {
    const channel = await freshChannel();
    const field = await t.factory.infoField(channel.id, { name: '=出身', fieldType: 'text' });
    const tag = await t.factory.tag(channel.id, { name: '@tag' });
    const friend = await t.factory.friend(channel.id, {
      displayName: '=HYPERLINK("https://evil.example","x")',
      displayNameOverride: '+SUM(A1:A2)',
      notes: '-2+3',
      tagIds: [tag.id],
      info: { [field.id]: '\tcmd' },
    });
    await t.factory.friend(channel.id, { displayName: '\rline', followedAt: new Date(0) });
    const [header, first, second] = csvOf(await exportOf(channel));
    expect(header).toContain("'=出身");
    expect(first).toEqual([
      String(friend.id),
      "'+SUM(A1:A2)",
      `'=HYPERLINK("https://evil.example","x")`,
      'フォロー中',
      expect.any(String),
      '',
      "'@tag",
      '',
      '0',
      "'\tcmd",
      "'-2+3",
    ]);
    expect(second![1]).toBe("'\rline");
  });

  it('applies the list’s filters and order; another channel’s tag matches nothing', async () => {
    const channel = await freshChannel();
    const tag = await t.factory.tag(channel.id);
    const foreign = await t.factory.tag(t.other.channels[0]!.id);
    const tagged = [];
    for (let i = 0; i < 3; i++) {
      tagged.push(await t.factory.friend(channel.id, { tagIds: [tag.id], score: i, displayName: `Tagged ${i}` }));
    }
    await t.factory.friend(channel.id, { displayName: 'Untagged' });
    const idsOf = (records: string[][]) => records.slice(1).map((r) => Number(r[0]));
    expect(idsOf(csvOf(await exportOf(channel, { tag_ids: [String(tag.id)], sort: 'score', order: 'asc' })))).toEqual(
      tagged.map((f) => f.id),
    );
    expect(idsOf(csvOf(await exportOf(channel, { name: 'tagged 1' })))).toEqual([tagged[1]!.id]);
    expect(csvOf(await exportOf(channel, { tag_ids: [String(foreign.id)] }))).toHaveLength(1);
  });

  it(`streams ${EXPORT_BATCH_SIZE * 2 + 500} friends in keyset batches: every friend once, in order`, async () => {
    const channel = await freshChannel();
    const db = t.db;
    const total = EXPORT_BATCH_SIZE * 2 + 500;
    const base = Date.UTC(2024, 0, 1);
    // Many ties (one followed_at per 7 friends), microsecond times and a share without a date.
    const rows = Array.from({ length: total }, (_, i) => ({
      lineAccountId: channel.id,
      lineUserId: `Ubulk${channel.id}x${i}`,
      displayName: `bulk${String(i % 50).padStart(2, '0')}`,
      followedAt: i % 10 === 9 ? null : new Date(base + Math.floor(i / 7) * 60_000),
      score: i % 13,
    }));
    const inserted: { id: number; displayName: string; followedAt: Date | null; score: number }[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      inserted.push(
        ...(await db
          .insert(friends)
          .values(rows.slice(i, i + 1000))
          .returning()),
      );
    }
    // Microseconds, which a JavaScript Date cannot hold: the keyset cursor must not lose them.
    await t.ctx.database.sql.executeSql(
      `update friends set last_message_at = timestamp '2024-02-01' + (id % 97) * interval '1.000001 second' where line_account_id = $1 and id % 3 = 0`,
      [channel.id],
    );
    const lastMessage = (id: number) => (id % 3 === 0 ? id % 97 : null);

    /** The list's order, in JavaScript: the key (nulls last either way), then id, in one direction. */
    const expected = <K extends number | string>(
      key: (f: (typeof inserted)[number]) => K | null,
      order: 'asc' | 'desc',
    ) =>
      [...inserted]
        .sort((x, y) => {
          const [kx, ky] = [key(x), key(y)];
          if (kx === null || ky === null)
            return kx === ky ? (order === 'asc' ? x.id - y.id : y.id - x.id) : kx === null ? 1 : -1;
          const byKey = kx < ky ? -1 : kx > ky ? 1 : 0;
          const byId = x.id - y.id;
          return (order === 'asc' ? 1 : -1) * (byKey || byId);
        })
        .map((f) => f.id);
    const cases = [
      ['followed_at', 'desc', expected((f) => f.followedAt?.getTime() ?? null, 'desc')],
      ['last_message_at', 'asc', expected((f) => lastMessage(f.id), 'asc')],
      ['display_name', 'desc', expected((f) => f.displayName, 'desc')],
      ['score', 'asc', expected((f) => f.score, 'asc')],
    ] as const;
    for (const [sort, order, ids] of cases) {
      const records = csvOf(await exportOf(channel, { sort, order }));
      const exported = records.slice(1).map((r) => Number(r[0]));
      expect(exported, `${sort} ${order}`).toEqual(ids);
    }
    // The list's pages agree (a few pages deep into the order).
    const page = await t.request({
      method: 'GET',
      path: '/service/friends',
      token: channel.token,
      lineAccountId: channel.id,
      query: { sort: 'last_message_at', order: 'asc', page: 31, limit: 100 },
    });
    expect((page.json.data as { id: number }[]).map((f) => f.id)).toEqual(cases[1][2].slice(3000, 3100));
  });

  it('a reader that stops early ends the export’s reads; a lost connection fails the export, not the process', async () => {
    const channel = await freshChannel();
    for (let i = 0; i < 5; i++) await t.factory.friend(channel.id, { displayName: `early ${i}` });
    const { db, kind } = t.ctx.database;
    const source = { db, registries: t.ctx.registries };
    const everyone = { kind: 'everyone' };
    const read = () =>
      exportBatches(source, channelScope(channel.id), everyone, { sort: 'followed_at', order: 'desc' }, 'UTC', 2);

    const batches = read();
    expect((await batches.next()).value).toHaveLength(2);
    await batches.return(undefined);
    if (kind === 'postgres') {
      const { rows } = await t.ctx.database.sql.executeSql(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%' and query ilike 'fetch%'`,
      );
      expect(rows[0]!.n).toBe(0);
    }
    if (kind === 'postgres') {
      // The connection ends while the reader pauses (a restart, the idle timeout): the next read
      // fails, and nothing else does (no unhandled error event).
      const paused = read();
      await paused.next();
      const { rows: ended } = await t.ctx.database.sql.executeSql(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and query ilike 'fetch%' and pid <> pg_backend_pid()`,
      );
      expect(ended).toEqual([{ ended: true }]);
      await expect(paused.next()).rejects.toThrow();
    }
    // Read to the end, the batches hold every friend once.
    const all = [];
    for await (const rows of read()) all.push(...rows.map((r) => r.displayName));
    expect(all.sort()).toEqual(['early 0', 'early 1', 'early 2', 'early 3', 'early 4']);
  });

  it('needs the exports feature, the friends feature and personal data (403 with a message)', async () => {
    const full = permissionsWith('edit', true);
    const cases: [string, Permissions][] = [
      ['no personal data', { ...full, personal_data: false }],
      ['no exports', { ...full, features: { ...full.features, exports: 'none' } }],
      ['no friends', { ...full, features: { ...full.features, friends: 'none' } }],
    ];
    for (const [label, permissions] of cases) {
      const channel = await freshChannel(permissions);
      const r = await exportOf(channel);
      expect(r.status, label).toBe(403);
      if (label !== 'no exports') expect(r.json.errors, label).toBe(EXPORT_FORBIDDEN_MESSAGE);
    }
    // View is enough for both features.
    const viewer = await freshChannel({ ...permissionsWith('view', false), personal_data: true });
    expect((await exportOf(viewer)).status).toBe(200);
    // Another tenant's channel in the header.
    const r = await t.request({
      method: 'GET',
      path: '/service/friends/export',
      token: t.tenant.tokens.staff,
      lineAccountId: t.other.channels[0]!.id,
    });
    expect(r.status).toBe(403);
  });
});
