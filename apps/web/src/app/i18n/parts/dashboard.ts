import { addStrings } from '../index.ts';

/** UI texts of the dashboard (the service home). */
const ja = {
  dashboard: {
    period: '期間',
    days: '{{count}}日間',
    friends: '友だち',
    total: '友だち数（累計）',
    following: '有効な友だち',
    blocked: 'ブロック',
    change: '前期間比 {{value}}',
    chartTitle: '友だち追加・ブロック数の推移',
    chartLabel: '日ごとの友だち追加数とブロック数',
    follows: '友だち追加',
    blocks: 'ブロック',
    quota: '今月のメッセージ送信数',
    quotaUsed: '{{used}} / {{limit}} 通',
    quotaUnlimited: '{{used}} 通（上限なし）',
    quotaForecast: '月末の見込み: {{forecast}} 通',
    quotaOver: '月末までに上限を超える見込みです',
    quotaUnavailable: 'LINEから送信数を取得できませんでした（チャネルの接続を確認してください）',
    unread: '未読のトーク',
    unreadCount: '{{count}} 件',
    openTalks: '未読のトークを開く',
    anomalies: '未対応の異常',
    severity: { info: '情報', warning: '警告', critical: '重大' },
    openAnomalies: '異常検知を開く',
    news: 'お知らせ',
    noNews: 'お知らせはありません',
    tops: { plans: '送信数の多いプラン', inflows: '友だちの多い流入経路' },
    topsEmpty: {
      plans: 'この期間の送信はまだありません',
      inflows: 'この期間に流入経路から追加された友だちはまだいません',
    },
    figure: { plans: '{{count}} 通', inflows: '{{count}} 人' },
    loadFailed: 'ダッシュボードを読み込めませんでした',
    retry: '再読み込み',
    setupTitle: 'はじめにすること',
    setupConnect: 'LINE公式アカウントのチャネルを接続する',
    setupFriend: '最初の友だちを追加してもらう（QRコードや友だち追加リンクを案内する）',
    setupWelcome: '友だち追加時に届くあいさつのシナリオを作る',
    setupConnectLink: 'アカウント設定へ',
    setupWelcomeLink: 'シナリオを作る',
    done: '完了',
  },
};

const en: typeof ja = {
  dashboard: {
    period: 'Period',
    days: '{{count}} days',
    friends: 'Friends',
    total: 'Friends (all time)',
    following: 'Following',
    blocked: 'Blocked',
    change: 'vs previous period {{value}}',
    chartTitle: 'New friends and blocks',
    chartLabel: 'New friends and blocks per day',
    follows: 'New friends',
    blocks: 'Blocks',
    quota: 'Messages sent this month',
    quotaUsed: '{{used}} / {{limit}} messages',
    quotaUnlimited: '{{used}} messages (no limit)',
    quotaForecast: 'Forecast at month end: {{forecast}} messages',
    quotaOver: 'The quota is expected to run out before the month ends',
    quotaUnavailable: 'Could not read the message count from LINE (check the channel connection)',
    unread: 'Unread talks',
    unreadCount: '{{count}}',
    openTalks: 'Open unread talks',
    anomalies: 'Open anomalies',
    severity: { info: 'Info', warning: 'Warning', critical: 'Critical' },
    openAnomalies: 'Open abnormal detection',
    news: 'News',
    noNews: 'No news',
    tops: { plans: 'Plans with the most messages', inflows: 'Inflow routes with the most friends' },
    topsEmpty: {
      plans: 'Nothing sent in this period yet',
      inflows: 'No friends came through an inflow route in this period yet',
    },
    figure: { plans: '{{count}} messages', inflows: '{{count}} friends' },
    loadFailed: 'Could not load the dashboard',
    retry: 'Reload',
    setupTitle: 'Getting started',
    setupConnect: 'Connect your LINE Official Account channel',
    setupFriend: 'Get your first friend (share the QR code or add-friend link)',
    setupWelcome: 'Make a welcome scenario for new friends',
    setupConnectLink: 'Account settings',
    setupWelcomeLink: 'Make a scenario',
    done: 'Done',
  },
};

addStrings({ ja, en });

export type DashboardStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    dashboard: DashboardStrings;
  }
}
