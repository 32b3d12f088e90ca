import { describe, expect, it } from 'vitest';
import {
  autoReplyMatch,
  keywordMatches,
  normalizeKeywordText,
  pickAutoReply,
  type AutoReplyCandidate,
} from './auto-reply.ts';

const TOKYO = 'Asia/Tokyo';
// Wednesday 2024-05-15 12:00 JST
const NOW = new Date('2024-05-15T03:00:00Z');

let nextId = 1;
function autoReply(fields: Partial<AutoReplyCandidate> = {}): AutoReplyCandidate {
  return {
    id: nextId++,
    plan_type: 'auto_reply',
    is_active: true,
    auto_keywords: ['予約'],
    auto_keyword_match: 'exact',
    auto_weekdays: [],
    auto_has_term: false,
    auto_term_start_at: null,
    auto_term_end_at: null,
    updated_at: '2024-05-01T00:00:00Z',
    ...fields,
  };
}

const context = (text: string, now = NOW) => ({ text, now, timeZone: TOKYO });

describe('auto-reply keyword matching (issue 15)', () => {
  it('exact: the whole text equals the keyword after trim, Unicode NFKC and case folding', () => {
    expect(normalizeKeywordText('  ＹＯＹＡＫＵ　')).toBe('yoyaku');
    expect(keywordMatches(' Yoyaku ', 'YOYAKU', 'exact')).toBe(true);
    expect(keywordMatches('ＡＢＣ', 'abc', 'exact')).toBe(true);
    expect(keywordMatches('ｶﾀｶﾅ', 'カタカナ', 'exact')).toBe(true);
    expect(keywordMatches('予約したい', '予約', 'exact')).toBe(false);
  });

  it('partial: the text contains the keyword', () => {
    expect(keywordMatches('明日の予約をしたい', '予約', 'partial')).toBe(true);
    expect(keywordMatches('明日のＲＥＳＥＲＶＥ', 'reserve', 'partial')).toBe(true);
    expect(keywordMatches('こんにちは', '予約', 'partial')).toBe(false);
  });

  it('an empty keyword never matches', () => {
    expect(keywordMatches('何でも', '  ', 'partial')).toBe(false);
    expect(keywordMatches('', '', 'exact')).toBe(false);
  });

  it('only an active auto_reply plan answers', () => {
    expect(autoReplyMatch(autoReply(), context('予約'))).not.toBeNull();
    expect(autoReplyMatch(autoReply({ is_active: false }), context('予約'))).toBeNull();
    expect(autoReplyMatch(autoReply({ plan_type: 'scenario' }), context('予約'))).toBeNull();
  });

  it("today's weekday in the account's time zone must be in auto_weekdays; an empty list is every day", () => {
    expect(autoReplyMatch(autoReply({ auto_weekdays: [3] }), context('予約'))).not.toBeNull();
    expect(autoReplyMatch(autoReply({ auto_weekdays: [1, 2] }), context('予約'))).toBeNull();
    expect(autoReplyMatch(autoReply({ auto_weekdays: [] }), context('予約'))).not.toBeNull();
    // Tuesday 23:30 UTC is already Wednesday in Tokyo
    expect(
      autoReplyMatch(autoReply({ auto_weekdays: [3] }), context('予約', new Date('2024-05-14T23:30:00Z'))),
    ).not.toBeNull();
  });

  it('with auto_has_term, now must lie in the term (start included, end excluded)', () => {
    const term = {
      auto_has_term: true,
      auto_term_start_at: '2024-05-15T12:00:00+09:00',
      auto_term_end_at: '2024-05-16T00:00:00+09:00',
    };
    expect(autoReplyMatch(autoReply(term), context('予約'))).not.toBeNull();
    expect(autoReplyMatch(autoReply(term), context('予約', new Date('2024-05-15T02:59:59Z')))).toBeNull();
    expect(autoReplyMatch(autoReply(term), context('予約', new Date('2024-05-15T15:00:00Z')))).toBeNull();
    expect(autoReplyMatch(autoReply({ ...term, auto_term_end_at: null }), context('予約'))).toBeNull();
  });
});

describe('several matching auto-replies: the most specific wins', () => {
  it('exact beats partial', () => {
    const partial = autoReply({ auto_keywords: ['予約'], auto_keyword_match: 'partial' });
    const exact = autoReply({ auto_keywords: ['予約'], auto_keyword_match: 'exact' });
    expect(pickAutoReply([partial, exact], context('予約'))?.plan).toBe(exact);
  });

  it('then the longer keyword', () => {
    const short = autoReply({ auto_keywords: ['予約'], auto_keyword_match: 'partial' });
    const long = autoReply({ auto_keywords: ['予約 キャンセル'], auto_keyword_match: 'partial' });
    expect(pickAutoReply([short, long], context('予約 キャンセルしたい'))).toMatchObject({
      plan: long,
      keyword: '予約 キャンセル',
    });
  });

  it('then a term-limited plan over an open one, then fewer weekdays over every day', () => {
    const open = autoReply();
    const term = autoReply({
      auto_has_term: true,
      auto_term_start_at: '2024-05-01T00:00:00+09:00',
      auto_term_end_at: '2024-06-01T00:00:00+09:00',
    });
    expect(pickAutoReply([open, term], context('予約'))?.plan).toBe(term);
    const wednesdays = autoReply({ auto_weekdays: [3] });
    const weekdays = autoReply({ auto_weekdays: [1, 2, 3, 4, 5] });
    expect(pickAutoReply([open, weekdays, wednesdays], context('予約'))?.plan).toBe(wednesdays);
  });

  it('then the most recently updated, then the lowest id', () => {
    const older = autoReply({ updated_at: '2024-05-01T00:00:00Z' });
    const newer = autoReply({ updated_at: '2024-05-10T00:00:00Z' });
    expect(pickAutoReply([older, newer], context('予約'))?.plan).toBe(newer);
    const first = autoReply({ id: 5 });
    const second = autoReply({ id: 9 });
    expect(pickAutoReply([second, first], context('予約'))?.plan).toBe(first);
  });

  it('no match answers null', () => {
    expect(pickAutoReply([autoReply()], context('こんにちは'))).toBeNull();
    expect(pickAutoReply([], context('予約'))).toBeNull();
  });
});
