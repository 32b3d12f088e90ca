import { addStrings } from '../index.ts';

/** UI texts of the account home and the company info; the modules that show them import this file. */
const ja = {
  accountHome: {
    usageFailed: 'プランの利用状況を読み込めませんでした。',
  },
  accountInfo: {
    fields: {
      name: '会社名',
      name_kana: '会社名（カナ）',
      prefecture: '都道府県',
      city: '市区町村',
      street: '町域・番地',
      building: '建物名・部屋番号',
      phone: '電話番号',
      contact_name: 'ご担当者名',
      contact_email: 'ご担当者のメールアドレス',
      registration_number: '適格請求書発行事業者登録番号',
      time_zone: 'タイムゾーン',
    },
    postalCode: '郵便番号',
    address: '所在地',
    contact: '連絡先',
    invoice: 'インボイス',
    schedule: 'スケジュール',
    registrationHint: '「T」と13桁の数字（例: T1234567890123）。登録番号をお持ちでない場合は空欄のままにしてください。',
    timeZoneHint: '予約配信やシナリオの送信時刻は、このタイムゾーンで決まります。',
    timeZoneConfirmTitle: 'タイムゾーンを変更しますか？',
    timeZoneConfirmBody: '{{from}} から {{to}} に変更すると、次の予定の送信時刻が新しいタイムゾーンで決まります。',
    timeZoneBroadcasts: '予約中の一斉配信: {{count}}件',
    timeZoneScenarioSends: '送信予定のシナリオ配信: {{count}}件',
    timeZoneConfirmOk: '変更して保存',
  },
};

const en: typeof ja = {
  accountHome: {
    usageFailed: 'The plan usage could not be loaded.',
  },
  accountInfo: {
    fields: {
      name: 'Company name',
      name_kana: 'Company name (kana)',
      prefecture: 'Prefecture',
      city: 'City',
      street: 'Town and street number',
      building: 'Building and room',
      phone: 'Phone',
      contact_name: 'Contact person',
      contact_email: "Contact person's e-mail",
      registration_number: 'Invoice registration number',
      time_zone: 'Time zone',
    },
    postalCode: 'Postal code',
    address: 'Address',
    contact: 'Contact',
    invoice: 'Invoice',
    schedule: 'Schedule',
    registrationHint: '"T" and 13 digits (e.g. T1234567890123). Leave it empty if you are not registered.',
    timeZoneHint: 'Scheduled broadcasts and scenario send times are set in this time zone.',
    timeZoneConfirmTitle: 'Change the time zone?',
    timeZoneConfirmBody:
      'Changing from {{from}} to {{to}} sets the times of these upcoming sends in the new time zone.',
    timeZoneBroadcasts: 'Scheduled broadcasts: {{count}}',
    timeZoneScenarioSends: 'Scenario sends due: {{count}}',
    timeZoneConfirmOk: 'Change and save',
  },
};

addStrings({ ja, en });

export type AccountInfoStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    accountInfo: AccountInfoStrings;
  }
}
