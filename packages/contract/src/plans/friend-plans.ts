import { z } from 'zod';
import { dataOf, id, idParams, listOf, timestamp } from '../common.ts';
import { endpoint, sessionOf } from '../http.ts';
import { messageType } from '../message-builder/model.ts';
import { enrolmentTrigger, friendPlan, type EnrolmentEndReason } from './api.ts';

/*
 * A friend's plans on the friend's page (issue 15, "Friend detail"): each enrolment as a timeline
 * of the boxes sent to the friend, the taps, where the friend waits and the next send; staff can
 * stop an enrolment. send_plan (plans/api.ts) starts one.
 */

export const FRIEND_PLAN_PAGE_SIZE = 20;

export const friendPlanListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(FRIEND_PLAN_PAGE_SIZE),
});
export type FriendPlanListQuery = z.input<typeof friendPlanListQuery>;

/** A send of a box: sent (handed to LINE), or skipped (due while the plan was paused, skipped on reactivation). */
export const FRIEND_PLAN_SEND_STATUSES = ['sent', 'skipped'] as const;

/** How LINE took a send for this friend (the delivery log): queued, sent or failed with the reason. */
export const DELIVERY_RECIPIENT_STATUSES = ['queued', 'sent', 'failed'] as const;

/** The option the friend tapped on a sent box. */
export const friendPlanTap = z.object({
  /** The option's label (null when the box or the option is no longer in the plan). */
  label: z.string().nullable(),
  /** The box the option leads to (null when it leads nowhere). */
  child_box_id: z.string().nullable(),
  tapped_at: timestamp,
});
export type FriendPlanTap = z.infer<typeof friendPlanTap>;

/** One box sent to the friend's enrolment. */
export const friendPlanSend = z.object({
  id: z.number().int(),
  box_id: z.string(),
  /** Which send of a repeat timing (1 otherwise). */
  occurrence: z.number().int(),
  /** The box's message type (null once the box is removed from the plan). */
  message_type: messageType.nullable(),
  /** The beginning of the box's text (its alt text for templates); null for an image or a sticker. */
  preview: z.string().nullable(),
  status: z.enum(FRIEND_PLAN_SEND_STATUSES),
  /** The delivery log's status for this friend (null for a skipped send). */
  delivery_status: z.enum(DELIVERY_RECIPIENT_STATUSES).nullable(),
  /** Why the delivery failed. */
  delivery_reason: z.string().nullable(),
  sent_at: timestamp,
  tap: friendPlanTap.nullable(),
});
export type FriendPlanSend = z.infer<typeof friendPlanSend>;

/** What a friend still in the plan waits for: a tap on the options of the current box, or the next send. */
export const FRIEND_PLAN_WAITS = ['tap', 'send'] as const;

/** An enrolment with its timeline. */
export const friendPlanTimeline = friendPlan.extend({
  trigger: enrolmentTrigger,
  /** Null once the enrolment has ended, or when nothing is left to wait for. */
  waiting_for: z.enum(FRIEND_PLAN_WAITS).nullable(),
  /** The box sent at next_action_at. */
  next_box_id: z.string().nullable(),
  /** The next box's message type and the beginning of its text (see the send's), to name it on screen. */
  next_box_message_type: messageType.nullable(),
  next_box_preview: z.string().nullable(),
  /** The boxes sent, oldest first. */
  sends: z.array(friendPlanSend),
});
export type FriendPlanTimeline = z.infer<typeof friendPlanTimeline>;

export const friendPlanParams = z.object({ id, enrolmentId: id });

/** Why an enrolment stopped by staff ended (its end_reason). */
export const STAFF_STOP_REASON: EnrolmentEndReason = 'stopped_by_staff';

const access = sessionOf('service');

export const friendPlansApi = {
  list: endpoint({
    method: 'GET',
    path: '/service/friends/:id/plans',
    summary: "The friend's enrolments in plans, newest first, each with its timeline (sends, taps, waiting, next send)",
    access,
    // The friend's page shows it, and it is the plans' content: both are needed.
    permission: {
      allOf: [
        { feature: 'friends', level: 'view' },
        { feature: 'plans', level: 'view' },
      ],
    },
    params: idParams,
    query: friendPlanListQuery,
    response: listOf(friendPlanTimeline),
  }),
  stop: endpoint({
    method: 'POST',
    path: '/service/friends/:id/plans/:enrolmentId/stop',
    summary: "Stop a friend's running or paused enrolment (409 once it has ended)",
    access,
    permission: { feature: 'plans', level: 'edit' },
    params: friendPlanParams,
    response: dataOf(friendPlanTimeline),
  }),
};
