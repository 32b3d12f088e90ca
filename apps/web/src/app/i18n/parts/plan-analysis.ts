import { addStrings } from '../index.ts';

/** UI texts of the plan analysis screens; the modules that show them import this file. */
const ja = {
  planAnalysis: {
    enrolled: '参加中',
    sent: '送信数',
    failed: '送信失敗',
    finished: '完了',
    waiting: '待機中',
    blocked: 'ブロック',
    taps: 'タップ',
    tapRate: 'タップ率',
    clicks: 'クリック',
    clickFriends: 'クリックした人数',
    people: '{{count}}人',
    messages: '{{count}}通',
    open: '分析を見る',
    empty: 'プランはまだありません',
    noMatch: '条件に一致するプランはありません',
    range: '集計期間',
    rangeFrom: '開始日',
    rangeTo: '終了日',
    rangeHint:
      '送信数・失敗数・タップ・クリックは期間内の件数、待機中は現在の人数です（日付はアカウントのタイムゾーン {{zone}}）。',
    csv: 'CSVダウンロード',
    csvHeader: [
      'ボックス',
      '種類',
      '選択肢',
      '送信数',
      '送信失敗',
      '待機中',
      'ブロック',
      'タップ数',
      'タップ率',
      'クリック数',
      'クリックした人数',
    ],
    waitingAt: '「{{box}}」で待機中の友だち',
    waitingAtNone: 'このボックスで待機中の友だちはいません',
    nextSend: '次の送信',
    waitingForTap: '選択待ち',
    blockedFriend: 'ブロックされています（配信は届きません）',
    shownFirst: '次の送信が近い順に{{shown}}人を表示しています（全{{total}}人）',
    openFriend: '友だちの詳細を開く',
  },
};

const en: typeof ja = {
  planAnalysis: {
    enrolled: 'In plan',
    sent: 'Sent',
    failed: 'Failed',
    finished: 'Finished',
    waiting: 'Waiting',
    blocked: 'Blocked',
    taps: 'Taps',
    tapRate: 'Tap rate',
    clicks: 'Clicks',
    clickFriends: 'Friends who clicked',
    people: '{{count}}',
    messages: '{{count}}',
    open: 'Open analysis',
    empty: 'No scenarios yet',
    noMatch: 'No scenarios match',
    range: 'Period',
    rangeFrom: 'From',
    rangeTo: 'To',
    rangeHint:
      'Sent, failed, taps and clicks count within the period; waiting is now (days in the account time zone {{zone}}).',
    csv: 'Download CSV',
    csvHeader: [
      'Box',
      'Type',
      'Option',
      'Sent',
      'Failed',
      'Waiting',
      'Blocked',
      'Taps',
      'Tap rate',
      'Clicks',
      'Friends who clicked',
    ],
    waitingAt: 'Friends waiting at “{{box}}”',
    waitingAtNone: 'No friend waits at this box',
    nextSend: 'Next send',
    waitingForTap: 'Waiting for a tap',
    blockedFriend: 'Blocked the account (nothing reaches them)',
    shownFirst: 'Showing the {{shown}} due soonest of {{total}}',
    openFriend: "Open the friend's page",
  },
};

addStrings({ ja, en });

export type PlanAnalysisStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    planAnalysis: PlanAnalysisStrings;
  }
}
