import { addStrings } from '../index.ts';

/** UI texts of the admin area: LINE accounts; the modules that show them import this file. */
const ja = {
  adminLineAccounts: {
    name: 'LINEアカウント名',
    account: 'アカウント',
    status: 'ステータス',
    channelId: 'チャネルID',
    channelSecret: 'チャネルシークレット',
    channelAccessToken: 'チャネルアクセストークン',
    basicId: 'ベーシックID',
    botUserId: 'ボットのユーザーID',
    simulated: '接続先',
    simulatedLabel: 'LINEシミュレーターに接続する（デモ・検証用）',
    simulatedHint: 'オンにすると、LINEではなくコンソール内蔵のLINEシミュレーターと通信します。',
    targets: { line: 'LINE', simulator: 'LINEシミュレーター' },
    secretSet: '設定済み',
    secretUnset: '未設定',
    keepSecret: '空欄のままなら変更しません',
    channelIdHint: 'LINE Developersコンソールの「チャネル基本設定」にある数字のID',
    secretHint: 'LINE Developersコンソールの「チャネル基本設定」にある32桁の英数字',
    tokenHint: 'LINE Developersコンソールの「Messaging API設定」で発行したチャネルアクセストークン（長期）',
    basicIdHint: '省略できます。接続テストでLINEから取得されます。',
    secretsStored: 'シークレットとトークンは暗号化して保存され、画面には表示されません。',
    webhookUrl: 'Webhook URL',
    webhookHint:
      'このURLをLINE Developersコンソールの「Messaging API設定」→「Webhook URL」に貼り付け、「Webhookの利用」をオンにしてください。',
    copy: 'コピー',
    copied: 'コピーしました',
    friendCount: '友だち（フォロー中 / 全員）',
    friendCountValue: '{{following}} / {{all}}人',
    connection: '接続状態',
    connectionStates: { ok: '接続OK', error: '接続エラー', unchecked: '未確認' },
    checkedAt: '最終確認: {{time}}',
    connectionTest: '接続テスト',
    connectionOk: '接続に成功しました（ボット名: {{name}}）',
    connectionFailed: '接続に失敗しました',
    lineStatus: 'LINEの応答: HTTP {{status}}',
    noResponse: 'LINEから応答がありませんでした',
    credentialsInvalid: 'チャネルアクセストークンが無効です',
    credentialsInvalidSince: '{{time}}から、LINEがこのチャネルのアクセストークンを受け付けていません。',
    credentialsWaiting: '送信保留中のメッセージ: {{count}}件',
    credentialsHint:
      '編集画面で正しいチャネルアクセストークン（再発行した場合は新しいもの）を設定すると、保留中のメッセージが送信されます。',
    loginSection: 'LINEログイン（流入経路で友だちを特定します）',
    loginChannelId: 'LINEログインのチャネルID',
    loginChannelIdHint:
      '同じプロバイダーのLINEログインチャネルの「チャネル基本設定」にある数字のID。空欄で保存すると設定を削除します。',
    loginChannelSecret: 'LINEログインのチャネルシークレット',
    loginSecretHint: 'LINEログインチャネルの「チャネル基本設定」にある32桁の英数字',
    loginSimulatedHint:
      'LINEシミュレーター接続のチャネルは、空欄のままならシミュレーターのLINEログインチャネルが設定されます。',
    loginCheckHint: '保存するとLINEに問い合わせて、チャネルIDとシークレットの組み合わせを確認します。',
    loginCheck: 'LINEログインの確認',
    loginCheckStates: { ok: '確認OK', error: '確認エラー', unchecked: '未確認', none: '未設定' },
    searchPlaceholder: '名前・チャネルID・ベーシックIDで検索',
    empty: 'LINEアカウントがまだ登録されていません',
    noMatch: '条件に一致するLINEアカウントはありません',
  },
};

const en: typeof ja = {
  adminLineAccounts: {
    name: 'LINE account name',
    account: 'Account',
    status: 'Status',
    channelId: 'Channel ID',
    channelSecret: 'Channel secret',
    channelAccessToken: 'Channel access token',
    basicId: 'Basic ID',
    botUserId: 'Bot user ID',
    simulated: 'Connected to',
    simulatedLabel: 'Connect to the LINE simulator (demo and testing)',
    simulatedHint: 'When on, the console talks to its built-in LINE simulator instead of LINE.',
    targets: { line: 'LINE', simulator: 'LINE simulator' },
    secretSet: 'Set',
    secretUnset: 'Not set',
    keepSecret: 'Leave empty to keep the current value',
    channelIdHint: 'The numeric ID under "Basic settings" in the LINE Developers console',
    secretHint: 'The 32-character value under "Basic settings" in the LINE Developers console',
    tokenHint: 'The (long-lived) channel access token issued under "Messaging API" in the LINE Developers console',
    basicIdHint: 'Optional. The connection test reads it from LINE.',
    secretsStored: 'The secret and token are stored encrypted and never shown.',
    webhookUrl: 'Webhook URL',
    webhookHint:
      'Paste this URL into "Messaging API" → "Webhook URL" in the LINE Developers console and turn on "Use webhook".',
    copy: 'Copy',
    copied: 'Copied',
    friendCount: 'Friends (following / all)',
    friendCountValue: '{{following}} / {{all}}',
    connection: 'Connection',
    connectionStates: { ok: 'Connected', error: 'Error', unchecked: 'Not checked' },
    checkedAt: 'Last checked: {{time}}',
    connectionTest: 'Connection test',
    connectionOk: 'Connected (bot name: {{name}})',
    connectionFailed: 'Connection failed',
    lineStatus: 'LINE answered HTTP {{status}}',
    noResponse: 'LINE did not answer',
    credentialsInvalid: 'Channel access token invalid',
    credentialsInvalidSince: 'LINE has refused this channel’s access token since {{time}}.',
    credentialsWaiting: 'Messages on hold: {{count}}',
    credentialsHint:
      'Set the valid channel access token (the new one if it was reissued) on the edit screen, and the messages on hold are sent.',
    loginSection: 'LINE Login (identifies friends for inflow routes)',
    loginChannelId: 'LINE Login channel ID',
    loginChannelIdHint:
      'The numeric ID under "Basic settings" of the LINE Login channel of the same provider. Save it empty to remove the setting.',
    loginChannelSecret: 'LINE Login channel secret',
    loginSecretHint: 'The 32-character value under "Basic settings" of the LINE Login channel',
    loginSimulatedHint:
      'A channel connected to the LINE simulator gets the simulator’s LINE Login channel when left empty.',
    loginCheckHint: 'Saving asks LINE whether the channel ID and secret belong together.',
    loginCheck: 'LINE Login check',
    loginCheckStates: { ok: 'Checked', error: 'Check failed', unchecked: 'Not checked', none: 'Not set' },
    searchPlaceholder: 'Search by name, channel ID or basic ID',
    empty: 'No LINE accounts yet',
    noMatch: 'No LINE accounts match',
  },
};

addStrings({ ja, en });

export type AdminStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    admin: AdminStrings;
  }
}
