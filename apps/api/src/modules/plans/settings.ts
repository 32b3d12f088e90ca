import { DEFAULT_NIGHT_WINDOW, type PlanSettings, type PlanSettingsInput, type PlanTriggerInfo } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { scenarioTriggers, triggerInfo } from './triggers.ts';

/** GET /service/plan_triggers: the scenario triggers there are, and what each names. */
export function triggers(ctx: AppContext): PlanTriggerInfo[] {
  return scenarioTriggers(ctx).map(triggerInfo);
}

/** The channel's plan settings: its friend-added scenario and its night window. */
export async function settings(ctx: AppContext, scope: ChannelRequest): Promise<PlanSettings> {
  const row = await repo.planSettings(ctx.database.db, scope);
  const enabled = row.nightStart !== null && row.nightEnd !== null;
  return {
    friend_added_plan: row.friendAddedPlan,
    night_window: {
      enabled,
      start: row.nightStart ?? DEFAULT_NIGHT_WINDOW.start,
      end: row.nightEnd ?? DEFAULT_NIGHT_WINDOW.end,
    },
  };
}

/** Sets the night window (validated by the contract: two different times of day); off clears it. */
export async function updateSettings(
  ctx: AppContext,
  scope: ChannelRequest,
  input: PlanSettingsInput,
): Promise<PlanSettings> {
  const window = input.night_window;
  await repo.setNightWindow(ctx.database.db, scope, window.enabled ? { start: window.start, end: window.end } : null);
  return settings(ctx, scope);
}
