import { addStrings } from '../index.ts';

/** UI texts of the admin area's OEM plans; the modules that show them import this file. */
const ja = {
  oemPlans: {
    name: 'プラン名',
    monthlyPrice: '月額料金（税抜）',
    monthlyPriceHint: '税抜の金額を円で入力してください。消費税（10%）は自動で計算されます。',
    priceExcludingTax: '税抜',
    consumptionTax: '消費税（10%）',
    priceIncludingTax: '税込',
    yen: '{{amount}}円',
    perMonth: '{{amount}}円／月',
    limits: '上限',
    maxChannels: 'LINEアカウント数',
    maxStaffUsers: 'スタッフ数',
    maxMonthlyMessages: '月間送信数',
    features: '機能',
    richMenuRules: 'リッチメニューの出し分け',
    forms: '回答フォーム',
    inflowRoutes: '流入経路',
    enabled: '利用可',
    disabled: '利用不可',
    status: 'ステータス',
    statuses: { active: '提供中', retired: '提供終了' },
    accountCount: '利用アカウント数',
    searchPlaceholder: 'プラン名で検索',
    empty: 'プランはまだありません',
    noMatch: '条件に一致するプランはありません',
    retireHint: '利用中のアカウントがあるプランは、削除すると「提供終了」になります。',
  },
};

const en: typeof ja = {
  oemPlans: {
    name: 'Plan name',
    monthlyPrice: 'Monthly price (before tax)',
    monthlyPriceHint: 'Enter the price before tax in yen. Consumption tax (10%) is calculated for you.',
    priceExcludingTax: 'Before tax',
    consumptionTax: 'Consumption tax (10%)',
    priceIncludingTax: 'Including tax',
    yen: '¥{{amount}}',
    perMonth: '¥{{amount}} / month',
    limits: 'Limits',
    maxChannels: 'LINE accounts',
    maxStaffUsers: 'Staff users',
    maxMonthlyMessages: 'Messages per month',
    features: 'Features',
    richMenuRules: 'Rich menu rules',
    forms: 'Forms',
    inflowRoutes: 'Inflow routes',
    enabled: 'Included',
    disabled: 'Not included',
    status: 'Status',
    statuses: { active: 'Active', retired: 'Retired' },
    accountCount: 'Accounts on it',
    searchPlaceholder: 'Search by plan name',
    empty: 'No plans yet',
    noMatch: 'No plans match',
    retireHint: 'Deleting a plan that accounts use retires it instead.',
  },
};

addStrings({ ja, en });

export type OemPlanStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    oemPlans: OemPlanStrings;
  }
}
