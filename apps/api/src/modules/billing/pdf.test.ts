import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { invoiceFonts, renderInvoicePdf } from './pdf.ts';
import type { InvoiceRow } from './repository.ts';

const invoice = {
  number: 'INV-202605-00001-01',
  issuerName: '株式会社リンク',
  issuerRegistrationNumber: 'T1234567890123',
  recipientName: '株式会社カフェ・ド・ランプ',
  issuedOn: '2026-05-10',
  dueOn: '2026-05-24',
  periodStart: '2026-05-10',
  periodEnd: '2026-06-09',
  items: [{ description: 'スタンダードプラン 月額利用料', quantity: 1, unitPriceYen: 19800, taxRate: 10 }],
  taxes: [{ rate: 10, baseYen: 19800, taxYen: 1980 }],
  subtotalYen: 19800,
  taxYen: 1980,
  totalYen: 21780,
} as InvoiceRow;

describe('qualified invoice PDF', () => {
  it('has a glyph for every character it prints (no tofu), in both weights', () => {
    const printed =
      '請求書（適格請求書）請求番号発行日お支払期限御中登録番号ご請求金額（税込）ご利用期間〜品目税率数量単価金額（税抜）小計消費税合計対象注:は税率ごとに合計した金額に対して1回だけ計算し、1円未満を切り捨てています。年月日¥%,.:—' +
      // A card charge's invoice: tax-included prices, prorations.
      'うち消費税税込金額から月額利用料プラン変更 変更前プランの未利用分変更後プランの日割り分-' +
      Object.values(invoice).join('');
    for (const font of Object.values(invoiceFonts())) {
      const opened = fontkit.create(font) as fontkit.Font;
      const missing = [...new Set(printed)].filter(
        (char) => char.trim() && !opened.hasGlyphForCodePoint(char.codePointAt(0)!),
      );
      expect(missing).toEqual([]);
    }
  });

  it('renders a card charge with tax-included prices and a proration credit', async () => {
    const pdf = await renderInvoicePdf({
      ...invoice,
      pricesIncludeTax: true,
      items: [
        { description: 'プランの月額利用料', quantity: 1, unitPriceYen: 54780, taxRate: 10 },
        { description: 'プラン変更 変更前プランの未利用分', quantity: 1, unitPriceYen: -21780, taxRate: 10 },
      ],
      taxes: [{ rate: 10, baseYen: 30000, taxYen: 3000 }],
      subtotalYen: 30000,
      taxYen: 3000,
      totalYen: 33000,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('embeds a subset of the Japanese font, quickly and small', async () => {
    const started = performance.now();
    const pdf = await renderInvoicePdf(invoice);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/FontFile3|\/FontFile2/);
    expect(pdf.length).toBeLessThan(200_000);
  });
});
