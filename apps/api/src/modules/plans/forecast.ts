import { FIRST_BOX_ID, hasOptions, isEmptyMessage, type BroadcastForecast } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { estimatedSendSeconds, remainingQuota } from '../delivery/service.ts';
import { findOrFail } from './read.ts';
import { planAudience } from './target.ts';
import { countAudience } from '../audience/repository/read.ts';

export async function forecast(ctx: AppContext, scope: ChannelRequest, id: number): Promise<BroadcastForecast> {
  return forecastOf(ctx, scope, await findOrFail(ctx.database.db, scope, id));
}

/**
 * Recipients the target matches now; the messages a broadcast sends at once (box-0 and the boxes
 * that follow it immediately without an option to tap) against LINE's remaining monthly quota;
 * and how long LINE's rate limit makes the send take.
 */
export async function forecastOf(
  ctx: AppContext,
  scope: ChannelRequest,
  plan: repo.PlanRow,
): Promise<BroadcastForecast> {
  const db = ctx.database.db;
  const parts = await repo.partsOf(db, scope, plan);
  const recipients = await countAudience({ db, registries: ctx.registries }, scope, planAudience(plan));
  const messagesPerRecipient = messagesSentAtOnce(parts);
  const totalMessages = recipients * messagesPerRecipient;
  const quota = await remainingQuota(ctx, scope);
  return {
    recipients,
    messages_per_recipient: messagesPerRecipient,
    total_messages: totalMessages,
    quota_remaining: quota,
    exceeds_quota: quota !== null && totalMessages > quota,
    estimated_seconds: estimatedSendSeconds(recipients, messagesPerRecipient),
  };
}

/** box-0, then each single child reached by an immediate timing, until a box with options, a wait or an empty end. */
export function messagesSentAtOnce(parts: Pick<repo.PlanParts, 'actions' | 'timings'>): number {
  const byId = new Map(parts.actions.map((action) => [action.id, action]));
  let box = parts.actions.find((action) => action.boxId === FIRST_BOX_ID);
  let sent = 0;
  const seen = new Set<number>();
  while (box && !seen.has(box.id) && !isEmptyMessage(box.message)) {
    seen.add(box.id);
    sent += 1;
    if (hasOptions(box.messageType)) break;
    const from = box.id;
    const next = parts.timings.find((timing) => timing.planActionId === from);
    if (!next || next.timingType !== 'send_immediate') break;
    box = byId.get(next.nextPlanActionId);
  }
  return sent;
}
