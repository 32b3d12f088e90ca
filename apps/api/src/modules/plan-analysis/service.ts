import type { z } from 'zod';
import {
  optionsOf,
  percentOf,
  PLAN_ANALYSIS_FRIENDS_MAX,
  type EndpointOutput,
  type PlanAction,
  type PlanAnalysisDetail,
  type PlanAnalysisProfile,
  type planAnalysisApi,
  type planAnalysisQuery,
  type planListQuery,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { accountScope, type ChannelRequest } from '../../platform/principal.ts';
import { personalData } from '../friends/service.ts';
import * as plans from '../plans/read.ts';
import * as repo from './repository.ts';

/*
 * Plan analysis (issue 15): what each plan sent, what LINE refused, where its friends wait and
 * which options they tapped and which links they opened. The plan itself is read as the editor reads it (plans service), so
 * the analysis draws the same diagram and answers 404 for another channel's plan in the same way.
 */

type ListQuery = z.output<typeof planListQuery>;
type AnalysisQuery = z.output<typeof planAnalysisQuery>;

/** The plans list (same filters and order, with friends in each and messages sent) and what failed and finished. */
export async function list(
  ctx: AppContext,
  scope: ChannelRequest,
  query: ListQuery,
): Promise<EndpointOutput<typeof planAnalysisApi.list>> {
  const page = await plans.list(ctx, scope, query);
  const figures = await repo.headlines(
    ctx.database.db,
    scope,
    page.data.map((item) => item.id),
  );
  return {
    ...page,
    data: page.data.map((item) => {
      const headline = figures.get(item.id)!;
      return { ...item, failed_count: headline.failed, finished_count: headline.finished };
    }),
  };
}

/** Tap and click counts keyed by box and option (a box's click total: no option). */
const tapKey = (planActionId: number | null, actionItemId: number | null) => `${planActionId}:${actionItemId}`;

/**
 * GET /service/plan_analysis/{id}: the plan's diagram with per-box figures (sent and failed in the
 * day range, friends waiting now) and per-option taps, and the friends in the plan now.
 */
export async function get(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  query: AnalysisQuery,
): Promise<PlanAnalysisDetail> {
  const db = ctx.database.db;
  const detail = await plans.get(ctx, scope, id);
  const ranged = query.from !== undefined || query.to !== undefined;
  const range: repo.DayRange = {
    from: query.from,
    to: query.to,
    timeZone: ranged ? await repo.accountTimeZone(db, accountScope(scope.accountId)) : 'UTC',
  };
  const actionOfBox = new Map(detail.plan_actions.map((action) => [action.box_id, action.id]));
  const boxOfAction = new Map(detail.plan_actions.map((action) => [action.id, action.box_id]));
  const friendsBox = query.box_id === undefined ? undefined : actionOfBox.get(query.box_id);
  const [sends, taps, clicks, waiting, friendRows] = await Promise.all([
    repo.boxSendCounts(db, scope, id, range),
    repo.optionTapCounts(db, scope, id, range),
    repo.linkClickCounts(db, scope, id, range),
    repo.waitingCounts(db, scope, id),
    // A box the plan does not have holds nobody.
    query.box_id !== undefined && (friendsBox === undefined || friendsBox === null)
      ? []
      : repo.waitingFriends(db, scope, id, friendsBox ?? undefined, PLAN_ANALYSIS_FRIENDS_MAX),
  ]);
  const sendsOf = new Map(sends.map((row) => [row.planActionId, row]));
  const tapsOf = new Map(taps.map((row) => [tapKey(row.planActionId, row.actionItemId), row.taps]));
  const clicksOf = new Map(clicks.map((row) => [tapKey(row.planActionId, row.actionItemId), row]));
  const waitingOf = new Map(waiting.map((row) => [row.planActionId, row]));

  const figuresOf = (action: PlanAction) => {
    const sent = sendsOf.get(action.id)?.sent ?? 0;
    return {
      sent,
      failed: sendsOf.get(action.id)?.failed ?? 0,
      waiting: waitingOf.get(action.id)?.waiting ?? 0,
      blocked: waitingOf.get(action.id)?.blocked ?? 0,
      clicks: clicksOf.get(tapKey(action.id, null))?.clicks ?? 0,
      click_friends: clicksOf.get(tapKey(action.id, null))?.friends ?? 0,
      options: optionsOf(action.message).map(({ action: option }) => {
        const tapped = option.id === null ? 0 : (tapsOf.get(tapKey(action.id, option.id)) ?? 0);
        const opened = option.id === null ? undefined : clicksOf.get(tapKey(action.id, option.id));
        return {
          id: option.id,
          box_id: option.box_id,
          label: option.label,
          taps: tapped,
          tap_rate: percentOf(tapped, sent),
          clicks: opened?.clicks ?? 0,
          click_friends: opened?.friends ?? 0,
        };
      }),
    };
  };

  const pictures = personalData.visible(scope);
  const profiles = new Map<number, PlanAnalysisProfile>();
  for (const row of friendRows) {
    profiles.set(row.friendId, {
      id: row.friendId,
      display_name: row.displayNameOverride ?? row.displayName,
      picture_url: pictures ? row.pictureUrl : null,
    });
  }
  return {
    plan: detail.plan,
    plan_actions: detail.plan_actions.map((action) => ({ ...action, figures: figuresOf(action) })),
    plan_timings: detail.plan_timings,
    profiles: [...profiles.values()],
    friends: friendRows.map((row) => ({
      id: row.friendId,
      enrolment_id: row.enrolmentId,
      box_id: row.planActionId === null ? null : (boxOfAction.get(row.planActionId) ?? null),
      next_action_at: row.nextActionAt?.toISOString() ?? null,
      blocked: Boolean(row.blocked),
    })),
  };
}
