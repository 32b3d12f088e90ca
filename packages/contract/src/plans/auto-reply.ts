import type { Plan } from './model.ts';
import { zonedWallTime } from './schedule.ts';

/*
 * Which active auto-reply answers an incoming text (issue 15).
 *
 * A plan matches when it is an active auto_reply, one of its keywords matches the text, today's
 * weekday in the account's time zone is one of auto_weekdays (an empty list means every day) and,
 * when auto_has_term, now lies in the term (start included, end excluded).
 *
 * Keywords and text are compared normalised: Unicode NFKC (full-width and half-width forms
 * agree: "ＡＢＣ" is "ABC", "ｶﾀｶﾅ" is "カタカナ"), then lower case, then trimmed. exact: the whole
 * text equals a keyword; partial: the text contains one. An empty keyword never matches.
 *
 * When several match, the most specific wins, compared in this order:
 *   1. an exact match beats a partial one (the user wrote that very text);
 *   2. a longer matching keyword beats a shorter one ("予約 キャンセル" over "予約");
 *   3. a plan limited to a term beats an open one (a campaign overrides the standing reply);
 *   4. a plan limited to some weekdays beats an every-day one, fewer weekdays first;
 *   5. the most recently updated plan;
 *   6. the lowest id (so the choice never depends on the order plans were read in).
 */

export type AutoReplyCandidate = Pick<
  Plan,
  | 'plan_type'
  | 'is_active'
  | 'auto_keywords'
  | 'auto_keyword_match'
  | 'auto_weekdays'
  | 'auto_has_term'
  | 'auto_term_start_at'
  | 'auto_term_end_at'
> & {
  id: number;
  /** ISO 8601. */
  updated_at: string;
};

export interface AutoReplyContext {
  text: string;
  now: Date;
  /** The account's IANA time zone. */
  timeZone: string;
}

export interface AutoReplyMatch<C extends AutoReplyCandidate = AutoReplyCandidate> {
  plan: C;
  /** The keyword that matched (as the plan has it); the longest one when several do. */
  keyword: string;
  exact: boolean;
}

/** The form incoming texts and keywords are compared in: NFKC, lower case, trimmed. */
export function normalizeKeywordText(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}

/** Whether `keyword` matches `text` the given way (both normalised here). */
export function keywordMatches(text: string, keyword: string, match: Plan['auto_keyword_match']): boolean {
  const word = normalizeKeywordText(keyword);
  if (word === '') return false;
  const body = normalizeKeywordText(text);
  return match === 'exact' ? body === word : body.includes(word);
}

/** Whether now lies within the plan's term (always, when it has none); a term it cannot read never applies. */
export function isWithinTerm(candidate: AutoReplyCandidate, now: Date): boolean {
  if (!candidate.auto_has_term) return true;
  const start = candidate.auto_term_start_at === null ? NaN : Date.parse(candidate.auto_term_start_at);
  const end = candidate.auto_term_end_at === null ? NaN : Date.parse(candidate.auto_term_end_at);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return now.getTime() >= start && now.getTime() < end;
}

/** Whether today (in the account's time zone) is one of the plan's weekdays; an empty list means every day. */
export function isOnWeekday(candidate: AutoReplyCandidate, now: Date, timeZone: string): boolean {
  if (candidate.auto_weekdays.length === 0) return true;
  return candidate.auto_weekdays.includes(zonedWallTime(now, timeZone).weekday);
}

/** How the plan matches the text now, or null when it does not answer it. */
export function autoReplyMatch<C extends AutoReplyCandidate>(
  candidate: C,
  context: AutoReplyContext,
): AutoReplyMatch<C> | null {
  if (candidate.plan_type !== 'auto_reply' || !candidate.is_active) return null;
  if (!isOnWeekday(candidate, context.now, context.timeZone) || !isWithinTerm(candidate, context.now)) return null;
  const matching = candidate.auto_keywords
    .filter((keyword) => keywordMatches(context.text, keyword, candidate.auto_keyword_match))
    .sort((a, b) => normalizeKeywordText(b).length - normalizeKeywordText(a).length);
  const [keyword] = matching;
  return keyword === undefined ? null : { plan: candidate, keyword, exact: candidate.auto_keyword_match === 'exact' };
}

function weekdayRank(candidate: AutoReplyCandidate): number {
  // Every day (empty, or all seven) ranks last; fewer weekdays is more specific.
  const days = new Set(candidate.auto_weekdays).size;
  return days === 0 ? 7 : days;
}

/** Orders matches most specific first (the rule in this file's comment). */
export function compareAutoReplyMatches(a: AutoReplyMatch, b: AutoReplyMatch): number {
  return (
    Number(b.exact) - Number(a.exact) ||
    normalizeKeywordText(b.keyword).length - normalizeKeywordText(a.keyword).length ||
    Number(b.plan.auto_has_term) - Number(a.plan.auto_has_term) ||
    weekdayRank(a.plan) - weekdayRank(b.plan) ||
    Date.parse(b.plan.updated_at) - Date.parse(a.plan.updated_at) ||
    a.plan.id - b.plan.id
  );
}

/** The auto-reply that answers the text now, or null when none does. */
export function pickAutoReply<C extends AutoReplyCandidate>(
  candidates: readonly C[],
  context: AutoReplyContext,
): AutoReplyMatch<C> | null {
  const matches = candidates
    .map((candidate) => autoReplyMatch(candidate, context))
    .filter((match): match is AutoReplyMatch<C> => match !== null)
    .sort(compareAutoReplyMatches);
  return matches[0] ?? null;
}
