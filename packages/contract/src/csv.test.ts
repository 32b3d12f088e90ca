import { describe, expect, it } from 'vitest';
import { csvRecord, plainCell, textCell } from './csv.ts';

describe('CSV cells', () => {
  it('quotes cells with commas, quotes or line breaks (RFC 4180) and ends records with CRLF', () => {
    expect(csvRecord([textCell('a'), textCell('b,c'), textCell('say "hi"'), textCell('1\n2'), textCell(null)])).toBe(
      'a,"b,c","say ""hi""","1\n2",\r\n',
    );
    expect(plainCell(12)).toBe('12');
    expect(plainCell(null)).toBe('');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(textCell(`${start}1+2`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(textCell('=cmd|"/c calc"!A1')).toBe(`"'=cmd|""/c calc""!A1"`);
    expect(textCell('a=b')).toBe('a=b');
    expect(textCell('山田 -さん')).toBe('山田 -さん');
    // Values the server produced (numbers) stay numbers.
    expect(plainCell(-5)).toBe('-5');
  });
});
