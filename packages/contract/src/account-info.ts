import { z } from 'zod';
import { timeZoneField } from './accounts.ts';
import { isPrefecture, normalizePostalCode } from './addresses.ts';
import { dataOf, optionalText, requiredText, timestamp } from './common.ts';
import { endpoint, heldBy } from './http.ts';

/*
 * Company info (account area, /account/info): the account's company name and kana, address, phone,
 * contact person and e-mail, invoice registration number (適格請求書発行事業者登録番号) and time zone,
 * edited by the account owner. Changing the time zone moves every schedule: the preview counts them.
 */

export const REGISTRATION_NUMBER_MESSAGE =
  '登録番号は「T」と13桁の数字で、法人番号のチェックデジットが正しいものを入力してください';
export const KANA_MESSAGE = 'カタカナで入力してください';
export const PHONE_MESSAGE = '電話番号は数字とハイフンで入力してください（例: 03-1234-5678）';
export const POSTAL_CODE_MESSAGE = '郵便番号は7桁の数字で入力してください（例: 100-0001）';
export const PREFECTURE_MESSAGE = '都道府県を選んでください';
const EMAIL_MESSAGE = 'メールアドレスの形式が正しくありません';

/**
 * The check digit of a 12-digit corporate number (法人番号): 9 − (Σ digit × weight mod 9), the weights
 * 1, 2, 1, 2, … counted from the lowest digit.
 */
export function corporateNumberCheckDigit(twelveDigits: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) {
    sum += Number(twelveDigits[12 - n]) * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** An invoice registration number: `T`, then a corporate number whose first digit is its check digit. */
export function isRegistrationNumber(value: string): boolean {
  if (!/^T\d{13}$/.test(value)) return false;
  return Number(value[1]) === corporateNumberCheckDigit(value.slice(2));
}

const blankable = (schema: z.ZodType<string>) => z.union([z.literal(''), schema]);

export const accountInfoFields = {
  name: requiredText(100),
  name_kana: optionalText(100).refine((value) => /^[ァ-ヶー・\s\u3000]*$/.test(value), { message: KANA_MESSAGE }),
  postal_code: optionalText(10).refine((value) => value === '' || normalizePostalCode(value) !== null, {
    message: POSTAL_CODE_MESSAGE,
  }),
  prefecture: optionalText(10).refine((value) => value === '' || isPrefecture(value), {
    message: PREFECTURE_MESSAGE,
  }),
  city: optionalText(100),
  street: optionalText(200),
  building: optionalText(200),
  phone: optionalText(20).refine((value) => /^[0-9-]*$/.test(value), { message: PHONE_MESSAGE }),
  contact_name: optionalText(100),
  contact_email: blankable(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: EMAIL_MESSAGE })),
  ),
  registration_number: optionalText(14).refine((value) => value === '' || isRegistrationNumber(value), {
    message: REGISTRATION_NUMBER_MESSAGE,
  }),
  time_zone: timeZoneField,
};
export const accountInfoBody = z.object(accountInfoFields);
export type AccountInfoBody = z.input<typeof accountInfoBody>;

export const accountInfo = z.object({
  name: z.string(),
  name_kana: z.string(),
  postal_code: z.string(),
  prefecture: z.string(),
  city: z.string(),
  street: z.string(),
  building: z.string(),
  phone: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  registration_number: z.string(),
  time_zone: z.string(),
  updated_at: timestamp,
});
export type AccountInfo = z.infer<typeof accountInfo>;

/** What a change of time zone moves: the schedules still ahead, read in the account's zone. */
export const timeZonePreview = z.object({
  scheduled_broadcasts: z.number().int(),
  scenario_sends: z.number().int(),
});
export type TimeZonePreview = z.infer<typeof timeZonePreview>;

const access = heldBy('account_owner');
const owner = { none: 'the account owner edits the company info' };

export const accountInfoApi = {
  get: endpoint({
    method: 'GET',
    path: '/account/info',
    summary: "The account's company info and time zone",
    access,
    response: dataOf(accountInfo),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/info',
    summary: "Update the account's company info and time zone",
    access,
    permission: owner,
    body: accountInfoBody,
    response: dataOf(accountInfo),
  }),
  timeZonePreview: endpoint({
    method: 'GET',
    path: '/account/info/time_zone_preview',
    summary: 'The scheduled broadcasts and scenario sends a change of time zone moves',
    access,
    response: dataOf(timeZonePreview),
  }),
};
