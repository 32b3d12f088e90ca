import { describe, expect, it } from 'vitest';
import { defaultOnLine, inPeriod, resolveMenu, type LiveMenu, type RuleForFriend } from './resolve.ts';

const now = new Date('2026-04-01T03:00:00Z');
const at = (iso: string) => new Date(iso);
const live = (id: string, from: Date | null = null, to: Date | null = null): LiveMenu => ({
  lineRichMenuId: id,
  displayFrom: from,
  displayTo: to,
});
const menus = new Map<number, LiveMenu>([
  [1, live('richmenu-default')],
  [2, live('richmenu-tagged')],
  [3, live('richmenu-personal')],
  [4, live('richmenu-later', at('2026-05-01T00:00:00Z'))],
]);
const rule = (id: number, richMenuId: number, matches: boolean, more: Partial<RuleForFriend> = {}): RuleForFriend => ({
  id,
  richMenuId,
  matches,
  startsAt: null,
  endsAt: null,
  ...more,
});

describe('which menu a friend sees', () => {
  it('a periods is half-open: its start counts, its end does not', () => {
    expect(inPeriod(now, now, null)).toBe(true);
    expect(inPeriod(now, null, now)).toBe(false);
    expect(inPeriod(now, null, null)).toBe(true);
  });

  it('the friend’s own menu comes first, linked per user', () => {
    const result = resolveMenu({ personalMenuId: 3, rules: [rule(10, 2, true)], defaultMenuId: 1, menus, now });
    expect(result).toEqual({ reason: 'personal', richMenuId: 3, ruleId: null, link: 'richmenu-personal' });
  });

  it('then the first matching rule in priority order, within its period', () => {
    const rules = [
      rule(10, 3, true, { endsAt: now }), // ended exactly now
      rule(11, 2, false),
      rule(12, 2, true),
      rule(13, 3, true),
    ];
    expect(resolveMenu({ personalMenuId: null, rules, defaultMenuId: 1, menus, now })).toEqual({
      reason: 'rule',
      richMenuId: 2,
      ruleId: 12,
      link: 'richmenu-tagged',
    });
  });

  it('a rule whose menu is not on LINE or outside its display period is passed over', () => {
    const rules = [rule(10, 99, true), rule(11, 4, true)];
    expect(resolveMenu({ personalMenuId: 99, rules, defaultMenuId: 1, menus, now }).reason).toBe('default');
  });

  it('the default is never linked per user, and no menu at all unlinks too', () => {
    expect(resolveMenu({ personalMenuId: null, rules: [rule(10, 2, false)], defaultMenuId: 1, menus, now })).toEqual({
      reason: 'default',
      richMenuId: 1,
      ruleId: null,
      link: null,
    });
    expect(resolveMenu({ personalMenuId: null, rules: [], defaultMenuId: null, menus, now })).toEqual({
      reason: 'none',
      richMenuId: null,
      ruleId: null,
      link: null,
    });
  });

  it('LINE’s default is the default menu only while it can be shown', () => {
    expect(defaultOnLine(1, menus, now)).toBe('richmenu-default');
    expect(defaultOnLine(4, menus, now)).toBeNull();
    expect(defaultOnLine(null, menus, now)).toBeNull();
  });
});
