import { describe, expect, it } from 'vitest';
import { audienceOfRule, emptyRuleAudience, ruleAudienceOf } from './rule-audience.ts';

describe('rich-menu rule audience', () => {
  it('saves no label as everyone, one as its leaf, both under all', () => {
    expect(audienceOfRule(emptyRuleAudience())).toEqual({ kind: 'everyone' });
    const tagsOnly = { ...emptyRuleAudience(), tags: { match: 'any' as const, ids: [3] } };
    expect(audienceOfRule(tagsOnly)).toEqual({ kind: 'tags', match: 'any', ids: [3] });
    const both = { tags: { match: 'all' as const, ids: [1, 2] }, marks: { match: 'none' as const, ids: [5] } };
    const node = audienceOfRule(both);
    expect(node).toEqual({
      kind: 'all',
      of: [
        { kind: 'tags', match: 'all', ids: [1, 2] },
        { kind: 'marks', match: 'none', ids: [5] },
      ],
    });
    expect(ruleAudienceOf(node)).toEqual(both);
  });

  it('reads back what it saves and refuses conditions it cannot edit', () => {
    expect(ruleAudienceOf({ kind: 'everyone' })).toEqual(emptyRuleAudience());
    expect(ruleAudienceOf({ kind: 'tags', match: 'any', ids: [3] })?.tags.ids).toEqual([3]);
    expect(ruleAudienceOf({ kind: 'score', min: 3 })).toBeNull();
    expect(ruleAudienceOf({ kind: 'any', of: [{ kind: 'tags', match: 'any', ids: [1] }] })).toBeNull();
  });
});
