import { z } from 'zod';
import { dataOf } from './common.ts';
import { endpoint, publicAccess } from './http.ts';

/*
 * Japanese addresses: the 47 prefectures in their official order (JIS X 0401 codes 01–47), shared by
 * the form builder's prefecture and address fields and the account's company address.
 */

export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const;
export type Prefecture = (typeof PREFECTURES)[number];

export function isPrefecture(value: string): value is Prefecture {
  return (PREFECTURES as readonly string[]).includes(value);
}

/** A postal code as typed (全角 digits, hyphens, 〒) to its seven digits; null when it is not one. */
export function normalizePostalCode(input: string): string | null {
  const digits = input
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[〒\s\-‐－ー−]/g, '');
  return /^\d{7}$/.test(digits) ? digits : null;
}

/** What a postal code names: its prefecture and city (市区町村), and its town (町域) when it names one. */
export const postalAddress = z.object({
  postal_code: z.string(),
  prefecture: z.enum(PREFECTURES),
  city: z.string(),
  /** Empty when the code covers a whole city or several towns: the person types it. */
  town: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddress>;

/** Public (no session): forms and the account's company address fill the address from a postal code. */
export const addressesApi = {
  postalCode: endpoint({
    method: 'GET',
    path: '/public/postal_codes/:code',
    summary: 'The prefecture, city and town of a Japanese postal code (422 when malformed, 404 when unknown)',
    access: publicAccess,
    params: z.object({ code: z.string() }),
    response: dataOf(postalAddress),
  }),
};
