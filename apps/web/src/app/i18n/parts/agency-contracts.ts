import { addStrings } from '../index.ts';

/** UI texts of the agency area's contracts; the modules that show them import this file. */
const ja = {
  agencyContracts: {
    account: 'アカウント',
    plan: 'OEMプラン',
    retired: '提供終了',
    period: '契約期間',
    startDate: '開始日',
    endDate: '終了日',
    monthlyFee: '月額（円・税抜）',
    yen: '{{amount}}円',
    billingCycle: '支払いサイクル',
    billingCycles: { monthly: '月払い', yearly: '年払い' },
    autoRenewal: '自動更新',
    autoRenewalHint: 'オンにすると、終了日を過ぎたときに支払いサイクル分だけ自動で延長します。',
    autoRenewals: { on: 'あり', off: 'なし' },
    notes: '備考',
    status: '状態',
    statuses: { draft: '下書き', active: '契約中', ending: '終了間近', ended: '終了', cancelled: '解約' },
    statusHint:
      '契約中の契約のプランが、そのアカウントのプランになります。終了日まで30日以内になると「終了間近」、過ぎると「終了」（自動更新なら延長）に自動で変わります。',
    moveTo: {
      active: '契約を開始',
      ended: '契約を終了',
      cancelled: '解約',
    },
    confirmMove: {
      active: 'この契約を開始しますか？アカウントのプランが「{{plan}}」になります。',
      ended: 'この契約を終了しますか？',
      cancelled: 'この契約を解約しますか？元に戻せません。',
    },
    moved: '契約の状態を変更しました',
    moveFailed: '契約の状態を変更できませんでした',
    history: '変更履歴',
    historyColumns: { at: '日時', action: '操作', by: '変更者', changes: '変更内容' },
    noHistory: '変更履歴はありません',
    byRules: '自動（契約日付）',
    actions: { created: '作成', updated: '編集', status: '状態変更', renewed: '自動更新' },
    fields: {
      account: 'アカウント',
      plan: 'プラン',
      start_date: '開始日',
      end_date: '終了日',
      monthly_fee_yen: '月額',
      billing_cycle: '支払いサイクル',
      auto_renewal: '自動更新',
      notes: '備考',
      status: '状態',
    },
    exportCsv: 'CSVダウンロード',
    exportFailed: 'CSVをダウンロードできませんでした',
    searchPlaceholder: 'アカウント名・備考で検索',
    empty: '契約はまだありません',
    noMatch: '条件に一致する契約はありません',
  },
};

const en: typeof ja = {
  agencyContracts: {
    account: 'Account',
    plan: 'OEM plan',
    retired: 'Retired',
    period: 'Term',
    startDate: 'Start',
    endDate: 'End',
    monthlyFee: 'Monthly fee (yen, before tax)',
    yen: '¥{{amount}}',
    billingCycle: 'Billing cycle',
    billingCycles: { monthly: 'Monthly', yearly: 'Yearly' },
    autoRenewal: 'Auto-renewal',
    autoRenewalHint: 'When on, the contract is extended by one billing cycle once its end date has passed.',
    autoRenewals: { on: 'On', off: 'Off' },
    notes: 'Notes',
    status: 'Status',
    statuses: { draft: 'Draft', active: 'Active', ending: 'Ending', ended: 'Ended', cancelled: 'Cancelled' },
    statusHint:
      "An active contract's plan is its account's plan. Within 30 days of its end it becomes Ending, and after it Ended (or is extended when it auto-renews).",
    moveTo: {
      active: 'Start the contract',
      ended: 'End the contract',
      cancelled: 'Cancel',
    },
    confirmMove: {
      active: 'Start this contract? The account will be on the plan “{{plan}}”.',
      ended: 'End this contract?',
      cancelled: 'Cancel this contract? This cannot be undone.',
    },
    moved: 'Contract status changed',
    moveFailed: 'The contract status could not be changed',
    history: 'History',
    historyColumns: { at: 'When', action: 'Action', by: 'By', changes: 'Changes' },
    noHistory: 'No changes yet',
    byRules: 'Automatic (contract dates)',
    actions: { created: 'Created', updated: 'Edited', status: 'Status', renewed: 'Renewed' },
    fields: {
      account: 'Account',
      plan: 'Plan',
      start_date: 'Start',
      end_date: 'End',
      monthly_fee_yen: 'Monthly fee',
      billing_cycle: 'Billing cycle',
      auto_renewal: 'Auto-renewal',
      notes: 'Notes',
      status: 'Status',
    },
    exportCsv: 'Download CSV',
    exportFailed: 'The CSV could not be downloaded',
    searchPlaceholder: 'Search by account or notes',
    empty: 'No contracts yet',
    noMatch: 'No contracts match',
  },
};

addStrings({ ja, en });

export type AgencyStringsOfContracts = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    agencyContracts: AgencyStringsOfContracts;
  }
}
