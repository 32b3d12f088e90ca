import { addStrings } from '../index.ts';

/** UI texts of the agency dashboard (the agency area's home). */
const ja = {
  agencyDashboard: {
    clients: 'クライアントアカウント',
    liveContracts: '契約中の契約',
    ending30: '30日以内に終了',
    ending60: '60日以内に終了',
    count: '{{count}} 件',
    mrr: '月額の契約売上（税抜）',
    yen: '{{amount}}円',
    trendTitle: '月額の契約売上の推移（各月1日時点・税抜）',
    trendLabel: '月ごとの月額の契約売上',
    trendSeries: '月額売上',
    openContracts: '契約を開く',
    openClients: 'クライアントを開く',
    anomalies: '異常が起きているクライアントのチャネル',
    noAnomalies: '未対応の異常はありません',
    columns: { account: 'アカウント', channel: 'チャネル', open: '未対応の異常', lastSeen: '最終検知' },
    severity: { info: '情報', warning: '警告', critical: '重大' },
    loadFailed: 'ダッシュボードを読み込めませんでした',
    retry: '再読み込み',
  },
};

const en: typeof ja = {
  agencyDashboard: {
    clients: 'Client accounts',
    liveContracts: 'Live contracts',
    ending30: 'Ending within 30 days',
    ending60: 'Ending within 60 days',
    count: '{{count}}',
    mrr: 'Monthly recurring revenue (excl. tax)',
    yen: '¥{{amount}}',
    trendTitle: 'Monthly recurring revenue (on the 1st of each month, excl. tax)',
    trendLabel: 'Monthly recurring revenue per month',
    trendSeries: 'Monthly revenue',
    openContracts: 'Open contracts',
    openClients: 'Open client accounts',
    anomalies: 'Client channels with anomalies',
    noAnomalies: 'No open anomalies',
    columns: { account: 'Account', channel: 'Channel', open: 'Open anomalies', lastSeen: 'Last detected' },
    severity: { info: 'Info', warning: 'Warning', critical: 'Critical' },
    loadFailed: 'The dashboard could not be loaded',
    retry: 'Reload',
  },
};

addStrings({ ja, en });

export type AgencyDashboardStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    agencyDashboard: AgencyDashboardStrings;
  }
}
