import { addStrings } from '../index.ts';

/** UI texts of the admin area's agencies; the modules that show them import this file. */
const ja = {
  agencies: {
    name: '会社名',
    contactName: '担当者名',
    contactEmail: '担当者メールアドレス',
    contactPhone: '担当者電話番号',
    oem: 'OEM',
    status: 'ステータス',
    statuses: { active: '利用中', suspended: '利用停止' },
    suspendHint: '利用停止にすると、この代理店のユーザーはログインできなくなり、ログイン中のセッションも終了します。',
    accountCount: 'アカウント数',
    userCount: 'ユーザー数',
    users: 'ユーザー',
    accounts: 'アカウント',
    noUsers: 'ユーザーはまだいません',
    noAccounts: 'この代理店のアカウントはまだありません',
    invite: 'ユーザーを招待',
    inviteTitle: 'ユーザーを招待',
    inviteHint: '入力したメールアドレスに、パスワード設定用のリンクを送ります。',
    userName: '氏名',
    userEmail: 'メールアドレス',
    userStatus: '状態',
    userStatuses: { active: '有効', disabled: '無効' },
    invited: '招待中',
    lastLoginAt: '最終ログイン',
    disableUser: '無効にする',
    enableUser: '有効にする',
    confirmDisableUser: '「{{name}}」を無効にしますか？ログイン中のセッションも終了します。',
    invitationSent: '招待メールを送信しました',
    searchPlaceholder: '会社名・担当者で検索',
    empty: '代理店はまだありません',
    noMatch: '条件に一致する代理店はありません',
  },
};

const en: typeof ja = {
  agencies: {
    name: 'Company',
    contactName: 'Contact name',
    contactEmail: 'Contact e-mail',
    contactPhone: 'Contact phone',
    oem: 'OEM',
    status: 'Status',
    statuses: { active: 'Active', suspended: 'Suspended' },
    suspendHint: "Suspending the agency stops its users' logins and ends their open sessions.",
    accountCount: 'Accounts',
    userCount: 'Users',
    users: 'Users',
    accounts: 'Accounts',
    noUsers: 'No users yet',
    noAccounts: 'No accounts of this agency yet',
    invite: 'Invite a user',
    inviteTitle: 'Invite a user',
    inviteHint: 'We e-mail a link to set a password to this address.',
    userName: 'Name',
    userEmail: 'E-mail',
    userStatus: 'State',
    userStatuses: { active: 'Enabled', disabled: 'Disabled' },
    invited: 'Invited',
    lastLoginAt: 'Last login',
    disableUser: 'Disable',
    enableUser: 'Enable',
    confirmDisableUser: 'Disable "{{name}}"? Their open sessions end too.',
    invitationSent: 'Invitation sent',
    searchPlaceholder: 'Search by company or contact',
    empty: 'No agencies yet',
    noMatch: 'No agencies match',
  },
};

addStrings({ ja, en });

export type AgencyStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    agencies: AgencyStrings;
  }
}
