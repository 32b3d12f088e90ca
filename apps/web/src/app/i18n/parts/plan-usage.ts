import { addStrings } from '../index.ts';

/** UI texts of the plan usage card (the account home and the admin account detail); the modules that show it import this file. */
const ja = {
  planUsage: {
    title: 'プランの利用状況',
    month: '{{month}}（{{timeZone}}）',
    hint: 'メッセージ数は当社の配信ログで数えた今月の通数（送信済みと送信待ち）で、LINE公式アカウント側の月間メッセージ数とは別に数えています。',
    noPlan: 'プランが設定されていないため、上限はありません。',
    figure: '{{used}} / {{max}}',
    unlimited: '{{used}}（上限なし）',
    limits: { channels: 'LINEアカウント数', staff_users: 'スタッフ数', monthly_messages: '今月のメッセージ数' },
    features: '機能',
    featureNames: { rich_menu_rules: 'リッチメニューの表示ルール', forms: '回答フォーム', inflow_routes: '流入経路' },
    featureOn: '利用可',
    featureOff: '利用不可',
  },
};

const en: typeof ja = {
  planUsage: {
    title: 'Plan usage',
    month: '{{month}} ({{timeZone}})',
    hint: "Messages are this month's count from our delivery log (sent and waiting to be sent), counted apart from the LINE Official Account's own monthly quota.",
    noPlan: 'No plan is set, so there are no limits.',
    figure: '{{used}} / {{max}}',
    unlimited: '{{used}} (no limit)',
    limits: { channels: 'LINE accounts', staff_users: 'Staff', monthly_messages: 'Messages this month' },
    features: 'Features',
    featureNames: { rich_menu_rules: 'Rich menu display rules', forms: 'Answer forms', inflow_routes: 'Inflow routes' },
    featureOn: 'Available',
    featureOff: 'Not available',
  },
};

addStrings({ ja, en });

export type PlanUsageStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    planUsage: PlanUsageStrings;
  }
}
