import { addStrings } from '../index.ts';

/** UI texts of the admin home (/admin). */
const ja = {
  adminHome: {
    counts: '概要',
    oems: 'OEM',
    agencies: '代理店',
    accounts: 'アカウント',
    channels: 'LINEアカウント',
    friends: '友だち（有効）',
    messagesThisMonth: '今月の送信数',
    openList: '一覧を見る',
    nearLimits: 'プラン上限に近いアカウント',
    nearLimitsHint: 'プランの上限の{{percent}}%以上を使っているアカウントです。',
    noNearLimits: '上限に近いアカウントはありません',
    limits: {
      channels: 'LINEアカウント数',
      staff_users: 'スタッフ数',
      monthly_messages: '今月の送信数',
    },
    usage: '{{used}} / {{max}}（{{percent}}%）',
    anomalies: '未解決の異常',
    noAnomalies: '未解決の異常はありません',
    severity: { critical: '重大', warning: '警告', info: '情報' },
    inquiries: '最近のお問い合わせ',
    noInquiries: 'お問い合わせはありません',
    inquiryStatus: { open: '未対応', answered: '回答済み', closed: '完了' },
    loadFailed: '読み込めませんでした',
    retry: '再読み込み',
  },
};

const en: typeof ja = {
  adminHome: {
    counts: 'Overview',
    oems: 'OEMs',
    agencies: 'Agencies',
    accounts: 'Accounts',
    channels: 'LINE accounts',
    friends: 'Friends (following)',
    messagesThisMonth: 'Messages this month',
    openList: 'Open the list',
    nearLimits: 'Accounts near their plan limits',
    nearLimitsHint: 'Accounts using {{percent}}% or more of a limit of their plan.',
    noNearLimits: 'No account is near a limit',
    limits: {
      channels: 'LINE accounts',
      staff_users: 'Staff users',
      monthly_messages: 'Messages this month',
    },
    usage: '{{used}} / {{max}} ({{percent}}%)',
    anomalies: 'Open anomalies',
    noAnomalies: 'No open anomalies',
    severity: { critical: 'Critical', warning: 'Warning', info: 'Info' },
    inquiries: 'Recent inquiries',
    noInquiries: 'No inquiries',
    inquiryStatus: { open: 'Open', answered: 'Answered', closed: 'Closed' },
    loadFailed: 'Could not load',
    retry: 'Reload',
  },
};

addStrings({ ja, en });

export type AdminHomeStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    adminHome: AdminHomeStrings;
  }
}
