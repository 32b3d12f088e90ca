import {
  allows,
  friendPlansApi,
  friendsApi,
  sendPlanApi,
  type FriendPlan,
  type FriendPlanTimeline,
} from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { useSession } from '../../../app/session.ts';
import { planCountEndpoints } from '../plans/usePlans.ts';
import { awaitsEngine } from './friend-plan-state.ts';

/*
 * Server data of a friend's plans (issue 15, friend detail): the enrolments with their timelines,
 * and the writes that change them (start a plan for the friend, stop an enrolment).
 */

/** While a send is due or waits for LINE's answer, the timeline asks again this often until it has moved on. */
const POLL_MS = 3_000;
/** One page of the friend's enrolments, newest first, read fresh (the engine moves them on its own). */
export const friendPlansQuery = (friendId: number, page: number) => ({
  ...endpointQuery(friendPlansApi.list, { params: { id: friendId }, query: { page } }),
  staleTime: 0,
  refetchInterval: (query: { state: { data?: { data: FriendPlanTimeline[] } | undefined } }) =>
    awaitsEngine(query.state.data?.data, Date.now()) ? POLL_MS : false,
});

/** Whether the user may see a friend's plans (the friend page needs the friends view already). */
export function useCanViewPlans(): boolean {
  const session = useSession('service');
  return session !== null && allows(session.permissions, { feature: 'plans', level: 'view' });
}

/** After a write: the friend's plans and the plan lists (their enrolled and sent figures) reload. */
async function friendPlansChanged(): Promise<void> {
  await invalidateEndpoints(...planCountEndpoints);
}

/** Starts a scenario for the friend, or sends a broadcast to the friend alone; answers the friend's plans. */
export async function sendPlanToFriend(friendId: number, planId: number): Promise<FriendPlan[]> {
  const { data } = await call(sendPlanApi.sendPlan, { params: { id: friendId }, body: { plan_id: planId } });
  // Entering a plan may tag or mark the friend: the friend page reads the friend again.
  await Promise.all([friendPlansChanged(), invalidateEndpoints(friendsApi.get)]);
  return data.friennd_plans;
}

export async function stopFriendPlan(friendId: number, enrolmentId: number): Promise<FriendPlanTimeline> {
  const { data } = await call(friendPlansApi.stop, { params: { id: friendId, enrolmentId } });
  await friendPlansChanged();
  return data;
}
