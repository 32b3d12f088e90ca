import { addStrings } from '../index.ts';

/** UI texts of the admin area's accounts; the modules that show them import this file. */
const ja = {
  adminAccounts: {
    name: '会社名',
    ownerName: 'オーナー氏名',
    ownerEmail: 'オーナーのメールアドレス（ログインID）',
    ownerHint: 'このメールアドレスに、アカウント管理画面のパスワード設定用リンクを送ります。',
    owner: 'オーナー',
    agency: '代理店',
    noAgency: '代理店なし（直接契約）',
    plan: 'OEMプラン',
    noPlan: 'プランなし',
    retired: '提供終了',
    timeZone: 'タイムゾーン',
    status: 'ステータス',
    statuses: { active: '利用中', suspended: '利用停止' },
    suspendHint:
      '利用停止にすると、このアカウントのオーナーとスタッフはログインできなくなり、メッセージの送信も止まります（送信は「失敗」として記録されます）。',
    suspendedAlert: 'このアカウントは利用停止中です。ログインと送信は止まっています。',
    channels: 'LINEアカウント',
    channelCount: 'LINEアカウント数',
    staff: 'スタッフ',
    staffCount: 'スタッフ数',
    staffAuthority: 'スタッフ権限',
    noChannels: 'LINEアカウントはまだありません',
    noStaff: 'スタッフはまだいません',
    invited: '招待中',
    resendInvitation: '招待メールを再送',
    invitationSent: '招待メールを送信しました',
    searchPlaceholder: '会社名・オーナーで検索',
    empty: 'アカウントはまだありません',
    noMatch: '条件に一致するアカウントはありません',
    billing: '請求',
    graceUntil: '猶予期限 {{date}}',
    graceEnded: '猶予期間は {{date}} に終了',
    noInvoices: '請求書はまだありません',
    markPaid: '入金済みにする',
    markPaidTitle: '入金済みにしますか？',
    markPaidBody:
      '請求書 {{number}}（{{total}}）の銀行振込を受け取ったものとして記録します。ほかに期限超過の請求がなければ、アカウントは通常の状態に戻ります。',
    markedPaid: '入金済みにしました',
  },
};

const en: typeof ja = {
  adminAccounts: {
    name: 'Company',
    ownerName: 'Owner name',
    ownerEmail: 'Owner e-mail (login)',
    ownerHint: 'We e-mail a link to set the account area password to this address.',
    owner: 'Owner',
    agency: 'Agency',
    noAgency: 'No agency (direct)',
    plan: 'OEM plan',
    noPlan: 'No plan',
    retired: 'Retired',
    timeZone: 'Time zone',
    status: 'Status',
    statuses: { active: 'Active', suspended: 'Suspended' },
    suspendHint:
      "Suspending the account stops its owner's and staff's logins and its sends (they are recorded as failed).",
    suspendedAlert: 'This account is suspended: its logins and sends are stopped.',
    channels: 'LINE accounts',
    channelCount: 'LINE accounts',
    staff: 'Staff',
    staffCount: 'Staff',
    staffAuthority: 'Staff authority',
    noChannels: 'No LINE accounts yet',
    noStaff: 'No staff yet',
    invited: 'Invited',
    resendInvitation: 'Resend invitation',
    invitationSent: 'Invitation sent',
    searchPlaceholder: 'Search by company or owner',
    empty: 'No accounts yet',
    noMatch: 'No accounts match',
    billing: 'Billing',
    graceUntil: 'Grace period until {{date}}',
    graceEnded: 'Grace period ended {{date}}',
    noInvoices: 'No invoices yet',
    markPaid: 'Mark as paid',
    markPaidTitle: 'Mark as paid?',
    markPaidBody:
      'Records the bank transfer for invoice {{number}} ({{total}}) as received. With no other overdue invoice, the account returns to good standing.',
    markedPaid: 'Marked as paid',
  },
};

addStrings({ ja, en });

export type AdminAccountStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    adminAccounts: AdminAccountStrings;
  }
}
