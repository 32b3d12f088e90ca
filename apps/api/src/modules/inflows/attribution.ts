import type { InflowActions, InflowAttributionKind } from '@linq/contract';
import type { FollowKind } from '../friends/events.ts';

/*
 * The attribution state machine of one visit, pure. A visit is attributed when both halves are
 * known: who the visitor is (LINE Login's callback) and that they follow the channel (the follow
 * webhook, or a friend already following). The callback and the webhook arrive in either order,
 * seconds apart; whichever comes second attributes, and an attributed visit never attributes again.
 */

export type VisitPhase = 'visited' | 'logged_in' | 'awaiting_follow' | 'attributed';

export type VisitInput =
  /**
   * The login callback. `follow`: a follow of this LINE user seen shortly before and not taken by
   * another visit (the webhook came first); `following`: the user is a friend following now.
   */
  | {
      type: 'login';
      friendshipStatusChanged: boolean | null;
      friendFlag: boolean;
      follow: FollowKind | null;
      following: boolean;
    }
  /** The follow webhook of the visit's LINE user (after the callback). */
  | { type: 'follow'; kind: FollowKind };

export interface VisitStep {
  phase: VisitPhase;
  /** Attribute the friend now, as this kind; null: nothing to attribute (yet). */
  attribute: InflowAttributionKind | null;
}

export function stepVisit(phase: VisitPhase, input: VisitInput): VisitStep {
  if (phase === 'attributed') return { phase, attribute: null };
  if (input.type === 'follow') {
    // A follow before anyone logged in names no visit: the caller keeps it for the callback.
    if (phase === 'visited') return { phase, attribute: null };
    return { phase: 'attributed', attribute: input.kind };
  }
  if (phase !== 'visited') return { phase, attribute: null };
  if (input.follow) return { phase: 'attributed', attribute: input.follow };
  // Added (or unblocked) on the consent screen: the follow webhook is on its way.
  if (input.friendshipStatusChanged === true && input.friendFlag) return { phase: 'awaiting_follow', attribute: null };
  if (input.friendFlag && input.following) return { phase: 'attributed', attribute: 'revisit' };
  // A friend by LINE's word whose follow we have not seen yet: wait for it as well.
  if (input.friendFlag) return { phase: 'awaiting_follow', attribute: null };
  // Logged in without adding: a visit with a known LINE user, attributed if they add within the window.
  return { phase: 'logged_in', attribute: null };
}

/** Whether an attribution of this kind is a friend added (an unblock or a revisit is not). */
export const addsFriend = (kind: InflowAttributionKind): boolean => kind === 'new' || kind === 're_add';

/**
 * Whether the route's actions run on this attribution: "every time" on each one; "first add only"
 * on a friend added through the route for the first time (never on an unblock or a revisit, never
 * again after an earlier add through the same route).
 */
export function runsActions(
  actions: InflowActions,
  kind: InflowAttributionKind,
  addedThroughRouteBefore: boolean,
): boolean {
  if (actions.mode === 'every_time') return true;
  return addsFriend(kind) && !addedThroughRouteBefore;
}

/** Whether the route's actions do anything at all. */
export const hasActions = (actions: InflowActions): boolean =>
  actions.tag_ids.length > 0 ||
  actions.mark_ids.length > 0 ||
  actions.plan_id !== null ||
  actions.rich_menu_id !== null;
