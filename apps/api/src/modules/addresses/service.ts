import { normalizePostalCode, type PostalAddress } from '@linq/contract';
import { AppError, fieldError } from '../../platform/errors.ts';
import { postalCodes } from './postal-codes.ts';

/** The address a typed postal code names: 422 when it is no seven-digit code, 404 when Japan Post has none such. */
export async function postalAddressOf(typed: string): Promise<PostalAddress> {
  const code = normalizePostalCode(typed);
  if (!code) throw fieldError('code', '郵便番号は7桁の数字で入力してください。');
  const entry = (await postalCodes()).lookup(code);
  if (!entry) throw new AppError('not_found', `郵便番号 ${code.slice(0, 3)}-${code.slice(3)} の住所が見つかりません。`);
  return { postal_code: code, ...entry };
}
