import { z } from 'zod';
import { dataOf } from './common.ts';
import { endpoint, sessionOf } from './http.ts';

export const friendsSummary = z.object({
  /** Everyone who ever followed the channel. */
  total: z.number().int(),
  following: z.number().int(),
  blocked: z.number().int(),
});
export type FriendsSummary = z.infer<typeof friendsSummary>;

export const friendsApi = {
  summary: endpoint({
    method: 'GET',
    path: '/service/friends/summary',
    summary: "The channel's friend counts (following, blocked)",
    access: sessionOf('service'),
    permission: { feature: 'friends', level: 'view' },
    response: dataOf(friendsSummary),
  }),
};
