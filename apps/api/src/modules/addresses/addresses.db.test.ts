import { describe, expect, it } from 'vitest';
import { addressesApi } from '@linq/contract';
import { outputOf, useTestApp } from '../../test/kit.ts';

const t = useTestApp({ tenants: 0 });
const lookup = (code: string) => t.request({ method: 'GET', path: `/public/postal_codes/${encodeURIComponent(code)}` });

describe('GET /public/postal_codes/:code', () => {
  it('answers the prefecture, city and town of a code, without a session, cacheable', async () => {
    const r = await lookup('100-0001');
    expect(r.status).toBe(200);
    expect(outputOf(addressesApi.postalCode, r).data).toEqual({
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区',
      town: '千代田',
    });
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('takes the code as people type it, and answers no town for a whole city', async () => {
    const r = await lookup('〒０６０－００００');
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ postal_code: '0600000', prefecture: '北海道', city: '札幌市中央区', town: '' });
  });

  it('answers 404 with a message for a code Japan Post does not have', async () => {
    const r = await lookup('0000000');
    expect(r.status).toBe(404);
    expect(r.json.errors).toBe('郵便番号 000-0000 の住所が見つかりません。');
  });

  it('answers 422 on the code for what is no seven-digit code, markup included', async () => {
    for (const code of ['12345', '12345678', 'abc-defg', '<script>alert(1)</script>']) {
      const r = await lookup(code);
      expect(r.status, code).toBe(422);
      expect(r.json.errors, code).toEqual({ code: { description: '郵便番号は7桁の数字で入力してください。' } });
    }
  });
});
