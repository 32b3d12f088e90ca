import type { z } from 'zod';
import {
  FRIEND_PLAN_PAGE_SIZE,
  STAFF_STOP_REASON,
  hasOptions,
  listPage,
  optionsOf,
  textBeginning,
  type EndpointOutput,
  type FriendPlan,
  type FriendPlanSend,
  type FriendPlanTimeline,
  type PlanMessage,
  type friendPlanListQuery,
  type friendPlansApi,
  type sendPlanApi,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { ChannelRequest, ChannelScope } from '../../platform/principal.ts';
import { startPlanForFriend } from '../plan-engine/enrol.ts';
import { channelFriend } from '../friends/repository.ts';
import { addHistory } from '../plans/repository.ts';
import * as repo from './repository.ts';

/*
 * A friend's plans (issue 15, "Friend detail"): the enrolments as timelines of what was sent, how
 * LINE took it and what the friend tapped, where the friend waits and the next send; staff stop
 * an enrolment, which the plan's history records.
 */

export const FRIEND_NOUN = '友だち';
export const ENROLMENT_NOUN = 'シナリオ・配信';
export const ALREADY_ENDED_MESSAGE = 'このシナリオ・配信はすでに終了しています。';
/** How much of a box's text the timeline shows. */
export const PREVIEW_LENGTH = 40;

type ListQuery = z.output<typeof friendPlanListQuery>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The beginning of what the box says: its text, the confirm's question or a template's alt text; null for pictures. */
export function previewOf(message: PlanMessage): string | null {
  const text = (() => {
    switch (message.message_type) {
      case 'text_message':
      case 'quick_reply':
        return message.text;
      case 'confirm':
        return message.message_confirm?.text ?? message.alt_text;
      case 'carousel':
      case 'image_carousel':
        return message.alt_text;
      default:
        return null;
    }
  })();
  if (!text) return null;
  return textBeginning(text.replace(/\s+/g, ' ').trim(), PREVIEW_LENGTH);
}

/** The label of the option the friend tapped (null when the box or the option is gone). */
function tappedLabel(message: PlanMessage | null, actionItemId: number): string | null {
  if (!message) return null;
  return optionsOf(message).find((option) => option.action.id === actionItemId)?.action.label ?? null;
}

function planOf(row: repo.EnrolmentRow): FriendPlan {
  return {
    id: row.id,
    plan_id: row.planId,
    plan_name: row.planName,
    plan_type: row.planType,
    status: row.status,
    current_box_id: row.currentBoxId,
    next_action_at: iso(row.nextActionAt),
    started_at: row.startedAt.toISOString(),
    ended_at: iso(row.endedAt),
    end_reason: row.endReason,
  };
}

function waitingFor(row: repo.EnrolmentRow): FriendPlanTimeline['waiting_for'] {
  if (row.status !== 'active' && row.status !== 'paused') return null;
  if (row.nextActionAt !== null) return 'send';
  if (row.currentMessageType !== null && hasOptions(row.currentMessageType)) return 'tap';
  return null;
}

/** The enrolments with their sends (oldest first), each send with the tap on its box, if any. */
async function timelinesOf(db: Db, scope: ChannelScope, rows: repo.EnrolmentRow[]): Promise<FriendPlanTimeline[]> {
  const ids = rows.map((row) => row.id);
  const [sends, taps] = await Promise.all([repo.sendsOf(db, scope, ids), repo.tapsOf(db, scope, ids)]);
  const sendsByEnrolment = new Map<number, repo.SendRow[]>();
  for (const send of sends)
    sendsByEnrolment.set(send.enrolmentId, [...(sendsByEnrolment.get(send.enrolmentId) ?? []), send]);
  // A tap belongs to the box it was on: the last send of that box in the enrolment.
  const tapOf = new Map<string, repo.TapRow>();
  for (const tap of taps) if (tap.planActionId !== null) tapOf.set(`${tap.enrolmentId}:${tap.planActionId}`, tap);
  return rows.map((row) => {
    const enrolmentSends = sendsByEnrolment.get(row.id) ?? [];
    const lastSendOfBox = new Map(enrolmentSends.map((send) => [send.planActionId, send.id]));
    return {
      ...planOf(row),
      trigger: row.trigger,
      waiting_for: waitingFor(row),
      next_box_id: row.nextBoxId,
      next_box_message_type: row.nextMessageType,
      next_box_preview: row.nextMessage ? previewOf(row.nextMessage) : null,
      sends: enrolmentSends.map((send): FriendPlanSend => {
        const tap =
          send.planActionId !== null && lastSendOfBox.get(send.planActionId) === send.id
            ? tapOf.get(`${row.id}:${send.planActionId}`)
            : undefined;
        return {
          id: send.id,
          box_id: send.boxId,
          occurrence: send.occurrence,
          message_type: send.messageType,
          preview: send.message ? previewOf(send.message) : null,
          status: send.status,
          delivery_status: send.deliveryStatus,
          delivery_reason: send.deliveryReason,
          sent_at: send.sentAt.toISOString(),
          tap: tap
            ? {
                label: tappedLabel(send.message, tap.actionItemId),
                child_box_id: tap.childBoxId,
                tapped_at: tap.tappedAt.toISOString(),
              }
            : null,
        };
      }),
    };
  });
}

async function requireFriend(db: Db, scope: ChannelScope, friendId: number): Promise<void> {
  if (!(await channelFriend(db, scope, friendId))) throw notFound(FRIEND_NOUN);
}

export async function list(
  ctx: AppContext,
  scope: ChannelRequest,
  friendId: number,
  query: ListQuery,
): Promise<EndpointOutput<typeof friendPlansApi.list>> {
  const db = ctx.database.db;
  await requireFriend(db, scope, friendId);
  const { rows, total } = await repo.listEnrolments(db, scope, friendId, query);
  return listPage(await timelinesOf(db, scope, rows), total, query);
}

/**
 * send_plan: starts the scenario for the friend (its re-entry policy holds: 409 when refused), or
 * sends the broadcast to the friend alone; answers the friend's plans (spec: friennd_plans, spelled
 * so), the newest first page without their timelines.
 */
export async function sendPlan(
  ctx: AppContext,
  scope: ChannelRequest,
  friendId: number,
  planId: number,
): Promise<EndpointOutput<typeof sendPlanApi.sendPlan>> {
  await startPlanForFriend(ctx, scope, friendId, planId);
  const { rows } = await repo.listEnrolments(ctx.database.db, scope, friendId, {
    page: 1,
    limit: FRIEND_PLAN_PAGE_SIZE,
  });
  return { data: { id: friendId, friennd_plans: rows.map(planOf) } };
}

/**
 * Stops a running or paused enrolment: it ends as stopped now (engine clock) and nothing more is
 * sent to it. Its plan's history records who stopped it. 409 once it has ended.
 */
export async function stop(
  ctx: AppContext,
  scope: ChannelRequest,
  friendId: number,
  enrolmentId: number,
): Promise<FriendPlanTimeline> {
  await ctx.database.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const enrolment = await repo.lockEnrolment(tx, scope, friendId, enrolmentId);
    if (!enrolment) throw notFound(ENROLMENT_NOUN);
    if (enrolment.status !== 'active' && enrolment.status !== 'paused') throw conflict(ALREADY_ENDED_MESSAGE);
    await repo.stopEnrolment(tx, scope, enrolmentId, ctx.clock.now(), STAFF_STOP_REASON);
    const friend = await channelFriend(tx, scope, friendId);
    await addHistory(tx, scope, {
      planId: enrolment.planId,
      userId: scope.userId,
      kind: 'enrolments_ended',
      params: { friend: friend ? (friend.displayNameOverride ?? friend.displayName) : '' },
      affectedCount: 1,
    });
  });
  const row = await repo.findEnrolment(ctx.database.db, scope, friendId, enrolmentId);
  if (!row) throw notFound(ENROLMENT_NOUN);
  const [timeline] = await timelinesOf(ctx.database.db, scope, [row]);
  return timeline!;
}
