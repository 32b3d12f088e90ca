import { addStrings } from '../index.ts';

/** UI texts of address fields (forms, the account's company address); usePostalCodeLookup's users import this file. */
const ja = {
  addresses: {
    lookup: {
      searching: '住所を検索しています…',
      found: '住所を入力しました。番地以降を入力してください。',
      unknown: 'この郵便番号の住所は見つかりません。住所を直接入力してください。',
      failed: '住所を検索できませんでした。住所を直接入力してください。',
    },
  },
};

const en: typeof ja = {
  addresses: {
    lookup: {
      searching: 'Looking up the address…',
      found: 'The address was filled in. Please add the street number and the rest.',
      unknown: 'No address was found for this postal code. Please type the address.',
      failed: 'The address could not be looked up. Please type the address.',
    },
  },
};

addStrings({ ja, en });

export type AddressStrings = typeof ja;

declare module '../index.ts' {
  interface StringParts {
    addresses: AddressStrings;
  }
}
