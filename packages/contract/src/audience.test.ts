import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_MAX_DEPTH,
  audienceExpression,
  audienceLabelIds,
  builtInAudienceLeaf,
  type AudienceNode,
} from './audience.ts';

describe('audience expression', () => {
  it('takes boolean nodes over built-in leaves and leaves of kinds a later module registers', () => {
    const expression: AudienceNode = {
      kind: 'all',
      of: [
        { kind: 'tags', match: 'all', ids: [1, 2] },
        { kind: 'not', of: { kind: 'marks', match: 'any', ids: [3] } },
        {
          kind: 'any',
          of: [
            { kind: 'score', min: 10 },
            { kind: 'inflow_route', route_id: 7 },
          ],
        },
      ],
    };
    expect(audienceExpression.parse(expression)).toEqual(expression);
    expect(builtInAudienceLeaf.safeParse({ kind: 'tags', match: 'some', ids: [1] }).success).toBe(false);
    expect(builtInAudienceLeaf.safeParse({ kind: 'followed', from: '2026-02-30' }).success).toBe(false);
  });

  it('refuses nesting deeper than the bound, and a boolean node without its parts', () => {
    let deep: AudienceNode = { kind: 'everyone' };
    for (let i = 0; i < AUDIENCE_MAX_DEPTH; i++) deep = { kind: 'not', of: deep };
    expect(audienceExpression.safeParse(deep).success).toBe(false);
    expect(audienceExpression.safeParse({ kind: 'all' }).success).toBe(false);
  });

  it('finds every label id its leaves name, at any depth', () => {
    const expression: AudienceNode = {
      kind: 'any',
      of: [
        { kind: 'tags', match: 'none', ids: [4, 5] },
        { kind: 'not', of: { kind: 'all', of: [{ kind: 'tags', match: 'any', ids: [5, 6] }] } },
        { kind: 'marks', match: 'any', ids: [9] },
      ],
    };
    expect(audienceLabelIds(expression, 'tags').sort()).toEqual([4, 5, 6]);
    expect(audienceLabelIds(expression, 'marks')).toEqual([9]);
  });
});
