import { addStrings } from '../index.ts';

/** UI texts of the agency area's users; the modules that show them import this file. */
const ja = {
  agencyUsers: {
    name: '氏名',
    email: 'メールアドレス（ログインID）',
    role: '役割',
    roles: { manager: 'マネージャー', member: 'メンバー' },
    roleHints: {
      manager: 'すべての画面を使えます（ユーザー管理・契約の金額を含む）。',
      member: 'ユーザー管理は使えず、契約の金額は表示されません。',
    },
    status: '状態',
    statuses: { active: '有効', disabled: '無効' },
    disableHint: '無効にすると、このユーザーはログインできなくなり、ログイン中のセッションも終了します。',
    roleChangeHint: '役割を変えると、このユーザーのログイン中のセッションは終了します。',
    invited: '招待中',
    self: 'あなた',
    lastLoginAt: '最終ログイン',
    createdAt: '登録日時',
    invite: 'ユーザーを招待',
    inviteTitle: 'ユーザーを招待',
    inviteHint: '入力したメールアドレスに、代理店画面のパスワード設定用リンクを送ります。',
    invitationSent: '招待メールを送信しました。',
    searchPlaceholder: '氏名・メールアドレスで検索',
    empty: 'ユーザーはまだいません',
    noMatch: '条件に一致するユーザーはいません',
  },
};

const en: typeof ja = {
  agencyUsers: {
    name: 'Name',
    email: 'E-mail (login)',
    role: 'Role',
    roles: { manager: 'Manager', member: 'Member' },
    roleHints: {
      manager: 'Uses every screen (including users and contract fees).',
      member: 'No users screen, and contract fees are hidden.',
    },
    status: 'State',
    statuses: { active: 'Enabled', disabled: 'Disabled' },
    disableHint: 'A disabled user cannot log in, and their open sessions end.',
    roleChangeHint: "Changing the role ends the user's open sessions.",
    invited: 'Invited',
    self: 'You',
    lastLoginAt: 'Last login',
    createdAt: 'Registered',
    invite: 'Invite a user',
    inviteTitle: 'Invite a user',
    inviteHint: 'We e-mail a link to set the agency console password to this address.',
    invitationSent: 'Invitation sent.',
    searchPlaceholder: 'Search by name or e-mail',
    empty: 'No users yet',
    noMatch: 'No users match',
  },
};

addStrings({ ja, en });

export type AgencyStringsOfUsers = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    agencyUsers: AgencyStringsOfUsers;
  }
}
