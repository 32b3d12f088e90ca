import { describe, expect, it } from 'vitest';
import {
  changeKind,
  downgradeRefusal,
  invoiceTotals,
  invoiceTotalsIncludingTax,
  periodFrom,
  periodHolding,
} from './rules.ts';

describe('billing periods', () => {
  it('runs a month to the day before the same day next month (a short month clips it)', () => {
    expect(periodFrom('2026-11-15')).toEqual({ start: '2026-11-15', end: '2026-12-14' });
    expect(periodFrom('2027-01-31')).toEqual({ start: '2027-01-31', end: '2027-02-27' });
    expect(periodFrom('2026-12-01')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('rolls on by whole months to the period holding the day; the last day stays in its period', () => {
    const period = periodFrom('2026-09-10');
    expect(periodHolding(period, '2026-10-09')).toEqual(period);
    expect(periodHolding(period, '2026-10-10')).toEqual({ start: '2026-10-10', end: '2026-11-09' });
    expect(periodHolding(period, '2027-01-20')).toEqual({ start: '2027-01-10', end: '2027-02-09' });
  });
});

describe('plan changes', () => {
  it('a dearer plan (or a first plan) is an upgrade; the same price or cheaper waits for the period end', () => {
    expect(changeKind(null, { id: 1, monthlyPriceYen: 0 })).toBe('upgrade');
    expect(changeKind({ id: 1, monthlyPriceYen: 4980 }, { id: 2, monthlyPriceYen: 19800 })).toBe('upgrade');
    expect(changeKind({ id: 2, monthlyPriceYen: 19800 }, { id: 1, monthlyPriceYen: 4980 })).toBe('downgrade');
    expect(changeKind({ id: 2, monthlyPriceYen: 4980 }, { id: 1, monthlyPriceYen: 4980 })).toBe('downgrade');
  });

  it('refuses a downgrade the usage is over, naming each limit; at the limit is fine', () => {
    const light = { name: 'ライト', maxChannels: 1, maxStaffUsers: 3 };
    expect(downgradeRefusal({ channels: 1, staffUsers: 3 }, light)).toBeNull();
    expect(downgradeRefusal({ channels: 2, staffUsers: 3 }, light)).toBe(
      '現在のご利用状況（チャネル2件／上限1件）が「ライト」の上限を超えているため、ダウングレードできません。減らしてから再度お試しください。',
    );
    expect(downgradeRefusal({ channels: 2, staffUsers: 5 }, light)).toContain(
      'チャネル2件／上限1件、スタッフ5人／上限3人',
    );
  });
});

describe('qualified invoice totals', () => {
  it('rounds the tax down once per rate, on the rate’s sum, not per item', () => {
    const item = (unitPriceYen: number, taxRate: 10 | 8, quantity = 1) => ({
      description: 'x',
      quantity,
      unitPriceYen,
      taxRate,
    });
    // Per item: floor(10.5)+floor(10.5) = 20; once on the sum: floor(21) = 21.
    const totals = invoiceTotals([item(105, 10), item(105, 10), item(999, 8, 3)]);
    expect(totals.taxes).toEqual([
      { rate: 10, baseYen: 210, taxYen: 21 },
      { rate: 8, baseYen: 2997, taxYen: 239 },
    ]);
    expect(totals).toMatchObject({ subtotalYen: 3207, taxYen: 260, totalYen: 3467 });
  });

  it('names only the rates it has', () => {
    expect(invoiceTotals([{ description: 'スタンダード', quantity: 1, unitPriceYen: 19800, taxRate: 10 }])).toEqual({
      taxes: [{ rate: 10, baseYen: 19800, taxYen: 1980 }],
      subtotalYen: 19800,
      taxYen: 1980,
      totalYen: 21780,
    });
  });

  it('with tax-included prices (a card charge with prorations): the tax within each rate’s sum, rounded down once; the total is what was charged', () => {
    const line = (unitPriceYen: number) => ({ description: 'x', quantity: 1, unitPriceYen, taxRate: 10 as const });
    // 54,780 for the new plan, −21,780 unused of the old one, +52,953 remaining of the new one.
    const totals = invoiceTotalsIncludingTax([line(54780), line(-21780), line(52953)]);
    // floor(85,953 × 10 / 110) = floor(7,813.9…) = 7,813.
    expect(totals).toEqual({
      taxes: [{ rate: 10, baseYen: 78140, taxYen: 7813 }],
      subtotalYen: 78140,
      taxYen: 7813,
      totalYen: 85953,
    });
    // The plan's own price comes out as the tax-excluded computation gives it.
    expect(invoiceTotalsIncludingTax([line(21780)])).toMatchObject({ subtotalYen: 19800, taxYen: 1980 });
  });
});
