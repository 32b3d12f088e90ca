import { describe, expect, it } from 'vitest';
import { planAudience, targetExpression, targetFields } from './target.ts';

describe('a plan target as saved', () => {
  it('turns the editor fields into one audience and back (a condition’s id is its key)', () => {
    const fields = {
      tagIds: [1, 2],
      hasTag: false,
      markIds: [3],
      hasMark: true,
      conditions: [
        { id: 31, accepted: [4], excepted: [5] },
        { id: 40, accepted: [], excepted: [] },
      ],
      specified: true,
      friendIds: [7],
    };
    const target = targetExpression(fields);
    expect(target).toEqual({
      kind: 'all',
      of: [
        { kind: 'tags', match: 'none', ids: [1, 2] },
        { kind: 'marks', match: 'any', ids: [3] },
        {
          kind: 'any',
          of: [
            {
              kind: 'all',
              key: 31,
              of: [
                { kind: 'tags', match: 'any', ids: [4] },
                { kind: 'tags', match: 'none', ids: [5] },
              ],
            },
            { kind: 'all', key: 40, of: [] },
          ],
        },
        { kind: 'friends', ids: [7] },
      ],
    });
    expect(targetFields(target)).toEqual(fields);
  });

  it('sends to following friends: all of them, or those an advanced target matches (an empty one: nobody)', () => {
    expect(planAudience({ targetSend: 'all_target', target: null })).toEqual({ kind: 'status', status: 'following' });
    expect(planAudience({ targetSend: 'advanced', target: null })).toEqual({
      kind: 'all',
      of: [
        { kind: 'status', status: 'following' },
        { kind: 'all', of: [] },
      ],
    });
  });
});
