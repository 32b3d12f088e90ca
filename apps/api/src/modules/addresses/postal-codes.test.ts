import { describe, expect, it } from 'vitest';
import { normalizePostalCode, PREFECTURES } from '@linq/contract';
import { cleanTown, postalCodes } from './postal-codes.ts';

describe('normalizePostalCode', () => {
  it('takes a code as people type it', () => {
    for (const typed of ['1000001', '100-0001', '〒100-0001', '１００－０００１', ' 100 0001 ', '100ー0001']) {
      expect(normalizePostalCode(typed), typed).toBe('1000001');
    }
  });
  it('refuses what is no seven-digit code', () => {
    for (const typed of ['', '100001', '10000011', '100-000a', '<script>', '１２３']) {
      expect(normalizePostalCode(typed), typed).toBeNull();
    }
  });
});

describe('cleanTown', () => {
  it('keeps a town, drops notes and the rows that name no town', () => {
    expect(cleanTown('千代田')).toBe('千代田');
    expect(cleanTown('以下に掲載がない場合')).toBe('');
    expect(cleanTown('小菅村の次に１～６６３番地がくる場合')).toBe('');
    expect(cleanTown('一円')).toBe('');
    expect(cleanTown('霞が関霞が関ビル（１階）')).toBe('霞が関霞が関ビル');
    expect(cleanTown('大通西（１～１９丁目）')).toBe('大通西');
  });
});

describe('the postal-code table', () => {
  it('answers known codes', async () => {
    const table = await postalCodes();
    expect(table.lookup('1000001')).toEqual({ prefecture: '東京都', city: '千代田区', town: '千代田' });
    expect(table.lookup('0600000')).toEqual({ prefecture: '北海道', city: '札幌市中央区', town: '' });
    expect(table.lookup('9000000')).toEqual({ prefecture: '沖縄県', city: '那覇市', town: '' });
    expect(table.lookup('0640941')).toEqual({ prefecture: '北海道', city: '札幌市中央区', town: '旭ケ丘' });
  });

  it('names no town for a code shared by several towns, and finds a high-rise’s floors', async () => {
    const table = await postalCodes();
    expect(table.lookup('4520961')).toEqual({ prefecture: '愛知県', city: '清須市', town: '' });
    expect(table.lookup('1006090')).toEqual({ prefecture: '東京都', city: '千代田区', town: '霞が関霞が関ビル' });
  });

  it('finds nothing for a code Japan Post does not have', async () => {
    const table = await postalCodes();
    expect(table.lookup('0000000')).toBeNull();
    expect(table.lookup('1000099')).toBeNull();
  });

  it('holds about 120,000 codes, each in one of the 47 prefectures, with no note left as a town', async () => {
    const table = await postalCodes();
    expect(table.size).toBeGreaterThan(110_000);
    const entries = [...table.entries()];
    expect(entries.filter(({ prefecture }) => !(PREFECTURES as readonly string[]).includes(prefecture))).toEqual([]);
    expect(new Set(entries.map(({ prefecture }) => prefecture)).size).toBe(PREFECTURES.length);
    expect(entries.filter(({ town }) => /[（()）]|場合$|^一円$/.test(town))).toEqual([]);
  });

  it('reads the data once', async () => {
    expect(await postalCodes()).toBe(await postalCodes());
  });
});
