import { describe, expect, it } from 'vitest';
import { accountInfoBody, corporateNumberCheckDigit, isRegistrationNumber } from './account-info.ts';

describe('invoice registration number', () => {
  it('computes the corporate number check digit from the lowest digit', () => {
    // 国税庁, トヨタ自動車, ソニーグループ: published corporate numbers.
    expect(corporateNumberCheckDigit('000012050002')).toBe(7);
    expect(corporateNumberCheckDigit('180301018771')).toBe(1);
    expect(corporateNumberCheckDigit('010401067252')).toBe(5);
  });

  it('gives 9 when the weighted sum is a multiple of 9', () => {
    expect(corporateNumberCheckDigit('000000000000')).toBe(9);
  });

  it('accepts T and a corporate number with its check digit', () => {
    for (const good of ['T7000012050002', 'T1180301018771', 'T5010401067252']) {
      expect(isRegistrationNumber(good), good).toBe(true);
    }
  });

  it('refuses a wrong check digit, a missing T and a wrong length', () => {
    for (const bad of ['T8000012050002', '7000012050002', 't7000012050002', 'T700001205000', 'T70000120500021', '']) {
      expect(isRegistrationNumber(bad), bad).toBe(false);
    }
  });

  it('lets the registration number stay empty in the company info', () => {
    const base = { name: 'Demo Shop', time_zone: 'Asia/Tokyo' };
    const fields = { name_kana: '', postal_code: '', prefecture: '', city: '', street: '', building: '' };
    const rest = { phone: '', contact_name: '', contact_email: '' };
    expect(accountInfoBody.safeParse({ ...base, ...fields, ...rest, registration_number: '' }).success).toBe(true);
    expect(
      accountInfoBody.safeParse({ ...base, ...fields, ...rest, registration_number: 'T8000012050002' }).success,
    ).toBe(false);
  });
});
