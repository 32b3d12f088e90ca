import { inflowsApi } from '@linq/contract';
import { planTrigger } from '../plan-engine/registries.ts';
import { addsFriend } from './attribution.ts';
import { liveRouteIds } from './repository.ts';

/** Scenarios started when a friend is added through their route (an unblock or a revisit starts none). */
export const inflowAttributedTrigger = planTrigger({
  kind: 'inflow_attributed',
  event: 'inflow.attributed',
  ref: {
    listPath: inflowsApi.list.path,
    requiredMessage: '開始のきっかけにする流入経路を選んでください',
    foreignMessage: 'このチャネルの流入経路ではありません',
    ownIds: (db, scope, ids) => liveRouteIds(db, scope, ids),
  },
  fired: (event) =>
    addsFriend(event.kind)
      ? { lineAccountId: event.lineAccountId, friendIds: [event.friendId], refId: event.routeId }
      : null,
});
