import {
  allows,
  inflowsApi,
  plansApi,
  type InflowAttribution,
  type InflowInput,
  type InflowListQuery,
  type InflowRoute,
} from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import { useSession } from '../../../app/session.ts';
import { useAccountTimeZone } from '../plans/useAccountTimeZone.ts';
import { chosenRange, lastDays, type DateRange } from './date-range.ts';

/*
 * Server data of the inflow-route screens (TanStack Query, keyed by the tab's channel): the list with
 * its figures, one route, its history, friends and charts, and the writes that change them.
 */

export function useCanEditInflows(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'inflows', level: 'edit' });
}

/** The range of the screen: what it shows, what its requests ask for, and how to change it. */
export interface ScreenRange {
  /** The address's range, or the last 30 days in the account's time zone. */
  shown: DateRange;
  /**
   * What requests and links carry: the address's range, or nothing, so that the server counts the
   * last 30 days by its own clock (the demo's clock may run ahead of the browser's).
   */
  sent: Partial<DateRange>;
  change: (range: DateRange | null) => void;
}

export function useDateRange(): ScreenRange {
  const [params, setParams] = useSearchParams();
  const timeZone = useAccountTimeZone();
  const chosen = chosenRange(params);
  const change = (next: DateRange | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('page');
        if (next) {
          updated.set('from', next.from);
          updated.set('to', next.to);
        } else {
          updated.delete('from');
          updated.delete('to');
        }
        return updated;
      },
      { replace: true },
    );
  return { shown: chosen ?? lastDays(new Date(), timeZone), sent: chosen ?? {}, change };
}

/** Whether the channel's LINE Login lets its routes attribute friends (the setup check); null until read. */
export function useChannelAttribution(): InflowAttribution | null {
  const channel = useSelectedChannelId();
  const status = useQuery({ ...endpointQuery(inflowsApi.status, {}), enabled: channel !== null, staleTime: 0 });
  return status.data?.data.attribution ?? null;
}

/** One page of the channel's routes with their figures; nothing is fetched until a channel is chosen. */
export function useInflowList(query: InflowListQuery) {
  const channel = useSelectedChannelId();
  return useQuery({
    ...endpointQuery(inflowsApi.list, { query }),
    enabled: channel !== null,
    placeholderData: keepPreviousData,
  });
}

export const inflowQuery = (id: number, range: Partial<DateRange>) => ({
  ...endpointQuery(inflowsApi.get, { params: { id }, query: range }, { handles: [404] }),
  staleTime: 0,
  // Another range keeps the page (and any edits in its form) while the figures reload.
  placeholderData: keepPreviousData,
});

export const historyQuery = (id: number) => ({
  ...endpointQuery(inflowsApi.history, { params: { id } }),
  staleTime: 0,
});

export const inflowFriendsQuery = (id: number, page: number, limit: number) => ({
  ...endpointQuery(inflowsApi.friends, { params: { id }, query: { page, limit } }),
  placeholderData: keepPreviousData,
});

export const chartQuery = (id: number, range: Partial<DateRange>) => ({
  ...endpointQuery(inflowsApi.chart, { params: { id }, query: range }, { handles: [404] }),
  placeholderData: keepPreviousData,
});

export const profileChartQuery = (id: number, range: Partial<DateRange>) => ({
  ...endpointQuery(inflowsApi.profileChart, { params: { id }, query: range }, { handles: [404] }),
  placeholderData: keepPreviousData,
});

export const friendInflowsQuery = (friendId: number) => ({
  ...endpointQuery(inflowsApi.ofFriend, { params: { friend_id: friendId } }),
  staleTime: 0,
});

/** After a write: every inflow read reloads (lists, the route, its history and charts, friends' sections). */
export function inflowsChanged(): Promise<void> {
  return invalidateEndpoints(
    inflowsApi.status,
    inflowsApi.list,
    inflowsApi.get,
    inflowsApi.history,
    inflowsApi.friends,
    inflowsApi.chart,
    inflowsApi.profileChart,
    inflowsApi.ofFriend,
  );
}

/** Creates or saves a route; a refused one rejects with the ApiError (422 goes onto the form). */
export async function saveInflow(id: number | null, input: InflowInput): Promise<InflowRoute> {
  const { data } =
    id === null
      ? await call(inflowsApi.create, { body: input }, { handles: [422] })
      : await call(inflowsApi.update, { params: { id }, body: input }, { handles: [422] });
  await inflowsChanged();
  return data;
}

export async function copyInflow(id: number): Promise<InflowRoute> {
  const { data } = await call(inflowsApi.copy, { params: { id }, body: {} });
  await inflowsChanged();
  return data;
}

export async function removeInflow(id: number): Promise<void> {
  await call(inflowsApi.remove, { params: { id } });
  await inflowsChanged();
}

/** The channel's scenarios, which a route may start for the friend it attributes. */
export function useScenarioOptions(): { id: number; name: string }[] {
  const plans = useQuery(endpointQuery(plansApi.list, { query: { page: 1, limit: 100, plan_type: 'scenario' } }));
  return useMemo(() => (plans.data?.data ?? []).map(({ id, name }) => ({ id, name })), [plans.data]);
}
