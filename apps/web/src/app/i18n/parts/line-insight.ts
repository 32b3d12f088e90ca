import { addStrings } from '../index.ts';

/** UI texts of the dashboard's card of LINE's own figures (LINE's statistics of yesterday). */
const ja = {
  lineInsight: {
    title: 'LINEの集計値',
    day: '{{date}}（昨日）の数値',
    followers: '友だち追加数（累計）',
    targetedReaches: 'ターゲットリーチ',
    blocks: 'ブロック数',
    deliveries: '配信メッセージ数',
    counting: 'LINEで集計中',
    countingHint: 'LINEが集計を終えると表示されます（1時間ごとに確認しています）。',
    outOfService: 'LINEはこの日の数値を集計していません。',
    unreachable: 'LINEから取得できませんでした。次回の確認で再取得します。',
    source: 'LINEが公開している統計（友だち数・配信数）です。コンソールの集計とは数え方が異なる場合があります。',
    loadFailed: 'LINEの集計値を読み込めませんでした',
  },
};

const en: typeof ja = {
  lineInsight: {
    title: "LINE's figures",
    day: 'Yesterday ({{date}})',
    followers: 'Friends added (all time)',
    targetedReaches: 'Targeted reaches',
    blocks: 'Blocks',
    deliveries: 'Messages delivered',
    counting: 'LINE is still counting',
    countingHint: 'They appear once LINE has counted them (checked every hour).',
    outOfService: 'LINE does not count this day.',
    unreachable: 'Could not read them from LINE; they are read again on the next check.',
    source: "LINE's own statistics (friends, deliveries); LINE may count differently from the console.",
    loadFailed: "Could not load LINE's figures",
  },
};

addStrings({ ja, en });

export type LineInsightStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    lineInsight: LineInsightStrings;
  }
}
