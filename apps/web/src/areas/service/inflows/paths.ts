import type { DateRange } from './date-range.ts';

export const INFLOWS_PATH = '/service/inflows';
export const inflowPath = (id: number) => `${INFLOWS_PATH}/${id}`;
/** The charts keep the range the staff was looking at. */
const rangeQuery = (range: Partial<DateRange> = {}) =>
  range.from && range.to ? `?from=${range.from}&to=${range.to}` : '';
export const inflowChartPath = (id: number, range?: Partial<DateRange>) =>
  `${inflowPath(id)}/Chart${rangeQuery(range)}`;
export const inflowProfileChartPath = (id: number, range?: Partial<DateRange>) =>
  `${inflowPath(id)}/Chart/ProfileChart${rangeQuery(range)}`;
export const friendPath = (friendId: number) => `/service/friends/${friendId}`;
/** The friend list filtered to the route's friends. */
export const inflowFriendsListPath = (id: number) => `/service/friends?inflow_route_ids[]=${id}`;
