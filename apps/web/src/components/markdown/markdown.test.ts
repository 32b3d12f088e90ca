import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown.ts';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs with line breaks, and lists', () => {
    expect(parseMarkdown('# 第1条\n本文です。\n次の行。\n\n- 一つ目\n- 二つ目\n\n1. A\n2. B')).toEqual([
      { kind: 'heading', level: 1, children: [{ kind: 'text', text: '第1条' }] },
      {
        kind: 'paragraph',
        children: [{ kind: 'text', text: '本文です。' }, { kind: 'break' }, { kind: 'text', text: '次の行。' }],
      },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: '一つ目' }], [{ kind: 'text', text: '二つ目' }]] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'A' }], [{ kind: 'text', text: 'B' }]] },
    ]);
  });

  it('keeps HTML as text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('reads bold, italics and safe links', () => {
    expect(parseInline('**重要** と *注意* と [窓口](https://example.com/help)')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: '重要' }] },
      { kind: 'text', text: ' と ' },
      { kind: 'em', children: [{ kind: 'text', text: '注意' }] },
      { kind: 'text', text: ' と ' },
      { kind: 'link', href: 'https://example.com/help', children: [{ kind: 'text', text: '窓口' }] },
    ]);
  });

  it('leaves a link to a script address as its text', () => {
    expect(parseInline('[x](javascript:alert)')).toEqual([{ kind: 'text', text: '[x](javascript:alert)' }]);
  });
});

describe('safeHref', () => {
  it('allows web, mail and own-site addresses only', () => {
    expect(safeHref('https://a.example/')).toBe('https://a.example/');
    expect(safeHref('mailto:x@a.example')).toBe('mailto:x@a.example');
    expect(safeHref('/rule')).toBe('/rule');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
  });
});
