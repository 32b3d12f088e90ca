import type { Permissions } from '@linq/contract';
import pg from 'pg';
import type { BenchConsole } from './console.ts';

/**
 * Generates one large channel straight in PostgreSQL (generate_series, no API): friends,
 * their talk history, tags and marks, with realistic proportions. Deterministic: every
 * "random" choice is a hash of the row's key, so two runs build the same data.
 *
 * Speed: the keys, unique indexes and foreign keys of the tables loaded are dropped for the
 * load and then re-created from the definitions the migrations made (read from the catalog
 * beforehand and compared afterwards), so the figures measure the production schema.
 */

export interface LargeChannelSize {
  friends: number;
  messages: number;
}

export interface LargeChannelData {
  /** Tag ids, most used first, with their friend counts. */
  tags: { id: number; name: string; friends: number }[];
  marks: { id: number; name: string; friends: number }[];
  friends: number;
  messages: number;
  conversations: number;
  unread: number;
  blocked: number;
  maxMessagesPerFriend: number;
  medianMessagesPerConversation: number;
  /** Names containing the common and the rare search substrings, among friends with messages. */
  commonName: { text: string; conversations: number; friends: number };
  rareName: { text: string; conversations: number; friends: number };
  /** Wall time of each step, in order. */
  steps: { step: string; ms: number }[];
  totalMs: number;
}

/** Tables the load writes; their keys and indexes are rebuilt afterwards. */
const LOADED_TABLES = ['friends', 'messages', 'friend_tags', 'friend_marks'];
const TAG_COUNT = 20;
/** The most used tag is on this share of the friends, the least used on 1/100 of it. */
const POPULAR_TAG_SHARE = 0.1;
const RARE_TAG_SHARE = 0.001;
const CONVERSING_SHARE = 0.3;
const UNREAD_SHARE = 0.05;
const BLOCKED_SHARE = 0.08;
const INCOMING_SHARE = 0.6;
/** Spread (sigma of the log) of the per-friend message counts: median ~9, a few thousands at the top. */
const MESSAGE_COUNT_SIGMA = 1.7;
const HISTORY_YEARS = 3;
export const COMMON_NAME_SEARCH = '田';
export const RARE_NAME_SEARCH = '勅使河原';

/** A uniform number in [0, 1) from a bigint key and a seed (one seed per independent choice). */
const u = (key: string, seed: number) =>
  `((hashint8extended((${key})::bigint, ${seed}) & 2147483647)::float8 / 2147483648.0)`;
/** One element of a SQL array literal parameter chosen by a uniform number. */
const pick = (param: string, length: number, uniform: string) => `(${param})[1 + floor(${uniform} * ${length})::int]`;

const FAMILY = [
  '佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田', '佐々木', '山口',
  '松本', '井上', '木村', '林', '斎藤', '清水', '山崎', '森', '池田', '橋本', '阿部', '石川', '山下', '中島', '石井',
  '小川', '前田', '岡田', '長谷川', '藤田', '後藤', '近藤', '村上', '遠藤', '青木', '坂本',
]; // prettier-ignore
const GIVEN = [
  '花子', '太郎', '陽菜', '結衣', '蓮', '大翔', 'さくら', '美咲', '健太', '翔太', '葵', '悠真', '優子', '直樹',
  '真由美', '恵', '拓也', '愛', '大輔', '彩', '湊', '芽依', '颯太', '凛',
]; // prettier-ignore
const KANA = [
  'ゆうき', 'さくら', 'たろう', 'みき', 'ケンタ', 'あや', 'はると', 'ゆい', 'まりこ', 'ひなた', 'そうた', 'アキラ',
  'ユウ', 'りん', 'なな', 'まなみ', 'ショウ', 'えみ',
]; // prettier-ignore
const LATIN_GIVEN = [
  'Yuki', 'Taro', 'Hana', 'Ken', 'Emily', 'John', 'Sakura', 'Mika', 'Ryo', 'Aoi', 'Daniel', 'Sophie', 'Kenji',
  'Mai', 'Leo', 'Naomi', 'Shun', 'Risa',
]; // prettier-ignore
const LATIN_FAMILY = ['Tanaka', 'Suzuki', 'Sato', 'Ito', 'Smith', 'Kim', 'Lee', 'Yamada', 'Watanabe', 'Nakamura'];
const DECOR = ['🌸', '💕', '✨', '☆', '★', '🍀', '(^^)', '♪', '🐱', '🍣', '⚽', '🎵'];
const OTHER = ['김민준', '이서연', '王伟', '李娜', 'Nguyễn Văn An', 'Мария', 'José García', 'Zoë', 'Chloé', 'Ahmad'];
const STATUS_MESSAGES = [
  'よろしくお願いします', '毎日がんばる💪', '只今育休中', 'Live, laugh, love', '猫が好き🐱', '旅行に行きたい',
  'ダイエット中', '🍣🍺', '連絡はLINEで', 'Work hard, play hard',
]; // prettier-ignore

const INCOMING_TEXTS = [
  'こんにちは',
  'ありがとうございます！',
  '予約をお願いしたいです',
  '明日の営業時間を教えてください',
  'クーポンはまだ使えますか？',
  '了解です👍',
  '駐車場はありますか',
  'キャンセルをお願いします',
  'はい',
  'いいえ',
  '写真を送ります',
  '届きました！',
  '今日は混んでいますか？',
  '3名で19時から空いていますか',
  '住所を教えてください',
  'ポイントカードをなくしてしまいました',
  'Thanks!',
  'OK',
  'Is English OK?',
  '商品が届いていません。注文番号は 2024-118273 です。確認をお願いできますか？',
  'よろしくお願いします🙇',
  '了解しました。また連絡します。',
  '😊',
  'すみません、遅れます',
  '支払い方法は何がありますか？',
];
const OUTGOING_TEXTS = [
  'お問い合わせありがとうございます。担当よりご連絡いたします。',
  'ご予約を承りました。ご来店をお待ちしております。',
  '本日の営業時間は10時から20時までです。',
  'クーポンは今月末までご利用いただけます。',
  '【期間限定】週末セール開催中！全品20%OFF🎉 詳しくはこちら https://example.com/sale',
  'ご確認いたします。少々お待ちください。',
  'はい、駐車場は10台分ございます。',
  '承知いたしました。',
  'またのご利用をお待ちしております😊',
  '新商品のお知らせです。',
  'ありがとうございます！',
];

/** Weighted pools of message contents, chosen uniformly: mostly text, then stickers, images, locations. */
function contentPools() {
  const text = (t: string) => ({ type: 'text', text: t });
  const incoming: object[] = [];
  for (let i = 0; i < 170; i++) incoming.push(text(INCOMING_TEXTS[i % INCOMING_TEXTS.length]!));
  for (let i = 0; i < 14; i++) {
    incoming.push({ type: 'sticker', packageId: String(446 + (i % 3)), stickerId: String(1988 + i), stickerResourceType: 'STATIC' }); // prettier-ignore
  }
  for (let i = 0; i < 12; i++) {
    incoming.push({
      type: 'image',
      contentProvider: { type: 'line' },
      file: { file_key: `line/bench-${i}.jpg`, content_type: 'image/jpeg', size: 150_000 + i * 9_731 },
    });
  }
  for (let i = 0; i < 4; i++) {
    incoming.push({ type: 'location', title: '現在地', address: '東京都渋谷区道玄坂1丁目', latitude: 35.658 + i / 1000, longitude: 139.701 }); // prettier-ignore
  }
  const outgoing: object[] = [];
  for (let i = 0; i < 160; i++) outgoing.push(text(OUTGOING_TEXTS[i % OUTGOING_TEXTS.length]!));
  for (let i = 0; i < 40; i++) {
    const url = `https://cdn.example.com/bench/${i}.jpg`;
    outgoing.push({ type: 'image', originalContentUrl: url, previewImageUrl: url.replace('.jpg', '-s.jpg') });
  }
  return { incoming, outgoing };
}

const TAG_NAMES = [
  'VIP', '新規', 'リピーター', 'キャンペーン2025', '東京', '女性', '男性', '大阪', '30代', '20代', 'アンケート回答済',
  'クーポン利用', '40代', 'メルマガ', '名古屋', '休眠', '福岡', 'イベント参加', '要フォロー', '紹介キャンペーン',
]; // prettier-ignore
const MARKS: [name: string, color: string, share: number][] = [
  ['要対応', '#ff4d4f', 0.02],
  ['対応中', '#faad14', 0.01],
  ['完了', '#52c41a', 0.005],
  ['重要', '#1677ff', 0.003],
  ['保留', '#8c8c8c', 0.002],
];

interface SchemaObject {
  table: string;
  name: string;
  kind: 'constraint' | 'foreign key' | 'index';
  definition: string;
}

/** The keys, unique constraints, foreign keys (both ways) and indexes of the loaded tables. */
async function schemaObjects(client: pg.Client): Promise<SchemaObject[]> {
  const { rows } = await client.query<SchemaObject>(
    `select conrelid::regclass::text as table, conname as name,
            case contype when 'f' then 'foreign key' else 'constraint' end as kind,
            pg_get_constraintdef(oid) as definition
       from pg_constraint
      where (contype = 'f' and (conrelid = any($1::regclass[]) or confrelid = any($1::regclass[])))
         or (contype in ('p', 'u', 'x') and conrelid = any($1::regclass[]))
     union all
     select i.indrelid::regclass::text, i.indexrelid::regclass::text, 'index', pg_get_indexdef(i.indexrelid)
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
      order by 1, 2`,
    [LOADED_TABLES],
  );
  return rows;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Builds the channel `lineAccountId`'s data. `connectionString` is the bench database; the
 * tables loaded must hold no rows of any channel yet.
 */
export async function generateLargeChannel(
  connectionString: string,
  options: LargeChannelSize & { lineAccountId: number; staffUserId: number },
): Promise<LargeChannelData> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const steps: { step: string; ms: number }[] = [];
  const started = performance.now();
  const step = async <T>(name: string, task: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    const result = await task();
    steps.push({ step: name, ms: performance.now() - at });
    return result;
  };
  const q = async <R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await client.query<R>(text, values)).rows;
  try {
    const { friends: F, messages: M, lineAccountId, staffUserId } = options;
    for (const table of LOADED_TABLES) {
      const [row] = await q<{ n: number }>(`select count(*)::int as n from ${table}`);
      if (row!.n !== 0) throw new Error(`${table} is not empty`);
    }
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set synchronous_commit = off`);

    const schema = await schemaObjects(client);
    await step('drop keys and indexes', async () => {
      for (const o of schema.filter((s) => s.kind === 'foreign key')) {
        await client.query(`alter table ${o.table} drop constraint ${quoteIdent(o.name)}`);
      }
      for (const o of schema.filter((s) => s.kind === 'constraint')) {
        await client.query(`alter table ${o.table} drop constraint ${quoteIdent(o.name)}`);
      }
      for (const o of schema.filter((s) => s.kind === 'index')) await client.query(`drop index ${o.name}`);
    });

    // One row per friend: when they followed, whether they blocked, how many messages they have.
    await step('plan friends', () =>
      client.query(
        `create temp table bench_plan as
         with base as (
           select g as id,
                  now() - interval '${HISTORY_YEARS} years' * (1 - (g - 1)::float8 / $1::int)
                    - ${u('g', 1)} * interval '6 hours' as followed_at,
                  ${u('g', 2)} < ${BLOCKED_SHARE} as blocked,
                  case when ${u('g', 3)} < ${CONVERSING_SHARE}
                    then exp(${MESSAGE_COUNT_SIGMA} * sqrt(-2 * ln(1 - ${u('g', 4)})) * cos(2 * pi() * ${u('g', 5)}))
                  end as weight
             from generate_series(1, $1::int) g
         ), cumulative as (
           select *, sum(weight) over (order by id) as upto from base
         )
         select id, followed_at,
                case when blocked then followed_at + (now() - followed_at) * ${u('id', 6)} end as blocked_at,
                case when weight is null then 0
                     else 1 + floor(k * upto / total) - floor(k * (upto - weight) / total) end::int as message_count
           from cumulative,
                (select sum(weight) as total, $2::float8 - count(weight) as k from base) as totals`,
        [F, M],
      ),
    );

    // Messages in time order (ids grow with occurred_at, as they would live), each friend's
    // spread between the follow and now (or the block).
    const pools = contentPools();
    await step('messages', () =>
      client.query(
        `insert into messages (id, line_account_id, friend_id, direction, type, content, line_message_id,
                               webhook_event_id, sent_by_user_id, occurred_at, created_at)
         select n, $1::int, friend_id, case when incoming then 'incoming' else 'outgoing' end, content->>'type', content,
                case when incoming then (500000000000000 + n)::text end,
                case when incoming then n end,
                case when not incoming and ${u('key', 12)} < 0.7 then $2::int end,
                t, t
           from (select n, friend_id, key, t, incoming,
                        case when incoming then ${pick('$3::jsonb[]', pools.incoming.length, u('key', 11))}
                             else ${pick('$4::jsonb[]', pools.outgoing.length, u('key', 11))} end as content
                   from (select row_number() over (order by t, friend_id, s) as n, friend_id, key, t,
                                ${u('key', 10)} < ${INCOMING_SHARE} as incoming
                           from (select p.id as friend_id, s, (p.id::bigint << 24) | s as key,
                                        p.followed_at + (coalesce(p.blocked_at, now()) - p.followed_at)
                                          * ${u('(p.id::bigint << 24) | s', 9)} as t
                                   from bench_plan p, generate_series(1, p.message_count) s
                                  where p.message_count > 0) as timed) as ordered) as chosen`,
        [
          lineAccountId,
          staffUserId,
          pools.incoming.map((c) => JSON.stringify(c)),
          pools.outgoing.map((c) => JSON.stringify(c)),
        ],
      ),
    );

    // Each friend's newest message (the highest id) for the talk list columns.
    await step('last messages', () =>
      client.query(
        `create temp table bench_last as
         select m.friend_id, m.occurred_at, m.direction, m.type, m.content->>'text' as text, a.message_count
           from messages m
           join (select friend_id, max(id) as id, count(*)::int as message_count from messages group by friend_id) a
             on a.id = m.id`,
      ),
    );

    const nameParams = [FAMILY, GIVEN, KANA, LATIN_GIVEN, LATIN_FAMILY, DECOR, OTHER, STATUS_MESSAGES];
    /** One element of one of the name lists ($3…$10), chosen by a uniform number. */
    const one = (list: string[], uniform: string) =>
      pick(`$${nameParams.indexOf(list) + 3}::text[]`, list.length, uniform);
    // Skewed towards the first (most common) names.
    const skewed = (seed: number) => `power(${u('p.id', seed)}, 2)`;
    await step('friends', () =>
      client.query(
        `insert into friends (id, line_account_id, line_user_id, display_name, picture_url, status_message, language,
                              status, followed_at, blocked_at, status_event_at, unread_count, last_message_at,
                              last_message_type, last_message_text, display_name_override, notes, score,
                              created_at, updated_at)
         select p.id, $1::int, 'U' || md5('linq-bench-' || p.id),
                case
                  when r < 0.40 then ${one(FAMILY, skewed(21))}
                                     || case when ${u('p.id', 22)} < 0.5 then ' ' else '' end
                                     || ${one(GIVEN, u('p.id', 23))}
                  when r < 0.50 then ${one(FAMILY, skewed(21))}
                  when r < 0.64 then ${one(KANA, u('p.id', 24))}
                                     || case when ${u('p.id', 25)} < 0.3 then ${one(DECOR, u('p.id', 26))} else '' end
                  when r < 0.74 then ${one(LATIN_GIVEN, u('p.id', 27))} || ' '
                                     || ${one(LATIN_FAMILY, u('p.id', 28))}
                  when r < 0.84 then lower(${one(LATIN_GIVEN, u('p.id', 27))})
                                     || '_' || (p.id % 10000)::text
                  when r < 0.94 then ${one(DECOR, u('p.id', 26))} || ${one(KANA, u('p.id', 24))}
                                     || ${one(DECOR, u('p.id', 29))}
                  when r < 0.999 then ${one(OTHER, u('p.id', 30))}
                  else $11::text || ' ' || ${one(GIVEN, u('p.id', 23))}
                end,
                case when ${u('p.id', 31)} < 0.9
                  then 'https://profile.line-scdn.net/0h' || substr(md5('picture-' || p.id), 1, 26) end,
                case when ${u('p.id', 32)} < 0.3 then ${one(STATUS_MESSAGES, u('p.id', 33))} end,
                case when ${u('p.id', 34)} < 0.85 then 'ja' when ${u('p.id', 34)} < 0.93 then 'en'
                     when ${u('p.id', 34)} < 0.96 then 'zh-TW' when ${u('p.id', 34)} < 0.98 then 'ko' end,
                case when p.blocked_at is null then 'following' else 'blocked' end,
                p.followed_at, p.blocked_at,
                (extract(epoch from coalesce(p.blocked_at, p.followed_at)) * 1000)::bigint,
                case when l.direction = 'incoming' and ${u('p.id', 35)} < unread.chance
                  then least(l.message_count, 1 + floor(power(${u('p.id', 36)}, 3) * 20))::int else 0 end,
                l.occurred_at, l.type, case when l.type = 'text' then left(l.text, 200) end,
                case when ${u('p.id', 37)} < 0.01 then ${one(FAMILY, u('p.id', 38))} || '様' end,
                case when ${u('p.id', 39)} < 0.005 then '来店時にクーポン利用。次回は平日希望。' end,
                case when ${u('p.id', 43)} < 0.2 then floor(power(${u('p.id', 44)}, 2) * 1000)::int else 0 end,
                p.followed_at, greatest(p.followed_at, p.blocked_at, l.occurred_at)
           from (select *, ${u('id', 20)} as r from bench_plan) p
           left join bench_last l on l.friend_id = p.id
          cross join (select ${UNREAD_SHARE} * $2::float8 / greatest(1, count(*)) as chance
                        from bench_last where direction = 'incoming') unread`,
        [lineAccountId, F, ...nameParams, RARE_NAME_SEARCH],
      ),
    );

    const tags = await step('tags and marks', async () => {
      const tagRows: { id: number; name: string; friends: number }[] = [];
      for (const [index, name] of TAG_NAMES.slice(0, TAG_COUNT).entries()) {
        const share = POPULAR_TAG_SHARE * Math.pow(RARE_TAG_SHARE / POPULAR_TAG_SHARE, index / (TAG_COUNT - 1));
        const [tag] = await q<{ id: number }>(
          `insert into tags (line_account_id, name, sort_index) values ($1, $2, $3) returning id`,
          [lineAccountId, name, index],
        );
        const result = await client.query(
          `insert into friend_tags (line_account_id, friend_id, tag_id, created_at)
           select f.line_account_id, f.id, $1, f.followed_at + (now() - f.followed_at) * ${u('f.id * 64 + $3', 41)}
             from friends f where f.line_account_id = $4 and ${u('f.id * 64 + $3', 40)} < $2`,
          [tag!.id, share, index, lineAccountId],
        );
        tagRows.push({ id: tag!.id, name, friends: result.rowCount ?? 0 });
      }
      const markRows: { id: number; name: string; friends: number }[] = [];
      for (const [index, [name, color, share]] of MARKS.entries()) {
        const [mark] = await q<{ id: number }>(
          `insert into marks (line_account_id, name, color, sort_index) values ($1, $2, $3, $4) returning id`,
          [lineAccountId, name, color, index],
        );
        const result = await client.query(
          `insert into friend_marks (line_account_id, friend_id, mark_id)
           select f.line_account_id, f.id, $1 from friends f where f.line_account_id = $4 and ${u('f.id * 64 + $3', 42)} < $2`,
          [mark!.id, share, index, lineAccountId],
        );
        markRows.push({ id: mark!.id, name, friends: result.rowCount ?? 0 });
      }
      return { tags: tagRows, marks: markRows };
    });

    await step('keys and indexes', async () => {
      for (const table of ['friends', 'messages']) {
        await client.query(
          `select setval(pg_get_serial_sequence($1, 'id'), (select coalesce(max(id), 1) from ${table}))`,
          [table],
        );
      }
      for (const o of schema.filter((s) => s.kind === 'constraint')) {
        await client.query(`alter table ${o.table} add constraint ${quoteIdent(o.name)} ${o.definition}`);
      }
      for (const o of schema.filter((s) => s.kind === 'index')) await client.query(o.definition);
    });
    await step('foreign keys', async () => {
      for (const o of schema.filter((s) => s.kind === 'foreign key')) {
        await client.query(`alter table ${o.table} add constraint ${quoteIdent(o.name)} ${o.definition}`);
      }
    });
    const after = await schemaObjects(client);
    if (JSON.stringify(after) !== JSON.stringify(schema)) {
      throw new Error('the rebuilt keys and indexes differ from the migrations');
    }
    await step('vacuum analyze', async () => {
      for (const table of LOADED_TABLES) await client.query(`vacuum (analyze) ${table}`);
    });

    const [stats] = await q<{
      friends: number;
      messages: number;
      conversations: number;
      unread: number;
      blocked: number;
      max_count: number;
      median_count: number;
    }>(
      `select (select count(*)::int from friends where line_account_id = $1) as friends,
              (select count(*)::int from messages where line_account_id = $1) as messages,
              (select count(*)::int from friends where line_account_id = $1 and last_message_at is not null) as conversations,
              (select count(*)::int from friends where line_account_id = $1 and unread_count > 0) as unread,
              (select count(*)::int from friends where line_account_id = $1 and status = 'blocked') as blocked,
              (select max(message_count) from bench_last) as max_count,
              (select percentile_disc(0.5) within group (order by message_count) from bench_last) as median_count`,
      [lineAccountId],
    );
    const nameCounts = async (text: string) => {
      const [row] = await q<{ conversations: number; friends: number }>(
        `select count(*) filter (where last_message_at is not null)::int as conversations, count(*)::int as friends
           from friends
          where line_account_id = $1 and (display_name_override like $2 or display_name like $2)`,
        [lineAccountId, `%${text}%`],
      );
      return { text, ...row! };
    };
    return {
      ...tags,
      friends: stats!.friends,
      messages: stats!.messages,
      conversations: stats!.conversations,
      unread: stats!.unread,
      blocked: stats!.blocked,
      maxMessagesPerFriend: stats!.max_count,
      medianMessagesPerConversation: stats!.median_count,
      commonName: await nameCounts(COMMON_NAME_SEARCH),
      rareName: await nameCounts(RARE_NAME_SEARCH),
      steps,
      totalMs: performance.now() - started,
    };
  } finally {
    await client.end();
  }
}

/**
 * A new account's channel with one staff user holding `permissions` on it, loaded with a large
 * channel's data: what the large-channel benches start from.
 */
export async function benchLargeChannel(
  bench: BenchConsole,
  options: LargeChannelSize & { name: string; permissions: Permissions },
) {
  const account = await bench.factory.account();
  const channel = await bench.factory.lineAccount(account.id, { name: options.name });
  const authority = await bench.factory.staffAuthority(account.id, options.permissions);
  const staff = await bench.factory.user('service', {
    accountId: account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [channel.id],
  });
  const databaseUrl = bench.runtime.ctx.config.DATABASE_URL;
  if (!databaseUrl) throw new Error('the bench console has no DATABASE_URL');
  const data = await generateLargeChannel(databaseUrl, {
    friends: options.friends,
    messages: options.messages,
    lineAccountId: channel.id,
    staffUserId: staff.id,
  });
  return { channel, staff, databaseUrl, data };
}
