import type { RichMenuOfFriend } from '@linq/contract';

/*
 * Who sees which menu (issue 24), as one pure function: the friend's own menu, else the first rule
 * by priority that takes the friend within its period, else the channel's default. LINE shows a
 * per-user link over the default, so only the first two are linked per user; a friend resolved to
 * the default (or to nothing) is unlinked, and the default is never linked to anyone.
 */

/** A menu that is on LINE now, with its display period. */
export interface LiveMenu {
  lineRichMenuId: string;
  displayFrom: Date | null;
  displayTo: Date | null;
}

export interface RuleForFriend {
  id: number;
  richMenuId: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Whether the rule's audience takes the friend. */
  matches: boolean;
}

export interface Resolution {
  reason: RichMenuOfFriend['reason'];
  richMenuId: number | null;
  ruleId: number | null;
  /** LINE's menu to link to the friend; null: unlink (the default, if any, shows). */
  link: string | null;
}

/** Whether `now` is in the half-open period [from, to); an open end is no bound. */
export function inPeriod(now: Date, from: Date | null, to: Date | null): boolean {
  return (from === null || from.getTime() <= now.getTime()) && (to === null || now.getTime() < to.getTime());
}

/** The menu LINE can show now: published, and within its own display period. */
function shown(menus: ReadonlyMap<number, LiveMenu>, id: number | null, now: Date): LiveMenu | null {
  if (id === null) return null;
  const menu = menus.get(id);
  return menu && inPeriod(now, menu.displayFrom, menu.displayTo) ? menu : null;
}

/** `rules` in priority order (first checked first). */
export function resolveMenu(input: {
  personalMenuId: number | null;
  rules: readonly RuleForFriend[];
  defaultMenuId: number | null;
  menus: ReadonlyMap<number, LiveMenu>;
  now: Date;
}): Resolution {
  const { now, menus } = input;
  const personal = shown(menus, input.personalMenuId, now);
  if (personal) {
    return { reason: 'personal', richMenuId: input.personalMenuId, ruleId: null, link: personal.lineRichMenuId };
  }
  for (const rule of input.rules) {
    if (!rule.matches || !inPeriod(now, rule.startsAt, rule.endsAt)) continue;
    const menu = shown(menus, rule.richMenuId, now);
    if (menu) return { reason: 'rule', richMenuId: rule.richMenuId, ruleId: rule.id, link: menu.lineRichMenuId };
  }
  if (shown(menus, input.defaultMenuId, now)) {
    return { reason: 'default', richMenuId: input.defaultMenuId, ruleId: null, link: null };
  }
  return { reason: 'none', richMenuId: null, ruleId: null, link: null };
}

/** LINE's default now: the channel's default menu when LINE can show it, else none. */
export function defaultOnLine(defaultMenuId: number | null, menus: ReadonlyMap<number, LiveMenu>, now: Date) {
  return shown(menus, defaultMenuId, now)?.lineRichMenuId ?? null;
}
