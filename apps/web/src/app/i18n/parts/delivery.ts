import { addStrings } from '../index.ts';

/** UI texts of a delivery on hold (talks, the friend's history); the modules that show them import this file. */
const ja = {
  delivery: {
    waitReasons: {
      quota: '今月のメッセージ送信数の上限に達したため送信を保留しています',
      rate_limit: 'LINEの送信回数の制限に達したため、少し待ってから送信します',
      credentials: 'チャネルアクセストークンが無効なため送信を保留しています（正しいトークンが設定されると送信します）',
      bot_suspended: 'LINEがこのアカウントを停止しているため送信を保留しています（停止が解除されると送信します）',
      line_unavailable: 'LINEに接続できないため、少し待ってから送信し直します',
    },
    nextAttempt: '次回の確認: {{time}}',
    retryNow: '今すぐ再試行',
    retried: '{{count}}件の送信を再開しました',
    stillWaiting: '送信できる状態になっていないため、引き続き保留します',
  },
};

const en: typeof ja = {
  delivery: {
    waitReasons: {
      quota: "On hold: this month's message limit has been reached",
      rate_limit: "LINE's sending rate limit was reached: sending again shortly",
      credentials: 'On hold: the channel access token is invalid (sent once a valid token is set)',
      bot_suspended: 'On hold: LINE has suspended this account (sent once LINE lifts it)',
      line_unavailable: 'LINE cannot be reached: sending again shortly',
    },
    nextAttempt: 'Next check: {{time}}',
    retryNow: 'Retry now',
    retried: 'Sending resumed for {{count}} message(s)',
    stillWaiting: 'Still on hold: the reason has not cleared yet',
  },
};

addStrings({ ja, en });

export type DeliveryStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    delivery: DeliveryStrings;
  }
}
