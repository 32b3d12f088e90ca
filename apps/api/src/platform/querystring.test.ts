import { describe, expect, it } from 'vitest';
import { parseQueryString } from './querystring.ts';

describe('query strings with bracket lists', () => {
  it('reads plain keys as strings, decoding escapes and plus signs', () => {
    expect(parseQueryString('name=%E5%A4%AA%E9%83%8E+san&page=2')).toEqual({ name: '太郎 san', page: '2' });
  });

  it('reads bracket keys as lists, even with one value', () => {
    expect(parseQueryString('tag_ids[]=1')).toEqual({ tag_ids: ['1'] });
    expect(parseQueryString('tag_ids%5B%5D=1&tag_ids%5B%5D=2&mark_ids[]=3')).toEqual({
      tag_ids: ['1', '2'],
      mark_ids: ['3'],
    });
  });

  it('collects a repeated plain key into a list and keeps a malformed escape as sent', () => {
    expect(parseQueryString('a=1&a=2&&b=%E0%A4%A')).toEqual({ a: ['1', '2'], b: '%E0%A4%A' });
  });
});
