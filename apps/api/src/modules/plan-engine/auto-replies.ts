import { pickAutoReply } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { enrol } from './enrol.ts';
import { loadPlan } from './load.ts';
import * as repo from './repository.ts';

/** A friend's text message answered by the most specific active auto-reply that matches it, if any. */
export async function handleIncomingText(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  friendId: number,
  webhookEventId: number,
): Promise<void> {
  const candidates = await repo.activeAutoReplies(on.tx, scope);
  if (candidates.length === 0) return;
  // The message's text and reply token are read only when an auto-reply may answer it.
  const message = await repo.incomingText(on.tx, scope, webhookEventId);
  if (!message) return;
  const { timeZone } = await repo.sendSettings(on.tx, scope);
  const chosen = pickAutoReply(
    candidates.map((row) => ({
      row,
      id: row.id,
      plan_type: row.planType,
      is_active: row.isActive,
      auto_keywords: row.autoKeywords,
      auto_keyword_match: row.autoKeywordMatch,
      auto_weekdays: row.autoWeekdays,
      auto_has_term: row.autoHasTerm,
      auto_term_start_at: row.autoTermStartAt?.toISOString() ?? null,
      auto_term_end_at: row.autoTermEndAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
    })),
    { text: message.text, now: ctx.clock.now(), timeZone },
  );
  if (!chosen) return;
  const plan = await loadPlan(on.tx, scope, chosen.plan.row);
  await enrol(ctx, on, plan, friendId, 'auto_reply', { replyToken: message.replyToken });
}
