import { addStrings } from '../index.ts';

/** UI texts of the account area: staff users, staff authorities and their permissions; the modules that show them import this file. */
const ja = {
  users: {
    name: '名前',
    email: 'メールアドレス',
    password: 'パスワード',
    passwordKeep: '変更しない場合は空欄のままにしてください',
    status: 'ステータス',
    statuses: { active: '有効', disabled: '無効' },
    staffAuthority: 'スタッフ権限',
    channels: '担当チャネル',
    lastLogin: '最終ログイン',
    neverLoggedIn: '未ログイン',
    searchPlaceholder: '名前・メールアドレスで検索',
    empty: 'スタッフがまだ登録されていません',
    noMatch: '条件に一致するスタッフはいません',
  },
  staffAuthorities: {
    name: '権限名',
    description: '説明',
    userCount: 'スタッフ数',
    permissions: '権限',
    feature: '機能',
    capabilities: 'その他の権限',
    sendMessages: 'メッセージ送信',
    personalData: '個人情報の閲覧',
    presets: 'プリセット',
    presetAll: '全権限',
    presetViewOnly: '閲覧のみ',
    searchPlaceholder: '権限名で検索',
    empty: 'スタッフ権限がまだ登録されていません',
    noMatch: '条件に一致するスタッフ権限はありません',
    summary: '編集 {{edit}}・閲覧 {{view}}',
  },
  levels: {
    none: 'なし',
    view: '閲覧',
    edit: '編集',
  },
  features: {
    dashboard: 'ダッシュボード',
    friends: '友だち',
    talks: 'トーク',
    tags: 'タグ',
    marks: '対応マーク',
    templates: 'テンプレート',
    plans: 'プラン',
    plan_analysis: 'プラン分析',
    rich_menus: 'リッチメニュー',
    forms: '回答フォーム',
    inflows: '流入経路',
    conversions: 'コンバージョン',
    abnormal_detection: '異常検知',
    exports: 'エクスポート',
  },
};

const en: typeof ja = {
  users: {
    name: 'Name',
    email: 'E-mail address',
    password: 'Password',
    passwordKeep: 'Leave empty to keep the current password',
    status: 'Status',
    statuses: { active: 'Active', disabled: 'Disabled' },
    staffAuthority: 'Staff authority',
    channels: 'Channels',
    lastLogin: 'Last login',
    neverLoggedIn: 'Never',
    searchPlaceholder: 'Search by name or e-mail',
    empty: 'No staff users yet',
    noMatch: 'No staff users match',
  },
  staffAuthorities: {
    name: 'Name',
    description: 'Description',
    userCount: 'Staff users',
    permissions: 'Permissions',
    feature: 'Feature',
    capabilities: 'Other permissions',
    sendMessages: 'Send messages',
    personalData: 'See personal data',
    presets: 'Presets',
    presetAll: 'All permissions',
    presetViewOnly: 'View only',
    searchPlaceholder: 'Search by name',
    empty: 'No staff authorities yet',
    noMatch: 'No staff authorities match',
    summary: 'Edit {{edit}} · View {{view}}',
  },
  levels: {
    none: 'None',
    view: 'View',
    edit: 'Edit',
  },
  features: {
    dashboard: 'Dashboard',
    friends: 'Friends',
    talks: 'Talks',
    tags: 'Tags',
    marks: 'Marks',
    templates: 'Templates',
    plans: 'Plans',
    plan_analysis: 'Plan analysis',
    rich_menus: 'Rich menus',
    forms: 'Forms',
    inflows: 'Inflows',
    conversions: 'Conversions',
    abnormal_detection: 'Abnormal detection',
    exports: 'Exports',
  },
};

addStrings({ ja, en });

export type AccountStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    account: AccountStrings;
  }
}
