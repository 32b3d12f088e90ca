import {
  allows,
  friendPlansApi,
  planAnalysisApi,
  plansApi,
  type ActivatePlanInput,
  type PlanDetail,
  type PlanListItem,
  type PlanListQuery,
  type PlanSettings,
  type PlanSettingsInput,
} from '@linq/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints, markEndpointsStale, queryClient } from '../../../app/api/queries.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { useSession } from '../../../app/session.ts';

/*
 * Server data of the plan screens (TanStack Query): the list, one plan, the broadcast forecast, and
 * the writes that change them.
 */

/** The list key starts with the endpoint path (invalidateEndpoints reaches it) and names the channel. */
const planListQuery = (channel: number, query: PlanListQuery) =>
  queryOptions({
    queryKey: [plansApi.list.path, { channel, ...query }],
    queryFn: ({ signal }) => call(plansApi.list, { query }, { lineAccountId: channel, signal }),
  });

/** One page of the channel's plans; nothing is fetched until a channel is chosen. */
export function usePlanList(query: PlanListQuery) {
  const channel = useSelectedChannelId();
  return useQuery({
    ...planListQuery(channel ?? 0, query),
    enabled: channel !== null,
    placeholderData: keepPreviousData,
  });
}

/** One plan as the editor opens it: always the server's latest (another tab may have saved it). */
export const planDetailQuery = (id: number) => ({
  ...endpointQuery(plansApi.get, { params: { id } }, { handles: [404] }),
  staleTime: 0,
});

/** A broadcast's forecast, read fresh each time it is shown. */
export const planForecastQuery = (id: number) => ({
  ...endpointQuery(plansApi.forecast, { params: { id } }),
  staleTime: 0,
});

/** The channel's plan settings (friend-added scenario, night window); the key names the channel. */
export function usePlanSettings() {
  const channel = useSelectedChannelId();
  return useQuery({
    queryKey: [plansApi.settings.path, { channel }],
    queryFn: ({ signal }) => call(plansApi.settings, {}, { lineAccountId: channel, signal }),
    enabled: channel !== null,
    staleTime: 0,
  });
}

/** Saves the night window; a refused one answers 422 with keyed errors the dialog shows. */
export async function savePlanSettings(input: PlanSettingsInput): Promise<PlanSettings> {
  const { data } = await call(plansApi.updateSettings, { body: input }, { handles: [422] });
  await invalidateEndpoints(plansApi.settings);
  return data;
}

/** One page of a plan's history, read fresh when shown (the engine writes it too). */
export const planHistoryQuery = (id: number, page: number) => ({
  ...endpointQuery(plansApi.history, { params: { id }, query: { page, limit: PLAN_HISTORY_PAGE_SIZE } }),
  staleTime: 0,
});
export const PLAN_HISTORY_PAGE_SIZE = 10;

/** Whether the user may create, edit, copy, delete and activate plans. */
export function useCanEditPlans(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'plans', level: 'edit' });
}

/**
 * What a send, a rehearsal or a friend's tap changes: the plans' enrolled and sent figures (the list),
 * their history and analysis, and the friends' plans.
 */
export const planCountEndpoints = [
  plansApi.list,
  plansApi.history,
  planAnalysisApi.list,
  planAnalysisApi.get,
  friendPlansApi.list,
] as const;

/** After a write: the lists reload and the editor of a changed plan reads it again. */
export async function plansChanged(): Promise<void> {
  await markEndpointsStale(plansApi.get, plansApi.forecast, plansApi.history);
  await invalidateEndpoints(plansApi.list);
}

export async function copyPlan(id: number): Promise<PlanDetail> {
  const copy = await call(plansApi.copy, { params: { id }, body: {} });
  await plansChanged();
  return copy;
}

/** Deletes a plan; while friends wait in it the server answers 409 (its message says how many) unless endWaiting. */
export async function removePlan(id: number, endWaiting: boolean): Promise<void> {
  await call(
    plansApi.remove,
    { params: { id }, query: { end_waiting: endWaiting ? 'true' : 'false' } },
    { handles: endWaiting ? [] : [409] },
  );
  await plansChanged();
}

export async function activatePlan(id: number, input: ActivatePlanInput): Promise<PlanListItem> {
  const { data } = await call(plansApi.activate, { params: { id }, body: input });
  await plansChanged();
  return data;
}

export async function deactivatePlan(id: number): Promise<PlanListItem> {
  const { data } = await call(plansApi.deactivate, { params: { id } });
  await plansChanged();
  return data;
}

/** The saved plan becomes what its editor reads, without a round trip. */
export function rememberPlan(detail: PlanDetail): void {
  if (detail.plan.id !== null) queryClient.setQueryData(planDetailQuery(detail.plan.id).queryKey, detail);
}
