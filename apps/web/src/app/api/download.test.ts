import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download.ts';

describe('filenameFromDisposition', () => {
  it('reads a quoted, a bare and an escaped filename', () => {
    expect(filenameFromDisposition('attachment; filename="friends-20260101.csv"')).toBe('friends-20260101.csv');
    expect(filenameFromDisposition('attachment; filename=friends.csv')).toBe('friends.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(filenameFromDisposition('attachment;filename = "x.csv" ; size=3')).toBe('x.csv');
  });

  it('prefers the RFC 5987 filename* (UTF-8 or Latin-1) over filename', () => {
    expect(
      filenameFromDisposition('attachment; filename="friends.csv"; filename*=UTF-8\'\'%E5%8F%8B%E3%81%A0%E3%81%A1.csv'),
    ).toBe('友だち.csv');
    expect(filenameFromDisposition("attachment; filename*=utf-8'ja'%E5%8F%8B.csv")).toBe('友.csv');
    expect(filenameFromDisposition("attachment; filename*=iso-8859-1''caf%E9.csv")).toBe('café.csv');
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(filenameFromDisposition('attachment; filename*=UTF-8\'\'%E5%ZZ.csv; filename="plain.csv"')).toBe(
      'plain.csv',
    );
  });

  it('drops paths and gives null without a usable name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment; filename="C:\\\\x\\\\y.csv"')).toBe('y.csv');
    expect(filenameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition('')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
