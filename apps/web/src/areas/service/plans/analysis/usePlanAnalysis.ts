import { allows, planAnalysisApi, type PlanAnalysisQuery, type PlanListQuery } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../../app/api/queries.ts';
import { useSelectedChannelId } from '../../../../app/channels/channels.ts';
import { useSession } from '../../../../app/session.ts';

/*
 * Server data of the analysis screens: the plans with their headline figures, and one plan's
 * figures for a day range (the friends at a box read on demand, with the same endpoint).
 */

/** One page of the channel's plans with figures; the key names the channel (another channel, other plans). */
export function usePlanAnalysisList(query: PlanListQuery) {
  const channel = useSelectedChannelId();
  return useQuery({
    ...endpointQuery(planAnalysisApi.list, { query }),
    enabled: channel !== null,
    placeholderData: keepPreviousData,
  });
}

/** A plan's figures, always the server's latest when the screen opens. */
export const planAnalysisQuery = (id: number, query: PlanAnalysisQuery) => ({
  ...endpointQuery(planAnalysisApi.get, { params: { id }, query }, { handles: [404] }),
  staleTime: 0,
});

export function usePlanAnalysis(id: number, query: PlanAnalysisQuery, enabled = true) {
  return useQuery({ ...planAnalysisQuery(id, query), enabled: enabled && id > 0, placeholderData: keepPreviousData });
}

/** Whether the user may open the plan analysis. */
export function useCanAnalysePlans(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'plan_analysis', level: 'view' });
}
