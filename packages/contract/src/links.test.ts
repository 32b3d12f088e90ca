import { describe, expect, it } from 'vitest';
import { isWebAddress } from './links.ts';

describe('isWebAddress', () => {
  it('accepts http and https addresses only', () => {
    expect(isWebAddress('https://example.com/a?b=1')).toBe(true);
    expect(isWebAddress('http://localhost:3000/privacy-policy')).toBe(true);
    for (const other of ['tel:0312345678', 'line://ti/p/@abc', 'javascript:alert(1)', 'data:text/html,x', '/a', '']) {
      expect(isWebAddress(other), other).toBe(false);
    }
  });
});
