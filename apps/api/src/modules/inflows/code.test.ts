import { describe, expect, it } from 'vitest';
import { INFLOW_CODE_LENGTH, INFLOW_CODE_PATTERN } from '@linq/contract';
import { newInflowCode } from './code.ts';

describe('newInflowCode', () => {
  it('is base62 of the code length', () => {
    for (let i = 0; i < 200; i++) {
      const code = newInflowCode();
      expect(code).toHaveLength(INFLOW_CODE_LENGTH);
      expect(code).toMatch(INFLOW_CODE_PATTERN);
    }
  });

  it('differs each time (no collision among many)', () => {
    const codes = new Set(Array.from({ length: 5000 }, () => newInflowCode()));
    expect(codes.size).toBe(5000);
  });

  it('drops the bytes that would bias the alphabet and keeps drawing', () => {
    // 248…255 are dropped; 0 → '0', 61 → 'z', 62 → '0' again.
    const draws = [Uint8Array.from([255, 248, 0, 61, 62]), Uint8Array.from(Array(20).fill(1))];
    const code = newInflowCode(() => draws.shift() ?? Uint8Array.from(Array(20).fill(2)));
    expect(code).toBe('0z0' + '1'.repeat(7));
  });

  it('spreads over the whole alphabet', () => {
    const seen = new Set([...Array.from({ length: 300 }, () => newInflowCode()).join('')]);
    expect(seen.size).toBe(62);
  });
});
