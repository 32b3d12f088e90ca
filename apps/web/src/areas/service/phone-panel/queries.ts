import { friendsApi, simulatorApi } from '@linq/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../app/api/call.ts';

/*
 * Reads of the phone panel and the header's friend count. Keys start with the endpoint path (so
 * invalidateEndpoints reaches them) and name the channel; virtual friends change what these answer at
 * any moment, so all but the simulator's status are stale at once.
 */

/** Answers only for a channel bound to the simulator (404 otherwise: no panel, no message). */
export const simulatorStatusQuery = (lineAccountId: number) =>
  queryOptions({
    queryKey: [simulatorApi.status.path, { lineAccountId }],
    queryFn: ({ signal }) => call(simulatorApi.status, {}, { handles: 'all', lineAccountId, signal }),
  });

export const friendsSummaryQuery = (lineAccountId: number) =>
  queryOptions({
    queryKey: [friendsApi.summary.path, { lineAccountId }],
    queryFn: ({ signal }) => call(friendsApi.summary, {}, { handles: 'all', lineAccountId, signal }),
    staleTime: 0,
  });

export const virtualFriendsQuery = (lineAccountId: number) =>
  queryOptions({
    queryKey: [simulatorApi.friends.path, { lineAccountId }],
    queryFn: ({ signal }) => call(simulatorApi.friends, {}, { lineAccountId, signal }),
    staleTime: 0,
  });

export const conversationQuery = (lineAccountId: number, userId: string) =>
  queryOptions({
    queryKey: [simulatorApi.conversation.path, { lineAccountId, userId }],
    queryFn: ({ signal }) =>
      call(simulatorApi.conversation, { params: { userId } }, { handles: [404], lineAccountId, signal }),
    staleTime: 0,
  });

/** The rich menu LINE shows the friend (rules and tabs change it at any moment). */
export const virtualRichMenuQuery = (lineAccountId: number, userId: string) =>
  queryOptions({
    queryKey: [simulatorApi.richMenu.path, { lineAccountId, userId }],
    queryFn: ({ signal }) =>
      call(simulatorApi.richMenu, { params: { userId } }, { handles: [404], lineAccountId, signal }),
    staleTime: 0,
  });

/** The plan engine's (demo) clock: answers only where the time warp is allowed (409 otherwise: no bar). */
export const engineClockQuery = (lineAccountId: number) =>
  queryOptions({
    queryKey: [simulatorApi.clock.path, { lineAccountId }],
    queryFn: ({ signal }) => call(simulatorApi.clock, {}, { handles: 'all', lineAccountId, signal }),
    staleTime: 0,
  });

/** The virtual friend's latest rehearsal and its own time (null: none). */
export const rehearsalQuery = (lineAccountId: number, userId: string) =>
  queryOptions({
    queryKey: [simulatorApi.rehearsalOf.path, { lineAccountId, userId }],
    queryFn: ({ signal }) =>
      call(simulatorApi.rehearsalOf, { params: { userId } }, { handles: 'all', lineAccountId, signal }),
    staleTime: 0,
  });
