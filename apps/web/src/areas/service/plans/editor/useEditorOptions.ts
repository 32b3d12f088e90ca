import {
  friendsApi,
  marksApi,
  plansApi,
  tagsApi,
  triggerRefItems,
  type PlanLabelRef,
  type PlanNamedRef,
  type PlanTriggerInfo,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { endpointQuery, channelPathQuery } from '../../../../app/api/queries.ts';

/*
 * What the editor's pickers offer: the channel's tags, marks and other plans, and friends found by
 * name. All read through TanStack Query (the 60-second cache shares them with other screens).
 */

const ALL = 1000;

export function useTagOptions(): PlanLabelRef[] {
  const tags = useQuery(endpointQuery(tagsApi.list, { query: { page: 1, limit: ALL } }));
  return useMemo(() => (tags.data?.data ?? []).map(({ id, name }) => ({ id, name })), [tags.data]);
}

export function useMarkOptions(): PlanLabelRef[] {
  const marks = useQuery(endpointQuery(marksApi.list, { query: { page: 1, limit: ALL } }));
  return useMemo(() => (marks.data?.data ?? []).map(({ id, name }) => ({ id, name })), [marks.data]);
}

/** The channel's scenarios other than `planId` (a plan or a box may start one). */
export function useScenarioOptions(planId: number | null): PlanNamedRef[] {
  const plans = useQuery(endpointQuery(plansApi.list, { query: { plan_type: 'scenario', page: 1, limit: 100 } }));
  return useMemo(
    () => (plans.data?.data ?? []).filter((plan) => plan.id !== planId).map(({ id, name }) => ({ id, name })),
    [plans.data, planId],
  );
}

/** Friends whose name contains `name` (the first page), for specified-friend targets. */
export function useFriendSearch(name: string) {
  const friends = useQuery(endpointQuery(friendsApi.list, { query: { name: name || undefined, page: 1, limit: 20 } }));
  return useMemo(
    () => (friends.data?.data ?? []).map(({ id, display_name }) => ({ id, display_name })),
    [friends.data],
  );
}

/** The scenario triggers there are (the built-in ones and those modules register); undefined while loading. */
export function useTriggerOptions(): PlanTriggerInfo[] | undefined {
  return useQuery(endpointQuery(plansApi.triggers, {})).data?.data;
}

/** The channel's items a trigger may name (its `ref.list_path`: tags, and the forms or routes of later modules). */
export function useRefOptions(listPath: string | null): PlanNamedRef[] {
  const items = useQuery({
    ...channelPathQuery(listPath ?? '', { page: 1, limit: ALL }, triggerRefItems),
    enabled: listPath !== null,
  });
  return useMemo(() => (items.data?.data ?? []).map(({ id, name }) => ({ id, name })), [items.data]);
}
