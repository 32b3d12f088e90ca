import { addStrings } from '../index.ts';

/** UI texts of the agency area's client accounts; the modules that show them import this file. */
const ja = {
  agencyAccounts: {
    name: '会社名',
    ownerName: 'オーナー氏名',
    ownerEmail: 'オーナーのメールアドレス（ログインID）',
    ownerHint: 'このメールアドレスに、アカウント管理画面のパスワード設定用リンクを送ります。',
    owner: 'オーナー',
    ownerInvited: '招待中',
    plan: 'OEMプラン',
    noPlan: 'プランなし',
    retired: '提供終了',
    timeZone: 'タイムゾーン',
    status: 'ステータス',
    statuses: { active: '利用中', suspended: '利用停止' },
    suspend: '利用停止',
    resume: '利用再開',
    confirmSuspend:
      '「{{name}}」を利用停止にしますか？オーナーとスタッフはログインできなくなり、メッセージの送信も止まります。',
    confirmResume: '「{{name}}」の利用を再開しますか？',
    suspended: '利用停止にしました',
    resumed: '利用を再開しました',
    suspendedAlert: 'このアカウントは利用停止中です。ログインと送信は止まっています。',
    channels: 'LINEアカウント',
    channelCount: 'LINEアカウント数',
    followingFriends: 'フォロー中の友だち',
    noChannels: 'LINEアカウントはまだありません',
    channelStatuses: { active: '有効', suspended: '停止中' },
    searchPlaceholder: '会社名・オーナーで検索',
    empty: 'クライアントアカウントはまだありません',
    noMatch: '条件に一致するアカウントはありません',
  },
};

const en: typeof ja = {
  agencyAccounts: {
    name: 'Company',
    ownerName: 'Owner name',
    ownerEmail: 'Owner e-mail (login)',
    ownerHint: 'We e-mail a link to set the account area password to this address.',
    owner: 'Owner',
    ownerInvited: 'Invited',
    plan: 'OEM plan',
    noPlan: 'No plan',
    retired: 'Retired',
    timeZone: 'Time zone',
    status: 'Status',
    statuses: { active: 'Active', suspended: 'Suspended' },
    suspend: 'Suspend',
    resume: 'Resume',
    confirmSuspend: "Suspend “{{name}}”? Its owner's and staff's logins and its sends stop.",
    confirmResume: 'Resume “{{name}}”?',
    suspended: 'Suspended',
    resumed: 'Resumed',
    suspendedAlert: 'This account is suspended: its logins and sends are stopped.',
    channels: 'LINE accounts',
    channelCount: 'LINE accounts',
    followingFriends: 'Following friends',
    noChannels: 'No LINE accounts yet',
    channelStatuses: { active: 'Enabled', suspended: 'Suspended' },
    searchPlaceholder: 'Search by company or owner',
    empty: 'No client accounts yet',
    noMatch: 'No accounts match',
  },
};

addStrings({ ja, en });

export type AgencyStringsOfAccounts = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    agencyAccounts: AgencyStringsOfAccounts;
  }
}
