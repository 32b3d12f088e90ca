import { addStrings } from '../index.ts';

/** UI texts of the admin area's admins; the modules that show them import this file. */
const ja = {
  admins: {
    name: '氏名',
    email: 'メールアドレス（ログインID）',
    inviteHint: 'このメールアドレスに、管理画面のパスワード設定用リンクを送ります。',
    status: '状態',
    statuses: { active: '有効', disabled: '無効' },
    disableHint: '無効にすると、この管理者はログインできなくなり、ログイン中のセッションも終了します。',
    invited: '招待中',
    self: 'あなた',
    lastLoginAt: '最終ログイン',
    searchPlaceholder: '氏名・メールアドレスで検索',
    empty: '管理者はまだいません',
    noMatch: '条件に一致する管理者はいません',
  },
};

const en: typeof ja = {
  admins: {
    name: 'Name',
    email: 'E-mail (login)',
    inviteHint: 'We e-mail a link to set the admin password to this address.',
    status: 'State',
    statuses: { active: 'Enabled', disabled: 'Disabled' },
    disableHint: 'A disabled admin cannot log in, and their open sessions end.',
    invited: 'Invited',
    self: 'You',
    lastLoginAt: 'Last login',
    searchPlaceholder: 'Search by name or e-mail',
    empty: 'No admins yet',
    noMatch: 'No admins match',
  },
};

addStrings({ ja, en });

export type AdminStringsOfAdmins = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    admins: AdminStringsOfAdmins;
  }
}
