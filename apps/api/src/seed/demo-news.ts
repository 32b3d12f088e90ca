import type { Db } from '../platform/db.ts';
import { oemScope } from '../platform/principal.ts';
import { insert } from '../modules/news/repository.ts';

const DAY_MS = 86_400_000;

/**
 * The demo's news (お知らせ), written on the default OEM: a pinned notice to every account, one to
 * the demo agency's accounts, and one scheduled a week ahead (予約), which nobody sees yet. The demo
 * account's staff see two on the dashboard.
 */
export async function seedDemoNews(db: Db, demo: { oemId: number; agencyId: number }, now: Date): Promise<void> {
  const scope = oemScope(demo.oemId);
  await insert(db, scope, {
    title: '年末年始のサポート窓口について',
    body: [
      '12月29日〜1月3日はサポート窓口をお休みします。',
      '',
      'この期間のお問い合わせには、**1月4日以降**に順次回答します。配信や自動応答はこの期間も通常どおり動きます。',
    ].join('\n'),
    audience: 'all',
    audienceOemId: null,
    audienceAgencyId: null,
    publishAt: new Date(now.getTime() - 3 * DAY_MS),
    pinned: true,
  });
  await insert(db, scope, {
    title: 'リッチメニューの出し分け機能を追加しました',
    body: [
      'タグごと・友だちごとにリッチメニューを切り替えられるようになりました。',
      '',
      '- 「リッチメニュー」画面の「表示ルール」から設定できます',
      '- 詳しい使い方は[ヘルプ](https://example.com/help/rich-menu)をご覧ください',
    ].join('\n'),
    audience: 'agency',
    audienceOemId: null,
    audienceAgencyId: demo.agencyId,
    publishAt: new Date(now.getTime() - DAY_MS),
    pinned: false,
  });
  await insert(db, scope, {
    title: 'メンテナンスのお知らせ',
    body: '来週の日曜日 2:00〜4:00 にメンテナンスを行います。この間は管理画面を利用できません。',
    audience: 'all',
    audienceOemId: null,
    audienceAgencyId: null,
    publishAt: new Date(now.getTime() + 7 * DAY_MS),
    pinned: false,
  });
}
